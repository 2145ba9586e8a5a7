"""An updated UI catalog written over a translator's saved file, changing only the entries that changed.

babel's ``write_po`` writes a whole catalog its own way: its header fields in its order, no wrapping or its
wrapping, a blank line after every entry. A file saved by Poedit or Weblate differs in all of that, so
writing babel's text back would turn every ``rulings i18n update`` into a diff of the whole file, burying
the one new string in it (and a translator's next save would turn it back). So the saved file is kept as
text, entry by entry: an entry babel would write the same before and after the update stays as saved
(wrapping, comments, order); an entry that changed is written as babel writes it; a new entry goes where
the template's order puts it among the saved ones, an obsolete one to the end. The header is kept, with
only the fields the update set rewritten in their lines. If the saved text cannot be taken apart safely
(no header, an entry outside any block), or the result would not read back as the updated catalog, babel's
own text is written.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

Key = tuple[bool, str | None, str]
"""An entry: (obsolete, msgctxt, msgid)."""
HEADER: Key = (False, None, "")
Render = Callable[[Catalog], str]


@dataclass
class Block:
    """One entry of a PO text (a run of non-blank lines), with the blank lines before it as written."""

    before: str
    text: str
    first: int  # 1-based line numbers of its first and last line
    last: int
    key: Key | None = None  # None: no message (a stray comment), kept where it is


@dataclass
class Parsed:
    blocks: list[Block]
    tail: str  # what follows the last entry (a final blank line, or nothing)


def split(text: str) -> Parsed:
    """The entries of a PO text as blocks, each with the blank lines written before it."""
    blocks: list[Block] = []
    blank: list[str] = []
    lines: list[str] = []
    first = 0
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        if line.strip():
            if not lines:
                first = n
            lines.append(line)
            continue
        if lines:
            blocks.append(Block("".join(blank), "".join(lines), first, n - 1))
            blank, lines = [], []
        blank.append(line)
    if lines:
        blocks.append(Block("".join(blank), "".join(lines), first, first + len(lines) - 1))
        blank = []
    return Parsed(blocks, "".join(blank))


def _key(m, obsolete: bool) -> Key:
    return obsolete, m.context, m.id if isinstance(m.id, str) else m.id[0]


def keyed(text: str, cat: Catalog) -> Parsed | None:
    """``split(text)`` with each block's entry, from the line babel read its msgid on (``cat`` was read from
    ``text``); None when an entry is outside every block or no block is the header."""
    parsed = split(text)
    starts = [b.first for b in parsed.blocks]
    messages = [(m, False) for m in cat if m.id] + [(m, True) for m in cat.obsolete.values()]
    for m, obsolete in messages:
        i = _block_at(starts, m.lineno)
        if i is None or parsed.blocks[i].last < m.lineno or parsed.blocks[i].key is not None:
            return None
        parsed.blocks[i].key = _key(m, obsolete)
    header = next((b for b in parsed.blocks if b.key is None and re.search(r'^msgid ""\s*$', b.text, re.M)), None)
    if header is None:
        return None
    header.key = HEADER
    return parsed


def _block_at(starts: list[int], line: int | None) -> int | None:
    """The index of the last block starting at or before ``line``."""
    i = bisect_right(starts, line or 0) - 1
    return i if line and i >= 0 else None


def rendered(cat: Catalog, render: Render) -> dict[Key, str]:
    """Each entry of ``cat`` as babel writes it, by key, in babel's order (the header first)."""
    text = render(cat)
    parsed = keyed(text, read_po(io.StringIO(text), locale=cat.locale))
    assert parsed is not None, "babel's own text has a header and every entry in a block"
    return {b.key: b.text for b in parsed.blocks if b.key is not None}


