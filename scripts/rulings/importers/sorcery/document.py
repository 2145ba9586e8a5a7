"""The Sorcery clarifications document: who it belongs to, and how its plain-text export is read.

The export is a list of lines; every reader of a part works on 1-based ``(line number, text)`` pairs
(:data:`Line`), so each entry's provenance is the lines it was read from.
"""

from __future__ import annotations

import re

from rulings.model.entries import Provenance
from rulings.model.ids import fold_accents
from rulings.model.text import Text

FORMAT = "sorcery-clarifications"
GAME_ID = "sorcery"
SOURCE_NAME = "sorcery-rulebook-clarifications.txt"
DOC_ID = "clarifications"
LANG = "en"

Line = tuple[int, str]  # (1-based line number, text)


class SourceError(ValueError):
    """The document does not have the shape this importer knows."""


def norm(s: str) -> str:
    """Comparison key: no accents, one apostrophe, no quotes, case-folded, single spaces."""
    s = fold_accents(s)
    s = s.replace("’", "'").replace("‘", "'")
    s = re.sub(r"[“”\"]", "", s)
    return re.sub(r"\s+", " ", s).strip().casefold()


def tx(s: str) -> Text:
    return Text(LANG, s)


def prov(a: int, b: int) -> list[Provenance]:
    return [Provenance(DOC_ID, (a, b))]


def join_lines(lines: list[tuple[int, str]]) -> str:
    """Source lines as printed: consecutive lines joined by a newline, a blank line as a paragraph break."""
    out: list[str] = []
    prev = None
    for n, t in lines:
        if out:
            out.append("\n" if prev is not None and n == prev + 1 else "\n\n")
        out.append(t.strip())
        prev = n
    return "".join(out)


def chunks(lines: list[Line]) -> list[list[Line]]:
    """Runs of consecutive non-blank lines."""
    out: list[list[Line]] = []
    cur: list[Line] = []
    for n, t in lines:
        if t.strip():
            cur.append((n, t.strip()))
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def find_heading(lines: list[str], text: str, start: int = 0) -> int:
    for i in range(start, len(lines)):
        if lines[i].strip() == text:
            return i
    raise SourceError(f"heading {text!r} not found after line {start + 1}")


def numbered(lines: list[str], a: int, b: int) -> list[Line]:
    """Lines a..b-1 (0-based) as (line number, text)."""
    return [(i + 1, lines[i]) for i in range(a, b)]


def last_nonblank(lines: list[str], a: int, b: int) -> int:
    """1-based number of the last non-blank line in a..b-1, or a+1 (the heading) if none."""
    for i in range(b - 1, a - 1, -1):
        if lines[i].strip():
            return i + 1
    return a + 1


def resolve(kind: str, key: str, ids: dict) -> str:
    table = ids[kind]
    k = norm(key) if kind in ("section", "card") else key
    if k not in table:
        raise SourceError(f"cannot resolve {kind} {key!r}")
    return table[k]
