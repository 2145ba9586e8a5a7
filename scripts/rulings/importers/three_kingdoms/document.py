"""The forum copy of the Legends of the Three Kingdoms FAQ: who it belongs to, and the small helpers every
reader of it shares (ids, provenance, texts in English or in Chinese with their English)."""

from __future__ import annotations

import re

from rulings.importers.three_kingdoms.decisions import HEADING_EN
from rulings.model.entries import Provenance
from rulings.model.ids import slugify
from rulings.model.text import Text

FORMAT = "three-kingdoms-faq"
GAME_ID = "three-kingdoms"
DOCUMENT_ID = "faq"
SOURCE_NAME = "legends-of-the-three-kingdoms-faq.txt"

MACHINE_BY = "ai:claude"
OFFICIAL_BY = "source document"

SUITS = "♥♦♣♠"


def name_slug(s: str) -> str:
    """Slug of a heading: parenthetical remarks left out; ``±`` spelled out, as the heading ``±1 Mounts``
    names both the +1 and the -1 mount (its id, ``topic/plus-minus-1-mounts``, is the only one with it)."""
    return slugify(re.sub(r"\([^)]*\)", " ", s).replace("±", " plus minus "))


def join(lines: list[str]) -> str:
    """Source lines are paragraphs; a line starting with a suit symbol continues a list in a sentence."""
    out = ""
    for s in lines:
        out += (("\n" if s[0] in SUITS else "\n\n") if out else "") + s
    return out


def en(s: str) -> Text:
    return Text("en", s)


def zh_heading(s: str) -> Text:
    t = Text("zh", s)
    t.translate("en", HEADING_EN[s], "machine", by=MACHINE_BY)
    return t


def prov(a: int, b: int) -> list[Provenance]:
    return [Provenance(DOCUMENT_ID, (a, b))]


def gid(kind: str, slug: str) -> str:
    return f"{GAME_ID}/{kind}/{slug}"
