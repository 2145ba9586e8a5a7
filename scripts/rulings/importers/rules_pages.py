"""Importer for the rules pages of an unidentified game (plain text copied from web pages).

The document is a text dump of rules web pages: headings, paragraphs, "•" bullets whose nesting is
given by indentation (2, 4, 6 spaces), labels followed by bullet lists, two tables printed one cell
per line, and lines holding only (non-breaking) spaces left over from the page layout. Nothing in
the text marks a heading as such and the pages never name the game, so:

- the headings and their nesting are listed in :data:`OUTLINE` (matched against whole lines; a
  heading that is missing or printed twice is an error, so an upstream change is noticed);
- everything else is recognised from the layout (see :func:`_blocks`);
- the glossary takes the action types from the action list itself and the other definitions from
  the sentences listed in :data:`DEFINITIONS`, each located in the text (and required to be there).

Every content line ends up in a section; the glossary quotes the same lines again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.content import originals
from rulings.importers.result import ImportResult
from rulings.model.entries import (
    Authority,
    Block,
    Document,
    Example,
    Game,
    ListBlock,
    ListItem,
    Paragraph,
    Provenance,
    Section,
    Table,
    Term,
    block_texts,
)
from rulings.model.ids import slugify, unique
from rulings.model.text import Text

FORMAT = "rules-pages"
GAME_ID = "unidentified-1"
SOURCE_NAME = "unidentified-1-rules-pages.txt"
DOCUMENT_ID = "rules-pages"
LANG = "en"

BULLETS = ("•", "◦", "▪", "‣")


@dataclass(frozen=True)
class Heading:
    title: str  # the heading line exactly as printed
    parent: str | None = None  # title of the enclosing heading
    begins_with: str | None = None  # the section starts at an earlier line beginning with this text


OUTLINE: list[Heading] = [
    Heading("Actions"),
    Heading("Interact with an Object", parent="Actions"),
    Heading("Interact with an NPC / Socialize", parent="Actions"),
    # The source prints the size rule (and its example) just before this heading; it is about
    # movement, so the section begins there (blocks stay in printed order; see its notes).
    Heading("Move a Character", parent="Actions",
            begins_with="First, confirm the size of the character."),
    Heading("Movement while Mounted", parent="Move a Character"),
    Heading("Using the Cards"),
    Heading("Expanding your Realm"),
    Heading("Lore Master Rules"),
]
"""The document's headings in printed order, with their nesting (not marked in the text itself)."""


@dataclass(frozen=True)
class Definition:
    term: str
    quote: tuple[str, ...]  # sentences quoted from the text (each found exactly once), in order
    aliases: tuple[str, ...] = ()
    related: tuple[str, ...] = ()  # term slugs
    note: str | None = None


DEFINITIONS: list[Definition] = [
    Definition("Action", (
        "Playing a card. Performing a Skill. Using an ability. These are all examples of actions being "
        "performed, and when playing the Arena format, Quest format, or Campaign format, actions are treated "
        "with the same principal logic on how they are used and when you can use them.",),
        aliases=("actions",), related=("free-actions", "checks"),
        note="The source prints “principal logic” (for “principle”)."),
    Definition("Campaign Only", (
        "These actions are only available to be used in the Campaign format, or in custom formats you allow.",),
        aliases=("Campaign only",),
        related=("interact-with-an-object", "use-a-player-non-card-skill", "interact-with-an-npc-socialize")),
    Definition("Free Actions", (
        "Free Actions are abilities and effects that instruct you to perform actions without using an allotted "
        "action, or where an action is not required to use the card, effect, or ability. These are referred to "
        "as “Free Actions”, and as the name implies, they can be performed without using your turn’s actions.",),
        aliases=("free action", "free actions", "Free actions"), related=("action", "ongoing-abilities")),
    Definition("Ongoing Abilities", (
        "Ongoing Abilities do not require actions to activate, which is similar to free actions, but they are "
        "not the same. Free Actions are abilities or cards that do not require an action to activate, but do "
        "still require manual activation. Ongoing abilities are always in effect so long as the card is in play "
        "(Equipment must be attached to a player for its Ongoing abilities to be active), and because they do "
        "not require manual activation, they are not considered \"Free Actions.\"",),
        aliases=("Ongoing abilities",), related=("free-actions",)),
    Definition("Checks", (
        "Checks are similarly resolved, whereas a player being asked to perform a check is part of using the "
        "card, effect, or ability, or responding to one. These are not actions or free actions; they are\xa0a "
        "secondary effect applied to cards and abilities, and are considered a requirement of resolving that "
        "card or ability.",),
        aliases=("check", "skill check", "skill checks"), related=("action", "free-actions")),
    Definition("Swift Action", (
        "the Swift Action ability allows players to play cards and use some abilities outside of normal turn "
        "steps and timing conventions. Cards, effects, or abilities with the Swift Action ability are “used as "
        "needed,” so special sequencing must be taken into consideration for the card and related effects to "
        "resolve correctly. These abilities effectively interrupt whatever action is being declared, and the "
        "Swift Action ability is expected to be resolved before the other action is resolved.",),
        aliases=("Swift Action ability", "Swift Actions"), related=("action",)),
    Definition("Player Skills", (
        "There are several skills available in the Campaign format only, and these Skills do not have physical "
        "representations as Skill cards do.",),
        aliases=("Player (non-card) Skill", "Player Skill"), related=("use-a-player-non-card-skill",)),
    Definition("Movement Value", (
        "All characters have a base Movement value equal to 5 units. The lowest Movement Value a character is "
        "allowed is 0 (meaning that if their value is reduced by game effects, it cannot be reduced below 0). "
        "Characters receive a bonus to their Movement Value based on their overall size and Vigor character "
        "stat.",),
        aliases=("Movement value", "movement value"), related=("vigor",)),
    Definition("Vigor", (
        "Vigor represents the character’s overall physical stamina, prowess, and capability of the character",),
        aliases=("Vigor stat",), related=("movement-value",)),
]
"""Terms the text defines in running prose: the term and the sentences that define it, quoted."""

