"""Versioned JSON exports for bots and apps: ``api/v1/<game>.<locale>.json`` and ``api/v1/all.json``.

Each export holds every entry of every kind (entities included), the change log and the translation
status, with every text resolved for the locale (what a reader sees, its language, the original and
the translation's state), plus a published JSON Schema and a ``.sha256`` file beside each file.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from rulings import __version__
from rulings.content.codec import entry_to_data, game_to_data
from rulings.content.schemas import SchemaWriter, ref
from rulings.model.entries import ENTRY_CLASSES, ID_KINDS, Change, Entity, Entry, Game, field_steps
from rulings.model.text import Text, TextState
from rulings.publish.tables import write_rulings_csv, write_sqlite
from rulings.site.layout import GameData, SiteModel
from rulings.translation.display import shown

API_VERSION = "v1"
SCHEMA_ID = "https://rulings.invalid/api/v1/"


def resolved(t: Text, locale: str) -> dict[str, Any]:
    """The text as a reader of ``locale`` sees it on the site (:func:`rulings.translation.display.shown`),
    with the locale's own translation state for tools that track translation work."""
    d = shown(t, locale)
    out: dict[str, Any] = {"text": d.text, "lang": d.lang, "shown": d.shown.value, "state": t.state(locale).value}
    if d.status is not None:
        out["status"] = d.status.value
    if not d.is_original:
        out.update({"original": d.original, "original_lang": d.original_lang})
    return out


