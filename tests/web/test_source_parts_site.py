"""A long kept original on the built site, in parts: every part a page under the bound with its lines'
anchors, the first at the original's old address with the index of parts; every provenance link reaches
its line on the part that shows it; breadcrumbs, previous and next, the download and the language switch
work on every part; an old one-page link (``…/sources/doc/#L<n>``) reaches the right part in Chromium,
online and from file://. Built from a small tree whose original is long (tests/conftest.py build_tree)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import REPO, build_tree, paragraphs, project_locales, with_original
from rulings.build.site_build import build
from rulings.content import originals
from rulings.content.tree import read
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages.source import LINES, NEXT, PREVIOUS
from rulings.site.source_parts import BOUND, SourceParts

from . import test_pages_placed as placed
from .conftest import reset, serving
from .test_html import _target, parse

LOCALES = project_locales()
PAIR = [LOCALES[0], next((loc for loc in LOCALES if loc != LOCALES[0]), LOCALES[0])]
"""Two locales: enough for the language switch, half the mkdocs runs of all of them."""
LONG = paragraphs(700)
TEXT = "\n".join(LONG) + "\n"
DOC = "demo/sources/doc.txt"
PAGE = P.source_page("demo", "sources/doc.txt")


def cited_rulings() -> list[Ruling]:
    """Rulings citing paragraphs all through the original (each its whole paragraph), and single lines."""
    starts = [i + 1 for i, line in enumerate(LONG) if line and (i == 0 or not LONG[i - 1])]
    out = []
    for k, first in enumerate(starts[::23]):
        last = first
        while last < len(LONG) and LONG[last]:
            last += 1
        lines = (first, last) if k % 2 else (last, last)
        out.append(Ruling(f"demo/ruling/cited-{k}", "en", [Provenance("doc", lines)],
                          question=Text("en", f"Question {k}?"), answer=Text("en", f"Answer {k}."),
                          about=["demo/card/sword"]))
    return out


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    return with_original(build_tree(tmp_path_factory.mktemp("parts"), rulings=cited_rulings()), TEXT)


@pytest.fixture(scope="module")
def parts(tree) -> SourceParts:
    return build_model(read(tree)).games["demo"].sources["doc"]


@pytest.fixture(scope="module")
def online(tree) -> Path:
    out = tree.parent / "online"
    build(REPO, out, content_dir=tree, work=tree.parent / "work-online", locales=PAIR, log=lambda *_: None)
    return out


@pytest.fixture(scope="module")
def offline(tree) -> Path:
    out = tree.parent / "offline"
    build(REPO, out, content_dir=tree, work=tree.parent / "work-offline", locales=PAIR, offline=True,
          log=lambda *_: None)
    return out


def page_file(site: Path, locale: str, md: str, dir_urls: bool = True) -> Path:
    return placed.html_of(site / locale, md, dir_urls)


def part_file(site: Path, locale: str, i: int, dir_urls: bool = True) -> Path:
    return page_file(site, locale, P.source_part_page("demo", "sources/doc.txt", i), dir_urls)


def test_a_long_original_is_shown_in_parts_cut_at_blank_lines_each_under_the_bound(online, parts):
    assert len(parts.parts) >= 4  # the original is long enough to need parts
    for loc in PAIR:
        shown: list[int] = []
        for i, p in enumerate(parts.parts):
            path = part_file(online, loc, i)
            html = path.read_text(encoding="utf-8")
            lines = [int(n) for n in re.findall(r'<span class="rl-line" id="L(\d+)">', html)]
            assert lines == list(range(p.first, p.last + 1)), (loc, i)
            shown += lines
            source = re.search(r'<div class="rl-source".*?</div>', html, re.S)
            assert source and len(source.group().encode()) <= BOUND * 1.05, (loc, i)  # the cited ranges' marks
            assert len(html.encode()) < 200_000, (loc, i, len(html))
            if i:  # each part starts a paragraph, after a blank line
                assert LONG[p.first - 2] == "" and LONG[p.first - 1] != "", p
        assert shown == list(range(1, len(originals.lines(TEXT)) + 1))  # every line, once


@pytest.mark.parametrize("site, dir_urls", [("online", True), ("offline", False)])
def test_every_provenance_link_reaches_its_line_on_the_part_that_shows_it(request, site, dir_urls, parts):
    root = request.getfixturevalue(site)
    rulings = cited_rulings()
    for loc in PAIR:
        checked, broken = placed.source_line_targets(root / loc, dir_urls)
        assert checked >= len(rulings) and broken == [], broken[:5]
    page = page_file(root, PAIR[0], "demo/card/sword.md", dir_urls).resolve()
    card = parse(page)
    reached = set()
    for _tag, _attr, url in card.links:
        if "#L" in url:
            path, frag = _target(root / PAIR[0], page, url)
            line = int(frag.split("-")[0][1:])
            i = parts.index_of(line)
            assert path.resolve() == part_file(root, PAIR[0], i, dir_urls).resolve(), (url, i)
            reached.add(i)
    assert len(reached) >= len(parts.parts) - 1  # the citations reach (nearly) every part


def test_every_link_of_every_part_resolves_to_a_page_and_anchor(online, offline):
    for root in (online, offline):
        for loc in PAIR:
            broken = []
            for path in (root / loc / "demo" / "sources").rglob("*.html"):
                for _tag, _attr, url in parse(path).links:
                    t = _target(root / loc, path.resolve(), url)
                    if t is None:
                        continue
                    target, frag = t
                    if not target.exists():
                        broken.append((path, url))
                    elif frag and target.suffix == ".html" and frag not in parse(target).ids:
                        broken.append((path, url, "anchor"))
            assert broken == [], broken[:5]


def test_the_first_part_at_the_old_address_lists_the_parts_and_each_part_leads_on(online, parts):
    for loc in PAIR:
        ui = UI.load(REPO / "locales", loc)
        first = part_file(online, loc, 0)
        assert first == page_file(online, loc, PAGE)  # the one-page original's address
        html = first.read_text(encoding="utf-8")
        index = re.search(r'<ol data-rl-parts="([0-9 ]+)">(.*?)</ol>', html)
        assert index and index.group(1).split() == [str(p.first) for p in parts.parts]
        for p in parts.parts:
            assert ui.t(LINES, first=p.first, last=p.last) in index.group(2)
        hrefs = re.findall(r'<a href="([^"]+)">', index.group(2))
        assert [(first.parent / unquote(h) / "index.html").resolve() for h in hrefs] == \
            [part_file(online, loc, i).resolve() for i in range(1, len(parts.parts))]
        for i in range(len(parts.parts)):
            path = part_file(online, loc, i)
            page = placed.parse(path)
            text = path.read_text(encoding="utf-8")
            # breadcrumbs: the game, then the original (its first part) with this part's lines after it
            targets = [(path.parent / unquote(h) / "index.html").resolve() for h in page.crumb_links]
            assert targets[0] == page_file(online, loc, P.game_page("demo")).resolve()
            assert targets[1:] == ([first.resolve()] if i else [])
            assert page.crumbs[-1] == (ui.t(LINES, first=parts.parts[i].first, last=parts.parts[i].last) if i
                                       else page.h1)
            # previous and next, below the lines
            for n, rel, label in ((i - 1, "prev", PREVIOUS), (i + 1, "next", NEXT)):
                link = re.search(rf'rel="{rel}" href="([^"]+)">{re.escape(ui.label(label))}', text)
                assert bool(link) == (0 <= n < len(parts.parts)), (i, rel)
                if link:
                    assert (path.parent / unquote(link.group(1)) / "index.html").resolve() == \
                        part_file(online, loc, n).resolve()
            # the original, whole, to download
            raw = next(u for u in page.links if u.endswith("doc.txt"))
            assert (path.parent / unquote(raw)).resolve().read_bytes() == TEXT.encode()
            # the language switch leads to the same part in the other locale
            for other in PAIR:
                switch = re.search(rf'<a href="([^"]+)" hreflang="{other}"', text)
                assert switch, (loc, i, other)
                to = urlsplit(switch.group(1)).path
                assert (path.parent / unquote(to) / "index.html").resolve() == part_file(online, other, i).resolve()


def test_parts_stay_out_of_the_search_index_as_one_page_originals_do(online):
    for loc in PAIR:
        index = "".join(p.read_text(encoding="utf-8") for p in (online / loc / "search").rglob("*.js"))
        assert "sources/doc" not in index and "demo/card/sword" in index


def test_a_short_original_stays_one_page_without_an_index(tmp_path):
    content = build_tree(tmp_path)
    site = tmp_path / "site"
    build(REPO, site, content_dir=content, work=tmp_path / "work", locales=PAIR[:1], log=lambda *_: None)
    folder = site / PAIR[0] / P.url_of(PAGE, True)
    assert sorted(p.name for p in folder.iterdir()) == ["index.html"]
    html = (folder / "index.html").read_text(encoding="utf-8")
    assert "data-rl-parts" not in html and 'rel="next"' not in html
    assert re.findall(r'<span class="rl-line" id="L(\d+)">', html) == ["1", "2", "3", "4"]


def old_link_lands_on(pg, url: str, line: int) -> str:
    """Open an old one-page link to ``line``; the page it settles on (its path), the line in view and marked."""
    pg.goto(url)
    pg.wait_for_function(f"document.getElementById('L{line}') !== null")
    pg.wait_for_load_state("load")
    assert pg.evaluate("location.hash") == f"#L{line}"
    box = pg.locator(f"#L{line}").bounding_box()
    assert box and 0 <= box["y"] < pg.viewport_size["height"], box
    return pg.evaluate("location.pathname")


def test_an_old_one_page_link_reaches_the_right_part_online(desk, online, parts):
    pg = reset(desk)
    served = serving(online)
    base = next(served)
    try:
        for i in (1, len(parts.parts) - 1):
            line = parts.parts[i].first + 2
            path = old_link_lands_on(pg, f"{base}/{PAIR[0]}/{P.url_of(PAGE, True)}#L{line}", line)
            assert path == f"/{PAIR[0]}/{P.url_of(P.source_part_page('demo', 'sources/doc.txt', i), True)}"
        # a line of the first part stays there; a range reaches its first line's part
        first = parts.parts[0].last
        assert old_link_lands_on(pg, f"{base}/{PAIR[0]}/{P.url_of(PAGE, True)}#L{first}", first) == \
            f"/{PAIR[0]}/{P.url_of(PAGE, True)}"
        line = parts.parts[2].first
        pg.goto(f"{base}/{PAIR[0]}/{P.url_of(PAGE, True)}#L{line}-L{line + 1}")
        pg.wait_for_function(f"document.getElementById('L{line}') !== null")
        assert pg.evaluate("location.hash") == f"#L{line}-L{line + 1}"
        assert pg.locator(f"#L{line}.rl-hl").count() == 1  # highlighted by source-lines.js
    finally:
        next(served, None)


def test_an_old_one_page_link_reaches_the_right_part_from_file(desk, offline, parts):
    pg = reset(desk)
    old = (offline / PAIR[0] / P.url_of(PAGE, False)).resolve().as_uri()
    i = len(parts.parts) // 2
    line = parts.parts[i].last
    path = old_link_lands_on(pg, f"{old}#L{line}", line)
    assert path == part_file(offline, PAIR[0], i, False).resolve().as_uri().removeprefix("file://")
    assert not [u for u in pg.requests if not u.startswith(("file:", "data:", "about:"))]
