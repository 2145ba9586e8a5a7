"""The JSON Schemas (draft-07) of every content file kind, generated from the field declarations.

Every property comes from a declared field (``rulings.model.fields``); this module holds only the
vocabulary the fields share (what a locale, a date, an entry id or a text is) and the frame of each
file. Written to ``schemas/<kind>.schema.json`` by ``rulings schemas``, which also rewrites the field
tables of docs/content-format.md (``content.field_docs``); tests keep the committed files equal to
what is generated. Each schema is self-contained (its shared parts under ``definitions``) so editors
resolve it without fetching anything. :class:`SchemaWriter` also writes the export schema
(``publish.export``), where a text is resolved for one locale.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from rulings.model.entries import ENTRY_CLASSES, SLUG, Game, Project
from rulings.model.fields import (
    WHOLE_KINDS,
    ContentField,
    Kind,
    Shape,
    Spec,
    content_fields,
    is_content_class,
    union_of,
)
from rulings.model.text import Text, Translation
from rulings.model.urls import CHECKS

DRAFT = "http://json-schema.org/draft-07/schema#"
ID_BASE = "https://rulings.invalid/schemas/"  # a name, never fetched

LOCALE_PATTERN = r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"


def P(schema: dict[str, Any], description: str, example: Any) -> dict[str, Any]:
    """A property: its schema with the description and example every property must have."""
    return {**schema, "description": description, "examples": [example]}


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/definitions/{name}"}


def obj(props: dict[str, Any], required: list[str], description: str, example: Any) -> dict[str, Any]:
    return {"type": "object", "description": description, "examples": [example], "properties": props,
            "required": required, "additionalProperties": False}


STRINGS_BY_LOCALE: dict[str, Any] = {
    "type": "object", "propertyNames": {"pattern": LOCALE_PATTERN},
    "additionalProperties": {"type": "array", "items": {"type": "string", "minLength": 1}}}

VOCABULARY: dict[str, Any] = {
    "locale": P({"type": "string", "pattern": LOCALE_PATTERN},
                "A BCP-47 language tag known to CLDR (en, it, zh, zh-Hant…).", "it"),
    "date": P({"type": "string", "pattern": DATE_PATTERN},
              "An ISO 8601 calendar date, quoted so YAML keeps it as text.", "2024-02-15"),
    "entryId": P({"type": "string", "pattern": rf"^{SLUG}/{SLUG}/{SLUG}$"},
                 "An entry id `<game>/<kind>/<slug>`: lower-case ASCII, stable forever (URL and anchor).",
                 "anachronism/ruling/adjacent-to-itself"),
    "text": {
        "type": "object",
        "description": "Human-language text by locale. Exactly one value, the source, is a plain string; "
                       "every other value is a translation object.",
        "examples": [{"it": "Julia: manca la scritta Permanente.", "en": Translation.SHAPE.example}],
        "minProperties": 1,
        "propertyNames": {"pattern": LOCALE_PATTERN},
        "additionalProperties": {"oneOf": [{"type": "string"}, ref("translation")]},
    },
    "aliases": P(STRINGS_BY_LOCALE,
                 "Other spellings by locale (plurals, dashes, misprints) that should find and link this entry.",
                 {"en": ["Next To", "next-to"]}),
    "phrases": P(STRINGS_BY_LOCALE, "Phrases by locale.", {"en": ["game text", "in play"]}),
    "refs": P({"type": "array", "items": ref("entryId"), "uniqueItems": True}, "Ids of other entries.",
              ["anachronism/topic/behind"]),
    # addresses and names that end in links: the pattern only approximates the check validation runs
    **{c.name: P({"type": "string", "pattern": c.pattern, "maxLength": c.max_length}, c.doc, c.example)
       for c in CHECKS.values()},
}
"""The shared kinds of value, each a definition in every schema."""

KINDS: dict[Kind, dict[str, Any]] = {
    Kind.ID: ref("entryId"), Kind.REF: ref("entryId"), Kind.REFS: ref("refs"), Kind.LOCALE: ref("locale"),
    Kind.DATE: ref("date"), Kind.ALIASES: ref("aliases"), Kind.PHRASES: ref("phrases"),
    Kind.SLUG: {"type": "string", "pattern": rf"^{SLUG}$"},
    **{kind: ref(c.name) for kind, c in CHECKS.items()},
    Kind.ATTRIBUTES: {"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean"]},
                      "properties": {
                          "faction": P({"type": "string"}, "Faction or kingdom.", "wei"),
                          "gender": P({"enum": ["male", "female", "other"]}, "Gender.", "male"),
                          "health": P({"type": "integer", "minimum": 0}, "Health points.", 4),
                          "set": P({"type": "string"}, "Set or expansion code.", "standard"),
                      }},
}
"""The schema of each kind of value; the attributes the site knows are described, others allowed."""

ORDER = ("locale", "date", "entryId", "translation", "text", "aliases", "phrases", "refs", "provenance", "listItem",
         "block", "statusChange")
"""The order of the ``definitions`` in the committed schemas; shared parts declared later follow it."""


class SchemaWriter:
    """Turns declared classes into JSON Schema, collecting the shared definitions they use.

    ``text`` is the schema of a ``Text``: in content files a reference to the ``text`` definition,
    in exports (where each text is resolved for one locale) something else, and there the declared
    examples, written as in content files, are left out (``examples=False``) and the derived fields are in
    (``derived=True``)."""

    def __init__(self, text: dict[str, Any], *, examples: bool = True, derived: bool = False):
        self.text = text
        self.examples = examples
        self.derived = derived  # the fields computed from content (an entry's as_of): in exports, not in files
        self.definitions: dict[str, Any] = {}

    def described(self, schema: dict[str, Any], doc: str, example: Any) -> dict[str, Any]:
        return P(schema, doc, example) if self.examples else {**schema, "description": doc}

    def object(self, cls: type, lead: dict[str, Any] | None = None) -> dict[str, Any]:
        """The object schema of ``cls``; ``lead`` properties (a file's ``kind``, a block's ``type``) come first
        and are required."""
        shape = cls.SHAPE
        fields = content_fields(cls, self.derived)
        props = {**(lead or {}), **{f.key: self.property(f) for f in fields}}
        required = [*(lead or {}), *(f.key for f in fields if f.spec.required)]
        out = obj(props, required, shape.doc, shape.example)
        if not self.examples:
            del out["examples"]
        return out

    def property(self, f: ContentField) -> dict[str, Any]:
        schema = self.value(f.type, f.spec)
        return schema if f.spec.doc is None else self.described(schema, f.spec.doc, f.spec.example)

    def value(self, tp: Any, s: Spec) -> dict[str, Any]:
        if s.choices:
            return {"enum": list(s.choices)}
        if s.kind in WHOLE_KINDS:
            return self.kind(s.kind)
        origin, args = get_origin(tp), get_args(tp)
        if s.one_or_list:  # one item alone, or a list of several
            item = self.value(args[0], replace(s, one_or_list=False, min_items=None, unique=False))
            return {"oneOf": [item, {"type": "array", "items": item, "minItems": 2}]}
        if origin in (list, tuple):
            out: dict[str, Any] = {"type": "array",
                                   "items": self.value(args[0], replace(s, min_items=None, unique=False))}
            if origin is tuple:
                out["minItems"] = out["maxItems"] = len(args)
            if s.min_items is not None:
                out["minItems"] = s.min_items
            if s.unique:
                out["uniqueItems"] = True
            return out
        if origin is dict:  # a mapping by keys of the field's kind (a locale), each value of its type
            out = {"type": "object", "additionalProperties": self.value(args[1], replace(s, kind=None))}
            if s.kind is not None:
                out["propertyNames"] = self.kind(s.kind)
            return out
        if s.kind is not None:
            return self.kind(s.kind)
        if tp is Text:
            return self.text
        if (union := union_of(tp)) is not None:
            members, shape = union
            return self.shared(shape, lambda: {
                **self.described({}, shape.doc, shape.example),
                "oneOf": [self.object(m, self.tag(m, shape)) for m in members]})
        if isinstance(tp, type) and issubclass(tp, Enum):
            return {"enum": [m.value for m in tp]}
        if is_content_class(tp):
            return self.shared(tp.SHAPE, lambda: self.object(tp))
        return self.scalar(tp, s)

    @staticmethod
    def scalar(tp: Any, s: Spec) -> dict[str, Any]:
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer", **({"minimum": s.minimum} if s.minimum is not None else {})}
        out: dict[str, Any] = {"type": "string"}
        if s.pattern is not None:
            out["pattern"] = s.pattern
        if s.min_length is not None:
            out["minLength"] = s.min_length
        return out

    def tag(self, cls: type, shape: Shape) -> dict[str, Any]:
        """A union member's constant tag property (``type: paragraph``); a member without ``TAG`` declares it."""
        return {shape.tag: self.described({"const": cls.TAG}, shape.tag_doc, cls.TAG)} if hasattr(cls, "TAG") else {}

    def kind(self, kind: Kind) -> dict[str, Any]:
        schema = dict(KINDS[kind])
        self.use(schema)
        return schema

    def use(self, schema: Any) -> None:
        """Add the vocabulary definitions a schema refers to (and those they refer to)."""
        if isinstance(schema, dict):
            name = schema.get("$ref", "").rsplit("/", 1)[-1]
            if name in VOCABULARY and name not in self.definitions:
                self.definitions[name] = VOCABULARY[name]
                self.use(VOCABULARY[name])
            for v in schema.values():
                self.use(v)

    def shared(self, shape: Shape, build: Any) -> dict[str, Any]:
        """A reference to the shape's shared definition (built once), or the inline schema if it has none."""
        if shape.name is None:
            return build()
        if shape.name not in self.definitions:
            self.definitions[shape.name] = {}  # placeholder: a list item holds list items
            self.definitions[shape.name] = build()
        return ref(shape.name)