NOTES: list[tuple[str, str]] = [
    ("principal logic", "The source prints “principal logic” (for “principle”)."),
    ("Each Action ability may only be used per turn.",
     "“Each Action ability may only be used per turn.” is printed without a count (probably “once per turn”)."),
    ("during Player’s A turn", "The source prints “during Player’s A turn” (for “Player A’s turn”)."),
    ("each player still must act to act in the first place",
     "The source prints “each player still must act to act in the first place” (sic)."),
    ("The other way this could resolve would be if Player B\xa0plays their option to heal Mookaloo",
     "Example #3: the second outcome swaps the players (Player B heals and Player C plays “Lightning "
     "Strike”, although the scenario gives “Lightning Strike” to Player B and the heal to Player C); kept as "
     "printed."),
    ("There are several skills available in the Campaign format only",
     "The two paragraphs about Player Skills (“There are several skills…”, “When using one of these Player "
     "Skills…”) follow the object examples without a heading of their own (the action list calls this action "
     "“Use a Player (non-card) Skill*”); they are kept here, where they are printed."),
    ("First, confirm the size of the character.",
     "The size rule (“First, confirm the size of the character…”) and its example are printed before the "
     "heading “Move a Character”; they belong to movement and open this section, in printed order."),
    ("30 -39", "The Vigor table prints “30 -39” (with a space) and gives +5 for 40+ (no +4 step); kept as printed."),
]
"""Editorial notes, in document order: (text printed in an entry, note); attached where the text occurs."""


# --- lines --------------------------------------------------------------------------------------


@dataclass
class Line:
    no: int  # 1-based
    indent: int
    text: str  # stripped, bullet marker removed
    bullet: bool


def _lines(source: str) -> list[Line]:
    out = []
    for i, raw in enumerate(originals.lines(source), start=1):
        if not raw.strip():  # empty, or only spaces / non-breaking spaces: page layout, not content
            continue
        stripped = raw.lstrip()
        indent = len(raw) - len(stripped)
        bullet = stripped.startswith(BULLETS)
        text = stripped[1:].strip() if bullet else stripped.strip()
        out.append(Line(i, indent, text, bullet))
    return out


# --- blocks with line numbers (converted to the model at the end) -------------------------------


@dataclass
class Item:
    line: Line
    items: list[Item] = field(default_factory=list)

    def last(self) -> int:
        return self.items[-1].last() if self.items else self.line.no

    def to_model(self) -> ListItem:
        return ListItem(Text(LANG, self.line.text), [i.to_model() for i in self.items])


def _nest(bullets: list[Line]) -> list[Item]:
    """Bullets → nested items: a bullet indented deeper than the one before is its child."""
    top: list[Item] = []
    stack: list[tuple[int, Item]] = []
    for b in bullets:
        while stack and stack[-1][0] >= b.indent:
            stack.pop()
        it = Item(b)
        (stack[-1][1].items if stack else top).append(it)
        stack.append((b.indent, it))
    return top


