"""What reading the rules pages established: their headings and nesting (not marked in the text), the
definitions printed in running prose, and editorial notes on the printed text.

Each is checked against the text (a heading, lead-in or quoted sentence that is missing or printed twice is
an error), so a changed upstream document shows which decisions to revisit.
"""

from __future__ import annotations

from dataclasses import dataclass


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
