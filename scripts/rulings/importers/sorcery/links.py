"""Cross-references the document prints in words ("see the end of this doc"), as a reader resolved them
(:data:`~.decisions.RULING_RELATED`, :data:`~.decisions.SECTION_RELATED`, :data:`~.decisions.NEAR_DUPLICATES`),
and the rulings' notes put on them."""

from __future__ import annotations

from rulings.importers.sorcery.decisions import NEAR_DUPLICATES, RULING_RELATED, SECTION_RELATED
from rulings.importers.sorcery.document import resolve, tx
from rulings.importers.sorcery.rulings import FaqRulings
from rulings.model.entries import Section


def link(faq: FaqRulings, sections: list[Section], ids: dict[str, dict[str, str]], card_name: dict[str, str],
         notes: dict[str, list[str]]) -> None:
    """Relate rulings and sections to what they refer to; near duplicates to each other (noted); then set each
    FAQ ruling's notes from ``notes`` (ruling id → notes, in order)."""

    def target(spec: tuple[str, ...]) -> str:
        if spec[0] == "ruling":
            return faq.find(spec[1], spec[2]).id
        return resolve(spec[0], spec[1], ids)

    for card, prefix, specs in RULING_RELATED:
        r = faq.find(card, prefix)
        for s in specs:
            t = target(s)
            if t not in r.related:
                r.related.append(t)
    for pair in NEAR_DUPLICATES:
        r1, r2 = (faq.find(*x) for x in pair)
        for a, b in ((r1, r2), (r2, r1)):
            a.related.append(b.id)
            notes.setdefault(a.id, []).append(
                "Printed in slightly different words under " + ", ".join(card_name[c] for c in b.about)
                + "; kept as a separate ruling (see related).")
    for r in faq.rulings:
        if r.id in notes:
            r.notes = tx(" ".join(notes[r.id]))
    for s in sections:
        for spec in SECTION_RELATED.get(s.title.source, []):
            s.related.append(target(spec))
