"""Pages that say where they are: the game in titles and search results, breadcrumbs, the kept originals
as pages with anchored lines that provenance links point at, and a 404 page in every locale and at the root."""

from __future__ import annotations

import html
import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import project_locales, repo_content, repo_model
from rulings.content import originals
from rulings.model.entries import Entity
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.render import name_title, plain

from .html_events import feed
from .search_files import search_files

REPO = Path(__file__).resolve().parents[2]
LOCALES = project_locales()
CONTENT = repo_content()
MODEL = repo_model()
LARGEST_PAGE = 200_000
"""Bytes no page may exceed, whatever the content's size (issue 32: at 50,000 rulings too)."""


class Page(HTMLParser):
    """A page's title, ids, links, breadcrumbs and provenance links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title = ""
        self.h1 = ""
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.crumbs: list[str] = []  # breadcrumb labels, as text
        self.crumb_links: list[str] = []
        self.sources: list[str] = []  # provenance links
        self.html_lang = ""
        self._in: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang") or ""
        if a.get("id"):
            self.ids.add(a["id"])
        for attr in ("href", "src"):
            if a.get(attr):
                self.links.append(a[attr])
        if tag == "nav" and "rl-crumbs" in (a.get("class") or ""):
            self._in.append("crumbs")
        elif tag == "li" and "crumbs" in self._in:
            self.crumbs.append("")
        elif tag == "a" and "crumbs" in self._in:
            self.crumb_links.append(a.get("href") or "")
        if tag == "a" and "rl-source-link" in (a.get("class") or ""):
            self.sources.append(a.get("href") or "")
        if tag in ("title", "h1"):
            self._in.append(tag)

    def handle_endtag(self, tag):
        if tag == "nav" and "crumbs" in self._in:
            self._in.remove("crumbs")
        if tag in ("title", "h1") and tag in self._in:
            self._in.remove(tag)

    def handle_data(self, data):
        if "title" in self._in:
            self.title += data
        if "h1" in self._in and not self.h1:
            self.h1 = data.strip()
        if "crumbs" in self._in and self.crumbs:
            self.crumbs[-1] += data


def parse(path: Path) -> Page:
    return feed(Page(), path)


def html_of(root: Path, md: str, dir_urls: bool = True) -> Path:
    url = P.url_of(md, dir_urls)
    return root / (url + "index.html" if url == "" or url.endswith("/") else url)


def shared_names(locale: str) -> list[list[Entity]]:
    """Entities of different games whose names read the same in ``locale`` (Boudicca, Excalibur…)."""
    by_name: dict[str, list[Entity]] = defaultdict(list)
    for e in CONTENT.entries:
        if isinstance(e, Entity) and e.name:
            by_name[name_title(e.name, locale)].append(e)
    return [es for es in by_name.values() if len({e.game for e in es}) > 1]


def game_name(game: str, locale: str) -> str:
    return plain(CONTENT.games[game].name, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_titles_of_same_named_entities_name_their_game(built_site, locale):
    groups = shared_names(locale)
    if not groups:
        pytest.skip("no two games share an entity name in this content")
    for group in groups:
        titles = set()
        for e in group:
            page = parse(html_of(built_site / locale, P.entity_page(e)))
            assert game_name(e.game, locale) in page.title, (e.id, page.title)
            assert page.crumbs[0] == game_name(e.game, locale), (e.id, page.crumbs)
            titles.add(page.title)
        assert len(titles) == len(group), titles


@pytest.mark.parametrize("locale", LOCALES)
def test_search_results_tell_same_named_entities_apart(built_site, locale):
    """The search index (what a result row shows) names the game on each of the pages."""
    rows = search_files(built_site / locale).rows
    for group in shared_names(locale):
        shown = []
        for e in group:
            url = P.url_of(P.entity_page(e), True)
            here = [r for r in rows if r.location.split("#")[0] == url]
            assert here and all(r.game == game_name(e.game, locale) for r in here), (e.id, here[:2])
            shown.append(tuple(sorted((r.title, r.game) for r in here)))
        assert len(set(shown)) == len(group)


@pytest.mark.parametrize("locale", LOCALES)
def test_breadcrumbs_lead_from_the_game_to_the_entry(built_site, locale):
    root = built_site / locale
    for gid, game in CONTENT.games.items():
        entity = next((e for e in CONTENT.entries if isinstance(e, Entity) and e.game == gid and e.name), None)
        pages = [P.glossary_page(gid), P.errata_page(gid), P.rules_index_page(gid),
                 *(P.source_part_page(gid, d.file, i) for d in game.documents for i in range(parts(gid, d.id)))]
        if entity is not None:
            pages.append(P.entity_page(entity))
        for md in pages:
            path = html_of(root, md)
            if not path.exists():
                continue  # this game has no such page (no errata, no rules)
            page = parse(path)
            assert page.crumbs[0] == game_name(gid, locale), (md, page.crumbs)
            assert len(page.crumbs) >= 2 and page.crumbs[-1], (md, page.crumbs)
            # the game step leads to the game's overview
            first = (path.parent / unquote(page.crumb_links[0])).resolve()
            first = first / "index.html" if first.is_dir() else first
            assert first == html_of(root, P.game_page(gid)).resolve(), (md, page.crumb_links)


def source_line_targets(root: Path, dir_urls: bool) -> tuple[int, list[str]]:
    """(provenance links checked, those that do not reach an anchor of a source page)."""
    checked, broken = 0, []
    ids: dict[Path, set[str]] = {}
    for path in root.rglob("*.html"):
        for url in parse(path).sources:
            parts = urlsplit(url)
            target = (path.parent / unquote(parts.path)).resolve()
            if parts.path.endswith("/"):
                target = target / "index.html"
            checked += 1
            if not target.exists():
                broken.append(f"{path.relative_to(root)}: {url} (no page)")
                continue
            if target not in ids:
                ids[target] = parse(target).ids
            line = parts.fragment.split("-")[0]
            if parts.fragment not in ids[target] or line not in ids[target]:
                broken.append(f"{path.relative_to(root)}: {url} (no anchor)")
    return checked, broken


def provenance_count() -> int:
    return sum(1 for e in CONTENT.entries if e.provenance and e.game in CONTENT.games)


@pytest.mark.parametrize("locale", LOCALES)
def test_provenance_links_reach_anchored_source_lines_online(built_site, locale):
    checked, broken = source_line_targets(built_site / locale, True)
    assert checked >= provenance_count()
    assert broken == [], broken[:10]


def test_provenance_links_reach_anchored_source_lines_offline(unzipped):
    for locale in LOCALES:
        checked, broken = source_line_targets(unzipped / locale, False)
        assert checked >= provenance_count()
        assert broken == [], broken[:10]


def parts(game: str, document: str) -> int:
    """How many pages the source viewer shows a kept original on (see rulings.site.source_parts)."""
    found = MODEL.games[game].sources.get(document)
    return len(found.parts) if found else 1


@pytest.mark.parametrize("locale", LOCALES)
def test_source_pages_show_every_line_in_its_language(built_site, locale):
    for gid, game in CONTENT.games.items():
        folder = CONTENT.game_files[gid].loaded.path.parent
        for d in game.documents:
            text = (folder / d.file).read_text(encoding="utf-8")
            n = len(originals.lines(text))  # the lines the validator counts: a final break starts none
            shown: list[str] = []
            for i in range(parts(gid, d.id)):  # a long original in parts, each a page of bounded size
                path = html_of(built_site / locale, P.source_part_page(gid, d.file, i))
                html = path.read_text(encoding="utf-8")
                page = parse(path)
                shown += sorted((x for x in page.ids if re.fullmatch(r"L\d+", x)), key=lambda x: int(x[1:]))
                assert f'class="rl-source" lang="{d.languages[0]}"' in html
                assert '<meta charset="utf-8">' in html
                # the raw file stays downloadable beside it
                raw = next(u for u in page.links if u.endswith(Path(d.file).name))
                assert (path.parent / unquote(raw)).resolve().read_bytes() == (folder / d.file).read_bytes()
                assert len(html.encode()) < LARGEST_PAGE, (d.file, i, len(html))
                assert ("data-rl-parts" in html) == (parts(gid, d.id) > 1)  # the index of parts, if any
            assert shown == [f"L{k}" for k in range(1, n + 1)], d.file  # every line once, in order


def test_no_page_of_any_kind_is_over_the_bound(built_site):
    """Long originals in parts, long listings, the changelog and What's new in pages: none over the bound."""
    over = [(p.relative_to(built_site).as_posix(), p.stat().st_size) for loc in LOCALES
            for p in (built_site / loc).rglob("*.html") if p.stat().st_size >= LARGEST_PAGE]
    assert over == []


