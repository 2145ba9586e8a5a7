"""Atom feeds (RFC 4287), one per game and locale: dated change log lines and source documents.

Dates come from the data, never from the clock, so two builds of the same content are identical.
"""

from __future__ import annotations

from rulings.site import paths as P
from rulings.site.escape import xml_text
from rulings.site.i18n import UI, _
from rulings.site.layout import GameData
from rulings.site.render import plain

ATOM_NS = "http://www.w3.org/2005/Atom"
EPOCH = "1970-01-01"


def attr(s: str) -> str:
    return f'"{xml_text(s)}"'


def _entry_urn(entry_id: str) -> str:
    return "urn:rulings:" + entry_id.replace("/", ":")


def _link(site_url: str | None, locale: str, page: str, fragment: str | None, dir_urls: bool) -> str:
    """Absolute when the site URL is known (feed readers need it); else relative to the feed file."""
    if site_url:
        return P.site_address(site_url, locale, page, dir_urls, fragment)
    # the feed sits in the game's folder, where the game's index page is
    return P.href(P.game_page(page.split("/", 1)[0]), page, dir_urls, fragment)


def atom(gd: GameData, locale: str, ui: UI, *, site_url: str | None = None, dir_urls: bool = True) -> bytes:
    gid = gd.game.id
    items: list[tuple[str, str, str, str, str | None]] = []  # (date, id, title, summary, link fragment)
    for c in gd.changes:
        if not c.date:
            continue
        title = (c.date_printed or c.date) + (f" ({ui.t(_('suspect date'))})" if c.suspect_date else "")
        items.append((c.date, _entry_urn(c.id), title, plain(c.text, locale), P.anchor(c.id)))
    for d in gd.game.documents:
        if d.date:
            items.append((d.date, f"urn:rulings:{gid}:document:{d.id}", plain(d.title, locale),
                          ui.t(_("Source document of {game}"), game=plain(gd.game.name, locale)), "documents"))
    items.sort(key=lambda x: (x[0], x[1]), reverse=True)
    updated = items[0][0] if items else EPOCH
    name = plain(gd.game.name, locale)
    feed_self = (site_url.rstrip("/") + f"/{locale}/" + P.feed_file(gid)) if site_url else "feed.xml"
    changelog = _link(site_url, locale, P.changelog_page(gid), None, dir_urls)
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="{ATOM_NS}" xml:lang={attr(locale)}>',
        f"  <id>urn:rulings:{gid}:changelog:{locale}</id>",
        f"  <title>{xml_text(ui.t(_('{game}: changes'), game=name))}</title>",
        f"  <updated>{updated}T00:00:00Z</updated>",
        "  <author><name>rulings</name></author>",
        f"  <link rel=\"self\" type=\"application/atom+xml\" href={attr(feed_self)}/>",
        f"  <link rel=\"alternate\" type=\"text/html\" href={attr(changelog)}/>",
    ]
    for date, urn, title, summary, frag in items:
        link = _link(site_url, locale, P.changelog_page(gid), frag, dir_urls)
        out += [
            "  <entry>",
            f"    <id>{xml_text(urn)}</id>",
            f"    <title>{xml_text(title)}</title>",
            f"    <updated>{date}T00:00:00Z</updated>",
            f"    <link rel=\"alternate\" type=\"text/html\" href={attr(link)}/>",
            f"    <summary>{xml_text(summary)}</summary>",
            "  </entry>",
        ]
    out.append("</feed>")
    return ("\n".join(out) + "\n").encode("utf-8")
