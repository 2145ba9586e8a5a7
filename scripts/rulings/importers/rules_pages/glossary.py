"""Glossary terms: the action types from the action list itself, and the definitions :data:`~.decisions.DEFINITIONS`
quotes from running prose, each located in the text."""

from __future__ import annotations

from rulings.importers.rules_pages.decisions import DEFINITIONS, NOTES
from rulings.importers.rules_pages.document import DOCUMENT_ID, GAME_ID, LANG, Line
from rulings.importers.rules_pages.layout import Item
from rulings.model.entries import Provenance, Term
from rulings.model.ids import slugify
from rulings.model.text import Text


def _flatten(items: list[Item]) -> list[str]:
    return [t for x in items for t in [x.line.text, *_flatten(x.items)]]


def _find(lines: list[Line], quote: str) -> Line:
    hits = [ln for ln in lines if quote in ln.text]
    if len(hits) != 1:
        raise ValueError(f"definition {quote[:40]!r}… found in {len(hits)} lines (expected one)")
    return hits[0]


def build_terms(lines: list[Line], action_types: list[Item]) -> list[Term]:
    terms: list[Term] = []
    # the action types: "See the descriptions below for each type of Action:" — label, description bullets
    for it in action_types:
        name = it.line.text
        footnote = name.endswith("*")
        name = name.rstrip("*").rstrip()
        parts = _flatten(it.items)
        notes = [note for needle, note in NOTES if any(needle in p for p in parts)]
        if footnote:
            notes.insert(0, f"Printed “{it.line.text}”: the asterisk points to the footnote “*Campaign Only – …” "
                            "(see the term Campaign Only).")
        related = [f"{GAME_ID}/term/action"] + ([f"{GAME_ID}/term/campaign-only"] if footnote else [])
        terms.append(Term(
            id=f"{GAME_ID}/term/{slugify(name)}", lang=LANG,
            provenance=[Provenance(DOCUMENT_ID, (it.line.no, it.last()))],
            notes=Text("en", "\n\n".join(notes)) if notes else None,
            term=Text(LANG, name), definition=Text(LANG, "\n\n".join(parts)), related=related))
    for d in DEFINITIONS:
        found = [_find(lines, q) for q in d.quote]
        terms.append(Term(
            id=f"{GAME_ID}/term/{slugify(d.term)}", lang=LANG,
            provenance=[Provenance(DOCUMENT_ID, (found[0].no, found[-1].no))],
            notes=Text("en", d.note) if d.note else None,
            term=Text(LANG, d.term), aliases={LANG: list(d.aliases)} if d.aliases else {},
            definition=Text(LANG, "\n\n".join(d.quote)),
            related=[f"{GAME_ID}/term/{r}" for r in d.related]))
    ids = [t.id for t in terms]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate term ids")
    for t in terms:
        for r in t.related:
            if r not in ids:
                raise ValueError(f"{t.id}: related {r} is not a term")
    terms.sort(key=lambda t: t.origin.lines if t.origin else (0, 0))
    return terms
