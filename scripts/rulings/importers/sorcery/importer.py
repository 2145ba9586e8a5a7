"""``parse``: the four parts found, then the entries built in the order each needs the last (rulings ids are
taken FAQ first, so a rule section's question never changes an FAQ ruling's id)."""

from __future__ import annotations

import re

from rulings.content import originals
from rulings.importers.result import ImportResult
from rulings.importers.sorcery.cards import card_entities
from rulings.importers.sorcery.changelog import Change, add_dated, build_changes, parse_changelog
from rulings.importers.sorcery.clarifications import outline_rulings
from rulings.importers.sorcery.decisions import TERMS
from rulings.importers.sorcery.document import DOC_ID, GAME_ID, LANG, SOURCE_NAME, SourceError, norm, resolve, tx
from rulings.importers.sorcery.faq import parse_faq
from rulings.importers.sorcery.glossary import build_terms, term_ids
from rulings.importers.sorcery.links import link
from rulings.importers.sorcery.parts import Parts, find_parts
from rulings.importers.sorcery.rulings import FaqRulings, faq_rulings, ruling_notes
from rulings.importers.sorcery.sections import build_sections
from rulings.model.entries import Authority, Document, Game, Ruling
from rulings.model.ids import slugify
from rulings.model.terms import Glossary

PUBLISHER_RE = re.compile(r"If/when (.+?) publishes an official")


def parse(text: str) -> ImportResult:
    lines = originals.lines(text)
    parts = find_parts(lines)
    outline = build_sections(lines, parts)
    cards_raw, qas = parse_faq(lines, parts.faq, len(lines))
    entities, card_ids = card_entities(lines, cards_raw)
    faq = faq_rulings(cards_raw, qas, card_ids)
    notes = ruling_notes(faq)
    terms = build_terms(lines, outline.placed, faq, qas)
    ids = {"section": outline.ids, "card": card_ids, "term": term_ids()}
    card_name = {e.id: e.name.source for e in entities}
    link(faq, outline.sections, ids, card_name, notes)
    # questions and answers printed in rule sections: rulings too, after the FAQ's (their ids stay)
    asked, section_questions = outline_rulings(lines, outline.placed, outline.ids, Glossary([], entities), faq.used)
    changes = build_changes(parse_changelog(lines, parts.changelog + 1, parts.intercept), outline.sections,
                            entities, ids)
    _date_changes(changes, faq, card_ids, section_questions, ids, card_name)
    return ImportResult.of(game(lines, parts), DOC_ID, {
        "changelog": changes,
        "sections": outline.sections,
        "entities": entities,
        "rulings": faq.rulings + asked,
        "glossary": terms,
    })


def _date_changes(changes: list[Change], faq: FaqRulings, card_ids: dict[str, str],
                  section_questions: dict[str, list[Ruling]], ids: dict[str, dict[str, str]],
                  card_name: dict[str, str]) -> None:
    """What each change of the log dates: the questions under the cards it names, those of the sections it
    names, and the terms defined there (:func:`~.changelog.add_dated`)."""
    card_questions: dict[str, list[Ruling]] = {}
    for (key, _q), r in faq.by_question.items():
        card_questions.setdefault(card_ids[key], [])
        if r not in card_questions[card_ids[key]]:
            card_questions[card_ids[key]].append(r)
    defined_in: dict[str, list[str]] = {}
    for ts in TERMS:
        where = (ids["section"][norm(ts.where[1])] if ts.where[0] == "section"
                 else faq.find(ts.where[1], ts.where[2]).id)
        defined_in.setdefault(where, []).append(ids["term"][slugify(ts.term)])
    add_dated(changes, card_questions, section_questions, defined_in, faq.find,
              lambda name: resolve("card", name, ids), card_name)


def game(lines: list[str], parts: Parts) -> Game:
    """The game and its document, with the publisher and the authority the preamble states.

    The publisher as the preamble names it ("If/when Erik’s Curiosa HQ publishes an official comprehensive
    rulebook"). The document prints no date of its own: only its change log is dated, so it gets none (its
    latest change is on the change log page, not the document's date)."""
    preamble = " ".join(lines[1:parts.changelog])
    m = PUBLISHER_RE.search(preamble)
    if not m:
        raise SourceError("the preamble no longer names the publisher")
    # "These are unofficial rule clarifications …, with significant support from the Sorcery League judge team"
    if "unofficial rule clarifications" not in preamble or "judge team" not in preamble:
        raise SourceError("the preamble no longer says who stands behind the document")
    return Game(
        id=GAME_ID, lang=LANG, name=tx("Sorcery: Contested Realm"), identified=True,
        publisher=m.group(1), maintainer="Ira Fay",
        documents=[Document(
            id=DOC_ID, title=tx(lines[0].strip()), languages=[LANG], file=f"sources/{SOURCE_NAME}", sha256="",
            maintainer="Ira Fay", authority=Authority.JUDGE_TEAM)],
    )
