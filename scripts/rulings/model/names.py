"""Translator names (the ``by`` of a translation): a display name only, whatever a PO header, a commit
trailer or a command line gave.

``by`` comes from strangers (a PO file's Last-Translator, the ``Co-authored-by`` trailers of a Weblate
commit) and is published in every export, so :func:`display_name` keeps the name and drops what a name
never holds: markup (a ``<script>`` element with its content, any other tag, HTML entities, decoded first
so an encoded tag goes too), e-mail addresses in every usual disguise (``<a@b>``, ``mallory(at)example.org``,
``x [at] y [dot] z``), bidirectional controls that reorder what a reader sees, and other control or
invisible characters. The validator reports a stored ``by`` that this would change (rule ``translation-by``).
"""

from __future__ import annotations

import html
import re
import unicodedata

KEPT_FORMAT = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: invisible, but part of how names are spelled in Persian or Hindi."""

_SCRIPT = re.compile(r"<\s*(script|style)\b[^>]*>.*?(?:<\s*/\s*\1\s*>|$)", re.I | re.S)
_TAG = re.compile(r"<[^<>]*>")
_LOCAL = r"[\w.+-]+"
_LABEL = r"[\w-]+"
_AT = r"(?:\s*[(\[{<]\s*at\s*[)\]}>]\s*|\s+at\s+)"
_DOT = r"(?:\s*[(\[{<]\s*dot\s*[)\]}>]\s*|\.|\s+dot\s+)"
_EMAIL = re.compile(rf"{_LOCAL}\s*[@\uff20\ufe6b]\s*{_LABEL}(?:{_DOT}{_LABEL})*"  # a@b, a@b.c, a ＠ b
                    rf"|{_LOCAL}{_AT}{_LABEL}(?:{_DOT}{_LABEL})+", re.I)  # a(at)b.c, a [at] b [dot] c, a at b dot c
_EMPTY_BRACKETS = re.compile(r"[(\[{]\s*[)\]}]")
_SPACE_BEFORE = re.compile(r"\s+([,;])")


def _decoded(s: str) -> str:
    """HTML entities decoded until none is left (``&amp;lt;`` is a ``<`` encoded twice); a few rounds."""
    for _ in range(3):
        if (nxt := html.unescape(s)) == s:
            break
        s = nxt
    return s


def _visible(c: str) -> str:
    """The character as it stays in a name: controls and line separators become spaces, bidirectional
    controls and other invisible format characters go."""
    cat = unicodedata.category(c)
    if cat == "Cc" or cat in ("Zl", "Zp"):
        return " "
    return "" if cat == "Cf" and c not in KEPT_FORMAT else c


def display_name(who: str) -> str:
    """The display name in ``who`` ("" when nothing of a name is left: the caller falls back as for a
    missing name)."""
    s = "".join(_visible(c) for c in _decoded(unicodedata.normalize("NFC", who)))
    s = _SCRIPT.sub(" ", s)
    s = _EMAIL.sub(" ", s)
    s = _TAG.sub(" ", s).replace("<", " ").replace(">", " ")
    s = _EMPTY_BRACKETS.sub(" ", s)
    return _SPACE_BEFORE.sub(r"\1", " ".join(s.split())).strip(" ,;:|-")
