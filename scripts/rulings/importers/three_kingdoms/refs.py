"""Cross-references found in texts: the names of entities and glossary terms printed in them, in the order
they are printed, become each entry's ``related``."""

from __future__ import annotations

import re

from rulings.importers.three_kingdoms.decisions import TERM_PATTERNS, TERM_REFS
from rulings.importers.three_kingdoms.items import Item
from rulings.model.entries import Entity, EntityType, Entry, Section, Term


class Refs:
    """Finds cross-references in a text: names of entities and glossary terms printed in it."""

    def __init__(self) -> None:
        self.patterns: list[tuple[re.Pattern[str], str]] = []

    def add(self, pattern: str, target: str, flags: int = 0) -> None:
        self.patterns.append((re.compile(pattern, flags), target))

    def find(self, texts: list[str], exclude: list[str]) -> list[str]:
        hits: list[tuple[int, int, str]] = []
        for order, (p, target) in enumerate(self.patterns):
            if target in exclude:
                continue
            for ti, t in enumerate(texts):
                m = p.search(t)
                if m:
                    hits.append((ti * 1_000_000 + m.start(), order, target))
                    break
        out: list[str] = []
        for _, _, target in sorted(hits):
            if target not in out:
                out.append(target)
        return out


def names_of(entities: list[Entity], term_by_head: dict[str, Term]) -> Refs:
    """The patterns of every entity's names (heroes by their English name) and of the glossary terms."""
    refs = Refs()
    for e in entities:
        if e.type is EntityType.HERO:
            en = e.name.get("en")
            refs.add(rf"\b{re.escape(en)}\b", e.id, re.IGNORECASE)
        else:
            for n in [e.name.source, *e.aliases.get("en", [])]:
                refs.add(rf"\b{re.escape(n)}" + (r"\b" if e.type is not EntityType.CARD else ""), e.id,
                         re.IGNORECASE if e.type is EntityType.TOPIC else 0)
    for head, pattern in TERM_PATTERNS.items():
        refs.add(pattern, term_by_head[head].id, re.IGNORECASE)
    return refs


def link(refs: Refs, terms: list[Term], term_by_head: dict[str, Term], pending: list[tuple[Entry, list[str]]]) -> None:
    """Each term's :data:`~.decisions.TERM_REFS`, then every pending entry's references (``pending``: entries
    with the ids they must not refer to; the terms are added to it)."""
    for t in terms:
        for other in TERM_REFS.get(t.term.source, []):
            t.related.append(term_by_head[other].id)
        pending.append((t, []))
    for entry, exclude in pending:
        texts = [t.source for path, t in entry.texts() if path != "notes"]
        found = refs.find(texts, [entry.id, *exclude])
        entry.related += [r for r in found if r not in entry.related]


def link_early(refs: Refs, early: tuple[Section, list[Item]], term_by_head: dict[str, Term]) -> None:
    """The early terminology list points at the later term of each of its items, then at what its texts name."""
    sec, items = early
    norm = {re.sub(r"\s+", "", h).lower(): t.id for h, t in term_by_head.items()}
    for it in items:
        tid = norm.get(re.sub(r"\s+", "", it.head).lower())
        if tid is None:
            raise ValueError(f"line {it.line}: early term {it.head!r} has no later counterpart")
        sec.related.append(tid)
    strings = [t.source for p, t in sec.texts() if p.startswith("blocks.")]
    sec.related += [r for r in refs.find(strings, sec.related) if r not in sec.related]
