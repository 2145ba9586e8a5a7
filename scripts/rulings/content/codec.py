"""Convert between YAML data (as loaded, already schema-valid) and the domain model.

``to_data`` fixes the key order of every kind, so files written by importers are deterministic and
read the same way by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.model.entries import (
    ENTRY_CLASSES,
    Block,
    Change,
    Diagram,
    Document,
    Entity,
    EntityType,
    Entry,
    Erratum,
    ErratumType,
    Example,
    Game,
    ListBlock,
    ListItem,
    Paragraph,
    Project,
    Provenance,
    Ruling,
    RulingFlag,
    RulingStatus,
    Section,
    StatusChange,
    Table,
    Term,
)
from rulings.model.text import Text, Translation, TranslationStatus

# --- text ---------------------------------------------------------------------------------------


def text_from_data(data: Mapping[str, Any]) -> Text:
    """The one plain-string value is the source; the others are translations (checked elsewhere)."""
    lang, source = next(((k, v) for k, v in data.items() if isinstance(v, str)), (None, None))
    if lang is None:
        raise ValueError("text has no source (no value written as a plain string)")
    translations = {
        k: Translation(str(v["text"]), str(v["source_hash"]), TranslationStatus(v["status"]),
                       str(v["by"]), v.get("note"))
        for k, v in data.items() if not isinstance(v, str)
    }
    return Text(str(lang), str(source), translations)


def text_to_data(t: Text) -> dict[str, Any]:
    out: dict[str, Any] = {t.lang: t.source}
    for loc, tr in t.translations.items():
        d: dict[str, Any] = {"text": tr.text, "source_hash": tr.source_hash, "status": tr.status.value,
                             "by": tr.by}
        if tr.note is not None:
            d["note"] = tr.note
        out[loc] = d
    return out


def _t(data: Mapping[str, Any], key: str) -> Text | None:
    v = data.get(key)
    return text_from_data(v) if v is not None else None


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    """Set ``key`` unless the value is empty/default, so files stay short."""
    if value is None or value == [] or value == {} or value is False:
        return
    if isinstance(value, Text):
        value = text_to_data(value)
    out[key] = value


# --- blocks -------------------------------------------------------------------------------------


def _items_from(data: list[Any]) -> list[ListItem]:
    return [ListItem(text_from_data(i["text"]), _items_from(i.get("items", []))) for i in data]


def _items_to(items: list[ListItem]) -> list[dict[str, Any]]:
    out = []
    for it in items:
        d: dict[str, Any] = {"text": text_to_data(it.text)}
        _put(d, "items", _items_to(it.items))
        out.append(d)
    return out


def block_from_data(d: Mapping[str, Any]) -> Block:
    t = d["type"]
    if t == "paragraph":
        return Paragraph(text_from_data(d["text"]))
    if t in ("list", "steps"):
        return ListBlock(_items_from(d["items"]), ordered=(t == "steps"))
    if t == "table":
        return Table([text_from_data(c) for c in d["header"]],
                     [[text_from_data(c) for c in row] for row in d["rows"]], _t(d, "caption"))
    if t == "example":
        return Example([block_from_data(b) for b in d["blocks"]], _t(d, "title"))
    if t == "diagram":
        return Diagram(str(d["text"]), _t(d, "caption"))
    raise ValueError(f"unknown block type {t!r}")


def block_to_data(b: Block) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(b, Paragraph):
        return {"type": "paragraph", "text": text_to_data(b.text)}
    if isinstance(b, ListBlock):
        return {"type": "steps" if b.ordered else "list", "items": _items_to(b.items)}
    if isinstance(b, Table):
        out = {"type": "table"}
        _put(out, "caption", b.caption)
        out["header"] = [text_to_data(c) for c in b.header]
        out["rows"] = [[text_to_data(c) for c in row] for row in b.rows]
        return out
    if isinstance(b, Example):
        out = {"type": "example"}
        _put(out, "title", b.title)
        out["blocks"] = [block_to_data(x) for x in b.blocks]
        return out
    out = {"type": "diagram"}
    _put(out, "caption", b.caption)
    out["text"] = b.text
    return out


# --- entries ------------------------------------------------------------------------------------


def _common(d: Mapping[str, Any]) -> dict[str, Any]:
    prov = d.get("provenance")
    return {
        "id": str(d["id"]),
        "lang": str(d["lang"]),
        "provenance": Provenance(str(prov["document"]), (int(prov["lines"][0]), int(prov["lines"][1])))
        if prov else None,
        "notes": _t(d, "notes"),
        "node": d,
    }


def _strs(d: Mapping[str, Any], key: str) -> list[str]:
    return [str(x) for x in d.get(key, [])]


def _aliases(d: Mapping[str, Any]) -> dict[str, list[str]]:
    return {str(k): [str(x) for x in v] for k, v in d.get("aliases", {}).items()}


def entry_from_data(file_kind: str, d: Mapping[str, Any]) -> Entry:
    cls = ENTRY_CLASSES[file_kind]
    c = _common(d)
    if cls is Entity:
        return Entity(**c, type=EntityType(d["type"]), name=_t(d, "name"), aliases=_aliases(d),
                      attributes=dict(d.get("attributes", {})), text=_t(d, "text"),
                      parent=d.get("parent"), related=_strs(d, "related"))
    if cls is Ruling:
        hist = [StatusChange(RulingStatus(h["status"]), _t(h, "note"), h.get("date"), h.get("date_printed"))
                for h in d.get("history", [])]
        return Ruling(**c, question=_t(d, "question"), answer=_t(d, "answer"),
                      statement=_t(d, "statement"), status=RulingStatus(d.get("status", "current")),
                      history=hist, about=_strs(d, "about"), related=_strs(d, "related"),
                      flags=[RulingFlag(f) for f in d.get("flags", [])])
    if cls is Term:
        return Term(**c, term=_t(d, "term"), aliases=_aliases(d), definition=_t(d, "definition"),
                    related=_strs(d, "related"))
    if cls is Erratum:
        return Erratum(**c, type=ErratumType(d.get("type", "other")), target=d.get("target"),
                       target_name=_t(d, "target_name"), group=_t(d, "group"), text=_t(d, "text"),
                       original=_t(d, "original"), corrected=_t(d, "corrected"),
                       related=_strs(d, "related"))
    if cls is Change:
        return Change(**c, date=d.get("date"), date_printed=d.get("date_printed"), text=_t(d, "text"),
                      touches=_strs(d, "touches"), suspect_date=bool(d.get("suspect_date", False)),
                      suspect_note=_t(d, "suspect_note"))
    assert cls is Section
    return Section(**c, title=_t(d, "title"), parent=d.get("parent"),
                   blocks=[block_from_data(b) for b in d.get("blocks", [])], related=_strs(d, "related"))


def entry_to_data(e: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"id": e.id, "lang": e.lang}
    if isinstance(e, Entity):
        out["type"] = e.type.value
        _put(out, "name", e.name)
        _put(out, "aliases", e.aliases)
        _put(out, "attributes", e.attributes)
        _put(out, "parent", e.parent)
        _put(out, "text", e.text)
        _put(out, "related", e.related)
    elif isinstance(e, Ruling):
        _put(out, "question", e.question)
        _put(out, "answer", e.answer)
        _put(out, "statement", e.statement)
        if e.status is not RulingStatus.CURRENT:
            out["status"] = e.status.value
        hist = []
        for h in e.history:
            hd: dict[str, Any] = {"status": h.status.value}
            _put(hd, "date", h.date)
            _put(hd, "date_printed", h.date_printed)
            _put(hd, "note", h.note)
            hist.append(hd)
        _put(out, "history", hist)
        _put(out, "about", e.about)
        _put(out, "related", e.related)
        _put(out, "flags", [f.value for f in e.flags])
    elif isinstance(e, Term):
        _put(out, "term", e.term)
        _put(out, "aliases", e.aliases)
        _put(out, "definition", e.definition)
        _put(out, "related", e.related)
    elif isinstance(e, Erratum):
        out["type"] = e.type.value
        _put(out, "target", e.target)
        _put(out, "target_name", e.target_name)
        _put(out, "group", e.group)
        _put(out, "text", e.text)
        _put(out, "original", e.original)
        _put(out, "corrected", e.corrected)
        _put(out, "related", e.related)
    elif isinstance(e, Change):
        _put(out, "date", e.date)
        _put(out, "date_printed", e.date_printed)
        _put(out, "text", e.text)
        _put(out, "touches", e.touches)
        _put(out, "suspect_date", e.suspect_date)
        _put(out, "suspect_note", e.suspect_note)
    elif isinstance(e, Section):
        _put(out, "title", e.title)
        _put(out, "parent", e.parent)
        _put(out, "blocks", [block_to_data(b) for b in e.blocks])
        _put(out, "related", e.related)
    _put(out, "notes", e.notes)
    if e.provenance:
        out["provenance"] = {"document": e.provenance.document, "lines": list(e.provenance.lines)}
    return out


# --- game and project ---------------------------------------------------------------------------


def game_from_data(d: Mapping[str, Any]) -> Game:
    docs = [
        Document(id=str(x["id"]), title=text_from_data(x["title"]), languages=_strs(x, "languages"),
                 file=str(x["file"]), sha256=str(x["sha256"]), author=x.get("author"),
                 maintainer=x.get("maintainer"), date_printed=x.get("date_printed"), date=x.get("date"),
                 version=x.get("version"), url=x.get("url"), node=x)
        for x in d.get("documents", [])
    ]
    return Game(id=str(d["id"]), lang=str(d["lang"]), name=text_from_data(d["name"]),
                identified=bool(d.get("identified", True)), publisher=d.get("publisher"),
                maintainer=d.get("maintainer"), description=_t(d, "description"), documents=docs, node=d)


def game_to_data(g: Game) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": "game", "id": g.id, "lang": g.lang, "name": text_to_data(g.name)}
    out["identified"] = g.identified
    _put(out, "publisher", g.publisher)
    _put(out, "maintainer", g.maintainer)
    _put(out, "description", g.description)
    docs = []
    for x in g.documents:
        dd: dict[str, Any] = {"id": x.id, "title": text_to_data(x.title)}
        for k in ("author", "maintainer", "date_printed", "date", "version", "url"):
            _put(dd, k, getattr(x, k))
        dd["languages"] = list(x.languages)
        dd["file"] = x.file
        dd["sha256"] = x.sha256
        docs.append(dd)
    out["documents"] = docs
    return out


def project_from_data(d: Mapping[str, Any]) -> Project:
    return Project(locales=_strs(d, "locales"), default_locale=str(d.get("default_locale", "en")), node=d)


def entries_file_to_data(kind: str, game: str, entries: list[Entry]) -> dict[str, Any]:
    return {"kind": kind, "game": game, "entries": [entry_to_data(e) for e in entries]}
