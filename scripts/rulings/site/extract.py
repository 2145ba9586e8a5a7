"""A babel extraction method that also finds ``_("…")`` (and ``N_``, ``C_``, ``NC_``) inside f-strings.

On Python 3.11 an f-string is a single token, so babel's Python extractor does not look inside it;
this method runs that extractor and adds the marked strings found within f-strings. Used through
``babel.cfg`` (``[rulings.site.extract:extract: **.py]``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python

STR = r"""("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
SINGLE = re.compile(r"(?<![\w.])_\(\s*" + STR + r"\s*\)")
PLURAL = re.compile(r"(?<![\w.])N_\(\s*" + STR + r"\s*,\s*" + STR + r"\s*\)")
CONTEXT = re.compile(r"(?<![\w.])C_\(\s*" + STR + r"\s*,\s*" + STR + r"\s*\)")
CONTEXT_PLURAL = re.compile(r"(?<![\w.])NC_\(\s*" + STR + r"\s*,\s*" + STR + r"\s*,\s*" + STR + r"\s*\)")


def _unescape(quoted: str) -> str:
    return ast.literal_eval(quoted)


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    data = fileobj.read()
    yield from extract_python(io.BytesIO(data), keywords, comment_tags, options)
    for tok in tokenize.tokenize(io.BytesIO(data).readline):
        if tok.type != tokenize.STRING:
            continue
        prefix = tok.string[: len(tok.string) - len(tok.string.lstrip("rRbBfFuU"))].lower()
        if "f" not in prefix:
            continue
        for m in PLURAL.finditer(tok.string):
            yield tok.start[0], "N_", (_unescape(m.group(1)), _unescape(m.group(2))), []
        for m in SINGLE.finditer(tok.string):
            yield tok.start[0], "_", _unescape(m.group(1)), []
        for m in CONTEXT.finditer(tok.string):
            yield tok.start[0], "C_", (_unescape(m.group(1)), _unescape(m.group(2))), []
        for m in CONTEXT_PLURAL.finditer(tok.string):
            yield tok.start[0], "NC_", tuple(_unescape(g) for g in m.groups()), []
