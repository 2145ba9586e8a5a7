"""Convert between YAML data (as loaded, already schema-valid) and the domain model.

Generic over the field declarations (``rulings.model.fields``): keys in the declared order, so files
written by importers are deterministic and read the same way by hand; a key is left out when its
value is the field's default (or None) unless the files must have it, so files stay short. Only a
``Text`` has its own form (the source is the one plain string).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING
from enum import Enum
from functools import cache
from typing import Any, get_args, get_origin

from rulings.model.entries import ENTRY_CLASSES, Entry, Game, Project
from rulings.model.fields import content_fields, is_content_class, tags, union_of
from rulings.model.text import Text, Translation


def text_from_data(data: Mapping[str, Any]) -> Text:
    """The one plain-string value is the source; the others are translations (checked elsewhere)."""
    lang, source = next(((k, v) for k, v in data.items() if isinstance(v, str)), (None, None))
    if lang is None:
        raise ValueError("text has no source (no value written as a plain string)")
    read = _reader(Translation)
    return Text(str(lang), str(source), {k: read(v) for k, v in data.items() if not isinstance(v, str)})


def text_to_data(t: Text) -> dict[str, Any]:
    write = _writer(Translation)
    return {t.lang: t.source, **{loc: write(tr) for loc, tr in t.translations.items()}}


def from_data(cls: type, data: Mapping[str, Any]) -> Any:
    """An instance of a content class from its YAML mapping; a class with a ``node`` field keeps the mapping."""
    return _reader(cls)(data)


def to_data(obj: Any, derived: bool = False) -> dict[str, Any]:
    """The YAML mapping of a content object, keys in declared order; with ``derived``, its derived fields too
    (an entry's ``as_of``: for exports, never for content files)."""
    return _writer(type(obj), None, derived)(obj)


# Converters are put together once per class from its declarations (the walk over types costs ten
# times the conversion itself, and a large tree converts a million values).

Convert = Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


@cache
def _reader(cls: type) -> Callable[[Mapping[str, Any]], Any]:
    steps = [(f.name, f.key, _one_or_list_read(_read(f.type, f.spec.choices)) if f.spec.one_or_list
              else _read(f.type, f.spec.choices)) for f in content_fields(cls)]
    keeps_node = "node" in cls.__dataclass_fields__

    def read(data: Mapping[str, Any]) -> Any:
        kw = {name: conv(data[key]) for name, key, conv in steps if data.get(key) is not None}
        if keeps_node:
            kw["node"] = data
        return cls(**kw)

    return read


@cache
def _writer(cls: type, tag: str | None = None, derived: bool = False) -> Callable[[Any], dict[str, Any]]:
    """Left out: None, and a default value unless the files must have the key; derived fields unless
    ``derived``. A union member with a ``TAG`` writes it first under the union's ``tag`` key."""
    steps = [(f.name, f.key, _one_or_list_write(_write(f.type, f.spec.choices)) if f.spec.one_or_list
              else _write(f.type, f.spec.choices), not f.spec.required and f.default not in (MISSING, None),
              f.default) for f in content_fields(cls, derived)]
    lead = {tag: cls.TAG} if tag and hasattr(cls, "TAG") else {}

    def write(obj: Any) -> dict[str, Any]:
        out = dict(lead)
        for name, key, conv, has_default, default in steps:
            value = getattr(obj, name)
            if value is not None and not (has_default and value == default):
                out[key] = conv(value)
        return out

    return write


def _one_or_list_read(read_list: Convert) -> Convert:
    """A ``one_or_list`` field: a mapping written alone is the list of that one item."""
    return lambda v: read_list([v] if isinstance(v, Mapping) else v)


def _one_or_list_write(write_list: Convert) -> Convert:
    """A ``one_or_list`` field: one item is written alone, several as a list."""
    def write(xs: Any) -> Any:
        out = write_list(xs)
        return out[0] if len(out) == 1 else out
    return write


def _read(tp: Any, choices: Mapping[str, Any] | None = None) -> Convert:
    if choices:
        return dict(choices).__getitem__
    if tp is Text:
        return text_from_data
    if (union := union_of(tp)) is not None:
        members, shape = union
        by_tag = {t: m for m in members for t in tags(m, shape.tag)}
        return lambda d: _reader(by_tag[d[shape.tag]])(d)
    if is_content_class(tp):
        return lambda d: _reader(tp)(d)
    origin, args = get_origin(tp), get_args(tp)
    if origin is list:
        item = _read(args[0])
        return lambda xs: [item(x) for x in xs]
    if origin is tuple:
        items = [_read(a) for a in args]
        return lambda xs: tuple(c(x) for c, x in zip(items, xs, strict=True))
    if origin is dict:
        value = _read(args[1])
        return lambda d: {str(k): value(v) for k, v in d.items()}
    if isinstance(tp, type) and issubclass(tp, Enum | str | int):  # bool is an int
        return tp
    return _same  # a scalar of several types (an attribute): as loaded


def _write(tp: Any, choices: Mapping[str, Any] | None = None) -> Convert:
    if choices:
        return {v: word for word, v in choices.items()}.__getitem__
    if tp is Text:
        return text_to_data
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda v: v.value
    if (union := union_of(tp)) is not None:
        tag = union[1].tag
        return lambda v: _writer(type(v), tag)(v)
    if is_content_class(tp):
        return lambda v: _writer(type(v))(v)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (list, tuple):
        item = _write(args[0])
        return list if item is _same else lambda xs: [item(x) for x in xs]
    if origin is dict:
        value = _write(args[1])
        return dict if value is _same else lambda d: {k: value(v) for k, v in d.items()}
    return _same


# --- the file kinds -----------------------------------------------------------------------------


def entry_from_data(file_kind: str, d: Mapping[str, Any]) -> Entry:
    return from_data(ENTRY_CLASSES[file_kind], d)


def entry_to_data(e: Entry, derived: bool = False) -> dict[str, Any]:
    return to_data(e, derived)


def game_from_data(d: Mapping[str, Any]) -> Game:
    return from_data(Game, d)


def game_to_data(g: Game) -> dict[str, Any]:
    return {"kind": "game", **to_data(g)}


def project_from_data(d: Mapping[str, Any]) -> Project:
    return from_data(Project, d)


def entries_file_to_data(kind: str, game: str, entries: list[Entry]) -> dict[str, Any]:
    return {"kind": kind, "game": game, "entries": [entry_to_data(e) for e in entries]}
