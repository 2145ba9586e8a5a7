"""A safe YAML loader for content files that keeps line and column positions.

Content is written by strangers, so the loader is strict: besides syntax errors it rejects
duplicate keys, anchors and aliases (ruamel.yaml does not expand aliases at load time, so a
"billion laughs" file loads fast and explodes later in whatever consumes it), explicit tags,
several documents in one file, deep nesting, files that are not UTF-8 and files that are too
large. Every rejection is a :class:`ContentError` naming file, line and column; nothing else escapes.

Speed: parsing runs in libyaml (PyYAML's C parser), about 30 times faster than ruamel.yaml's
pure-Python round-trip parser, with ruamel.yaml's YAML 1.2 rules for what an unquoted value means
(so ``no`` stays text, ``1.10`` is a number, ``2024-05-01`` a date). Mappings and lists come back as
:class:`PosDict` and :class:`PosList`, which carry every key's, value's and item's position. Round-trip
editing (``fmt``, imports, translation edits) uses ruamel.yaml, which keeps comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import resolver as rt_resolver
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import ScalarNode
from yaml.reader import ReaderError

from rulings.content.diagnostics import ContentError, Diagnostic, Severity, display_path

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


class LC:
    """Positions in the style of ruamel.yaml's ``.lc`` (0-based line, column): a container's own, and
    by key (``key``/``value``) or index (``item``). Stored as libyaml marks, read as tuples."""

    __slots__ = ("items", "keys", "mark")

    def __init__(self, mark: Any):
        self.mark = mark
        self.keys: dict[Any, Any] = {}
        self.items: dict[Any, Any] = {}

    @property
    def line(self) -> int:
        return self.mark.line

    @property
    def col(self) -> int:
        return self.mark.column

    def key(self, k: Any) -> tuple[int, int]:
        m = self.keys[k]
        return m.line, m.column

    def value(self, k: Any) -> tuple[int, int]:
        m = self.items[k]
        return m.line, m.column

    def item(self, i: int) -> tuple[int, int]:
        m = self.items[i]
        return m.line, m.column


class PosDict(dict):
    """A mapping from a content file, with ``.lc`` positions."""

    lc: LC


class PosList(list):
    """A sequence from a content file, with ``.lc`` positions."""

    lc: LC


_MARK_RE = re.compile(r'\s*in "<[^>]*>", line \d+, column \d+')
_IMPLICIT: list[tuple[str, re.Pattern[str], frozenset[str]]] = [
    # ruamel wraps each pattern in a lazy proxy that costs an attribute lookup per use: unwrap it
    (tag.rsplit(":", 1)[1], re.compile(regexp.pattern, regexp.flags), frozenset(first or ()))
    for versions, tag, regexp, first in rt_resolver.implicit_resolvers
    if (1, 2) in versions and tag.rsplit(":", 1)[1] in ("bool", "float", "int", "null", "timestamp")
]
"""ruamel.yaml's YAML 1.2 table of what an unquoted value means, in its order (merge keys stay text)."""
_FIRST_CHARS = frozenset().union(*(f for _, _, f in _IMPLICIT))
_TIMESTAMPS = SafeConstructor()


def _problem(e: yaml.MarkedYAMLError) -> str:
    parts = [p for p in (e.context, e.problem) if p]
    msg = "; ".join(str(p) for p in parts) or str(e)
    return _MARK_RE.sub("", msg).strip().rstrip(":")


def _indenting_tab(text: str, line: int, col: int) -> tuple[int, int] | None:
    """The 1-based position of the tab that most likely broke a parse failing at ``line``:col, if any:
    the character there, else the first tab in the indentation of a line up to that one."""
    lines = text.splitlines()
    if 0 < line <= len(lines) and lines[line - 1][col - 1:col] == "\t":
        return line, col
    for n, ln in enumerate(lines[:line], 1):
        indent = ln[: len(ln) - len(ln.lstrip(" \t"))]
        if "\t" in indent:
            return n, indent.index("\t") + 1
    return None


def _int(value: str) -> int:
    v = value.replace("_", "")
    sign = -1 if v.startswith("-") else 1
    v = v.lstrip("+-")
    if v[:2] in ("0b", "0o", "0x"):
        return sign * int(v, 0)
    return sign * int(v)  # YAML 1.2: leading zeros are decimal


def _float(value: str) -> float:
    v = value.replace("_", "").lower()
    if v.endswith(".inf"):
        return float("-inf") if v.startswith("-") else float("inf")
    if v.endswith(".nan"):
        return float("nan")
    return float(v)


def _plain(value: str) -> Any:
    """The value of an unquoted scalar: text unless it looks like a null, boolean, number or date."""
    if value == "":
        return None
    if value[0] not in _FIRST_CHARS:
        return value  # the common case: ordinary text
    for kind, regexp, first in _IMPLICIT:
        if value[0] in first and regexp.match(value):
            try:
                if kind == "null":
                    return None
                if kind == "bool":
                    return value.lower() == "true"
                if kind == "int":
                    return _int(value)
                if kind == "float":
                    return _float(value)
                return _TIMESTAMPS.construct_yaml_timestamp(ScalarNode(f"tag:yaml.org,2002:{kind}", value))
            except (ValueError, ConstructorError, TypeError, OverflowError):
                return value  # looked like a number or date but is not one: it is text
    return value


