"""The domain model: what the rules knowledge of a game consists of.

Every entry has a stable, human-readable id ``<game>/<kind>/<slug>`` (it becomes a URL and an
anchor and never changes once published), a source language and a provenance (which document and
lines it came from). Every human-language field is a :class:`~rulings.text.Text`.

The YAML form of each class is defined by ``codec`` and checked by the JSON Schemas in
``schemas/``; this module only says what the knowledge *is*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from rulings.model.text import Text

SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
GAME_ID_RE = re.compile(rf"^{SLUG}$")
ENTRY_ID_RE = re.compile(rf"^({SLUG})/({SLUG})/({SLUG})$")


class EntityType(StrEnum):
    CARD = "card"
    HERO = "hero"
    ABILITY = "ability"
    KEYWORD = "keyword"
    TOPIC = "topic"  # a FAQ heading that is a rules concept rather than a card


class RulingStatus(StrEnum):
    CURRENT = "current"
    SUPERSEDED = "superseded"
    REVERSED = "reversed"


class RulingFlag(StrEnum):
    UNANSWERED = "unanswered"  # the source asks the question but prints no answer
    OCR_DAMAGE = "ocr-damage"  # the source text is damaged; kept as printed, see notes


class ErratumType(StrEnum):
    WORDING = "wording"
    MISPRINT = "misprint"
    MISSING_KEYWORD = "missing-keyword"
    TRANSLATION = "translation"
    NAME = "name"
    SYMBOL = "symbol"
    STATS = "stats"
    ART = "art"
    RULES_CHANGE = "rules-change"
    OTHER = "other"


@dataclass
class Provenance:
    """Where an entry came from: a document of the game (by its id) and a 1-based line range."""

    document: str
    lines: tuple[int, int]


@dataclass
class Entry:
    """Fields every entry has. ``node`` keeps the loaded YAML mapping for error positions."""

    KIND: ClassVar[str] = ""

    id: str
    lang: str
    provenance: Provenance | None = None
    notes: Text | None = None
    node: Any = field(default=None, compare=False, repr=False)

    @property
    def game(self) -> str:
        return self.id.split("/", 1)[0]

    @property
    def slug(self) -> str:
        return self.id.rsplit("/", 1)[1]

    @property
    def id_kind(self) -> str:
        return self.id.split("/")[1]

    def references(self) -> list[tuple[str, str]]:
        """(field, target id) pairs this entry points at; each must resolve."""
        return []

    def texts(self) -> list[tuple[str, Text]]:
        """(field path, text) pairs of every human-language field, in document order."""
        return [("notes", self.notes)] if self.notes else []


@dataclass
class Entity(Entry):
    """A card, hero, ability, keyword or FAQ topic: something rulings are *about*."""

    KIND: ClassVar[str] = "entity"

    type: EntityType = EntityType.CARD
    name: Text | None = None
    aliases: dict[str, list[str]] = field(default_factory=dict)
    attributes: dict[str, str | int | bool] = field(default_factory=dict)
    text: Text | None = None
    parent: str | None = None
    related: list[str] = field(default_factory=list)

    def references(self) -> list[tuple[str, str]]:
        refs = [("related", r) for r in self.related]
        return ([("parent", self.parent)] if self.parent else []) + refs

    def texts(self) -> list[tuple[str, Text]]:
        out = [("name", self.name)] if self.name else []
        if self.text:
            out.append(("text", self.text))
        return out + super().texts()


@dataclass
class StatusChange:
    """One step of a ruling's history, e.g. an edit that was later reversed."""

    status: RulingStatus
    note: Text | None = None
    date: str | None = None
    date_printed: str | None = None


@dataclass
class Ruling(Entry):
    """A question with its answer, or a single statement."""

    KIND: ClassVar[str] = "ruling"

    question: Text | None = None
    answer: Text | None = None
    statement: Text | None = None
    status: RulingStatus = RulingStatus.CURRENT
    history: list[StatusChange] = field(default_factory=list)
    about: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    flags: list[RulingFlag] = field(default_factory=list)

    def references(self) -> list[tuple[str, str]]:
        return [("about", r) for r in self.about] + [("related", r) for r in self.related]

    def texts(self) -> list[tuple[str, Text]]:
        out = [(k, v) for k, v in (("question", self.question), ("answer", self.answer),
                                   ("statement", self.statement)) if v]
        out += [(f"history.{i}.note", h.note) for i, h in enumerate(self.history) if h.note]
        return out + super().texts()


@dataclass
class Term(Entry):
    """A glossary term with its definition."""

    KIND: ClassVar[str] = "term"

    term: Text | None = None
    aliases: dict[str, list[str]] = field(default_factory=dict)
    definition: Text | None = None
    related: list[str] = field(default_factory=list)

    def references(self) -> list[tuple[str, str]]:
        return [("related", r) for r in self.related]

    def texts(self) -> list[tuple[str, Text]]:
        out = [(k, v) for k, v in (("term", self.term), ("definition", self.definition)) if v]
        return out + super().texts()


@dataclass
class Erratum(Entry):
    """A correction to a printed card or text."""

    KIND: ClassVar[str] = "erratum"

    type: ErratumType = ErratumType.OTHER
    target: str | None = None
    target_name: Text | None = None
    group: Text | None = None
    text: Text | None = None
    original: Text | None = None
    corrected: Text | None = None
    related: list[str] = field(default_factory=list)

    def references(self) -> list[tuple[str, str]]:
        return ([("target", self.target)] if self.target else []) + [("related", r) for r in self.related]

    def texts(self) -> list[tuple[str, Text]]:
        out = [(k, v) for k, v in (("target_name", self.target_name), ("group", self.group),
                                   ("text", self.text), ("original", self.original),
                                   ("corrected", self.corrected)) if v]
        return out + super().texts()


