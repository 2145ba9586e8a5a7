"""The site in headless Chromium (Debian's, driven by Playwright): search in every locale, the
language switch keeps the page, card and term previews appear (hover, focus, tap; http and file://),
and nothing is requested from another host."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import repo_content, repo_model

from .conftest import Quiet, hosts_asked, needs_chromium, reset, serving  # others import Quiet, serving here

needs_chromium()
playwright = pytest.importorskip("playwright.sync_api")  # the browser modules import it from here
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(built_site: Path):
    yield from serving(built_site)


@pytest.fixture(scope="session")
def browser(chromium):
    """The session's Chromium (tests/web/conftest.py), by the name the browser tests' modules import."""
    return chromium


@pytest.fixture
def page(desk, server):
    """A page as new (the module's desktop page, tests/web/conftest.py, reset); after the test, no host but
    the server's was asked for anything (``page.requests``: every URL it asked for)."""
    pg = reset(desk)
    yield pg
    hosts = hosts_asked(pg.requests)
    assert hosts <= {urlsplit(server).netloc}, hosts


def type_query(pg, text: str, *, key_by_key: bool = True) -> None:
    """Type ``text`` into the empty search box key by key, as a reader does (each key is a query: the
    latest must win); or, not ``key_by_key``, all but its last character at once and that one as a key
    (one query)."""
    box = pg.locator("input.md-search__input")
    if key_by_key:
        box.click()
        box.fill("")
        box.press_sequentially(text)
    else:
        box.focus()  # Material opens the search
        box.evaluate("(el, v) => { el.value = v; }", text[:-1])  # no event (a fill is a paste: a query)
        box.press_sequentially(text[-1:])
    pg.keyboard.press("End")  # a last key, as a reader's (text without one searches too: test_search_follows)


def search(pg, text: str, *, key_by_key: bool = True, marked: bool = True) -> list[str]:
    """The result links for ``text`` typed into the search box (see :func:`type_query`), once final: once the
    list says so (aria-busy="false"), or, not ``marked`` (a real worker thread has no page to mark), once it
    has not changed for half a second."""
    type_query(pg, text, key_by_key=key_by_key)
    if marked:
        return pg.evaluate(FINAL)
    pg.wait_for_selector(".md-search-result__item", timeout=15000)
    return pg.evaluate(UNCHANGED)


FINAL = """() => new Promise((resolve, reject) => {
  // The worker marks the list aria-busy="true" at each query, "false" with the latest query's whole list
  const list = document.querySelector('.md-search-result__list');
  const links = () => [...list.querySelectorAll('.md-search-result__item a')].map(a => a.getAttribute('href') || '');
  if (list.getAttribute('aria-busy') === 'false') return resolve(links());
  const seen = new MutationObserver(() => {
    if (list.getAttribute('aria-busy') === 'false') { seen.disconnect(); clearTimeout(late); resolve(links()); }
  });
  seen.observe(list, { attributes: true, attributeFilter: ['aria-busy'] });
  const late = setTimeout(() => { seen.disconnect(); reject(new Error('the results were not final in 15 s')); }, 15000);
})"""


UNCHANGED = """async () => {
  const list = document.querySelector('.md-search-result__list');
  let last = list.innerHTML, since = performance.now();
  while (performance.now() - since < 500) {  // results re-render as each typed key arrives: wait for the last
    await new Promise(r => setTimeout(r, 50));
    if (list.innerHTML !== last) { last = list.innerHTML; since = performance.now(); }
  }
  return [...list.querySelectorAll('.md-search-result__item a')].map(a => a.getAttribute('href') || '');
}"""


# Card and hero names (Zhad, Julia, 曹操, Maelström) are found first in every locale, online and offline, by
# test_search.py's query corpus (search_queries.yml); a glossary term here.
@pytest.mark.parametrize(("locale", "query", "expected"), [
    ("it", "Distrazione", "/hokuto-no-ken/glossary/"),                # an Italian glossary term
])
def test_search_finds_the_page(page, server, locale, query, expected):
    page.goto(f"{server}/{locale}/")
    hrefs = search(page, query)
    assert any(expected in h for h in hrefs[:10]), hrefs[:10]


def test_language_switch_stays_on_the_page(page, server):
    page.goto(f"{server}/en/anachronism/card/ger/")
    page.locator(".md-header__option .md-select button").hover()
    page.locator("a.md-select__link[hreflang=it]").click()
    page.wait_for_url(f"{server}/it/anachronism/card/ger/")
    assert page.locator("html").get_attribute("lang") == "it"
    page.locator(".md-header__option .md-select button").hover()
    page.locator("a.md-select__link[hreflang=zh]").click()
    page.wait_for_url(f"{server}/zh/anachronism/card/ger/")
    assert page.locator("h1").first.inner_text().startswith("Ger")


def card_page_naming_a_card(site: Path, locale: str = "en") -> str:
    """A card page (path under the locale, without extension) whose text links another card's name."""
    for game in sorted(repo_content().games):
        for f in sorted((site / locale / game / "card").glob("*/index.html")):
            if 'class="rl-name"' in f.read_text(encoding="utf-8"):
                return f.parent.relative_to(site / locale).as_posix()
    raise AssertionError("no card page links another card")


@pytest.fixture(scope="module")
def named_page(built_site) -> str:
    return card_page_naming_a_card(built_site)


def preview_of(pg, link):
    return pg.locator(f"#{link.get_attribute('aria-describedby')}")


def hover_focus_escape(pg, link) -> None:
    """Hovering shows the link's preview (its name links where the link goes); moving away hides it;
    keyboard focus shows it, Escape hides it."""
    preview = preview_of(pg, link)
    assert preview.is_hidden()
    link.hover()
    preview.wait_for(state="visible", timeout=5000)
    target = pg.evaluate("([a, p]) => [a.href, p.querySelector('.rl-pv-title a').href]",
                         [link.element_handle(), preview.element_handle()])
    assert target[0] == target[1]
    pg.mouse.move(0, 0)
    preview.wait_for(state="hidden", timeout=5000)
    link.focus()
    preview.wait_for(state="visible", timeout=5000)
    pg.keyboard.press("Escape")
    preview.wait_for(state="hidden", timeout=5000)


def tap_twice(phone, url: str, selector: str) -> None:
    """On a touch screen the first tap shows the preview and stays; the second follows the link."""
    pg = reset(phone)
    pg.goto(url)
    link = pg.locator(selector).first
    href = pg.evaluate("a => a.href", link.element_handle())
    link.tap()
    preview_of(pg, link).wait_for(state="visible", timeout=5000)
    assert pg.url == url
    link.tap()
    pg.wait_for_url(href.split("#")[0] + "*", timeout=5000)


def test_a_card_name_shows_its_preview_on_hover_and_keyboard_focus(page, server, named_page):
    page.goto(f"{server}/en/{named_page}/")
    link = page.locator("article a.rl-name").first
    hover_focus_escape(page, link)
    assert preview_of(page, link).locator(".rl-pv-kind").inner_text().strip()  # the card's type line


def test_a_glossary_term_shows_its_definition_the_same_way(page, server):
    page.goto(f"{server}/en/anachronism/card/ger/")
    hover_focus_escape(page, page.locator("article a.rl-term").first)


def test_tapping_a_card_name_shows_its_preview_then_follows(phone, server, named_page):
    tap_twice(phone, f"{server}/en/{named_page}/", "article a.rl-name")


def test_previews_work_from_file(desk, phone, unzipped, named_page):
    url = (unzipped / "en" / f"{named_page}.html").as_uri()
    pg = reset(desk)
    pg.goto(url)
    hover_focus_escape(pg, pg.locator("article a.rl-name").first)
    tap_twice(phone, url, "article a.rl-name")


def test_root_page_sends_the_reader_to_their_language(page, server):
    """The browser's languages (navigator.languages and Accept-Language, set as a context's ``locale`` sets
    them, but on the open page) pick the locale."""
    project = repo_content().project
    other = next(lang for lang in ("de", "fr", "pl", "fi", "ko") if lang not in project.locales)  # not on the site
    agent = page.evaluate("navigator.userAgent")
    try:
        for accept, locale in (("it-IT,it;q=0.9", "it"), ("zh-CN,zh;q=0.9", "zh"),
                               (f"{other}-{other.upper()}", project.default_locale)):
            page.cdp.send("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept})
            page.goto(f"{server}/")
            page.wait_for_url(f"{server}/{locale}/index.html")
            assert page.evaluate("navigator.languages")[0] == accept.split(",")[0]
    finally:
        page.cdp.send("Emulation.setUserAgentOverride", {"userAgent": agent})


def _card_with_rulings(game: str):
    content = repo_content()
    from rulings.model.entries import Entity, Ruling

    counts = {e.id: sum(isinstance(r, Ruling) and e.id in r.about for r in content.entries)
              for e in content.entries if isinstance(e, Entity) and e.game == game}
    best = max(sorted(counts), key=lambda i: counts[i])
    return next(e for e in content.entries if e.id == best)


@pytest.mark.parametrize(("locale", "game"), [("zh", "sorcery"), ("it", "anachronism")])
def test_a_card_page_reads_in_the_readers_language_with_one_notice(page, server, locale, game):
    """The card of the game with the most rulings: its rulings read in the page's language (each text's
    `lang`), one notice explains the markers, no per-paragraph badge, originals folded until asked for."""
    card = _card_with_rulings(game)
    page.goto(f"{server}/{locale}/{game}/{card.type.value}/{card.slug}/")
    texts = page.locator("article .rl-ruling .rl-text")
    assert texts.count() >= 2
    langs = [texts.nth(i).get_attribute("lang") for i in range(texts.count())]
    assert langs.count(locale) == len(langs), langs
    assert page.locator("article .rl-notice").count() == 1
    assert page.locator("article .rl-badge:not(.rl-authority)").count() == 0  # no translation-state badges
    marks = page.locator("article .rl-text .rl-mark")
    assert marks.count() == texts.count()  # machine translations: one small marker each
    assert marks.first.get_attribute("aria-label")
    # the originals: hidden, shown all at once by the notice's one switch, which the next page remembers
    originals = page.locator("article .rl-orig")
    assert originals.count() >= texts.count() and not originals.first.is_visible()
    switch = page.locator("article .rl-notice input[data-rl-originals]")
    assert switch.count() == 1
    switch.check()
    assert all(originals.nth(i).is_visible() for i in range(originals.count()))
    assert originals.first.get_attribute("lang") != locale
    page.reload()
    assert page.locator("article .rl-orig").first.is_visible()
    page.locator("article .rl-notice input[data-rl-originals]").uncheck()
    page.reload()
    assert not page.locator("article .rl-orig").first.is_visible()


def cited_range() -> tuple[str, int, int]:
    """An entity page (Markdown path) with a ruling citing several source lines, and those lines."""
    from rulings.model.entries import Entity, Ruling
    from rulings.site import paths as P

    content = repo_content()
    by_id = content.by_id()
    for e in content.entries:
        if isinstance(e, Ruling) and e.provenance and e.about and isinstance(by_id.get(e.about[0]), Entity):
            first, last = e.origin.lines
            if last > first:
                return P.entity_page(by_id[e.about[0]]), first, last
    pytest.skip("no ruling cites a range of lines")


def follow_source_link(pg, first: int, last: int) -> None:
    pg.locator(f"a.rl-source-link[href$='#L{first}-L{last}']").first.click()
    pg.wait_for_selector(f"#L{first}.rl-hl")
    lit = pg.locator(".rl-line.rl-hl")
    assert lit.count() == last - first + 1
    assert [int(x.get_attribute("id")[1:]) for x in lit.all()] == list(range(first, last + 1))
    bg = pg.evaluate(f"getComputedStyle(document.getElementById('L{first}')).backgroundColor")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent"), bg
    box, height = pg.locator(f"#L{first}").bounding_box(), pg.viewport_size["height"]
    assert box and 0 <= box["y"] < height, box  # scrolled to the cited lines


def test_provenance_link_opens_the_source_lines_highlighted(page, server):
    md, first, last = cited_range()
    page.goto(f"{server}/en/{md[:-3]}/")
    follow_source_link(page, first, last)
    assert page.locator(".rl-source").get_attribute("lang")


def test_provenance_link_opens_the_source_lines_highlighted_from_file(desk, unzipped):
    md, first, last = cited_range()
    pg = reset(desk)
    pg.goto((unzipped / "en" / f"{md[:-3]}.html").resolve().as_uri())
    follow_source_link(pg, first, last)


def test_language_switch_keeps_the_anchor(page, server):
    md, first, last = cited_range()
    page.goto(f"{server}/en/{md[:-3]}/")
    follow_source_link(page, first, last)
    source = urlsplit(page.url).path.removeprefix("/en/")
    page.locator(".md-header__option .md-select button").hover()
    page.locator("a.md-select__link[hreflang=it]").click()
    page.wait_for_url(f"{server}/it/{source}#L{first}-L{last}")
    page.wait_for_selector(f"#L{first}.rl-hl")


def _page_with_most_rulings() -> str:
    """The URL path (under a locale's home) of the game page showing the most rulings."""
    from rulings.model.entries import Ruling
    from rulings.site import paths as P

    model = repo_model()
    counts: dict[str, int] = {}
    for gd in model.games.values():
        for e in gd.entries:
            page_of = model.locator.page_of(e.id)
            if isinstance(e, Ruling) and page_of and page_of.startswith(tuple(f"{g}/" for g in model.games)):
                counts[page_of] = counts.get(page_of, 0) + 1
    best = max(sorted(counts), key=lambda p: counts[p])
    return P.url_of(best, True)


def test_language_switch_keeps_the_ruling_scrolled_to(page, server):
    """Scrolled by hand to a ruling far down a page (no #anchor in the URL), a reader switching language lands
    on that ruling in the other language's page, at the top of the view; at the top of a page, at its top."""
    path = _page_with_most_rulings()
    page.goto(f"{server}/en/{path}")
    tops = page.evaluate("""[...document.querySelectorAll('article [id^="ruling-"]')]
        .map(h => [h.id, h.getBoundingClientRect().top + scrollY])""")
    room = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    far = [(i, y) for i, y in tops if 1000 <= y <= room] or [max(((i, y) for i, y in tops if y <= room),
                                                                 key=lambda t: t[1])]
    ruling, y = far[0]
    page.evaluate("y => window.scrollTo({top: y - 150, behavior: 'instant'})", y)  # a little below the header
    assert not urlsplit(page.url).fragment
    page.locator(".md-header__option .md-select button").hover()
    page.locator("a.md-select__link[hreflang=it]").click()
    page.wait_for_url(f"{server}/it/{path}#{ruling}")
    box, height = page.locator(f"#{ruling}").bounding_box(), page.viewport_size["height"]
    assert box and 0 <= box["y"] < height / 3, box  # at the top of the view
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.evaluate("history.replaceState(null, '', location.pathname)")  # no #anchor, at the top
    page.locator(".md-header__option .md-select button").hover()
    page.locator("a.md-select__link[hreflang=zh]").click()
    page.wait_for_url(f"{server}/zh/{path}")


def test_game_section_is_open_in_the_nav_on_an_entity_page(page, server):
    md, _first, _last = cited_range()
    page.goto(f"{server}/en/{md[:-3]}/")
    game = page.locator(".rl-crumbs a").first.inner_text()
    active = page.locator(".md-sidebar--primary .md-nav__item--nested.md-nav__item--active")
    assert active.count() == 1
    assert game in active.first.inner_text()


class NotFound(Quiet):
    """Serves what a static host serves for a missing URL: the locale's 404 page, else the root's."""

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        root = Path(self.directory)
        loc = urlsplit(self.path).path.strip("/").split("/")[0]
        send_not_found(self, root / loc / "404.html" if loc and (root / loc / "404.html").exists()
                       else root / "404.html")


def send_not_found(handler: Quiet, page: Path) -> None:
    """Answer a request with ``page`` and status 404, as a static host does with its error page."""
    body = page.read_bytes()
    handler.send_response(404)
    handler.send_header("Content-Type", "text/html; charset=utf-8")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


@pytest.fixture(scope="module")
def host(built_site: Path):
    yield from serving(built_site, NotFound)


class MirrorNotFound(Quiet):
    """A static host serving the site under ``/mirror/`` and its root 404.html for every missing path
    (GitHub Pages, Netlify): no locale 404 is ever sent."""

    def translate_path(self, path):
        path = urlsplit(path).path
        return super().translate_path(path.removeprefix("/mirror") if path.startswith("/mirror/") else "/x-none")

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        send_not_found(self, Path(self.directory) / "404.html")


@pytest.fixture(scope="module")
def mirror(built_site: Path):
    yield from serving(built_site, MirrorNotFound)


@pytest.mark.parametrize("locale", repo_content().project.locales)
def test_the_root_404_speaks_the_paths_locale_styled_under_any_sub_path(desk, mirror, locale):
    """A host that sends the root 404 for every missing path, the site under a sub-path: a missing page
    below a locale's folder gets that locale's words, styled, with home links under the same sub-path."""
    from rulings.site.i18n import UI

    ui = UI.load(Path(__file__).resolve().parents[2] / "locales", locale)
    pg = reset(desk)
    response = pg.goto(f"{mirror}/mirror/{locale}/no/such/deep/page/")
    assert response.status == 404
    assert pg.locator("html").get_attribute("lang") == locale
    shown = pg.locator("section.rl-on")
    assert shown.count() == 1 and shown.locator("h1").inner_text() == ui.t("Page not found")
    assert pg.title() == ui.t("Page not found")
    assert pg.evaluate("getComputedStyle(document.body).maxWidth") != "none"  # its own style applied
    home = shown.locator("a[data-rl-home]").get_attribute("href")
    assert home == f"/mirror/{locale}/"
    assert pg.request.get(f"{mirror}{home}").status == 200
    for link in pg.locator("a[data-rl-lang]").all():
        assert pg.request.get(link.evaluate("a => a.href")).status == 200


@pytest.mark.parametrize("locale", [*repo_content().project.locales, ""])
def test_404_is_styled_translated_and_its_links_work_at_any_depth(desk, host, locale):
    """For a missing URL deep in a locale (or outside any): Material's styles apply, the text is in the
    locale's language, and every link on the page leads somewhere."""
    from rulings.site.i18n import UI

    shown = locale or repo_content().project.default_locale
    title = UI.load(Path(__file__).resolve().parents[2] / "locales", shown).t("Page not found")
    pg = reset(desk)
    failed: list[str] = []
    pg.on("response", record := lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    response = pg.goto(f"{host}/{locale + '/' if locale else ''}no/such/deep/page/")
    assert response.status == 404
    assert pg.locator("html").get_attribute("lang") == shown
    if locale:  # a locale's own 404: Material's page, its stylesheet applied (a sticky header, not a static box)
        assert pg.locator("article h1").inner_text() == title
        assert pg.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    else:  # the root's: its own inline style (tested under a sub-path above)
        assert pg.locator("section.rl-on h1").inner_text() == title
        assert pg.evaluate("getComputedStyle(document.body).maxWidth") != "none"
    assert [f for f in failed if "/no/such/" not in f] == []
    hrefs = pg.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)")
    internal = sorted({h.split("#")[0] for h in hrefs if h.startswith(host)})
    assert internal
    for url in internal:
        assert pg.request.get(url).status == 200, url
    pg.remove_listener("response", record)
