"""The committed JSON Schemas and the guide's field tables are current; the schemas are draft-07,
documented, accept their own examples, and report errors however often they are compiled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from conftest import REPO
from rulings.content.field_docs import BEGIN, END, GUIDE
from rulings.content.schemas import all_schemas, generated_files, render, schema_filename

SCHEMAS = all_schemas()


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_committed_schema_is_generated_one(kind):
    path = REPO / "schemas" / schema_filename(kind)
    assert path.read_text(encoding="utf-8") == render(SCHEMAS[kind]), "run: rulings schemas"


def test_committed_guide_tables_are_generated_ones():
    guide = REPO / GUIDE
    assert generated_files(REPO / "schemas")[guide] == guide.read_text(encoding="utf-8"), "run: rulings schemas"


def test_guide_tables_list_every_key_of_every_file_kind():
    guide = (REPO / GUIDE).read_text(encoding="utf-8")
    tables = guide[guide.index(BEGIN):guide.index(END)]
    for kind, schema in SCHEMAS.items():
        assert f"### `{kind}`" in tables
        entry = schema["properties"].get("entries", {}).get("items", schema)
        for key in set(entry["properties"]) - {"kind"}:
            assert f"| `{key}` |" in tables, (kind, key)


def _properties(schema, where="") -> list[tuple[str, dict]]:
    out = []
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            out.append((f"{where}.{name}", sub))
        for key, sub in schema.items():
            if key not in ("examples", "enum", "const"):
                out += _properties(sub, f"{where}.{key}")
    elif isinstance(schema, list):
        for i, sub in enumerate(schema):
            out += _properties(sub, f"{where}[{i}]")
    return out


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_every_property_has_description_and_example(kind):
    schema = json.loads((REPO / "schemas" / schema_filename(kind)).read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    props = _properties(schema)
    assert len(props) > 5
    for where, sub in props:
        target = sub
        if "$ref" in sub and "description" not in sub:
            target = schema["definitions"][sub["$ref"].rsplit("/", 1)[1]]
        assert target.get("description"), f"{kind}: {where} has no description"
        assert target.get("examples"), f"{kind}: {where} has no example"


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_examples_are_valid(kind):
    schema = SCHEMAS[kind]
    validator = Draft7Validator(schema)
    for example in schema["examples"]:
        assert not list(validator.iter_errors(example)), example


def test_content_files_carry_the_modeline():
    for path in (REPO / "content").rglob("*.yml"):
        if "sources" in path.parts:
            continue
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.is_file() and target.parent == (REPO / "schemas").resolve(), path


def test_schema_files_are_named_by_kind():
    assert {p.name for p in Path(REPO / "schemas").glob("*.json")} == {schema_filename(k) for k in SCHEMAS}


def test_errors_are_reported_after_every_kind_was_compiled_afresh(tmp_path, monkeypatch):
    """fastjsonschema rewrites the references of what it compiles; a cold cache (a new checkout, a changed
    schema) must still give positioned errors, not a crash of the detailed check that follows."""
    from rulings.content import schema_check
    from rulings.content.load import load_text

    monkeypatch.setattr(schema_check, "CACHE_DIR", tmp_path)
    for f in (schema_check.fast_validator, schema_check.validator):
        f.cache_clear()
    monkeypatch.setattr(schema_check, "fast_validator", schema_check.fast_validator.__wrapped__)
    for kind in SCHEMAS:
        schema_check.is_valid({}, kind)
    loaded = load_text(Path("content/g/rulings.yml"), "kind: rulings\ngame: g\nentries:\n  - id: g/ruling/x\n"
                                                     "    lang: en\n    related: [Not An Id]\n")
    problems, bad = schema_check.check(loaded, "rulings")
    assert bad == {0}
    assert [(p.line, p.rule) for p in problems] == [(6, "schema-pattern")]
