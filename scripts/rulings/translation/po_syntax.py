"""Strict reading of translators' PO files: what babel would accept silently is refused here.

babel's reader is lenient: an unterminated string loses its last character, a file whose
``charset`` header lies is decoded as mojibake. Translators' files come from strangers, so before
babel sees a file this module checks, line by line, that it is UTF-8 and every line is PO syntax,
and reports problems as ``file:line: error: …``. (Written by hand because neither babel nor the
PO libraries on PyPI report these positions without also accepting the broken input.)
"""

from __future__ import annotations

import re
from pathlib import Path

STRING = r'"(?:[^"\\]|\\.)*"'
KEYWORD_LINE = re.compile(rf'^(?:msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])[ \t]+{STRING}[ \t]*$')
CONTINUATION = re.compile(rf"^[ \t]*{STRING}[ \t]*$")
CHARSET = re.compile(rb"charset=([A-Za-z0-9._:-]+)", re.I)
MAX_FILE_BYTES = 16 * 1024 * 1024


def syntax_problems(path: Path, data: bytes) -> list[str]:
    """Problems that make ``data`` (the bytes of ``path``) unsafe to import, each with its line."""
    if len(data) > MAX_FILE_BYTES:
        return [f"{path}:1: error: file is {len(data):,} bytes, more than {MAX_FILE_BYTES:,}"]
    m = CHARSET.search(data[:4096])
    if m and m.group(1).decode("ascii", "replace").lower().replace("_", "-") not in ("utf-8", "utf8"):
        line = data[: m.start()].count(b"\n") + 1
        return [f"{path}:{line}: error: charset is {m.group(1).decode('ascii', 'replace')}; content "
                "translations must be UTF-8 (in Poedit: Catalog › Properties › Charset UTF-8)"]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        return [f"{path}:{line}: error: not UTF-8 (byte 0x{data[e.start]:02x}); save the file as UTF-8"]
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        s = line.rstrip("\r")
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        if KEYWORD_LINE.match(s) or CONTINUATION.match(s):
            continue
        hint = "a string is not closed with \"" if s.count('"') % 2 or not s.rstrip().endswith('"') \
            else "expected msgctxt, msgid, msgstr or a \"quoted\" continuation line"
        out.append(f"{path}:{n}: error: not PO syntax ({hint}): {s[:60]!r}")
        if len(out) >= 20:
            break
    return out