def _content_definitions() -> dict[str, Any]:
    """Every shared definition any content file uses (every schema carries all, so one file's
    ``$ref`` never depends on another file)."""
    w = SchemaWriter(ref("text"))
    w.shared(Translation.SHAPE, lambda: w.object(Translation))
    w.definitions.update(VOCABULARY)
    for cls in (Project, Game, *ENTRY_CLASSES.values()):
        w.object(cls)
    rank = {name: i for i, name in enumerate(ORDER)}
    return dict(sorted(w.definitions.items(), key=lambda kv: rank.get(kv[0], len(ORDER))))


def _file_schema(kind: str, props: dict[str, Any], required: list[str], title: str,
                 example: Any) -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "$id": f"{ID_BASE}{kind}.schema.json",
        "title": title,
        **obj({"kind": P({"const": kind}, "The file kind; selects this schema.", kind), **props},
              ["kind", *required], title, example),
        "definitions": _content_definitions(),
    }


def entries_file_schema(kind: str) -> dict[str, Any]:
    cls = ENTRY_CLASSES[kind]
    entry = SchemaWriter(ref("text")).object(cls)
    example = cls.SHAPE.example
    return _file_schema(
        kind,
        {"game": P(KINDS[Kind.SLUG], "Id of the game these entries belong to.", "anachronism"),
         "entries": P({"type": "array", "items": entry}, "The entries, in document order.", [example])},
        ["game", "entries"], cls.SHAPE.title, {"kind": kind, "game": "anachronism", "entries": [example]},
    )


