"""The domain model: what the rules knowledge of a game consists of.

Every entry has a stable, human-readable id ``<game>/<kind>/<slug>`` (it becomes a URL and an
anchor and never changes once published), a source language and a provenance (which document and
lines it came from). Every human-language field is a :class:`~rulings.text.Text`.

Each content field is declared here once, with its meaning, example and checks (see
``rulings.model.fields``); the YAML form (``content.codec``), the JSON Schemas in ``schemas/``, the
export schema and the field tables of docs/content-format.md are generated from these declarations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Annotated, Any, ClassVar, get_args, get_origin

from rulings.model.fields import Kind, Shape, content_fields, is_content_class, spec, union_of
from rulings.model.text import TRANSLATION_EXAMPLE, Text

SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
GAME_ID_RE = re.compile(rf"^{SLUG}$")
ENTRY_ID_RE = re.compile(rf"^({SLUG})/({SLUG})/({SLUG})$")


class EntityType(StrEnum):
    CARD = "card"
    HERO = "hero"
    ABILITY = "ability"
    KEYWORD = "keyword"
    TOPIC = "topic"  # a FAQ heading that is a rules concept rather than a card


class Naming(StrEnum):
    """What an entity's name is, which decides how other languages show it (:func:`naming_of`)."""

    PRINTED = "printed"  # as printed on a card (a card, hero, place): kept as printed, a translation a gloss
    TERM = "term"  # a rules concept, or an ability or keyword the game translates: shown translated


NAMING_BY_TYPE = {"card": Naming.PRINTED, "hero": Naming.PRINTED, "ability": Naming.TERM,
                  "keyword": Naming.TERM, "topic": Naming.TERM}
"""An entity's naming where it declares none: cards and heroes are printed; topics (FAQ headings naming a
rules concept), abilities and keywords are terms. An ability printed on a card in every edition, like
三国杀's (奸雄 on the Chinese card, Treachery on the English), says ``naming: printed``."""


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


class Authority(StrEnum):
    """Who stands behind a source document, as the document itself shows it."""

    OFFICIAL = "official"  # the publisher's rules text
    OFFICIAL_FAQ = "official-faq"  # the publisher's answers and errata
    JUDGE_TEAM = "judge-team"  # a tournament organisers' or judges' document, not the publisher's
    COMMUNITY = "community"  # players' unofficial notes (a forum thread, a fan FAQ)
    UNKNOWN = "unknown"  # the document names no publisher, judge team or author: who stands behind it is unknown


EX_TEXT_EN = {"en": "Can I attack myself with the Shuriken?"}
EX_TEXT_IT = {"it": "Julia: manca la scritta Permanente.", "en": TRANSLATION_EXAMPLE}


@dataclass
class Provenance:
    """Where an entry came from: a document of the game (by its id) and a 1-based line range."""

    SHAPE: ClassVar = Shape("Where the entry came from.", {"document": "faq-2006", "lines": [12, 14]},
                            name="provenance")

    document: str = spec("Id of the source document in the game file.", "faq-2006", required=True, kind=Kind.SLUG)
    lines: tuple[int, int] = spec("First and last line (1-based, inclusive) in the kept original.", [12, 14],
                                  required=True, minimum=1)


def texts_in(value: Any, path: str = "") -> list[tuple[str, Text]]:
    """(dotted field path, text) of every Text in a value (a text, a content object, a list of them), in file
    order; the paths, under ``path``, are those :func:`field_steps` reads (``blocks.0.items.1.text``)."""
    out: list[tuple[str, Text]] = []
    _collect(value, path, out)
    return out


def _collect(value: Any, path: str, out: list[tuple[str, Text]]) -> None:
    if isinstance(value, Text):
        out.append((path, value))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _collect(item, f"{path}.{i}", out)
    else:
        prefix = f"{path}." if path else ""
        for name, key, is_text in _text_fields(type(value)):
            v = getattr(value, name)
            if v is None:
                continue
            if is_text:
                out.append((prefix + key, v))
            else:
                _collect(v, prefix + key, out)


