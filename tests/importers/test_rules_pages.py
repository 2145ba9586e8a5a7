"""The rules-pages importer (unidentified game 1) on the real document, read from its kept copy.

Numbers below were established by reading the document (290 lines; 2 spaces per bullet level):
- 8 headings: Actions; Interact with an Object; Interact with an NPC / Socialize; Move a Character;
  Movement while Mounted; Using the Cards; Expanding your Realm; Lore Master Rules;
- 2 tables, printed one cell per line: Size / Movement Value Bonus (5 rows) and
  Vigor Stat Total / Movement Value Bonus (5 rows);
- 13 examples: "Examples of Free actions:", "Examples of Checks:", "Example #1/#2/#3", the four
  "Your Hero wants to …" cases and the two NPC cases (both introduced as "common examples"), the
  "For example, a colossal character …" bullet and the "Example: Captain Shank …" bullets;
- 18 bullet lists: 13 inside those examples, 5 outside (the action types, "Free Actions vs Ongoing
  Abilities", "Any opponent effects …", "If another player is responding …", the two Move a Character
  bullets); no numbered steps anywhere;
- 23 paragraphs (one per non-bullet prose line);
- 8 action types listed under "See the descriptions below for each type of Action:";
- 17 glossary terms: Action, the 8 action types, Campaign Only, Free Actions, Ongoing Abilities,
  Checks, Swift Action, Player Skills, Movement Value, Vigor.
"""

from __future__ import annotations

from pathlib import Path

from rulings.content.codec import entry_to_data
from rulings.importers import rules_pages as rp
from rulings.model.entries import Example, ListBlock, ListItem, Paragraph, Section, Table, Term, block_texts

REPO = Path(__file__).resolve().parents[2]
GAME_DIR = REPO / "content" / rp.GAME_ID
SOURCE = GAME_DIR / "sources" / rp.SOURCE_NAME
G = rp.GAME_ID

TEXT = SOURCE.read_text(encoding="utf-8")
RESULT = rp.parse(TEXT)
FILES = {f.kind: f for f in RESULT.files}
SECTIONS: list[Section] = FILES["sections"].entries  # type: ignore[assignment]
TERMS: list[Term] = FILES["glossary"].entries  # type: ignore[assignment]
BY_ID = {e.id: e for f in RESULT.files for e in f.entries}


def walk(blocks):
    for b in blocks:
        yield b
        if isinstance(b, Example):
            yield from walk(b.blocks)


def all_blocks():
    return [b for s in SECTIONS for b in walk(s.blocks)]


def count_items(items: list[ListItem]) -> int:
    return sum(1 + count_items(i.items) for i in items)


def src(texts) -> list[str]:
    return [t.source for t in texts]


def test_game_and_files():
    g = RESULT.game
    assert (g.id, g.lang, g.identified) == ("unidentified-1", "en", False)
    assert RESULT.document_id == "rules-pages"
    assert [d.id for d in g.documents] == ["rules-pages"]
    assert g.documents[0].file == "sources/unidentified-1-rules-pages.txt"
    assert [(f.path, f.kind) for f in RESULT.files] == [("sections.yml", "sections"), ("glossary.yml", "glossary")]


def test_display_name_is_drawn_from_the_pages():
    """The pages never name the game: readers see the formats it is played in and its Lore Master."""
    name = RESULT.game.name.source
    formats, _, referee = name.partition(" card game with a ")
    assert referee in TEXT and formats.count(" / ") == 2
    assert f"the {', '.join(f + ' format' for f in formats.split(' / ')[:2])}, or {formats.split(' / ')[2]} format" \
        in TEXT


def test_sections_and_nesting():
    assert [(s.slug, s.title.source, s.parent) for s in SECTIONS] == [
        ("actions", "Actions", None),
        ("interact-with-an-object", "Interact with an Object", f"{G}/section/actions"),
        ("interact-with-an-npc-socialize", "Interact with an NPC / Socialize", f"{G}/section/actions"),
        ("move-a-character", "Move a Character", f"{G}/section/actions"),
        ("movement-while-mounted", "Movement while Mounted", f"{G}/section/move-a-character"),
        ("using-the-cards", "Using the Cards", None),
        ("expanding-your-realm", "Expanding your Realm", None),
        ("lore-master-rules", "Lore Master Rules", None),
    ]
    assert [s.origin.lines for s in SECTIONS] == [
        (1, 126), (128, 177), (181, 203), (205, 270), (273, 275), (277, 279), (283, 285), (289, 291)]
    assert all(s.lang == "en" and s.origin.document == "rules-pages" for s in SECTIONS)


