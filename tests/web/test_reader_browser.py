"""The reader's side of the pages in headless Chromium: no request fails, axe finds no target-size or
accessible-name problem, the dark scheme stays readable, targets are big enough to tap and ¶ permalinks show
on touch screens, and the copy-link button copies the ruling's address (online and from file://)."""

from __future__ import annotations

import os
import re
import shutil
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import build_tree, project_locales, repo_content
from rulings.build.site_build import build
from rulings.publish.bundles import BundleError, npm_file
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages.ruling import LINK_COPIED
from web import test_browser
from web.conftest import reset

pytestmark = pytest.mark.browser
server = test_browser.server  # the same site server as the other browser tests

REPO = Path(__file__).resolve().parents[2]
LOCALES = project_locales()
CONTENT = repo_content()
MODEL = build_model(CONTENT)
AXE = ("axe-core", "4.14.1",
       "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==")
"""axe-core (MPL-2.0) from the npm registry, pinned; fetched at test time, never committed."""
NAME_RULES = ("target-size", "label", "document-title", "frame-title")
"""axe rules that must pass besides every ``…-name`` and ``…-alt`` rule (accessible names)."""


def card_with_rulings() -> tuple[str, str]:
    """A card page with rulings (of the first game that has one): its Markdown path and first ruling's anchor."""
    for gd in MODEL.games.values():
        for e in gd.entities:
            rulings = [r for r in gd.rulings_about.get(e.id, []) if MODEL.locator.page_of(r.id) == P.entity_page(e)]
            if rulings:
                return P.entity_page(e), P.anchor(rulings[0].id)
    raise AssertionError("no card has a ruling")


CARD, RULING = card_with_rulings()
INDEX = P.index_page(next(iter(CONTENT.games)))


def url(server: str, locale: str, md: str) -> str:
    return f"{server}/{locale}/{P.url_of(md, True)}"


@pytest.fixture(scope="session")
def axe_js() -> str:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulings" / "npm"
    if shutil.which("npm") is None and not os.environ.get("CI") and not (cache / f"{AXE[0]}-{AXE[1]}.tgz").exists():
        pytest.skip("npm is not installed (apt-get install npm): the accessibility checks fetch axe-core with it")
    try:
        return npm_file(cache, AXE, "axe.min.js", "npm is not installed: the accessibility checks need it").decode()
    except BundleError as e:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(e))


def axe(pg, axe_js: str, rules, within: str | None = None) -> dict:
    """axe's results on the page (or the part ``within`` selects) for ``rules`` only (rule ids, or a function
    choosing them from all of axe's): the rules the test reads, run even where axe disables them by default;
    axe's whole set costs seconds. Transitions are ended first: axe reads colours and boxes as they are at that
    instant, and a colour half-way through Material's 125 ms fade (the navigation's scroll spy, after a jump
    to an anchor) is no colour a reader is left with."""
    pg.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    pg.add_script_tag(content=axe_js)
    if callable(rules):
        rules = rules(pg.evaluate("axe.getRules().map(r => r.ruleId)"))
    return pg.evaluate("([rules, within]) => axe.run(within || document, {runOnly: {type: 'rule', values: rules}})",
                       [sorted(rules), within])


@contextmanager
def failures(pg) -> Iterator[list]:
    """The page's failed requests (network errors and HTTP errors) while the block runs."""
    failed: list = []
    events = {"requestfailed": lambda r: failed.append(("failed", r.url)),
              "response": lambda r: r.status >= 400 and failed.append((r.status, r.url))}
    for event, record in events.items():
        pg.on(event, record)
    try:
        yield failed
    finally:
        for event, record in events.items():
            pg.remove_listener(event, record)


@pytest.mark.parametrize("locale", LOCALES)
def test_home_and_card_pages_make_no_failing_request(desk, server, locale):
    pg = reset(desk)
    for md in ("index.md", CARD):
        with failures(pg) as failed:
            pg.goto(url(server, locale, md))
            pg.wait_for_load_state("networkidle")
        assert failed == [], (md, failed)


@pytest.fixture(scope="module")
def site_with_url(tmp_path_factory):
    """A small site built with --site-url, served at that very address."""
    tmp = tmp_path_factory.mktemp("site-url")
    out = tmp / "site"
    served = test_browser.serving(out)  # the address first: the build writes it into the pages
    address = next(served) + "/"
    build(REPO, out, content_dir=build_tree(tmp), work=tmp / "build", site_url=address, log=lambda *_: None)
    yield address
    next(served, None)  # the server stops


def test_with_a_site_url_hreflang_is_absolute_and_nothing_fails(desk, site_with_url):
    pg = reset(desk)
    for path in ("", "demo/card/sword/"):
        for locale in LOCALES:
            with failures(pg) as failed:
                pg.goto(f"{site_with_url}{locale}/{path}")
                pg.wait_for_load_state("networkidle")
            assert failed == [], (locale, path, failed)
            alternates = dict(pg.eval_on_selector_all(
                'link[rel="alternate"][hreflang]', "ls => ls.map(l => [l.hreflang, l.getAttribute('href')])"))
            assert set(alternates) == {*LOCALES, "x-default"}, alternates
            for lang, href in alternates.items():
                target = CONTENT.project.default_locale if lang == "x-default" else lang
                assert href == f"{site_with_url}{target}/{path}", (lang, href)
                with urllib.request.urlopen(href) as r:
                    assert r.status == 200


