"""Part 2, "Intercept vs. Defend": an intro paragraph and a two-column comparison, read as a table."""

from __future__ import annotations

import re

from rulings.importers.sorcery.blocks import build_blocks
from rulings.importers.sorcery.document import LANG, Line, SourceError, join_lines, last_nonblank, numbered, prov, tx
from rulings.model.entries import Section, Table

ROW_LABEL_RE = re.compile(r"^(When to use \w+|Can you move\?|What happens\?)$")
"""The labels that open each row in both columns."""


def _cells(col: list[Line]) -> list[str]:
    """One column's cells: the lines from each row label up to the next."""
    starts = [k for k, (_, t) in enumerate(col) if ROW_LABEL_RE.match(t.strip())]
    out = []
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(col)
        out.append(join_lines([(n, t) for n, t in col[s:end] if t.strip()]))
    return out


def parse_intercept(lines: list[str], a: int, b: int, sid: str) -> Section:
    """The Intercept vs. Defend comparison: an intro paragraph and a two-column table."""
    body = numbered(lines, a + 1, b)
    i_col = next(k for k, (_, t) in enumerate(body) if t.strip() == "Intercept")
    d_col = next(k for k, (_, t) in enumerate(body) if t.strip() == "Defend")
    intro = build_blocks(body[:i_col])
    left, right = _cells(body[i_col + 1:d_col]), _cells(body[d_col + 1:])
    if len(left) != len(right):
        raise SourceError("Intercept vs. Defend: the two columns have different numbers of rows")
    table = Table(header=[tx(body[i_col][1].strip()), tx(body[d_col][1].strip())],
                  rows=[[tx(x), tx(y)] for x, y in zip(left, right, strict=True)])
    return Section(id=sid, lang=LANG, provenance=prov(a + 1, last_nonblank(lines, a, b)),
                   title=tx(lines[a].strip()), blocks=[p.block for p in intro] + [table])
