"""Glossary terms: one per "Word Using" or "Concepts" item (``In play = Alive`` or a heading and its lines)."""

from __future__ import annotations

from rulings.importers.three_kingdoms.decisions import TERM_ALIASES, TERM_NOTES
from rulings.importers.three_kingdoms.document import en, gid, join, name_slug, prov
from rulings.importers.three_kingdoms.items import Item
from rulings.model.entries import Term


def make_term(it: Item) -> Term:
    head, body = it.head, it.texts
    if not body and " = " in head:  # "In play = Alive"
        head, definition = (s.strip() for s in head.split(" = ", 1))
        body = [definition]
    head = head.removesuffix(":")  # "Field:" - the colon only introduces the definition
    if not body:
        raise ValueError(f"line {it.line}: term {head!r} without a definition")
    note = TERM_NOTES.get(head)
    aliases = TERM_ALIASES.get(head)
    return Term(id=gid("term", name_slug(head)), lang="en", provenance=prov(it.line, it.last),
                term=en(head), aliases={"en": list(aliases)} if aliases else {}, definition=en(join(body)),
                notes=en(note) if note else None)
