"""A reader of every locale reads names natively (issue 27), checked on the built site and derived from the
content: printed names as the reader's edition prints them, rules concepts translated, glossary terms
linked in the text the reader reads, no English originals in the way."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from conftest import project_locales, repo_content
from rulings.model.entries import Entity, Naming, naming_of
from rulings.model.text import TextState, TranslationStatus
from rulings.site import paths as P

LOCALES = project_locales()
VOID = {"br", "img", "input", "hr", "wbr", "meta", "link", "source"}  # no end tag: not on the stack


class Headings(HTMLParser):
    """The text of a page's headings by level, without their permalink marks; and its visible term links
    (those outside an original the page hides)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: dict[int, list[str]] = {1: [], 2: [], 3: []}
        self.term_links = 0
        self._in: int | None = None
        self._skip = 0
        self._hidden: list[str] = []  # the tags open inside an original the page hides

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if (self._hidden or "rl-orig" in classes) and tag not in VOID:
            self._hidden.append(tag)
        if tag in ("h1", "h2", "h3"):
            self._in = int(tag[1])
            self.headings[self._in].append("")
        if tag == "a" and "headerlink" in classes:
            self._skip += 1
        if tag == "a" and "rl-term" in classes and not self._hidden:
            self.term_links += 1

    def handle_endtag(self, tag):
        if self._hidden and tag not in VOID:
            self._hidden.pop()
        if tag in ("h1", "h2", "h3"):
            self._in = None
        if tag == "a" and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if self._in is not None and not self._skip:
            self.headings[self._in][-1] += data


def headings(site: Path, locale: str, e: Entity) -> Headings:
    h = Headings()
    h.feed((site / locale / P.url_of(P.entity_page(e), True) / "index.html").read_text(encoding="utf-8"))
    return h


def entities() -> list[Entity]:
    return [e for e in repo_content().entries if isinstance(e, Entity)]


def test_printed_names_are_the_readers_edition_s(built_site):
    """An ability printed on a hero card in the reader's edition (三国杀's 奸雄, 护驾…) heads its hero's page
    in that edition's language, not in a translation of the English card."""
    printed = [e for e in entities() if e.parent and naming_of(e) is Naming.PRINTED]
    by_id = {e.id: e for e in entities()}
    checked = 0
    for loc in LOCALES:
        for e in printed:
            tr = e.name.translations.get(loc)
            edition = e.name.source if loc == e.name.lang else (
                tr.text if tr and tr.status is TranslationStatus.OFFICIAL and e.name.state(loc) is
                TextState.CURRENT else None)
            if edition is None:
                continue
            hero = headings(built_site, loc, by_id[e.parent])
            assert edition in [h.strip() for h in hero.headings[3]], (loc, e.id, hero.headings[3])
            assert headings(built_site, loc, e).headings[1][0].strip() == edition
            checked += 1
    assert checked  # the content has such names (三国杀's abilities in Chinese)


def test_a_rules_concept_is_titled_in_the_readers_language(built_site):
    """A term-named entity (a FAQ topic: Ties, Diagonally…) is titled with its translation, not the English."""
    checked = 0
    for e in entities():
        if naming_of(e) is not Naming.TERM:
            continue
        for loc in LOCALES:
            tr = e.name.translations.get(loc)
            if loc == e.name.lang or tr is None or e.name.state(loc) is not TextState.CURRENT:
                continue
            title = " ".join(headings(built_site, loc, e).headings[1][0].split())  # as HTML shows spaces
            assert title == " ".join(tr.text.split()), (loc, e.id, title)
            checked += tr.text.strip() != e.name.source.strip()
    assert checked


def test_terms_are_linked_in_the_text_the_reader_reads(built_site):
    """Glossary links a reader sees on card, hero and topic pages: in every locale at least 90 % of the
    links of the default locale's pages (the originals, hidden, carry none)."""
    pages = [e for e in entities() if e.type.value in ("card", "hero", "topic", "ability")]
    counts = {loc: sum(headings(built_site, loc, e).term_links for e in pages) for loc in LOCALES}
    base = counts[repo_content().project.default_locale]
    assert base > 0
    for loc in LOCALES:
        assert counts[loc] >= 0.9 * base, counts


