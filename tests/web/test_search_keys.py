"""The search's game filter from the keyboard alone, online and from file://, in every locale: Tab in the
search box reaches the filter (Material would close the search), arrows pick a game while the focus stays
there, the results are then that game's only, Shift+Tab returns to the box; and axe finds no problem of
names or roles in the open search dialog."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from conftest import project_locales, repo_model
from rulings.translation.display import shown_text

from .conftest import shared_page
from .test_browser import FINAL, browser, playwright, search, server  # noqa: F401 - fixtures
from .test_reader_browser import accessible_name_rules, axe, axe_js  # noqa: F401 - fixture

LOCALES = project_locales()
ROLE_RULES = ("aria-allowed-attr", "aria-allowed-role", "aria-hidden-focus", "aria-prohibited-attr",
              "aria-required-attr", "aria-required-children", "aria-required-parent", "aria-roles",
              "aria-valid-attr", "aria-valid-attr-value", "list", "listitem", "nested-interactive")
"""axe's rules about roles and ARIA attributes, checked with the accessible-name rules."""

RESULT_LINKS = "[...document.querySelectorAll('.md-search-result__item > a:first-child')]"


def shared_name(locale: str) -> tuple[str, str]:
    """A name that cards or heroes of several games share (as a reader of ``locale`` sees it), and the game
    among them that comes last in the filter (games are listed by id): picking it takes several keys."""
    games: dict[str, set[str]] = defaultdict(set)
    for gid, gd in repo_model().games.items():
        for e in gd.entities:
            if e.name:
                games[shown_text(e.name, locale)].add(gid)
    shared = sorted((name, sorted(ids)) for name, ids in games.items() if len(ids) > 1 and name)
    if not shared:
        pytest.fail("no two games share a card or hero name any more: the filter test needs one")
    name, ids = shared[0]
    return name, ids[-1]


@dataclass
class Site:
    """One page for the module's tests of a site (over http, or the unzipped offline bundle from file://): each
    test loads its locale's home into it (a navigation, not a new page), and the workers it started so far."""

    page: playwright.Page
    url: Callable[[str], str]  # a locale's home
    workers: list[str] = field(default_factory=list)


@pytest.fixture(scope="module", params=["http", "file"])
def site(request, browser, server) -> Iterator[Site]:  # noqa: F811
    if request.param == "http":
        url = lambda loc: f"{server}/{loc}/"  # noqa: E731
    else:
        unzipped = request.getfixturevalue("unzipped")
        url = lambda loc: (unzipped / loc / "index.html").as_uri()  # noqa: E731
    with shared_page(browser) as pg:
        s = Site(pg, url)
        pg.on("worker", lambda w: s.workers.append(w.url))
        yield s


ONLY_OF = f"g => {{ const a = {RESULT_LINKS}; return a.length && a.every(x => x.href.includes('/' + g + '/')); }}"


@pytest.mark.parametrize("locale", LOCALES)
def test_tab_reaches_the_game_filter_and_the_arrows_pick_a_game(site, locale, axe_js):  # noqa: F811
    pg = site.page
    name, game = shared_name(locale)
    pg.goto(site.url(locale))
    search(pg, name, key_by_key=False)  # key by key: test_search's corpus
    games = pg.evaluate(f"{RESULT_LINKS}.map(a => a.href)")
    assert any(f"/{game}/" not in h for h in games), games  # unfiltered: other games' results too
    pg.wait_for_selector("select.rl-search-game", state="attached")
    pg.keyboard.press("Tab")
    focused = "() => document.activeElement && document.activeElement.matches('select.rl-search-game')"
    assert pg.evaluate(focused), "Tab from the search box did not reach the game filter"
    assert pg.evaluate("document.getElementById('__search').checked"), "the search closed"
    for _ in pg.locator("select.rl-search-game option").all():
        if pg.locator("select.rl-search-game").input_value() == game:
            break
        pg.keyboard.press("ArrowDown")
        assert pg.evaluate(focused), "choosing a game took the focus away from the filter"
    assert pg.locator("select.rl-search-game").input_value() == game
    pg.evaluate(FINAL)  # the latest game's results, whole
    assert pg.evaluate(ONLY_OF, game)
    pg.keyboard.press("Shift+Tab")
    assert pg.evaluate("document.activeElement.matches('input.md-search__input')")
    assert pg.locator("input.md-search__input").input_value().startswith(f"game:{game} ")

    result = axe(pg, axe_js, lambda ids: accessible_name_rules(ids) | set(ROLE_RULES), within=".md-search")
    bad = [(v["id"], [n["target"] for n in v["nodes"][:5]]) for v in result["violations"]]
    assert bad == [], bad


@pytest.mark.parametrize("site", ["http"], indirect=True)
def test_online_the_search_runs_in_a_named_frame_of_the_page(site):
    """Online the search answers from a hidden frame of the page (assets/search-frame.js), named as the search
    dialog is (Material's word for search in the page's language), not from a worker thread, which started
    late on a busy machine."""
    pg = site.page
    if pg.url != site.url(LOCALES[-1]):  # the page the last locale's test above left
        pg.goto(site.url(LOCALES[-1]))
    assert search(pg, shared_name(LOCALES[-1])[0], key_by_key=False)
    frames = pg.eval_on_selector_all("iframe[hidden]", "fs => fs.map(f => f.title)")
    named = pg.get_attribute(".md-search[role=dialog]", "aria-label")
    assert named and frames == [named], (frames, named)
    assert not [w for w in site.workers if "search-worker" in w], site.workers
