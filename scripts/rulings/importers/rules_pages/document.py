"""The rules pages of an unidentified game: who they belong to, and their lines as the layout gives them.

Each content line keeps its number, its indentation and whether it is a bullet: nesting and the kind of
block are read from these (:mod:`.layout`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.content import originals

FORMAT = "rules-pages"
GAME_ID = "unidentified-1"
SOURCE_NAME = "unidentified-1-rules-pages.txt"
DOCUMENT_ID = "rules-pages"
LANG = "en"

BULLETS = ("•", "◦", "▪", "‣")


@dataclass
class Line:
    no: int  # 1-based
    indent: int
    text: str  # stripped, bullet marker removed
    bullet: bool


def read_lines(source: str) -> list[Line]:
    out = []
    for i, raw in enumerate(originals.lines(source), start=1):
        if not raw.strip():  # empty, or only spaces / non-breaking spaces: page layout, not content
            continue
        stripped = raw.lstrip()
        indent = len(raw) - len(stripped)
        bullet = stripped.startswith(BULLETS)
        text = stripped[1:].strip() if bullet else stripped.strip()
        out.append(Line(i, indent, text, bullet))
    return out