def test_the_longest_original_is_shown_in_parts():
    """The longest kept original (the Sorcery clarifications: 107 KB of text, once a 370 KB page) is in parts."""
    gid, d = max(((g, d) for g, game in CONTENT.games.items() for d in game.documents),
                 key=lambda x: (CONTENT.game_files[x[0]].loaded.path.parent / x[1].file).stat().st_size)
    assert parts(gid, d.id) > 1, d.file


def not_found_pages(site: Path) -> list[tuple[str, Path]]:
    return [(loc, site / loc / "404.html") for loc in LOCALES]


def test_the_root_404_holds_every_locales_words_and_links_that_resolve(built_site):
    """The root's 404 (what static hosts send for any missing path) carries each locale's words, the
    default locale's shown without scripts, and home links to every locale (tests/web/test_browser.py runs
    its script, under a sub-path too)."""
    page = (built_site / "404.html").read_text(encoding="utf-8")
    default = CONTENT.project.default_locale
    for loc in LOCALES:
        ui = UI.load(REPO / "locales", loc)
        on = ' class="rl-on"' if loc == default else ""
        assert f'<section data-rl-404="{loc}" lang="{loc}"{on}><h1>{html.escape(ui.t("Page not found"))}</h1>' \
            in page, loc
        assert (built_site / loc / "index.html").is_file() and f'href="/{loc}/"' in page
    assert "<link" not in page and "<style>" in page  # styled at any depth: nothing to fetch


def test_404_in_every_locale_is_translated_with_links_that_resolve(built_site):
    """Served for a missing URL at any depth, so every link is absolute from the server root (the site is
    served at its root when no site_url says otherwise) and must reach a file."""
    for locale, path in not_found_pages(built_site):
        page = parse(path)
        ui = UI.load(REPO / "locales", locale)
        assert page.html_lang == locale
        assert page.h1 == ui.t("Page not found"), (path, page.h1)
        assert page.title.startswith(ui.t("Page not found"))
        internal = [u for u in page.links if not urlsplit(u).scheme and not u.startswith("#")]
        assert internal, path
        for url in internal:
            assert url.startswith("/"), (path, url)  # relative links would break one folder down
            target = built_site / unquote(urlsplit(url).path).lstrip("/")
            if target.is_dir():
                target = target / "index.html"
            assert target.exists(), (path, url)
        assert f"/{locale}/assets/stylesheets/" in "".join(page.links)
