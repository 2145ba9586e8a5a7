"""Atom feeds (RFC 4287), one per game and locale: the game's "What's new", one entry per dated update of its
documents (a change log entry, a dated document, a day of dated edits), newest first, titled as the page titles
them ("Updraft Ridge FAQ, March 12, 2025: 1 ruling").

Dates come from the content alone (:func:`rulings.content.dating.updates`), never from git or the clock, so a
full clone, a shallow clone and a tarball of one commit give the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.content.dating import Basis, Update, updates
from rulings.escape import xml_text
from rulings.model.entries import Change, Erratum, Ruling, Term
from rulings.site import paths as P
from rulings.site.i18n import UI, _
from rulings.site.layout import GameData, SiteModel
from rulings.site.pages import whats_new
from rulings.site.render import plain

ATOM_NS = "http://www.w3.org/2005/Atom"
EPOCH = "1970-01-01"
FEED_LIMIT = 50
"""Updates in a feed (the newest); the page lists them all."""
FEED_TITLE = _("{game}: what's new")
NAMES_LISTED = 10
"""Entries named in an update's summary; the page lists them all."""


@dataclass(frozen=True)
class Item:
    """One feed entry; ``updated`` as an RFC 3339 time."""

    updated: str
    urn: str
    title: str
    summary: str
    fragment: str
    page: str
    """The page of What's new that shows it."""


def attr(s: str) -> str:
    return f'"{xml_text(s)}"'


def urn(gid: str, u: Update) -> str:
    """The update's id, stable across builds: a change's as its entry id (``urn:rulings:sorcery:change:…``), a
    document's, a day of edits in a document."""
    if u.basis is Basis.CHANGE:
        return "urn:rulings:" + u.source.replace("/", ":")
    if u.basis is Basis.DOCUMENT:
        return f"urn:rulings:{gid}:document:{u.source}"
    return f"urn:rulings:{gid}:history:{u.source}:{u.date}"


def _link(site_url: str | None, locale: str, page: str, fragment: str | None, dir_urls: bool) -> str:
    """Absolute when the site URL is known (feed readers need it); else relative to the feed file."""
    if site_url:
        return P.site_address(site_url, locale, page, dir_urls, fragment)
    # the feed sits in the game's folder, where the game's index page is
    return P.href(P.game_page(page.split("/", 1)[0]), page, dir_urls, fragment)


def items(model: SiteModel, gd: GameData, locale: str, ui: UI) -> list[Item]:
    """The newest updates as feed entries: the page's title line, and what it dates as the summary."""
    out = []
    by_id = model.by_id
    for u in updates(gd.game, gd.entries, model.content.dates)[:FEED_LIMIT]:
        c = by_id.get(u.source)
        parts = [plain(c.text, locale)] if isinstance(c, Change) and c.text else []
        names = [plain_name(model, e, locale) for e in u.entries[:NAMES_LISTED]]
        if names:
            more = len(u.entries) - len(names)
            parts.append(ui.listed(names) + (f" {ui.t(_('and {n} more'), n=more)}" if more else ""))
        out.append(Item(f"{u.date}T00:00:00Z", urn(gd.game.id, u), whats_new.title(u, gd, by_id, locale, ui),
                        " — ".join(parts), whats_new.anchor(u), gd.whats_new_page(u)))
    return out


def plain_name(model: SiteModel, entry_id: str, locale: str) -> str:
    """An entry's title as plain text (a ruling's question, a term, an erratum's target)."""
    e = model.by_id.get(entry_id)
    if isinstance(e, Ruling):
        return plain(e.question or e.statement, locale)
    if isinstance(e, Term):
        return plain(e.term, locale)
    if isinstance(e, Erratum):
        return plain(e.target_name or e.text, locale)
    return entry_id


def atom(model: SiteModel, gd: GameData, locale: str, ui: UI, *, site_url: str | None = None,
         dir_urls: bool = True) -> bytes:
    gid = gd.game.id
    entries = items(model, gd, locale, ui)
    updated = max((x.updated for x in entries), default=f"{EPOCH}T00:00:00Z")
    name = plain(gd.game.name, locale)
    feed_self = (site_url.rstrip("/") + "/" + P.quoted(f"{locale}/{P.feed_file(gid)}")) if site_url else "feed.xml"
    page = P.whats_new_page(gid)
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="{ATOM_NS}" xml:lang={attr(locale)}>',
        f"  <id>urn:rulings:{gid}:whats-new:{locale}</id>",
        f"  <title>{xml_text(ui.t(FEED_TITLE, game=name))}</title>",
        f"  <updated>{updated}</updated>",
        "  <author><name>rulings</name></author>",
        f"  <link rel=\"self\" type=\"application/atom+xml\" href={attr(feed_self)}/>",
        f"  <link rel=\"alternate\" type=\"text/html\" href={attr(_link(site_url, locale, page, None, dir_urls))}/>",
    ]
    for it in entries:
        link = _link(site_url, locale, it.page, it.fragment, dir_urls)
        out += [
            "  <entry>",
            f"    <id>{xml_text(it.urn)}</id>",
            f"    <title>{xml_text(it.title)}</title>",
            f"    <updated>{it.updated}</updated>",
            f"    <link rel=\"alternate\" type=\"text/html\" href={attr(link)}/>",
            f"    <summary>{xml_text(it.summary)}</summary>",
            "  </entry>",
        ]
    out.append("</feed>")
    return ("\n".join(out) + "\n").encode("utf-8")
