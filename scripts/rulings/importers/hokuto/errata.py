"""Errata: one per erratum line, its type and ``original``/``corrected`` parts read from its wording
(:data:`~.decisions.ERRATUM_RULES`)."""

from __future__ import annotations

import re

from rulings.importers.hokuto.cards import Cards, card_slug
from rulings.importers.hokuto.damage import damage_in, damage_note
from rulings.importers.hokuto.decisions import ERRATUM_RULES
from rulings.importers.hokuto.document import DOCUMENT_ID, JOIN, LANG, eid
from rulings.importers.hokuto.parts import ErratumLine
from rulings.model.entries import Erratum, ErratumType, Provenance
from rulings.model.ids import slugify
from rulings.model.text import Text

_ERRATUM_RES = [(re.compile(p), t) for p, t in ERRATUM_RULES]

MULTI_CARD_RE = re.compile(r" e (?=[A-Z])")
"""'Il coraggio di una donna e Anche a costo di morire': two cards joined by ' e ' + a capital."""


def classify(name: str, body: str) -> tuple[ErratumType, str | None, str | None]:
    for rx, typ in _ERRATUM_RES:
        m = rx.search(body)
        if m:
            g = m.groupdict()
            corrected = g.get("c")
            if typ is ErratumType.NAME and corrected is None:
                corrected = name
            return typ, g.get("o"), corrected
    return ErratumType.OTHER, None, None


def make_erratum(el: ErratumLine, cards: Cards) -> Erratum:
    """The erratum of one line; the cards it names are mentioned (created) under its series."""
    names = MULTI_CARD_RE.split(el.name)
    targets = [cards.mention(n, el.no, series=el.group) for n in names]
    typ, original, corrected = classify(el.name, el.body)
    series_slug = slugify(el.group.removeprefix("Serie "), join=JOIN)
    return Erratum(
        id=eid("erratum", f"{card_slug(names[0])}-{series_slug}"),
        lang=LANG,
        provenance=[Provenance(DOCUMENT_ID, (el.no, el.no))],
        notes=damage_note(damage_in([el.line])),
        type=typ,
        target=targets[0],
        target_name=Text(LANG, el.name),
        group=Text(LANG, el.group),
        text=Text(LANG, el.line),
        original=Text(LANG, original) if original else None,
        corrected=Text(LANG, corrected) if corrected else None,
        related=targets[1:],
    )
