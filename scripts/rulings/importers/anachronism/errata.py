"""Errata: corrections the FAQ prints inside answers (:data:`~.decisions.ERRATA`), each found by its exact text."""

from __future__ import annotations

from rulings.importers.anachronism.decisions import ERRATA
from rulings.importers.anachronism.document import GAME_ID, JOIN, LANG, find, prov, tx
from rulings.model.entries import Erratum, Ruling
from rulings.model.ids import slugify


def build_errata(text: str, rulings: list[Ruling], headings: dict[str, str]) -> list[Erratum]:
    """One erratum per spec, related to the rulings whose lines hold it, in document order."""
    errata: list[Erratum] = []
    for spec in ERRATA:
        a, z = find(text, spec.text)
        target = headings[spec.heading]
        host = [ru for ru in rulings if target in ru.about and ru.provenance
                and ru.origin.lines[0] <= a and z <= ru.origin.lines[1]]
        tslug = slugify(spec.heading, join=JOIN)
        err = Erratum(id=f"{GAME_ID}/erratum/{tslug}" + (f"-{spec.slug}" if spec.slug else ""), lang=LANG,
                      provenance=prov(a, z), type=spec.type, target=target, text=tx(spec.text),
                      original=tx(spec.original) if spec.original else None,
                      corrected=tx(spec.corrected) if spec.corrected else None,
                      related=[ru.id for ru in host], notes=tx(spec.note) if spec.note else None)
        errata.append(err)
    errata.sort(key=lambda e: e.origin.lines if e.origin else (0, 0))
    return errata