@cache
def _text_fields(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """(attribute, key, is a Text) of the fields of a content class that can hold a Text: the only ones
    worth a visit."""
    return tuple((f.name, f.key, f.type is Text) for f in content_fields(cls) if _may_hold_text(f.type, set()))


def _may_hold_text(tp: Any, seen: set[Any]) -> bool:
    if tp is Text:
        return True
    if (union := union_of(tp)) is not None:
        return any(_may_hold_text(m, seen) for m in union[0])
    if is_content_class(tp):
        if tp in seen:
            return False
        seen.add(tp)
        return any(_may_hold_text(f.type, seen) for f in content_fields(tp))
    return any(_may_hold_text(a, seen) for a in get_args(tp) if get_origin(tp) in (list, tuple))


@cache
def _ref_fields(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """(attribute, key, holds a list) of the fields of a class that refer to other entries."""
    return tuple((f.name, f.key, f.spec.kind is Kind.REFS) for f in content_fields(cls)
                 if f.spec.kind in (Kind.REF, Kind.REFS))


@dataclass
class Entry:
    """Fields every entry has. ``node`` keeps the loaded YAML mapping for error positions."""

    KIND: ClassVar[str] = ""
    SHAPE: ClassVar[Shape]

    id: str = spec("Stable id `<game>/<kind>/<slug>`.", "anachronism/ruling/adjacent-to-itself", required=True,
                   kind=Kind.ID)
    lang: str = spec("The entry's source language: the language its texts were written in.", "en", required=True,
                     kind=Kind.LOCALE)
    notes: Text | None = spec("Editorial notes (e.g. damage in the source), not part of the ruling.",
                              {"en": "The source prints 'i' for '1'."}, last=True, kw_only=True)
    provenance: list[Provenance] = spec(
        "Source document and lines; a list of them when the entry is cited from several documents (the same "
        "answer in the official FAQ and from the judge team), the one it was read from first.",
        {"document": "faq-2006", "lines": [5, 6]}, last=True, factory=list, one_or_list=True)
    node: Any = field(default=None, compare=False, repr=False)

    @property
    def origin(self) -> Provenance | None:
        """The first cited source: where the entry was read from (importers give exactly one)."""
        return self.provenance[0] if self.provenance else None

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
        """(field, target id) pairs this entry points at, in file order; each must resolve."""
        out: list[tuple[str, str]] = []
        for name, key, many in _ref_fields(type(self)):
            value = getattr(self, name)
            if many:
                out += [(key, r) for r in value]
            elif value:
                out.append((key, value))
        return out

    def texts(self) -> list[tuple[str, Text]]:
        """(field path, text) pairs of every human-language field, in document order."""
        return texts_in(self)


AS_OF_DOC = (
    "When the source last stated or changed the entry, as an ISO date: the date of the change log entry or of "
    "the dated history step that names it, else the date of the document version that states it (its printed "
    "date; for a document printing none, its latest change log entry's). Computed from the content by "
    "`rulings.content.dating` when it is read (the mapping a human decides, which change names which entry, "
    "is the change log's `touches`), never from git; absent when the source dates nothing. Not written in "
    "content files.")


@dataclass
class DatedEntry(Entry):
    """An entry a reader asks "is this still current?" of (a ruling, an erratum, a glossary term): it carries
    the date its source gives it, derived from the content, never stored (:mod:`rulings.content.dating`)."""

    as_of: str | None = spec(AS_OF_DOC, "2025-03-12", kind=Kind.DATE, derived=True, last=True)


@dataclass
class Entity(Entry):
    """A card, hero, ability, keyword or FAQ topic: something rulings are *about*."""

    KIND: ClassVar[str] = "entity"
    SHAPE: ClassVar = Shape("A card, hero, ability, keyword or topic.",
                            {"id": "anachronism/topic/adjacent", "lang": "en", "type": "topic",
                             "name": {"en": "Adjacent"}}, title="Cards, heroes, abilities, keywords and FAQ topics.")

    type: EntityType = spec("What kind of thing this is.", "hero", required=True, default=EntityType.CARD)
    name: Text | None = spec("The name in each language.",
                             {"zh": "曹操", "en": {"text": "CAO Cao", "source_hash": "0a1b2c3d4e5f",
                                                 "status": "official", "by": "source document"}},
                             required=True, default=None)
    naming: Naming | None = spec("What the name is: `printed` (as printed on a card: other languages show it as "
                                 "printed, in the language of their edition where one exists (an `official` "
                                 "translation), a translation only as a gloss) or `term` (a rules concept, "
                                 "ability or keyword the game translates: shown translated, the original on "
                                 "demand). Without it: cards and heroes are printed, abilities, keywords and "
                                 "topics terms.", "printed")
    aliases: dict[str, list[str]] = spec(None, kind=Kind.ALIASES, factory=dict)
    attributes: dict[str, str | int | bool] = spec("Game attributes (faction, gender, health, set…).",
                                                   {"faction": "wei", "health": 4}, kind=Kind.ATTRIBUTES,
                                                   factory=dict)
    parent: str | None = spec("The entity this belongs to (an ability's hero).", "three-kingdoms/hero/cao-cao",
                              kind=Kind.REF)
    text: Text | None = spec("The entity's game text or description.", EX_TEXT_EN)
    see: list[str] = spec("Where the source sends the reader instead (\"See X\"): this entry is a pointer to "
                          "those; cross-references to read as well (\"See also X\") are `related`.",
                          ["anachronism/card/zeus"], kind=Kind.REFS, factory=list)
    related: list[str] = spec(None, kind=Kind.REFS, factory=list)


@dataclass
class StatusChange:
    """One step of a ruling's history, e.g. an edit that was later reversed."""

    SHAPE: ClassVar = Shape("One step in a ruling's history.", {"status": "reversed"}, name="statusChange")

    status: RulingStatus = spec("Status from this step on.", "reversed", required=True)
    note: Text | None = spec("What happened.", {"en": "Edited, then reversed."}, last=True)
    date: str | None = spec("ISO date of the step, where known.", "2006-03-20", kind=Kind.DATE)
    date_printed: str | None = spec("The date as printed.", "3-20-2006")
    replaced_by: str | None = spec("The ruling that replaced this one (a superseded or reversed step).",
                                   "anachronism/ruling/nemere-how-exactly-does-nemere-work", kind=Kind.REF)


@dataclass
class Ruling(DatedEntry):
    """A question with its answer, or a single statement."""

    KIND: ClassVar[str] = "ruling"
    SHAPE: ClassVar = Shape("A ruling.", {"id": "anachronism/ruling/adjacent-to-itself", "lang": "en",
                                          "question": EX_TEXT_EN, "answer": {"en": "No."}},
                            title="Rulings: questions with answers, or statements.")

    question: Text | None = spec("The question.", EX_TEXT_EN)
    answer: Text | None = spec("The answer.", {"en": "No. Your warrior's space is not adjacent to itself."})
    statement: Text | None = spec("A ruling that is a statement rather than a question.", EX_TEXT_EN)
    status: RulingStatus = spec("Whether the ruling still holds.", "current", default=RulingStatus.CURRENT)
    history: list[StatusChange] = spec("Status changes, oldest first.",
                                       [{"status": "reversed", "note": {"en": "Edited, then reversed."}}],
                                       factory=list)
    about: list[str] = spec("Entities (cards, topics…) this ruling is about; it is listed on each.",
                            ["anachronism/card/skegox-francisca"], kind=Kind.REFS, factory=list)
    related: list[str] = spec(None, kind=Kind.REFS, factory=list)
    flags: list[RulingFlag] = spec("Known problems of the source entry.", ["unanswered"], factory=list, unique=True)

    def references(self) -> list[tuple[str, str]]:
        """The entry's own references, then the rulings its history says replaced it."""
        return super().references() + [(f"history.{i}.replaced_by", h.replaced_by)
                                       for i, h in enumerate(self.history) if h.replaced_by]


@dataclass
class Term(DatedEntry):
    """A glossary term with its definition."""

    KIND: ClassVar[str] = "term"
    SHAPE: ClassVar = Shape("A glossary term.", {"id": "anachronism/term/adjacent", "lang": "en",
                                                 "term": {"en": "Adjacent"},
                                                 "definition": {"en": "Any of the eight spaces next to a warrior."}},
                            title="Glossary terms.")

    term: Text | None = spec("The term.", {"en": "Adjacent"}, required=True, default=None)
    aliases: dict[str, list[str]] = spec(None, kind=Kind.ALIASES, factory=dict)
    not_in: dict[str, list[str]] = spec(
        "Phrases by locale in which the term's words are not the term (`game text` is no Game, `in play` no "
        "Play), so they are neither linked nor checked there. Matched exactly as written, case included, "
        "without stemming, across spaces and dashes only: `initial` excludes itself, not `Initiative`.",
        {"en": ["game text", "in play"]}, kind=Kind.PHRASES, factory=dict)
    definition: Text | None = spec("What the term means.", {"en": "Any of the eight spaces next to…"},
                                   required=True, default=None)
    related: list[str] = spec(None, kind=Kind.REFS, factory=list)


@dataclass
class Erratum(DatedEntry):
    """A correction to a printed card or text."""

    KIND: ClassVar[str] = "erratum"
    SHAPE: ClassVar = Shape("An erratum.", {"id": "hokuto/erratum/julia-ocra", "lang": "it",
                                            "type": "missing-keyword", "text": EX_TEXT_IT},
                            title="Errata: corrections to printed cards and texts.")

    type: ErratumType = spec("What kind of correction.", "missing-keyword", required=True, default=ErratumType.OTHER)
    target: str | None = spec("The corrected entity.", "hokuto/card/julia", kind=Kind.REF)
    target_name: Text | None = spec("The target's name as printed, when there is no entity for it.",
                                    {"it": "Julia"})
    group: Text | None = spec("The group the erratum is listed under (an Italian 'Serie').", {"it": "Serie Ocra"})
    text: Text | None = spec("The erratum as printed.", EX_TEXT_IT, required=True, default=None)
    original: Text | None = spec("The wrong text as printed on the card.", {"en": "Deal 2 damage"})
    corrected: Text | None = spec("The corrected text.", {"en": "Deal 1 damage"})
    related: list[str] = spec(None, kind=Kind.REFS, factory=list)


@dataclass
class Change(Entry):
    """A dated line of a document's change log."""

    KIND: ClassVar[str] = "change"
    SHAPE: ClassVar = Shape("A change log line.", {"id": "sorcery/change/2024-02-15", "lang": "en",
                                                   "date": "2024-02-15", "date_printed": "Feb 15, 2024",
                                                   "text": {"en": "Updated with newest rulebook."}},
                            title="A document's dated change log.")

    date: str | None = spec("ISO date of the change.", "2024-02-15", kind=Kind.DATE)
    date_printed: str | None = spec("The date exactly as printed.", "Feb 15, 2024", required=True, default=None)
    text: Text | None = spec("What changed.", {"en": "Updated with newest rulebook."}, required=True, default=None)
    touches: list[str] = spec("Entries the change touched: the sections and cards it names and the rulings, errata "
                              "and glossary terms it added or changed (each of those is dated by the last change "
                              "naming it, its `as_of`).", ["sorcery/section/storyline"], kind=Kind.REFS,
                              factory=list)
    suspect_date: bool = spec("The printed date looks wrong (e.g. out of order); kept as printed, not fixed.", True,
                              default=False)
    suspect_note: Text | None = spec("Why the date is suspect.", {"en": "Out of order."})


# --- rule sections: prose as structured blocks -------------------------------------------------


@dataclass
class Paragraph:
    TAG: ClassVar = "paragraph"
    SHAPE: ClassVar = Shape("A paragraph.", {"type": "paragraph", "text": EX_TEXT_EN})

    text: Text = spec("The paragraph.", EX_TEXT_EN, required=True)


@dataclass
class ListItem:
    SHAPE: ClassVar = Shape("One list item, possibly with nested items.", {"text": EX_TEXT_EN}, name="listItem")

    text: Text = spec("The item's text.", EX_TEXT_EN, required=True)
    items: list[ListItem] = spec("Nested items.", [], factory=list)


@dataclass
class ListBlock:
    """A bulleted list (``ordered: false``, written ``type: list``) or numbered steps (``type: steps``)."""

    SHAPE: ClassVar = Shape("A bulleted list or numbered steps.", {"type": "list", "items": [{"text": EX_TEXT_EN}]})

    items: list[ListItem] = spec("The items.", [{"text": EX_TEXT_EN}], required=True, min_items=1)
    ordered: bool = spec("list: bullets; steps: numbered steps.", "steps", required=True, default=False, key="type",
                         first=True, choices={"list": False, "steps": True})


@dataclass
class Table:
    TAG: ClassVar = "table"
    SHAPE: ClassVar = Shape("A table.", {"type": "table", "header": [{"en": "Terrain"}], "rows": [[{"en": "Forest"}]]})

    header: list[Text] = spec("Column headings.", [{"en": "Terrain"}], required=True)
    rows: list[list[Text]] = spec("Rows of cells.", [[{"en": "Forest"}]], required=True)
    caption: Text | None = spec("Table caption.", {"en": "Movement costs"}, first=True)


@dataclass
class Example:
    TAG: ClassVar = "example"
    SHAPE: ClassVar = Shape("A worked example.",
                            {"type": "example", "blocks": [{"type": "paragraph", "text": EX_TEXT_EN}]})

    blocks: list[Block] = spec("The example's content.", [{"type": "paragraph", "text": EX_TEXT_EN}], required=True)
    title: Text | None = spec("Example title.", {"en": "Example"}, first=True)


@dataclass
class Diagram:
    """Verbatim text (ASCII art, a board sketch): never translated, never reflowed."""

    TAG: ClassVar = "diagram"
    SHAPE: ClassVar = Shape("A verbatim diagram.", {"type": "diagram", "text": "[A][B]"})

    text: str = spec("Verbatim text, shown exactly as written (never translated).", "[A][B]\n[C][D]", required=True)
    caption: Text | None = spec("Diagram caption.", {"en": "Arena layout"}, first=True)


Block = Annotated[Paragraph | ListBlock | Table | Example | Diagram,
                  Shape("A block of rules prose.", {"type": "paragraph", "text": EX_TEXT_EN}, name="block",
                        tag="type", tag_doc="Block type.")]
"""A block of a section: the ``type`` key says which (a block class's ``TAG``, or ``list``/``steps``)."""


def block_texts(blocks: list[Block], path: str) -> list[tuple[str, Text]]:
    return texts_in(blocks, path)


def field_steps(path: str) -> list[str | int]:
    """The steps of a dotted field path as :meth:`Entry.texts` names them (``body.0.items.1`` →
    ``["body", 0, "items", 1]``), to find the field in loaded YAML or in exported data."""
    return [int(p) if p.isdigit() else p for p in path.split(".")]


@dataclass
class Section(Entry):
    """A section of rules prose; ``parent`` nests it under another section."""

    KIND: ClassVar[str] = "section"
    SHAPE: ClassVar = Shape("A rule section.", {"id": "fifth/section/actions", "lang": "en",
                                                "title": {"en": "Actions"}, "blocks": []},
                            title="Rule sections: prose as structured blocks.")

    title: Text | None = spec("Section title.", {"en": "Free Actions"}, required=True, default=None)
    parent: str | None = spec("The enclosing section.", "fifth/section/actions", kind=Kind.REF)
    blocks: list[Block] = spec("The section's content, in order.", [{"type": "paragraph", "text": EX_TEXT_EN}],
                               factory=list)
    related: list[str] = spec(None, kind=Kind.REFS, factory=list)


# --- games and the project ----------------------------------------------------------------------

DOCUMENT_EXAMPLE = {"id": "faq-2006", "title": {"en": "Revised Anachronism FAQ"}, "authority": "official-faq",
                    "languages": ["en"],
                    "file": "sources/faq.txt", "sha256": "0" * 64}


@dataclass
class Document:
    """An upstream document a game's content was imported from; the original is kept in the repo."""

    SHAPE: ClassVar = Shape("An upstream source document.", DOCUMENT_EXAMPLE)

    id: str = spec("Document id, unique in the game.", "faq-2006", required=True, kind=Kind.SLUG)
    title: Text = spec("Title as printed.", {"en": "Revised Anachronism FAQ"}, required=True)
    languages: list[str] = spec("Languages the document is written in.", ["en"], required=True, kind=Kind.LOCALE,
                                min_items=1, last=True)
    file: str = spec("The kept original (UTF-8 text), relative to the game folder: in sources/, named with "
                     "lower-case ASCII letters and digits, '.', '_' or '-' inside, ending in '.txt'.",
                     "sources/anachronism-faq.txt",
                     required=True, pattern=r"^sources/[^/]+$", last=True)
    sha256: str = spec("sha256 of the kept original.", "0" * 64, required=True, pattern="^[0-9a-f]{64}$", last=True)
    author: str | None = spec("Author as stated.", "Ira Fay")
    maintainer: str | None = spec("Maintainer as stated.", "Sorcery League judge team")
    authority: Authority = spec("Who stands behind the document: the publisher (its rules, or its FAQ and "
                                "errata), a judge team, or the community; `unknown` when the document does not "
                                "say. Shown beside every ruling's source, so it is required: a reader weighs a "
                                "ruling by it.", "official-faq", required=True, default=Authority.UNKNOWN)
    date_printed: str | None = spec("Date or version exactly as printed.", "Updated: 3-20-2006")
    date: str | None = spec("The printed date as an ISO date.", "2006-03-20", kind=Kind.DATE)
    version: str | None = spec("Version as printed.", "1.2")
    url: str | None = spec("Where the document was published, if known.", "https://example.org/faq",
                           kind=Kind.WEB_ADDRESS)
    notes: Text | None = spec("What the document prints that is neither a rule nor a ruling (a poster's remarks "
                              "in a forum thread), kept as printed so no line of it is lost.",
                              {"zh": "慢慢发", "en": {"text": "Posting slowly.", "source_hash": "0a1b2c3d4e5f",
                                                    "status": "machine", "by": "ai:claude"}})
    node: Any = field(default=None, compare=False, repr=False)


@dataclass
class Game:
    SHAPE: ClassVar = Shape("A game and its source documents.",
                            {"id": "anachronism", "lang": "en", "name": {"en": "Anachronism"}, "identified": True,
                             "documents": [DOCUMENT_EXAMPLE]})

    id: str = spec("Game id: the first part of every entry id.", "anachronism", required=True, kind=Kind.SLUG)
    lang: str = spec("The language of the game's own texts here.", "en", required=True, kind=Kind.LOCALE)
    name: Text = spec("The game's name per locale.", {"en": "Anachronism"}, required=True)
    identified: bool = spec("false while nobody knows which game the documents are about.", True, required=True,
                            default=True)
    publisher: str | None = spec("Publisher, where stated.", "TriKing Games")
    maintainer: str | None = spec("Who maintains the rules documents, where stated.", "Ira Fay")
    description: Text | None = spec("A short description of the game.", {"en": "A card game."})
    documents: list[Document] = spec("The source documents.", [DOCUMENT_EXAMPLE], required=True, factory=list,
                                     min_items=1)
    node: Any = field(default=None, compare=False, repr=False)

    def texts(self) -> list[tuple[str, Text]]:
        return texts_in(self)


class ForgeType(StrEnum):
    """The forge software, which decides the form of its new-issue and file URLs."""

    GITHUB = "github"
    GITLAB = "gitlab"
    GITEA = "gitea"
    FORGEJO = "forgejo"


@dataclass
class Forge:
    """Where the project's content is kept and readers report problems, in Material's terms (``repo_url``,
    ``edit_uri``): from it every ruling, card and term gets a "report a problem" and an "edit source" link."""

    SHAPE: ClassVar = Shape("The project's forge (GitHub, GitLab, Gitea, Forgejo).",
                            {"repo_url": "https://github.com/owner/rulings", "type": "github", "branch": "main"},
                            name="forge")

    repo_url: str = spec("The repository's web address, as Material's `repo_url` (also shown in the header).",
                         "https://github.com/owner/rulings", required=True, kind=Kind.BASE_ADDRESS)
    type: ForgeType = spec("The forge software: it decides the form of the new-issue and file links.", "github",
                           default=ForgeType.GITHUB)
    branch: str = spec("The branch the site is built from (for links to the content files).", "main",
                       default="main", kind=Kind.BRANCH)
    edit_uri: str | None = spec("As Material's `edit_uri`, but from the repository root: the path from `repo_url` "
                                "to a file's page, e.g. `edit/main/` to open the editor; by default the file's "
                                "page on the branch (`blob/<branch>/`, GitLab `-/blob/<branch>/`, Gitea and "
                                "Forgejo `src/branch/<branch>/`).", "edit/main/", kind=Kind.REPO_PATH)
    new_issue: str | None = spec("A new-issue URL of another form, with `{title}` and `{body}` where the "
                                 "prefilled, URL-encoded title and text go; by default the forge type's own.",
                                 "https://tracker.example.org/new?summary={title}&description={body}",
                                 kind=Kind.ISSUE_FORM)


@dataclass
class LocaleSettings:
    """What the project asks of one of its locales. Without settings a locale may be at any stage of its
    translation: what is not translated yet is shown in English, and the checks only warn."""

    SHAPE: ClassVar = Shape("What the project asks of one of its locales.", {"required": True},
                            name="localeSettings")

    required: bool = spec("Every UI string of the locale's catalog (`locales/<locale>/LC_MESSAGES/messages.po`) "
                          "must be translated and not fuzzy: `rulings validate` and `rulings i18n compile` fail "
                          "at each one that is not. Content texts are not covered: a text not yet translated "
                          "stays a warning in every locale.", True, default=False)


@dataclass
class Project:
    """Project-wide settings: the locales the site is built in, and the forge readers report problems on."""

    SHAPE: ClassVar = Shape("Project settings.", {"locales": ["en", "it", "zh"]})

    locales: list[str] = spec("Locales the site is built in; translations into these are tracked.",
                              ["en", "it", "zh"], required=True, kind=Kind.LOCALE, min_items=1, unique=True)
    locale_settings: dict[str, LocaleSettings] = spec(
        "Settings of some of `locales`, by locale (a locale without any may be translated in part).",
        {"it": {"required": True}}, factory=dict, kind=Kind.LOCALE)
    default_locale: str = spec("Locale of the root page's fallback.", "en", default="en", kind=Kind.LOCALE)
    forge: Forge | None = spec("The project's forge: each ruling, card and term then links to a prefilled new "
                               "issue and to its place in the content files. Without it no such links are shown.",
                               {"repo_url": "https://github.com/owner/rulings"})
    node: Any = field(default=None, compare=False, repr=False)

    def required(self, locale: str) -> bool:
        """Whether ``locale``'s UI strings must all be translated (see :class:`LocaleSettings`)."""
        settings = self.locale_settings.get(locale)
        return settings is not None and settings.required


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


NAME_FIELDS: dict[type, str] = {Entity: "name", Erratum: "target_name"}
"""The fields that hold a printed name (shown by :func:`rulings.translation.display.name_shown`)."""


def naming_of(e: Entity) -> Naming:
    """The entity's naming: declared, else its type's (:data:`NAMING_BY_TYPE`)."""
    return e.naming or NAMING_BY_TYPE[e.type.value]


def is_printed_name(entry: Entry, path: str) -> bool:
    """True for the field holding a printed name: a card's, hero's or printed ability's name, an erratum's
    target name (a term-named entity's name is translated like any text)."""
    if NAME_FIELDS.get(type(entry)) != path:
        return False
    return not isinstance(entry, Entity) or naming_of(entry) is Naming.PRINTED


def kept_as_printed(entry: Entry, path: str) -> bool:
    """True for a printed-name field: without a translation it is shown as printed, which is the policy,
    so the status counts it apart ("names kept as printed"), neither as missing nor as done."""
    return is_printed_name(entry, path)
