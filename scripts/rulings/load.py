"""A safe YAML loader for content files that keeps line and column positions.

Content is written by strangers, so the loader is strict: besides syntax errors it rejects
duplicate keys, anchors and aliases (ruamel.yaml does not expand aliases at load time, so a
"billion laughs" file loads fast and explodes later in whatever consumes it), explicit tags,
several documents in one file, deep nesting, files that are not UTF-8 and files that are too
large. Every rejection is a :class:`ContentError` naming file, line and column; nothing else escapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    NodeEvent,
)
from ruamel.yaml.reader import ReaderError

from .diagnostics import ContentError, Diagnostic, Severity, display_path

MAX_BYTES = 8 * 1024 * 1024
"""Largest content file accepted; split bigger games into several files."""

MAX_DEPTH = 64
"""Deepest nesting accepted; real content needs about ten levels."""


@dataclass
class Loaded:
    """A loaded content file: round-trip data (with positions and comments) and its text."""

    path: Path
    data: Any
    text: str

    @property
    def name(self) -> str:
        return display_path(self.path)

    def line_text(self, line0: int) -> str:
        lines = self.text.splitlines()
        return lines[line0] if 0 <= line0 < len(lines) else ""


def _fail(path: Path, line: int, col: int, message: str, rule: str) -> ContentError:
    return ContentError(Diagnostic(display_path(path), line, col, Severity.ERROR, message, rule))


def _line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _decode(path: Path, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        good = raw[: e.start].decode("utf-8")
        line, col = _line_col(good, len(good))
        raise _fail(path, line, col, f"file is not UTF-8: byte 0x{raw[e.start]:02x} cannot be decoded; "
                    "save the file as UTF-8", "encoding") from None
    return text.removeprefix("\ufeff")


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.allow_duplicate_keys = False
    return y


_MARK_RE = re.compile(r'\s*in "<[^>]*>", line \d+, column \d+')


def _problem(e: MarkedYAMLError) -> str:
    parts = [p for p in (e.context, e.problem) if p]
    msg = "; ".join(str(p) for p in parts) or str(e)
    return _MARK_RE.sub("", msg).strip().rstrip(":")


def _check_events(path: Path, y: YAML, text: str) -> None:
    """Reject what the data model must never see, before anything is constructed."""
    depth = 0
    documents = 0
    for ev in y.parse(text):
        m = ev.start_mark
        if isinstance(ev, DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _fail(path, m.line + 1, m.column + 1,
                            "a content file holds one YAML document; remove the extra '---'", "yaml-documents")
        if isinstance(ev, AliasEvent):
            raise _fail(path, m.line + 1, m.column + 1,
                        f"alias '*{ev.anchor}' is not allowed in content; write the value out", "yaml-alias")
        if isinstance(ev, NodeEvent) and ev.anchor is not None:
            raise _fail(path, m.line + 1, m.column + 1,
                        f"anchor '&{ev.anchor}' is not allowed in content; write values out", "yaml-anchor")
        tag = getattr(ev, "tag", None)
        if tag is not None:
            raise _fail(path, m.line + 1, m.column + 1,
                        f"tag '{tag}' is not allowed in content; quote the value instead", "yaml-tag")
        if isinstance(ev, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _fail(path, m.line + 1, m.column + 1,
                            f"nesting deeper than {MAX_DEPTH} levels", "yaml-depth")
        elif isinstance(ev, CollectionEndEvent):
            depth -= 1


def load_text(path: Path, text: str) -> Loaded:
    """Parse already-decoded text; raises :class:`ContentError` on any problem."""
    y = _yaml()
    try:
        _check_events(path, y, text)
        data = y.load(text)
    except ContentError:
        raise
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        rule = "yaml-duplicate-key" if "duplicate key" in str(e) else "yaml-syntax"
        raise _fail(path, line, col, _problem(e), rule) from None
    except ReaderError as e:
        line, col = _line_col(text, e.position) if isinstance(e.position, int) else (1, 1)
        raise _fail(path, line, col, f"character {e.character!r} is not allowed in YAML; write it as an "
                    "escape inside double quotes", "yaml-character") from None
    except YAMLError as e:
        raise _fail(path, 1, 1, f"cannot read YAML: {e}", "yaml-syntax") from None
    except Exception as e:
        raise _fail(path, 1, 1, f"cannot read YAML ({type(e).__name__}: {e})", "yaml-syntax") from None
    if data is None:
        raise _fail(path, 1, 1, "file is empty", "yaml-empty")
    return Loaded(path, data, text)


def load(path: Path) -> Loaded:
    """Read and parse one content file; raises :class:`ContentError` on any problem."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise _fail(path, 0, 0, f"file is {size:,} bytes, more than the {MAX_BYTES:,} allowed; "
                        "split it into several files", "file-size")
        raw = path.read_bytes()
    except OSError as e:
        raise _fail(path, 0, 0, f"cannot read file: {e.strerror}", "file-read") from None
    return load_text(path, _decode(path, raw))


# --- positions ----------------------------------------------------------------------------------


def position(data: Any, path: list[Any] | tuple[Any, ...], *, key: bool = False) -> tuple[int, int]:
    """1-based (line, column) of the value at ``path`` (or of its key), or of the nearest ancestor."""
    node = data
    best = (1, 1)
    for i, step in enumerate(path):
        last = i == len(path) - 1
        try:
            if isinstance(node, CommentedMap) and step in node:
                ln, col = node.lc.key(step) if (key and last) else node.lc.value(step)
                best = (ln + 1, col + 1)
                node = node[step]
            elif isinstance(node, CommentedSeq) and isinstance(step, int) and 0 <= step < len(node):
                ln, col = node.lc.item(step)
                best = (ln + 1, col + 1)
                node = node[step]
            else:
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return best


def node_position(node: Any) -> tuple[int, int]:
    """1-based position where a mapping or sequence starts."""
    try:
        return node.lc.line + 1, node.lc.col + 1
    except AttributeError:
        return 1, 1
