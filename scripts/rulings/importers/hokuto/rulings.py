"""Rulings: one per question of ``POSTA E RISPOSTA`` with the answer after it, linked to the cards and terms
its texts name; damage and odd markers noted."""

from __future__ import annotations

import re

from rulings.importers.hokuto.cards import Cards
from rulings.importers.hokuto.damage import OCR, damage_in, damage_note, repaired
from rulings.importers.hokuto.decisions import CROSS_REFS, STOPWORDS, TERM_MENTIONS
from rulings.importers.hokuto.document import DOCUMENT_ID, JOIN, LANG, eid
from rulings.importers.hokuto.parts import QA
from rulings.model.entries import Provenance, Ruling, RulingFlag, Term
from rulings.model.ids import slugify, unique
from rulings.model.text import Text

RULING_SLUG_WORDS = 6


def ruling_slug(question: str) -> str:
    return slugify(repaired(question), join=JOIN, drop=STOPWORDS, limit=RULING_SLUG_WORDS, fallback="domanda")


def make_rulings(qa: list[QA], cards: Cards, terms: list[Term]) -> list[Ruling]:
    term_ids = {t.slug: t.id for t in terms}
    mentions = [(term_ids[s], re.compile(rx)) for s, rx in TERM_MENTIONS.items() if s in term_ids]
    out: list[Ruling] = []
    used: set[str] = set()
    i = 0
    while i < len(qa):
        q = qa[i]
        if not q.question:
            raise ValueError(f"line {q.first}: answer without a question")
        a = qa[i + 1] if i + 1 < len(qa) and not qa[i + 1].question else None
        i += 2 if a else 1
        slug = unique(ruling_slug(q.text), used)
        texts = [q.text] + ([a.text] if a else [])
        about: list[str] = []
        for part in (q, a):
            for printed in cards.find(part.text) if part else []:
                ref = cards.mention(printed, part.first)
                if ref not in about:
                    about.append(ref)
        related = [tid for tid, rx in mentions if any(rx.search(t) for t in texts)]
        found = damage_in(texts)
        extra = []
        flags = []
        if q.mark.upper() != "D:":
            extra.append(f"The question is marked '{q.mark}' instead of 'D:' in the source"
                         + (" (OCR damage)." if q.mark.upper() == "P:" else "."))
        if a and a.mark.upper() != "R:":
            extra.append(f"The answer is marked '{a.mark}' instead of 'R:' in the source.")
        if any(d.kind == OCR for d, _ in found) or q.mark.upper() == "P:":
            flags.append(RulingFlag.OCR_DAMAGE)
        if a is None:
            flags.append(RulingFlag.UNANSWERED)
        out.append(Ruling(
            id=eid("ruling", slug),
            lang=LANG,
            provenance=[Provenance(DOCUMENT_ID, (q.first, a.last if a else q.last))],
            notes=damage_note(found, extra),
            question=Text(LANG, q.text),
            answer=Text(LANG, a.text) if a else None,
            about=about,
            related=related,
            flags=flags,
        ))
    for needle, target in CROSS_REFS:
        src = next((r for r in out if r.answer and needle in r.answer.source), None)
        dst = next((r for r in out if r.question and target in r.question.source), None)
        if src and dst:
            src.related.insert(0, dst.id)
    return out
