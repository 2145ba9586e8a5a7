"""The Sorcery importer on the real document, read from its kept copy.

Numbers below were established by reading the document (2022 lines):
- change log: 21 dated lines (lines 7-47, one every other line); "Jan 3, 2024" (line 45) is printed
  after "Oct 22, 2024" and before "Mar 12, 2025", the only date out of order; two lines are dated
  Oct 22, 2024;
- sections: 79 = the preamble (title + one paragraph) + "Intercept vs. Defend" + "Rule Clarifications"
  + its 59 headings + 17 subheadings (3 under Stealth, 2 step lists under Adjusting a Unit's Power,
  Die/Dies under Deathrite, 11 under Large Units);
- 1 table (Intercept vs. Defend: 2 columns, 3 rows "When to use …", "Can you move?", "What happens?");
- 10 examples: Example 1-5 under Passive Effects, the two "things like" cases under Resolving
  Non-Magic Effects, the three "Bonus Complication" parts of the Complicated Storyline Example;
- FAQ: 145 card headings, three of them printed twice in a row in two spellings (Mariner's Curse,
  Moon Clan Werewolf, Orb of Ba'al Berith) -> 142 cards;
- 241 questions (every line with a question mark after "Comprehensive FAQ"), 2 without an answer
  (Orb of Ba'al Berith, line 1428; Windblast, line 1986); 11 Q&A printed identically under several
  cards, 28 printings in all, so 17 fewer rulings: 241 - 17 = 224;
- Rule Clarifications (lines 90-737) ask and answer questions too: "Q:"/"A:" pairs and bare
  questions followed by their answer; each is a ruling as well (counted from the text below);
- 27 glossary terms: 22 defined in rule sections (Disabled, Kill, Target location, Fight, Strike,
  Attack, Take a step, Push/Pull one step, X steps away, Play, Movement Paths, Location, Stops,
  At Rest, Lose, Combat, Defender, Immobile, Die/Dies, Conjure, Summon, Span of land; Conjure and
  Summon by the same answer, "mechanically identical") and 5 defined in FAQ
  answers (Fire damage, Moved by force, Royalty, Sacrificed, Traverse).
"""

from __future__ import annotations

import re
from pathlib import Path

from rulings.content.codec import entry_to_data
from rulings.importers import sorcery as so
from rulings.model.entries import (
    Change,
    Entity,
    Example,
    ListBlock,
    Paragraph,
    Ruling,
    RulingFlag,
    Section,
    Table,
    Term,
)

REPO = Path(__file__).resolve().parents[2]
GAME_DIR = REPO / "content" / so.GAME_ID
SOURCE = GAME_DIR / "sources" / so.SOURCE_NAME
G = so.GAME_ID

TEXT = SOURCE.read_text(encoding="utf-8")
LINES = TEXT.split("\n")
RESULT = so.parse(TEXT)
FILES = {f.kind: f for f in RESULT.files}
CHANGES: list[Change] = FILES["changelog"].entries  # type: ignore[assignment]
SECTIONS: list[Section] = FILES["sections"].entries  # type: ignore[assignment]
CARDS: list[Entity] = FILES["entities"].entries  # type: ignore[assignment]
ALL_RULINGS: list[Ruling] = FILES["rulings"].entries  # type: ignore[assignment]
FAQ_START = LINES.index("Comprehensive FAQ") + 1
RULINGS = [r for r in ALL_RULINGS if r.origin.lines[0] > FAQ_START]  # the FAQ part's
CLARIFICATIONS = [r for r in ALL_RULINGS if r.origin.lines[0] < FAQ_START]
TERMS: list[Term] = FILES["glossary"].entries  # type: ignore[assignment]
BY_ID = {e.id: e for f in RESULT.files for e in f.entries}


def en(t) -> str:
    return t.source


def all_blocks(blocks):
    for b in blocks:
        yield b
        if isinstance(b, Example):
            yield from all_blocks(b.blocks)


# --- counts --------------------------------------------------------------------------------------


