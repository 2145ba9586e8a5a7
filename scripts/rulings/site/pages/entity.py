"""One page per card, hero or topic: its text, abilities, rulings, errata and where it is mentioned."""

from __future__ import annotations

from rulings.model.entries import Entity, EntityType, is_printed_name
from rulings.site import paths as P
from rulings.site.i18n import _
from rulings.site.labels import ENTITY_TYPE_LABELS, ERRATA, RULINGS, attribute_name, attribute_value
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import LocaleView
from rulings.site.pages.errata import erratum_html
from rulings.site.pages.ruling import ruling_html
from rulings.site.render import all_names, esc, heading, marker, name_gloss, original_inline, raw, text_block
from rulings.translation.display import name_shown


def render(view: LocaleView, gd: GameData, e: Entity) -> Page:
    page = P.entity_page(e)
    ctx = view.ctx(page, gd.game.id, e.id)
    title = view.name(e)
    kind = ENTITY_TYPE_LABELS[e.type]
    trail = [(view.ui.n(kind, 2), P.index_page(gd.game.id))]
    parent = view.m.by_id.get(e.parent) if e.parent else None
    if parent is not None and view.m.locator.page_of(parent.id):
        trail.append((view.name(parent), view.m.locator.page_of(parent.id)))
    printed = is_printed_name(e, "name")
    shown_name = name_shown(e.name, view.locale, printed=printed).title if e.name else None
    out = [view.crumbs(ctx, gd, [*trail, (title, None)]),
           heading(1, title, P.anchor(e.id), shown_name.lang if shown_name else None)]
    # the game beside the kind: in the header and in search results, Sorcery's Boudicca is not Anachronism's
    head = [f'<p class="rl-kind">{esc(view.ui.n(kind, 1))} · <span class="rl-game">{esc(view.game_name(gd))}'
            "</span></p>"]
    if printed:  # every printed form (the editions'), and a gloss in the reader's language
        names = all_names(e.name)
        if names.count("<span") > 1:
            head.append(f'<p class="rl-names">{names}</p>')
        head.append(name_gloss(e.name, ctx))
    elif shown_name is not None and not shown_name.is_original:  # a term: its marker, the original on demand
        head.append(f'<p class="rl-names">{marker(shown_name, ctx)}'
                    f'{original_inline(shown_name.original, shown_name.original_lang)}</p>')
    if e.aliases:
        names = sorted({a for v in e.aliases.values() for a in v})
        head.append(f'<p class="rl-aliases">{esc(view.ui.label(_("Also written")))}{esc(view.ui.listed(names))}</p>')
    if e.attributes:
        rows = "".join(f"<dt>{esc(attribute_name(view.ui, k))}</dt><dd>{esc(attribute_value(view.ui, k, v))}</dd>"
                       for k, v in e.attributes.items())
        head.append(f'<dl class="rl-facts">{rows}</dl>')
    if e.parent:
        head.append(f'<p class="rl-parent">{esc(view.ui.label(_("Belongs to")))}{view.a(ctx, e.parent)}</p>')
    if e.text:
        head.append(text_block(e.text, ctx))
    head += view.meta(e, ctx, [], e.related, e.see)
    out.append(raw(f'<div class="rl-entry rl-entity">{"".join(head)}</div>'))
    kids = gd.children.get(e.id, [])
    if kids:
        out.append(heading(2, view.ui.n(ENTITY_TYPE_LABELS[EntityType.ABILITY], 2), "abilities", searchable=False))
        for k in kids:
            ctx.seen = set()
            out.append(heading(3, view.name(k), f"sub-{P.anchor(k.id)}"))
            out.append(raw(f'<div class="rl-entry">{text_block(k.text, ctx)}<p>{view.a(ctx, k.id)}</p></div>'))
    rulings = gd.rulings_about.get(e.id, [])
    if rulings:
        out.append(heading(2, view.ui.n(RULINGS, len(rulings)), "rulings", searchable=False))
        for r in rulings:
            out += ruling_html(view, r, ctx, 3)
    errata = gd.errata_of.get(e.id, [])
    if errata:
        out.append(heading(2, view.t(ERRATA), "errata", searchable=False))
        for er in errata:
            out += erratum_html(view, er, ctx, 3)
    mentions = [m for m in gd.mentioned_in.get(e.id, [])
                if m not in {r.id for r in rulings} and m not in {x.id for x in errata} and m != e.parent]
    if mentions:
        out.append(heading(2, view.t(_("Mentioned in")), "mentioned-in", searchable=False))
        out.append(raw(view.mentions(ctx, mentions)))
    return Page(page, title, "\n".join(out) + "\n")
