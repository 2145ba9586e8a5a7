"""A game's "What's new": the updates of its documents, newest first, by the dates the documents print, each with
the rulings, errata and glossary terms it dates ("Updraft Ridge FAQ, March 12, 2025: 1 ruling").

The updates come from :func:`rulings.content.dating.updates` (the content alone, never git: a shallow clone or a
tarball gives the same page); the Atom feed (:mod:`rulings.publish.feeds`) lists the same, titled the same."""

from __future__ import annotations

from rulings.content.dating import Basis, Update
from rulings.model.entries import Change, Entry, Erratum, Ruling, StatusChange, Term
from rulings.site import paths as P
from rulings.site.i18n import C_, COLON, N_, UI, _
from rulings.site.labels import ERRATA, GLOSSARY
from rulings.site.layout import LIST_LIMIT, GameData, Page
from rulings.site.pages.base import NO_SEARCH, SUSPECT_DATE, LocaleView
from rulings.site.render import NS, Ctx, esc, heading, plain, raw, shorten, text_block

TITLE = _("What's new")
LEAD = _("What the source documents of {game} added or changed, newest first, by the dates they print: each "
         "change log entry with the rulings, errata and glossary terms it dates, each dated document with what it "
         "states. An entry is listed under the latest update that dates it. This site's own edits (translations, "
         "corrections, imports) date nothing.")
NONE_DATED = _("The source documents of {game} print no dates, so when its rulings were made or changed is not "
               "known.")
SUSPECT_PLACED = _("Listed where the document prints it: its printed date, “{printed}”, is out of order, so it is "
                   "kept as printed, not sorted by.")
DOCUMENT_DATED = _("The document's own date: it does not say when each entry was added, so everything it states "
                   "that no later update dates is listed here.")
CHANGE_LOGGED = _("From the change log of {document}, printed as “{printed}”:")
EDITED = _("{document}: dated edits")
NAMES = C_("label in a what's-new entry, before the rulings and terms a change names", "Names")
TOO_MANY = _("Too many to list here; each shows this date where it is listed:")
COUNTS = {Ruling: N_("{n} ruling", "{n} rulings"), Erratum: N_("{n} erratum", "{n} errata"),
          Term: N_("{n} glossary term", "{n} glossary terms")}
NOTHING = _("no ruling, erratum or term")
WHAT_CHARS = 80
"""Characters of a change log entry's text in an update's title (the whole text is below it)."""


def what(u: Update, gd: GameData, by_id: dict[str, Entry], locale: str, ui: UI) -> str:
    """What the update is, in a few words: the change log entry's text, the document's title, or its edits."""
    if u.basis is Basis.CHANGE:
        c = by_id.get(u.source)
        return shorten(plain(c.text, locale), WHAT_CHARS) if c is not None and c.text else u.source
    doc = next((d for d in gd.game.documents if d.id == u.source), None)
    title = plain(doc.title, locale) if doc else u.source
    if u.basis is Basis.DOCUMENT:
        return title
    steps = [s for e in u.entries if (s := _step(by_id.get(e), u.date)) is not None and s.note]
    if len(u.entries) == 1 and steps:
        return f"{title}{ui.t(COLON)}{shorten(plain(steps[0].note, locale), WHAT_CHARS)}"
    return ui.t(EDITED, document=title)


def _step(e: Entry | None, date: str) -> StatusChange | None:
    return next((h for h in reversed(e.history) if h.date == date), None) if isinstance(e, Ruling) else None


def counts(u: Update, by_id: dict[str, Entry], ui: UI) -> str:
    """"14 rulings, 2 glossary terms": what the update dates, by kind."""
    return counts_of(u.entries, by_id, ui)


def counts_of(ids: list[str], by_id: dict[str, Entry], ui: UI) -> str:
    """"14 rulings, 2 glossary terms": the rulings, errata and terms among ``ids``, by kind."""
    parts = []
    for cls, pair in COUNTS.items():
        n = sum(1 for e in ids if isinstance(by_id.get(e), cls))
        if n:
            parts.append(ui.n(pair, n))
    return ui.listed(parts) if parts else ui.t(NOTHING)