_NO_KEY = object()


def _build(path: Path, text: str) -> Any:
    """One pass over libyaml's events: reject what the data model must never see (aliases, anchors,
    tags, several documents, deep nesting, duplicate and complex keys) and build the data with the
    position of every key, value and item. (The hot loop of validation: written for speed; positions
    are kept as libyaml's mark objects and turned into numbers only when asked.)"""
    root: Any = None
    stack: list[Any] = []  # open collections
    marks: list[dict] = []  # per open collection: its lc.items (value/item marks)
    keys: list[Any] = []  # per open mapping: the key waiting for its value, or _NO_KEY
    documents = 0
    no_key = _NO_KEY
    plain = _plain
    scalar_event, map_start, seq_start = ScalarEvent, MappingStartEvent, SequenceStartEvent
    map_end, seq_end = MappingEndEvent, SequenceEndEvent
    loader = yaml.CSafeLoader(text)
    next_event, has_event = loader.get_event, loader.check_event
    while has_event():
        ev = next_event()
        cls = type(ev)
        if cls is scalar_event:
            if ev.anchor is not None or ev.tag is not None:
                _reject_node(path, ev)
            value: Any = plain(ev.value) if ev.implicit[0] else ev.value
            container = False
        elif cls is map_start or cls is seq_start:
            if ev.anchor is not None or ev.tag is not None:
                _reject_node(path, ev)
            if len(stack) >= MAX_DEPTH:
                m = ev.start_mark
                raise _fail(path, m.line + 1, m.column + 1, f"nesting deeper than {MAX_DEPTH} levels", "yaml-depth")
            value = PosDict() if cls is map_start else PosList()
            value.lc = LC(ev.start_mark)
            container = True
        elif cls is map_end or cls is seq_end:
            stack.pop()
            marks.pop()
            keys.pop()
            continue
        elif cls is AliasEvent:
            m = ev.start_mark
            raise _fail(path, m.line + 1, m.column + 1,
                        f"alias '*{ev.anchor}' is not allowed in content; write the value out", "yaml-alias")
        elif cls is DocumentStartEvent:
            documents += 1
            if documents > 1:
                m = ev.start_mark
                raise _fail(path, m.line + 1, m.column + 1,
                            "a content file holds one YAML document; remove the extra '---'", "yaml-documents")
            continue
        else:
            continue
        # place the new value in its parent
        if stack:
            top = stack[-1]
            if type(top) is PosList:
                marks[-1][len(top)] = ev.start_mark
                top.append(value)
            else:
                key = keys[-1]
                if key is no_key:
                    if container:
                        m = ev.start_mark
                        raise _fail(path, m.line + 1, m.column + 1,
                                    "a key must be a plain value, not a list or mapping", "yaml-syntax")
                    if value in top:
                        m, first = ev.start_mark, top.lc.key(value)
                        raise _fail(path, m.line + 1, m.column + 1, f"duplicate key '{value}' (first at line "
                                    f"{first[0] + 1}, column {first[1] + 1})", "yaml-duplicate-key")
                    top.lc.keys[value] = ev.start_mark
                    keys[-1] = value
                else:
                    marks[-1][key] = ev.start_mark
                    top[key] = value
                    keys[-1] = no_key
        else:
            root = value
        if container:
            stack.append(value)
            marks.append(value.lc.items)
            keys.append(no_key)
    return root


def _reject_node(path: Path, ev: Any) -> None:
    m = ev.start_mark
    if ev.anchor is not None:
        raise _fail(path, m.line + 1, m.column + 1,
                    f"anchor '&{ev.anchor}' is not allowed in content; write values out", "yaml-anchor")
    raise _fail(path, m.line + 1, m.column + 1,
                f"tag '{ev.tag}' is not allowed in content; quote the value instead", "yaml-tag")


def load_text(path: Path, text: str) -> Loaded:
    """Parse already-decoded text; raises :class:`ContentError` on any problem."""
    try:
        data = _build(path, text)
    except ContentError:
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        if tab := _indenting_tab(text, line, col):
            raise _fail(path, *tab, "a tab character in the indentation: YAML allows only spaces there; "
                        "indent with spaces", "yaml-tab") from None
        raise _fail(path, line, col, _problem(e), "yaml-syntax") from None
    except ReaderError as e:
        line, col = _line_col(text, e.position) if isinstance(e.position, int) else (1, 1)
        raise _fail(path, line, col, f"character {e.character!r} is not allowed in YAML; write it as an "
                    "escape inside double quotes", "yaml-character") from None
    except yaml.YAMLError as e:
        raise _fail(path, 1, 1, f"cannot read YAML: {e}", "yaml-syntax") from None
    except Exception as e:  # noqa: BLE001 - a parser may fail in unexpected ways on hostile input
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
            if isinstance(node, dict) and step in node:
                ln, col = node.lc.key(step) if (key and last) else node.lc.value(step)
                best = (ln + 1, col + 1)
                node = node[step]
            elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
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
