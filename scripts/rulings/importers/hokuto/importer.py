"""``parse``: the sheet's three parts read, then its entries built (errata first, so cards are created in
the order the document first names them)."""

from __future__ import annotations

from rulings.content import originals
from rulings.importers.hokuto.cards import Cards
from rulings.importers.hokuto.document import DOCUMENT_ID, GAME_ID, LANG, SOURCE_NAME
from rulings.importers.hokuto.errata import make_erratum
from rulings.importers.hokuto.glossary import link_terms, make_term
from rulings.importers.hokuto.parts import split_parts
from rulings.importers.hokuto.rulings import make_rulings
from rulings.importers.result import ImportResult
from rulings.model.entries import Authority, Document, Game
from rulings.model.text import Text


def parse(text: str) -> ImportResult:
    parts = split_parts(originals.lines(text))
    cards = Cards()
    errata = [make_erratum(el, cards) for el in parts.errata]
    terms = [make_term(tl) for tl in parts.terms]
    link_terms(terms)
    rulings = make_rulings(parts.qa, cards, terms)
    return ImportResult.of(game(), DOCUMENT_ID, {
        "entities": cards.entities(),
        "errata": errata,
        "glossary": terms,
        "rulings": rulings,
    })


def game() -> Game:
    return Game(
        id=GAME_ID,
        lang=LANG,
        name=Text(LANG, "Ken il Guerriero"),
        identified=True,
        description=Text("en", "Ken il Guerriero is an Italian collectible card game based on Hokuto no Ken "
                               "(Fist of the North Star). Its cards were published in colour series "
                               "(Serie Ocra, Serie Bianca, Serie Verde, Serie Viola, Serie Rossa, Serie Nera, "
                               "Serie Blu)."),
        documents=[Document(
            id=DOCUMENT_ID,
            title=Text(LANG, "ERRATA – APPUNTI ALLE REGOLE – POSTA E RISPOSTA"),
            languages=[LANG],
            file="sources/" + SOURCE_NAME,
            sha256="",
            authority=Authority.UNKNOWN,  # card errata and a letters column, but no publisher named in the text
        )],
    )
