"""``parse``: the pages' lines read, cut at the outline's headings into sections, then the glossary; a
section named like a term (an action type) points at it."""

from __future__ import annotations

import re

from rulings.importers.result import ImportResult
from rulings.importers.rules_pages.document import DOCUMENT_ID, GAME_ID, LANG, SOURCE_NAME, read_lines
from rulings.importers.rules_pages.glossary import build_terms
from rulings.importers.rules_pages.sections import build_sections
from rulings.model.entries import Authority, Document, Game
from rulings.model.text import Text


def parse(text: str) -> ImportResult:
    lines = read_lines(text)
    sections, action_types = build_sections(lines)
    terms = build_terms(lines, action_types)
    term_ids = {t.id for t in terms}
    for s in sections:  # a section named like a term (an action type) points at it
        tid = f"{GAME_ID}/term/{s.slug}"
        if tid in term_ids:
            s.related = [tid]

    game = Game(
        id=GAME_ID, lang=LANG, name=Text("en", display_name(text)), identified=False,
        description=Text("en", "A card game played in Arena, Quest and Campaign formats, with Heroes, Skill "
                               "cards and a Lore Master; the rules pages kept here never name it."),
        documents=[Document(
            id=DOCUMENT_ID, title=Text("en", "Rules pages"), languages=[LANG],
            file="sources/" + SOURCE_NAME, sha256="",
            # written as the game's rules, but the pages never name the game or its publisher: nothing says
            # who stands behind them
            authority=Authority.UNKNOWN)])
    return ImportResult.of(game, DOCUMENT_ID, {
        "sections": sections,
        "glossary": terms,
    })


FORMATS_RE = re.compile(r"\b(\w+) format, (\w+) format, or (\w+) format\b")
REFEREE = "Lore Master"


def display_name(text: str) -> str:
    """A name for readers drawn from the pages themselves, which never name the game: the formats they
    are played in ("the Arena format, Quest format, or Campaign format") and the Lore Master who runs
    them. The id stays ``unidentified-1`` and the game ``identified: false``."""
    m = FORMATS_RE.search(text)
    if not m or REFEREE not in text:
        raise ValueError("the rules pages no longer list their formats and the Lore Master")
    return f"{' / '.join(m.groups())} card game with a {REFEREE}"
