"""The FAQ's rulings: one per distinct question and answer, ``about`` every card it is printed under, and
the notes saying where it is printed again (:data:`~.decisions.RULING_NOTES` added)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.importers.sorcery.decisions import RULING_NOTES, STOPWORDS
from rulings.importers.sorcery.document import GAME_ID, LANG, SourceError, join_lines, norm, prov, tx
from rulings.importers.sorcery.faq import CardQA
from rulings.model.entries import Ruling, RulingFlag
from rulings.model.ids import slugify, unique


def short_slug(question: str, drop: set[str], n: int = 5) -> str:
    """The slug of a question: its first ``n`` words that are neither stop words nor in ``drop``."""
    return slugify(question, drop=STOPWORDS | drop, limit=n, fallback="q")


@dataclass
class FaqRulings:
    rulings: list[Ruling] = field(default_factory=list)
    also_printed: dict[str, list[str]] = field(default_factory=dict)  # ruling id → card names it is printed under
    by_question: dict[tuple[str, str], Ruling] = field(default_factory=dict)  # (card key, question) → ruling
    used: set[str] = field(default_factory=set)  # ruling ids taken (the rule sections' rulings add theirs)

    def find(self, card: str, prefix: str) -> Ruling:
        """The one ruling printed under ``card`` whose question starts with ``prefix``."""
        ck = norm(card)
        hits = [r for (k, q), r in self.by_question.items() if k == ck and q.startswith(prefix)]
        if len(hits) != 1:
            raise SourceError(f"no single ruling under {card!r} starting {prefix!r}")
        return hits[0]


def faq_rulings(cards_raw: list[dict], qas: list[CardQA], card_ids: dict[str, str]) -> FaqRulings:
    out = FaqRulings()
    ruling_by_key: dict[tuple[str, str | None], Ruling] = {}
    for qa in qas:
        card = cards_raw[qa.card]
        cid = card_ids[card["key"]]
        question = qa.q[1]
        answer = join_lines(qa.answer) if qa.answer else None
        key = (question, answer)
        if key in ruling_by_key:
            r = ruling_by_key[key]
            if cid not in r.about:
                r.about.append(cid)
                out.also_printed[r.id].append(card["names"][0][1])
            out.by_question[(card["key"], question)] = r
            continue
        drop = set(slugify(card["names"][0][1]).split("-"))
        slug = f"{slugify(card['names'][0][1])}-{short_slug(question, drop)}"
        rid = unique(f"{GAME_ID}/ruling/{slug}", out.used)
        last = qa.answer[-1][0] if qa.answer else qa.q[0]
        r = Ruling(id=rid, lang=LANG, provenance=prov(qa.q[0], last), question=tx(question),
                   answer=tx(answer) if answer else None, about=[cid],
                   flags=[] if answer else [RulingFlag.UNANSWERED])
        ruling_by_key[key] = r
        out.also_printed[rid] = [card["names"][0][1]]
        out.by_question[(card["key"], question)] = r
        out.rulings.append(r)
    return out


def ruling_notes(faq: FaqRulings) -> dict[str, list[str]]:
    """Ruling id → its notes so far: where a ruling is printed identically again, then the reader's notes."""
    notes: dict[str, list[str]] = {}
    for r in faq.rulings:
        if len(r.about) > 1:
            notes.setdefault(r.id, []).append(
                "Printed identically under: " + ", ".join(faq.also_printed[r.id]) + ".")
    for card, prefix, note in RULING_NOTES:
        notes.setdefault(faq.find(card, prefix).id, []).append(note)
    return notes