def _set(data: Any, path: list[Any], value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def _resolve_texts(data: dict[str, Any], texts: list[tuple[str, Text]], locale: str) -> dict[str, Any]:
    for path, text in texts:
        _set(data, field_steps(path), resolved(text, locale))
    return data


def entry_export(e: Entry, locale: str) -> dict[str, Any]:
    """The entry with its texts resolved for ``locale`` and its derived fields (a ruling's ``as_of``)."""
    kind = e.type.value if isinstance(e, Entity) else e.KIND
    return {"kind": kind, **_resolve_texts(entry_to_data(e, derived=True), e.texts(), locale)}


def status(gd: GameData, locale: str) -> dict[str, int]:
    c: Counter[str] = Counter()
    for e in gd.entries:
        for _path, t in e.texts():
            st = t.state(locale)
            c[st.value] += 1
            if st in (TextState.CURRENT, TextState.STALE):
                c[t.translations[locale].status.value] += 1
            c["texts"] += 1
    return dict(sorted(c.items()))


class Exported:
    """Each entry's export and each game's status per locale, made once: the per-entity files repeat the
    entries of the game files (a ruling once per entity it is about) and ``all.json`` the statuses; the
    files only read them, so the same dicts serve every file."""

    def __init__(self) -> None:
        self._entries: dict[tuple[int, str], dict[str, Any]] = {}  # by id(): the model keeps every entry
        self._status: dict[tuple[str, str], dict[str, int]] = {}

    def entry(self, e: Entry, locale: str) -> dict[str, Any]:
        key = (id(e), locale)
        if (data := self._entries.get(key)) is None:
            data = self._entries[key] = entry_export(e, locale)
        return data

    def status(self, gd: GameData, locale: str) -> dict[str, int]:
        key = (gd.game.id, locale)
        if (data := self._status.get(key)) is None:
            data = self._status[key] = status(gd, locale)
        return data


def game_export(gd: GameData, locale: str, exported: Exported | None = None) -> dict[str, Any]:
    ex = exported or Exported()
    g = _resolve_texts(game_to_data(gd.game), gd.game.texts(), locale)
    g.pop("kind", None)
    return {
        "api": API_VERSION,
        "locale": locale,
        "game": g,
        "entities": [ex.entry(e, locale) for e in gd.entities],
        "entries": [ex.entry(e, locale) for e in [*gd.rulings, *gd.terms, *gd.errata, *gd.sections]],
        "changelog": [ex.entry(e, locale) for e in sorted(gd.changes, key=lambda c: (c.date or "", c.id),
                                                          reverse=True)],
        "translation_status": ex.status(gd, locale),
    }


def _dump(path: Path, data: Any) -> str:
    """Write ``data`` as compact JSON with its ``.sha256``; returns the digest."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return _digest(path, text.encode("utf-8"))


def _digest(path: Path, data: bytes | None = None) -> str:
    """``<file>.sha256`` beside ``path``, in the format ``sha256sum -c`` reads; returns the digest."""
    digest = hashlib.sha256(path.read_bytes() if data is None else data).hexdigest()
    path.with_name(path.name + ".sha256").write_text(f"{digest}  {path.name}\n", encoding="utf-8")
    return digest


RESOLVED = {
    "type": "object",
    "description": "A text as a reader of the export's locale sees it.",
    "required": ["text", "lang", "shown", "state"],
    "properties": {
        "text": {"type": "string", "description": "The text shown (the site's display policy: the locale's "
                 "current translation, else English, else a stale translation, else the original)."},
        "lang": {"type": "string", "description": "Language of `text`."},
        "shown": {"enum": ["source", "translated", "fallback", "stale", "untranslated"],
                  "description": "Why `text` is what is shown: source (written in this locale), translated (a "
                                 "current translation into it), fallback (not translated into it: English), "
                                 "stale (a translation made from an older original), untranslated (the "
                                 "original, no usable translation)."},
        "state": {"enum": ["source", "current", "stale", "missing"],
                  "description": "The export locale's own translation of this text: source (written in it), "
                                 "current or stale (stale when the original changed since), missing."},
        "status": {"enum": ["machine", "draft", "reviewed", "official"], "description": "How the translation "
                   "shown was made (absent when `text` is the original)."},
        "original": {"type": "string", "description": "The source text, when `text` is a translation."},
        "original_lang": {"type": "string", "description": "Language of `original`."},
    },
    "additionalProperties": False,
}


def export_schema() -> dict[str, Any]:
    """The schema of the exports: a game file's entries and game from the field declarations, with each
    text resolved; all.json (content as in the files) described loosely."""
    w = SchemaWriter(ref("resolved"), examples=False, derived=True)
    for cls in ENTRY_CLASSES.values():
        w.definitions[cls.KIND] = w.object(cls, lead={"kind": {"enum": sorted(ID_KINDS[cls]),
                                                               "description": "What the entry is."}})
    entry = {"description": "An entry: the fields of the content schemas, with every text resolved.",
             "oneOf": [ref(cls.KIND) for cls in ENTRY_CLASSES.values()]}
    game = {**w.object(Game), "description": "The game and its source documents."}
    game_file = {
        "type": "object",
        "required": ["api", "locale", "game", "entities", "entries", "changelog", "translation_status"],
        "properties": {
            "api": {"const": API_VERSION, "description": "Export format version."},
            "locale": {"type": "string", "description": "Locale the texts are resolved for."},
            "game": game,
            "entities": {"type": "array", "items": ref(Entity.KIND)},
            "entries": {"type": "array", "items": ref("entry")},
            "changelog": {"type": "array", "items": ref(Change.KIND)},
            "translation_status": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                                   "description": "Counts of texts per state and status in this locale."},
        },
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": f"{SCHEMA_ID}export.schema.json",
        "title": "rulings export (one game in one locale, or all of them)",
        "definitions": {"resolved": RESOLVED, "entry": entry, "game_file": game_file, **w.definitions},
        "oneOf": [
            {"$ref": "#/definitions/game_file"},
            {"type": "object", "required": ["api", "locales", "games"],
             "description": "all.json: every game with every text in every language, as in the content files "
                            "(a source string per text and translation objects with their status and hash).",
             "properties": {
                 "api": {"const": API_VERSION, "description": "Export format version."},
                 "locales": {"type": "array", "items": {"type": "string"}, "description": "Locales of the site."},
                 "games": {"type": "array", "items": {
                     "type": "object", "required": ["game", "entries", "translation_status"],
                     "properties": {
                         "game": {"type": "object", "required": ["id", "name", "documents"],
                                  "description": "The game file's data."},
                         "entries": {"type": "array", "description": "Every entry, entities included.",
                                     "items": {"type": "object", "required": ["kind", "id", "lang"]}},
                         "translation_status": {"type": "object", "description": "Per locale: counts of texts "
                                                "per state and status.",
                                                "additionalProperties": {"type": "object"}},
                     }}, "description": "The games."},
             }},
        ],
    }


def entity_export(gd: GameData, e: Entity, locales: list[str], exported: Exported | None = None) -> dict[str, Any]:
    """One card, hero, ability or topic with its rulings and errata, in every locale: what an app needs
    to show one card (``api/v1/<game>/<kind>/<slug>.json``)."""
    ex = exported or Exported()
    return {"api": API_VERSION, "id": e.id, "kind": e.type.value,
            "locales": {loc: {"entity": ex.entry(e, loc),
                              "rulings": [ex.entry(r, loc) for r in gd.rulings_about.get(e.id, [])],
                              "errata": [ex.entry(x, loc) for x in gd.errata_of.get(e.id, [])]}
                        for loc in locales}}


def entity_schema() -> dict[str, Any]:
    """The per-entity files: each locale's view holds entries as in the game exports (see export.schema.json)."""
    view = {"type": "object", "required": ["entity", "rulings", "errata"], "additionalProperties": False,
            "properties": {"entity": {"$ref": "export.schema.json#/definitions/entry"},
                           "rulings": {"type": "array", "items": {"$ref": "export.schema.json#/definitions/entry"}},
                           "errata": {"type": "array", "items": {"$ref": "export.schema.json#/definitions/entry"}}}}
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID + "entity.schema.json",
            "title": "One entity with its rulings and errata, in every locale", "type": "object",
            "required": ["api", "id", "kind", "locales"], "additionalProperties": False,
            "properties": {"api": {"const": API_VERSION}, "id": {"type": "string"}, "kind": {"type": "string"},
                           "locales": {"type": "object", "additionalProperties": view}}}


