"""Convert between YAML data (as loaded, already schema-valid) and the domain model.

Generic over the field declarations (``rulings.model.fields``): keys in the declared order, so files
written by importers are deterministic and read the same way by hand; a key is left out when its
value is the field's default (or None) unless the files must have it, so files stay short. Only a
``Text`` has its own form (the source is the one plain string).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, get_args, get_origin

from rulings.model.entries import ENTRY_CLASSES, Entry, Game, Project
from rulings.model.fields import content_fields, is_content_class, tags, union_of
from rulings.model.text import Text, Translation


def text_from_data(data: Mapping[str, Any]) -> Text:
    """The one plain-string value is the source; the others are translations (checked elsewhere)."""
    lang, source = next(((k, v) for k, v in data.items() if isinstance(v, str)), (None, None))
    if lang is None:
        raise ValueError("text has no source (no value written as a plain string)")
    translations = {k: from_data(Translation, v) for k, v in data.items() if not isinstance(v, str)}
    return Text(str(lang), str(source), translations)


def text_to_data(t: Text) -> dict[str, Any]:
    return {t.lang: t.source, **{loc: to_data(tr) for loc, tr in t.translations.items()}}


def from_data(cls: type, data: Mapping[str, Any]) -> Any:
    """An instance of a content class from its YAML mapping; a class with a ``node`` field keeps the mapping."""
    kw = {f.name: value_from(f.type, data[f.key], f.spec.choices) for f in content_fields(cls)
          if data.get(f.key) is not None}
    if "node" in cls.__dataclass_fields__:
        kw["node"] = data
    return cls(**kw)


def to_data(obj: Any, tag: str | None = None) -> dict[str, Any]:
    """The YAML mapping of a content object, keys in declared order (a union member's ``TAG`` first)."""
    out: dict[str, Any] = {tag: type(obj).TAG} if tag and hasattr(obj, "TAG") else {}
    for f in content_fields(type(obj)):
        value = getattr(obj, f.name)
        if value is None or (not f.spec.required and f.is_default(value)):
            continue
        out[f.key] = value_to(f.type, value, f.spec.choices)
    return out


def value_from(tp: Any, data: Any, choices: Mapping[str, Any] | None = None) -> Any:
    if choices:
        return choices[data]
    if tp is Text:
        return text_from_data(data)
    if (union := union_of(tp)) is not None:
        members, shape = union
        cls = next(m for m in members if data[shape.tag] in tags(m, shape.tag))
        return from_data(cls, data)
    if is_content_class(tp):
        return from_data(tp, data)
    origin, args = get_origin(tp), get_args(tp)
    if origin is list:
        return [value_from(args[0], x) for x in data]
    if origin is tuple:
        return tuple(value_from(a, x) for a, x in zip(args, data, strict=True))
    if origin is dict:
        return {str(k): value_from(args[1], v) for k, v in data.items()}
    if isinstance(tp, type) and issubclass(tp, Enum | str | int):  # bool is an int
        return tp(data)
    return data  # a scalar of several types (an attribute): as loaded


def value_to(tp: Any, value: Any, choices: Mapping[str, Any] | None = None) -> Any:
    if choices:
        return next(word for word, v in choices.items() if v == value)
    if isinstance(value, Text):
        return text_to_data(value)
    if isinstance(value, Enum):
        return value.value
    if (union := union_of(tp)) is not None:
        return to_data(value, union[1].tag)
    if is_content_class(tp):
        return to_data(value)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (list, tuple):
        return [value_to(args[0], x) for x in value]
    if origin is dict:
        return {k: value_to(args[1], v) for k, v in value.items()}
    return value


# --- the file kinds -----------------------------------------------------------------------------


def entry_from_data(file_kind: str, d: Mapping[str, Any]) -> Entry:
    return from_data(ENTRY_CLASSES[file_kind], d)


def entry_to_data(e: Entry) -> dict[str, Any]:
    return to_data(e)


def game_from_data(d: Mapping[str, Any]) -> Game:
    return from_data(Game, d)


def game_to_data(g: Game) -> dict[str, Any]:
    return {"kind": "game", **to_data(g)}


def project_from_data(d: Mapping[str, Any]) -> Project:
    return from_data(Project, d)


def entries_file_to_data(kind: str, game: str, entries: list[Entry]) -> dict[str, Any]:
    return {"kind": kind, "game": game, "entries": [entry_to_data(e) for e in entries]}