@dataclass
class Change(Entry):
    """A dated line of a document's change log."""

    KIND: ClassVar[str] = "change"

    date: str | None = None
    date_printed: str | None = None
    text: Text | None = None
    touches: list[str] = field(default_factory=list)
    suspect_date: bool = False
    suspect_note: Text | None = None

    def references(self) -> list[tuple[str, str]]:
        return [("touches", r) for r in self.touches]

    def texts(self) -> list[tuple[str, Text]]:
        out = [(k, v) for k, v in (("text", self.text), ("suspect_note", self.suspect_note)) if v]
        return out + super().texts()


# --- rule sections: prose as structured blocks -------------------------------------------------


@dataclass
class Paragraph:
    text: Text


@dataclass
class ListItem:
    text: Text
    items: list[ListItem] = field(default_factory=list)


@dataclass
class ListBlock:
    """A bulleted list (``ordered: false``) or numbered steps (``ordered: true``)."""

    items: list[ListItem]
    ordered: bool = False


@dataclass
class Table:
    header: list[Text]
    rows: list[list[Text]]
    caption: Text | None = None


@dataclass
class Example:
    blocks: list[Block]
    title: Text | None = None


@dataclass
class Diagram:
    """Verbatim text (ASCII art, a board sketch): never translated, never reflowed."""

    text: str
    caption: Text | None = None


Block = Paragraph | ListBlock | Table | Example | Diagram


def field_steps(path: str) -> list[str | int]:
    """The steps of a dotted field path as :meth:`Entry.texts` names them (``body.0.items.1`` →
    ``["body", 0, "items", 1]``), to find the field in loaded YAML or in exported data."""
    return [int(p) if p.isdigit() else p for p in path.split(".")]


def block_texts(blocks: list[Block], path: str) -> list[tuple[str, Text]]:
    out: list[tuple[str, Text]] = []

    def items(xs: list[ListItem], p: str) -> None:
        for i, it in enumerate(xs):
            out.append((f"{p}.{i}.text", it.text))
            items(it.items, f"{p}.{i}.items")

    for i, b in enumerate(blocks):
        p = f"{path}.{i}"
        if isinstance(b, Paragraph):
            out.append((f"{p}.text", b.text))
        elif isinstance(b, ListBlock):
            items(b.items, f"{p}.items")
        elif isinstance(b, Table):
            if b.caption:
                out.append((f"{p}.caption", b.caption))
            out += [(f"{p}.header.{j}", t) for j, t in enumerate(b.header)]
            out += [(f"{p}.rows.{r}.{c}", t) for r, row in enumerate(b.rows) for c, t in enumerate(row)]
        elif isinstance(b, Example):
            if b.title:
                out.append((f"{p}.title", b.title))
            out += block_texts(b.blocks, f"{p}.blocks")
        elif isinstance(b, Diagram) and b.caption:
            out.append((f"{p}.caption", b.caption))
    return out


@dataclass
class Section(Entry):
    """A section of rules prose; ``parent`` nests it under another section."""

    KIND: ClassVar[str] = "section"

    title: Text | None = None
    parent: str | None = None
    blocks: list[Block] = field(default_factory=list)
    related: list[str] = field(default_factory=list)

    def references(self) -> list[tuple[str, str]]:
        return ([("parent", self.parent)] if self.parent else []) + [("related", r) for r in self.related]

    def texts(self) -> list[tuple[str, Text]]:
        out = [("title", self.title)] if self.title else []
        return out + block_texts(self.blocks, "blocks") + super().texts()


# --- games and the project ----------------------------------------------------------------------


@dataclass
class Document:
    """An upstream document a game's content was imported from; the original is kept in the repo."""

    id: str
    title: Text
    languages: list[str]
    file: str
    sha256: str
    author: str | None = None
    maintainer: str | None = None
    date_printed: str | None = None
    date: str | None = None
    version: str | None = None
    url: str | None = None
    node: Any = field(default=None, compare=False, repr=False)


@dataclass
class Game:
    id: str
    lang: str
    name: Text
    identified: bool = True
    publisher: str | None = None
    maintainer: str | None = None
    description: Text | None = None
    documents: list[Document] = field(default_factory=list)
    node: Any = field(default=None, compare=False, repr=False)

    def texts(self) -> list[tuple[str, Text]]:
        out = [("name", self.name)]
        if self.description:
            out.append(("description", self.description))
        return out + [(f"documents.{i}.title", d.title) for i, d in enumerate(self.documents)]


@dataclass
class Project:
    """Project-wide settings: the locales the site is built in."""

    locales: list[str]
    default_locale: str = "en"
    node: Any = field(default=None, compare=False, repr=False)


ENTRY_CLASSES: dict[str, type[Entry]] = {
    "entities": Entity,
    "rulings": Ruling,
    "glossary": Term,
    "errata": Erratum,
    "changelog": Change,
    "sections": Section,
}
"""Content file kind → the entry class its ``entries`` hold."""

ID_KINDS: dict[type[Entry], set[str]] = {
    Entity: {t.value for t in EntityType},
    Ruling: {"ruling"},
    Term: {"term"},
    Erratum: {"erratum"},
    Change: {"change"},
    Section: {"section"},
}
"""Entry class → the values allowed as the middle segment of its ids."""
