"""The site search in Chromium, online and from file://, in every locale: the query corpus
(search_queries.yml) shows its expected pages first; every text with "Shackled" or "Dodge" is found;
a word from the middle of a Chinese name is found; results name their game; the game filter works
from the keyboard; nothing is asked of another host; and a page load fetches no index worth the name.

Each site (over http, from file://, the bundle over http) is one page, taken to each locale's home in turn,
into which the module's queries are typed (tests/web/pages.py), each read once the worker marks its results
final; the tests, one per query, read what it showed. The bundle over http is the same files and worker as
from file:// (only the frame the worker runs in differs): it answers a word of a Chinese name and the name
two games share, not the corpus and the words again."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from conftest import project_locales, repo_content, repo_model
from rulings.model.entries import Entity
from rulings.model.terms import HAN
from rulings.site import paths as P
from rulings.translation.display import shown_text

from .pages import Shown, Visit, type_together, visit
from .test_browser import FINAL, browser, playwright, search, server, serving  # noqa: F401 - fixtures

QUERIES = yaml.safe_load((Path(__file__).with_name("search_queries.yml")).read_text(encoding="utf-8"))
LOCALES = project_locales()
MODES = ("http", "file", "offline-over-http")
CORPUS_MODES = MODES[:2]  # the bundle over http is the same files and worker as from file://
DEFAULT = repo_content().project.default_locale
WORDS = ("Shackled", "Dodge")


@pytest.fixture(scope="module")
def bundle_server(unzipped):
    """The offline bundle served over http, as kiwix-serve serves a ZIM's pages (the same files)."""
    yield from serving(unzipped)


@pytest.fixture(scope="module")
def homes(server, unzipped, bundle_server) -> dict[str, Callable[[str], str]]:  # noqa: F811
    """Mode → the URL of a locale's home: the site over http, the unzipped offline bundle from file://, and
    that bundle over http (the ZIMs' pages, in kiwix-serve)."""
    return {"http": lambda loc: f"{server}/{loc}/",
            "file": lambda loc: (unzipped / loc / "index.html").as_uri(),
            "offline-over-http": lambda loc: f"{bundle_server}/{loc}/index.html"}


def own_hosts(home: str) -> set[str]:
    return {urlsplit(home).netloc} - {""}  # from file://: no host at all


@dataclass
class Typed:
    """The queries of this module, typed in turn into one page of a site in one locale."""

    home: str
    shown: dict[str, Shown]
    hosts: set[str]  # the hosts the page asked anything of

    def results(self, query: str) -> list[str]:
        """The pages of the results for ``query``, in order."""
        shown = self.shown[query]
        if shown.error:
            pytest.fail(shown.error)
        return [page_path(href, self.home) for href in shown.hrefs]


@pytest.fixture(scope="module")
def mode_pages(browser) -> Iterator[dict[str, Visit]]:  # noqa: F811
    """Mode → one page for the module's tests of that site, taken from locale to locale (a navigation costs a
    fraction of a new page)."""
    with ExitStack() as stack:
        yield {m: stack.enter_context(visit(browser)) for m in MODES}


@pytest.fixture(scope="module")
def typed(mode_pages, homes) -> Callable[[str, str], Typed]:
    """(mode, locale) → that mode's and locale's queries (``typed_queries``) typed into the mode's page: on
    first use, locale by locale, into every mode's page at once (tests/web/pages.py ``type_together``)."""
    done: dict[tuple[str, str], Typed] = {}
    failed: list[Exception] = []

    def of(mode: str, locale: str) -> Typed:
        if not done and not failed:
            by_key = typed_key_by_key()
            try:
                for loc in sorted(LOCALES, key=lambda loc: loc == DEFAULT):  # the default last: the filter's
                    since = {m: len(v.requests) for m, v in mode_pages.items()}
                    for m, v in mode_pages.items():
                        v.page.goto(homes[m](loc))
                    shown = type_together({m: v.page for m, v in mode_pages.items()},
                                          {m: typed_queries(m, loc) for m in MODES},
                                          {m: by_key.get((m, loc), set()) for m in MODES})
                    for m, v in mode_pages.items():
                        done[m, loc] = Typed(homes[m](loc), shown[m], v.hosts(since[m]))
            except playwright.Error as e:  # a page failed: each test fails with this, none tries again
                failed.append(e)
        if failed:
            raise failed[0]
        return done[mode, locale]

    return of


def page_path(href: str, home: str) -> str:
    """A result's page relative to the locale's home, without suffix: ``…/en/sorcery/card/x/?h=…`` →
    ``sorcery/card/x``."""
    root = urlsplit(home).path.removesuffix("index.html")
    path = unquote(urlsplit(href).path).removeprefix(root)
    return re.sub(r"(/?index\.html|\.html|/)$", "", path)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("mode", MODES)
def test_nothing_is_asked_of_another_host(typed, mode, locale):
    home, hosts = typed(mode, locale).home, typed(mode, locale).hosts
    assert hosts <= own_hosts(home), hosts


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", QUERIES, ids=[q["query"] for q in QUERIES])
@pytest.mark.parametrize("mode", CORPUS_MODES)
def test_the_query_corpus_finds_its_page_first(typed, mode, locale, case):
    found = typed(mode, locale).results(case["query"])
    assert found[:1] == [case["first"]], found[:5]


