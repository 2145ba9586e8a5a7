"""``parse``: the FAQ's topics read, then its entries built in the order each needs the last."""

from __future__ import annotations

import re

from rulings.content import originals
from rulings.importers.anachronism.document import DOCUMENT_ID, GAME_ID, LANG, SOURCE_NAME, tx
from rulings.importers.anachronism.entities import build_entities
from rulings.importers.anachronism.errata import build_errata
from rulings.importers.anachronism.glossary import build_terms
from rulings.importers.anachronism.rulings import build_rulings, link_in_answer_refs
from rulings.importers.anachronism.sections import behind_diagram
from rulings.importers.anachronism.topics import split_blocks
from rulings.importers.result import ImportResult
from rulings.model.entries import Authority, Document, Game


def parse(text: str) -> ImportResult:
    text = originals.normalized(text)  # find() counts lines by "\n"
    src_lines = originals.lines(text)
    blocks = split_blocks(text)
    headings, entities = build_entities(blocks)
    rulings = build_rulings(blocks, headings)
    link_in_answer_refs(rulings, headings)
    sections = [behind_diagram(rulings, headings, src_lines)]
    errata = build_errata(text, rulings, headings)
    terms = build_terms(text)
    return ImportResult.of(game(src_lines), DOCUMENT_ID, {
        "entities": entities.values(),
        "rulings": rulings,
        "glossary": terms,
        "errata": errata,
        "sections": sections,
    })


def game(src_lines: list[str]) -> Game:
    """The game and its one document, titled and dated by the FAQ's first two lines."""
    title, updated = src_lines[0].strip(), src_lines[1].strip()
    m = re.fullmatch(r"Updated: (?P<m>\d{1,2})-(?P<d>\d{1,2})-(?P<y>\d{4})", updated)
    if not m:
        raise ValueError(f"second line is not the 'Updated:' date: {updated!r}")
    return Game(
        id=GAME_ID, lang=LANG, name=tx("Anachronism"), identified=True, publisher=None,
        documents=[Document(id=DOCUMENT_ID, title=tx(title), languages=[LANG], file=f"sources/{SOURCE_NAME}",
                            sha256="", date_printed=updated.removeprefix("Updated: "),
                            date=f"{m['y']}-{int(m['m']):02d}-{int(m['d']):02d}",
                            # the publisher's voice: "In Set 4, since we key card abilities off of the trait,
                            # we decided…", "no plans to errata … the Bokken"
                            authority=Authority.OFFICIAL_FAQ)],
    )
