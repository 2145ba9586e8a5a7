"""Strict reading of translators' PO files: what babel would accept silently is refused here.

babel's reader is lenient: an unterminated string loses its last character, a file whose
``charset`` header lies is decoded as mojibake, of two messages with one msgctxt one is dropped, a
plural message or an ESC sequence in a translation passes. Translators' files come from strangers, so
before babel sees a file this module checks, line by line, that it is UTF-8 and every line is PO syntax,
then message by message that each msgctxt is used once (msgfmt refuses duplicates too), that no message
is a plural (content texts have one form), and that no translation holds control characters, and reports
problems as ``file:line: error: …``. (Written by hand because neither babel nor the PO libraries on PyPI
report these positions without also accepting the broken input.)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

STRING = r'"(?:[^"\\]|\\.)*"'
KEYWORD_LINE = re.compile(rf'^(?:msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])[ \t]+{STRING}[ \t]*$')
CONTINUATION = re.compile(rf"^[ \t]*{STRING}[ \t]*$")
CHARSET = re.compile(rb"charset=([A-Za-z0-9._:-]+)", re.I)
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_PROBLEMS = 20
ESCAPE = re.compile(r"\\(.)")
ESCAPE_SHOWN = re.compile(r"\\([0-7]{1,3}|x[0-9A-Fa-f]*|.)")  # an octal or hex escape named whole
KEPT_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"'}
"""The escapes a translation may use (what Poedit and Weblate write). babel reads ``\\a \\b \\f \\v \\r`` as
control characters and leaves octal and hex escapes (``\\033``, ``\\x1b``) as text, which msgfmt would read
as ESC: each is refused, so the text stored is the text every gettext tool shows."""
ALLOWED_CONTROLS = frozenset("\n\t")


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
        if len(out) >= MAX_PROBLEMS:
            break
    return out or message_problems(path, text)


KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)[ \t]+(.*)$")


@dataclass
class _Message:
    """One message as the file writes it: the quoted pieces of each keyword (without their quotes) with the
    line of each, and the line the message starts on."""

    line: int
    keyword: str = ""
    pieces: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    def value(self, keyword: str) -> str | None:
        if keyword not in self.pieces:
            return None
        return "".join(ESCAPE.sub(lambda m: KEPT_ESCAPES.get(m.group(1), m.group(0)), q)
                       for _, q in self.pieces[keyword])


def _messages(text: str) -> list[_Message]:
    """The messages of a file that passed the line checks, in order (comments and obsolete ``#~`` ones
    skipped): a message starts at its msgctxt, or at a msgid that follows a msgstr."""
    out: list[_Message] = []
    cur: _Message | None = None
    for n, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        m = KEYWORD.match(s)
        keyword, quoted = (m.group(1), m.group(2).strip()) if m else ("", s)
        if keyword == "msgctxt" or (keyword == "msgid" and (cur is None or cur.keyword.startswith("msgstr"))):
            cur = _Message(n)
            out.append(cur)
        if cur is None:
            continue
        if keyword:
            cur.keyword = keyword
        cur.pieces.setdefault(cur.keyword, []).append((n, quoted[1:-1]))
    return out


def _string_problem(quoted: str) -> str | None:
    """Why one quoted piece of a msgstr cannot be stored: an escape other than \\n \\t \\\\ \\", or a
    control character written as is."""
    for m in ESCAPE_SHOWN.finditer(quoted):
        if m.group(1) not in KEPT_ESCAPES:
            return (f"escape \\{m.group(1)} in a translation (only \\n, \\t, \\\\ and \\\" are read the same by every "
                    "tool); write the character itself, or remove it if it is a control character")
    for c in quoted:
        if unicodedata.category(c) == "Cc" and c not in ALLOWED_CONTROLS:
            return (f"control character U+{ord(c):04X} in a translation (an ESC or other terminal sequence?); "
                    "only line breaks and tabs are kept: remove it")
    return None


def message_problems(path: Path, text: str) -> list[str]:
    """Messages that are not one content text each: a msgctxt used twice (both lines named), a plural
    message, control characters in a msgstr."""
    out: list[str] = []
    first: dict[object, int] = {}
    for m in _messages(text):
        ctx, msgid = m.value("msgctxt"), m.value("msgid") or ""
        key = ctx if ctx is not None else (None, msgid)
        if key in first:
            what = f"msgctxt {ctx!r}" if ctx is not None else f"msgid {msgid[:60]!r} (no msgctxt)"
            out.append(f"{path}:{m.line}: error: {what} is used again (the first message is at {path}:{first[key]});"
                       " one text has one message: delete one of them")
        first.setdefault(key, m.line)
        plural = next((k for k in m.pieces if k == "msgid_plural" or k.startswith("msgstr[")), None)
        if plural:
            out.append(f"{path}:{m.pieces[plural][0][0]}: error: {plural}: {ctx or msgid[:60]!r} is a content "
                       "text with one form, not a plural message; remove msgid_plural and write one msgstr")
        bad = next(((n, why) for n, q in m.pieces.get("msgstr", []) if (why := _string_problem(q))), None)
        if bad:  # the first line of the translation that has one
            out.append(f"{path}:{bad[0]}: error: {bad[1]}")
        if len(out) >= MAX_PROBLEMS:
            break
    return out