def _is_label(line: Line) -> bool:
    """A short one-sentence line that introduces the bullets after it (not a paragraph)."""
    return len(line.text) <= 80 and ". " not in line.text


def _is_cell(line: Line) -> bool:
    return not line.bullet and len(line.text) <= 30 and not line.text.endswith((".", ":", "!", "?"))


SIGNED = re.compile(r"^[+\-−]\d+$")


def _table(cells: list[Line]) -> Table | None:
    """A run of one-cell-per-line lines: header cells, then rows; the columns end with the bonus (+N)."""
    first_value = next((i for i, c in enumerate(cells) if i >= 2 and SIGNED.match(c.text)), None)
    if first_value is None:
        return None
    # the header has as many cells as a row, and the first row's last cell is the first value:
    # first_value == 2 * ncols - 1
    ncols, odd = divmod(first_value + 1, 2)
    if odd or ncols < 2 or len(cells) % ncols or len(cells) < 2 * ncols:
        return None
    texts = [Text(LANG, c.text) for c in cells]
    rows = [texts[i:i + ncols] for i in range(ncols, len(texts), ncols)]
    if not all(SIGNED.match(r[-1].source) for r in rows):
        return None
    return Table(header=texts[:ncols], rows=rows)


def _wrap_example(items: list[Item]) -> Block:
    lst = ListBlock([i.to_model() for i in items])
    first = items[0].line.text
    if first.startswith(("Example:", "For example")):
        return Example(blocks=[lst])
    return lst


@dataclass
class Parsed:
    blocks: list[Block]
    action_types: list[Item]  # labelled items of a definition-like list (the action types)


def _blocks(lines: list[Line]) -> Parsed:
    """Layout → blocks.

    - a run of bullets (blank lines between them allowed) is one list, nested by indentation; it is an
      Example when its first bullet starts "Example:" / "For example";
    - a label (short one-sentence line) directly followed by bullets is either an Example titled by the
      label (when the label starts with "Example", or when the paragraph introducing the run of labels
      speaks of examples), or an item of a list whose sub-items are the bullets (the action types);
    - a run of four or more short lines, each one cell, is a table;
    - any other line is a paragraph.
    """
    out: list[Block] = []
    action_types: list[Item] = []
    mode: str | None = None  # what labels mean after an introducing paragraph ending in ":"
    label_list: ListBlock | None = None
    i = 0
    n = len(lines)
    while i < n:
        ln = lines[i]
        if ln.bullet:
            j = i
            while j < n and lines[j].bullet:
                j += 1
            out.append(_wrap_example(_nest(lines[i:j])))
            label_list = None
            i = j
            continue
        nxt = lines[i + 1] if i + 1 < n else None
        if nxt is not None and nxt.bullet and _is_label(ln):
            j = i + 1
            while j < n and lines[j].bullet:
                j += 1
            items = _nest(lines[i + 1:j])
            if ln.text.startswith("Example") or mode == "examples":
                out.append(Example(blocks=[ListBlock([x.to_model() for x in items])], title=Text(LANG, ln.text)))
                label_list = None
            else:
                item = Item(ln, items)
                action_types.append(item)
                if label_list is None:
                    label_list = ListBlock([])
                    out.append(label_list)
                label_list.items.append(item.to_model())
            i = j
            continue
        j = i
        while j < n and _is_cell(lines[j]):
            j += 1
        if j - i >= 4:
            table = _table(lines[i:j])
            if table is not None:
                out.append(table)
                mode, label_list = None, None
                i = j
                continue
        out.append(Paragraph(Text(LANG, ln.text)))
        label_list = None
        mode = ("examples" if "example" in ln.text.lower() else "items") if ln.text.endswith(":") else None
        i += 1
    return Parsed(out, action_types)


# --- notes ----------------------------------------------------------------------------------------


def _block_strings(blocks: list[Block]) -> list[str]:
    return [t.source for _, t in block_texts(blocks, "b")]


def _notes_for(texts: list[str]) -> Text | None:
    found = [note for needle, note in NOTES if any(needle in t for t in texts)]
    return Text("en", "\n\n".join(found)) if found else None


# --- the document -------------------------------------------------------------------------------


