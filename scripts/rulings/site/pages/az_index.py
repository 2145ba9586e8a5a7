"""A game's A–Z index of cards, heroes and topics (split into pages by letter when long)."""

from __future__ import annotations

from collections import defaultdict

from rulings.model.entries import Entity
from rulings.site import paths as P
from rulings.site.i18n import N_, _
from rulings.site.layout import Bucket, GameData, Page, initial, sort_key
from rulings.site.pages.base import ENTITY_TYPE_LABELS, NO_SEARCH, LocaleView
from rulings.site.render import Ctx, esc, heading, raw


def render(view: LocaleView, gd: GameData) -> Page:
    page = P.index_page(gd.game.id)
    ctx = view.ctx(page, gd.game.id)
    out = [heading(1, view.t(_("Index A–Z")), "index")]
    if gd.index_buckets is not None:
        out.append(view.letter_links(ctx, page, gd.index_buckets))
        return Page(page, view.t(_("Index A–Z")), NO_SEARCH + "\n".join(out) + "\n")
    out += index_html(view, gd.indexed, gd, ctx)
    return Page(page, view.t(_("Index A–Z")), NO_SEARCH + "\n".join(out) + "\n")


def render_bucket(view: LocaleView, gd: GameData, b: Bucket) -> Page:
    listing = P.index_page(gd.game.id)
    page = P.bucket_page(listing, b.slug)
    ctx = view.ctx(page, gd.game.id)
    title = f"{view.t(_('Index A–Z'))}: {b.label}"
    out = [raw(f'<p class="rl-up">↑ {view.page_link(ctx, listing, view.t(_("Index A–Z")))}</p>'),
           heading(1, title, "index")]
    out += index_html(view, b.entries, gd, ctx)
    return Page(page, title, NO_SEARCH + "\n".join(out) + "\n")


def index_html(view: LocaleView, entities: list[Entity], gd: GameData, ctx: Ctx) -> list[str]:
    """Entities grouped by the initial of their name in this locale (abilities are on their hero's page)."""
    out = []
    by_letter: dict[str, list[Entity]] = defaultdict(list)
    for e in entities:
        by_letter[initial(view.name(e))].append(e)
    letters = sorted(by_letter)
    out.append(raw('<p class="rl-letters">' + " ".join(
        f'<a href="#letter-{esc(x.lower() if x != "#" else "other")}">{esc(x)}</a>' for x in letters) + "</p>"))
    for letter in letters:
        out.append(heading(2, letter, f"letter-{letter.lower() if letter != '#' else 'other'}"))
        items = []
        for e in sorted(by_letter[letter], key=lambda x: sort_key(view.name(x))):
            n = len(gd.rulings_about.get(e.id, []))
            kind = view.ui.n(ENTITY_TYPE_LABELS[e.type], 1)
            extra = f" — {esc(view.ui.n(N_('{n} ruling', '{n} rulings'), n))}" if n else ""
            orig = ""
            if e.name and e.name.lang != view.locale and e.name.get(view.locale):
                orig = f' <span class="rl-original-inline" lang="{esc(e.name.lang)}">{esc(e.name.source)}</span>'
            items.append(f'<li>{view.a(ctx, e.id)}{orig} <span class="rl-kind">{esc(kind)}</span>{extra}</li>')
        out.append(raw(f'<ul class="rl-index">{"".join(items)}</ul>'))
    return out
