"""The translation status page: how much of each game reads in this locale, and what to translate next."""

from __future__ import annotations

from pathlib import PurePosixPath

from rulings.site import paths as P
from rulings.site.i18n import COMMA, N_, SOURCE_LOCALE, _, po_path
from rulings.site.layout import Page
from rulings.site.pages.base import NO_SEARCH, LocaleView
from rulings.site.render import esc, heading, plain, raw
from rulings.translation.status import rows as status_rows
from rulings.translation.status import todo as status_todo

STATUS_LEAD = _("How much of each game you can read in {language}: texts written in it or translated and up to "
                "date, translations made by a program, translations whose original has changed since, and texts "
                "not yet translated (shown in their original language).")
STATUS_HOWTO = _("To help, edit the YAML files in content/ or export a PO file for Poedit or Weblate with "
                 "rulings translate export; the contributor guide explains both.")
KEPT_NOTE = _("Printed names (of cards, heroes…) are kept as printed in every language, so they need no "
              "translation: they are counted apart, not as progress.")
KEPT = N_("{n} name kept as printed", "{n} names kept as printed")
UI_STATUS = _("Menus, headings and labels: {translated} of {total} translated, the rest shown in English "
              "(catalog: {file}).")
UI_REQUIRED = _("This language is required: a change is accepted only with all of them translated.")
UI_OPTIONAL = _("This language is not required: a change is accepted with some of them untranslated.")


def render(view: LocaleView) -> Page:
    """How much of each game a reader of this locale gets in their language, as SVG bars, and what
    translators should do next."""
    ctx = view.ctx(P.STATUS)
    rows = status_rows(view.m.content, [view.locale])
    labels = {"reviewed": view.t(_("source or reviewed")), "draft": view.t(_("draft translation")),
              "machine": view.t(_("machine translation")), "stale": view.t(_("may be outdated")),
              "missing": view.t(_("not yet translated"))}
    out = [heading(1, view.t(_("Translation status")), "translation-status"),
           raw(f"<p>{esc(view.t(STATUS_LEAD, language=view.ui.language_name(view.locale)))}</p>")]
    legend = "".join(f'<span class="rl-legend"><svg width="12" height="12" aria-hidden="true"><rect width="12" '
                     f'height="12" class="rl-bar-{k}"/></svg> {esc(v)}</span>' for k, v in labels.items())
    out.append(raw(f'<p class="rl-legend-row">{legend}</p>'))
    if any(r.kept for r in rows):
        out.append(raw(f'<p class="rl-kept-note">{esc(view.t(KEPT_NOTE))}</p>'))
    if (cov := view.ui.coverage) and view.locale != SOURCE_LOCALE:
        ui_status = view.t(UI_STATUS, translated=cov.translated, total=cov.total,
                           file=po_path(PurePosixPath("locales"), view.locale).as_posix())
        need = view.t(UI_REQUIRED if view.m.content.project.required(view.locale) else UI_OPTIONAL)
        out.append(raw(f'<p class="rl-ui-status">{esc(ui_status)} {esc(need)}</p>'))
    bars = []
    for r in rows:
        name = plain(view.m.games[r.game].game.name, view.locale)
        x, rects = 0.0, []
        for k, n in r.parts().items():
            if n:
                w = 600.0 * n / r.to_translate
                rects.append(f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="22" class="rl-bar-{k}">'
                             f"<title>{esc(labels[k])}: {n}</title></rect>")
                x += w
        summary = view.t(_("{percent} of {total} texts"), percent=f"{r.percent:.0f}%", total=r.to_translate)
        if r.kept:
            summary += view.t(COMMA) + view.ui.n(KEPT, r.kept)
        bars.append(f'<figure class="rl-bar"><figcaption>{view.page_link(ctx, P.game_page(r.game), name)} — '
                    f'{esc(summary)}</figcaption><svg viewBox="0 0 600 22" width="100%" height="22" role="img" '
                    f'aria-label="{esc(name)}: {esc(summary)}">{"".join(rects)}</svg></figure>')
    out.append(raw("".join(bars)))
    items = status_todo(view.m.content, view.locale, 40)
    out.append(heading(2, view.t(_("What to translate next")), "next"))
    if items:
        stale_badge = f' <span class="rl-badge rl-stale">{esc(labels["stale"])}</span>'
        lis = "".join(f"<li>{view.a(ctx, t.entry.id)} — {esc(', '.join(t.fields))}"
                      f"{stale_badge if t.stale else ''}</li>" for t in items)
        out.append(raw(f'<ol class="rl-todo">{lis}</ol>'))
    else:
        out.append(raw(f"<p>{esc(view.t(_('Everything is translated and up to date.')))}</p>"))
    out.append(raw(f"<p>{esc(view.t(STATUS_HOWTO))}</p>"))
    return Page(P.STATUS, view.t(_("Translation status")), NO_SEARCH + "\n".join(out) + "\n")
