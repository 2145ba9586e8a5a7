"""Rulings: one per distinct question (with its answer) or statement, and the references printed in answers.

A ruling printed twice under two headings is one ruling ``about`` both, with a note saying where.
"""

from __future__ import annotations

from rulings.importers.anachronism.decisions import IN_ANSWER_REFS, NOTES, OCR_DAMAGE_LINES
from rulings.importers.anachronism.document import GAME_ID, JOIN, LANG, add, prov, tx
from rulings.importers.anachronism.topics import Block, RawRuling
from rulings.model.entries import Ruling, RulingFlag, RulingStatus, StatusChange
from rulings.model.ids import slugify, unique
from rulings.model.text import Text


def _lines(a: int, z: int) -> str:
    return f"line {a}" if a == z else f"lines {a}-{z}"


def _notes_for(a: int, b: int) -> Text | None:
    ns = [NOTES[n] for n in sorted(NOTES) if a <= n <= b]
    return tx(" ".join(ns)) if ns else None


def build_rulings(blocks: list[Block], headings: dict[str, str]) -> list[Ruling]:
    """The rulings of every block in document order; repeats are "about" every heading they are printed under."""
    rulings: list[Ruling] = []
    raw_of: dict[str, RawRuling] = {}
    ruling_ids: set[str] = set()
    by_content: dict[tuple[str | None, str, str], Ruling] = {}
    for b in blocks:
        for r in b.rulings:
            answer = "\n\n".join(r.answer)
            statement = "\n\n".join(r.statement)
            key = (r.question, answer, statement)
            about = headings[r.heading]
            if key in by_content:
                same = by_content[key]
                add(same.about, about)
                a, z = same.origin.lines if same.origin else (0, 0)
                printed = f"Printed twice: under '{raw_of[same.id].heading}' ({_lines(a, z)}) and under " \
                          f"'{r.heading}' ({_lines(r.first, r.last)})."
                same.notes = tx(f"{same.notes.source} {printed}" if same.notes else printed)
                continue
            lead = r.question or statement
            slug = f"{slugify(r.heading, join=JOIN)}-{slugify(lead, join=JOIN, limit=6)}"
            ru = _ruling(r, unique(f"{GAME_ID}/ruling/{slug}", ruling_ids), about, answer, statement)
            rulings.append(ru)
            raw_of[ru.id] = r
            by_content[key] = ru
    return rulings


def _ruling(r: RawRuling, rid: str, about: str, answer: str, statement: str) -> Ruling:
    ru = Ruling(id=rid, lang=LANG, provenance=prov(r.first, r.last), about=[about],
                notes=_notes_for(r.first, r.last))
    if r.question is not None:
        ru.question = tx(r.question)
        if answer:
            ru.answer = tx(answer)
        else:
            ru.flags.append(RulingFlag.UNANSWERED)
    else:
        ru.statement = tx(statement)
    if any(r.first <= n <= r.last for n in OCR_DAMAGE_LINES):
        ru.flags.append(RulingFlag.OCR_DAMAGE)
    if r.status_note:
        _, note, m = r.status_note
        y = int(m["y"])
        y = 2000 + y if y < 100 else y
        ru.history.append(StatusChange(RulingStatus.CURRENT, tx(note), f"{y:04d}-{int(m['m']):02d}-"
                                       f"{int(m['d']):02d}", f"{m['m']}/{m['d']}/{m['y']}"))
    return ru


def link_in_answer_refs(rulings: list[Ruling], headings: dict[str, str]) -> None:
    """Relate each ruling whose texts print a reference of :data:`IN_ANSWER_REFS` to the entities and rulings
    it names."""

    def ruling_at(heading: str, question_start: str) -> Ruling:
        for ru in rulings:
            if headings[heading] in ru.about and ru.question and ru.question.source.startswith(question_start):
                return ru
        raise ValueError(f"no ruling under {heading!r} starting {question_start!r}")

    for needle, targets, rulings_ref in IN_ANSWER_REFS:
        hits = [ru for ru in rulings if any(needle in t.source for _, t in ru.texts() if t is not ru.notes)]
        if not hits:
            raise ValueError(f"in-answer reference not found: {needle!r}")
        for ru in hits:
            add(ru.related, *(headings[h] for h in targets))
            add(ru.related, *(ruling_at(h, q).id for h, q in rulings_ref))
