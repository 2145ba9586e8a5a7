"""What reading the forum copy established: English for its Chinese headings, card groups and aliases,
notes on damaged wording, and how glossary terms are referred to in texts.
"""

from __future__ import annotations

# English for the fixed Chinese headings (no English is printed beside them): machine translations.
HEADING_EN: dict[str, str] = {
    "先是用语": "First, terminology",
    "简易英文版规则集（不包含武将）": "Simplified English-edition rule set (heroes not included)",
    "武将规则集": "Hero rule set",
    "三国杀英文版 Legends of The Three Kingdoms 翻译到三将":
        # 三将: the third 一将成名 (Yijiang, "YJ" in the heroes' set codes) hero expansion
        "Sanguosha English edition, Legends of The Three Kingdoms: translated up to the third Yijiang hero expansion",
}

# Id slugs of the Chinese headings: their pinyin.
HEADING_SLUG: dict[str, str] = {
    "先是用语": "xian-shi-yong-yu",
    "简易英文版规则集（不包含武将）": "jian-yi-ying-wen-ban-gui-ze-ji",
    "武将规则集": "wu-jiang-gui-ze-ji",
}

# "Playing Cards" headings that name several cards: topics (with the single card names as aliases),
# not one card entity pretending to be several.
CARD_GROUPS: dict[str, list[str]] = {
    "Fire/Lightning (attributed) Strike": ["Fire Strike", "Lightning Strike"],
    "Peach garden/Barbarian invasion/Arrow barrage/Bountiful harvest":
        ["Peach garden", "Barbarian invasion", "Arrow barrage", "Bountiful harvest"],
    "±1 Mounts": ["+1 Mount", "-1 Mount"],
}
# Abbreviations the document itself uses for a card.
CARD_ALIASES: dict[str, list[str]] = {"Silver Lion Helmet": ["SLH"]}

# Editorial notes on damage or doubtful wording in the source, by term heading as printed.
TERM_NOTES: dict[str, str] = {
    "Max life point/life point/health":
        "The source prints “(half of a )”: a symbol (probably a yin-yang image) was lost in the forum copy.",
    "Passive Ability":
        "“clocked” is kept as printed; it probably stands for “locked” (the Chinese term is 锁定技, "
        "“locked ability”).",
    "“Shackle” & “Unshackle”":
        "The example refers to a graph “below” that the forum copy does not include.",
}

# Other names the document gives a glossary term, by term heading: the parts of the Field, which have their
# own translations (装备区, 判定区): "Field: Equipment field + judgment field" (line 68).
TERM_ALIASES: dict[str, list[str]] = {"Field": ["equipment field", "judgment field"]}

# Glossary terms whose definition is built on other terms (printed in the definition).
TERM_REFS: dict[str, list[str]] = {
    "Trigger Ability": ["Passive Ability", "Expendable Ability"],
}

# Words that mark a cross-reference to a glossary term, by term heading (besides the heading itself).
TERM_PATTERNS: dict[str, str] = {
    "Point Duel": r"\bpoint duel\b",
    "“Shackle” & “Unshackle”": r"\bShackled?\b",
    "Damage/loss of health": r"\bloss of health\b|\bhealth loss\b",
    "Monarch Ability": r"\bMonarch Ability\b",
    "Passive Ability": r"\bPassive Ability\b",
    "Expendable Ability": r"\bExpendable Ability\b",
}

STOPWORDS = frozenset((
    "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "is", "are", "be", "can", "does", "do", "did",
    "if", "when", "what", "he", "she", "his", "her", "it", "its", "that", "this", "with", "from", "for", "by",
    "as", "s", "t", "him", "they", "them", "happens"))  # left out of question slugs in ids
