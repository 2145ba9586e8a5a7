"""Glossary terms: definitions the FAQ gives (:data:`~.decisions.GLOSSARY`), each found by its exact text."""

from __future__ import annotations

from rulings.importers.anachronism.decisions import GLOSSARY
from rulings.importers.anachronism.document import GAME_ID, JOIN, LANG, find, prov, tx
from rulings.model.entries import Term
from rulings.model.ids import slugify


def build_terms(text: str) -> list[Term]:
    """One term per definition, in document order; a term relating to an unknown term is an error."""
    terms: list[Term] = []
    for ts in GLOSSARY:
        a, z = find(text, ts.definition)
        terms.append(Term(id=f"{GAME_ID}/term/{slugify(ts.term, join=JOIN)}", lang=LANG, provenance=prov(a, z),
                          term=tx(ts.term), aliases={LANG: list(ts.aliases)} if ts.aliases else {},
                          definition=tx(ts.definition),
                          related=[f"{GAME_ID}/term/{s}" for s in ts.related],
                          notes=tx(ts.note) if ts.note else None))
    term_ids = {t.id for t in terms}
    for t in terms:
        missing = [r for r in t.related if r not in term_ids]
        if missing:
            raise ValueError(f"term {t.id} relates to unknown terms {missing}")
    terms.sort(key=lambda t: t.origin.lines if t.origin else (0, 0))
    return terms
