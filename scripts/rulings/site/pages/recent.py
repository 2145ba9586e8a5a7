"""A game's recently changed entries: the newest first, each with its date, kind, title and a link.

Dated by :mod:`rulings.content.recency` (the content's git history, else the entries' own dates), so two
builds of one commit give the same page."""

from __future__ import annotations

from rulings.content.recency import Changed
from rulings.site import paths as P
from rulings.site.i18n import _
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import NO_SEARCH, LocaleView
from rulings.site.render import NS, esc, heading, raw

RECENT_LIMIT = 50
"""Entries on the page (the feed lists as many rulings)."""
TITLE = _("Recently changed")
BY_GIT = _("The entries of {game} changed most recently, newest first, each dated by the last commit that "
           "changed it in the content's history.")
NO_GIT = _("This copy of the content has no git history, so when its entries changed is not known: only "
           "entries that carry dates of their own (changelog lines, dated steps of a ruling's history) are "
           "listed, by those dates.")
NONE_DATED = _("No entry of this game carries a date.")
ADDED, CHANGED = _("added"), _("changed")


def change_label(view: LocaleView, c: Changed) -> str:
    """"added" or "changed" ("" when the entry is dated by itself: what happened then is not known)."""
    return "" if c.commit is None else view.t(ADDED if c.added else CHANGED)


def render(view: LocaleView, gd: GameData) -> Page:
    gid = gd.game.id
    page = P.recent_page(gid)
    ctx = view.ctx(page, gid)
    title = view.t(TITLE)
    recency = view.m.recency
    out = [view.crumbs(ctx, gd, [(title, None)]), heading(1, title, "recently-changed")]
    lead = view.t(BY_GIT, game=view.game_name(gd)) if recency.by_git else view.t(NO_GIT)
    out.append(raw(f'<p class="rl-lead">{esc(lead)}</p><p class="rl-feed">'
                   f'{view.page_link(ctx, P.feed_file(gid), view.t(_("Atom feed")))}</p>'))
    items = []
    for e, c in recency.newest(gd.entries, RECENT_LIMIT):
        what = change_label(view, c)
        badge = f' <span class="rl-badge rl-{"added" if c.added else "changed"}">{esc(what)}</span>' if what else ""
        commit = (f' <code class="rl-commit" title="{esc(c.commit.id)}"{NS}>{esc(c.commit.id[:7])}</code>'
                  if c.commit else "")
        items.append(f'<li><time datetime="{esc(c.date)}">{esc(view.ui.date(c.date))}</time>{badge} '
                     f'<span class="rl-kind"{NS}>{esc(view.kind_label(e))}</span> {view.a(ctx, e.id)}{commit}</li>')
    out.append(raw(f'<ol class="rl-recent">{"".join(items)}</ol>' if items else f"<p>{esc(view.t(NONE_DATED))}</p>"))
    return Page(page, title, NO_SEARCH + "\n".join(out) + "\n")
