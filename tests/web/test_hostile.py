"""Hostile content at scale is inert: every naughty string, a 200 KB text, deep lists and many
cross-references build into text and links. (Every naughty string rendered as text in every locale, and
opened in Chromium: test_security_site.py, on its hostile site.)

Corpus: ../shared/corpora/naughty-strings/blns.json (MIT).
"""

from __future__ import annotations

from conftest import build_tree, naughty_strings
from rulings.build.site_build import build
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text

from .conftest import REPO
from .test_html import parse

STRINGS = [s for s in naughty_strings() if s.strip()]


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