def test_sources_are_named_by_their_titles_in_the_readers_language(built_site):
    """A cited source shows the document's title as the reader's locale has it, never the document's id."""
    import html as html_lib
    import re

    from rulings.site.pages.base import DOCUMENT_LABEL
    from rulings.site.render import plain, shorten

    content = repo_content()
    docs = {(g.id, d.id): d for g in content.games.values() for d in g.documents}  # ids are per game
    for loc in LOCALES:
        expected = {shorten(plain(d.title, loc), DOCUMENT_LABEL) for d in docs.values()}
        seen = set()
        for e in entities():
            page = (built_site / loc / P.url_of(P.entity_page(e), True) / "index.html").read_text(encoding="utf-8")
            for line in re.findall(r'<p class="rl-provenance"[^>]*>(.*?)</p>', page):
                names = [html_lib.unescape(n) for n in re.findall(r'<span class="rl-doc"[^>]*>(.*?)</span>', line)]
                assert names and set(names) <= expected, (loc, e.id, line[:200])
                seen.update(names)
        assert seen and not (seen & set(docs) - expected), seen


def test_the_site_is_named_in_the_readers_language(built_site):
    """Every page's title ends with the site's name from the locale's catalog (the header shows the same)."""
    import html as html_lib
    import re

    from rulings.site.i18n import UI
    from rulings.site.mkdocs_config import SITE_NAME

    from .conftest import REPO

    for loc in LOCALES:
        name = UI.load(REPO / "locales", loc).t(SITE_NAME)
        for e in entities()[:20]:
            page = (built_site / loc / P.url_of(P.entity_page(e), True) / "index.html").read_text(encoding="utf-8")
            title = html_lib.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
            assert title.endswith(f" - {name}"), (loc, title)


def test_machine_made_errata_group_headings_are_marked(built_site):
    """An errata group heading the reader gets as a machine translation carries the machine mark (and its
    original, hidden), as every other text does."""
    from rulings.model.entries import Erratum
    from rulings.translation.display import shown

    checked = 0
    for loc in LOCALES:
        for game in repo_content().games:
            groups = {er.group.source: er.group for er in repo_content().entries
                      if isinstance(er, Erratum) and er.game == game and er.group}
            machine = [g for g in groups.values() if shown(g, loc).machine]
            if not machine:
                continue
            pages = (built_site / loc / game / "errata").rglob("index.html")
            html = "".join(p.read_text(encoding="utf-8") for p in pages)
            marked = html.count('<div class="rl-group-extras"><p class="rl-marks"><span class="rl-mark')
            assert marked >= len(machine), (loc, game, marked, len(machine))
            checked += 1
    assert checked


def _edition_names() -> list[tuple[str, Entity, str]]:
    """(locale, entity, name) for every printed name the reader's edition prints in their language."""
    out = []
    for loc in LOCALES:
        for e in entities():
            tr = e.name.translations.get(loc)
            if naming_of(e) is Naming.PRINTED and loc != e.name.lang and tr is not None \
                    and tr.status is TranslationStatus.OFFICIAL and e.name.state(loc) is TextState.CURRENT:
                out.append((loc, e, tr.text))
    return out


def test_search_results_and_kiwix_titles_carry_the_editions_names(built_site):
    """Search for 追忆 shows 追忆, not "In-loving Memory"; Kiwix's title index has 奸雄: the search row of a
    printed name's page and its ZIM entry are titled as the page is."""
    from libzim.reader import Archive

    from .search_files import search_files

    names = _edition_names()
    assert names
    for loc in sorted({loc for loc, _, _ in names}):
        rows = {r.location: r for r in search_files(built_site / loc).rows}
        zim = Archive(str(built_site / "downloads" / f"rulings-{loc}.zim"))
        for _, e, name in (x for x in names if x[0] == loc):
            url = P.url_of(P.entity_page(e), True)
            assert rows[url].title.startswith(name), (loc, e.id, rows[url].title)  # "奸雄 · <game>"
            entry = zim.get_entry_by_path(P.url_of(P.entity_page(e), False))
            assert entry.title.startswith(name), (loc, e.id, entry.title)
