"""The Anachronism FAQ importer, run on the kept original of the 2006-03-20 FAQ."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings.content.codec import entry_to_data
from rulings.importers import anachronism as imp
from rulings.importers.anachronism import decisions
from rulings.importers.anachronism.entities import resolve_see
from rulings.model.entries import (
    Diagram,
    Entity,
    EntityType,
    Erratum,
    ErratumType,
    Ruling,
    RulingFlag,
    RulingStatus,
    Section,
    Term,
)

REPO = Path(__file__).resolve().parents[2]
GAME = REPO / "content" / imp.GAME_ID
SOURCE = GAME / "sources" / imp.SOURCE_NAME
G = "anachronism"


@pytest.fixture(scope="module")
def text() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def lines(text: str) -> list[str]:
    return text.split("\n")


@pytest.fixture(scope="module")
def result(text: str):
    return imp.parse(text)


@pytest.fixture(scope="module")
def by_kind(result) -> dict[str, list]:
    return {f.kind: f.entries for f in result.files}


@pytest.fixture(scope="module")
def by_id(result) -> dict[str, object]:
    return {e.id: e for f in result.files for e in f.entries}


# --- counts (established by reading the document) ------------------------------------------------


def test_counts(by_kind) -> None:
    entities = by_kind["entities"]
    rulings = by_kind["rulings"]
    # 166 headings, read one by one: 107 name a card, 59 a rules concept (TOPIC_HEADINGS).
    assert len(entities) == 166
    assert sum(e.type is EntityType.CARD for e in entities) == 107
    assert sum(e.type is EntityType.TOPIC for e in entities) == 59
    # Questions: 156 lines end with "?", plus 2 questions printed on one line with their answer
    # (Initiative: "What happens at the start of the fifth round...", Timing), plus 2 requests without
    # "?" (Blossious of Cumae, Disciplinia), minus 2 questions printed twice (Camulos = Waköán Töánka,
    # Empty = Unoccupied); the Ninja-to question is broken over two lines, one ending with "?".
    questions = [r for r in rulings if r.question]
    assert len(questions) == 158
    # Statements without a question: Carpat (= Diagonally), Discard Pile, Next To.
    assert [r.statement.source[:20] for r in rulings if r.statement] == [
        "For the Carpat, refe", "All cards discarded ", "Next to' and 'adjace"]
    assert len(rulings) == 161
    assert sum(len(r.about) > 1 for r in rulings) == 3  # printed twice under two headings
    assert not any(RulingFlag.UNANSWERED in r.flags for r in rulings)  # every question is answered
    # 141 "See"/"See also" lines (34 "See also"); "Camulos or Waköán Töánka" names two headings.
    assert sum(len(e.related) + len(e.see) for e in entities) == 142
    assert len(by_kind["errata"]) == 9
    assert len(by_kind["glossary"]) == 24  # decisions.GLOSSARY
    assert len(by_kind["sections"]) == 1
    assert "changelog" not in by_kind  # the FAQ has no change log, only "Updated: 3-20-2006"


def test_game(result) -> None:
    g = result.game
    assert (g.id, g.lang, g.name.source, g.publisher) == (G, "en", "Anachronism", None)  # no publisher printed
    d = g.documents[0]
    assert result.document_id == d.id == "faq-2006"
    assert (d.title.source, d.date_printed, d.date, d.languages) == (
        "Revised Anachronism FAQ", "3-20-2006", "2006-03-20", ["en"])
    assert d.file == f"sources/{imp.SOURCE_NAME}"


# --- specific entries ----------------------------------------------------------------------------


def test_topic_table_matches_headings(by_kind) -> None:
    names = {e.name.source for e in by_kind["entities"] if e.type is EntityType.TOPIC}
    assert names == set(decisions.TOPIC_HEADINGS)
    cards = {e.name.source for e in by_kind["entities"] if e.type is EntityType.CARD}
    assert {"Ger", "Zhad", "Horn Bow", "Nemere", "Zeus", "Do", "Ninja-to"} <= cards


def test_entity_with_see_also_and_aliases(by_id) -> None:
    adj = by_id[f"{G}/topic/adjacent"]
    assert isinstance(adj, Entity)
    assert adj.name.source == "Adjacent"
    assert adj.related == [f"{G}/topic/behind"]  # "See also Behind"
    assert adj.origin.lines == (8, 15)
    behind = by_id[f"{G}/topic/behind"]
    assert behind.related == [f"{G}/topic/adjacent"]  # "See also Adjacent"
    # See targets spelled differently resolve through the alias table and become aliases
    tao = by_id[f"{G}/card/tao-yuan-san-jie-yi"]
    assert tao.aliases == {"en": ["Tao Yuan San Jie"]}
    assert f"{G}/card/tao-yuan-san-jie-yi" in by_id[f"{G}/card/guan-yu"].related  # "See also Tao Yuan San Jie"
    assert by_id[f"{G}/topic/bonuses-damage"].aliases == {"en": ["Bonuses - Damage"]}
    assert by_id[f"{G}/topic/triggers"].aliases == {"en": ["Triggers"]}
    assert by_id[f"{G}/card/ealswith"].aliases == {"en": ["Ealswisth"]}
    assert by_id[f"{G}/topic/infinite-loop"].related == [f"{G}/card/camulos", f"{G}/card/wakoan-toanka"]
    bonuses = by_id[f"{G}/topic/bonuses"]
    assert len(bonuses.related) == 7
    assert bonuses.related[2] == f"{G}/card/canute-the-great"  # "See also Canute the Great" (case)


def test_every_see_reference_resolves(by_kind, lines) -> None:
    """Each "See"/"See also" line links the entity of the heading it is printed under."""
    entities = by_kind["entities"]
    headings = {e.name.source: e.id for e in entities}
    seen = 0
    for n, line in enumerate(lines, 1):
        m = re.match(r"^See (also )?(.+)$", line.strip())
        if not m:
            continue
        seen += 1
        owner = next(e for e in entities if e.origin.lines[0] < n <= e.origin.lines[1])
        targets = resolve_see(m.group(2).strip(), headings)
        # "See also X": read X as well (related); "See X": read X instead (see)
        kept, other = (owner.related, owner.see) if m.group(1) else (owner.see, owner.related)
        assert targets and set(targets) <= set(kept) and not set(targets) & set(other), (n, line)
    assert seen == 141
    for variant, heading in decisions.SEE_ALIASES.items():  # every alias is recorded on its target
        assert variant in next(e for e in entities if e.name.source == heading).aliases["en"]


def test_ruling_simple(by_id) -> None:
    r = by_id[f"{G}/ruling/adjacent-since-my-warrior-is-not-adjacent"]
    assert isinstance(r, Ruling)
    assert r.question.source == ("Since my warrior is not adjacent to itself, does it take one damage when I reveal "
                                 "Skegox Francisca? Can I attack myself with the Shuriken?")
    assert r.answer.source == ("No on both counts. Your warrior's space is not considered to be 'adjacent' or "
                               "'not adjacent' to itself.")
    assert r.about == [f"{G}/topic/adjacent"]
    assert r.origin.lines == (12, 13)
    assert r.lang == "en" and r.status is RulingStatus.CURRENT and not r.flags


def test_multi_paragraph_answer(by_id) -> None:
    r = by_id[f"{G}/ruling/allt-abhonnaich-allt-abhonnaich-says-that-opponents-cards"]
    paras = r.answer.source.split("\n\n")
    assert len(paras) == 4
    assert paras[0].startswith("Any card effect that prevents n ability")  # "-" marker stripped, typo kept
    assert paras[2] == "In short, if you have Allt A'Bhonnaich in play, your abilities will always wrk."
    assert r.origin.lines == (55, 63)
    # the answer of the last question runs to the last line of the file (no final newline)
    z = by_id[f"{G}/ruling/zhad-zhad-has-the-text-you-may"]
    assert z.answer.source.endswith("\n\nIf this ability were negated by Zeus, the entire ability would be turned off.")
    assert z.origin.lines == (1049, 1052)


def test_question_and_answer_on_one_line(by_id, lines) -> None:
    r = by_id[f"{G}/ruling/initiative-what-happens-at-the-start-of"]
    assert r.question.source.endswith("to alter the initiative values of that round?")
    assert r.answer.source.startswith("Since neither player has an initiative value for round five")
    assert f"{r.question.source} {r.answer.source}" == lines[446]
    assert "one line" in r.notes.source


def test_broken_question_flagged(by_id) -> None:
    r = by_id[f"{G}/ruling/ninja-to-when-i-attack-with-the-ninja"]
    assert r.question.source == ("When I attack with the Ninja\n-to, can the third die (the one that isn't used) "
                                 "have any effect on the game?")
    assert r.answer.source.startswith("No. Only the dice")
    assert r.flags == [RulingFlag.OCR_DAMAGE]
    assert "Ninja-to" in r.notes.source


def test_shared_ruling_about_both_headings(by_id) -> None:
    r = by_id[f"{G}/ruling/empty-is-there-a-difference-between-the"]
    assert r.about == [f"{G}/topic/empty", f"{G}/topic/unoccupied"]
    assert "Printed twice" in r.notes.source
    c = by_id[f"{G}/ruling/carpat-for-the-carpat-refer-to-the"]
    assert c.statement.source == ("For the Carpat, refer to the FAQ post on adjacency. Diagonally adjacent is still "
                                  "adjacent.")
    assert c.about == [f"{G}/card/carpat", f"{G}/topic/diagonally"]
    assert c.related == [f"{G}/topic/adjacent"]  # "refer to the FAQ post on adjacency"


def test_see_inside_answer(by_id) -> None:
    r = by_id[f"{G}/ruling/zeus-what-happen-when-zeus-turns-off"]
    assert r.answer.source.endswith("(Except Loki\n- See related question)")
    assert r.related == [f"{G}/card/loki", f"{G}/ruling/loki-if-my-opponent-is-using-a"]


def test_nemere_history(by_id) -> None:
    r = by_id[f"{G}/ruling/nemere-how-exactly-does-nemere-work"]
    assert r.question.source == "How exactly does Nemere work?"
    assert "edited" not in r.answer.source and "reversed" not in r.answer.source
    assert r.answer.source.startswith("Nemere's text reads:\nAt the start of each round, choose a direction.")
    assert r.answer.source.endswith("-Nemere cannot move a warrior out of the arena or into an occupied space.")
    assert r.status is RulingStatus.CURRENT
    assert len(r.history) == 1
    h = r.history[0]
    assert h.note.source == "This post was edited and reversed on 8/24/5"
    assert (h.status, h.date, h.date_printed) == (RulingStatus.CURRENT, "2005-08-24", "8/24/5")
    assert r.origin.lines == (595, 606)


def test_diagram(by_id, lines) -> None:
    diagram = "|_|_|_|\n|_|_|_|\n|_|^|_|\n|X|X|X|"
    assert "\n".join(lines[97:101]) == diagram
    r = by_id[f"{G}/ruling/behind-which-spaces-are-directly-or-diagonally"]
    assert f"\n\n{diagram}\n\n" in r.answer.source  # kept whole inside the answer
    assert r.related == [f"{G}/section/behind-diagram"]
    s = by_id[f"{G}/section/behind-diagram"]
    assert isinstance(s, Section)
    assert s.title.source == "Behind"
    (block,) = s.blocks
    assert isinstance(block, Diagram)
    assert block.text == diagram
    assert block.caption.source == ("The '^' is your warrior, and the 'X' spaces are those that are directly and "
                                    "diagonally adjacent to your warrior.")
    assert s.related == [f"{G}/topic/behind", r.id]
    assert s.origin.lines == (98, 103)


def test_errata(by_kind, by_id) -> None:
    errata = by_kind["errata"]
    assert [e.id.rsplit("/", 1)[1] for e in errata] == [
        "disciplinia", "facing", "ger", "horn-bow", "trait-and-type", "two-of-cardtype-up-to-2",
        "two-of-cardtype-another", "zhad-hands", "zhad-separate-line"]
    ger = by_id[f"{G}/erratum/ger"]
    assert isinstance(ger, Erratum)
    assert ger.type is ErratumType.WORDING
    assert ger.target == f"{G}/card/ger"
    assert ger.text.source.startswith("This card recieved an editing error, and as worded,")
    assert ger.corrected.source == (
        "After you hit with this weapon, after the attack deals damage, if the attack roll was greater than the "
        "defender's experience, this weapon deals +1 damage for the rest of the game.")
    assert ger.original is None  # the printed wording is not quoted
    assert ger.related == [f"{G}/ruling/ger-does-the-damage-increasing-ability-of"]
    assert ger.origin.lines == (381, 381)
    # the ruling keeps its full answer, correction included
    assert ger.text.source in by_id[ger.related[0]].answer.source
    zhad = by_id[f"{G}/erratum/zhad-hands"]
    assert (zhad.type, zhad.original.source, zhad.corrected.source) == (ErratumType.MISPRINT, "2 Hand", "2 Hands")
    assert zhad.text.source == "There is a minor printing error in which the card reads '2 Hand' instead of '2 Hands'."
    horn = by_id[f"{G}/erratum/horn-bow"]
    assert (horn.type, horn.target, horn.corrected.source) == (
        ErratumType.MISSING_KEYWORD, f"{G}/card/horn-bow", "Action")
    for e in errata:  # every erratum is printed inside a ruling about its target
        host = by_id[e.related[0]]
        assert e.target in host.about and e.text.source in host.answer.source


def test_correction_words_all_mapped(by_kind, lines) -> None:
    """Lines with correction vocabulary hold an erratum, except the Bokken 'no errata' lines."""
    words = re.compile(r"errat|misprint|printing error|editing error|should read|as if it read|should more|"
                       r"should be treated|oversight|change from|treat that text", re.I)
    not_errata = {129, 141}  # Bokken: asks about errata / "no plans to errata"
    covered = {n for e in by_kind["errata"] for n in range(e.origin.lines[0], e.origin.lines[1] + 1)}
    hits = {n for n, line in enumerate(lines, 1) if words.search(line)}
    assert hits - not_errata <= covered
    assert not_errata <= hits


def test_glossary(by_id, text) -> None:
    empty = by_id[f"{G}/term/empty"]
    assert isinstance(empty, Term)
    assert empty.term.source == "Empty"
    assert empty.definition.source == "'Empty' spaces/rows/columns have no cards in them."
    assert empty.related == [f"{G}/term/unoccupied"]
    unocc = by_id[f"{G}/term/unoccupied"]
    assert unocc.definition.source == ("'Unoccupied' spaces/etc. have no warriors in them, but may have other "
                                       "cards in them.")
    assert unocc.related == [f"{G}/term/empty"]
    adj = by_id[f"{G}/term/adjacent"]
    assert adj.aliases == {"en": ["Next To", "next to"]}
    assert adj.related == [f"{G}/term/behind"]
    game = by_id[f"{G}/term/game"]
    assert game.aliases == {"en": ["challenge"]}
    for spec in decisions.GLOSSARY:  # every definition is printed text
        assert spec.definition in text


# --- whole-document properties -------------------------------------------------------------------


def test_ids_unique_and_well_formed(result) -> None:
    ids = [e.id for f in result.files for e in f.entries]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(rf"{G}/[a-z]+/[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    for f in result.files:
        for e in f.entries:
            assert e.lang == "en" and e.origin.document == "faq-2006"


def test_deterministic(text) -> None:
    def data(r):
        return [(f.path, f.kind, [entry_to_data(e) for e in f.entries]) for f in r.files]

    assert data(imp.parse(text)) == data(imp.parse(text))


# Lines that are in no entry's range on purpose:
HEADER_LINES = {1, 2}  # the title and "Updated: 3-20-2006": the game file's document record
SECOND_COPIES = {  # a ruling printed a second time under another heading: one ruling, about both
    283: "carpat-for-the-carpat-refer-to-the",  # under Diagonally
    935: "empty-is-there-a-difference-between-the", 936: "empty-is-there-a-difference-between-the",  # Unoccupied
    **{n: "camulos-do-camulos-and-wakoan-toanka-allow" for n in range(951, 957)},  # under Waköán Töánka
}


def _squash(s: str) -> str:
    return "".join(s.split())


def test_coverage(by_kind, by_id, lines) -> None:
    """Every non-blank line is a heading, a resolved See line, inside a ruling whose texts contain it, or
    listed above."""
    entities = by_kind["entities"]
    heads = {e.origin.lines[0] for e in entities}
    rulings = by_kind["rulings"]
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if not s or n in HEADER_LINES or n in heads:
            continue
        if re.match(r"^See (also )?", s):
            continue  # checked by test_every_see_reference_resolves
        if n in SECOND_COPIES:
            r = by_id[f"{G}/ruling/{SECOND_COPIES[n]}"]
            assert _squash(s.lstrip("-")) in _squash(" ".join(t.source for _, t in r.texts() if t is not r.notes))
            assert len(r.about) == 2
            continue
        owners = [r for r in rulings if r.origin.lines[0] <= n <= r.origin.lines[1]]
        assert len(owners) == 1, (n, line)
        r = owners[0]
        texts = " ".join(t.source for _, t in r.texts() if t is not r.notes)
        assert _squash(s.lstrip("-")) in _squash(texts), (n, line)
