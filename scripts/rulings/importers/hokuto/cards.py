"""The card entities: created on first mention (in an erratum line or a Q&A text), in document order."""

from __future__ import annotations

import re

from rulings.importers.hokuto.damage import damage_in, repaired
from rulings.importers.hokuto.decisions import CARDS
from rulings.importers.hokuto.document import DOCUMENT_ID, JOIN, LANG, eid
from rulings.model.entries import Entity, EntityType, Provenance
from rulings.model.ids import slugify
from rulings.model.text import Text


def card_slug(name: str) -> str:
    return slugify(repaired(name), join=JOIN)


class Cards:
    """The card entities of the document, created on first mention, in document order."""

    def __init__(self) -> None:
        self.by_slug: dict[str, Entity] = {}
        self.printed: dict[str, list[str]] = {}
        self.series: dict[str, list[str]] = {}
        variants = sorted({v for c in CARDS for v in c}, key=lambda v: (-len(v), v))
        self.canonical = {v: c[0] for c in CARDS for v in c}
        self.rx = re.compile(r"(?<!\w)(?:{})(?!\w)".format("|".join(re.escape(v) for v in variants)))

    def mention(self, printed: str, line: int, series: str | None = None) -> str:
        """Record that the card is named (as ``printed``) on ``line``; return its entity id."""
        name = self.canonical.get(printed, printed)
        slug = card_slug(name)
        e = self.by_slug.get(slug)
        if e is None:
            e = Entity(id=eid("card", slug), lang=LANG, provenance=[Provenance(DOCUMENT_ID, (line, line))],
                       type=EntityType.CARD, name=Text(LANG, name))
            self.by_slug[slug] = e
        forms = self.printed.setdefault(slug, [])
        if printed not in forms:
            forms.append(printed)
        if series and series not in self.series.setdefault(slug, []):
            self.series[slug].append(series)
        return e.id

    def find(self, text: str) -> list[str]:
        """Every card name printed in ``text`` (as printed), the longest name winning at a position."""
        return [m.group(0) for m in self.rx.finditer(text)]

    def spans(self, text: str) -> list[tuple[int, int]]:
        return [m.span() for m in self.rx.finditer(text)]

    def entities(self) -> list[Entity]:
        out = []
        for slug, e in self.by_slug.items():
            assert e.name is not None
            forms = self.printed[slug]
            others = [f for f in forms if f != e.name.source]
            e.aliases = {LANG: others} if others else {}
            ser = self.series.get(slug, [])
            # a card listed under two series (Energia Elettrica) gets no single set
            e.attributes = {"set": slugify(ser[0].removeprefix("Serie "), join=JOIN)} if len(ser) == 1 else {}
            bad = [f for f in forms if damage_in([f])]
            if e.name.source not in forms:
                e.notes = Text("en", "The document prints this name only damaged, as "
                               + ", ".join(f"'{f}'" for f in forms) + "; the name is given repaired.")
            elif bad:
                e.notes = Text("en", "Damaged spellings in the document: " + ", ".join(f"'{f}'" for f in bad) + ".")
            out.append(e)
        return out