def title(u: Update, gd: GameData, by_id: dict[str, Entry], locale: str, ui: UI) -> str:
    """"Updraft Ridge FAQ, March 12, 2025: 1 ruling": the update's line on the page and in the feed."""
    return ui.t(_("{what}, {date}: {counts}"), what=what(u, gd, by_id, locale, ui), date=ui.date(u.date),
                counts=counts(u, by_id, ui))


def anchor(u: Update) -> str:
    """The update's anchor on the page: a change's as on the changelog page, else the document's and the date."""
    return P.anchor(u.source) if u.basis is Basis.CHANGE else f"update-{u.basis.value}-{u.source}-{u.date}"


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The game's What's new: its updates newest first, on pages of bounded size (:func:`.layout.update_chunks`),
    the first with the lead and the feed."""
    gid = gd.game.id
    found = bool(gd.update_chunks[0])
    lead = view.t(LEAD if found else NONE_DATED, game=view.game_name(gd))

    def listed(chunk: list[Update], ctx: Ctx) -> list[str]:
        out = []
        if chunk is gd.update_chunks[0]:
            out.append(raw(f'<p class="rl-lead">{esc(lead)}</p><p class="rl-feed">'
                           f'{view.page_link(ctx, P.feed_file(gid), view.t(_("Atom feed")))}</p>'))
        for u in chunk:
            ctx.seen = set()
            out.append(heading(2, title(u, gd, view.m.by_id, view.locale, view.ui), anchor(u), searchable=False))
            out.append(raw(f'<div class="rl-update"{NS}>{"".join(body(view, gd, u, ctx))}</div>'))
        return out

    return view.chunk_pages(gd, P.whats_new_page(gid), view.t(TITLE), "whats-new", gd.update_chunks, listed,
                            NO_SEARCH)


def body(view: LocaleView, gd: GameData, u: Update, ctx: Ctx) -> list[str]:
    by_id = view.m.by_id
    c = by_id.get(u.source)
    when = f'<time datetime="{esc(u.date)}">{esc(view.ui.date(u.date))}</time>'
    if isinstance(c, Change) and (href := ctx.link(c.id)):
        when = f'<a href="{esc(href)}">{when}</a>'  # the entry on the changelog page
    out = [f'<p class="rl-update-when">{when}']
    if u.suspect:
        out.append(f' <span class="rl-badge rl-suspect">{esc(view.t(SUSPECT_DATE))}</span>')
    out.append("</p>")
    if isinstance(c, Change):
        doc = next((d for d in gd.game.documents if c.origin and d.id == c.origin.document), None)
        logged = view.t(CHANGE_LOGGED, document=plain(doc.title, view.locale) if doc else c.game,
                        printed=c.date_printed or c.date or "")
        out.append(f"<p>{esc(logged)}</p>")
        if c.text:
            out.append(text_block(c.text, ctx))
        if u.suspect:
            out.append(f'<p class="rl-warning rl-suspect">'
                       f"{esc(view.t(SUSPECT_PLACED, printed=c.date_printed or c.date or ''))}</p>")
    elif u.basis is Basis.DOCUMENT:
        out.append(f'<p>{esc(view.t(DOCUMENT_DATED))}</p>')
    if u.named:
        out.append(f'<p class="rl-touches">{esc(view.ui.label(NAMES))}'
                   + view.joined(view.a(ctx, x) for x in u.named if x in by_id) + "</p>")
    if len(u.entries) <= LIST_LIMIT:
        items = [f'<li><span class="rl-kind">{esc(view.kind_label(by_id[e]))}</span> {view.a(ctx, e)}</li>'
                 for e in u.entries if e in by_id]
        if items:
            out.append(f'<ul class="rl-update-entries">{"".join(items)}</ul>')
    else:
        listings = [(P.index_page(gd.game.id), _("Index A–Z"), gd.entities),
                    (P.glossary_page(gd.game.id), GLOSSARY, gd.terms),
                    (P.errata_page(gd.game.id), ERRATA, gd.errata)]
        shown = [view.page_link(ctx, p, view.t(label)) for p, label, there in listings if there]
        out.append(f"<p>{esc(view.t(TOO_MANY))} {view.joined(shown)}</p>")
    return out