def accessible_name_rules(ids: list[str]) -> set[str]:
    return {r for r in ids if r.endswith(("-name", "-alt"))} | set(NAME_RULES)


@pytest.mark.parametrize("locale", LOCALES)
def test_axe_finds_no_target_size_or_accessible_name_problem(desk, server, axe_js, locale):
    pg = reset(desk)
    for md in (CARD, INDEX):
        pg.goto(url(server, locale, md))
        result = axe(pg, axe_js, accessible_name_rules)
        assert any(r["id"] == "target-size" for r in result["passes"] + result["violations"]), md
        bad = [(v["id"], [n["target"] for n in v["nodes"][:5]]) for v in result["violations"]]
        assert bad == [], (locale, md, bad)


def test_dark_scheme_toggle_and_its_colours(desk, server, axe_js):
    """The header's toggle switches to the dark scheme and the choice stays; the system's preference is
    followed (by a reader who never chose: the choice above is forgotten first); our badges, marks, notices and
    highlighted source lines keep their contrast in the dark."""
    locale = next((loc for loc in LOCALES if loc != CONTENT.project.default_locale), LOCALES[0])
    pg = reset(desk)  # a light system preference
    pg.goto(url(server, locale, CARD))
    assert pg.evaluate("document.body.dataset.mdColorScheme") == "default"
    toggle = pg.locator('form[data-md-component="palette"] label:visible')
    assert toggle.get_attribute("title") == UI.load(REPO / "locales", locale).t("Switch to dark mode")
    toggle.click()
    pg.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    pg.reload()
    assert pg.evaluate("document.body.dataset.mdColorScheme") == "slate"  # remembered
    reset(pg).emulate_media(color_scheme="dark")
    gd = next(iter(MODEL.games.values()))
    doc = gd.game.documents[0]
    for target in (url(server, locale, CARD), url(server, locale, P.source_page(gd.game.id, doc.file)) + "#L1-L3"):
        pg.goto(target)
        assert pg.evaluate("document.body.dataset.mdColorScheme") == "slate"
        result = axe(pg, axe_js, ["color-contrast"])
        bad = [(n["target"], n["failureSummary"][:160]) for v in result["violations"] for n in v["nodes"]]
        assert bad == [], (target, bad)


def test_touch_targets_are_24_px_and_permalinks_show_without_hover(phone, desk, server):
    pg = reset(phone)
    pg.goto(url(server, LOCALES[0], INDEX))
    letters = pg.locator(".rl-letters a").all()
    assert letters
    for box in (a.bounding_box() for a in letters):
        assert box and box["width"] >= 24 and box["height"] >= 24, box
    pg.goto(url(server, LOCALES[0], CARD))
    permalink = pg.locator(f"#{RULING} .headerlink")
    assert permalink.evaluate("a => getComputedStyle(a).opacity") == "1"  # no hover on a touch screen
    for target in (permalink, pg.locator("button.rl-copy-link").first):
        box = target.bounding_box()
        assert box and box["width"] >= 24 and box["height"] >= 24, box
    pg = reset(desk)
    pg.goto(url(server, LOCALES[0], CARD))
    permalink = pg.locator(f"#{RULING} .headerlink")
    assert permalink.evaluate("a => getComputedStyle(a).opacity") == "0"  # hidden until hovered or focused
    permalink.focus()
    pg.wait_for_function(f"getComputedStyle(document.querySelector('#{RULING} .headerlink')).opacity === '1'")


def clipboard(desk, server: str, text: str | None = None) -> str:
    """The clipboard (after writing ``text`` to it), on a page of our server (where the context may use it)."""
    if not desk.url.startswith(f"{server}/"):
        desk.goto(f"{server}/{LOCALES[0]}/")
    return desk.evaluate("t => (t === null ? Promise.resolve() : navigator.clipboard.writeText(t))"
                         ".then(() => navigator.clipboard.readText())", text)


@pytest.mark.parametrize("how", ["clipboard-api", "fallback", "file"])
def test_copy_link_copies_the_rulings_address(desk, server, unzipped, how):
    locale = LOCALES[-1]
    desk = reset(desk)
    ctx = desk.context
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    assert clipboard(desk, server, "") == ""  # the browser's one clipboard: emptied of the last test's copy
    pg = desk
    if how == "fallback":  # a browser without the Clipboard API: a page of its own, whose scripts never see it
        pg = ctx.new_page()
        pg.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    if how == "file":
        pg.goto((unzipped / locale / f"{CARD[:-3]}.html").resolve().as_uri())
    else:
        pg.goto(url(server, locale, CARD))
    button = pg.locator(f"#{RULING} ~ .rl-ruling button.rl-copy-link").first
    button.click()
    status = button.locator("xpath=following-sibling::*[@role='status']")
    copied = UI.load(REPO / "locales", locale).t(LINK_COPIED)
    pg.wait_for_function("s => s.textContent !== ''", arg=status.element_handle())
    assert status.text_content() == copied
    address = re.sub(r"#.*$", "", pg.url) + f"#{RULING}"
    if pg is not desk:
        pg.close()
    assert clipboard(desk, server) == address
