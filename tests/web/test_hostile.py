"""Hostile content is inert: every naughty string placed in content renders as text in every locale.

Corpus: ../shared/corpora/naughty-strings/blns.json (MIT).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import BLNS, build_tree, naughty_strings, project_locales
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.site.build import build
from rulings.site.render import visible

from .conftest import REPO
from .test_html import Doc, parse

STRINGS = [s for s in naughty_strings() if s.strip()]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("hostile")
    rulings = [Ruling(f"demo/ruling/n{i}", "en", [Provenance("doc", (1, 1))], question=Text("en", s),
                      answer=Text("en", f"Answer {i}: {s}"), about=["demo/card/sword"])
               for i, s in enumerate(STRINGS)]
    content = build_tree(tmp, rulings=rulings)
    out = tmp / "site"
    build(REPO, out, content_dir=content, work=tmp / "build", log=lambda *_: None)
    return out


def squash(s: str) -> str:
    return "".join(s.split())


@pytest.mark.skipif(not BLNS.exists(), reason="naughty strings corpus not present")
def test_naughty_strings_render_as_text(hostile_site):
    assert len(STRINGS) > 400
    baseline: Doc = parse(hostile_site / "en" / "demo" / "glossary" / "index.html")
    for loc in project_locales():  # build_tree's locales
        doc = parse(hostile_site / loc / "demo" / "card" / "sword" / "index.html")
        text = squash("".join(doc.text))
        # control characters are shown as control pictures (␁): the only change, and a visible one
        missing = [s for i, s in enumerate(STRINGS) if squash(visible(f"Answer {i}: {s}")) not in text]
        assert missing == [], missing[:5]
        # nothing became markup: no extra scripts, no event handlers, no frames, no foreign tags
        assert doc.scripts == baseline.scripts
        html = (hostile_site / loc / "demo" / "card" / "sword" / "index.html").read_text(encoding="utf-8")
        assert "<script>alert" not in html.lower() and "<iframe" not in html.lower()
        assert "javascript:alert" not in "".join(url for _, _, url in doc.links)


@pytest.mark.skipif(not BLNS.exists(), reason="naughty strings corpus not present")
def test_no_event_handler_attributes_anywhere(hostile_site):
    from html.parser import HTMLParser

    class Attrs(HTMLParser):
        def __init__(self):
            super().__init__()
            self.bad = []

        def handle_starttag(self, tag, attrs):
            self.bad += [(tag, k) for k, _ in attrs if k.lower().startswith("on")]

    for page in hostile_site.rglob("*.html"):
        p = Attrs()
        p.feed(page.read_text(encoding="utf-8"))
        assert p.bad == [], (page, p.bad[:5])


def _nested(depth: int) -> list:
    from rulings.model.entries import ListItem

    item = ListItem(Text("en", f"level {depth} <b>deep</b>"))
    for d in range(depth - 1, 0, -1):
        item = ListItem(Text("en", f"level {d}"), [item])
    return [item]


def test_hostile_content_at_scale_builds_and_is_inert(tmp_path):
    """Every naughty string, a 200 KB text, lists nested 25 deep, and 3,000 cross-references."""
    from rulings.model.entries import ListBlock, Section

    n = 1500
    long_text = ("<script>alert('x')</script> " + "word " * 40_000).strip()
    rulings = [Ruling(f"demo/ruling/r{i}", "en", [Provenance("doc", (1, 1))],
                      question=Text("en", STRINGS[i % len(STRINGS)] if STRINGS else f"q{i}"),
                      answer=Text("en", long_text if i == 0 else f"See the Sword. {i}"),
                      about=["demo/card/sword"], related=[f"demo/ruling/r{(i + 1) % n}", f"demo/ruling/r{(i + 7) % n}"])
               for i in range(n)]
    content = build_tree(tmp_path, rulings=rulings)
    section = Section("demo/section/deep", "en", [Provenance("doc", (1, 1))], title=Text("en", "Deep <i>lists</i>"),
                      blocks=[ListBlock(_nested(25))])
    from conftest import write
    from rulings.content.codec import entries_file_to_data

    write(content / "demo" / "sections.yml", entries_file_to_data("sections", "demo", [section]), tmp_path / "schemas")
    out = tmp_path / "site"
    build(REPO, out, content_dir=content, work=tmp_path / "build", locales=["en"], log=lambda *_: None)
    page = out / "en" / "demo" / "card" / "sword" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert "<script>alert" not in html and "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
    doc = parse(page)
    assert sum(1 for _t, _a, url in doc.links if "#ruling-r" in url) >= 2 * n  # the cross-references are links
    deep = (out / "en" / "demo" / "rules" / "deep" / "index.html").read_text(encoding="utf-8")
    assert deep.count("<ul>") >= 25 and "&lt;b&gt;deep&lt;/b&gt;" in deep and "<b>deep" not in deep
