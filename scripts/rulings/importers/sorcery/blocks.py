"""Section bodies → blocks: paragraphs, lists, step lists and examples, from the export's line conventions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulings.importers.sorcery.document import Line, chunks, tx
from rulings.model.entries import Block, Example, ListBlock, ListItem, Paragraph

# Lines that start an Example block (the example runs to the next one or the end of the section).
EXAMPLE_TITLE_RE = re.compile(r"^(Example \d+ - .+|Bonus Complication: .+)$")

# A list after one of these lead-ins is a storyline: its order matters (the text refers to its
# items as (1)…(5)); other lists (things that "all happen simultaneously", bullets) are unordered.
ORDERED_LEADIN_RE = re.compile(
    r"(storyline (is|is now|looks like this|looks like this now|will look like this)"
    r"|looked like this at that time|we have|into two events|this order):$",
    re.IGNORECASE)
NUMBERED_RE = re.compile(r"^(\d+)\)\s+(.*)$")
DONE_RE = re.compile(r"^done\)\s")
QA_RE = re.compile(r"^[QA]:\s")
LABEL_ITEM_RE = re.compile(r"^\S{1,3} = ")


@dataclass
class Placed:
    """A block with the source lines it came from."""

    block: Block
    first: int
    last: int


def build_blocks(lines: list[Line]) -> list[Placed]:
    """Paragraphs and lists from section body lines.

    Conventions of the export: a paragraph is one line; list items are consecutive lines (a first
    line ending with ":" is the lead-in paragraph); "1) …" and "done) …" are hand-numbered items,
    which continue a numbered list across blank lines; "Q: …"/"A: …" lines are paragraphs; a single
    line after a lead-in ending with ":" is a one-item list; a line ending with "," continues the
    item on the next line. A list is ordered when it is hand-numbered or is a storyline (see
    ``ORDERED_LEADIN_RE``), else bulleted.
    """
    out: list[Placed] = []

    def last_list(ordered: bool | None = None) -> ListBlock | None:
        if out and isinstance(out[-1].block, ListBlock) and (ordered is None or out[-1].block.ordered == ordered):
            return out[-1].block
        return None

    def lead_in() -> str | None:
        if out and isinstance(out[-1].block, Paragraph):
            return out[-1].block.text.source
        return None

    def add_item(n: int, text: str, ordered: bool | None) -> None:
        lst = last_list()
        if lst is None:
            li = lead_in()
            if ordered is None:
                ordered = bool(li and ORDERED_LEADIN_RE.search(li))
            lst = ListBlock([], ordered=ordered)
            out.append(Placed(lst, n, n))
        lst.items.append(ListItem(tx(text)))
        out[-1].last = n

    for ch in chunks(lines):
        prev_item_open = False
        for j, (n, t) in enumerate(ch):
            m = NUMBERED_RE.match(t)
            if prev_item_open and ch[j - 1][1].endswith(","):
                # a list item wrapped onto the next line (the line before ends with a comma)
                item = out[-1].block.items[-1]
                item.text = tx(item.text.source + "\n" + t)
                out[-1].last = n
            elif m:
                lst = last_list(True)
                if lst is None:
                    add_item(n, m.group(2), True)
                else:
                    lst.items.append(ListItem(tx(m.group(2))))
                    out[-1].last = n
                prev_item_open = True
                continue
            elif DONE_RE.match(t):
                add_item(n, t, True)
                prev_item_open = True
                continue
            elif QA_RE.match(t) or (len(ch) > 1 and j == 0 and t.endswith(":")):
                out.append(Placed(Paragraph(tx(t)), n, n))
            elif len(ch) > 1:
                add_item(n, t, None)
                prev_item_open = True
                continue
            else:
                li = lead_in()
                lst = last_list()
                if lst is not None and LABEL_ITEM_RE.match(t) and LABEL_ITEM_RE.match(lst.items[-1].text.source):
                    # "A = …", "B = …": a list of labelled lines printed one per paragraph
                    add_item(n, t, None)
                    prev_item_open = True
                    continue
                if li and li.endswith(":") and not QA_RE.match(li):
                    add_item(n, t, None)
                    prev_item_open = True
                    continue
                out.append(Placed(Paragraph(tx(t)), n, n))
            prev_item_open = False
    return out


def step_blocks(lines: list[Line], nested: set[str]) -> list[Placed]:
    items: list[ListItem] = []
    ns = [n for n, t in lines if t.strip()]
    for _, t in lines:
        t = t.strip()
        if not t:
            continue
        if t in nested and items:
            items[-1].items.append(ListItem(tx(t)))
        else:
            items.append(ListItem(tx(t)))
    return [Placed(ListBlock(items, ordered=True), ns[0], ns[-1])] if items else []


def with_examples(lines: list[Line], titles: set[str] | None) -> list[Placed]:
    """Blocks, where lines that title an example start an Example block running to the next title."""
    def is_title(t: str) -> bool:
        t = t.strip()
        return bool(EXAMPLE_TITLE_RE.match(t)) or (titles is not None and t in titles)

    starts = [i for i, (_, t) in enumerate(lines) if is_title(t)]
    if not starts:
        return build_blocks(lines)
    out = build_blocks(lines[:starts[0]])
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        body = build_blocks(lines[s + 1:end])
        n0, title = lines[s]
        last = body[-1].last if body else n0
        out.append(Placed(Example([p.block for p in body], title=tx(title.strip())), n0, last))
    return out
