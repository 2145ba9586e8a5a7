"""What reading the 2006-03-20 Anachronism FAQ established: which headings are topics, what "See" targets
mean, the errata and definitions printed inside answers, and notes on damaged lines.

Texts are quoted exactly as printed; a topic heading, erratum or definition the parser does not find
in the document is an error, so a changed upstream document shows which decisions to revisit.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.model.entries import ErratumType

TOPIC_HEADINGS: frozenset[str] = frozenset({
    # Headings that name a rules concept, not a card. Every other heading names a card (warrior,
    # weapon, armor, inspiration or special). Written exactly as the heading is printed (stripped).
    "Action",  # the 'Action' ability trigger
    "Adjacent",
    "All Copies",  # only "See Zeus"
    "Ally and Allies",  # the Ally/Allies trait
    "Armor",  # the armor card type ("Can I use 2 or more armor cards...")
    "Attacks",
    "Attack Grid(s)",
    "Behind",
    "Bonuses",
    "Bonuses – Damage",
    "Bonuses\u00a0 – Speed",  # printed with a no-break space and a space before the dash
    "Bonuses - Stacking",
    "Cavalry",  # a trait ("a Cavalry card"), not a card name
    "Copies",
    "Critical Hits",
    "Damage",
    "Defeated",
    "Diagonally",
    "Discard/Discarding",
    "Discard Pile",
    "Duration",
    "Empty",
    "Experience",
    "Extra Attacks",
    "Face – Down",
    "Face – Up",
    "Facing",
    "Hands",
    "Hit",
    "Infinite Loop",
    "Initiative",
    "Life",
    "Limits",
    "Modify/Modifying",
    "Movement",
    "Negative Numbers",
    "Next To",
    "Null",
    "Once Per Game",
    "Once Per Turn",
    "Reveal/Revealed",
    "Rolling",
    "Rotating",
    "Round Five",
    "Rounds",
    "Returned To Play",
    "Speed",
    "Spin",  # only "See Movement": a word for rotating, not a card
    "Start of Round",
    "Targets",
    "Ties",
    "Timing",
    "Trigger(s)",
    "Trait and Type",
    "Turns",
    "Two of (Cardtype)",
    "Unoccupied",
    "Weapon Attacks",
    "When You Are Attacked",
    # Doubtful, kept as cards: "Bushido", "Chivalry" (only cross-references; both read as card names,
    # Chivalry grants a bonus in the Alexander III of Macedon answer), "Do" (a card: "use the Do").
})

SEE_ALIASES: dict[str, str] = {
    # "See"/"See also" target as printed -> the heading it means (spelling, case, dash, plural).
    # Each variant is also recorded in the target entity's aliases.
    "Alexander III Macedon": "Alexander III of Macedon",
    "Bonuses - Damage": "Bonuses – Damage",  # hyphen for en dash
    "Bonuses - Speed": "Bonuses\u00a0 – Speed",  # hyphen for en dash, one plain space
    "Canute the Great": "Canute The Great",
    "Disciplina": "Disciplinia",  # the card's spelling in the text; the heading has "Disciplinia"
    "Discarding": "Discard/Discarding",
    "Ealswisth": "Ealswith",
    "Face-Down": "Face – Down",
    "Face-Up": "Face – Up",
    "Grettir the Srong": "Grettir the Strong",
    "Modify": "Modify/Modifying",
    "Ninja-To": "Ninja-to",
    "Tao Yuan San Jie": "Tao Yuan San Jie Yi",
    "Triggers": "Trigger(s)",
    "Vercingetorix": "Vercingaetorix",
}

SEE_MULTI: dict[str, tuple[str, ...]] = {
    # One "See also" naming two headings (the two cards share one ruling).
    "Camulos or Waköán Töánka": ("Camulos", "Waköán Töánka"),
}

TEXT_ALIASES: dict[str, list[str]] = {
    # Other spellings the FAQ itself uses for a heading's card inside questions and answers.
    "Ally and Allies": ["Ally", "Allies"],
    "Atilla The Hun": ["Atilla the Hun"],
    "Blossious of Cumae": ["Blossius of Cumae", "Blossius"],
    "Bonuses\u00a0 – Speed": ["Bonuses – Speed"],  # the heading with plain spaces
    "Inyanmila": ["Iyanmila"],
    "Slea Le Scian Le Cuma\u00a0Duilleog": ["Slea Le Scian Le Cuma Duilleog"],  # with a plain space
    "Vercingaetorix": ["Vercingetorix", "Verc"],
    "Waköán Töánka": ["Wakhan Thanka"],
    "Wóphiye Waköán": ["Wóphiye Wakhán", "Wophiye Wakhan"],
    "Yang Wang Ye": ["Yang Wang Yeh", "Yeng Wang Ye", "Yang Wang Weh"],
    "Zeus": ["Zues"],
}

IN_ANSWER_REFS: list[tuple[str, list[str], list[str]]] = [
    # (text printed inside a ruling, headings it refers to, (heading, question start) of rulings it
    # refers to). The ruling whose text contains it gets these in its ``related``.
    ("refer to the FAQ post on adjacency", ["Adjacent"], []),
    ("- See related question)", ["Loki"], [("Loki", "If my opponent is using a 2-handed weapon")]),
]


@dataclass(frozen=True)
class ErratumSpec:
    heading: str  # the entity corrected (its heading)
    type: ErratumType
    text: str  # the correction exactly as printed (found in the source)
    original: str | None = None
    corrected: str | None = None
    slug: str = ""  # id suffix after the target's slug, when one target has several errata
    note: str | None = None


ERRATA: list[ErratumSpec] = [
    ErratumSpec("Disciplinia", ErratumType.WORDING,
                "'Turn' should more p roperly have been 'round' since there is no initiative for each turn.",
                original="turn", corrected="round",
                note="The card's phrase 'this turn' should read 'this round'. The source splits 'properly' as "
                     "'p roperly'."),
    ErratumSpec("Facing", ErratumType.WORDING,
                "Warriors can only face in orthoganal directions (up, down, left, and right). This was a minor "
                "oversight in the current rules document; future versions will correct this issue.",
                corrected="Warriors can only face in orthoganal directions (up, down, left, and right).",
                note="A correction of the rules document, not of a card."),
    ErratumSpec("Ger", ErratumType.WORDING,
                "This card recieved an editing error, and as worded, the trigger occurs too soon in the attack "
                "process. Treat the card as if it read: \"After you hit with this weapon, after the attack deals "
                "damage, if the attack roll was greater than the defender's experience, this weapon deals +1 "
                "damage for the rest of the game.\"",
                corrected="After you hit with this weapon, after the attack deals damage, if the attack roll was "
                          "greater than the defender's experience, this weapon deals +1 damage for the rest of the "
                          "game."),
    ErratumSpec("Horn Bow", ErratumType.MISSING_KEYWORD,
                "There was a minor misprint in Set 2. The 'nis' ability of the Egyptian Weapon Horn Bow, as printed, "
                "has no trigger. This ability is an 'Action' ability.",
                corrected="Action",
                note="Called a misprint (Set 2): the ability lacks its trigger; 'corrected' is the missing trigger."),
    ErratumSpec("Trait and Type", ErratumType.RULES_CHANGE,
                "(This is a change from the currently posted set 5 rulebook, and will be reflected in that "
                "rulebook soon).",
                corrected="Card trait restrictions supercede card type restrictions.",
                note="Changes the set 5 rulebook; 'corrected' is the new rule as stated in the answer."),
    ErratumSpec("Two of (Cardtype)", ErratumType.WORDING,
                "For clarity, the line 'you may have 2 (card type) in play' should be treated as 'you are allowed "
                "to have up to 2 (card type) in play.'",
                original="you may have 2 (card type) in play",
                corrected="you are allowed to have up to 2 (card type) in play.", slug="up-to-2",
                note="Applies to every card printing this line (e.g. Seti I)."),
    ErratumSpec("Two of (Cardtype)", ErratumType.WORDING,
                "Similarly, the line 'you may have another (card type) in play' should be treated as 'you are "
                "allowed to have another (card type) besides this one.'",
                original="you may have another (card type) in play",
                corrected="you are allowed to have another (card type) besides this one.", slug="another",
                note="Applies to every card printing this line (e.g. Ra)."),
    ErratumSpec("Zhad", ErratumType.MISPRINT,
                "There is a minor printing error in which the card reads '2 Hand' instead of '2 Hands'.",
                original="2 Hand", corrected="2 Hands", slug="hands"),
    ErratumSpec("Zhad", ErratumType.OTHER,
                "You may treat that text as though it were on a seperate line.",
                slug="separate-line",
                note="Layout: the text 'You may use another Special card.' at the end of the Action ability is to "
                     "be read as a separate line."),
]
# Mentions of errata that are NOT corrections (checked by the tests): the Bokken answer says
# "There are currently no plans to errata or to consider errata for the Bokken." (line 141), and
# its question asks whether there is errata (line 129).


@dataclass(frozen=True)
class TermSpec:
    term: str
    definition: str  # exactly as printed (found in the source; first occurrence)
    aliases: tuple[str, ...] = ()
    related: tuple[str, ...] = ()  # slugs of other terms
    note: str | None = None


GLOSSARY: list[TermSpec] = [
    TermSpec("Adjacent",
             "Any of the eight spaces next to your warrior, e.g. those that share a side or corner with your "
             "warrior's space, are adjacent to your warrior. Adjacency does not 'loop' from one side of the arena "
             "to the other.",
             aliases=("Next To", "next to"), related=("behind",),
             note="Alias from the FAQ: \"'Next to' and 'adjacent' are the same term, in fact, 'next to' is a "
                  "translated term used in place of 'adjacent'.\" (Behind) and the Next To topic."),
    TermSpec("Used",
             "Constant abilities are 'used' whenever their effects come into play."),
    TermSpec("Immediately",
             "Card abilities that create an attack 'immediately' do not cost an additional action to use.",
             related=("at-x", "if-possible")),
    TermSpec("At +X",
             "Card abilities that create an attack made 'at +X' can not get bonuses or negative modifiers to that "
             "attack roll.",
             aliases=("at +x", "made at +0"), related=("immediately", "if-possible")),
    TermSpec("If possible",
             "Card abilities that create an attack 'if possible' restict the free attack to the appropriate attack "
             "grid and use all of the normal modifiers for an attack made using that attack grid.",
             related=("immediately", "at-x")),
    TermSpec("Behind",
             "The spaces 'directly and diagonally behind' your warrior are those that are adjacent to, but behind "
             "your warrior. If your warrior were the center of a compass, these spaces would be SW, S and SE.",
             aliases=("directly and diagonally behind", "directly or diagonally behind"), related=("adjacent",)),
    TermSpec("Discard Pile",
             "All cards discarded from the game during play, and all cards discarded after one game in a "
             "multiple-game match (such as a best 2 out of 3 or best 3 out of 5 tournament match) are placed in "
             "your discard pile."),
    TermSpec("Empty", "'Empty' spaces/rows/columns have no cards in them.", related=("unoccupied",)),
    TermSpec("Unoccupied", "'Unoccupied' spaces/etc. have no warriors in them, but may have other cards in them.",
             related=("empty",)),
    TermSpec("Face up",
             "A card that is turned face up does not have its reveal abilities happen, and does not count as being "
             "revealed.",
             aliases=("face-up", "turned face up", "turned up")),  # 'A French card being turned up' (line 371)
    TermSpec("Hit",
             "'Hit' implies 'attack'. Direct damage cards like Skegox, Pilum, Zhu Rong, and such that don't require "
             "attack and defense rolls, are not attacks and do not count as hits."),
    TermSpec("Initiative",
             "Your initiative for the round is the value that you used when you checked to see who goes first.",
             related=("null",)),
    TermSpec("Modify",
             "Any ability that applies a modifier, swaps a die, changes the value of a die, sets the roll to a "
             "number, rerolls any dice, changes the 'doublesness' of a roll, or any effect other than a 'straight' "
             "roll of two dice.",
             aliases=("Modifying", "modify a roll")),
    TermSpec("Rotating", "You may rotate your warrior in place to face any of the four sides of that warrior's space.",
             aliases=("rotate",), related=("moving",)),
    TermSpec("Moving", "'Moving' is defined as 'the act of leaving one space and entering another'.",
             aliases=("move",), related=("rotating",)),
    TermSpec("Negative modifier",
             "Negative modifiers are just that, and are referred to as 'modifiers' by card text."),
    TermSpec("Cost",
             "If you ever see an ability that uses 'You may do X. If you do, Y' wording, or 'do X to do Y', the X "
             "phrases are costs and the Y phrases are effects.",
             aliases=("costs",), related=("effect",)),
    TermSpec("Effect",
             "If you ever see an ability that uses 'You may do X. If you do, Y' wording, or 'do X to do Y', the X "
             "phrases are costs and the Y phrases are effects.",
             aliases=("effects",), related=("cost",)),
    TermSpec("Straight roll-off",
             "In any case where there is a tie (rolls, initiative, etc.) and experience values also tie, there is a "
             "straight roll-off, made with no bonuses or other card effects, to break the tie.",
             aliases=("roll-off",)),
    TermSpec("Round",
             "A 'round' consists of the following parts:\n1) Cards are revealed and initiative is determined.\n"
             "2) Reveal and 'at start of round' abilities are used.\n3) Each player plays one turn, in order of "
             "initiative.\n4) 'At end of round' abilities are used.",
             related=("turn", "game")),
    TermSpec("Turn",
             "During each player's turn, they will take a number of actions as dictated by their speed to attack, "
             "move, or use 'Action' abilities.",
             related=("round",)),
    # The FAQ's word, in quotes, for an ability or effect that has no effect for a while ('turned off' at
    # lines 19 and 1037; Zeus, Alfred the Great): not the player's Turn.
    TermSpec("Turned off",
             "Zeus treats the effect just like any other - it is 'turned off' for the round, and comes back into "
             "effect when Zues' effect expires.",
             related=("effect",)),
    TermSpec("Game",
             "During a match , players play several games . During a game, five rounds are played. During each "
             "round , each player takes one turn . Game is synonymous with challenge , but future cards will use "
             "the term game for consistency.",
             aliases=("challenge",), related=("round",)),
    TermSpec("Null", "Initiative in round 5 is null, which means nonexistent.", related=("initiative",)),
]

NOTES: dict[int, str] = {
    # Source line -> editorial note about damage there, attached to the entry covering the line.
    29: "The source prints 'pevious' for 'previous'.",
    43: "The source prints 'does ot guarantee that you ill win' for 'does not guarantee that you will win'.",
    46: "The word 'roll-off' is broken over two lines ('roll' / '-off'), so the second line starts with '-'.",
    184: "The heading is printed with a no-break space and a space before the dash.",
    289: "The question spells the card 'Yang Wang Weh'; the answer spells it 'Yang Wang Yeh'.",
    318: "The source prints 'p roperly' for 'properly'.",
    431: "A line break inside the sentence, with 'Seemingly' capitalised after it.",
    447: "Question and answer are printed on one line without the '-' answer marker; split after the question "
         "mark. The source prints 'and be modified' for 'can be modified'.",
    477: "A line break inside the sentence, with 'Seeing' capitalised after it.",
    596: "The note 'This post was edited and reversed on 8/24/5' is printed under the question: on that date the "
         "answer was edited, reversing an earlier ruling the FAQ no longer prints. The printed answer is the one in "
         "force, so the history step records it as current from that date. '8/24/5' is read as 24 August 2005 "
         "(month/day/year, like the FAQ's own date 3-20-2006).",
    609: "The opening quote before 'Next to' is missing in the source.",
    617: "The card name 'Ninja-to' is broken over two lines ('Ninja' / '-to'), so the second line starts with '-'.",
    769: "The heading is printed with a no-break space between 'Cuma' and 'Duilleog'.",
    778: "The quotation of Bo Xiong Jia's text is not closed in the source.",
    813: "A line break inside the sentence ('roll doubles' / 'and beat').",
    850: "Question and answer are printed on one line without the '-' answer marker; split after the last question "
         "mark.",
    1025: "'(Except Loki - See related question)' is broken over two lines; the related question is the Loki ruling "
          "on 2-handed weapons and the Card Combinations rules.",
    1047: "The answer is printed without the '-' answer marker.",
}
OCR_DAMAGE_LINES: frozenset[int] = frozenset({46, 617})  # a word split so that a line starts with "-"
