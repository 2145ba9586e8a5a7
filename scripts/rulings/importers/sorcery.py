"""Importer for the fan-maintained "Sorcery Comprehensive Rulebook Clarifications (Unofficial)".

The source is a plain-text export of a Google Doc (maintained by Ira Fay). The export keeps one
paragraph per line, separates most paragraphs by a blank line, and writes bullets and list items as
consecutive lines; it loses heading levels, bullets and numbering (except where the author typed
"1)" or "done)" by hand). The document has four parts, in this order:

1. a preamble (title + one paragraph) and a dated **change log** (``changelog.yml``);
2. **Intercept vs. Defend**, a two-column comparison (a :class:`Table` in ``sections.yml``);
3. **Rule Clarifications**: rules prose, one :class:`Section` per heading (``sections.yml``), with
   examples as :class:`Example` blocks and step lists as ordered :class:`ListBlock`;
4. **Comprehensive FAQ**: one card heading after another, each followed by questions and answers
   (``entities.yml`` cards, ``rulings.yml`` Q&A).

Definitions the document gives become glossary terms (``glossary.yml``).

Because the export has no heading markup, the outline of part 3 (which lines are headings and how
they nest) is stated below in ``OUTLINE`` and checked against the text; card headings of part 4 are
recognised by their shape (a short line on its own, followed by a question).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from rulings.importers.result import ImportResult
from rulings.model.entries import (
    Block,
    Change,
    Document,
    Entity,
    EntityType,
    Example,
    Game,
    ListBlock,
    ListItem,
    Paragraph,
    Provenance,
    Ruling,
    RulingFlag,
    Section,
    Table,
    Term,
)
from rulings.model.ids import fold_accents, slugify, unique
from rulings.model.text import Text

FORMAT = "sorcery-clarifications"
GAME_ID = "sorcery"
SOURCE_NAME = "sorcery-rulebook-clarifications.txt"
DOC_ID = "clarifications"
LANG = "en"

CHANGELOG_HEADING = "Change Log"
INTERCEPT_HEADING = "Intercept vs. Defend"
RULES_HEADING = "Rule Clarifications"
FAQ_HEADING = "Comprehensive FAQ"

# "Change Log" and "Comprehensive FAQ" are part headings whose content is a whole file; they carry
# no content of their own. "Rule Clarifications" is kept as a section: its subsections point at it.

# --- the outline of "Rule Clarifications" --------------------------------------------------------
# (title as printed, parent title or None for a direct child of "Rule Clarifications"), in order.
# Nesting is evident in the text: "Stealth" is immediately followed by its subsections, "Deathrite"
# introduces "the paradigm described below", "Large Units" says "Here are some clarifications:",
# and "Adjusting a Unit's Power" refers to "the steps below" / "the order described below".
OUTLINE: list[tuple[str, str | None]] = [
    ("“Disabled” Definition", None),
    ("What is the Storyline and How Does it Work?", None),
    ("Definition of “Kills”", None),
    ("Regions, Targeting, and Steps", None),
    ("Fight vs. Attack vs. Strike", None),
    ("Take a step vs. X steps away vs. Push/Pull one step", None),
    ("Forced Movement Effects Over Multiple Squares", None),
    ("Defender Leaving Attack during the Attack or Becoming Unattackable", None),
    ("Defender Getting Disabled or Immobilized When Moving onto a Site", None),
    ("Declaring + Casting Spells", None),
    ("Monuments", None),
    ("Timing", None),
    ("Casting a Minion to a Legal Location that Becomes Illegal", None),
    ("Declaring Targets", None),
    ("“Play” Terminology", None),
    ("Playing Sites, In Detail", None),
    ("Moving Between Sites As If They Are Adjacent", None),
    ("Definition of Movement Paths", None),
    ("Maximum and Minimum Life", None),
    ("Taking Steps with Burrowing / Submerge", None),
    ("Airborne + Voidwalk/Subsurface", None),
    ("Split Power Minions + Calculating Their Power", None),
    ("Stealth", None),
    ("Breaking Stealth", "Stealth"),
    ("Stealth + Projectiles", "Stealth"),
    ("Stealth + Fight", "Stealth"),
    ("Timing of “Damage Dealt” and “Kills”", None),
    ("Timing of Death's Door Check", None),
    ("Timing of Death Blow Check", None),
    ("Summoning + Spellcaster’s Region", None),
    ("Resolving Non-Magic Effects + Original Source Isn’t In the Realm", None),
    ("Placing a Site Where a Unit is Already There", None),
    ("Void + Location Definition", None),
    ("Spellcasters that Occupy Multiple Regions", None),
    ("At the end of your turn vs. Until the end of your turn", None),
    ("Stops vs. At Rest", None),
    ("“At Rest” Definition", None),
    ("“Lose” Definition", None),
    ("“Combat” Definition", None),
    ("“Defender” definition", None),
    ("“Immobile” is a keyword", None),
    ("[X]bound, Silence, and Disable Don’t Remove Themselves", None),
    ("Lance applies as it enters, even if Disabled or Silenced", None),
    ("Adjusting a Unit’s Power", None),
    ("Determine Power", "Adjusting a Unit’s Power"),
    ("Determine Damage from Strike", "Adjusting a Unit’s Power"),
    ("Shooting Projectiles, In Detail", None),
    ("Once During Your Turn", None),
    ("Deathrite", None),
    ("Die/Dies", "Deathrite"),
    ("Cards Changing Zones After Being Targeted", None),
    ("Carrying Other Minions", None),
    ("No Sites in Hand Turn 1", None),
    ("Suicidal Moves or Casting a Minion to an Illegal Location", None),
    ("0 Power Minions", None),
    ("Attacking vs. Two Defenders", None),
    ("Incorrect Verb for the Action Attempted", None),
    ("Mandatory Search Effects", None),
    ("Choosing a Span of Land or Body of Water, In Detail", None),
    ("Large Units", None),
    ("Enchantress", "Large Units"),
    ("Summoning Large Units", "Large Units"),
    ("Pulling / Pushing Large Units", "Large Units"),
    ("Large Unit + Carrying an Artifact or Other Unit", "Large Units"),
    ("Large Unit Being Carried", "Large Units"),
    ("Defending against Large Creatures", "Large Units"),
    ("Forceful Burrowing/Submerging of Large Minions", "Large Units"),
    ("Forceful Burrowing while Carrying Large Minions", "Large Units"),
    ("Large Unit Shrinking to Occupy Only 1 Location", "Large Units"),
    ("Defending with Large Units", "Large Units"),
    ("Large Unit Being Forcefully Moved + Silence Aura", "Large Units"),
    ("Card Sleeves", None),
    ("Passive Effects, In Detail", None),
    ("Further Storyline Details", None),
    ("Complicated Storyline Example", None),
    ("Other Examples?", None),
]

# Sections whose whole body is a list of steps (printed one step per line, unnumbered; the
# headings introduce them as "the steps below" / "in the order described below"). Lines listed
# as sub-steps are nested under the step printed before them.
STEP_SECTIONS: dict[str, set[str]] = {
    "Determine Power": {"If multiple effects set power, apply the most recent one."},
    "Determine Damage from Strike": set(),
}

# Lines that start an Example block (the example runs to the next one or the end of the section).
EXAMPLE_TITLE_RE = re.compile(r"^(Example \d+ - .+|Bonus Complication: .+)$")
EXAMPLE_TITLES: dict[str, set[str]] = {
    # "This is relevant for things like:" followed by two titled examples.
    "Resolving Non-Magic Effects + Original Source Isn’t In the Realm": {
        "Ultimate Horror + Evil Presence + lots of minions appearing",
        "Similar example with Mariner’s Curse + multiple minions entering the location at the same moment.",
    },
}

# A list after one of these lead-ins is a storyline: its order matters (the text refers to its
# items as (1)…(5)); other lists (things that "all happen simultaneously", bullets) are unordered.
ORDERED_LEADIN_RE = re.compile(
    r"(storyline (is|is now|looks like this|looks like this now|will look like this)"
    r"|looked like this at that time|we have|into two events|this order):$",
    re.IGNORECASE)
NUMBERED_RE = re.compile(r"^(\d+)\)\s+(.*)$")
DONE_RE = re.compile(r"^done\)\s")
QA_RE = re.compile(r"^[QA]:\s")
LABEL_ITEM_RE = re.compile(r"^\S{1,3} = ")

# Cross-references printed in sections: section title -> [(kind, key)] ("section", title) or
# ("card", name).
SECTION_RELATED: dict[str, list[tuple[str, str]]] = {
    # "For further details and a complex example, see the end of this doc"
    "What is the Storyline and How Does it Work?": [("section", "Further Storyline Details"),
                                                    ("section", "Complicated Storyline Example")],
    # "See the Complicated Storyline Example below with the Mariner's Curse bonus complication."
    "Forced Movement Effects Over Multiple Squares": [("section", "Complicated Storyline Example")],
    # "As noted above, when you cast a spell ... you must declare any targets."
    "Declaring Targets": [("section", "Declaring + Casting Spells")],
    # "Here's a handy guide to the Enchantress" (the guide is also the answer under the card)
    "Enchantress": [("card", "Enchantress")],
}

SECTION_NOTES: dict[str, str] = {
    "Enchantress": "“Enchantress: Understanding Her Rules” is the text of a link to a separate guide; "
                   "the plain-text source does not keep the link target.",
}

# --- glossary --------------------------------------------------------------------------------------
# (term as printed, aliases, where the definition is printed, related term slugs)
# where: ("section", title, [indices of the section's top-level blocks]) or
#        ("faq", card, question prefix) for a definition given as an FAQ answer.


@dataclass
class TermSpec:
    term: str
    aliases: list[str]
    where: tuple
    related: list[str] = field(default_factory=list)


TERMS: list[TermSpec] = [
    TermSpec("Disabled", ["disabled", "disable"], ("section", "“Disabled” Definition", [0, 1, 2]),
             ["immobile"]),
    TermSpec("Kill", ["kill", "kills", "destroy"], ("section", "Definition of “Kills”", [0, 1]), ["die-dies"]),
    TermSpec("Target location", ["target location", "target unit"],
             ("section", "Regions, Targeting, and Steps", [0])),
    TermSpec("Fight", ["fight"], ("section", "Fight vs. Attack vs. Strike", [0]), ["attack", "strike"]),
    TermSpec("Strike", ["strike"], ("section", "Fight vs. Attack vs. Strike", [1]), ["fight", "attack"]),
    TermSpec("Attack", ["attack"], ("section", "Fight vs. Attack vs. Strike", [2]), ["fight", "strike"]),
    TermSpec("Take a step", ["take a step", "move one step"],
             ("section", "Take a step vs. X steps away vs. Push/Pull one step", [0]),
             ["push-pull-one-step", "x-steps-away"]),
    TermSpec("Push/Pull one step", ["push one step", "pull one step"],
             ("section", "Take a step vs. X steps away vs. Push/Pull one step", [1]),
             ["take-a-step", "x-steps-away"]),
    TermSpec("X steps away", ["up to X steps away"],
             ("section", "Take a step vs. X steps away vs. Push/Pull one step", [2]),
             ["take-a-step", "push-pull-one-step"]),
    TermSpec("Play", ["play"], ("section", "“Play” Terminology", [0])),
    TermSpec("Movement Paths", ["movement path", "path"], ("section", "Definition of Movement Paths", [0])),
    TermSpec("Location", ["location"], ("section", "Void + Location Definition", [0, 1])),
    TermSpec("Stops", ["stop", "stops"], ("section", "Stops vs. At Rest", [1]), ["at-rest"]),
    TermSpec("At Rest", ["at rest"], ("section", "“At Rest” Definition", [0, 1]), ["stops"]),
    TermSpec("Lose", ["lose"], ("section", "“Lose” Definition", [0, 1])),
    TermSpec("Combat", ["combat", "in combat"], ("section", "“Combat” Definition", [0])),
    TermSpec("Defender", ["defender", "defenders"], ("section", "“Defender” definition", [0])),
    TermSpec("Immobile", ["immobile"], ("section", "“Immobile” is a keyword", [0]), ["disabled"]),
    TermSpec("Die/Dies", ["die", "dies"], ("section", "Die/Dies", [0]), ["kill", "sacrificed"]),
    TermSpec("Conjure", ["conjure", "summon"], ("section", "Incorrect Verb for the Action Attempted", [1])),
    TermSpec("Span of land", ["span of land", "body of water"],
             ("section", "Choosing a Span of Land or Body of Water, In Detail", [0])),
    TermSpec("Fire damage", ["fire damage"], ("faq", "Askelon Phoenix", "How does the ability really work?", 1)),
    TermSpec("Moved by force", ["moved by force", "forcefully moved"],
             ("faq", "Iron Man Talus", "What does “moved by force” mean?", 0)),
    TermSpec("Royalty", ["royalty"], ("faq", "Overbearing Bailiff", "What is royalty?", 0)),
    TermSpec("Sacrificed", ["sacrificed", "sacrifice"], ("faq", "Sinkhole", "When is something considered", 0),
             ["die-dies"]),
    TermSpec("Traverse", ["traverse"], ("faq", "Wall of Brambles", "What does “traverse” mean?", 0)),
]

# --- cross-references printed in FAQ answers ---------------------------------------------------
# (card, question prefix) -> [(kind, key...)]; kind "section" (title), "term" (slug),
# "card" (name), "ruling" (card, question prefix).
RULING_RELATED: list[tuple[str, str, list[tuple[str, ...]]]] = [
    # "No. See the Enchantress guide above."
    ("Enchantress", "Can I cast an artifact into the hands",
     [("ruling", "Enchantress", "Where can I learn more about Enchantress?")]),
    # "See the definition of “Defender” Sorcery Comprehensive Rulebook Clarifications"
    ("Escyllion Cyclops", "If Escyllion Cyclops is attacked directly",
     [("section", "“Defender” definition"), ("term", "defender")]),
    # "See the “At Rest” definition in the Comprehensive Rulebook." (printed under two cards)
    ("Hillock Basilisk", "How does “at rest” really work?",
     [("section", "“At Rest” Definition"), ("term", "at-rest")]),
    # "See the Enchantress FAQ for more information."
    ("Selfsame Simulacrum", "If Enchantress casts Selfsame Simulacrum", [("card", "Enchantress")]),
    # "per the Comprehensive Rulebook ruling that "moving as if adjacent" has no defined cardinal direction"
    ("Waypoint Portal", "Can Dalcean Phalanx", [("section", "Moving Between Sites As If They Are Adjacent")]),
    # "For more info on kills, check the Comprehensive rule doc."
    ("Wicked Witch", "A Bosk Troll", [("section", "Definition of “Kills”"), ("term", "kill")]),
    # "Yes, because of the errata above." (the "treat it as" answer just above)
    ("Rhongomyniad", "If I choose a direction", [("ruling", "Rhongomyniad", "How does the throw effect")]),
    # Questions printed without an answer whose question is answered under another card.
    ("Windblast", "If there’s already a minion on Mountain Pass",
     [("ruling", "Mountain Pass", "If there’s already a minion on Mountain Pass")]),
    ("Orb of Ba'al Berith", "Can I target the same site twice",
     [("ruling", "Craterize", "Can I target the same site twice")]),
]

# The same ruling printed under two cards in slightly different words (so not stored once): kept
# apart, linked both ways.
NEAR_DUPLICATES: list[tuple[tuple[str, str], tuple[str, str]]] = [
    (("Beast of Burden", "Does it use up its"), ("Haast Eagle", "Does it use up your")),
    (("Beast of Burden", "Does it automatically drop"), ("Haast Eagle", "Does it automatically drop")),
    (("Cauldron Crones", "When is something considered"), ("Sinkhole", "When is something considered")),
    (("Chaos Twister", "Does Old Salt Anchorman stop"), ("Old Salt Anchorman", "Does Old Salt Anchorman")),
    (("Mirage", "How does Mirage's ability work"), ("Pathfinder", "How does Mirage's ability work")),
    (("Mountain Pass", "Can two minions enter"), ("Windblast", "Can two units enter")),
]

RULING_NOTES: list[tuple[str, str, str]] = [
    ("Enchantress", "Where can I learn more about Enchantress?",
     "The answer is the text of a link to a separate guide; the plain-text source does not keep the link "
     "target."),
    ("Escyllion Cyclops", "If Escyllion Cyclops is attacked directly",
     "“Sorcery Comprehensive Rulebook Clarifications” at the end of the answer is the text of a link to "
     "this document; the link target is not kept in the plain-text source."),
    ("Windblast", "If there’s already a minion on Mountain Pass",
     "No answer is printed here. The same question is printed with an answer under Mountain Pass "
     "(see related)."),
    ("Orb of Ba'al Berith", "Can I target the same site twice",
     "No answer is printed here. A question worded almost the same (“…with Orb of Ba’al Berith?”) is "
     "answered under Craterize (see related)."),
]

# --- change log: touches -------------------------------------------------------------------------
# Section titles are matched in change lines when printed in full (ignoring case and quote style;
# only titles of 3+ words, since "Stealth", "Timing" or "Enchantress" alone are ambiguous). These are
# the change-log phrases that name a section or card in other words, resolved by reading:
CHANGE_PHRASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Simplified the Storyline section, referring to the rulebook",
     [("section", "What is the Storyline and How Does it Work?")]),
    ("Stealthed spellcasters remain stealthed", [("section", "Breaking Stealth")]),
    ("Units being carried are at rest", [("section", "Carrying Other Minions")]),
    ("you can only cast spells on your own turn during your Main Phase", [("section", "Timing")]),
    ("Rule for large units shrinking down to a single location",
     [("section", "Large Unit Shrinking to Occupy Only 1 Location")]),
    ("Changed casting restrictions on large minions", [("section", "Summoning Large Units")]),
    ("“Play” means “cast” for spells", [("section", "“Play” Terminology")]),
    ("Carried being moved are no longer at rest",
     [("section", "“At Rest” Definition"), ("section", "Carrying Other Minions")]),
    ("0 power minions still strike", [("section", "0 Power Minions")]),
    ("Definition of Lose", [("section", "“Lose” Definition")]),
    ("Playing Sites", [("section", "Playing Sites, In Detail")]),
    ("Shooting Projectiles", [("section", "Shooting Projectiles, In Detail")]),
    ("definition of “Combat”", [("section", "“Combat” Definition")]),
    ("being tapped to pay a cost for kill credit", [("section", "Definition of “Kills”")]),
    ("Added rules for mandatory search effects", [("section", "Mandatory Search Effects")]),
    ("passives,", [("section", "Passive Effects, In Detail")]),
    ("choosing a span of land/body of water", [("section", "Choosing a Span of Land or Body of Water, In Detail")]),
    ("and defender.", [("section", "“Defender” definition")]),
    ("Updated Defend reaction to include Moves Freely", [("section", "Intercept vs. Defend")]),
    ("Clarified Immobile is a keyword", [("section", "“Immobile” is a keyword")]),
    ("Disabled is not a keyword", [("section", "“Disabled” Definition")]),
    ("order of operations for modifying power", [("section", "Adjusting a Unit’s Power")]),
    ("“[X]bound” persists while Disabled", [("section", "[X]bound, Silence, and Disable Don’t Remove Themselves")]),
    ("definition of \"Lose\"", [("section", "“Lose” Definition")]),
    ("When Stealth actually ends", [("section", "Breaking Stealth")]),
    ("Updated: Passive effects", [("section", "Passive Effects, In Detail")]),
    # misspelt card names
    ("Brobdingnag Bullfrong", [("card", "Brobdingnag Bullfrog")]),
    ("Pings of the Sounder", [("card", "Pigs of the Sounder")]),
    # a short form of the card name
    ("Updated Vivien to errata", [("card", "Vivien the Enchantress")]),
]
CHANGE_NOTES: dict[str, str] = {
    "Brobdingnag Bullfrong": "“Brobdingnag Bullfrong” is printed for the card Brobdingnag Bullfrog.",
    "Pings of the Sounder": "“Pings of the Sounder” is printed for the card Pigs of the Sounder.",
}


# --- helpers -------------------------------------------------------------------------------------


def norm(s: str) -> str:
    """Comparison key: no accents, one apostrophe, no quotes, case-folded, single spaces."""
    s = fold_accents(s)
    s = s.replace("’", "'").replace("‘", "'")
    s = re.sub(r"[“”\"]", "", s)
    return re.sub(r"\s+", " ", s).strip().casefold()


STOPWORDS = frozenset({
    "a", "an", "the", "i", "me", "my", "if", "is", "it", "its", "does", "do", "can", "what", "how", "when",
    "to", "of", "in", "on", "be", "are", "that", "this", "there", "you", "your", "and", "or", "with", "for",
    "at", "by", "as", "will", "would", "still", "any", "from", "while", "into", "they", "their", "he", "his",
    "him", "she", "her", "we", "has", "have", "was", "which", "who", "then", "so", "not",
})


def short_slug(question: str, drop: set[str], n: int = 5) -> str:
    return slugify(question, drop=STOPWORDS | drop, limit=n, fallback="q")


def tx(s: str) -> Text:
    return Text(LANG, s)


def prov(a: int, b: int) -> Provenance:
    return Provenance(DOC_ID, (a, b))


def join_lines(lines: list[tuple[int, str]]) -> str:
    """Source lines as printed: consecutive lines joined by a newline, a blank line as a paragraph break."""
    out: list[str] = []
    prev = None
    for n, t in lines:
        if out:
            out.append("\n" if prev is not None and n == prev + 1 else "\n\n")
        out.append(t.strip())
        prev = n
    return "".join(out)


Line = tuple[int, str]  # (1-based line number, text)


def chunks(lines: list[Line]) -> list[list[Line]]:
    """Runs of consecutive non-blank lines."""
    out: list[list[Line]] = []
    cur: list[Line] = []
    for n, t in lines:
        if t.strip():
            cur.append((n, t.strip()))
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


# --- blocks --------------------------------------------------------------------------------------


@dataclass
class Placed:
    """A block with the source lines it came from."""

    block: Block
    first: int
    last: int


def build_blocks(lines: list[Line]) -> list[Placed]:
    """Paragraphs and lists from section body lines.

    Conventions of the export: a paragraph is one line; list items are consecutive lines (a first
    line ending with ":" is the lead-in paragraph); "1) …" and "done) …" are hand-numbered items,
    which continue a numbered list across blank lines; "Q: …"/"A: …" lines are paragraphs; a single
    line after a lead-in ending with ":" is a one-item list; a line ending with "," continues the
    item on the next line. A list is ordered when it is hand-numbered or is a storyline (see
    ``ORDERED_LEADIN_RE``), else bulleted.
    """
    out: list[Placed] = []

    def last_list(ordered: bool | None = None) -> ListBlock | None:
        if out and isinstance(out[-1].block, ListBlock) and (ordered is None or out[-1].block.ordered == ordered):
            return out[-1].block
        return None

    def lead_in() -> str | None:
        if out and isinstance(out[-1].block, Paragraph):
            return out[-1].block.text.source
        return None

    def add_item(n: int, text: str, ordered: bool | None) -> None:
        lst = last_list()
        if lst is None:
            li = lead_in()
            if ordered is None:
                ordered = bool(li and ORDERED_LEADIN_RE.search(li))
            lst = ListBlock([], ordered=ordered)
            out.append(Placed(lst, n, n))
        lst.items.append(ListItem(tx(text)))
        out[-1].last = n

    for ch in chunks(lines):
        prev_item_open = False
        for j, (n, t) in enumerate(ch):
            m = NUMBERED_RE.match(t)
            if prev_item_open and ch[j - 1][1].endswith(","):
                # a list item wrapped onto the next line (the line before ends with a comma)
                item = out[-1].block.items[-1]
                item.text = tx(item.text.source + "\n" + t)
                out[-1].last = n
            elif m:
                lst = last_list(True)
                if lst is None:
                    add_item(n, m.group(2), True)
                else:
                    lst.items.append(ListItem(tx(m.group(2))))
                    out[-1].last = n
                prev_item_open = True
                continue
            elif DONE_RE.match(t):
                add_item(n, t, True)
                prev_item_open = True
                continue
            elif QA_RE.match(t) or (len(ch) > 1 and j == 0 and t.endswith(":")):
                out.append(Placed(Paragraph(tx(t)), n, n))
            elif len(ch) > 1:
                add_item(n, t, None)
                prev_item_open = True
                continue
            else:
                li = lead_in()
                lst = last_list()
                if lst is not None and LABEL_ITEM_RE.match(t) and LABEL_ITEM_RE.match(lst.items[-1].text.source):
                    # "A = …", "B = …": a list of labelled lines printed one per paragraph
                    add_item(n, t, None)
                    prev_item_open = True
                    continue
                if li and li.endswith(":") and not QA_RE.match(li):
                    add_item(n, t, None)
                    prev_item_open = True
                    continue
                out.append(Placed(Paragraph(tx(t)), n, n))
            prev_item_open = False
    return out


def step_blocks(lines: list[Line], nested: set[str]) -> list[Placed]:
    items: list[ListItem] = []
    ns = [n for n, t in lines if t.strip()]
    for _, t in lines:
        t = t.strip()
        if not t:
            continue
        if t in nested and items:
            items[-1].items.append(ListItem(tx(t)))
        else:
            items.append(ListItem(tx(t)))
    return [Placed(ListBlock(items, ordered=True), ns[0], ns[-1])] if items else []


def with_examples(lines: list[Line], titles: set[str] | None) -> list[Placed]:
    """Blocks, where lines that title an example start an Example block running to the next title."""
    def is_title(t: str) -> bool:
        t = t.strip()
        return bool(EXAMPLE_TITLE_RE.match(t)) or (titles is not None and t in titles)

    starts = [i for i, (_, t) in enumerate(lines) if is_title(t)]
    if not starts:
        return build_blocks(lines)
    out = build_blocks(lines[:starts[0]])
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        body = build_blocks(lines[s + 1:end])
        n0, title = lines[s]
        last = body[-1].last if body else n0
        out.append(Placed(Example([p.block for p in body], title=tx(title.strip())), n0, last))
    return out


# --- parsing -------------------------------------------------------------------------------------


class SourceError(ValueError):
    """The document does not have the shape this importer knows."""


def _find(lines: list[str], text: str, start: int = 0) -> int:
    for i in range(start, len(lines)):
        if lines[i].strip() == text:
            return i
    raise SourceError(f"heading {text!r} not found after line {start + 1}")


def _body(lines: list[str], a: int, b: int) -> list[Line]:
    """Lines a..b-1 (0-based) as (line number, text)."""
    return [(i + 1, lines[i]) for i in range(a, b)]


def _last_nonblank(lines: list[str], a: int, b: int) -> int:
    """1-based number of the last non-blank line in a..b-1, or a+1 (the heading) if none."""
    for i in range(b - 1, a - 1, -1):
        if lines[i].strip():
            return i + 1
    return a + 1


def parse_changelog(lines: list[str], a: int, b: int) -> list[tuple[int, str, str]]:
    out = []
    for n, t in _body(lines, a, b):
        t = t.strip()
        if not t:
            continue
        m = re.match(r"^([A-Z][a-z]{2} \d{1,2}, \d{4}) (.+)$", t)
        if not m:
            raise SourceError(f"line {n}: change log line without a date: {t!r}")
        out.append((n, m.group(1), m.group(2)))
    return out


def parse_intercept(lines: list[str], a: int, b: int, sid: str) -> Section:
    """The Intercept vs. Defend comparison: an intro paragraph and a two-column table."""
    body = _body(lines, a + 1, b)
    i_col = next(k for k, (_, t) in enumerate(body) if t.strip() == "Intercept")
    d_col = next(k for k, (_, t) in enumerate(body) if t.strip() == "Defend")
    intro = build_blocks(body[:i_col])
    row_label = re.compile(r"^(When to use \w+|Can you move\?|What happens\?)$")

    def cells(col: list[Line]) -> list[str]:
        starts = [k for k, (_, t) in enumerate(col) if row_label.match(t.strip())]
        out = []
        for k, s in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(col)
            out.append(join_lines([(n, t) for n, t in col[s:end] if t.strip()]))
        return out

    left, right = cells(body[i_col + 1:d_col]), cells(body[d_col + 1:])
    if len(left) != len(right):
        raise SourceError("Intercept vs. Defend: the two columns have different numbers of rows")
    table = Table(header=[tx(body[i_col][1].strip()), tx(body[d_col][1].strip())],
                  rows=[[tx(x), tx(y)] for x, y in zip(left, right, strict=True)])
    return Section(id=sid, lang=LANG, provenance=prov(a + 1, _last_nonblank(lines, a, b)),
                   title=tx(lines[a].strip()), blocks=[p.block for p in intro] + [table])


def is_card_heading(t: str) -> bool:
    return (len(t) <= 40 and "?" not in t and ":" not in t and ". " not in t
            and not t.endswith((".", ",")) and not t.isupper())


@dataclass
class CardQA:
    card: int  # index into cards
    q: Line
    answer: list[Line] = field(default_factory=list)


def parse_faq(lines: list[str], a: int, b: int) -> tuple[list[dict], list[CardQA]]:
    """Card headings and their questions and answers.

    A card heading is a short line on its own, followed by a question or by another heading (the
    same card printed again in another spelling). A question is a line with a question mark; the
    lines after it, up to the next question or heading, are its answer.
    """
    cs = chunks(_body(lines, a + 1, b))
    cards: list[dict] = []  # {"names": [(line, name)], "key": norm(name)}
    by_key: dict[str, int] = {}
    qas: list[CardQA] = []
    current: int | None = None
    for k, ch in enumerate(cs):
        if len(ch) == 1 and is_card_heading(ch[0][1]):
            nxt = cs[k + 1][0][1] if k + 1 < len(cs) else ""
            if "?" in nxt or is_card_heading(nxt):
                n, name = ch[0]
                key = norm(name)
                if key in by_key:
                    cards[by_key[key]]["names"].append((n, name))
                else:
                    by_key[key] = len(cards)
                    cards.append({"names": [(n, name)], "key": key})
                current = by_key[key]
                continue
        for n, t in ch:
            if current is None:
                raise SourceError(f"line {n}: FAQ text before the first card heading")
            if "?" in t:
                qas.append(CardQA(current, (n, t)))
            elif qas and qas[-1].card == current:
                qas[-1].answer.append((n, t))
            else:
                raise SourceError(f"line {n}: FAQ text that is neither a question nor an answer: {t!r}")
    return cards, qas


def _resolve(kind: str, key: str, ids: dict) -> str:
    table = ids[kind]
    k = norm(key) if kind in ("section", "card") else key
    if k not in table:
        raise SourceError(f"cannot resolve {kind} {key!r}")
    return table[k]


def parse(text: str) -> ImportResult:
    lines = text.split("\n")
    title = lines[0].strip()

    i_log = _find(lines, CHANGELOG_HEADING)
    i_int = _find(lines, INTERCEPT_HEADING, i_log + 1)
    i_rules = _find(lines, RULES_HEADING, i_int + 1)
    i_faq = _find(lines, FAQ_HEADING, i_rules + 1)

    sections: list[Section] = []
    section_ids: dict[str, str] = {}  # norm(title) -> id
    placed_by_title: dict[str, list[Placed]] = {}

    taken: set[str] = set()

    def new_section_id(t: str, parent_slug: str | None = None) -> str:
        sid = f"{GAME_ID}/section/{slugify(t)}"
        if sid in taken and parent_slug:  # a subsection named like another section: prefix its parent
            sid = f"{GAME_ID}/section/{parent_slug}-{slugify(t)}"
        sid = section_ids[norm(t)] = unique(sid, taken)
        return sid

    # preamble
    intro_id = new_section_id(title)
    intro_blocks = build_blocks(_body(lines, 1, i_log))
    sections.append(Section(id=intro_id, lang=LANG, provenance=prov(1, _last_nonblank(lines, 0, i_log)),
                            title=tx(title), blocks=[p.block for p in intro_blocks]))

    # Intercept vs. Defend
    sections.append(parse_intercept(lines, i_int, i_rules, new_section_id(INTERCEPT_HEADING)))

    # Rule Clarifications
    rules_id = new_section_id(RULES_HEADING)
    starts: list[int] = []
    pos = i_rules + 1
    for t, _parent in OUTLINE:
        pos = _find(lines, t, pos)
        starts.append(pos)
        pos += 1
    rules_end = _last_nonblank(lines, i_rules, starts[0]) if starts else i_rules + 1
    sections.append(Section(id=rules_id, lang=LANG, provenance=prov(i_rules + 1, rules_end),
                            title=tx(RULES_HEADING),
                            blocks=[p.block for p in build_blocks(_body(lines, i_rules + 1, starts[0]))]))
    for k, (t, parent) in enumerate(OUTLINE):
        a = starts[k]
        b = starts[k + 1] if k + 1 < len(starts) else i_faq
        parent_id = section_ids[norm(parent)] if parent else rules_id
        sid = new_section_id(t, slugify(parent) if parent else None)
        body = _body(lines, a + 1, b)
        if t in STEP_SECTIONS:
            placed = step_blocks(body, STEP_SECTIONS[t])
        else:
            placed = with_examples(body, EXAMPLE_TITLES.get(t))
        placed_by_title[t] = placed
        sections.append(Section(id=sid, lang=LANG, provenance=prov(a + 1, _last_nonblank(lines, a, b)),
                                title=tx(t), parent=parent_id, blocks=[p.block for p in placed],
                                notes=tx(SECTION_NOTES[t]) if t in SECTION_NOTES else None))

    # Comprehensive FAQ
    cards_raw, qas = parse_faq(lines, i_faq, len(lines))
    entities: list[Entity] = []
    card_ids: dict[str, str] = {}
    for c in cards_raw:
        (n0, name), *others = c["names"]
        cid = f"{GAME_ID}/card/{slugify(name)}"
        if cid in card_ids.values():
            raise SourceError(f"two cards with the slug of {name!r}")
        card_ids[c["key"]] = cid
        aliases = [o for _, o in others if o != name]
        last = c["names"][-1][0]
        between = [lines[i].strip() for i in range(n0, last - 1)]
        first_last = (n0, last) if all(not x or norm(x) == c["key"] for x in between) else (n0, n0)
        entities.append(Entity(id=cid, lang=LANG, provenance=prov(*first_last), type=EntityType.CARD,
                               name=tx(name), aliases={LANG: aliases} if aliases else {}))

    rulings: list[Ruling] = []
    ruling_by_key: dict[tuple[str, str | None], Ruling] = {}
    also_printed: dict[str, list[str]] = {}
    qa_ruling: dict[tuple[str, str], Ruling] = {}  # (card key, question) -> ruling
    used: set[str] = set()
    for qa in qas:
        card = cards_raw[qa.card]
        cid = card_ids[card["key"]]
        question = qa.q[1]
        answer = join_lines(qa.answer) if qa.answer else None
        key = (question, answer)
        if key in ruling_by_key:
            r = ruling_by_key[key]
            if cid not in r.about:
                r.about.append(cid)
                also_printed[r.id].append(card["names"][0][1])
            qa_ruling[(card["key"], question)] = r
            continue
        drop = set(slugify(card["names"][0][1]).split("-"))
        slug = f"{slugify(card['names'][0][1])}-{short_slug(question, drop)}"
        rid = unique(f"{GAME_ID}/ruling/{slug}", used)
        last = qa.answer[-1][0] if qa.answer else qa.q[0]
        r = Ruling(id=rid, lang=LANG, provenance=prov(qa.q[0], last), question=tx(question),
                   answer=tx(answer) if answer else None, about=[cid],
                   flags=[] if answer else [RulingFlag.UNANSWERED])
        ruling_by_key[key] = r
        also_printed[rid] = [card["names"][0][1]]
        qa_ruling[(card["key"], question)] = r
        rulings.append(r)

    def find_ruling(card: str, prefix: str) -> Ruling:
        ck = norm(card)
        hits = [r for (k, q), r in qa_ruling.items() if k == ck and q.startswith(prefix)]
        if len(hits) != 1:
            raise SourceError(f"no single ruling under {card!r} starting {prefix!r}")
        return hits[0]

    notes: dict[str, list[str]] = {}
    for r in rulings:
        if len(r.about) > 1:
            notes.setdefault(r.id, []).append(
                "Printed identically under: " + ", ".join(also_printed[r.id]) + ".")
    for card, prefix, note in RULING_NOTES:
        notes.setdefault(find_ruling(card, prefix).id, []).append(note)

    # glossary
    term_ids = {slugify(ts.term): f"{GAME_ID}/term/{slugify(ts.term)}" for ts in TERMS}
    terms: list[Term] = []
    for ts in TERMS:
        if ts.where[0] == "section":
            _, stitle, idx = ts.where
            ps = [placed_by_title[stitle][i] for i in idx]
            if idx != list(range(idx[0], idx[-1] + 1)) or isinstance(ps[0].block, Example):
                raise SourceError(f"definition of {ts.term!r}: expected consecutive blocks in {stitle!r}")
            first, last = ps[0].first, ps[-1].last
            # the definition as printed (these blocks are paragraphs or unnumbered lists)
            definition = join_lines([(i, lines[i - 1]) for i in range(first, last + 1) if lines[i - 1].strip()])
        else:
            _, card, prefix, para = ts.where
            r = find_ruling(card, prefix)
            paras = r.answer.source.split("\n\n")
            definition = paras[para]
            qa_lines = next(qa for qa in qas if qa.q[0] == r.provenance.lines[0]).answer
            first = last = next(n for n, t in qa_lines if t == definition)
        terms.append(Term(id=term_ids[slugify(ts.term)], lang=LANG, provenance=prov(first, last),
                          term=tx(ts.term), aliases={LANG: ts.aliases}, definition=tx(definition),
                          related=[term_ids[s] for s in ts.related]))

    ids = {"section": section_ids, "card": card_ids, "term": term_ids}

    def target(spec: tuple[str, ...]) -> str:
        if spec[0] == "ruling":
            return find_ruling(spec[1], spec[2]).id
        return _resolve(spec[0], spec[1], ids)

    for card, prefix, specs in RULING_RELATED:
        r = find_ruling(card, prefix)
        for s in specs:
            t = target(s)
            if t not in r.related:
                r.related.append(t)
    card_name = {e.id: e.name.source for e in entities}
    for pair in NEAR_DUPLICATES:
        r1, r2 = (find_ruling(*x) for x in pair)
        for a, b in ((r1, r2), (r2, r1)):
            a.related.append(b.id)
            notes.setdefault(a.id, []).append(
                "Printed in slightly different words under " + ", ".join(card_name[c] for c in b.about)
                + "; kept as a separate ruling (see related).")
    for r in rulings:
        if r.id in notes:
            r.notes = tx(" ".join(notes[r.id]))
    for s in sections:
        for spec in SECTION_RELATED.get(s.title.source, []):
            s.related.append(target(spec))

    # change log
    changes = build_changes(parse_changelog(lines, i_log + 1, i_int), sections, entities, ids)

    game = Game(
        id=GAME_ID, lang=LANG, name=tx("Sorcery: Contested Realm"), identified=True,
        publisher="Erik’s Curiosa", maintainer="Ira Fay",
        documents=[Document(
            id=DOC_ID, title=tx(title), languages=[LANG], file=f"sources/{SOURCE_NAME}", sha256="",
            maintainer="Ira Fay",
            # The document prints no "updated" line: its date is the latest change log date.
            date_printed=max(changes, key=lambda c: c.date or "").date_printed,
            date=max(c.date or "" for c in changes) or None)],
    )
    return ImportResult.of(game, DOC_ID, {
        "changelog": changes,
        "sections": sections,
        "entities": entities,
        "rulings": rulings,
        "glossary": terms,
    })


def _boundary_find(hay: str, needle: str) -> list[int]:
    return [m.start() for m in re.finditer(rf"(?<![a-z0-9]){re.escape(needle)}(?![a-z0-9])", hay)]


def build_changes(raw: list[tuple[int, str, str]], sections: list[Section], entities: list[Entity],
                  ids: dict) -> list[Change]:
    # names to look for: cards (name and aliases) and long section titles
    names: list[tuple[str, str]] = []  # (normalised needle, id)
    for e in entities:
        for nm in [e.name.source, *e.aliases.get(LANG, [])]:
            names.append((norm(nm), e.id))
    card_keys = {n for n, _ in names}
    for s in sections:
        t = norm(s.title.source)
        if len(t.split()) >= 3 and t not in card_keys:
            names.append((t, s.id))
    names.sort(key=lambda x: -len(x[0]))

    dates = [dt.datetime.strptime(printed, "%b %d, %Y").date() for _, printed, _ in raw]
    out: list[Change] = []
    seen_dates: dict[str, int] = {}
    for k, (n, printed, body) in enumerate(raw):
        d = dates[k]
        iso = d.isoformat()
        seen_dates[iso] = seen_dates.get(iso, 0) + 1
        cid = f"{GAME_ID}/change/{iso}" + (f"-{seen_dates[iso]}" if seen_dates[iso] > 1 else "")
        # out of order: earlier than an entry printed before it
        before = [j for j in range(k) if dates[j] > d]
        suspect = bool(before)
        note = None
        if suspect:
            prev_i = max(range(k), key=lambda j: (dates[j], j))
            prev = raw[prev_i][1]
            note = (f"“{printed}” is printed after “{prev}” in a change log that is otherwise in date "
                    f"order.")
            nxt = dates[k + 1] if k + 1 < len(dates) else None
            for y in (dates[prev_i].year, dates[prev_i].year + 1):
                try:
                    guess = d.replace(year=y)
                except ValueError:
                    continue
                if guess >= dates[prev_i] and (nxt is None or guess <= nxt):
                    note += (f" The year is probably a typo for {y} ({guess:%b} {guess.day}, {y} fits "
                             f"between the entries around it).")
                    break
            note = tx(note + " Kept as printed.")
        # touches, in the order they are named
        hay = norm(body)
        taken: list[tuple[int, int]] = []
        found: list[tuple[int, str]] = []
        for needle, eid in names:
            for p in _boundary_find(hay, needle):
                span = (p, p + len(needle))
                if any(span[0] < b and a < span[1] for a, b in taken):
                    continue
                taken.append(span)
                found.append((p, eid))
        change_notes = []
        for phrase, specs in CHANGE_PHRASES:
            p = hay.find(norm(phrase))
            if p < 0:
                continue
            for kind, key in specs:
                found.append((p, _resolve(kind, key, ids)))
            if phrase in CHANGE_NOTES:
                change_notes.append(CHANGE_NOTES[phrase])
        touches: list[str] = []
        for _, eid in sorted(found, key=lambda x: x[0]):
            if eid not in touches:
                touches.append(eid)
        out.append(Change(id=cid, lang=LANG, provenance=prov(n, n), date=iso, date_printed=printed,
                          text=tx(body), touches=touches, suspect_date=suspect, suspect_note=note,
                          notes=tx(" ".join(change_notes)) if change_notes else None))
    return out
