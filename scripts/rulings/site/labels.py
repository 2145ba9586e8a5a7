"""Reader-facing labels of every enumerated value: entity kinds, attributes and their coded values, erratum
kinds, ruling status and flags. Content and the JSON keep the codes (``wei``, ``missing-keyword``); pages,
search and feeds show these labels, translated through the UI catalogs like every other UI string.

A value without a label here is shown as written: attribute values are often printed text (a set code such
as ``WEI 001``), which must not be guessed at.
"""

from __future__ import annotations

from rulings.model.entries import Authority, EntityType, ErratumType, RulingFlag, RulingStatus
from rulings.site.i18n import C_, NC_, UI, _

# Contexts are literals at each marker: the extraction reads them from the source, not from a variable.
ENTITY_TYPE_LABELS = {
    EntityType.CARD: NC_("kind of entry: beside its name, in the index and search; plural: list heading", "Card",
                         "Cards"),
    EntityType.HERO: NC_("kind of entry: beside its name, in the index and search; plural: list heading", "Hero",
                         "Heroes"),
    EntityType.ABILITY: NC_("kind of entry (a hero's ability): beside its name and in search; plural: the heading "
                            "over a hero's abilities", "Ability", "Abilities"),
    EntityType.KEYWORD: NC_("kind of entry (a rules keyword): beside its name, in the index and search; plural: "
                            "list heading", "Keyword", "Keywords"),
    EntityType.TOPIC: NC_("kind of entry (a rules topic, e.g. a FAQ heading): beside its name, in the index and "
                          "search; plural: list heading", "Topic", "Topics"),
}
RULINGS = NC_("kind of entry (a question with its answer, or a ruling statement): in lists and search; plural: "
              "the heading over a card's rulings", "Ruling", "Rulings")
ERRATUM = C_("kind of entry (one correction of a printed card or rule): in its header and in search", "Erratum")
GLOSSARY = C_("a game's glossary: the page, its menu item and link, and the kind of a glossary term in lists",
              "Glossary")
ERRATA = C_("a game's errata (corrections of printed cards): the page, its menu item and link, and its headings",
            "Errata")
CHANGELOG = C_("a game's change log: the page, its menu item and link, and the kind of a change log entry in lists",
               "Changelog")
RULES = C_("a game's rules sections: the page, its menu item and link, and the kind of a rules section in lists",
           "Rules")
GAME = C_("the game a search result belongs to (filter label), and the heading of the games column on the home "
          "page", "Game")
CONTENTS = C_("heading: what a game's pages hold, with their counts", "Contents")
MAINTAINER = C_("fact about a game or a source document: who keeps it up to date", "Maintainer")
HOME = C_("the site's home page: its title and menu item", "Home")
"""Labels used on several pages (one context each, so every page shows the same translation)."""

ATTRIBUTE_LABELS = {"faction": C_("attribute of a hero, before its value (Wei, Shu…)", "Faction"),
                    "gender": C_("attribute of a hero, before its value (male, female)", "Gender"),
                    "health": C_("attribute of a hero, before its value: its hit points", "Health"),
                    "set": C_("attribute of a card, before its value: the set or expansion it was printed in", "Set"),
                    "ability_type": _("Ability type"), "group": _("Card group")}

ATTRIBUTE_VALUE_LABELS = {
    ("faction", "wei"): C_("faction of a hero: the kingdom of Wei (魏) of the Three Kingdoms", "Wei"),
    ("faction", "shu"): C_("faction of a hero: the kingdom of Shu (蜀) of the Three Kingdoms", "Shu"),
    ("faction", "wu"): C_("faction of a hero: the kingdom of Wu (吴) of the Three Kingdoms", "Wu"),
    # 三国杀's factions (the only game with them): 群 is printed NEUTRAL in the English edition
    ("faction", "qun"): C_("faction of a hero: 群, the heroes of no kingdom (printed NEUTRAL in English)", "Neutral"),
    ("faction", "god"): C_("faction of a hero: 神, the god heroes", "God"),
    ("gender", "male"): C_("gender of a hero, after the label Gender", "male"),
    ("gender", "female"): C_("gender of a hero, after the label Gender", "female"),
    ("ability_type", "Passive Ability"): _("Passive Ability"),
    ("ability_type", "Monarch Ability"): _("Monarch Ability"),
    ("group", "Playing Cards"): _("Playing Cards"),
}
"""Coded values (and printed English labels whose established translations readers expect)."""

ERRATUM_TYPE_LABELS = {
    ErratumType.WORDING: C_("type of erratum, after the word Erratum: the card's wording is corrected", "wording"),
    ErratumType.MISPRINT: C_("type of erratum, after the word Erratum: a printing mistake is corrected", "misprint"),
    ErratumType.MISSING_KEYWORD: _("missing keyword"), ErratumType.TRANSLATION: _("translation error"),
    ErratumType.NAME: C_("type of erratum, after the word Erratum: the card's name is corrected", "name"),
    ErratumType.SYMBOL: C_("type of erratum, after the word Erratum: a printed symbol is corrected", "symbol"),
    ErratumType.STATS: C_("type of erratum, after the word Erratum: the card's numbers (cost, strength…) are "
                          "corrected", "statistics"),
    ErratumType.ART: C_("type of erratum, after the word Erratum: the card's picture is corrected", "art"),
    ErratumType.RULES_CHANGE: _("rules change"),
    ErratumType.OTHER: C_("type of erratum, after the word Erratum: any other correction", "other"),
}

AUTHORITY_LABELS = {Authority.OFFICIAL: _("Official rules"), Authority.OFFICIAL_FAQ: _("Official FAQ"),
                    Authority.JUDGE_TEAM: _("Judge team, unofficial"), Authority.COMMUNITY: _("Community, unofficial"),
                    Authority.UNKNOWN: _("Publisher not stated")}

RULING_STATUS_LABELS = {
    RulingStatus.CURRENT: C_("status of a ruling, in the steps of its history: still in force", "Current"),
    RulingStatus.SUPERSEDED: C_("status of a ruling, in the steps of its history: replaced by a later ruling",
                                "Superseded"),
    RulingStatus.REVERSED: C_("status of a ruling, in the steps of its history: overturned, the answer is now the "
                              "opposite", "Reversed")}

RULING_FLAG_LABELS = {RulingFlag.UNANSWERED: _("unanswered in the source"),
                      RulingFlag.OCR_DAMAGE: _("damaged in the source")}


def attribute_name(ui: UI, key: str) -> str:
    """An attribute's label; an unknown key is shown readable (``ability_type`` → "ability type")."""
    label = ATTRIBUTE_LABELS.get(key)
    return ui.t(label) if label else key.replace("_", " ")


def attribute_value(ui: UI, key: str, value: object) -> str:
    label = ATTRIBUTE_VALUE_LABELS.get((key, str(value)))
    return ui.t(label) if label else str(value)
