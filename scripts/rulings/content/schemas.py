"""The JSON Schemas (draft-07) of every content file kind, generated from one place.

Written to ``schemas/<kind>.schema.json`` by ``rulings schemas --write``; a test keeps the
committed files equal to what this module generates. Each file is self-contained (its shared
parts under ``definitions``) so editors resolve it without fetching anything.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulings.model.entries import SLUG, EntityType, ErratumType, RulingFlag, RulingStatus
from rulings.model.text import HASH_LENGTH, TranslationStatus

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


EX_TEXT_EN = {"en": "Can I attack myself with the Shuriken?"}
EX_TEXT_IT = {"it": "Julia: manca la scritta Permanente.",
              "en": {"text": "Julia: the word Permanent is missing.", "source_hash": "3f9a0c1b2d4e",
                     "status": "machine", "by": "rulings-import"}}

DEFINITIONS: dict[str, Any] = {
    "locale": P({"type": "string", "pattern": LOCALE_PATTERN},
                "A BCP-47 language tag known to CLDR (en, it, zh, zh-Hant…).", "it"),
    "date": P({"type": "string", "pattern": DATE_PATTERN},
              "An ISO 8601 calendar date, quoted so YAML keeps it as text.", "2024-02-15"),
    "entryId": P({"type": "string", "pattern": rf"^{SLUG}/{SLUG}/{SLUG}$"},
                 "An entry id `<game>/<kind>/<slug>`: lower-case ASCII, stable forever (URL and anchor).",
                 "anachronism/ruling/adjacent-to-itself"),
    "translation": obj(
        {
            "text": P({"type": "string"}, "The translated text.", "Julia: the word Permanent is missing."),
            "source_hash": P({"type": "string", "pattern": f"^[0-9a-f]{{{HASH_LENGTH}}}$"},
                             "First 12 hex digits of the sha256 of the source text this translation was made "
                             "from; when the source changes the translation is reported stale.",
                             "3f9a0c1b2d4e"),
            "status": P({"type": "string", "enum": [s.value for s in TranslationStatus]},
                        "machine: made by a program; draft: by a person, unreviewed; reviewed: checked by a "
                        "second person; official: printed in the source document itself.", "draft"),
            "by": P({"type": "string", "minLength": 1}, "Who or what made the translation.", "rulings-import"),
            "note": P({"type": "string"}, "Translator's note, e.g. what a damaged source text meant.",
                      "The source prints 'Dl' for 'DI' (OCR damage)."),
        },
        ["text", "source_hash", "status", "by"],
        "A translation of a source text, recording which source text it was made from.",
        EX_TEXT_IT["en"],
    ),
    "text": {
        "type": "object",
        "description": "Human-language text by locale. Exactly one value, the source, is a plain string; "
                       "every other value is a translation object.",
        "examples": [EX_TEXT_IT],
        "minProperties": 1,
        "propertyNames": {"pattern": LOCALE_PATTERN},
        "additionalProperties": {"oneOf": [{"type": "string"}, {"$ref": "#/definitions/translation"}]},
    },
    "aliases": P({"type": "object", "propertyNames": {"pattern": LOCALE_PATTERN},
                  "additionalProperties": {"type": "array", "items": {"type": "string", "minLength": 1}}},
                 "Other spellings by locale (plurals, dashes, misprints) that should find and link this entry.",
                 {"en": ["Next To", "next-to"]}),
    "refs": P({"type": "array", "items": {"$ref": "#/definitions/entryId"}, "uniqueItems": True},
              "Ids of other entries.", ["anachronism/topic/behind"]),
    "provenance": obj(
        {
            "document": P({"type": "string", "pattern": rf"^{SLUG}$"}, "Id of the source document in the game "
                          "file.", "faq-2006"),
            "lines": P({"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2,
                        "maxItems": 2}, "First and last line (1-based, inclusive) in the kept original.",
                       [12, 14]),
        },
        ["document", "lines"], "Where the entry came from.", {"document": "faq-2006", "lines": [12, 14]},
    ),
    "listItem": obj(
        {"text": P(ref("text"), "The item's text.", EX_TEXT_EN),
         "items": P({"type": "array", "items": ref("listItem")}, "Nested items.", [])},
        ["text"], "One list item, possibly with nested items.", {"text": EX_TEXT_EN},
    ),
    "block": {
        "description": "A block of rules prose.",
        "examples": [{"type": "paragraph", "text": EX_TEXT_EN}],
        "oneOf": [
            obj({"type": P({"const": "paragraph"}, "Block type.", "paragraph"),
                 "text": P(ref("text"), "The paragraph.", EX_TEXT_EN)},
                ["type", "text"], "A paragraph.", {"type": "paragraph", "text": EX_TEXT_EN}),
            obj({"type": P({"enum": ["list", "steps"]}, "list: bullets; steps: numbered steps.", "steps"),
                 "items": P({"type": "array", "items": ref("listItem"), "minItems": 1}, "The items.",
                            [{"text": EX_TEXT_EN}])},
                ["type", "items"], "A bulleted list or numbered steps.",
                {"type": "list", "items": [{"text": EX_TEXT_EN}]}),
            obj({"type": P({"const": "table"}, "Block type.", "table"),
                 "caption": P(ref("text"), "Table caption.", {"en": "Movement costs"}),
                 "header": P({"type": "array", "items": ref("text")}, "Column headings.", [{"en": "Terrain"}]),
                 "rows": P({"type": "array", "items": {"type": "array", "items": ref("text")}}, "Rows of cells.",
                           [[{"en": "Forest"}]])},
                ["type", "header", "rows"], "A table.",
                {"type": "table", "header": [{"en": "Terrain"}], "rows": [[{"en": "Forest"}]]}),
            obj({"type": P({"const": "example"}, "Block type.", "example"),
                 "title": P(ref("text"), "Example title.", {"en": "Example"}),
                 "blocks": P({"type": "array", "items": ref("block")}, "The example's content.",
                             [{"type": "paragraph", "text": EX_TEXT_EN}])},
                ["type", "blocks"], "A worked example.",
                {"type": "example", "blocks": [{"type": "paragraph", "text": EX_TEXT_EN}]}),
            obj({"type": P({"const": "diagram"}, "Block type.", "diagram"),
                 "caption": P(ref("text"), "Diagram caption.", {"en": "Arena layout"}),
                 "text": P({"type": "string"}, "Verbatim text, shown exactly as written (never translated).",
                           "[A][B]\n[C][D]")},
                ["type", "text"], "A verbatim diagram.", {"type": "diagram", "text": "[A][B]"}),
        ],
    },
    "statusChange": obj(
        {"status": P({"enum": [s.value for s in RulingStatus]}, "Status from this step on.", "reversed"),
         "date": P(ref("date"), "ISO date of the step, where known.", "2006-03-20"),
         "date_printed": P({"type": "string"}, "The date as printed.", "3-20-2006"),
         "note": P(ref("text"), "What happened.", {"en": "Edited, then reversed."})},
        ["status"], "One step in a ruling's history.", {"status": "reversed"},
    ),
}

COMMON_ENTRY = {
    "id": P(ref("entryId"), "Stable id `<game>/<kind>/<slug>`.", "anachronism/ruling/adjacent-to-itself"),
    "lang": P(ref("locale"), "The entry's source language: the language its texts were written in.", "en"),
    "notes": P(ref("text"), "Editorial notes (e.g. damage in the source), not part of the ruling.",
               {"en": "The source prints 'i' for '1'."}),
    "provenance": P(ref("provenance"), "Source document and lines.", {"document": "faq-2006", "lines": [5, 6]}),
}


def entry_schema(props: dict[str, Any], required: list[str], description: str, example: Any) -> dict[str, Any]:
    return obj({**COMMON_ENTRY, **props}, ["id", "lang", *required], description, example)


ENTRY_SCHEMAS: dict[str, tuple[str, dict[str, Any]]] = {
    "entities": ("Cards, heroes, abilities, keywords and FAQ topics.", entry_schema(
        {
            "type": P({"enum": [t.value for t in EntityType]}, "What kind of thing this is.", "hero"),
            "name": P(ref("text"), "The name in each language.",
                      {"zh": "曹操", "en": {"text": "CAO Cao", "source_hash": "0a1b2c3d4e5f", "status": "official",
                                          "by": "source document"}}),
            "aliases": ref("aliases"),
            "attributes": P({"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean"]},
                             "properties": {
                                 "faction": P({"type": "string"}, "Faction or kingdom.", "wei"),
                                 "gender": P({"enum": ["male", "female", "other"]}, "Gender.", "male"),
                                 "health": P({"type": "integer", "minimum": 0}, "Health points.", 4),
                                 "set": P({"type": "string"}, "Set or expansion code.", "standard"),
                             }},
                            "Game attributes (faction, gender, health, set…).", {"faction": "wei", "health": 4}),
            "parent": P(ref("entryId"), "The entity this belongs to (an ability's hero).",
                        "three-kingdoms/hero/cao-cao"),
            "text": P(ref("text"), "The entity's game text or description.", EX_TEXT_EN),
            "related": ref("refs"),
        },
        ["type", "name"], "A card, hero, ability, keyword or topic.",
        {"id": "anachronism/topic/adjacent", "lang": "en", "type": "topic", "name": {"en": "Adjacent"}},
    )),
    "rulings": ("Rulings: questions with answers, or statements.", entry_schema(
        {
            "question": P(ref("text"), "The question.", EX_TEXT_EN),
            "answer": P(ref("text"), "The answer.", {"en": "No. Your warrior's space is not adjacent to itself."}),
            "statement": P(ref("text"), "A ruling that is a statement rather than a question.", EX_TEXT_EN),
            "status": P({"enum": [s.value for s in RulingStatus]}, "Whether the ruling still holds.", "current"),
            "history": P({"type": "array", "items": ref("statusChange")}, "Status changes, oldest first.",
                         [{"status": "reversed", "note": {"en": "Edited, then reversed."}}]),
            "about": P({**ref("refs")}, "Entities (cards, topics…) this ruling is about; it is listed on each.",
                       ["anachronism/card/skegox-francisca"]),
            "related": ref("refs"),
            "flags": P({"type": "array", "items": {"enum": [f.value for f in RulingFlag]}, "uniqueItems": True},
                       "Known problems of the source entry.", ["unanswered"]),
        },
        [], "A ruling.",
        {"id": "anachronism/ruling/adjacent-to-itself", "lang": "en", "question": EX_TEXT_EN,
         "answer": {"en": "No."}},
    )),
    "glossary": ("Glossary terms.", entry_schema(
        {
            "term": P(ref("text"), "The term.", {"en": "Adjacent"}),
            "aliases": ref("aliases"),
            "definition": P(ref("text"), "What the term means.", {"en": "Any of the eight spaces next to…"}),
            "related": ref("refs"),
        },
        ["term", "definition"], "A glossary term.",
        {"id": "anachronism/term/adjacent", "lang": "en", "term": {"en": "Adjacent"},
         "definition": {"en": "Any of the eight spaces next to a warrior."}},
    )),
    "errata": ("Errata: corrections to printed cards and texts.", entry_schema(
        {
            "type": P({"enum": [t.value for t in ErratumType]}, "What kind of correction.", "missing-keyword"),
            "target": P(ref("entryId"), "The corrected entity.", "hokuto/card/julia"),
            "target_name": P(ref("text"), "The target's name as printed, when there is no entity for it.",
                             {"it": "Julia"}),
            "group": P(ref("text"), "The group the erratum is listed under (an Italian 'Serie').",
                       {"it": "Serie Ocra"}),
            "text": P(ref("text"), "The erratum as printed.", EX_TEXT_IT),
            "original": P(ref("text"), "The wrong text as printed on the card.", {"en": "Deal 2 damage"}),
            "corrected": P(ref("text"), "The corrected text.", {"en": "Deal 1 damage"}),
            "related": ref("refs"),
        },
        ["type", "text"], "An erratum.",
        {"id": "hokuto/erratum/julia-ocra", "lang": "it", "type": "missing-keyword", "text": EX_TEXT_IT},
    )),
    "changelog": ("A document's dated change log.", entry_schema(
        {
            "date": P(ref("date"), "ISO date of the change.", "2024-02-15"),
            "date_printed": P({"type": "string"}, "The date exactly as printed.", "Feb 15, 2024"),
            "text": P(ref("text"), "What changed.", {"en": "Updated with newest rulebook."}),
            "touches": P({**ref("refs")}, "Entries the change touched.", ["sorcery/section/storyline"]),
            "suspect_date": P({"type": "boolean"}, "The printed date looks wrong (e.g. out of order); kept as "
                              "printed, not fixed.", True),
            "suspect_note": P(ref("text"), "Why the date is suspect.", {"en": "Out of order."}),
        },
        ["date_printed", "text"], "A change log line.",
        {"id": "sorcery/change/2024-02-15", "lang": "en", "date": "2024-02-15", "date_printed": "Feb 15, 2024",
         "text": {"en": "Updated with newest rulebook."}},
    )),
    "sections": ("Rule sections: prose as structured blocks.", entry_schema(
        {
            "title": P(ref("text"), "Section title.", {"en": "Free Actions"}),
            "parent": P(ref("entryId"), "The enclosing section.", "fifth/section/actions"),
            "blocks": P({"type": "array", "items": ref("block")}, "The section's content, in order.",
                        [{"type": "paragraph", "text": EX_TEXT_EN}]),
            "related": ref("refs"),
        },
        ["title"], "A rule section.",
        {"id": "fifth/section/actions", "lang": "en", "title": {"en": "Actions"}, "blocks": []},
    )),
}


def _file_schema(kind: str, props: dict[str, Any], required: list[str], title: str,
                 example: Any) -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "$id": f"{ID_BASE}{kind}.schema.json",
        "title": title,
        **obj({"kind": P({"const": kind}, "The file kind; selects this schema.", kind), **props},
              ["kind", *required], title, example),
        "definitions": DEFINITIONS,
    }


def entries_file_schema(kind: str) -> dict[str, Any]:
    title, entry = ENTRY_SCHEMAS[kind]
    return _file_schema(
        kind,
        {"game": P({"type": "string", "pattern": rf"^{SLUG}$"}, "Id of the game these entries belong to.",
                   "anachronism"),
         "entries": P({"type": "array", "items": entry}, "The entries, in document order.",
                      [entry["examples"][0]])},
        ["game", "entries"], title, {"kind": kind, "game": "anachronism", "entries": [entry["examples"][0]]},
    )


def game_schema() -> dict[str, Any]:
    document = obj(
        {
            "id": P({"type": "string", "pattern": rf"^{SLUG}$"}, "Document id, unique in the game.", "faq-2006"),
            "title": P(ref("text"), "Title as printed.", {"en": "Revised Anachronism FAQ"}),
            "author": P({"type": "string"}, "Author as stated.", "Ira Fay"),
            "maintainer": P({"type": "string"}, "Maintainer as stated.", "Sorcery League judge team"),
            "date_printed": P({"type": "string"}, "Date or version exactly as printed.", "Updated: 3-20-2006"),
            "date": P(ref("date"), "The printed date as an ISO date.", "2006-03-20"),
            "version": P({"type": "string"}, "Version as printed.", "1.2"),
            "url": P({"type": "string"}, "Where the document was published, if known.", "https://example.org/faq"),
            "languages": P({"type": "array", "items": ref("locale"), "minItems": 1},
                           "Languages the document is written in.", ["en"]),
            "file": P({"type": "string", "pattern": r"^sources/[^/]+$"},
                      "The kept original, relative to the game folder.", "sources/anachronism-faq.txt"),
            "sha256": P({"type": "string", "pattern": "^[0-9a-f]{64}$"}, "sha256 of the kept original.",
                        "0" * 64),
        },
        ["id", "title", "languages", "file", "sha256"], "An upstream source document.",
        {"id": "faq-2006", "title": {"en": "Revised Anachronism FAQ"}, "languages": ["en"],
         "file": "sources/faq.txt", "sha256": "0" * 64},
    )
    return _file_schema(
        "game",
        {
            "id": P({"type": "string", "pattern": rf"^{SLUG}$"}, "Game id: the first part of every entry id.",
                    "anachronism"),
            "lang": P(ref("locale"), "The language of the game's own texts here.", "en"),
            "name": P(ref("text"), "The game's name per locale.", {"en": "Anachronism"}),
            "identified": P({"type": "boolean"}, "false while nobody knows which game the documents are about.",
                            True),
            "publisher": P({"type": "string"}, "Publisher, where stated.", "TriKing Games"),
            "maintainer": P({"type": "string"}, "Who maintains the rules documents, where stated.", "Ira Fay"),
            "description": P(ref("text"), "A short description of the game.", {"en": "A card game."}),
            "documents": P({"type": "array", "items": document, "minItems": 1}, "The source documents.",
                           [document["examples"][0]]),
        },
        ["id", "lang", "name", "identified", "documents"], "A game and its source documents.",
        {"kind": "game", "id": "anachronism", "lang": "en", "name": {"en": "Anachronism"}, "identified": True,
         "documents": [document["examples"][0]]},
    )


def project_schema() -> dict[str, Any]:
    return _file_schema(
        "project",
        {"locales": P({"type": "array", "items": ref("locale"), "minItems": 1, "uniqueItems": True},
                      "Locales the site is built in; translations into these are tracked.", ["en", "it", "zh"]),
         "default_locale": P(ref("locale"), "Locale of the root page's fallback.", "en")},
        ["locales"], "Project settings.", {"kind": "project", "locales": ["en", "it", "zh"]},
    )


def all_schemas() -> dict[str, dict[str, Any]]:
    out = {"project": project_schema(), "game": game_schema()}
    out.update({k: entries_file_schema(k) for k in ENTRY_SCHEMAS})
    return out


def schema_filename(kind: str) -> str:
    return f"{kind}.schema.json"


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def _generated(directory: Path) -> dict[Path, str]:
    return {directory / schema_filename(kind): render(schema) for kind, schema in all_schemas().items()}


def stale(directory: Path) -> list[Path]:
    """The schema files in ``directory`` that are missing or differ from the generated ones."""
    return [p for p, text in _generated(directory).items()
            if not p.exists() or p.read_text(encoding="utf-8") != text]


def write_all(directory: Path) -> list[Path]:
    """Write the schemas that are missing or out of date; return them."""
    directory.mkdir(parents=True, exist_ok=True)
    texts = _generated(directory)
    written = stale(directory)
    for path in written:
        path.write_text(texts[path], encoding="utf-8")
    return written
