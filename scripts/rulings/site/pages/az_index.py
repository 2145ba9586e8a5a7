"""A game's A–Z index of cards, heroes and topics (split into pages by letter when long)."""

from __future__ import annotations

from collections import defaultdict

from rulings.model.entries import Entity
from rulings.site import paths as P
from rulings.site.i18n import N_, _
from rulings.site.labels import ENTITY_TYPE_LABELS
from rulings.site.layout import GameData, Page, initial, sort_key
from rulings.site.pages.base import NO_SEARCH, LocaleView
from rulings.site.render import Ctx, esc, heading, original_inline, raw
from rulings.translation.display import reads_alike


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The index page and, when it is split, one page per letter."""
    return view.letter_pages(gd, P.index_page(gd.game.id), view.t(_("Index A–Z")), "index", gd.indexed,
                             gd.index_buckets, lambda entities, ctx: index_html(view, entities, gd, ctx), NO_SEARCH)


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
            items.append(f'<li>{view.a(ctx, e.id)}{original_beside(view, e)} <span class="rl-kind">{esc(kind)}</span>'
                         f"{extra}</li>")
        out.append(raw(f'<ul class="rl-index">{"".join(items)}</ul>'))
    return out


def original_beside(view: LocaleView, e: Entity) -> str:
    """The name as the source writes it, after the name the index shows (hidden until the page's switch
    shows originals), unless it reads the same: "Edelsteine (Edelsteine)" only repeats the name."""
    if e.name is None or e.name.lang == view.locale or reads_alike(view.name(e), e.name.source):
        return ""
    return original_inline(e.name.source, e.name.lang)