def test_counts():
    assert len(CHANGES) == 21
    assert len(SECTIONS) == 79
    assert len(CARDS) == 142
    assert len(RULINGS) == 224
    assert len(TERMS) == 27
    assert sum(isinstance(b, Table) for s in SECTIONS for b in all_blocks(s.blocks)) == 1
    assert sum(isinstance(b, Example) for s in SECTIONS for b in all_blocks(s.blocks)) == 10
    assert sum(RulingFlag.UNANSWERED in r.flags for r in RULINGS) == 2
    merged = [r for r in RULINGS if len(r.about) > 1]
    assert len(merged) == 11 and sum(len(r.about) for r in merged) == 28
    # every printed question is a ruling, once per printing
    questions = sum(1 for n, line in enumerate(LINES, 1) if n > FAQ_START and "?" in line)
    assert questions == 241 == sum(len(r.about) for r in RULINGS)


def test_section_tree():
    top = [s for s in SECTIONS if s.parent is None]
    assert [en(s.title) for s in top] == [
        "Sorcery Comprehensive Rulebook Clarifications (Unofficial)", "Intercept vs. Defend",
        "Rule Clarifications"]
    children = {}
    for s in SECTIONS:
        children.setdefault(s.parent, []).append(s.id)
    assert len(children[f"{G}/section/rule-clarifications"]) == 59
    assert len(children[f"{G}/section/large-units"]) == 11
    assert [BY_ID[c].title.source for c in children[f"{G}/section/stealth"]] == [
        "Breaking Stealth", "Stealth + Projectiles", "Stealth + Fight"]
    assert children[f"{G}/section/deathrite"] == [f"{G}/section/die-dies"]
    assert children[f"{G}/section/adjusting-a-units-power"] == [
        f"{G}/section/determine-power", f"{G}/section/determine-damage-from-strike"]


# --- specific entries ----------------------------------------------------------------------------


def test_changelog_in_printed_order_and_flagged_date():
    assert [c.date_printed for c in CHANGES][:3] == ["Aug 1, 2023", "Feb 15, 2024", "Feb 22, 2024"]
    assert CHANGES[-1].date_printed == "Mar 12, 2025" and CHANGES[-1].date == "2025-03-12"
    flagged = [c for c in CHANGES if c.suspect_date]
    assert len(flagged) == 1
    c = flagged[0]
    assert c.id == f"{G}/change/2024-01-03"
    assert c.date_printed == "Jan 3, 2024"
    assert c.date == "2024-01-03"  # as printed, not "fixed"
    assert en(c.text) == "Askelon Phoenix and Flaming Sword FAQ"
    assert named(c) == [f"{G}/card/askelon-phoenix", f"{G}/card/flaming-sword"]
    assert "Oct 22, 2024" in en(c.suspect_note) and "2025" in en(c.suspect_note)
    assert c.origin.lines == (45, 45)
    assert CHANGES.index(c) == 19
    # the two Oct 22, 2024 lines get distinct, content-derived ids
    assert [x.id for x in CHANGES if x.date == "2024-10-22"] == [
        f"{G}/change/2024-10-22", f"{G}/change/2024-10-22-2"]


def named(c: Change) -> list[str]:
    """The cards and sections a change names (its touches without the rulings and terms it dates)."""
    return [t for t in c.touches if BY_ID[t].KIND in ("entity", "section")]


def dated(c: Change) -> list[str]:
    return [t for t in c.touches if isinstance(BY_ID[t], Ruling | Term)]


def printed_under(card: str) -> list[str]:
    """The FAQ questions printed under a card's heading (each ruling lists the headings first in ``about``)."""
    return [r.id for r in RULINGS if f"{G}/card/{card}" in r.about]


def test_changelog_touches():
    by_date = {c.id.rsplit("/", 1)[1]: c for c in CHANGES}
    assert by_date["2023-08-01"].touches == []
    assert named(by_date["2024-02-29"]) == [
        f"{G}/section/suicidal-moves-or-casting-a-minion-to-an-illegal-location",
        f"{G}/section/summoning-large-units",
        f"{G}/section/placing-a-site-where-a-unit-is-already-there",
        f"{G}/section/casting-a-minion-to-a-legal-location-that-becomes-illegal"]
    assert named(by_date["2024-03-03"]) == [f"{G}/section/at-rest-definition",
                                            f"{G}/section/carrying-other-minions"]
    # misspelt card name resolved, with a note
    c = by_date["2024-06-28"]
    assert f"{G}/card/brobdingnag-bullfrog" in c.touches
    assert "Bullfrong" in en(c.text) and "Bullfrong" in en(c.notes)
    # accent-insensitive ("Maelstrom" printed for the card "Maelström")
    assert named(by_date["2024-06-14"]) == [f"{G}/card/maelstrom", f"{G}/card/candelmas-monks"]
    # the long Arthurian list: "Enchantress" inside "Vivien the Enchantress" is not a second card
    big = by_date["2024-10-22"]
    assert f"{G}/card/vivien-the-enchantress" in big.touches
    assert f"{G}/card/enchantress" not in big.touches
    assert f"{G}/card/pigs-of-the-sounder" in big.touches and len(named(big)) == 71
    assert all(t in BY_ID for c in CHANGES for t in c.touches)


