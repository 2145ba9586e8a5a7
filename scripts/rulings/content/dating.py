"""When the source stated or changed each ruling, erratum and glossary term: its ``as_of``, from the content alone.

A player asks "is this still current?" first; the documents answer it themselves, and git cannot (its dates
are the project's own edits, and a shallow clone or a tarball has none of them). So every date here comes
from the content, and the same content gives the same dates however it was checked out:

1. a change log entry that names the entry in its ``touches`` dates it: the last such entry, in the order the
   log places it (:func:`change_order`). Which entries a change names is what a human decides (the importer
   proposes it, a reviewer corrects it in the YAML): it is stored; the dates are computed, here, once;
2. a dated step of a ruling's history (an edit note such as "edited and reversed on 8/24/5") dates it the same
   way, when it is newer than any change naming it;
3. otherwise the date of the document version that states it: the document's printed ``date``; a document that
   prints none but keeps a change log is as old as its latest change log entry (with a suspect date left out).

An entry the source dates in none of these ways has no date (``as_of`` stays None), and the site says so. A
change whose printed date is suspect (``suspect_date``) still dates what it names, flagged the same way, and is
placed where the document prints it, not where its date would sort.

Nothing here reads the clock: that content dates lie in the past is checked by validation (``date-future``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from rulings.model.entries import Change, DatedEntry, Entry, Game, Ruling

if TYPE_CHECKING:
    from rulings.content.tree import Content


class Basis(StrEnum):
    """What dates an entry."""

    CHANGE = "change"  # a change log entry names it
    HISTORY = "history"  # a dated step of its history
    DOCUMENT = "document"  # the version of the document that states it


@dataclass(frozen=True)
class AsOf:
    """An entry's date and what it comes from: ``source`` is the change's id (``CHANGE``) or the document's id
    (``HISTORY``, ``DOCUMENT``); ``suspect`` when it is a change's suspect printed date; ``printed`` False for a
    document that prints no date of its own (dated by its latest change log entry); ``step`` the history step."""

    date: str
    basis: Basis
    source: str
    suspect: bool = False
    printed: bool = True
    step: int | None = None


def iso_date(value: str | None) -> str | None:
    """``value`` when it is a real ISO date (validation reports the others), else None."""
    if not value:
        return None
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return None
    return value if len(value) == 10 else None


Placement = tuple[str, int]
"""Where a change sits in time: the date it is placed at, then its position in the log as printed."""


def change_order(changes: Iterable[Change]) -> dict[str, Placement]:
    """Each dated change's placement, in the order given (the log as printed, file by file). A change with a
    suspect date is placed where the log prints it: at the newest date printed before it (its own date when
    none is newer), after those entries; every other change at its own date."""
    out: dict[str, Placement] = {}
    newest = ""
    for n, c in enumerate(changes):
        date = iso_date(c.date)
        if date is None:
            continue
        out[c.id] = (max(date, newest) if c.suspect_date else date, n)
        if not c.suspect_date:
            newest = max(newest, date)
    return out


def newest_first(changes: Iterable[Change]) -> list[Change]:
    """The dated changes, newest first as :func:`change_order` places them, then the undated ones as given."""
    changes = list(changes)
    order = change_order(changes)
    return sorted((c for c in changes if c.id in order), key=lambda c: order[c.id], reverse=True) + \
        [c for c in changes if c.id not in order]


def document_dates(game: Game, changes: Iterable[Change]) -> dict[str, tuple[str, bool]]:
    """Each document's version date and whether the document prints it: its own ``date``, else the newest
    non-suspect date of the change log entries read from it."""
    logged: dict[str, str] = {}
    for c in changes:
        date = iso_date(c.date)
        if date and not c.suspect_date and c.origin:
            logged[c.origin.document] = max(logged.get(c.origin.document, ""), date)
    out: dict[str, tuple[str, bool]] = {}
    for d in game.documents:
        if (date := iso_date(d.date)) is not None:
            out[d.id] = (date, True)
        elif d.id in logged:
            out[d.id] = (logged[d.id], False)
    return out


def date_entries(content: Content) -> dict[str, AsOf]:
    """The date of every ruling, erratum and term that has one, by id; sets each one's ``as_of`` (None for the
    others). Cheap (one pass), so each reader of a tree calls it rather than keeping it."""
    by_game: dict[str, list[Entry]] = {}
    for e in content.entries:
        by_game.setdefault(e.game, []).append(e)
    out: dict[str, AsOf] = {}
    for gid, entries in by_game.items():
        out.update(_game_dates(content.games.get(gid), entries))
    for e in content.entries:
        if isinstance(e, DatedEntry):
            e.as_of = out[e.id].date if e.id in out else None
    return out


def _game_dates(game: Game | None, entries: list[Entry]) -> dict[str, AsOf]:
    changes = [e for e in entries if isinstance(e, Change)]
    order = change_order(changes)
    named: dict[str, tuple[Placement, Change]] = {}  # entry id → the last change naming it
    for c in changes:
        if c.id in order:
            for t in c.touches:
                if t not in named or named[t][0] < order[c.id]:
                    named[t] = (order[c.id], c)
    docs = document_dates(game, changes) if game else {}
    out: dict[str, AsOf] = {}
    for e in entries:
        if not isinstance(e, DatedEntry):
            continue
        candidates: list[tuple[str, AsOf]] = []  # (the date it is placed at, the date)
        if e.id in named:
            (placed, _), c = named[e.id]
            candidates.append((placed, AsOf(c.date or "", Basis.CHANGE, c.id, suspect=c.suspect_date)))
        if isinstance(e, Ruling):
            steps = [(d, i) for i, h in enumerate(e.history) if (d := iso_date(h.date))]
            if steps:
                date, i = max(steps)
                candidates.append((date, AsOf(date, Basis.HISTORY, e.origin.document if e.origin else "", step=i)))
        if candidates:
            out[e.id] = max(candidates, key=lambda x: x[0])[1]
            continue
        stated = [(docs[p.document], p.document) for p in e.provenance if p.document in docs]
        if stated:
            (date, printed), doc = max(stated)
            out[e.id] = AsOf(date, Basis.DOCUMENT, doc, printed=printed)
    return out


# --- what's new: the updates of a game's documents, newest first ------------------------------------


@dataclass
class Update:
    """One dated update of a game's documents, with what it dates: a change log entry (``source`` its id; the
    cards and sections it names in ``named``), a dated document version (the document's id: what it states and
    nothing newer dates), or the dated history steps of a document's rulings on one day (the document's id).
    ``entries``: the rulings, errata and terms it dates, each listed under the one update that dates it (the
    latest), in content order."""

    date: str
    basis: Basis
    source: str
    entries: list[str]
    named: list[str]
    suspect: bool = False
    placement: Placement = ("", 0)

    @property
    def anchor_id(self) -> str:
        """An id the update's anchor is made from, stable across builds: the change's id, else the document's and
        the date."""
        return self.source if self.basis is Basis.CHANGE else f"{self.source}-{self.basis.value}-{self.date}"


def updates(game: Game, entries: list[Entry], dates: dict[str, AsOf]) -> list[Update]:
    """A game's updates, newest first: each dated change log entry (placed where the log prints it), each document
    with a printed date, each day of dated history steps; every dated entry in the one update that dates it. A
    document's version date that only its change log gives is no update: nothing says what it added then."""
    changes = [e for e in entries if isinstance(e, Change)]
    order = change_order(changes)
    dated_kinds = {e.id for e in entries if isinstance(e, DatedEntry)}
    out: dict[tuple[Basis, str, str], Update] = {}
    for c in changes:
        if c.id in order:
            named = [t for t in c.touches if t not in dated_kinds]
            out[(Basis.CHANGE, c.id, "")] = Update(c.date or "", Basis.CHANGE, c.id, [], named, c.suspect_date,
                                                   order[c.id])
    for doc in game.documents:
        if (date := iso_date(doc.date)) is not None:
            out[(Basis.DOCUMENT, doc.id, date)] = Update(date, Basis.DOCUMENT, doc.id, [], [], placement=(date, -1))
    for e in entries:
        d = dates.get(e.id)
        if d is None or (d.basis is Basis.DOCUMENT and not d.printed):
            continue
        key = (d.basis, d.source, "" if d.basis is Basis.CHANGE else d.date)
        if key not in out:
            out[key] = Update(d.date, d.basis, d.source, [], [], placement=(d.date, -1))
        out[key].entries.append(e.id)
    return sorted(out.values(), key=lambda u: (u.placement, u.basis is Basis.CHANGE, u.source), reverse=True)
