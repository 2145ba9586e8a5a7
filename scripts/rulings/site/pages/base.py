"""What every page kind shares: one locale's view of the site model and the helpers to link, name and
annotate entries in it."""

from __future__ import annotations

from rulings.model.entries import Change, Entity, EntityType, Entry, Erratum, Ruling, Section, Term
from rulings.site import paths as P
from rulings.site.i18n import N_, UI, _
from rulings.site.layout import Bucket, SiteModel
from rulings.site.render import NS, Ctx, Linker, esc, plain, raw, text_block

ENTITY_TYPE_LABELS = {
    EntityType.CARD: N_("Card", "Cards"),
    EntityType.HERO: N_("Hero", "Heroes"),
    EntityType.ABILITY: N_("Ability", "Abilities"),
    EntityType.KEYWORD: N_("Keyword", "Keywords"),
    EntityType.TOPIC: N_("Topic", "Topics"),
}

NO_SEARCH = "---\nsearch:\n  exclude: true\n---\n\n"
"""Front matter keeping a page out of the search index: listings only repeat names found elsewhere."""


class LocaleView:
    """The site model as read in one locale: names, links and UI strings in that locale."""

    def __init__(self, model: SiteModel, locale: str, ui: UI, directory_urls: bool = True,
                 downloads: list | None = None):
        self.downloads = downloads or []
        self.m = model
        self.locale = locale
        self.ui = ui
        self.dir_urls = directory_urls
        self.linkers = {gid: Linker(gd.terms, gd.entities, locale) for gid, gd in model.games.items()}

    def ctx(self, page: str, game: str | None = None, self_id: str | None = None) -> Ctx:
        return Ctx(self.locale, self.ui, page, self.m.locator, self.linkers.get(game) if game else None,
                   self.dir_urls, self_id)

    def t(self, msg: str, **kw: object) -> str:
        return self.ui.t(msg, **kw)

    def name(self, e: Entry) -> str:
        if isinstance(e, Entity):
            return plain(e.name, self.locale)
        if isinstance(e, Term):
            return plain(e.term, self.locale)
        if isinstance(e, Section):
            return plain(e.title, self.locale)
        if isinstance(e, Ruling):
            return plain(e.question or e.statement, self.locale)
        if isinstance(e, Erratum):
            if e.target_name:
                return plain(e.target_name, self.locale)
            target = self.m.by_id.get(e.target) if e.target else None
            return self.name(target) if target else plain(e.text, self.locale)
        if isinstance(e, Change):
            return e.date_printed or e.date or e.id
        return e.id

    def a(self, ctx: Ctx, entry_id: str, label: str | None = None) -> str:
        href = ctx.link(entry_id)
        e = self.m.by_id.get(entry_id)
        text = esc(label if label is not None else (self.name(e) if e else entry_id))
        return f'<a href="{esc(href)}">{text}</a>' if href else text

    def page_link(self, ctx: Ctx, page: str, label: str) -> str:
        return f'<a href="{esc(P.href(ctx.page, page, self.dir_urls))}">{esc(label)}</a>'


    def meta(self, e: Entry, ctx: Ctx, also: list[str], related: list[str]) -> list[str]:
        out = []
        if also:
            out.append(f'<p class="rl-also" data-search-exclude>{esc(self.t(_("Also about")))}: '
                       + ", ".join(self.a(ctx, x) for x in also) + "</p>")
        if related:
            out.append(f'<p class="rl-related" data-search-exclude>{esc(self.t(_("See also")))}: '
                       + ", ".join(self.a(ctx, x) for x in related) + "</p>")
        if e.notes:
            out.append(f'<div class="rl-notes"><span class="rl-label"{NS}>{esc(self.t(_("Note")))}</span>'
                       f"{text_block(e.notes, ctx)}</div>")
        if e.provenance:
            first, last = e.provenance.lines
            where = self.t(_("line {first}"), first=first) if first == last else \
                self.t(_("lines {first}–{last}"), first=first, last=last)
            out.append(f'<p class="rl-provenance"{NS}>{esc(self.t(_("Source")))}: {esc(e.provenance.document)}, '
                       f"{esc(where)}</p>")
        return out


    def pager(self, ctx: Ctx, listing: str, count: int, current: int) -> str:
        """Links to every page of a listing split into ``count`` pages."""
        if count <= 1:
            return ""
        links = [f"<strong>{i + 1}</strong>" if i == current else
                 self.page_link(ctx, P.chunk_page(listing, i), str(i + 1)) for i in range(count)]
        return raw(f'<p class="rl-pager">{esc(self.t(_("Pages")))}: {" ".join(links)}</p>')


    def letter_links(self, ctx: Ctx, listing: str, bucket_list: list[Bucket]) -> str:
        return raw('<ul class="rl-letter-pages">' + "".join(
            f"<li>{self.page_link(ctx, P.bucket_page(listing, b.slug), b.label)} ({len(b.entries)})</li>"
            for b in bucket_list) + "</ul>")

