"""What reading the clarifications document established: its outline, definitions and cross-references.

The export has no heading markup and prints cross-references in words ("see the end of this doc"),
so these tables state what a reader decided; the parser checks each against the text (a heading or
question that is not found is an error), so an upstream change is noticed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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

EXAMPLE_TITLES: dict[str, set[str]] = {
    # "This is relevant for things like:" followed by two titled examples.
    "Resolving Non-Magic Effects + Original Source Isn’t In the Realm": {
        "Ultimate Horror + Evil Presence + lots of minions appearing",
        "Similar example with Mariner’s Curse + multiple minions entering the location at the same moment.",
    },
}

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
    # "To attack, you must use the “Move and Attack” basic ability" (line 71): the ability's name, kept as
    # printed in translations, is the term by another name
    TermSpec("Attack", ["attack", "Move and Attack"], ("section", "Fight vs. Attack vs. Strike", [2]),
             ["fight", "strike"]),
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
    # "“Conjure” and “Summon” are mechanically identical, and are only different from a thematic perspective":
    # two verbs, two terms (each translated in its own words), defined by the same answer
    TermSpec("Conjure", ["conjure"], ("section", "Incorrect Verb for the Action Attempted", [1]), ["summon"]),
    TermSpec("Summon", ["summon"], ("section", "Incorrect Verb for the Action Attempted", [1]), ["conjure"]),
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


STOPWORDS = frozenset({
    "a", "an", "the", "i", "me", "my", "if", "is", "it", "its", "does", "do", "can", "what", "how", "when",
    "to", "of", "in", "on", "be", "are", "that", "this", "there", "you", "your", "and", "or", "with", "for",
    "at", "by", "as", "will", "would", "still", "any", "from", "while", "into", "they", "their", "he", "his",
    "him", "she", "her", "we", "has", "have", "was", "which", "who", "then", "so", "not",
})
"""Words left out of a ruling's slug (made from its question)."""