def test_each_change_dates_the_questions_and_terms_of_what_it_names():
    """A card named: every question printed under it; a section: the questions asked in it and the terms it
    defines (At Rest, added Mar 3, 2024); the card's questions follow the card, once each."""
    by_date = {c.id.rsplit("/", 1)[1]: c for c in CHANGES}
    updraft = by_date["2025-03-12"]
    assert updraft.touches == [f"{G}/card/updraft-ridge", *printed_under("updraft-ridge")]
    assert len(printed_under("updraft-ridge")) == 1
    rest = by_date["2024-03-03"]
    assert f"{G}/term/at-rest" in dated(rest)
    assert {r.id for r in CLARIFICATIONS if f"{G}/section/carrying-other-minions" in r.related} <= set(dated(rest))
    for c in CHANGES:
        assert len(c.touches) == len(set(c.touches)), c.id


def test_where_a_change_names_only_some_questions_of_a_card_the_reading_says_which():
    """"The Immortal Throne + Deathspeaker" dates the Throne's question about Deathspeaker, not Deathspeaker's
    own; "to match Sparkmage's official FAQ" the three "Must … be the spellcaster" answers."""
    by_date = {c.id.rsplit("/", 1)[1]: c for c in CHANGES}
    june = by_date["2024-06-28"]
    throne = [r for r in dated(june) if "/ruling/the-immortal-throne" in r]
    assert throne == [f"{G}/ruling/the-immortal-throne-casting-minion-spell-via-deathspeaker"]
    assert not set(printed_under("deathspeaker")) & set(dated(june))
    spark = by_date["2024-10-22-2"]
    musts = [r for r in dated(spark) if "must-spellcaster" in r]
    assert len(musts) == 3 and len(dated(spark)) == 5


def test_where_the_log_leaves_open_which_questions_a_note_says_so():
    by_date = {c.id.rsplit("/", 1)[1]: c for c in CHANGES}
    thunder = by_date["2024-04-11"]
    n = len(printed_under("thunderstorm"))
    assert n > 1 and set(printed_under("thunderstorm")) <= set(dated(thunder))
    assert f"{n} questions printed under Thunderstorm" in en(thunder.notes)
    assert by_date["2025-03-12"].notes is None  # one question: nothing left open


def test_intercept_vs_defend_table():
    s = BY_ID[f"{G}/section/intercept-vs-defend"]
    assert s.origin.lines == (49, 79)
    assert isinstance(s.blocks[0], Paragraph)
    table = s.blocks[1]
    assert isinstance(table, Table)
    assert [en(h) for h in table.header] == ["Intercept", "Defend"]
    assert len(table.rows) == 3
    assert en(table.rows[0][0]) == (
        "When to use Intercept\nWhen an enemy enters a location (via the Move and Attack basic ability) "
        "and isn’t attacking there, you may tap to intercept at that location.")
    assert en(table.rows[1][1]) == (
        "Can you move?\n\nYes! Your unit moves using powers like Burrowing, Submerge, Airborne, Voidwalk, "
        "and/or Movement +X (and/or Moves Freely).")
    assert en(table.rows[2][0]).startswith("What happens?\nThe enemy stops moving")


