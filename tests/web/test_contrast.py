"""Colour in the pages a reader reads, by axe in Chromium: links in text tell themselves apart without colour
(``link-in-text-block``) and every text keeps its contrast (``color-contrast``), on a card, a hero, a topic, a
glossary, the home page and the search's results for a typed query (at rest and focused by the arrow keys), in
every locale of content/project.yml, in the light scheme and the dark one (Material's "slate", as a reader whose
system prefers dark gets it).

Each kind's page is the one of the repository's content with the most links in its paragraphs: the pages
where a link that only colour marks would be hardest to spot."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from conftest import project_locales, repo_model
from rulings.model.entries import Entity, EntityType
from rulings.site import paths as P
from rulings.translation.display import shown_text

from .conftest import reset
from .test_browser import search, server  # noqa: F401 - fixture
from .test_reader_browser import axe, axe_js, url  # noqa: F401 - fixture

pytestmark = pytest.mark.browser

LOCALES = project_locales()
RULES = ("link-in-text-block", "color-contrast")
SCHEMES = {"light": "default", "dark": "slate"}
"""The system preference a reader has, and the Material scheme the site then shows."""
KINDS = (EntityType.CARD, EntityType.HERO, EntityType.TOPIC)
FOCUSED = 4
"""Results focused one after the other with the arrow keys: a result's link and an "N more on this page"
among them, where the first result's page has more."""
FOCUSED_TAG = "(e => e.closest('.md-search-result') ? e.tagName.toLowerCase() : '')(document.activeElement)"
LINKS_IN_TEXT = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)


def links_in_text(site: Path, md: str) -> int:
    """How many links the page's paragraphs hold (in the default locale's build: paths are the same in all)."""
    page = site / repo_model().content.project.default_locale / P.url_of(md, True) / "index.html"
    if not page.exists():  # an entity shown on its parent's page
        return -1
    return sum(p.count("<a ") for p in LINKS_IN_TEXT.findall(page.read_text(encoding="utf-8")))


@cache
def pages(site: Path) -> dict[str, str]:
    """Each kind's page (Markdown path) with the most links in text: an entity page per kind the content has,
    a glossary, the home page."""
    model = repo_model()
    out: dict[str, str] = {}
    for kind in KINDS:
        shown = [e for gd in model.games.values() for e in gd.entities if e.type is kind]
        if shown:
            best = max(shown, key=lambda e: (links_in_text(site, P.entity_page(e)), e.id))
            out[kind.value] = P.entity_page(best)
    glossaries = [P.glossary_page(g) for g, gd in model.games.items() if gd.terms]
    if glossaries:
        out["glossary"] = max(glossaries, key=lambda md: (links_in_text(site, md), md))
    out["home"] = "index.md"
    return out


def most_named() -> Entity:
    """The entity (a card, a hero…) that the most entries name: a search for it shows many results with texts."""
    model = repo_model()
    _count, eid = max((len(named), eid) for gd in model.games.values() for eid, named in gd.mentioned_in.items())
    found = model.by_id[eid]
    assert isinstance(found, Entity)
    return found


def problems(result: dict) -> list[tuple[str, str, str]]:
    """axe's violations as (rule, element, why): what a failing test shows."""
    return [(v["id"], " ".join(map(str, n["target"])), n["failureSummary"].replace("\n", " ")[:220])
            for v in result["violations"] for n in v["nodes"]]


def checked(result: dict, rule: str) -> int:
    """How many elements axe checked against ``rule`` (passed or not): a page where it found nothing to check
    tests nothing."""
    return sum(len(r["nodes"]) for r in result["passes"] + result["violations"] if r["id"] == rule)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_links_in_text_and_text_colours_pass_axe(desk, server, built_site, axe_js, locale, scheme):  # noqa: F811
    pg = reset(desk)
    pg.emulate_media(color_scheme=scheme)
    found: dict[str, list] = {}
    for kind, md in pages(built_site).items():
        pg.goto(url(server, locale, md))
        assert pg.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
        result = axe(pg, axe_js, RULES)
        if kind != "home":
            assert checked(result, "link-in-text-block"), (kind, md, "no link in text to check")
        found[kind] = problems(result)
    # the search's results (highlighted words, rulings' texts), typed on the home page
    pg.goto(url(server, locale, "index.md"))
    search(pg, shown_text(most_named().name, locale), key_by_key=False)
    assert pg.locator(".md-search-result mark").count(), "no highlighted word in the results to check"
    result = axe(pg, axe_js, RULES, within=".md-search-result")
    assert checked(result, "color-contrast"), "axe checked no text in the results"
    found["search results"] = problems(result)
    for n in range(1, FOCUSED + 1):  # each item as the arrow keys focus it, on Material's focus tint
        pg.keyboard.press("ArrowDown")
        focused = pg.evaluate(FOCUSED_TAG)
        assert focused, f"ArrowDown {n} left the results"
        result = axe(pg, axe_js, RULES, within=".md-search-result")
        found[f"search results, {focused} {n} focused"] = problems(result)
    assert {k: v for k, v in found.items() if v} == {}, (locale, scheme)
