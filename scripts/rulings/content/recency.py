"""When each entry last changed: the newest commit among the lines of the content file that hold it.

One ``git blame`` per entries file (:func:`rulings.vcs.blame`; about 0.2 s for all of today's content) gives
each line's last commit; an entry's lines run from its item in the ``entries`` list to the line before the
next item (a comment above an entry counts for the one before it). The result depends on the commit and
the files on disk, never on the clock: lines not committed yet do not count. The line holding the entry's
``id`` dates its addition, so "changed" is told from "added".

Without git history (an exported tarball, the tests' copies of the tree) an entry is dated by its own
dates instead — a changelog line's date, the latest dated step of a ruling's history — and has no date
when it carries none: the site says so (``Recency.by_git`` is False).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from rulings.content.tree import Content, ContentFile
from rulings.model.entries import Change, Entry, Ruling
from rulings.vcs import Commit, blame


@dataclass(frozen=True)
class Changed:
    """An entry's last change: its ISO date (UTC), the commit (None when dated by the entry itself) and
    whether that change added the entry."""

    date: str
    commit: Commit | None = None
    added: bool = False

    @property
    def sort_key(self) -> tuple[str, int]:
        return (self.date, self.commit.time if self.commit else 0)


@dataclass
class Recency:
    """The last change of every entry that has a known one; ``by_git`` when git dated any file."""

    by_git: bool = False
    changed: dict[str, Changed] = field(default_factory=dict)

    def newest(self, entries: list[Entry], limit: int | None = None) -> list[tuple[Entry, Changed]]:
        """The dated ones among ``entries``, newest first (ties by id, so the order is the same every build)."""
        dated = sorted(((e, self.changed[e.id]) for e in entries if e.id in self.changed), key=lambda x: x[0].id)
        dated.sort(key=lambda x: x[1].sort_key, reverse=True)
        return dated[:limit] if limit is not None else dated


def recency(content: Content) -> Recency:
    out = Recency()
    for cf in content.files:
        lines = blame(cf.loaded.path)
        if lines is None:
            out.changed.update((e.id, c) for e in cf.entries if (c := own_date(e)) is not None)
            continue
        out.by_git = True
        for entry_id, span, id_line in _spans(cf):
            commits = [c for c in lines[span[0]:span[1]] if c is not None]
            if commits:
                newest = max(commits, key=lambda c: (c.time, c.id))
                added = id_line < len(lines) and lines[id_line] == newest
                out.changed[entry_id] = Changed(_iso(newest.time), newest, added)
    return out


def _spans(cf: ContentFile) -> list[tuple[str, tuple[int, int], int]]:
    """(entry id, its 0-based line range [start, end), the line of its id) of each entry of a file."""
    items = cf.loaded.data.get("entries") if isinstance(cf.loaded.data, dict) else None
    if not items:
        return []
    known = {e.id for e in cf.entries}
    n_lines = cf.loaded.text.count("\n") + 1
    starts = [items.lc.item(i)[0] for i in range(len(items))]
    out = []
    for i, item in enumerate(items):
        entry_id = item.get("id") if isinstance(item, dict) else None
        if entry_id not in known:
            continue
        end = starts[i + 1] if i + 1 < len(starts) else n_lines
        id_line = item.lc.key("id")[0] if hasattr(item, "lc") else starts[i]
        out.append((entry_id, (starts[i], end), id_line))
    return out


def own_date(e: Entry) -> Changed | None:
    """The entry's own latest date, for a tree without git history (None if it carries none)."""
    dates = [e.date] if isinstance(e, Change) and e.date else []
    if isinstance(e, Ruling):
        dates += [h.date for h in e.history if h.date]
    return Changed(max(dates)) if dates else None


def _iso(epoch: int) -> str:
    return dt.datetime.fromtimestamp(epoch, dt.UTC).date().isoformat()