def test_step_lists():
    s = BY_ID[f"{G}/section/determine-power"]
    assert s.parent == f"{G}/section/adjusting-a-units-power"
    (steps,) = s.blocks
    assert isinstance(steps, ListBlock) and steps.ordered
    assert [en(i.text) for i in steps.items] == [
        "Apply anything that sets the power directly (e.g. Shrink)",
        "Apply any additions, then subtractions to power.",
        "Apply any multiplication to power. (If division is possible in the future, we’ll update this "
        "for rounding.)",
        "A unit’s final power cannot be below zero."]
    assert [en(i.text) for i in steps.items[0].items] == [
        "If multiple effects set power, apply the most recent one."]
    # hand-numbered "1) 2) 3)": markers stripped, order kept
    kills = BY_ID[f"{G}/section/definition-of-kills"]
    assert isinstance(kills.blocks[1], ListBlock) and kills.blocks[1].ordered
    assert en(kills.blocks[1].items[0].text) == "Did the killer strike, which would cause the minion to die?"
    # "things that all happen simultaneously" are bullets, not steps
    at_rest = BY_ID[f"{G}/section/at-rest-definition"]
    assert isinstance(at_rest.blocks[1], ListBlock) and not at_rest.blocks[1].ordered
    assert len(at_rest.blocks[1].items) == 4


def test_examples():
    s = BY_ID[f"{G}/section/passive-effects-in-detail"]
    examples = [b for b in s.blocks if isinstance(b, Example)]
    assert [en(e.title) for e in examples] == [
        "Example 1 - Control cannot be shared", "Example 2 - Opposite Results",
        "Example 3 - Cascading Changes", "Example 4 - Infinite Loop - Stop at the First Repeated Step",
        "Example 5 - Infinite Loops, Complex Example"]
    ex3 = examples[2]
    storyline = ex3.blocks[1]
    assert isinstance(storyline, ListBlock) and storyline.ordered
    assert [en(i.text) for i in storyline.items] == [
        "Basilisk Move from Site 2 (surface) -> Site 3 (surface)", "Basilisk attack Site 3"]
    c = BY_ID[f"{G}/section/complicated-storyline-example"]
    bonus = [b for b in c.blocks if isinstance(b, Example)]
    assert [en(b.title) for b in bonus] == [
        "Bonus Complication: Same Controller", "Bonus Complication: Mariner’s Curse",
        "Bonus Complication: Simultaneous Movement"]
    curse = bonus[1].blocks[1]
    assert en(curse.items[0].text) == "done) Shark moves from site A (subsurface) to site A (surface)"
    assert len(curse.items) == 5
    # an item printed over two lines (the first ends with a comma) stays one item
    sim = bonus[2].blocks
    setup = sim[1]
    assert en(setup.items[0].text) == "A = Maelström, with an Adept Illusionist."
    assert len(setup.items) == 4
    one = next(b for b in sim if isinstance(b, ListBlock) and b.ordered)
    assert en(one.items[0].text) == ("Foot Soldier moves site B -> A, Frog moves site B -> A,\n"
                                     "Giant Shark moves site B -> A, Unicorn moves site D -> C")


def test_double_spelled_card():
    card = BY_ID[f"{G}/card/mariners-curse"]
    assert en(card.name) == "Mariner's Curse"
    assert card.aliases == {"en": ["Mariner’s Curse"]}
    assert card.origin.lines == (1322, 1324)
    about = [r for r in RULINGS if card.id in r.about]
    assert len(about) == 2
    orb = BY_ID[f"{G}/card/orb-of-baal-berith"]
    assert orb.aliases == {"en": ["Orb of Ba’al Berith"]}
    assert len([r for r in RULINGS if orb.id in r.about]) == 4
    wolf = BY_ID[f"{G}/card/moon-clan-werewolf"]
    assert en(wolf.name) == "Moon Clan Werewolf" and wolf.aliases == {"en": ["Moon Clan werewolf"]}


def printed_clarification_questions() -> list[int]:
    """Line numbers of the questions asked in Rule Clarifications, read off the kept original: a "Q:"
    line, or a paragraph ending with "?" that is not a heading, not an item of a hand-numbered checklist
    ("1) Did the killer strike…?") and not a line of the worked examples' dialogue ("Game says: …?")."""
    start = LINES.index("Rule Clarifications") + 1
    headings = {en(s.title) for s in SECTIONS}
    return [n for n, line in enumerate(LINES[start:FAQ_START - 1], start + 1)
            if line.startswith("Q:") or (line.rstrip().endswith("?") and line.strip() not in headings
                                         and not re.match(r"\d+\) |Game says:", line))]


