"""Write content YAML in the project's canonical style (used by importers and by ``rulings fmt``).

One style everywhere keeps diffs small and re-imports byte-identical: two-space indents, lists
indented under their key, no line folding, multi-line text as literal blocks, and a first line
naming the file's schema so editors validate while typing.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from rulings.content.schemas import schema_filename
from rulings.files import atomic_write

MODELINE_PREFIX = "# yaml-language-server: $schema="
WIDTH = 4096  # effectively never fold: folding rewrites text that translators diff


def yaml_instance(*, preserve_quotes: bool = False) -> YAML:
    y = YAML(typ="rt")
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = WIDTH
    y.allow_unicode = True
    y.preserve_quotes = preserve_quotes
    return y


_LINE_BREAKS = "\x85\u2028\u2029\ufeff"
"""Characters YAML reads as line breaks (or a BOM) when written raw: only escapes keep them."""


def _literal_ok(s: str) -> bool:
    """Literal blocks only for text that they represent exactly (printable, no trailing blanks)."""
    if "\n" not in s or s != s.strip("\n") + ("\n" if s.endswith("\n") else ""):
        return False
    if s.startswith((" ", "\t")):
        return False
    for line in s.split("\n"):
        if line != line.rstrip(" \t"):
            return False
    return all(c == "\n" or (c.isprintable() and c not in _LINE_BREAKS) for c in s)


def _styled(value: Any) -> Any:
    if isinstance(value, dict):
        m = CommentedMap()
        for k, v in value.items():
            m[k] = _styled(v)
        return m
    if isinstance(value, list | tuple):
        seq = CommentedSeq(_styled(v) for v in value)
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            seq.fa.set_flow_style()  # provenance lines: [12, 14]
        return seq
    if isinstance(value, str):
        if _literal_ok(value):
            return LiteralScalarString(value)
        if any(c in _LINE_BREAKS for c in value):
            return DoubleQuotedScalarString(value)  # written as escapes, never as raw line breaks
    return value


def modeline(path: Path, kind: str, schemas_dir: Path) -> str:
    rel = Path(os.path.relpath(schemas_dir / schema_filename(kind), path.parent)).as_posix()
    return f"{MODELINE_PREFIX}{rel}"


def dumps(data: Any, *, first_line: str | None = None) -> str:
    buf = io.StringIO()
    yaml_instance().dump(_styled(data), buf)
    text = buf.getvalue()
    return f"{first_line}\n{text}" if first_line else text


def write(path: Path, data: dict[str, Any], schemas_dir: Path) -> bool:
    """Write ``data`` (with its ``kind``) to ``path`` in canonical style; True if the file changed."""
    text = dumps(data, first_line=modeline(path, str(data["kind"]), schemas_dir))
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)
    return True
