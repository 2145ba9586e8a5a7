"""What every page kind shares: one locale's view of the site model and the helpers to link, name and
annotate entries in it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import groupby

from rulings.content.dating import AsOf, Basis
from rulings.model.entries import (
    Change,
    DatedEntry,
    Document,
    Entity,
    Entry,
    Erratum,
    Provenance,
    Ruling,
    Section,
    Term,
    is_printed_name,
)
from rulings.site import paths as P
from rulings.site.i18n import C_, COMMA, SEMICOLON, UI, _
from rulings.site.labels import AUTHORITY_LABELS, CHANGELOG, ENTITY_TYPE_LABELS, ERRATA, GLOSSARY, RULES, RULINGS
from rulings.site.layout import Bucket, GameData, Page, SiteModel
from rulings.site.pages.correction import Corrections
from rulings.site.render import NS, Ctx, Linker, esc, heading, name_title, plain, raw, shorten, text_block

DOCUMENT_LABEL = 60
"""Characters of a cited document's title shown beside its lines (the whole title is its tooltip)."""
NO_SEARCH = "---\nsearch:\n  exclude: true\n---\n\n"
"""Front matter keeping a page out of the search index: listings only repeat names found elsewhere."""
CRUMBS = C_("name of the trail of links above a page's title, read out by screen readers", "Breadcrumbs")
SEE = C_("label before where the source sends the reader instead (a cross-reference)", "See")
NOTE = C_("label before an entry's notes", "Note")
SOURCES = C_("label before the source documents an entry cites (two or more)", "Sources")
SOURCE = C_("label before the source document an entry cites", "Source")
PAGES = C_("label before the page numbers of a list split into pages", "Pages")
MENTION_KINDS: dict[type, str | tuple[str, str]] = {
    Ruling: RULINGS, Term: GLOSSARY, Erratum: ERRATA, Change: CHANGELOG, Section: RULES}
"""How each kind of entry is labelled in "Mentioned in" lists (entities by their own type)."""
AS_OF = _("as of {date}")
AS_OF_TITLES = {
    Basis.CHANGE: _("The date of the change log entry that added or changed it"),
    Basis.HISTORY: _("The date of the latest step of its history"),
    Basis.DOCUMENT: _("The date of the document that states it (the document does not say when it was added)"),
}
AS_OF_VERSION = _("The date of the latest change log entry of the document that states it (the document prints no "
                  "date of its own, and its change log does not name this entry)")
SUSPECT_DATE = _("suspect date")
SUSPECT_AS_OF = _("The change log prints this date out of order: it is kept as printed")
UNDATED = _("no date in the source")
UNDATED_TITLE = _("The source prints no date for this entry or its document")
Trail = list[tuple[str, str | None]]
"""Breadcrumb steps after the game: (label, page it links to, or None for the page itself)."""
Body = Callable[[list, Ctx], list[str]]
"""Renders a listing's entries (on one of its pages, in that page's context) as Markdown lines."""


