"""The home page: every game with what it holds, the latest dated change, and the offline downloads."""

from __future__ import annotations

from rulings.site import paths as P
from rulings.site.i18n import C_, COLON, N_, _, human_size
from rulings.site.labels import CONTENTS, GAME, HOME
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import LocaleView
from rulings.site.render import esc, heading, plain, raw

LEAD = _("Rulings, glossaries, errata and rules clarifications for tabletop card games, with the original texts "
         "beside every translation.")
OFFLINE_LEAD = _("Read the rules with no connection: unzip a bundle and open index.html, or open the ZIM file in "
                 "any Kiwix reader (desktop, Android, iOS).")
OFFLINE = C_("heading on the home page over the downloads to read the site offline", "Offline")


def render(view: LocaleView) -> Page:
    ctx = view.ctx(P.HOME)
    lines = [heading(1, view.t(_("Card game rulings")), "home"), raw(
        f'<p class="rl-lead">{esc(view.t(LEAD))}</p>')]
    rows = []
    latest: tuple[str, str, str] | None = None
    for gid, gd in view.m.games.items():
        g = gd.game
        langs = sorted({lang for d in g.documents for lang in d.languages})
        counts = view.ui.listed([x for x in (
            view.ui.n(N_("{n} ruling", "{n} rulings"), len(gd.rulings)) if gd.rulings else "",
            view.ui.n(N_("{n} glossary term", "{n} glossary terms"), len(gd.terms)) if gd.terms else "",
            view.ui.n(N_("{n} erratum", "{n} errata"), len(gd.errata)) if gd.errata else "",
            view.ui.n(N_("{n} rule section", "{n} rule sections"), len(gd.sections)) if gd.sections else "",
        ) if x])
        badge = "" if g.identified else f' <span class="rl-badge">{esc(view.t(_("unidentified game")))}</span>'
        rows.append(f"<tr><td>{view.page_link(ctx, P.game_page(gid), plain(g.name, view.locale))}{badge}"
                    f"</td><td>{esc(counts)}</td>"
                    f"<td>{esc(view.ui.listed([view.ui.language_name(x) for x in langs]))}</td></tr>")
        for date, label in dated(view, gd):
            if latest is None or date > latest[0]:
                latest = (date, gid, label)
    lines.append(raw(
        f'<table class="rl-table rl-games"><thead><tr><th>{esc(view.t(GAME))}</th>'
        f'<th>{esc(view.t(CONTENTS))}</th><th>{esc(view.t(_("Source languages")))}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'))
    if latest:
        date, gid, label = latest
        lines.append(raw(
            f'<p class="rl-latest">{esc(view.ui.label(_("Latest change")))}{esc(view.ui.date(date))} — '
            f'{view.page_link(ctx, P.changelog_page(gid), plain(view.m.games[gid].game.name, view.locale))}'
            f'{esc(view.t(COLON))}'
            f'{esc(label)}</p>'))
    if view.downloads:
        lines.append(heading(2, view.t(OFFLINE), "downloads"))
        lines.append(raw(f'<p>{esc(view.t(OFFLINE_LEAD))}</p>'))
        items = []
        for d in view.downloads:
            who = view.t(_("all languages")) if d.locale == "all" else view.ui.language_name(d.locale)
            what = view.t(_("Offline bundle (zip)")) if d.kind == "zip" else view.t(_("Kiwix archive (ZIM)"))
            link = esc(P.quoted(f"../downloads/{d.filename}"))
            items.append(f'<li><a href="{link}" download>{esc(what)} — {esc(who)}</a> '
                         f'<span class="rl-size" data-search-exclude>{size_html(d.size, d.filename)}</span></li>')
        lines.append(raw(f'<ul class="rl-downloads">{"".join(items)}</ul>'))
    return Page(P.HOME, view.t(HOME), "\n".join(lines) + "\n")


def size_html(size: int | None, filename: str) -> str:
    """What a download's size shows, ``(1.2 MB)``. Unknown (None) in a part of a split build, which builds one locale
    while the bundles of the others are made elsewhere: there a slot for the merge to fill
    (:func:`size_slot`). Kept out of search either way, so the search index is the same bytes without the sizes."""
    return size_slot(filename) if size is None else f"({esc(human_size(size))})"


def size_slot(filename: str) -> str:
    """Where the merge writes the size of ``filename``: a tag no escaped text of the page can make."""
    return f'<data value="rl-size:{esc(filename)}"></data>'


def dated(view: LocaleView, gd: GameData) -> list[tuple[str, str]]:
    """(ISO date, label) of the game's dated items: change log lines and source documents."""
    out = [(c.date, plain(c.text, view.locale)) for c in gd.changes if c.date]
    out += [(d.date, plain(d.title, view.locale)) for d in gd.game.documents if d.date]
    return out
