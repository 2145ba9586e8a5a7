"""An erratum as HTML (also shown on the page of the card it corrects), and a game's errata pages."""

from __future__ import annotations

from rulings.model.entries import Erratum
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.i18n import C_, _
from rulings.site.labels import ERRATA, ERRATUM, ERRATUM_TYPE_LABELS
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import LocaleView
from rulings.site.render import NS, Ctx, esc, heading, plain, raw, text_block, text_extras

NEWEST_FIRST = _("Newest first: each erratum is listed by the date its source gives it (shown below it), those of "
                 "one date in the order the source prints them.")
AS_PRINTED = _("The source prints no dates: the errata are listed in the order it prints them.")
CORRECTS = C_("label in an erratum, before the card or rule it corrects", "Corrects")
PRINTED = C_("label in an erratum, before the text as it was printed", "Printed")
CORRECTED = C_("label in an erratum, before the corrected text", "Corrected")


def erratum_html(view: LocaleView, er: Erratum, ctx: Ctx, level: int) -> list[str]:
    ctx.seen = set()
    out = [heading(level, view.name(er), P.anchor(er.id))]
    body = [f'<p class="rl-kind">{esc(view.t(ERRATUM))} · {esc(view.t(ERRATUM_TYPE_LABELS[er.type]))}</p>']
    if er.target and ctx.self_id != er.target:
        body.append(f'<p>{esc(view.ui.label(CORRECTS))}{view.a(ctx, er.target)}</p>')
    body.append(text_block(er.text, ctx))
    if er.original:
        body.append(f'<div class="rl-was"><span class="rl-label"{NS}>{esc(view.t(PRINTED))}</span>'
                    f"{text_block(er.original, ctx)}</div>")
    if er.corrected:
        body.append(f'<div class="rl-now"><span class="rl-label"{NS}>{esc(view.t(CORRECTED))}</span>'
                    f"{text_block(er.corrected, ctx)}</div>")
    body += view.meta(er, ctx, [], er.related)
    out.append(raw(f'<div class="rl-entry rl-erratum">{"".join(body)}</div>'))
    return out


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The errata pages, newest first (:func:`rulings.site.layout.build_model` orders them), each erratum under
    its group's heading (as the source groups them), with a note saying so."""

    lead = view.t(NEWEST_FIRST if any(er.as_of for er in gd.errata) else AS_PRINTED)

    def body(errata: list[Erratum], ctx: Ctx) -> list[str]:
        out: list[str] = [raw(f'<p class="rl-lead">{esc(lead)}</p>')]
        # runs of one group, as the source groups them (a group whose errata have several dates recurs)
        groups: list[tuple[str, list[Erratum]]] = []
        group_text: dict[str, Text | None] = {}
        for er in errata:
            key = er.group.source if er.group else ""
            if not groups or groups[-1][0] != key:
                groups.append((key, []))
            groups[-1][1].append(er)
            group_text.setdefault(key, er.group)
        for i, (key, items) in enumerate(groups):
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

    return view.chunk_pages(gd, P.errata_page(gd.game.id), view.t(ERRATA), "errata", gd.errata_chunks, body)
