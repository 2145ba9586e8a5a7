"""Circled-number lists (①…⑳): the thread's lists of rules, words and cards, each item a heading line and
the lines under it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.importers.three_kingdoms.document import en
from rulings.model.entries import ListBlock, ListItem

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
CIRCLED_RE = re.compile(rf"^([{CIRCLED}])\s*(.*)$")


@dataclass
class Item:
    """A circled-number item: its heading line and the lines under it."""

    number: int
    line: int
    head: str
    body: list[tuple[int, str]] = field(default_factory=list)

    @property
    def last(self) -> int:
        return self.body[-1][0] if self.body else self.line

    @property
    def texts(self) -> list[str]:
        return [s for _, s in self.body]


def ordered_list(items: list[Item]) -> ListBlock:
    """Circled-number items as printed: an ordered list, each item's lines as its sub-items."""
    return ListBlock(ordered=True, items=[ListItem(en(it.head), items=[ListItem(en(s)) for s in it.texts])
                                          for it in items])


def read_items(block: list[tuple[int, str]], what: str) -> list[Item]:
    """The items of a list (``what``: its heading, for errors); items must be numbered in order."""
    items: list[Item] = []
    for no, s in block:
        m = CIRCLED_RE.match(s)
        if m:
            number = CIRCLED.index(m.group(1)) + 1
            if number != len(items) + 1:
                raise ValueError(f"line {no}: {what} item {m.group(1)} out of order")
            items.append(Item(number, no, m.group(2).strip()))
        elif items:
            items[-1].body.append((no, s))
        else:
            raise ValueError(f"line {no}: text before the first item of {what}: {s!r}")
    return items
