"""The one rules section: the ASCII board diagram printed in the answer under "Behind", kept verbatim.

Rulings have no diagram field, so the diagram stays inside the answer and is also a Diagram block of a
section linked from the ruling.
"""

from __future__ import annotations

import re

from rulings.importers.anachronism.document import GAME_ID, LANG, add, prov, tx
from rulings.model.entries import Diagram, Ruling, Section


def behind_diagram(rulings: list[Ruling], headings: dict[str, str], src_lines: list[str]) -> Section:
    """The section of the diagram under "Behind" (its rows and the caption after them); links the ruling to it."""
    behind = next(ru for ru in rulings if headings["Behind"] in ru.about)
    a, z = behind.origin.lines if behind.origin else (0, 0)
    rows = [n for n in range(a, z + 1) if re.fullmatch(r"(\|[^|\n]){3}\|", src_lines[n - 1])]
    diagram = "\n".join(src_lines[n - 1] for n in rows)
    caption_line = rows[-1] + 2
    caption = src_lines[caption_line - 1].strip()
    if not rows or diagram not in (behind.answer.source if behind.answer else ""):
        raise ValueError("the diagram under 'Behind' was not found in its answer")
    sec = Section(id=f"{GAME_ID}/section/behind-diagram", lang=LANG, provenance=prov(rows[0], caption_line),
                  title=tx("Behind"), blocks=[Diagram(diagram, tx(caption))],
                  related=[headings["Behind"], behind.id],
                  notes=tx("The board diagram printed in the answer under 'Behind' (kept there too)."))
    add(behind.related, sec.id)
    return sec