def test_block_counts():
    bs = all_blocks()
    assert sum(isinstance(b, Table) for b in bs) == 2
    assert sum(isinstance(b, Example) for b in bs) == 13
    assert sum(isinstance(b, ListBlock) for b in bs) == 18
    assert sum(isinstance(b, ListBlock) for s in SECTIONS for b in s.blocks) == 5  # lists outside examples
    assert not any(isinstance(b, ListBlock) and b.ordered for b in bs)  # the pages number no steps
    # paragraphs: Actions 11 (lines 3 7 11 52 54 62 66 87 91 95 99), Object 4 (130 173 175 177), NPC 1 (183),
    # Move a Character 3 (205 239 265), one each in the last four sections
    assert sum(isinstance(b, Paragraph) for b in bs) == 23
    # every bullet line is a list item; the 8 action-type labels are list items too
    bullets = sum(1 for line in TEXT.split("\n") if line.strip().startswith(("•", "◦")))
    assert bullets == 82
    assert sum(count_items(b.items) for b in bs if isinstance(b, ListBlock)) == bullets + 8


def test_movement_tables():
    move = BY_ID[f"{G}/section/move-a-character"]
    tables = [b for b in move.blocks if isinstance(b, Table)]
    assert len(tables) == 2
    size, vigor = tables
    assert src(size.header) == ["Size", "Movement Value Bonus"]
    assert [src(r) for r in size.rows] == [
        ["Tiny", "+0"], ["Small", "+0"], ["Medium", "+0"], ["Large", "+3"], ["Colossal", "+6"]]
    assert src(vigor.header) == ["Vigor Stat Total", "Movement Value Bonus"]
    assert [src(r) for r in vigor.rows] == [
        ["0-9", "+0"], ["10-19", "+1"], ["20-29", "+2"], ["30 -39", "+3"], ["40+", "+5"]]
    # one row cell by cell: language and exact source text
    row = vigor.rows[3]
    assert (row[0].lang, row[0].source, row[0].translations) == ("en", "30 -39", {})
    assert (row[1].lang, row[1].source, row[1].translations) == ("en", "+3", {})
    assert size.caption is None and vigor.caption is None
    # the tables sit where they are printed: after the bullets, the Vigor paragraph between them
    kinds = [type(b).__name__ for b in move.blocks]
    assert kinds == ["Paragraph", "Example", "ListBlock", "Table", "Paragraph", "Table", "Paragraph", "Example"]
    assert "“30 -39”" in move.notes.source


def test_nested_action_list():
    actions = BY_ID[f"{G}/section/actions"]
    lst = actions.blocks[3]
    assert isinstance(lst, ListBlock) and not lst.ordered
    assert [i.text.source for i in lst.items] == [
        "Draw a card", "Move/Transfer equipment", "You may change or set your Signature Skill",
        "Use an Action ability", "Play a card", "Interact with an Object*", "Use a Player (non-card)\xa0Skill*",
        "Interact with an NPC / Socialize*"]
    move = lst.items[1]
    assert len(move.items) == 1
    assert move.items[0].text.source == ("Move one equipped item from a character you control to another "
                                         "character you control.")
    assert [i.text.source for i in move.items[0].items] == [
        "Transferring equipment is also an option, but both players must have the available equipment slots "
        "to do so, as mentioned in the Arena format rules."]
    assert lst.items[5].items[0].text.source == ("*[Campaign only.] Move, pick up, break, or interact with an "
                                                 "in-game object (card or otherwise).")


def test_three_level_nesting_in_example():
    actions = BY_ID[f"{G}/section/actions"]
    ex3 = actions.blocks[-1]
    assert isinstance(ex3, Example) and ex3.title.source == "Example #3 – Timing Matters:"
    (lst,) = ex3.blocks
    assert len(lst.items) == 2 and len(lst.items[1].items) == 2
    deep = lst.items[1].items[1].items
    assert len(deep) == 1 and deep[0].text.source.startswith(
        "This is harder to do, and is part of the \"anticipating your opponent's actions\" concept")


