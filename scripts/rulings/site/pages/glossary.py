"""A game's glossary (split into pages by letter when long)."""

from __future__ import annotations

from rulings.model.entries import Term
from rulings.site import paths as P
from rulings.site.i18n import _
from rulings.site.labels import GLOSSARY
from rulings.site.layout import GameData, Page, sort_key
from rulings.site.pages.base import LocaleView
from rulings.site.render import Ctx, all_names, esc, heading, raw, text_block


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The glossary page and, when it is split, one page per letter."""
    return view.letter_pages(gd, P.glossary_page(gd.game.id), view.t(GLOSSARY), "glossary", gd.terms,
                             gd.glossary_buckets, lambda terms, ctx: terms_html(view, terms, ctx))


def terms_html(view: LocaleView, terms: list[Term], ctx: Ctx) -> list[str]:
    out = []
    for t in sorted(terms, key=lambda x: sort_key(view.name(x))):
        ctx.seen = set()
        ctx.self_id = t.id
        out.append(heading(2, view.name(t), P.anchor(t.id)))
        body = []
        if t.term and (t.term.lang != view.locale or t.term.translations):
            body.append(f'<p class="rl-names">{all_names(t.term)}</p>')
        if t.aliases:
            names = sorted({a for v in t.aliases.values() for a in v})
            body.append(f'<p class="rl-aliases">{esc(view.ui.label(_("Also written")))}'
                        f"{esc(view.ui.listed(names))}</p>")
        body.append(text_block(t.definition, ctx))
        body += view.meta(t, ctx, [], t.related)
        out.append(raw(f'<div class="rl-entry rl-term-entry">{"".join(body)}</div>'))
    return out