def _split_sections(lines: list[Line]) -> list[tuple[Heading, Line, list[list[Line]]]]:
    """(heading, heading line, bodies), in order: the lines printed before the heading that belong to
    it (its lead-in, if any) and the lines after it, kept apart so a list does not run across it."""
    starts: list[int] = []
    for h in OUTLINE:
        hits = [k for k, ln in enumerate(lines) if not ln.bullet and ln.indent == 0 and ln.text == h.title]
        if len(hits) != 1:
            raise ValueError(f"heading {h.title!r} found {len(hits)} times (expected once)")
        starts.append(hits[0])
    if starts != sorted(starts):
        raise ValueError("headings are not in the expected order")
    if starts[0] != 0:
        raise ValueError(f"content before the first heading (line {lines[0].no})")
    begin = list(starts)
    for k, h in enumerate(OUTLINE):
        if h.begins_with:
            lo = starts[k - 1] + 1 if k else 0
            hits = [m for m in range(lo, starts[k]) if lines[m].text.startswith(h.begins_with)]
            if len(hits) != 1:
                raise ValueError(f"lead-in of {h.title!r} found {len(hits)} times (expected once)")
            begin[k] = hits[0]
    out = []
    for k, h in enumerate(OUTLINE):
        end = begin[k + 1] if k + 1 < len(OUTLINE) else len(lines)
        bodies = [lines[begin[k]:starts[k]], lines[starts[k] + 1:end]]
        out.append((h, lines[starts[k]], [b for b in bodies if b]))
    return out


def _find(lines: list[Line], quote: str) -> Line:
    hits = [ln for ln in lines if quote in ln.text]
    if len(hits) != 1:
        raise ValueError(f"definition {quote[:40]!r}… found in {len(hits)} lines (expected one)")
    return hits[0]


def parse(text: str) -> ImportResult:
    lines = _lines(text)
    sections: list[Section] = []
    ids_by_title: dict[str, str] = {}
    used: set[str] = set()
    action_types: list[Item] = []
    for h, head, bodies in _split_sections(lines):
        sid = f"{GAME_ID}/section/{unique(slugify(h.title), used)}"
        ids_by_title[h.title] = sid
        blocks: list[Block] = []
        for body in bodies:
            parsed = _blocks(body)
            blocks += parsed.blocks
            if h.title == "Actions":
                action_types += parsed.action_types
        nos = [head.no] + [ln.no for body in bodies for ln in body]
        sections.append(Section(
            id=sid, lang=LANG, provenance=[Provenance(DOCUMENT_ID, (min(nos), max(nos)))],
            notes=_notes_for(_block_strings(blocks)),
            title=Text(LANG, h.title), parent=ids_by_title[h.parent] if h.parent else None,
            blocks=blocks))

    terms = _terms(lines, action_types)
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


def _flatten(items: list[Item]) -> list[str]:
    return [t for x in items for t in [x.line.text, *_flatten(x.items)]]


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


def _terms(lines: list[Line], action_types: list[Item]) -> list[Term]:
    terms: list[Term] = []
    # the action types: "See the descriptions below for each type of Action:" — label, description bullets
    for it in action_types:
        name = it.line.text
        footnote = name.endswith("*")
        name = name.rstrip("*").rstrip()
        parts = _flatten(it.items)
        notes = [note for needle, note in NOTES if any(needle in p for p in parts)]
        if footnote:
            notes.insert(0, f"Printed “{it.line.text}”: the asterisk points to the footnote “*Campaign Only – …” "
                            "(see the term Campaign Only).")
        related = [f"{GAME_ID}/term/action"] + ([f"{GAME_ID}/term/campaign-only"] if footnote else [])
        terms.append(Term(
            id=f"{GAME_ID}/term/{slugify(name)}", lang=LANG,
            provenance=[Provenance(DOCUMENT_ID, (it.line.no, it.last()))],
            notes=Text("en", "\n\n".join(notes)) if notes else None,
            term=Text(LANG, name), definition=Text(LANG, "\n\n".join(parts)), related=related))
    for d in DEFINITIONS:
        found = [_find(lines, q) for q in d.quote]
        terms.append(Term(
            id=f"{GAME_ID}/term/{slugify(d.term)}", lang=LANG,
            provenance=[Provenance(DOCUMENT_ID, (found[0].no, found[-1].no))],
            notes=Text("en", d.note) if d.note else None,
            term=Text(LANG, d.term), aliases={LANG: list(d.aliases)} if d.aliases else {},
            definition=Text(LANG, "\n\n".join(d.quote)),
            related=[f"{GAME_ID}/term/{r}" for r in d.related]))
    ids = [t.id for t in terms]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate term ids")
    for t in terms:
        for r in t.related:
            if r not in ids:
                raise ValueError(f"{t.id}: related {r} is not a term")
    terms.sort(key=lambda t: t.origin.lines if t.origin else (0, 0))
    return terms