def test_examples():
    actions = BY_ID[f"{G}/section/actions"]
    titles = [b.title.source for b in actions.blocks if isinstance(b, Example)]
    assert titles == ["Examples of Free actions:", "Examples of Checks:", "Example #1 – Defensive Timing:",
                      "Example #2 – Multiple Swift Actions:", "Example #3 – Timing Matters:"]
    obj = BY_ID[f"{G}/section/interact-with-an-object"]
    assert [b.title.source for b in obj.blocks if isinstance(b, Example)] == [
        "Your Hero wants to pick up an object and move it.",
        "Your Hero wants to take an object (legally or illegally).",
        "Your Hero wants to throw an object or use it as a weapon.",
        "Your Hero wants to break an object or break into an object."]
    npc = BY_ID[f"{G}/section/interact-with-an-npc-socialize"]
    assert [b.title.source for b in npc.blocks if isinstance(b, Example)] == [
        "Perform an Exchange of Currency or Goods", "Socialize with an NPC / Player"]
    shank = BY_ID[f"{G}/section/move-a-character"].blocks[-1]
    assert shank.title is None
    assert [i.text.source for i in shank.blocks[0].items] == [
        "Example: Captain Shank is a large-sized character.",
        "His Base Movement Value is 5. He has a 16 Vigor stat value.",
        "Captain Shank (Base 5) + Large + (Size +3) + Vigor (16 = +1) = 9 Movement Value."]


def test_text_kept_exactly():
    actions = BY_ID[f"{G}/section/actions"]
    p = actions.blocks[1]
    assert isinstance(p, Paragraph)
    assert p.text.source.startswith("Each player is granted three (3) actions")
    assert "Beginning\xa0phase,\xa0and they expire at the end of that player’s turn" in p.text.source
    assert "“free actions”" in p.text.source
    assert actions.blocks[4].text.source.startswith("*Campaign Only – These actions")


def test_terms():
    assert len(TERMS) == 17
    assert [t.slug for t in TERMS] == [
        "action", "draw-a-card", "move-transfer-equipment", "you-may-change-or-set-your-signature-skill",
        "use-an-action-ability", "play-a-card", "interact-with-an-object", "use-a-player-non-card-skill",
        "interact-with-an-npc-socialize", "campaign-only", "free-actions", "ongoing-abilities", "checks",
        "swift-action", "player-skills", "movement-value", "vigor"]
    lines = TEXT.split("\n")
    for t in TERMS:  # each definition is quoted from the lines of its provenance
        a, b = t.origin.lines
        span = "\n".join(lines[a - 1:b])
        for part in t.definition.source.split("\n\n"):
            assert part in span, t.id
        assert t.related and all(r in BY_ID for r in t.related)
    free = BY_ID[f"{G}/term/free-actions"]
    assert free.term.source == "Free Actions"
    assert free.definition.source.startswith("Free Actions are abilities and effects that instruct you")
    assert free.aliases == {"en": ["free action", "free actions", "Free actions"]}
    assert free.origin.lines == (54, 54)
    swift = BY_ID[f"{G}/term/swift-action"]
    assert swift.definition.source.startswith("the Swift Action ability allows players to play cards")
    obj = BY_ID[f"{G}/term/interact-with-an-object"]
    assert obj.term.source == "Interact with an Object"
    assert obj.related == [f"{G}/term/action", f"{G}/term/campaign-only"]
    assert "Interact with an Object*" in obj.notes.source
    mte = BY_ID[f"{G}/term/move-transfer-equipment"]
    assert mte.origin.lines == (19, 22)
    assert mte.definition.source.count("\n\n") == 1


def test_section_term_links():
    assert BY_ID[f"{G}/section/interact-with-an-object"].related == [f"{G}/term/interact-with-an-object"]


def test_ids_unique_and_stable():
    ids = [e.id for f in RESULT.files for e in f.entries]
    assert len(ids) == len(set(ids)) == 25


def test_deterministic():
    again = rp.parse(TEXT)
    assert [[entry_to_data(e) for e in f.entries] for f in again.files] == \
           [[entry_to_data(e) for e in f.entries] for f in RESULT.files]


def test_coverage():
    """Every line with content is inside a section's range, and its text is a section text exactly once."""
    ranges = [s.origin.lines for s in SECTIONS]
    texts: list[str] = []
    for s in SECTIONS:
        texts += [t.source for _, t in [("title", s.title), *block_texts(s.blocks, "b")]]
    for no, line in enumerate(TEXT.split("\n"), start=1):
        content = line.strip()  # str.strip also removes the non-breaking spaces of layout-only lines
        if not content:
            continue
        assert any(a <= no <= b for a, b in ranges), no
        if content.startswith(("•", "◦")):
            content = content[1:].strip()
        assert content in texts, no
    n_content = sum(1 for line in TEXT.split("\n") if line.strip())
    assert len(texts) == n_content  # nothing invented, nothing duplicated
