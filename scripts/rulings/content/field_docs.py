"""The field tables of docs/content-format.md, written from the generated JSON Schemas.

The guide's prose is written by hand; between its two markers ``rulings schemas`` writes one table per
file kind and per shared part, so the guide says exactly what the validator checks (a test keeps the
committed guide equal to what this module writes). The schemas themselves come from the field
declarations on the model (``rulings.model.fields``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulings.content.schemas import all_schemas
from rulings.model.entries import ENTRY_CLASSES, Entry
from rulings.model.fields import content_fields

GUIDE = Path("docs") / "content-format.md"
BEGIN = "<!-- fields: written by `rulings schemas` from the declarations in scripts/rulings/model/; edit those -->"
END = "<!-- /fields -->"
HEAD = "| key | value | required | what it is |\n|---|---|---|---|"


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def label(s: dict[str, Any]) -> str:
    """What a value is, in a few words, from its schema."""
    if "$ref" in s:
        return f"`{s['$ref'].rsplit('/', 1)[1]}`"
    if "const" in s:
        return f"`{s['const']}`"
    if "enum" in s:
        return "one of " + ", ".join(f"`{v}`" for v in s["enum"])
    if "oneOf" in s and all("type" in m or "$ref" in m for m in s["oneOf"]):
        return " or ".join(label(m) for m in s["oneOf"])
    t = s.get("type")
    if t == "array":
        items = s["items"]
        if s.get("minItems") is not None and s.get("minItems") == s.get("maxItems"):
            return f"{s['minItems']} × {label(items)}"
        out = ("list, each " + label(items) if "enum" in items else
               "list of mappings (see below)" if items.get("type") == "object" else "list of " + label(items))
        if s.get("minItems"):
            out += f", at least {s['minItems']}"
        return out + (", each once" if s.get("uniqueItems") else "")
    if t == "object":
        if "properties" in s:
            return "mapping (see below)"
        values = s.get("additionalProperties")
        if isinstance(values, dict) and values:
            return f"mapping of {label(s['propertyNames']) if 'propertyNames' in s else 'string'} to {label(values)}"
        return "mapping"
    if t == "boolean":
        return "true or false"
    if t == "integer":
        return "whole number" + (f" ≥ {s['minimum']}" if "minimum" in s else "")
    if t == "string":
        if "pattern" in s:
            return f"string matching `{s['pattern']}`"
        return "non-empty string" if s.get("minLength") else "string"
    if isinstance(t, list):
        return " or ".join(label({"type": x}) for x in t)
    return "see below"


def table(schema: dict[str, Any], definitions: dict[str, Any], skip: tuple[str, ...] = ()) -> str:
    """A table of an object's keys, then one for each inline mapping among them (a game's documents)."""
    rows, nested = [], []
    for key, prop in schema["properties"].items():
        if key in skip:
            continue
        doc = prop.get("description") or definitions[prop["$ref"].rsplit("/", 1)[1]]["description"]
        required = "yes" if key in schema.get("required", ()) else ""
        rows.append(f"| `{key}` | {_cell(label(prop))} | {required} | {_cell(doc)} |")
        inner = prop.get("items", prop)
        if inner.get("type") == "object" and "properties" in inner:
            nested.append((key, inner, prop))
    out = "\n".join([HEAD, *rows])
    for key, inner, prop in nested:
        others = " Other keys are allowed too." if inner.get("additionalProperties") is not False else ""
        out += f"\n\nKeys of `{key}`. {inner.get('description', prop['description'])}{others}\n\n"
        out += table(inner, definitions)
    return out


def tables() -> str:
    schemas = all_schemas()
    defs = schemas["project"]["definitions"]
    common = tuple(f.key for f in content_fields(Entry))
    parts = ["Every file has `kind`, which names its schema. The entry files (`" + "`, `".join(ENTRY_CLASSES)
             + "`) also have `game`, the id of the game, and `entries`, a list of entries of that kind."]
    first = schemas[next(iter(ENTRY_CLASSES))]["properties"]["entries"]["items"]
    parts.append("### Every entry\n\n" + table({**first, "properties": {
        k: v for k, v in first["properties"].items() if k in common}}, defs))
    for kind in ("project", "game"):
        s = schemas[kind]
        parts.append(f"### `{kind}`\n\n{s['title']}\n\n" + table(s, defs, skip=("kind",)))
    for kind in ENTRY_CLASSES:
        entry = schemas[kind]["properties"]["entries"]["items"]
        parts.append(f"### `{kind}`\n\n{schemas[kind]['title']} Each entry: {entry['description'].lower()} "
                     "Besides the keys every entry has:\n\n" + table(entry, defs, skip=common))
    kinds = []
    for name, d in defs.items():
        if "oneOf" in d:
            tag = next(iter(d["oneOf"][0]["properties"]))  # a union's members open with their tag
            members = [f"{label(m['properties'][tag])}: {m['description']}\n\n" + table(m, defs, skip=(tag,))
                       for m in d["oneOf"]]
            parts.append(f"### Part `{name}`\n\n{d['description']} Its `{tag}` says which:\n\n"
                         + "\n\n".join(members))
        elif d.get("type") == "object" and "properties" in d:
            parts.append(f"### Part `{name}`\n\n{d['description']}\n\n" + table(d, defs))
        else:
            kinds.append(f"| `{name}` | {_cell(d['description'])} |")
    parts.append("### Kinds of value\n\n| value | what it is |\n|---|---|\n" + "\n".join(kinds))
    return "\n\n".join(parts)


def with_tables(guide: str) -> str:
    """The guide with the text between its markers replaced by the current tables."""
    head, sep, rest = guide.partition(BEGIN)
    _old, sep2, tail = rest.partition(END)
    if not sep or not sep2:
        raise ValueError(f"{GUIDE} lacks the markers {BEGIN!r} … {END!r}")
    return f"{head}{BEGIN}\n\n{tables()}\n\n{END}{tail}"
