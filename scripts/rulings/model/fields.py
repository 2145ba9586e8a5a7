"""How a content field is declared: once, on the model's dataclass.

Each field of a content class carries a :class:`Spec` in its ``dataclasses.field`` metadata (made by
:func:`spec`): what it means, an example, whether files must have it, its YAML key, the kind of value
where the Python type alone does not say it (an entry id, a reference, a locale, a date…) and its
checks. The Python type is the annotation itself; a class says what it is with a :class:`Shape`.
Everything else is generated from these: the JSON Schemas (``content.schemas``), the YAML key order
and conversion (``content.codec``), the export schema (``publish.export``), the field tables of
``docs/content-format.md`` and the model's own walks over its texts and references.

The dataclasses are the source, not the schemas, because every stage imports and type-checks
against the model; a Python type says more than a JSON type (a ``Text``, an enum, a nested class) and
how a value becomes a Python object, which a JSON Schema cannot; and a schema is easy to generate.

Key order: a class's keys are written in declaration order, except that ``first`` fields open the
mapping and ``last`` fields close it (a subclass's fields come between). That lets constructors keep
their positional order (``Diagram(text, caption)``, ``Ruling(id, lang, provenance)``) while files put
a diagram's caption first and an entry's notes and provenance last.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from dataclasses import MISSING, dataclass
from enum import StrEnum
from functools import cache
from typing import Annotated, Any, get_args, get_origin, get_type_hints

SPEC = "rulings.spec"
"""The ``dataclasses.field`` metadata key holding a field's :class:`Spec`."""


class Kind(StrEnum):
    """Kinds of value the Python type alone does not tell apart (each has a shared schema definition)."""

    ID = "id"  # the entry's own id
    REF = "ref"  # the id of another entry, which must resolve
    REFS = "refs"  # ids of other entries, each at most once
    SLUG = "slug"  # a game or document id
    LOCALE = "locale"
    DATE = "date"
    ALIASES = "aliases"  # other spellings by locale
    PHRASES = "phrases"  # phrases by locale (a term's not_in)
    ATTRIBUTES = "attributes"  # game attributes by name
    # configuration that ends in links on every page: each checked by parsing (rulings.model.urls)
    WEB_ADDRESS = "web-address"  # an http(s) address (a document's)
    BASE_ADDRESS = "base-address"  # an http(s) address the build adds paths to (the repository's)
    ISSUE_FORM = "issue-form"  # an http(s) address template with {title} and {body}
    BRANCH = "branch"  # a git branch name
    REPO_PATH = "repo-path"  # a relative path below the repository's address (edit_uri)


WHOLE_KINDS = frozenset({Kind.REFS, Kind.ALIASES, Kind.PHRASES, Kind.ATTRIBUTES})
"""Kinds that describe a whole list or mapping; the others describe a string (in a list: each item; in a
mapping: each key)."""
BY_LOCALE = frozenset({Kind.ALIASES, Kind.PHRASES})
"""Kinds that are mappings keyed by locale (the validator checks the keys are known locales)."""


@dataclass(frozen=True)
class Spec:
    """What the declaration of one field says beyond its Python type and default."""

    doc: str | None  # None: the kind's own description says it all
    example: Any = None
    required: bool = False  # files must have the key (independent of the constructor's default)
    kind: Kind | None = None
    key: str | None = None  # the YAML key, when it is not the attribute name
    first: bool = False
    last: bool = False
    choices: Mapping[str, Any] | None = None  # written as one of these words, read as their values
    pattern: str | None = None  # checks on a string (in a list: each item)
    min_length: int | None = None
    minimum: int | None = None  # check on a whole number (in a list: each item)
    min_items: int | None = None  # checks on a list
    unique: bool = False
    one_or_list: bool = False  # a list written as its item alone when it has one (most have one)
    derived: bool = False  # computed from other content when it is read, never written in files: in exports only


def spec(doc: str | None, example: Any = None, *, required: bool = False, default: Any = MISSING,
         factory: Any = MISSING, kw_only: Any = MISSING, **checks: Any) -> Any:
    """A dataclass field with its :class:`Spec`. Optional fields default to None unless told otherwise;
    required ones have no default unless given one (the files must have them, the constructor need not)."""
    if default is MISSING and factory is MISSING and not required:
        default = None
    derived = bool(checks.get("derived"))
    return dataclasses.field(default=default, default_factory=factory, kw_only=True if derived else kw_only,
                             compare=not derived, metadata={SPEC: Spec(doc, example, required, **checks)})


@dataclass(frozen=True)
class Shape:
    """What a content class (or, in ``Annotated``, a union of classes) is: for its schema and the docs."""

    doc: str
    example: Any
    name: str | None = None  # a shared schema definition (``#/definitions/<name>``) rather than inline
    title: str | None = None  # a file's class: the title of the file kind
    tag: str | None = None  # a union: the key whose value names the member (its ``TAG`` or a choices field)
    tag_doc: str | None = None


@dataclass(frozen=True)
class ContentField:
    """A declared field of one class, with its annotation resolved (``X | None`` is ``X``)."""

    name: str
    key: str
    type: Any
    spec: Spec
    default: Any  # MISSING when the constructor requires the value


@cache
def content_fields(cls: type, derived: bool = False) -> tuple[ContentField, ...]:
    """The declared fields of ``cls`` in the order they are written (see the module docstring). Derived
    fields (computed when content is read, e.g. an entry's ``as_of``) are no part of the files: they are
    left out unless ``derived`` (the exports, which publish them)."""
    hints = get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        s = f.metadata.get(SPEC)
        if s is None or (s.derived and not derived):
            continue
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else MISSING)
        out.append(ContentField(f.name, s.key or f.name, without_none(hints[f.name]), s, default))
    return (*[f for f in out if f.spec.first], *[f for f in out if not (f.spec.first or f.spec.last)],
            *[f for f in out if f.spec.last])


def without_none(tp: Any) -> Any:
    if isinstance(tp, types.UnionType) and type(None) in get_args(tp):
        rest = [a for a in get_args(tp) if a is not type(None)]
        return rest[0] if len(rest) == 1 else tp
    return tp


def is_content_class(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp) and hasattr(tp, "SHAPE")


def union_of(tp: Any) -> tuple[tuple[type, ...], Shape] | None:
    """The member classes and shape of an ``Annotated[A | B, Shape(...)]`` union, else None."""
    if get_origin(tp) is Annotated and isinstance(tp.__metadata__[0], Shape):
        return get_args(tp.__origin__), tp.__metadata__[0]
    return None


def tags(cls: type, key: str) -> list[str]:
    """The values of a union's tag key that select ``cls``: its ``TAG``, or the words of the field written
    under that key (``ListBlock.ordered`` is written ``type: list`` or ``type: steps``)."""
    if hasattr(cls, "TAG"):
        return [cls.TAG]
    f = next(f for f in content_fields(cls) if f.key == key)
    return list(f.spec.choices or ())
