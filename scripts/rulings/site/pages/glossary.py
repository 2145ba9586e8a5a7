"""A game's glossary (split into pages by letter when long)."""

from __future__ import annotations

from rulings.model.entries import Term
from rulings.site import paths as P
from rulings.site.i18n import _
from rulings.site.layout import Bucket, GameData, Page, sort_key
from rulings.site.pages.base import LocaleView
from rulings.site.render import Ctx, all_names, esc, heading, raw, text_block


def render(view: LocaleView, gd: GameData) -> Page:
    page = P.glossary_page(gd.game.id)
    ctx = view.ctx(page, gd.game.id)
    out = [heading(1, view.t(_("Glossary")), "glossary")]
    if gd.glossary_buckets is not None:
        out.append(view.letter_links(ctx, page, gd.glossary_buckets))
        return Page(page, view.t(_("Glossary")), "\n".join(out) + "\n")
    out += terms_html(view, gd.terms, ctx)
    return Page(page, view.t(_("Glossary")), "\n".join(out) + "\n")


def render_bucket(view: LocaleView, gd: GameData, b: Bucket) -> Page:
    listing = P.glossary_page(gd.game.id)
    page = P.bucket_page(listing, b.slug)
    ctx = view.ctx(page, gd.game.id)
    out = [raw(f'<p class="rl-up">↑ {view.page_link(ctx, listing, view.t(_("Glossary")))}</p>'),
           heading(1, f"{view.t(_('Glossary'))}: {b.label}", "glossary")]
    out += terms_html(view, b.entries, ctx)
    return Page(page, f"{view.t(_('Glossary'))}: {b.label}", "\n".join(out) + "\n")


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
            body.append(f'<p class="rl-aliases">{esc(view.t(_("Also written")))}: {esc(", ".join(names))}</p>')
        body.append(text_block(t.definition, ctx))
        body += view.meta(t, ctx, [], t.related)
        out.append(raw(f'<div class="rl-entry rl-term-entry">{"".join(body)}</div>'))
    return out
