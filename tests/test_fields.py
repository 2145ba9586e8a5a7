"""A field declared once on the model reaches the schema, the YAML, the texts and references, the
export and the guide's tables: a contributor adding a field edits one place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rulings.content.codec import from_data, to_data
from rulings.content.field_docs import table
from rulings.content.schemas import SchemaWriter, all_schemas, ref
from rulings.model.entries import Provenance, Ruling
from rulings.model.fields import Kind, spec
from rulings.model.text import Text
from rulings.publish.export import entry_export


@dataclass
class Rated(Ruling):
    """A ruling with two more fields, declared the way a contributor adds one to an existing class."""

    KIND: ClassVar[str] = "ruling"

    verdict: Text | None = spec("How players received the ruling.", {"en": "Disputed"})
    see_also: str | None = spec("A ruling that explains this one.", "g/ruling/base", kind=Kind.REF)


def rated() -> Rated:
    return Rated("g/ruling/x", "it", [Provenance("doc", (1, 2))], statement=Text("it", "Si pesca."),
                 notes=Text("en", "A note."), verdict=Text("it", "Discussa"), see_also="g/ruling/base")


def test_declared_field_is_in_the_schema_after_the_kinds_fields():
    schema = SchemaWriter(ref("text")).object(Rated)
    keys = list(schema["properties"])
    assert keys.index("flags") < keys.index("verdict") < keys.index("see_also") < keys.index("notes")
    assert schema["properties"]["verdict"]["$ref"] == "#/definitions/text"
    assert schema["properties"]["see_also"]["$ref"] == "#/definitions/entryId"
    assert "verdict" not in schema["required"]


def test_declared_field_round_trips_through_yaml_data_in_declared_order():
    data = to_data(rated())
    assert list(data) == ["id", "lang", "statement", "verdict", "see_also", "notes", "provenance"]
    assert data["verdict"] == {"it": "Discussa"}
    assert from_data(Rated, data) == rated()
    assert "verdict" not in to_data(Rated("g/ruling/y", "en"))  # optional and unset: left out


def test_declared_field_is_walked_as_a_text_and_a_reference():
    assert [p for p, _ in rated().texts()] == ["statement", "verdict", "notes"]
    assert ("see_also", "g/ruling/base") in rated().references()


def test_declared_field_is_resolved_in_the_export():
    out = entry_export(rated(), "en")
    assert out["verdict"] == {"text": "Discussa", "lang": "it", "shown": "untranslated", "state": "missing"}
    assert out["kind"] == "ruling"


def test_declared_field_is_in_the_guide_table():
    schema = SchemaWriter(ref("text")).object(Rated)
    rows = table(schema, all_schemas()["rulings"]["definitions"])
    assert "| `verdict` | `text` |  | How players received the ruling. |" in rows
    assert "| `see_also` | `entryId` |  | A ruling that explains this one. |" in rows
