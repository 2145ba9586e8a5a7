"""Translation status per locale and game: what is translated, stale, machine-made or missing, and
what to translate next.

Used by ``rulings i18n status`` (progress bars in the terminal, :mod:`rulings.site.status_report`, with a line
per locale for its UI catalog) and by the site's "Translation status" page (SVG bar charts), so both always
agree. Progress counts only what a translator did or can do: printed names left untranslated
(kept as printed, the policy) are counted apart, never as done.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from rulings.content.tree import Content
from rulings.model.entries import Entity, Entry, Ruling, Term, kept_as_printed
from rulings.model.text import TextState

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
