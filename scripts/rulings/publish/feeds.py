"""Atom feeds (RFC 4287), one per game and locale: rulings added or changed, dated change log lines and
source documents, newest first.

Dates come from the data and the content's git history (:mod:`rulings.content.recency`), never from the
clock, so two builds of the same commit are identical.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from rulings.content.recency import Changed
from rulings.model.entries import Ruling
from rulings.site import paths as P
from rulings.site.escape import xml_text
from rulings.site.i18n import UI, _
from rulings.site.layout import GameData, SiteModel
from rulings.site.pages import recent
from rulings.site.render import plain

ATOM_NS = "http://www.w3.org/2005/Atom"
EPOCH = "1970-01-01"
ADDED_TITLE = _("Added: {title}")
CHANGED_TITLE = _("Changed: {title}")
KIND_LABELS = {"added": recent.ADDED, "changed": recent.CHANGED}


@dataclass(frozen=True)
class Item:
    """One feed entry; ``updated`` (and ``published``) as RFC 3339 times, ``kind`` its category term."""

    updated: str
    urn: str
    title: str
    summary: str
    page: str
    fragment: str | None
    published: str | None = None
    kind: str | None = None  # "added" or "changed" for a ruling


def attr(s: str) -> str:
    return f'"{xml_text(s)}"'


def _entry_urn(entry_id: str) -> str:
    return "urn:rulings:" + entry_id.replace("/", ":")


def _time(date: str, c: Changed | None = None) -> str:
    if c is not None and c.commit is not None:
        return dt.datetime.fromtimestamp(c.commit.time, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"{date}T00:00:00Z"


def _link(site_url: str | None, locale: str, page: str, fragment: str | None, dir_urls: bool) -> str:
    """Absolute when the site URL is known (feed readers need it); else relative to the feed file."""
    if site_url:
        return P.site_address(site_url, locale, page, dir_urls, fragment)
    # the feed sits in the game's folder, where the game's index page is
    return P.href(P.game_page(page.split("/", 1)[0]), page, dir_urls, fragment)


def ruling_items(model: SiteModel, gd: GameData, locale: str, ui: UI) -> list[Item]:
    """The rulings changed most recently (as many as the Recently changed page lists), added or changed."""
    items = []
    for r, c in model.recency.newest(gd.rulings, recent.RECENT_LIMIT):
        where = model.locator.pages.get(r.id)
        if where is None or not isinstance(r, Ruling):
            continue
        title = plain(r.question or r.statement, locale)
        kind = None if c.commit is None else "added" if c.added else "changed"
        label = ui.t(ADDED_TITLE if c.added else CHANGED_TITLE, title=title) if kind else title
        summary = plain(r.answer, locale) if r.question and r.answer else ""
        items.append(Item(_time(c.date, c), _entry_urn(r.id), label, summary, where[0], where[1],
                          _time(c.date, c) if c.added else None, kind))
    return items


def atom(model: SiteModel, gd: GameData, locale: str, ui: UI, *, site_url: str | None = None,
         dir_urls: bool = True) -> bytes:
    gid = gd.game.id
    log = P.changelog_page(gid)
    items = ruling_items(model, gd, locale, ui)
    for c in gd.changes:
        if not c.date:
            continue
        title = (c.date_printed or c.date) + (f" ({ui.t(_('suspect date'))})" if c.suspect_date else "")
        items.append(Item(_time(c.date), _entry_urn(c.id), title, plain(c.text, locale), log, P.anchor(c.id)))
    for d in gd.game.documents:
        if d.date:
            items.append(Item(_time(d.date), f"urn:rulings:{gid}:document:{d.id}", plain(d.title, locale),
                              ui.t(_("Source document of {game}"), game=plain(gd.game.name, locale)), log,
                              "documents"))
    items.sort(key=lambda x: (x.updated, x.urn), reverse=True)
    updated = items[0].updated if items else f"{EPOCH}T00:00:00Z"
    name = plain(gd.game.name, locale)
    feed_self = (site_url.rstrip("/") + "/" + P.quoted(f"{locale}/{P.feed_file(gid)}")) if site_url else "feed.xml"
    changelog = _link(site_url, locale, P.recent_page(gid), None, dir_urls)
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="{ATOM_NS}" xml:lang={attr(locale)}>',
        f"  <id>urn:rulings:{gid}:changelog:{locale}</id>",
        f"  <title>{xml_text(ui.t(_('{game}: changes'), game=name))}</title>",
        f"  <updated>{updated}</updated>",
        "  <author><name>rulings</name></author>",
        f"  <link rel=\"self\" type=\"application/atom+xml\" href={attr(feed_self)}/>",
        f"  <link rel=\"alternate\" type=\"text/html\" href={attr(changelog)}/>",
    ]
    for it in items:
        link = _link(site_url, locale, it.page, it.fragment, dir_urls)
        out += [
            "  <entry>",
            f"    <id>{xml_text(it.urn)}</id>",
            f"    <title>{xml_text(it.title)}</title>",
            f"    <updated>{it.updated}</updated>",
            *([f"    <published>{it.published}</published>"] if it.published else []),
            *([f"    <category term={attr(it.kind)} label={attr(ui.t(KIND_LABELS[it.kind]))}/>"] if it.kind else []),
            f"    <link rel=\"alternate\" type=\"text/html\" href={attr(link)}/>",
            f"    <summary>{xml_text(it.summary)}</summary>",
            "  </entry>",
        ]
    out.append("</feed>")
    return ("\n".join(out) + "\n").encode("utf-8")
