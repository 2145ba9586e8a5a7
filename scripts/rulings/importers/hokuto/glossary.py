"""Glossary terms: one per term heading of ``APPUNTI ALLE REGOLE``, with aliases and links between terms."""

from __future__ import annotations

import re

from rulings.importers.hokuto.damage import damage_in, damage_note, repaired
from rulings.importers.hokuto.decisions import TERM_ALIASES, TERM_RELATED
from rulings.importers.hokuto.document import DOCUMENT_ID, JOIN, LANG, eid
from rulings.importers.hokuto.parts import TermLines
from rulings.model.entries import Provenance, Term
from rulings.model.ids import slug_words
from rulings.model.text import Text


def term_slug(heading: str) -> str:
    """Slug of a term heading: quoted placeholders, parentheses, a leading article and stray letters left out."""
    s = re.sub(r"“[^”]*”|\([^)]*\)", " ", repaired(heading))
    words = slug_words(s, join=JOIN)
    if words and words[0] in ("il", "la"):
        words = words[1:]
    return "-".join(w for w in words if len(w) > 1 or w == "o") or "termine"


def make_term(tl: TermLines) -> Term:
    heading, first, paras = tl.heading, tl.first, tl.paras
    slug = term_slug(heading)
    last = paras[-1][0] if paras else first
    definition = "\n\n".join(p for _, p in paras)
    aliases = TERM_ALIASES.get(slug)
    return Term(
        id=eid("term", slug),
        lang=LANG,
        provenance=[Provenance(DOCUMENT_ID, (first, last))],
        notes=damage_note(damage_in([heading, definition])),
        term=Text(LANG, heading),
        aliases={LANG: list(aliases)} if aliases else {},
        definition=Text(LANG, definition) if definition else None,
    )


def link_terms(terms: list[Term]) -> None:
    """Relate the pairs of :data:`~.decisions.TERM_RELATED` both ways, each term's links in glossary order."""
    order = {t.slug: i for i, t in enumerate(terms)}
    by_slug = {t.slug: t for t in terms}
    for a, b in TERM_RELATED:
        if a in by_slug and b in by_slug:
            by_slug[a].related.append(by_slug[b].id)
            by_slug[b].related.append(by_slug[a].id)
    for t in terms:
        t.related = sorted(dict.fromkeys(t.related), key=lambda r: order[r.rsplit("/", 1)[1]])
