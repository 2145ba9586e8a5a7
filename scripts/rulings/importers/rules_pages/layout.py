"""The page layout read into blocks: bullet lists nested by indentation, examples, labelled items, tables
printed one cell per line, paragraphs (:func:`read_blocks`).

Blocks keep their line numbers while read (:class:`Item`) and become model blocks as they are placed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.importers.rules_pages.document import LANG, Line
from rulings.model.entries import Block, Example, ListBlock, ListItem, Paragraph, Table
from rulings.model.text import Text


@dataclass
class Item:
    line: Line
    items: list[Item] = field(default_factory=list)

    def last(self) -> int:
        return self.items[-1].last() if self.items else self.line.no

    def to_model(self) -> ListItem:
        return ListItem(Text(LANG, self.line.text), [i.to_model() for i in self.items])


def _nest(bullets: list[Line]) -> list[Item]:
    """Bullets → nested items: a bullet indented deeper than the one before is its child."""
    top: list[Item] = []
    stack: list[tuple[int, Item]] = []
    for b in bullets:
        while stack and stack[-1][0] >= b.indent:
            stack.pop()
        it = Item(b)
        (stack[-1][1].items if stack else top).append(it)
        stack.append((b.indent, it))
    return top


def _is_label(line: Line) -> bool:
    """A short one-sentence line that introduces the bullets after it (not a paragraph)."""
    return len(line.text) <= 80 and ". " not in line.text


def _is_cell(line: Line) -> bool:
    return not line.bullet and len(line.text) <= 30 and not line.text.endswith((".", ":", "!", "?"))


SIGNED = re.compile(r"^[+\-−]\d+$")


def _table(cells: list[Line]) -> Table | None:
    """A run of one-cell-per-line lines: header cells, then rows; the columns end with the bonus (+N)."""
    first_value = next((i for i, c in enumerate(cells) if i >= 2 and SIGNED.match(c.text)), None)
    if first_value is None:
        return None
    # the header has as many cells as a row, and the first row's last cell is the first value:
    # first_value == 2 * ncols - 1
    ncols, odd = divmod(first_value + 1, 2)
    if odd or ncols < 2 or len(cells) % ncols or len(cells) < 2 * ncols:
        return None
    texts = [Text(LANG, c.text) for c in cells]
    rows = [texts[i:i + ncols] for i in range(ncols, len(texts), ncols)]
    if not all(SIGNED.match(r[-1].source) for r in rows):
        return None
    return Table(header=texts[:ncols], rows=rows)


def _wrap_example(items: list[Item]) -> Block:
    lst = ListBlock([i.to_model() for i in items])
    first = items[0].line.text
    if first.startswith(("Example:", "For example")):
        return Example(blocks=[lst])
    return lst


@dataclass
class Parsed:
    blocks: list[Block]
    action_types: list[Item]  # labelled items of a definition-like list (the action types)


def read_blocks(lines: list[Line]) -> Parsed:
    """Layout → blocks.

    - a run of bullets (blank lines between them allowed) is one list, nested by indentation; it is an
      Example when its first bullet starts "Example:" / "For example";
    - a label (short one-sentence line) directly followed by bullets is either an Example titled by the
      label (when the label starts with "Example", or when the paragraph introducing the run of labels
      speaks of examples), or an item of a list whose sub-items are the bullets (the action types);
    - a run of four or more short lines, each one cell, is a table;
    - any other line is a paragraph.
    """
    out: list[Block] = []
    action_types: list[Item] = []
    mode: str | None = None  # what labels mean after an introducing paragraph ending in ":"
    label_list: ListBlock | None = None
    i = 0
    n = len(lines)
    while i < n:
        ln = lines[i]
        if ln.bullet:
            j = i
            while j < n and lines[j].bullet:
                j += 1
            out.append(_wrap_example(_nest(lines[i:j])))
            label_list = None
            i = j
            continue
        nxt = lines[i + 1] if i + 1 < n else None
        if nxt is not None and nxt.bullet and _is_label(ln):
            j = i + 1
            while j < n and lines[j].bullet:
                j += 1
            items = _nest(lines[i + 1:j])
            if ln.text.startswith("Example") or mode == "examples":
                out.append(Example(blocks=[ListBlock([x.to_model() for x in items])], title=Text(LANG, ln.text)))
                label_list = None
            else:
                item = Item(ln, items)
                action_types.append(item)
                if label_list is None:
                    label_list = ListBlock([])
                    out.append(label_list)
                label_list.items.append(item.to_model())
            i = j
            continue
        j = i
        while j < n and _is_cell(lines[j]):
            j += 1
        if j - i >= 4:
            table = _table(lines[i:j])
            if table is not None:
                out.append(table)
                mode, label_list = None, None
                i = j
                continue
        out.append(Paragraph(Text(LANG, ln.text)))
        label_list = None
        mode = ("examples" if "example" in ln.text.lower() else "items") if ln.text.endswith(":") else None
        i += 1
    return Parsed(out, action_types)
