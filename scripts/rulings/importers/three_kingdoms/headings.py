"""The thread's headings (three Chinese ones, five English ones of the rule set): the text cut into blocks,
one per heading."""

from __future__ import annotations

EARLY_TERMS = "先是用语"
RULE_SET = "简易英文版规则集（不包含武将）"
HERO_RULES = "武将规则集"
PRECEDENCE = "Rules of calculating effects:"
WORD_USING = "Word Using:"
CONCEPTS = "Concepts:"
GAME_ELEMENTS = "Game Elements:"
PLAYING_CARDS = "Playing Cards:"
MARKERS = (EARLY_TERMS, RULE_SET, HERO_RULES, PRECEDENCE, WORD_USING, CONCEPTS, GAME_ELEMENTS, PLAYING_CARDS)
CHINESE = (EARLY_TERMS, RULE_SET, HERO_RULES)


def split_blocks(kept: list[tuple[int, str]]) -> list[tuple[str, int, list[tuple[int, str]]]]:
    """(marker, marker line, lines up to the next marker)."""
    out: list[tuple[str, int, list[tuple[int, str]]]] = []
    for no, s in kept:
        if s in MARKERS:
            out.append((s, no, []))
        elif out:
            out[-1][2].append((no, s))
        else:
            raise ValueError(f"line {no}: content before the first heading: {s!r}")
    return out
