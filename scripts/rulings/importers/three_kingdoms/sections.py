"""One section per heading of the thread, and what is printed under each read by its reader: the circled
lists, the glossary items, the Playing Cards items and the hero rule set."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.importers.three_kingdoms.cards import card_item
from rulings.importers.three_kingdoms.decisions import HEADING_SLUG
from rulings.importers.three_kingdoms.document import en, gid, name_slug, prov, zh_heading
from rulings.importers.three_kingdoms.glossary import make_term
from rulings.importers.three_kingdoms.headings import (
    CHINESE,
    CONCEPTS,
    EARLY_TERMS,
    GAME_ELEMENTS,
    HERO_RULES,
    PLAYING_CARDS,
    PRECEDENCE,
    RULE_SET,
    WORD_USING,
)
from rulings.importers.three_kingdoms.heroes import parse_heroes
from rulings.importers.three_kingdoms.items import Item, ordered_list, read_items
from rulings.model.entries import Entity, Entry, Erratum, Ruling, Section, Term


@dataclass
class Read:
    """The entries read so far, in document order, with what the cross-referencing pass needs."""

    entities: list[Entity] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    term_by_head: dict[str, Term] = field(default_factory=dict)
    pending: list[tuple[Entry, list[str]]] = field(default_factory=list)  # (entry, ids not to refer to)
    early: tuple[Section, list[Item]] | None = None
    rule_set_id: str | None = None
    game_elements_id: str | None = None


def read_blocks(blocks: list[tuple[str, int, list[tuple[int, str]]]]) -> Read:
    out = Read()
    for marker, mline, block in blocks:
        if marker in CHINESE:
            _chinese(marker, mline, block, out)
        else:
            _english(marker, mline, block, out)
    return out


def _chinese(marker: str, mline: int, block: list[tuple[int, str]], out: Read) -> None:
    sec = Section(id=gid("section", HEADING_SLUG[marker]), lang="zh", provenance=prov(mline, mline),
                  title=zh_heading(marker))
    out.sections.append(sec)
    if marker == RULE_SET:
        out.rule_set_id = sec.id
    if marker == EARLY_TERMS:
        items = read_items(block, marker)
        sec.lang = "en"
        sec.provenance = prov(mline, items[-1].last)
        sec.blocks = [ordered_list(items)]
        sec.notes = en("The thread's first terminology post. The later rule set restates all ten items "
                       "(under Word Using and Concepts), some with revised wording or other examples; "
                       "this earlier list is kept as printed and points at the later terms.")
        out.early = (sec, items)
    elif marker == HERO_RULES:
        parse_heroes(block, sec, out.entities, out.rulings, out.pending)
    elif block:
        raise ValueError(f"line {block[0][0]}: unexpected text under {marker}")


def _english(marker: str, mline: int, block: list[tuple[int, str]], out: Read) -> None:
    """An English heading of the rule set: a section under it (Playing Cards under Game Elements)."""
    sec = Section(id=gid("section", name_slug(marker)), lang="en", provenance=prov(mline, mline),
                  parent=out.game_elements_id if marker == PLAYING_CARDS else out.rule_set_id,
                  title=en(marker.rstrip(":")))
    out.sections.append(sec)
    if marker == PRECEDENCE:
        items = read_items(block, marker)
        sec.provenance = prov(mline, items[-1].last)
        sec.blocks = [ordered_list(items)]
        out.pending.append((sec, []))
    elif marker in (WORD_USING, CONCEPTS):
        for it in read_items(block, marker):
            t = make_term(it)
            if t.term.source in out.term_by_head:
                raise ValueError(f"line {it.line}: term {t.term.source!r} defined twice")
            out.term_by_head[t.term.source] = t
            out.terms.append(t)
            sec.related.append(t.id)
    elif marker == GAME_ELEMENTS:
        out.game_elements_id = sec.id
        if block:
            raise ValueError(f"line {block[0][0]}: unexpected text under {marker}")
    elif marker == PLAYING_CARDS:
        for it in read_items(block, marker):
            card_item(it, marker.rstrip(":"), sec, out.entities, out.rulings, out.errata, out.pending)