def test_clarification_questions_are_rulings():
    asked = printed_clarification_questions()
    assert sum(LINES[n - 1].startswith("Q:") for n in asked) == sum(line.startswith("Q:") for line in LINES)
    assert len(CLARIFICATIONS) == len(asked)
    by_section = {s.id: s for s in SECTIONS}
    for r, n in zip(sorted(CLARIFICATIONS, key=lambda r: r.origin.lines), asked, strict=True):
        first, last = r.origin.lines
        assert first <= n < last
        question = LINES[n - 1].removeprefix("Q: ")
        assert en(r.question).endswith(question)
        # the answer is the lines after the question as printed, without the "A:" mark
        answer = [t.removeprefix("A: ") for t in LINES[n:last] if t.strip()]
        assert en(r.answer).replace("\n\n", "\n").split("\n") == answer
        # linked to the section that prints it, which keeps the text
        (sid,) = [x for x in r.related if x.startswith(f"{G}/section/")]
        s = by_section[sid]
        a, b = s.origin.lines
        assert a < first and last <= b
        paragraphs = [en(blk.text) for blk in all_blocks(s.blocks) if isinstance(blk, Paragraph)]
        assert LINES[n - 1] in paragraphs
        # listed on the cards it names
        for cid in r.about:
            assert en(BY_ID[cid].name) in en(r.question) + en(r.answer)
    unmarked = [n for n in asked if not LINES[n - 1].startswith("Q:")]
    assert unmarked and len(unmarked) < len(asked)


def test_clarification_with_its_scenario():
    r = BY_ID[f"{G}/ruling/defender-getting-disabled-avatar-earth-attacks-site-apprentice"]
    assert en(r.question).startswith("Player 1 controls sites A and B, with an Apprentice Wizard on site B.\n\n")
    assert en(r.question).endswith("Does it have time to redirect the Avatar’s attack to itself before getting "
                                   "disabled?")
    assert en(r.answer).startswith("No. The Apprentice Wizard moves onto site A")
    assert r.about == [f"{G}/card/root-spider"]
    assert r.related == [f"{G}/section/defender-getting-disabled-or-immobilized-when-moving-onto-a-site"]
    sleeves = BY_ID[f"{G}/ruling/card-sleeves-am-required-use"]  # Q: and A: on consecutive lines
    assert en(sleeves.question) == "Am I required to use sleeves?"
    assert en(sleeves.answer).startswith("If you have one or more foils in your deck, yes")


def test_repeated_qa_stored_once():
    r = BY_ID[f"{G}/ruling/beast-of-burden-picks-up-another-minion-basic"]
    assert en(r.question) == "When this picks up another minion, is that a basic ability?"
    assert en(r.answer) == "Yes."
    assert r.about == [f"{G}/card/beast-of-burden", f"{G}/card/haast-eagle", f"{G}/card/phantom-steed",
                       f"{G}/card/zephyranne-airship"]
    assert r.origin.lines == (811, 813)
    assert "Printed identically under" in en(r.notes)
    who = [x for x in RULINGS if en(x.question) == "Who controls the minion after it's summoned?"]
    assert len(who) == 1 and len(who[0].about) == 4
    # near-identical wording is not merged, but linked both ways
    a = BY_ID[f"{G}/ruling/mountain-pass-two-minions-enter-same-time"]
    b = BY_ID[f"{G}/ruling/windblast-two-units-enter-mountain-pass"]
    assert a.related == [b.id] and b.related == [a.id]


def test_unanswered_question():
    r = BY_ID[f"{G}/ruling/windblast-theres-already-minion-mountain-pass"]
    assert r.flags == [RulingFlag.UNANSWERED]
    assert r.answer is None
    assert en(r.question) == ("If there’s already a minion on Mountain Pass, can a different minion move "
                              "onto it with simultaneous movement from Windblast?")
    assert r.about == [f"{G}/card/windblast"]
    assert r.origin.lines == (1986, 1986)
    assert r.related == [f"{G}/ruling/mountain-pass-theres-already-minion-different-minion"]
    orb = BY_ID[f"{G}/ruling/orb-of-baal-berith-target-same-site-twice-casting"]
    assert orb.flags == [RulingFlag.UNANSWERED]
    assert orb.related == [f"{G}/ruling/craterize-target-same-site-twice-casting"]