@functools.cache
def _pages_with(word: str, locale: str) -> set[str]:
    """The pages of every entry whose text, as a reader of ``locale`` sees it, has ``word``."""
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    out = set()
    for gd in repo_model().games.values():
        for e in gd.entries:
            page_of = repo_model().locator.page_of(e.id)
            if page_of and any(pattern.search(shown_text(t, locale)) for _p, t in e.texts()):
                out.add(P.url_of(page_of, True).rstrip("/"))
    return out


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize("mode", CORPUS_MODES)
def test_every_text_with_the_word_is_found(typed, mode, locale, word):
    if not _pages_with(word, "en"):
        pytest.fail(f"no text has {word!r} any more: pick another word")
    expected = _pages_with(word, locale)
    if not expected:
        pytest.skip(f"no text shown in {locale} has {word!r} (all translated)")
    found = set(typed(mode, locale).results(word))
    assert expected <= found, sorted(expected - found)


@functools.cache
def _middle_of_a_chinese_name() -> tuple[str, str]:
    """Two characters from the middle of the longest Chinese entity name, and its page."""
    names = [(t, e) for gd in repo_model().games.values() for e in gd.entities if isinstance(e, Entity) and e.name
             for t in [e.name.source, *(x.text for x in e.name.translations.values())] if len(HAN.findall(t)) >= 4]
    name, e = max(names, key=lambda x: (len(HAN.findall(x[0])), x[1].id))
    han = "".join(HAN.findall(name))
    return han[1:3], P.url_of(P.entity_page(e), True).rstrip("/")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("mode", MODES)
def test_a_word_from_the_middle_of_a_chinese_name_is_found(typed, mode, locale):
    word, expected = _middle_of_a_chinese_name()
    assert expected in typed(mode, locale).results(word)[:10]


SHARED_NAME = "Boudicca"  # a name cards of two games have


@pytest.mark.parametrize("mode", MODES)
def test_results_name_their_game_and_kind(typed, mode):
    shown = typed(mode, DEFAULT).shown[SHARED_NAME]
    titles = shown.titles
    games = {g.name.source for g in repo_content().games.values()}
    boudiccas = [t for t in titles if t.startswith(SHARED_NAME)]
    assert len(boudiccas) >= 2 and len(set(boudiccas)) == len(boudiccas), titles  # told apart
    assert all(any(g in t for g in games) for t in boudiccas), boudiccas


def typed_queries(mode: str, locale: str) -> list[str]:
    """The queries whose results this module's tests read in a mode and locale: the bundle over http (the same
    files as from file://) answers a word from a Chinese name, in every locale."""
    both = mode in CORPUS_MODES
    words = [w for w in WORDS if both and _pages_with(w, locale)]  # the others' tests skip
    return [*(q["query"] for q in QUERIES if both), *words, _middle_of_a_chinese_name()[0],
            *([SHARED_NAME] if locale == DEFAULT else [])]


def typed_key_by_key() -> dict[tuple[str, str], set[str]]:
    """(mode, locale) → the queries typed there key by key, as a reader types (each key a query: the latest
    must win), elsewhere in one key: in every locale over http and from file://, a query of the corpus each,
    in turn."""
    places = [(m, loc) for loc in LOCALES for m in CORPUS_MODES]
    return {p: {QUERIES[n % len(QUERIES)]["query"]} for n, p in enumerate(places)}


@pytest.mark.parametrize("mode", MODES)
def test_the_game_filter_works_from_the_keyboard(mode_pages, homes, mode):
    home, v = homes[mode](DEFAULT), mode_pages[mode]
    since = len(v.requests)
    if v.page.url != home:  # the queries typed last are the default locale's
        v.page.goto(home)
    game_filter_from_the_keyboard(v.page)
    assert v.hosts(since) <= own_hosts(home), v.hosts(since)


ONLY = "g => [...document.querySelectorAll('.md-search-result__item > a:first-child')].every(a => a.href.includes(g))"


def game_filter_from_the_keyboard(pg) -> None:
    """Arrow keys in the filter pick a game: the box then starts with ``game:<id>`` and the final results
    are that game's only; typed into the box, ``game:<id>`` filters the same (the queries in one key each: the
    latest key's results winning is the corpus's and test_search_keys's to show)."""
    assert search(pg, "boudicca", key_by_key=False)
    select = pg.locator("select.rl-search-game")
    select.focus()
    pg.keyboard.press("ArrowDown")  # the first game after "all"
    game = select.input_value()
    assert game and pg.locator("input.md-search__input").input_value().startswith(f"game:{game} ")
    pg.evaluate(FINAL)
    assert pg.evaluate(ONLY, f"/{game}/")
    assert search(pg, "game:sorcery boudicca", key_by_key=False) and pg.evaluate(ONLY, "/sorcery/")


def test_a_page_load_fetches_only_the_search_config(built_site):
    sizes = {loc: (built_site / loc / "search" / "search_index.json").stat().st_size for loc in LOCALES}
    assert all(s < 2000 for s in sizes.values()), sizes  # the index itself is in shards
