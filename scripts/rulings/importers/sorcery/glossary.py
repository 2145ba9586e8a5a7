"""Glossary terms: the definitions :data:`~.decisions.TERMS` locates, in a rule section's blocks or an FAQ
answer, quoted as printed."""

from __future__ import annotations

from rulings.importers.sorcery.blocks import Placed
from rulings.importers.sorcery.decisions import TERMS
from rulings.importers.sorcery.document import GAME_ID, LANG, SourceError, join_lines, prov, tx
from rulings.importers.sorcery.faq import CardQA
from rulings.importers.sorcery.rulings import FaqRulings
from rulings.model.entries import Example, Term
from rulings.model.ids import slugify


def term_ids() -> dict[str, str]:
    """Term slug → term id, for every term of :data:`~.decisions.TERMS`."""
    return {slugify(ts.term): f"{GAME_ID}/term/{slugify(ts.term)}" for ts in TERMS}


def build_terms(lines: list[str], placed: dict[str, list[Placed]], faq: FaqRulings, qas: list[CardQA]) -> list[Term]:
    ids = term_ids()
    terms: list[Term] = []
    for ts in TERMS:
        if ts.where[0] == "section":
            _, stitle, idx = ts.where
            ps = [placed[stitle][i] for i in idx]
            if idx != list(range(idx[0], idx[-1] + 1)) or isinstance(ps[0].block, Example):
                raise SourceError(f"definition of {ts.term!r}: expected consecutive blocks in {stitle!r}")
            first, last = ps[0].first, ps[-1].last
            # the definition as printed (these blocks are paragraphs or unnumbered lists)
            definition = join_lines([(i, lines[i - 1]) for i in range(first, last + 1) if lines[i - 1].strip()])
        else:
            _, card, prefix, para = ts.where
            r = faq.find(card, prefix)
            paras = r.answer.source.split("\n\n")
            definition = paras[para]
            qa_lines = next(qa for qa in qas if qa.q[0] == r.origin.lines[0]).answer
            first = last = next(n for n, t in qa_lines if t == definition)
        terms.append(Term(id=ids[slugify(ts.term)], lang=LANG, provenance=prov(first, last),
                          term=tx(ts.term), aliases={LANG: ts.aliases}, definition=tx(definition),
                          related=[ids[s] for s in ts.related]))
    return terms
