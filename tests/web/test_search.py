"""The site search in Chromium, online and from file://, in every locale: the query corpus
(search_queries.yml) shows its expected pages first; every text with "Shackled" or "Dodge" is found;
a word from the middle of a Chinese name is found; results name their game; the game filter works
from the keyboard; and a page load fetches no index worth the name."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from conftest import project_locales, repo_content
from rulings.model.entries import Entity
from rulings.model.terms import HAN
from rulings.site import paths as P
from rulings.site.layout import build_model
from rulings.translation.display import shown_text

from .test_browser import browser, page, search, server  # noqa: F401 - fixtures

QUERIES = yaml.safe_load((Path(__file__).with_name("search_queries.yml")).read_text(encoding="utf-8"))
LOCALES = project_locales()


@pytest.fixture(params=["http", "file"])
def site(request, page, server, unzipped):  # noqa: F811
    """(page, URL of a locale's home) over http and from the unzipped offline bundle."""
    if request.param == "http":
        return page, lambda loc: f"{server}/{loc}/", "/"
    return page, lambda loc: (unzipped / loc / "index.html").as_uri(), ".html"


def page_path(href: str) -> str:
    """A result's page, as a path without suffix: ``…/en/sorcery/card/x/?h=…#a`` → ``sorcery/card/x``."""
    path = unquote(urlsplit(href).path)
    path = re.sub(r"(/index\.html|\.html|/)$", "", path)
    return path.split("/", 2)[2] if path.count("/") >= 2 else ""


def results(pg, home: str, query: str) -> list[str]:
    """The pages of the results for ``query`` typed into the search box, in order."""
    pg.goto(home)
    search(pg, query)  # settled: the results of the whole query
    return [page_path(a.get_attribute("href") or "")
            for a in pg.locator(".md-search-result__item > a:first-child").all()]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", QUERIES, ids=[q["query"] for q in QUERIES])
def test_the_query_corpus_finds_its_page_first(site, locale, case):
    pg, home, _ = site
    found = results(pg, home(locale), case["query"])
    assert found[:1] == [case["first"]], found[:5]


def _pages_with(word: str, locale: str) -> set[str]:
    """The pages of every entry whose text, as a reader of ``locale`` sees it, has ``word``."""
    model = build_model(repo_content())
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    out = set()
    for gd in model.games.values():
        for e in gd.entries:
            page_of = model.locator.page_of(e.id)
            if page_of and any(pattern.search(shown_text(t, locale)) for _p, t in e.texts()):
                out.add(P.url_of(page_of, True).rstrip("/"))
    return out


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("word", ["Shackled", "Dodge"])
def test_every_text_with_the_word_is_found(site, locale, word):
    pg, home, _ = site
    expected = _pages_with(word, locale)
    assert expected, f"no text has {word!r} any more: pick another word"
    found = set(results(pg, home(locale), word))
    assert expected <= found, sorted(expected - found)


def _middle_of_a_chinese_name() -> tuple[str, str]:
    """Two characters from the middle of the longest Chinese entity name, and its page."""
    model = build_model(repo_content())
    names = [(t, e) for gd in model.games.values() for e in gd.entities if isinstance(e, Entity) and e.name
             for t in [e.name.source, *(x.text for x in e.name.translations.values())] if len(HAN.findall(t)) >= 4]
    name, e = max(names, key=lambda x: (len(HAN.findall(x[0])), x[1].id))
    han = "".join(HAN.findall(name))
    return han[1:3], P.url_of(P.entity_page(e), True).rstrip("/")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_word_from_the_middle_of_a_chinese_name_is_found(site, locale):
    pg, home, _ = site
    word, expected = _middle_of_a_chinese_name()
    assert expected in results(pg, home(locale), word)[:10]


def test_results_name_their_game_and_kind(site):
    pg, home, _ = site
    pg.goto(home("en"))
    search(pg, "Boudicca")
    titles = [t.inner_text() for t in pg.locator(".md-search-result__item h1").all()]
    games = {gd.game.name.source for gd in repo_content().games.values()}
    boudiccas = [t for t in titles if t.startswith("Boudicca")]
    assert len(boudiccas) >= 2 and len(set(boudiccas)) == len(boudiccas), titles  # told apart
    assert all(any(g in t for g in games) for t in boudiccas), boudiccas


def test_the_game_filter_works_from_the_keyboard(site):
    pg, home, _ = site
    pg.goto(home("en"))
    box = pg.locator("input.md-search__input")
    box.click()
    box.press_sequentially("boudicca")
    pg.keyboard.press("End")
    pg.wait_for_selector(".md-search-result__item")
    select = pg.locator("select.rl-search-game")
    select.focus()
    pg.keyboard.press("ArrowDown")  # the first game after "all"
    game = select.input_value()
    assert game and box.input_value().startswith(f"game:{game} ")
    pg.wait_for_function("g => [...document.querySelectorAll('.md-search-result__item > a:first-child')]"
                         ".every(a => a.href.includes('/' + g + '/'))", arg=game)
    box.fill("")
    box.press_sequentially("game:sorcery boudicca")
    pg.keyboard.press("End")
    pg.wait_for_function("() => { const a = [...document.querySelectorAll('.md-search-result__item > a:first-child')];"
                         " return a.length && a.every(x => x.href.includes('/sorcery/')); }")


def test_a_page_load_fetches_only_the_search_config(built_site):
    sizes = {loc: (built_site / loc / "search" / "search_index.json").stat().st_size for loc in LOCALES}
    assert all(s < 2000 for s in sizes.values()), sizes  # the index itself is in shards