def merged(saved: str, old: Catalog, new: Catalog, render: Render, read: Callable[[str], Catalog]) -> str:
    """The text to write for ``new`` (``old`` updated) over ``saved`` (the file ``old`` was read from)."""
    parsed = keyed(saved, old)
    want = rendered(new, render)
    if parsed is None:
        return render(new)
    had = rendered(old, render)
    order = {k: i for i, k in enumerate(want)}
    newline = "\r\n" if "\r\n" in saved else "\n"
    out: list[Block] = []
    for b in parsed.blocks:
        if b.key is None:
            out.append(b)
        elif b.key == HEADER:
            out.append(b if had[HEADER] == want[HEADER] else Block(b.before, header(b.text, old, new), 0, 0, HEADER))
        elif b.key in want:
            out.append(b if had.get(b.key) == want[b.key] else Block(b.before, _lines(want[b.key], newline), 0, 0,
                                                                       b.key))
    placed = {b.key for b in out}
    for k in (k for k in want if k not in placed):
        block = Block(newline, _lines(want[k], newline), 0, 0, k)
        later = [i for i, b in enumerate(out) if b.key is not None and b.key != HEADER and not b.key[0]
                 and order[b.key] > order[k]]
        if not k[0] and later:
            out.insert(later[0], block)
        elif not k[0]:
            actives = [i for i, b in enumerate(out) if b.key is not None and not b.key[0]]
            out.insert(actives[-1] + 1 if actives else len(out), block)
        else:
            out.append(block)
    text = "".join(b.before + b.text for b in out) + parsed.tail
    back = read(text)
    restore_previous(back)
    return text if rendered(back, render) == want else render(new)


def _lines(text: str, newline: str) -> str:
    return text.replace("\n", newline) if newline != "\n" else text


HEADER_LINE = r'^"{name}:[^\n]*"[ \t]*\r?$'


def header(text: str, old: Catalog, new: Catalog) -> str:
    """The saved header entry with the fields the update changed rewritten in their lines (new ones added at
    its end) and a fuzzy flag the update cleared taken off."""
    before, after = dict(old.mime_headers), dict(new.mime_headers)
    for name, value in after.items():
        if before.get(name) == value:
            continue
        line = '"' + f"{name}: {value}".replace("\\", "\\\\").replace('"', '\\"') + '\\n"'
        pattern = re.compile(HEADER_LINE.format(name=re.escape(name)), re.M)
        if pattern.search(text):
            text = pattern.sub(lambda _m, line=line: line, text, count=1)
        else:
            text = text.rstrip("\r\n") + "\n" + line + "\n"
    if old.fuzzy and not new.fuzzy:
        text = re.sub(r"^#,(.*)$", lambda m: _without_fuzzy(m.group(1)), text, count=1, flags=re.M)
        text = re.sub(r"^\r?\n", "", text, flags=re.M)
    return text


def _without_fuzzy(flags: str) -> str:
    rest = [f.strip() for f in flags.split(",") if f.strip() and f.strip() != "fuzzy"]
    return f"#, {', '.join(rest)}" if rest else ""


def restore_previous(cat: Catalog) -> None:
    """babel reads a ``#| msgid "…"`` line (the source a fuzzy translation was made from) as a translator
    comment ``| msgid "…"``, and would write it back as ``# | msgid``: take such comments back as the
    message's previous msgid (and msgid_plural), which babel writes as ``#|`` again (a previous msgctxt
    has no place in babel's message: it stays a comment)."""
    from babel.messages.pofile import unescape

    for m in [*cat, *cat.obsolete.values()]:
        previous: dict[str, list[str]] = {}
        kept, field = [], None
        for c in m.user_comments:
            if c.startswith(("| msgid ", "| msgid_plural ")):
                field, _, value = c[2:].partition(" ")
                previous.setdefault(field, []).append(value.strip())
            elif c.startswith('| "') and field is not None:
                previous[field].append(c[2:].strip())
            else:
                kept.append(c)
                field = None
        if "msgid" in previous:
            m.user_comments = kept
            m.previous_id = ["".join(unescape(s) for s in previous[f]) for f in ("msgid", "msgid_plural")
                             if f in previous]
