"""Exports for tools: one JSON per entity (valid against its published schema), the SQLite database answering
the query of docs/api.md, a rulings CSV per locale, meta.json, and a ``.sha256`` beside every file."""

from __future__ import annotations

import csv
import hashlib
import json
import re
import sqlite3

from jsonschema import Draft7Validator
from referencing import Registry, Resource

from conftest import project_locales, repo_content
from rulings.model.entries import Entity, Ruling
from rulings.publish import tables


def api(site):
    return site / "api" / "v1"


def test_every_entity_has_a_json_file_valid_against_the_published_schema(built_site):
    root = api(built_site)
    schemas = {n: json.loads((root / n).read_text(encoding="utf-8")) for n in ("entity.schema.json",
                                                                              "export.schema.json")}
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
    validator = Draft7Validator(schemas["entity.schema.json"], registry=registry)
    content = repo_content()
    entities = [e for e in content.entries if isinstance(e, Entity)]
    for e in entities:
        data = json.loads((root / e.game / e.type.value / f"{e.slug}.json").read_text(encoding="utf-8"))
        errors = sorted(validator.iter_errors(data), key=lambda x: x.path)
        assert not errors, (e.id, errors[0].message)
        assert sorted(data["locales"]) == sorted(project_locales())
        about = sorted(r.id for r in content.entries if isinstance(r, Ruling) and e.id in r.about)
        assert sorted(r["id"] for r in data["locales"]["en"]["rulings"]) == about


def test_the_documented_query_answers_rulings_about_a_card_in_a_locale(built_site):
    content = repo_content()
    db = sqlite3.connect(api(built_site) / "rulings.sqlite")
    query = re.search(r"::\n\n(.*?;)", tables.__doc__, re.S).group(1)
    guide = " ".join((content.root.parent / "docs" / "api.md").read_text(encoding="utf-8").split())
    assert " ".join(query.split()) in guide, "docs/api.md documents the same query"
    card = next(e for e in content.entries if isinstance(e, Entity)
                and sum(isinstance(r, Ruling) and e.id in r.about for r in content.entries) >= 2)
    expected = sorted(r.id for r in content.entries if isinstance(r, Ruling) and card.id in r.about)
    for loc in project_locales():
        got = [row[0] for row in db.execute(query, {"card": card.id, "locale": loc})]
        assert got == expected, loc


def test_csv_per_locale_and_every_file_has_its_sha256_and_is_in_meta(built_site):
    root = api(built_site)
    n_rulings = sum(isinstance(e, Ruling) for e in repo_content().entries)
    for loc in project_locales():
        with (root / f"rulings.{loc}.csv").open(encoding="utf-8", newline="") as f:
            assert len(list(csv.DictReader(f))) == n_rulings
    meta = json.loads((root / "meta.json").read_text(encoding="utf-8"))
    assert re.fullmatch(r"\d+\.\d+\.\d+\+\d{8}", meta["data_version"])
    for name, digest in meta["files"].items():
        data = (root / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, name
        line = (root / f"{name}.sha256").read_text(encoding="utf-8")
        assert line == f"{digest}  {name.rsplit('/', 1)[-1]}\n", name