class LocaleView:
    """The site model as read in one locale: names, links and UI strings in that locale."""

    def __init__(self, model: SiteModel, locale: str, ui: UI, directory_urls: bool = True,
                 downloads: list | None = None, site_url: str | None = None):
        self.downloads = downloads or []
        self.corrections = Corrections.of(model, site_url)  # None: the project names no forge
        self.m = model
        self.locale = locale
        self.ui = ui
        self.dir_urls = directory_urls
        self.linkers = {gid: Linker(gd.terms, gd.entities, locale) for gid, gd in model.games.items()}
        self._names: dict[int, str] = {}  # by id(): the model keeps every entry
        self._sources: dict[tuple[str, str], tuple[Document | None, str, str]] = {}

    def ctx(self, page: str, game: str | None = None, self_id: str | None = None) -> Ctx:
        return Ctx(self.locale, self.ui, page, self.m.locator, self.linkers.get(game) if game else None,
                   self.dir_urls, self_id)

    def t(self, msg: str, **kw: object) -> str:
        return self.ui.t(msg, **kw)

    def name(self, e: Entry) -> str:
        """The entry's name in this locale, made once: each link to an entry is labelled with it."""
        if (found := self._names.get(id(e))) is None:
            found = self._names[id(e)] = self._name(e)
        return found

    def _name(self, e: Entry) -> str:
        if isinstance(e, Entity):
            return name_title(e.name, self.locale, printed=is_printed_name(e, "name"))
        if isinstance(e, Term):
            return plain(e.term, self.locale)
        if isinstance(e, Section):
            return plain(e.title, self.locale)
        if isinstance(e, Ruling):
            return plain(e.question or e.statement, self.locale)
        if isinstance(e, Erratum):
            if e.target_name:
                return name_title(e.target_name, self.locale)
            target = self.m.by_id.get(e.target) if e.target else None
            return self.name(target) if target else plain(e.text, self.locale)
        if isinstance(e, Change):
            return self.ui.date(e.date) if e.date else (e.date_printed or e.id)  # the reader's date format
        return e.id

    def a(self, ctx: Ctx, entry_id: str, label: str | None = None) -> str:
        href = ctx.link(entry_id)
        e = self.m.by_id.get(entry_id)
        text = esc(label if label is not None else (self.name(e) if e else entry_id))
        return f'<a href="{esc(href)}">{text}</a>' if href else text

    def game_name(self, gd: GameData) -> str:
        return plain(gd.game.name, self.locale)

    def crumbs(self, ctx: Ctx, gd: GameData, trail: Trail) -> str:
        """The page's place as breadcrumbs (game › kind › entry): a raw block to put before its title."""
        steps = [(self.game_name(gd), P.game_page(gd.game.id)), *trail]
        items = [f'<li aria-current="page">{esc(label)}</li>' if page is None or page == ctx.page
                 else f"<li>{self.page_link(ctx, page, label)}</li>" for label, page in steps]
        return raw(f'<nav class="rl-crumbs" aria-label="{esc(self.t(CRUMBS))}"{NS}><ol>{"".join(items)}</ol></nav>')

    def mentions(self, ctx: Ctx, ids: list[str]) -> str:
        """Links to the entries mentioning something, grouped under a label per kind (rulings, terms…)."""
        entries = sorted((self.m.by_id[i] for i in ids if i in self.m.by_id),
                         key=lambda e: (P.kind_order(e), e.type.value if isinstance(e, Entity) else ""))
        groups = []
        for _key, group in groupby(entries, key=lambda e: (P.kind_order(e), getattr(e, "type", None))):
            items = list(group)
            shown = self.kind_label(items[0], len(items))
            links = "".join(f"<li>{self.a(ctx, e.id)}</li>" for e in items)
            groups.append(f'<p class="rl-backlinks-kind">{esc(shown)}</p><ul>{links}</ul>')
        return f'<div class="rl-backlinks"{NS}>{"".join(groups)}</div>'

    def kind_label(self, e: Entry, count: int = 1) -> str:
        """What kind of entry ``e`` is, for ``count`` of them: its entity type, else "Ruling", "Glossary"…"""
        label = ENTITY_TYPE_LABELS[e.type] if isinstance(e, Entity) else MENTION_KINDS[type(e)]
        return self.t(label) if isinstance(label, str) else self.ui.n(label, count)

    def joined(self, fragments: Iterable[str]) -> str:
        """HTML fragments joined with the locale's comma."""
        return esc(self.t(COMMA)).join(fragments)

    def page_link(self, ctx: Ctx, page: str, label: str) -> str:
        return f'<a href="{esc(P.href(ctx.page, page, self.dir_urls))}">{esc(label)}</a>'

    def meta(self, e: Entry, ctx: Ctx, also: list[str], related: list[str], see: Sequence[str] = ()) -> list[str]:
        """Links and notes below an entry. ``see``: where the source sends the reader instead ("See");
        ``related``: what to read as well ("See also")."""
        out = []
        if also:
            out.append(f'<p class="rl-also" data-search-exclude>{esc(self.ui.label(_("Also about")))}'
                       + self.joined(self.a(ctx, x) for x in also) + "</p>")
        if see:
            out.append(f'<p class="rl-see" data-search-exclude>{esc(self.ui.label(SEE))}'
                       + self.joined(self.a(ctx, x) for x in see) + "</p>")
        if related:
            out.append(f'<p class="rl-related" data-search-exclude>{esc(self.ui.label(_("See also")))}'
                       + self.joined(self.a(ctx, x) for x in related) + "</p>")
        if e.notes:
            out.append(f'<div class="rl-notes"><span class="rl-label"{NS}>{esc(self.t(NOTE))}</span>'
                       f"{text_block(e.notes, ctx)}</div>")
        if e.provenance:  # every cited source, each with its lines and authority
            label = SOURCES if len(e.provenance) > 1 else SOURCE
            out.append(f'<p class="rl-provenance"{NS}>{esc(self.ui.label(label))}'
                       + esc(self.t(SEMICOLON)).join(self.citation(e.game, p, ctx) for p in e.provenance) + "</p>")
        if isinstance(e, DatedEntry):
            out.append(f'<p class="rl-as-of"{NS}>{self.as_of(e, ctx)}</p>')
        if self.corrections and (links := self.corrections.links(self, e)):
            out.append(links)
        return out

    def as_of(self, e: DatedEntry, ctx: Ctx) -> str:
        """The entry's date as the reader writes dates ("as of 12 March 2025"), what it is the date of as its
        tooltip, linked to the change log entry that dates it; "no date in the source" when nothing does."""
        d: AsOf | None = self.m.content.dates.get(e.id)
        if d is None:
            return f'<span class="rl-undated" title="{esc(self.t(UNDATED_TITLE))}">{esc(self.t(UNDATED))}</span>'
        why = self.t(AS_OF_TITLES[d.basis] if d.printed else AS_OF_VERSION)
        when = (f'<time datetime="{esc(d.date)}" title="{esc(why)}">'
                f'{esc(self.t(AS_OF, date=self.ui.date(d.date)))}</time>')
        href = ctx.link(d.source) if d.basis is Basis.CHANGE else None
        out = f'<a href="{esc(href)}">{when}</a>' if href else when
        if d.suspect:
            out += (f' <span class="rl-badge rl-suspect" title="{esc(self.t(SUSPECT_AS_OF))}">'
                    f"{esc(self.t(SUSPECT_DATE))}</span>")
        return out

    def citation(self, game_id: str, prov: Provenance, ctx: Ctx) -> str:
        """One cited source: the document, its lines linked to the page of the kept original, its authority."""
        first, last = prov.lines
        where = self.t(_("line {first}"), first=first) if first == last else \
            self.t(_("lines {first}–{last}"), first=first, last=last)
        doc, name, badge = self._source(game_id, prov.document)
        if doc is not None:  # the lines, highlighted on the page (the part) of the kept original that shows them
            parts = self.m.games[game_id].sources.get(doc.id) if game_id in self.m.games else None
            target = P.href(ctx.page, P.source_part_page(game_id, doc.file, parts.index_of(first) if parts else 0),
                            self.dir_urls, f"L{first}" if first == last else f"L{first}-L{last}")
            where = f'<a class="rl-source-link" href="{esc(target)}">{esc(where)}</a>'
        else:
            where = esc(where)
        return f"{self.joined([name, where])}{badge}"

    def _source(self, game_id: str, document: str) -> tuple[Document | None, str, str]:
        """A cited document, its name and its authority badge, once per document: every entry cites one."""
        key = (game_id, document)
        if (found := self._sources.get(key)) is None:
            game = self.m.content.games.get(game_id)
            doc = next((d for d in game.documents if d.id == document), None) if game else None
            found = self._sources[key] = (doc, self.document_name(doc, document),
                                          self.authority_badge(game_id, document))
        return found

    def document_name(self, doc: Document | None, fallback: str) -> str:
        """A cited document as the reader knows it: its title in their language (the display policy), cut
        to a label's length with the whole title as its tooltip; never its id, unless the id is all there is."""
        if doc is None:
            return esc(fallback)
        title = plain(doc.title, self.locale)
        short = shorten(title, DOCUMENT_LABEL)
        tip = f' title="{esc(title)}"' if short != title else ""
        return f'<span class="rl-doc"{tip}>{esc(short)}</span>'


    def authority_badge(self, game: str, document: str) -> str:
        """Who stands behind a source document, as a small badge beside the entries cited from it."""
        gd = self.m.games.get(game)
        doc = next((d for d in gd.game.documents if d.id == document), None) if gd else None
        if doc is None:
            return ""
        return (f' <span class="rl-badge rl-authority rl-authority-{doc.authority.value}">'
                f"{esc(self.t(AUTHORITY_LABELS[doc.authority]))}</span>")

    def letter_pages(self, gd: GameData, listing: str, title: str, anchor: str, entries: list,
                     bucket_list: list[Bucket] | None, body: Body, front: str = "") -> list[Page]:
        """A listing split by letter (see :func:`.layout.buckets`): the listing page, holding every entry
        or, when split, links to the letter pages; then one page per letter. ``front`` starts each page."""
        ctx = self.ctx(listing, gd.game.id)
        out = [self.crumbs(ctx, gd, [(title, None)]), heading(1, title, anchor)]
        if bucket_list is None:
            out += body(entries, ctx)
        else:
            out.append(raw('<ul class="rl-letter-pages">' + "".join(
                f"<li>{self.page_link(ctx, P.bucket_page(listing, b.slug), b.label)} ({len(b.entries)})</li>"
                for b in bucket_list) + "</ul>"))
        pages = [Page(listing, title, front + "\n".join(out) + "\n")]
        for b in bucket_list or []:
            page = P.bucket_page(listing, b.slug)
            ctx = self.ctx(page, gd.game.id)
            letter_title = f"{self.ui.label(title)}{b.label}"
            out = [self.crumbs(ctx, gd, [(title, listing), (b.label, None)]),
                   heading(1, letter_title, anchor), *body(b.entries, ctx)]
            pages.append(Page(page, letter_title, front + "\n".join(out) + "\n"))
        return pages

    def chunk_pages(self, gd: GameData, listing: str, title: str, anchor: str, chunks: list[list],
                    body: Body, front: str = "") -> list[Page]:
        """A listing in chunks of a bounded size (see :func:`.layout.chunks`), each page linking to all.
        ``front`` starts each page."""
        pages = []
        for i, chunk in enumerate(chunks):
            page = P.chunk_page(listing, i)
            ctx = self.ctx(page, gd.game.id)
            trail: Trail = [(title, None)] if i == 0 else [(title, listing), (str(i + 1), None)]
            out = [self.crumbs(ctx, gd, trail), heading(1, title, anchor)]
            if len(chunks) > 1:
                links = [f"<strong>{n + 1}</strong>" if n == i else
                         self.page_link(ctx, P.chunk_page(listing, n), str(n + 1)) for n in range(len(chunks))]
                out.append(raw(f'<p class="rl-pager">{esc(self.ui.label(PAGES))}{" ".join(links)}</p>'))
            else:
                out.append("")
            out += body(chunk, ctx)
            pages.append(Page(page, title, front + "\n".join(out) + "\n"))
        return pages