def data_version(epoch: int) -> str:
    """SemVer of the data: the generator's version with the source date as build metadata."""
    import datetime as dt

    return f"{__version__}+{dt.datetime.fromtimestamp(epoch, dt.UTC):%Y%m%d}"


def write_exports(model: SiteModel, locales: list[str], out: Path, epoch: int = 0,
                  commit: str | None = None) -> list[Path]:
    """Write api/v1/ under ``out``: per game and locale, per entity, the combined file, the rulings CSV per
    locale, the SQLite database, their schemas, a ``.sha256`` beside each, and ``meta.json`` listing them."""
    api = out / "api" / API_VERSION
    digests: dict[Path, str] = {}  # every file written, with its sha256 (for meta.json)
    combined = []
    exported = Exported()
    for gid, gd in model.games.items():
        for loc in locales:
            path = api / f"{gid}.{loc}.json"
            digests[path] = _dump(path, game_export(gd, loc, exported))
        raw = game_to_data(gd.game)
        raw.pop("kind", None)
        combined.append({"game": raw,
                         "entries": [{"kind": e.type.value if isinstance(e, Entity) else e.KIND, **entry_to_data(e)}
                                     for e in gd.entries],
                         "translation_status": {loc: exported.status(gd, loc) for loc in locales}})
    # one file with everything, every language once (the per-locale files are views of it)
    digests[api / "all.json"] = _dump(api / "all.json", {"api": API_VERSION, "locales": list(locales),
                                                         "games": combined})
    digests[api / "export.schema.json"] = _dump(api / "export.schema.json", export_schema())
    digests[api / "entity.schema.json"] = _dump(api / "entity.schema.json", entity_schema())
    for gid, gd in model.games.items():
        for e in gd.entities:
            path = api / gid / e.type.value / f"{e.slug}.json"
            digests[path] = _dump(path, entity_export(gd, e, locales, exported))
    entries = [e for gd in model.games.values() for e in gd.entries]
    for loc in locales:
        path = write_rulings_csv(api / f"rulings.{loc}.csv", entries, loc)
        digests[path] = _digest(path)
    version = data_version(epoch)
    db = write_sqlite(api / "rulings.sqlite", [gd.game for gd in model.games.values()], entries, list(locales),
                      {"data_version": version, "api": API_VERSION, "source_date_epoch": str(epoch)})
    digests[db] = _digest(db)
    meta = {"api": API_VERSION, "data_version": version, "generator": f"rulings {__version__}", "commit": commit,
            "source_date_epoch": epoch, "locales": list(locales),
            "files": {p.relative_to(api).as_posix(): d for p, d in sorted(digests.items())}}
    _dump(api / "meta.json", meta)
    return [*digests, api / "meta.json"]
