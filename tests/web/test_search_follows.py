"""The search follows the reader, in Chromium on the real site, online and from file://, in every locale: text
put in the box without a key (a long-press Paste, dictation) searches as typing does, and on a game's pages
that game's results rank first (the others after them, the game filter still at "all games")."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from conftest import project_locales
from rulings.model.terms import HAN

from .conftest import shared_page
from .search_files import search_files
from .test_browser import FINAL, browser, playwright, server, type_query  # noqa: F401 - fixtures

LOCALES = project_locales()
QUERIES = yaml.safe_load((Path(__file__).with_name("search_queries.yml")).read_text(encoding="utf-8"))
RESULT_LINKS = "[...document.querySelectorAll('.md-search-result__item > a:first-child')].map(a => a.href)"


@pytest.fixture(scope="module", params=["http", "file"])
def home(request, server) -> Callable[[str, str], str]:  # noqa: F811
    """(locale, page path under the locale's home, '' for the home) → its URL, over http or from file://."""
    if request.param == "http":
        return lambda loc, path="": f"{server}/{loc}/{path}"
    unzipped = request.getfixturevalue("unzipped")
    return lambda loc, path="": (unzipped / loc / (f"{path}index.html" if path else "index.html")).as_uri()


@pytest.fixture(scope="module")
def pg(browser) -> Iterator[playwright.Page]:  # noqa: F811
    with shared_page(browser) as p:
        yield p


def results(pg) -> list[str]:
    """The result links once the worker marks them final (a fresh page: no earlier query's mark)."""
    pg.evaluate(FINAL)
    return pg.evaluate(RESULT_LINKS)


def path_of(href: str, locale: str) -> str:
    """A result's page path under the locale's home, without suffix (``sorcery/card/x``)."""
    path = unquote(urlsplit(href).path)
    return path.split(f"/{locale}/", 1)[1].removesuffix("index.html").removesuffix(".html").rstrip("/")


def corpus_case(han: bool) -> dict:
    """A query of the corpus (search_queries.yml) without a filter, in Chinese or not."""
    return next(q for q in QUERIES if ":" not in q["query"] and bool(HAN.search(q["query"])) == han)


@pytest.mark.parametrize("how", ["paste", "dictation"])
@pytest.mark.parametrize("locale", LOCALES)
def test_text_put_in_the_box_without_a_key_searches(pg, home, locale, how):
    """A paste (the box's value set at once: an ``input`` event, no key) and dictation or an input method's
    commit (text inserted without keys) show the same first result as typing."""
    case = corpus_case(han=how == "dictation")
    pg.goto(home(locale))
    box = pg.locator("input.md-search__input")
    box.click()  # opens the search; no key pressed from here on
    if how == "paste":
        box.fill(case["query"])
    else:
        pg.keyboard.insert_text(case["query"])
    found = results(pg)
    assert [path_of(h, locale) for h in found[:1]] == [case["first"]], found[:5]


SHOWN_AT_ONCE = 10
"""Pages Material shows of a result before the list is scrolled."""


@functools.cache
def spanning_word(site: Path, locale: str) -> tuple[str, dict[str, int]]:
    """A word of the locale's index found in several games' documents, and how many documents of each game
    have it: in three games or more, one of which has few of them (its results and others' then show at
    once), the one most documents have."""
    files = search_files(site / locale)
    games = {r.location.split("/", 1)[0] for r in files.rows if r.game}
    best: tuple[tuple[int, int, str], dict[str, int]] | None = None
    for surface, stem in sorted(files.stem_of.items()):
        if stem != surface or surface.isdigit() or len(surface) < (2 if HAN.match(surface) else 4):
            continue
        per_game: dict[str, int] = {}
        for n in set().union(*files.postings[stem]):
            g = files.rows[n].location.split("/", 1)[0]
            if g in games:
                per_game[g] = per_game.get(g, 0) + 1
        key = (len(per_game) >= 3, min(per_game.values(), default=0) <= 3, sum(per_game.values()), surface)
        if len(per_game) > 1 and (best is None or key > best[0]):
            best = key, per_game
    if best is None:
        pytest.fail(f"no word of the {locale} index is in two games' documents")
    return best[0][-1], best[1]


@pytest.mark.parametrize("locale", LOCALES)
def test_on_a_games_page_that_games_results_rank_first(pg, home, built_site, locale):
    """A word several games' texts have: typed on the site's home, its first result is of some game; typed
    on another of its games' pages, that game's results come first and the others' after them."""
    word, per_game = spanning_word(built_site, locale)
    pg.goto(home(locale))
    type_query(pg, word, key_by_key=False)
    first_game = path_of(results(pg)[0], locale).split("/", 1)[0]
    other = min((g for g in per_game if g != first_game), key=lambda g: (per_game[g], g))  # its fewest hits
    pg.goto(home(locale, f"{other}/"))
    type_query(pg, word, key_by_key=False)
    games = [path_of(h, locale).split("/", 1)[0] for h in results(pg)]
    ours = [g == other for g in games]
    assert ours[:1] == [True], games
    assert ours == sorted(ours, reverse=True), games  # the page's game, then the others: none in between
    if per_game[other] < SHOWN_AT_ONCE:
        assert not all(ours), games  # a boost, not a filter
    assert pg.locator("select.rl-search-game").input_value() == ""  # the filter: all games
