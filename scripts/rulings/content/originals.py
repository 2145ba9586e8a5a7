"""Kept originals as text: their names, their decoding and what "line N" of one is.

The validator (which checks that provenance cites lines that exist), the importers (which number the
lines they cite) and the source viewer (which anchors each line as ``#LN``) all read an original
through this module, so line N is the same text in a validator message, an imported entry and the
page. A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (what Python's text mode, browsers and most
editors break at); a final break ends the last line rather than starting an empty one. Other
characters that some programs break at (form feed, U+2028…) stay inside their line and are warned
about, as are files mixing conventions.

Names are limited to a set that survives every step to the published site: lower-case ASCII letters
and digits with ``.``, ``_`` or ``-`` inside, ending in ``.txt``. A leading dot makes a hidden file
(mkdocs publishes no hidden path, so every link to it would be dead), ``#``, ``?`` and ``%`` mean
something in a URL, and capitals or spaces make names that differ only in case or look alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulings.model.ids import slugify, windows_reserved

SAFE_NAME = re.compile(r"^sources/[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?\.txt$")
"""A kept original's ``file``: the safe set above, directly in the game's ``sources/`` folder."""

BREAK = re.compile(r"\r\n|\r|\n")
"""What ends a line."""

OTHER_BREAKS = {"\x0b": "vertical tab", "\x0c": "form feed", "\x1c": "file separator", "\x1d": "group separator",
                "\x1e": "record separator", "\x85": "next line (U+0085)", "\u2028": "line separator (U+2028)",
                "\u2029": "paragraph separator (U+2029)"}
"""Characters that :meth:`str.splitlines` (and some editors) break at but that this module keeps in their line."""

BOM = b"\xef\xbb\xbf"
_OTHER = re.compile("[" + "".join(OTHER_BREAKS) + "]")
_CONVENTION = {"\n": "LF", "\r\n": "CRLF", "\r": "lone CR"}


def name_problem(file: str, fallback: str) -> str | None:
    """Why a document's ``file`` is not a safe name, with one to use instead; ``fallback`` (the document's
    id) names the file when nothing of the old name is left."""
    name = file.rsplit("/", 1)[-1]
    if SAFE_NAME.match(file):
        if not windows_reserved(name):
            return None
        why = f"is a device name on Windows ('{name.split('.', 1)[0]}'), where the offline zip could not be extracted"
    elif name.startswith("."):
        why = "is a hidden file: mkdocs does not publish it, so every link to it would be dead"
    elif any(c.isupper() for c in name):
        why = "has capital letters: a case-insensitive system would take it for another name"
    elif bad := sorted({c for c in name if not re.match(r"[a-z0-9._-]", c)}):
        why = (f"holds {', '.join(repr(c) for c in bad)}: in a link '#', '?', '%' and spaces mean something else, "
               "and other characters look alike or change from system to system")
    else:
        why = "starts or ends (before '.txt') with '.', '_' or '-'"
    stem = name[:-4] if name.lower().endswith(".txt") else name
    safe = f"sources/{slugify(stem, fallback=fallback)}.txt"
    return (f"kept original '{file}' {why}; name originals with lower-case ASCII letters and digits, "
            f"with '.', '_' or '-' inside, ending in '.txt': rename the file to '{safe}' and write that here")


@dataclass
class NotUtf8(ValueError):
    """Bytes of an original that are not UTF-8: where (byte offset, 1-based line and column) and what."""

    offset: int
    line: int
    column: int
    bad: bytes
    file: str = ""
    """The file, when the reader knows it (the message itself does not name it)."""

    def __str__(self) -> str:
        return (f"byte {self.offset} (line {self.line}, column {self.column}) is 0x{self.bad.hex()}, not UTF-8: "
                "save the file as UTF-8 (for example with `iconv -f WINDOWS-1252 -t UTF-8`)")


def decode(data: bytes) -> str:
    """The text of an original (a UTF-8 byte order mark dropped); :class:`NotUtf8` where it is not UTF-8,
    never a replacement character."""
    start = len(BOM) if data.startswith(BOM) else 0
    try:
        return data[start:].decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[start:start + e.start].decode("utf-8")
        line, column = position(before, len(before))
        raise NotUtf8(start + e.start, line, column, data[start + e.start:start + e.end]) from None


def lines(text: str) -> list[str]:
    """The lines of ``text``, without their breaks: ``lines(t)[n - 1]`` is line n everywhere."""
    out = BREAK.split(text)
    if out[-1] == "":
        out.pop()
    return out


def normalized(text: str) -> str:
    """``text`` with every line break a ``\n`` (and none after the last line), for code that counts lines by
    ``\n`` or searches across them: ``normalized(t).split("\n") == lines(t)`` (but for an empty text)."""
    return "\n".join(lines(text))


def position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of the character at ``index`` of ``text``."""
    before = lines(text[:index] + "x")
    return len(before), len(before[-1])


def line_break_problem(text: str) -> tuple[int, int, str] | None:
    """(line, column, message) of the first place where editors may number lines otherwise than this module:
    lone CR breaks, conventions mixed, or a character some programs break at."""
    seen: dict[str, int] = {}
    for m in BREAK.finditer(text):
        seen.setdefault(m.group(), m.start())
    first = min(seen, key=seen.__getitem__, default=None)
    if "\r" in seen:
        line, col = position(text, seen["\r"])
        return (line, col, "line ends with a lone CR (old Mac convention): git, grep and some editors do not "
                "break there, so they number lines otherwise than the site; convert the file to LF line ends")
    if len(seen) > 1:
        other = max(seen, key=seen.__getitem__)
        line, col = position(text, seen[other])
        return (line, col, f"line ends with {_CONVENTION[other]} but earlier lines with {_CONVENTION[first]}: "
                "convert the file to one convention (LF)")
    if m := _OTHER.search(text):
        line, col = position(text, m.start())
        return (line, col, f"{OTHER_BREAKS[m.group()]} inside the line: some programs break the line there and "
                "would number the lines after it otherwise than the site; replace it with a line break or a space")
    return None
