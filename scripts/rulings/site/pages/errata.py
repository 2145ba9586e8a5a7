"""An erratum as HTML (also shown on the page of the card it corrects), and a game's errata pages."""

from __future__ import annotations

from collections import defaultdict

from rulings.model.entries import Erratum
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.i18n import _
from rulings.site.labels import ERRATUM_TYPE_LABELS
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import LocaleView
from rulings.site.render import NS, Ctx, esc, heading, plain, raw, text_block, text_extras


def erratum_html(view: LocaleView, er: Erratum, ctx: Ctx, level: int) -> list[str]:
    ctx.seen = set()
    out = [heading(level, view.name(er), P.anchor(er.id))]
    body = [f'<p class="rl-kind">{esc(view.t(_("Erratum")))} · {esc(view.t(ERRATUM_TYPE_LABELS[er.type]))}</p>']
    if er.target and ctx.self_id != er.target:
        body.append(f'<p>{esc(view.ui.label(_("Corrects")))}{view.a(ctx, er.target)}</p>')
    body.append(text_block(er.text, ctx))
    if er.original:
        body.append(f'<div class="rl-was"><span class="rl-label"{NS}>{esc(view.t(_("Printed")))}</span>'
                    f"{text_block(er.original, ctx)}</div>")
    if er.corrected:
        body.append(f'<div class="rl-now"><span class="rl-label"{NS}>{esc(view.t(_("Corrected")))}</span>'
                    f"{text_block(er.corrected, ctx)}</div>")
    body += view.meta(er, ctx, [], er.related)
    out.append(raw(f'<div class="rl-entry rl-erratum">{"".join(body)}</div>'))
    return out


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The errata pages, each erratum under its group's heading (as the source groups them)."""

    def body(errata: list[Erratum], ctx: Ctx) -> list[str]:
        out: list[str] = []
        groups: dict[str, list[Erratum]] = defaultdict(list)
        group_text: dict[str, Text | None] = {}
        for er in errata:
            key = er.group.source if er.group else ""
            groups[key].append(er)
            group_text.setdefault(key, er.group)
        for i, (key, items) in enumerate(groups.items()):
            level = 3
            if key:
                out.append(heading(2, plain(group_text[key], view.locale), f"group-{i + 1}"))
                if extras := text_extras(group_text[key], ctx):  # its mark (machine…) and original
                    out.append(raw(f'<div class="rl-group-extras">{extras}</div>'))
            else:
                level = 2
            for er in items:
                out += erratum_html(view, er, ctx, level)
        return out

    return view.chunk_pages(gd, P.errata_page(gd.game.id), view.t(_("Errata")), "errata", gd.errata_chunks, body)
