"""The report of ``rulings i18n status``: per locale a line for its UI catalog (:mod:`.completeness`), then one
per game for its content texts (:mod:`rulings.translation.status`), as a terminal table or JSON.

It lives with the site because the UI catalogs are the site's; the content's counts come from below."""

from __future__ import annotations

import json

from rulings.site.completeness import CatalogStatus
from rulings.site.i18n import SOURCE_LOCALE
from rulings.translation.status import Row, bar

UI_ROW = "UI strings"
"""The name of a locale's line about its UI catalog, in the column of the games."""


def ui_bar(status: CatalogStatus, width: int = 30) -> str:
    c = status.coverage
    done = round(width * c.translated / c.total) if c and c.total else width if c else 0
    fuzzy = round(width * c.fuzzy / c.total) if c and c.total else 0
    return "█" * done + "▒" * fuzzy + "░" * max(0, width - done - fuzzy)


def render(rows_: list[Row], ui: list[CatalogStatus] | None = None) -> str:
    """The terminal table: per locale its UI catalog (if given), then its games."""
    lines = []
    width = max([len(r.game) for r in rows_] + [len(UI_ROW) if ui else 4])
    by_locale = {u.locale: u for u in ui or []}
    for r in rows_:
        if (u := by_locale.pop(r.locale, None)) is not None:
            lines.append(ui_line(u, width))
        c = r.counts
        lines.append(f"{r.locale:<6} {r.game:<{width}}  {bar(r)} {r.percent:5.1f}%  "
                     f"translated {c['current']:>5}  stale {c['stale']:>4}  machine {c['machine']:>5}  "
                     f"missing {c['missing']:>5}  (of {r.to_translate})  names kept as printed {r.kept:>4}")
    lines += [ui_line(u, width) for u in by_locale.values()]  # a locale without games
    return "\n".join(lines)


def ui_line(u: CatalogStatus, width: int) -> str:
    need = "source" if u.locale == SOURCE_LOCALE else "required" if u.required else "optional"
    c = u.coverage
    if c is None:
        return f"{u.locale:<6} {UI_ROW:<{width}}  {ui_bar(u)}   no catalog: run rulings i18n update  {need}"
    return (f"{u.locale:<6} {UI_ROW:<{width}}  {ui_bar(u)} {u.percent:5.1f}%  translated {c.translated:>5}  "
            f"fuzzy {c.fuzzy:>4}  missing {c.missing:>5}  (of {c.total})  {need}")


def to_json(rows_: list[Row], ui: list[CatalogStatus]) -> str:
    """``{"ui": [per locale: its catalog], "texts": [per locale and game: its content texts]}``."""
    return json.dumps({
        "ui": [{"locale": u.locale, "required": u.required, "catalog": u.catalog.as_posix(),
                "percent": round(u.percent, 1),
                **({"total": u.coverage.total, "translated": u.coverage.translated, "fuzzy": u.coverage.fuzzy,
                    "missing": u.coverage.missing} if u.coverage else {})} for u in ui],
        "texts": [{"locale": r.locale, "game": r.game, "percent": round(r.percent, 1), "done": r.done,
                   "to_translate": r.to_translate, **dict(sorted({"kept": 0, **r.counts}.items()))}
                  for r in rows_]}, indent=2)
