"""A game's rules: a table of contents and one page per top-level section (and per second level)."""

from __future__ import annotations

from rulings.model.entries import Section
from rulings.site import paths as P
from rulings.site.labels import RULES
from rulings.site.layout import GameData, Page, page_section
from rulings.site.pages.base import LocaleView
from rulings.site.render import blocks_html, heading, raw, text_inline


def render_index(view: LocaleView, gd: GameData) -> Page:
    page = P.rules_index_page(gd.game.id)
    ctx = view.ctx(page, gd.game.id)
    out = [view.crumbs(ctx, gd, [(view.t(RULES), None)]), heading(1, view.t(RULES), "rules")]

    def tree(sections: list[Section]) -> str:
        return "<ul>" + "".join(
            f"<li>{view.a(ctx, s.id)}{tree(gd.subsections[s.id]) if gd.subsections.get(s.id) else ''}</li>"
            for s in sections) + "</ul>"

    out.append(raw(tree(gd.top_sections)))
    return Page(page, view.t(RULES), "\n".join(out) + "\n")


def render_section(view: LocaleView, gd: GameData, top: Section) -> Page:
    page = P.section_page(top)
    ctx = view.ctx(page, gd.game.id)
    out: list[str] = []

    def emit(s: Section, level: int) -> None:
        ctx.seen = set()
        ctx.self_id = None
        out.append(heading(min(level, 6), view.name(s), P.anchor(s.id)))
        body = []
        if s.title and s.title.state(view.locale).value in ("current", "stale"):
            body.append(f'<p class="rl-names">{text_inline(s.title, ctx, link=False)}</p>')
        body.append(blocks_html(s.blocks, ctx))
        body += view.meta(s, ctx, [], s.related)
        out.append(raw(f'<div class="rl-entry rl-section">{"".join(body)}</div>'))
        subs = gd.subsections.get(s.id, [])
        own_page = [x for x in subs if page_section(x, view.m.by_id) is x]
        if own_page:
            out.append(raw('<ul class="rl-subsections">' + "".join(f"<li>{view.a(ctx, x.id)}</li>"
                                                                  for x in own_page) + "</ul>"))
        for sub in subs:
            if sub not in own_page:
                emit(sub, level + 1)

    trail = [(view.t(RULES), P.rules_index_page(gd.game.id))]
    parent = view.m.by_id.get(top.parent) if top.parent else None
    if parent and view.m.locator.page_of(parent.id):
        trail.append((view.name(parent), view.m.locator.page_of(parent.id)))
    out.append(view.crumbs(ctx, gd, [*trail, (view.name(top), None)]))
    emit(top, 1)
    return Page(page, view.name(top), "\n".join(out) + "\n")
