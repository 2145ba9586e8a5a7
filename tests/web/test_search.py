"""The site search in Chromium, online and from file://, in every locale: the query corpus
(search_queries.yml) shows its expected pages first; every text with "Shackled" or "Dodge" is found;
a word from the middle of a Chinese name is found; results name their game; the game filter works
from the keyboard; and a page load fetches no index worth the name."""

from __future__ import annotations

import functools
import re
import threading
from http.server import ThreadingHTTPServer
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

from .test_browser import Quiet, browser, search, server  # noqa: F401 - fixtures

QUERIES = yaml.safe_load((Path(__file__).with_name("search_queries.yml")).read_text(encoding="utf-8"))
LOCALES = project_locales()


@pytest.fixture(scope="module")
def bundle_server(unzipped):
    """The offline bundle served over http, as kiwix-serve serves a ZIM's pages (the same files)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(unzipped)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(params=["http", "file", "offline-over-http"])
def site(request, browser, server, unzipped):  # noqa: F811
    """(page, URL of a locale's home): the site over http, the unzipped offline bundle from file://, and
    that bundle over http (the ZIMs' pages, in kiwix-serve). Nothing may come from another host."""
    if request.param == "http":
        home = lambda loc: f"{server}/{loc}/"  # noqa: E731
    elif request.param == "file":
        home = lambda loc: (unzipped / loc / "index.html").as_uri()  # noqa: E731
    else:
        served = request.getfixturevalue("bundle_server")
        home = lambda loc: f"{served}/{loc}/index.html"  # noqa: E731
    ctx = browser.new_context()
    pg = ctx.new_page()
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    yield pg, home
    own = {urlsplit(home("en")).netloc} - {""}  # from file://: no host at all
    hosts = {urlsplit(u).netloc for u in requests if urlsplit(u).scheme in ("http", "https", "ws", "wss")}
    assert hosts <= own, hosts
    ctx.close()


def page_path(href: str, home: str) -> str:
    """A result's page relative to the locale's home, without suffix: ``…/en/sorcery/card/x/?h=…`` →
    ``sorcery/card/x``."""
    root = urlsplit(home).path.removesuffix("index.html")
    path = unquote(urlsplit(href).path).removeprefix(root)
    return re.sub(r"(/?index\.html|\.html|/)$", "", path)


def results(pg, home: str, query: str) -> list[str]:
    """The pages of the results for ``query`` typed into the search box, in order."""
    pg.goto(home)
    search(pg, query)  # settled: the results of the whole query
    return [page_path(a.evaluate("a => a.href"), home)
            for a in pg.locator(".md-search-result__item > a:first-child").all()]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", QUERIES, ids=[q["query"] for q in QUERIES])
def test_the_query_corpus_finds_its_page_first(site, locale, case):
    pg, home = site
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
    pg, home = site
    if not _pages_with(word, "en"):
        pytest.fail(f"no text has {word!r} any more: pick another word")
    expected = _pages_with(word, locale)
    if not expected:
        pytest.skip(f"no text shown in {locale} has {word!r} (all translated)")
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
    pg, home = site
    word, expected = _middle_of_a_chinese_name()
    assert expected in results(pg, home(locale), word)[:10]


def test_results_name_their_game_and_kind(site):
    pg, home = site
    pg.goto(home("en"))
    search(pg, "Boudicca")
    titles = [t.inner_text() for t in pg.locator(".md-search-result__item h1").all()]
    games = {g.name.source for g in repo_content().games.values()}
    boudiccas = [t for t in titles if t.startswith("Boudicca")]
    assert len(boudiccas) >= 2 and len(set(boudiccas)) == len(boudiccas), titles  # told apart
    assert all(any(g in t for g in games) for t in boudiccas), boudiccas


def test_the_game_filter_works_from_the_keyboard(site):
    pg, home = site
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
