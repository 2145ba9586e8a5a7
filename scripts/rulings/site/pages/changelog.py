"""A game's changelog: its dated changes, newest first as the log places them (an entry printed out of date order
where the log prints it, saying why), each with what it names and what it dates, and its dated source documents."""

from __future__ import annotations

from rulings.model.entries import Change, DatedEntry
from rulings.site import paths as P
from rulings.site.i18n import C_, _
from rulings.site.labels import CHANGELOG
from rulings.site.layout import GameData, Page
from rulings.site.pages import whats_new
from rulings.site.pages.base import LocaleView
from rulings.site.render import Ctx, esc, heading, raw, text_block, text_inline

SUSPECT = _("Suspect date: printed as “{printed}”, out of order in the source.")
PLACED = _("Listed where the document prints it, after “{before}”, not where its date would sort it.")
NAMED = _("Rulings and terms it names")
CHANGED = C_("label in a change log entry, before the entries it changed", "Changed")


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The changelog's pages (:func:`.layout.weighed_chunks`), the first with the feed, the last with the dated
    source documents."""
    gid = gd.game.id
    changes = [c for chunk in gd.change_chunks for c in chunk]
    at = {c.id: i for i, c in enumerate(changes)}

    def listed(chunk: list[Change], ctx: Ctx) -> list[str]:
        out = []
        if chunk is gd.change_chunks[0]:
            out.append(raw(f'<p class="rl-feed">{view.page_link(ctx, P.feed_file(gid), view.t(_("Atom feed")))}</p>'))
            if not changes:
                out.append(raw(f"<p>{esc(view.t(_('The source documents of this game print no dated changes.')))}</p>"))
        for c in chunk:
            i = at[c.id]
            ctx.seen = set()
            when = view.ui.date(c.date) if c.date else (c.date_printed or "")
            out.append(heading(2, when, P.anchor(c.id)))
            body = []
            if c.suspect_date:
                warning = view.t(SUSPECT, printed=c.date_printed or "")
                body.append(f'<p class="rl-warning rl-suspect">{esc(warning)}</p>')
                before = next((x for x in changes[i + 1:] if not x.suspect_date and x.date), None)
                if before is not None:
                    placed = view.t(PLACED, before=before.date_printed or view.ui.date(before.date or ""))
                    body.append(f'<p class="rl-suspect-placed">{esc(placed)}</p>')
                if c.suspect_note:
                    body.append(text_block(c.suspect_note, ctx, "rl-suspect-note"))
            elif c.date_printed:
                body.append(f'<p class="rl-printed">{esc(view.t(_("printed as")))} “{esc(c.date_printed)}”</p>')
            body.append(text_block(c.text, ctx))
            named = [x for x in c.touches if not isinstance(view.m.by_id.get(x), DatedEntry)]
            dated = [x for x in c.touches if x not in named]
            if named:
                body.append(f'<p class="rl-touches">{esc(view.ui.label(CHANGED))}'
                            + view.joined(view.a(ctx, x) for x in named) + "</p>")
            if dated:  # listed on What's new, each under the latest change naming it
                counted = whats_new.counts_of(dated, view.m.by_id, view.ui)
                href = P.href(ctx.page, gd.whats_new_page_of_change(c.id), view.dir_urls, P.anchor(c.id))
                body.append(f'<p class="rl-dates">{esc(view.ui.label(NAMED))}{esc(counted)} '
                            f'(<a href="{esc(href)}">{esc(view.t(whats_new.TITLE))}</a>)</p>')
            out.append(raw(f'<div class="rl-entry rl-change">{"".join(body)}</div>'))
        docs = [d for d in gd.game.documents if d.date]
        if docs and chunk is gd.change_chunks[-1]:
            out.append(heading(2, view.t(_("Source documents")), "documents"))
            out.append(raw("<ul>" + "".join(
                f"<li>{esc(view.ui.date(d.date))} — {text_inline(d.title, ctx, link=False)}</li>" for d in docs)
                + "</ul>"))
        return out

    return view.chunk_pages(gd, P.changelog_page(gid), view.t(CHANGELOG), "changelog", gd.change_chunks, listed)
