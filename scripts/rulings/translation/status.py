"""Translation status per locale and game: what is translated, stale, machine-made or missing, and
what to translate next.

Used by ``rulings i18n status`` (progress bars in the terminal, with a line per locale for its UI catalog
from :mod:`rulings.site.completeness`) and by the site's "Translation status" page (SVG bar charts), so
both always agree. Progress counts only what a translator did or can do: printed names left untranslated
(kept as printed, the policy) are counted apart, never as done.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from rulings.content.tree import Content
from rulings.model.entries import Entity, Entry, Ruling, Term, kept_as_printed
from rulings.model.text import TextState
from rulings.site.completeness import CatalogStatus
from rulings.site.i18n import SOURCE_LOCALE

BAR_PARTS = ("reviewed", "draft", "machine", "stale", "missing")


@dataclass
class Row:
    """Counts of one game's texts for one locale."""

    game: str
    locale: str
    counts: Counter = field(default_factory=Counter)

    @property
    def texts(self) -> int:
        return self.counts["texts"]

    @property
    def kept(self) -> int:
        """Printed names without a translation: shown as printed by policy (see
        :func:`rulings.translation.display.name_shown`), so no work is left on them, and none was done.
        Counted apart, never as progress: a new locale with nothing translated is at 0 %, not at the share
        of its game's card names."""
        return self.counts["kept"]

    @property
    def to_translate(self) -> int:
        """The texts the locale's translators have to do with: every text but the names kept as printed."""
        return self.texts - self.kept

    @property
    def done(self) -> int:
        """Texts a reader of the locale gets in their language and up to date: written in it (source) or
        translated from the current source."""
        return self.counts["source"] + self.counts["current"]

    @property
    def percent(self) -> float:
        return 100.0 * self.done / self.to_translate if self.to_translate else 100.0

    def parts(self) -> dict[str, int]:
        """Bar segments over :attr:`to_translate`: up-to-date work by how much it can be trusted, then
        stale, then missing. Source texts and official/reviewed translations count as reviewed."""
        c = self.counts
        return {"reviewed": c["source"] + c["current_reviewed"] + c["current_official"],
                "draft": c["current_draft"], "machine": c["current_machine"], "stale": c["stale"],
                "missing": c["missing"]}


def rows(content: Content, locales: list[str] | None = None) -> list[Row]:
    locales = locales or content.project.locales
    table = {(g, loc): Row(g, loc) for loc in locales for g in sorted(content.games)}
    for e in content.entries:
        for path, t in e.texts():
            name = kept_as_printed(e, path)
            for loc in locales:
                row = table.get((e.game, loc))
                if row is None:
                    continue
                state = t.state(loc)
                row.counts["texts"] += 1
                if name and state is TextState.MISSING:
                    row.counts["kept"] += 1
                    continue
                row.counts[state.value] += 1
                if state in (TextState.CURRENT, TextState.STALE):
                    status = t.translations[loc].status.value
                    row.counts[status] += 1
                    if state is TextState.CURRENT:
                        row.counts[f"current_{status}"] += 1
    return [table[k] for k in sorted(table, key=lambda k: (k[1], k[0]))]


@dataclass
class Todo:
    entry: Entry
    fields: list[str]
    stale: bool
    score: int


def todo(content: Content, locale: str, limit: int = 40) -> list[Todo]:
    """What to translate next in ``locale``: stale translations first (someone's work is now wrong),
    then glossary terms (every page uses them), then the entries most referenced by others."""
    refs: Counter[str] = Counter(t for e in content.entries for _f, t in e.references())
    out = []
    for e in content.entries:
        missing = [p for p, t in e.texts() if t.state(locale) is TextState.MISSING and not kept_as_printed(e, p)]
        stale = [p for p, t in e.texts() if t.state(locale) is TextState.STALE]
        if not missing and not stale:
            continue
        weight = 3 if isinstance(e, Term) else 2 if isinstance(e, Entity) else 1 if isinstance(e, Ruling) else 0
        score = (1000 if stale else 0) + weight * 100 + refs[e.id]
        out.append(Todo(e, stale + missing, bool(stale), score))
    out.sort(key=lambda t: (-t.score, t.entry.id))
    return out[:limit]


def todo_lines(content: Content, locales: list[str] | None = None, limit: int = 20) -> Iterator[str]:
    """``rulings i18n status --todo``: per locale (default: the project's) a heading and what to do next."""
    for loc in locales or content.project.locales:
        items = todo(content, loc, limit)
        if items:
            yield f"\nnext in {loc}:"
            for t in items:
                yield f"  {'stale  ' if t.stale else 'missing'} {t.entry.id}: {', '.join(t.fields)}"


def bar(row: Row, width: int = 30) -> str:
    """A terminal progress bar over the texts to translate: █ up to date, ▒ stale, ░ missing."""
    if not row.to_translate:
        return "░" * width
    parts = row.parts()
    done = round(width * (parts["reviewed"] + parts["draft"] + parts["machine"]) / row.to_translate)
    stale = round(width * parts["stale"] / row.to_translate)
    return "█" * done + "▒" * stale + "░" * max(0, width - done - stale)


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
