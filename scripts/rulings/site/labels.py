"""Reader-facing labels of every enumerated value: entity kinds, attributes and their coded values, erratum
kinds, ruling status and flags. Content and the JSON keep the codes (``wei``, ``missing-keyword``); pages,
search and feeds show these labels, translated through the UI catalogs like every other UI string.

A value without a label here is shown as written: attribute values are often printed text (a set code such
as ``WEI 001``), which must not be guessed at.
"""

from __future__ import annotations

from rulings.model.entries import Authority, EntityType, ErratumType, RulingFlag, RulingStatus
from rulings.site.i18n import N_, UI, _

ENTITY_TYPE_LABELS = {
    EntityType.CARD: N_("Card", "Cards"),
    EntityType.HERO: N_("Hero", "Heroes"),
    EntityType.ABILITY: N_("Ability", "Abilities"),
    EntityType.KEYWORD: N_("Keyword", "Keywords"),
    EntityType.TOPIC: N_("Topic", "Topics"),
}

ATTRIBUTE_LABELS = {"faction": _("Faction"), "gender": _("Gender"), "health": _("Health"), "set": _("Set"),
                    "ability_type": _("Ability type"), "group": _("Card group")}

ATTRIBUTE_VALUE_LABELS = {
    ("faction", "wei"): _("Wei"), ("faction", "shu"): _("Shu"), ("faction", "wu"): _("Wu"),
    # 三国杀's factions (the only game with them): 群 is printed NEUTRAL in the English edition
    ("faction", "qun"): _("Neutral"), ("faction", "god"): _("God"),
    ("gender", "male"): _("male"), ("gender", "female"): _("female"),
    ("ability_type", "Passive Ability"): _("Passive Ability"),
    ("ability_type", "Monarch Ability"): _("Monarch Ability"),
    ("group", "Playing Cards"): _("Playing Cards"),
}
"""Coded values (and printed English labels whose established translations readers expect)."""

ERRATUM_TYPE_LABELS = {
    ErratumType.WORDING: _("wording"), ErratumType.MISPRINT: _("misprint"),
    ErratumType.MISSING_KEYWORD: _("missing keyword"), ErratumType.TRANSLATION: _("translation error"),
    ErratumType.NAME: _("name"), ErratumType.SYMBOL: _("symbol"), ErratumType.STATS: _("statistics"),
    ErratumType.ART: _("art"), ErratumType.RULES_CHANGE: _("rules change"), ErratumType.OTHER: _("other"),
}

AUTHORITY_LABELS = {Authority.OFFICIAL: _("Official rules"), Authority.OFFICIAL_FAQ: _("Official FAQ"),
                    Authority.JUDGE_TEAM: _("Judge team, unofficial"), Authority.COMMUNITY: _("Community, unofficial"),
                    Authority.UNKNOWN: _("Publisher not stated")}

RULING_STATUS_LABELS = {RulingStatus.CURRENT: _("Current"), RulingStatus.SUPERSEDED: _("Superseded"),
                        RulingStatus.REVERSED: _("Reversed")}

RULING_FLAG_LABELS = {RulingFlag.UNANSWERED: _("unanswered in the source"),
                      RulingFlag.OCR_DAMAGE: _("damaged in the source")}


def attribute_name(ui: UI, key: str) -> str:
    """An attribute's label; an unknown key is shown readable (``ability_type`` → "ability type")."""
    label = ATTRIBUTE_LABELS.get(key)
    return ui.t(label) if label else key.replace("_", " ")


def attribute_value(ui: UI, key: str, value: object) -> str:
    label = ATTRIBUTE_VALUE_LABELS.get((key, str(value)))
    return ui.t(label) if label else str(value)