def test_multi_paragraph_answer_and_cross_reference():
    r = BY_ID[f"{G}/ruling/merlin-merlins-ability-work-time-actually"]
    assert en(r.answer).startswith("This is an activated ability. Per the rulebook (page 27):\n\n"
                                   "Only the controller of the card can use it\nOnly during your Main Phase")
    assert r.origin.lines == (1336, 1346)
    esc = BY_ID[f"{G}/ruling/escyllion-cyclops-attacked-directly-nothing-else-happens"]
    assert esc.related == [f"{G}/section/defender-definition", f"{G}/term/defender"]
    arch = BY_ID[f"{G}/ruling/archimago-using-ability-must-caster"]  # Q and A on consecutive lines
    assert en(arch.answer) == "No, any of your spellcasters can cast the copied spell."


def test_glossary():
    by = {en(t.term): t for t in TERMS}
    assert {"Disabled", "At Rest", "Lose", "Combat", "Defender", "Immobile", "Kill"} <= set(by)
    d = by["Disabled"]
    assert d.id == f"{G}/term/disabled"
    assert d.aliases == {"en": ["disabled", "disable"]}
    assert en(d.definition).startswith("While disabled, a minion has no abilities")
    assert d.origin.lines == (85, 89)
    assert by["At Rest"].aliases == {"en": ["at rest"]}
    assert by["At Rest"].related == [f"{G}/term/stops"]
    lose = by["Lose"]
    assert en(lose.definition).startswith("“Lose” really means \"lose, can't gain, and can't have.\"")
    assert en(lose.definition).endswith("Sir Bors the Younger, Pebbled Paths.")
    assert by["Sacrificed"].origin.lines == (1616, 1616)


def test_game_and_document():
    g = RESULT.game
    assert g.id == "sorcery" and g.maintainer == "Ira Fay"
    assert g.publisher == "Erik’s Curiosa HQ" and f"If/when {g.publisher} publishes" in LINES[2]  # as printed
    (doc,) = g.documents
    assert doc.id == "clarifications" and RESULT.document_id == "clarifications"
    assert en(doc.title) == "Sorcery Comprehensive Rulebook Clarifications (Unofficial)"
    # no "updated" line in the document: it is not dated by its latest change log line
    assert doc.date_printed is None and doc.date is None
    # "These are unofficial rule clarifications … with significant support from the Sorcery League judge team"
    assert doc.authority == "judge-team" and "unofficial" in LINES[2] and "judge team" in LINES[2]


# --- ids, determinism, coverage, validation ------------------------------------------------------


def test_ids_unique_and_well_formed():
    ids = [e.id for f in RESULT.files for e in f.entries]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(f"{G}/") for i in ids)
    assert all(e.lang == "en" and e.origin.document == "clarifications"
               for f in RESULT.files for e in f.entries)


def test_deterministic():
    again = so.parse(TEXT)
    assert [[entry_to_data(e) for e in f.entries] for f in RESULT.files] == \
        [[entry_to_data(e) for e in f.entries] for f in again.files]


# Lines that carry no content of their own: the part headings whose content is a whole file
# (changelog.yml; entities.yml + rulings.yml).
NOISE = {5: "Change Log", 738: "Comprehensive FAQ"}


def test_coverage():
    covered: set[int] = set()
    for f in RESULT.files:
        for e in f.entries:
            a, b = e.origin.lines
            covered.update(range(a, b + 1))
    card_starts = sorted((c.origin.lines[0], c.id) for c in CARDS)
    for n, line in enumerate(LINES, 1):
        t = line.strip()
        if not t or n in covered:
            continue
        if n in NOISE:
            assert t == NOISE[n]
            continue
        # a repeat of a Q&A stored once: the ruling names the card this line is printed under
        # and carries the line's text
        card = [cid for start, cid in card_starts if start < n][-1]
        hits = [r for r in RULINGS if card in r.about and len(r.about) > 1
                and (t == en(r.question) or (r.answer and t in en(r.answer).split("\n")))]
        assert hits, f"line {n} is not covered: {t!r}"