def single_file_schema(kind: str, cls: type) -> dict[str, Any]:
    """The schema of a file holding one object (the project, a game)."""
    o = SchemaWriter(ref("text")).object(cls)
    return _file_schema(kind, o["properties"], o["required"], cls.SHAPE.doc, {"kind": kind, **cls.SHAPE.example})


def all_schemas() -> dict[str, dict[str, Any]]:
    """Each schema as objects of its own, shared with no other schema or call: fastjsonschema rewrites
    the ``$ref`` of the schema it compiles in place, which must not reach the schema jsonschema uses."""
    out = {"project": single_file_schema("project", Project), "game": single_file_schema("game", Game)}
    out.update({k: entries_file_schema(k) for k in ENTRY_CLASSES})
    return {k: copy.deepcopy(v) for k, v in out.items()}


def schema_filename(kind: str) -> str:
    return f"{kind}.schema.json"


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def generated_files(schemas_dir: Path) -> dict[Path, str]:
    """Every file generated from the declarations: the schemas, and the content-format guide beside the
    schemas folder (``docs/content-format.md``) with its field tables rewritten, when it exists."""
    from rulings.content.field_docs import GUIDE, with_tables

    out = {schemas_dir / schema_filename(k): render(s) for k, s in all_schemas().items()}
    guide = schemas_dir.parent / GUIDE
    if guide.exists():
        out[guide] = with_tables(guide.read_text(encoding="utf-8"))
    return out


def out_of_date(schemas_dir: Path) -> list[Path]:
    return [p for p, text in generated_files(schemas_dir).items()
            if not p.exists() or p.read_text(encoding="utf-8") != text]


def write_all(directory: Path) -> list[Path]:
    """Write the schemas that are missing or out of date; return them."""
    directory.mkdir(parents=True, exist_ok=True)
    written = out_of_date(directory)
    for path, text in generated_files(directory).items():
        if path in written:
            path.write_text(text, encoding="utf-8")
    return written
