"""The 2006-03-20 Anachronism FAQ: who it belongs to, and the small helpers every reader of it shares.

Each entry points at the lines it was read from (:func:`prov`); texts are in the FAQ's one language.
"""

from __future__ import annotations

from rulings.model.entries import Provenance
from rulings.model.ids import APOSTROPHES
from rulings.model.text import Text

FORMAT = "anachronism-faq"
GAME_ID = "anachronism"
SOURCE_NAME = "anachronism-faq-2006-03-20.txt"
DOCUMENT_ID = "faq-2006"
LANG = "en"

JOIN = APOSTROPHES + "()"
"""Kept inside a word in slugs: apostrophes, and the brackets of plurals printed ``Attack Grid(s)``."""


def prov(a: int, b: int) -> list[Provenance]:
    return [Provenance(DOCUMENT_ID, (a, b))]


def tx(s: str) -> Text:
    return Text(LANG, s)


def find(text: str, needle: str) -> tuple[int, int]:
    """1-based first and last line of the first occurrence of ``needle`` in ``text`` (lines end at "\\n")."""
    at = text.find(needle)
    if at < 0:
        raise ValueError(f"text not found in the FAQ: {needle[:60]!r}")
    first = text.count("\n", 0, at) + 1
    return first, first + needle.count("\n")


def add(xs: list[str], *items: str) -> None:
    """Append the items not yet in ``xs``: references keep their first order and never repeat."""
    for x in items:
        if x not in xs:
            xs.append(x)
