"""Sections: the preamble, Intercept vs. Defend, and "Rule Clarifications" with one section per heading
of :data:`~.decisions.OUTLINE` (nested as it says), each body read into blocks."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.importers.sorcery.blocks import Placed, build_blocks, step_blocks, with_examples
from rulings.importers.sorcery.decisions import EXAMPLE_TITLES, OUTLINE, SECTION_NOTES, STEP_SECTIONS
from rulings.importers.sorcery.document import GAME_ID, LANG, find_heading, last_nonblank, norm, numbered, prov, tx
from rulings.importers.sorcery.intercept import parse_intercept
from rulings.importers.sorcery.parts import INTERCEPT_HEADING, RULES_HEADING, Parts
from rulings.model.entries import Section
from rulings.model.ids import slugify, unique


@dataclass
class Outline:
    """The sections in document order, their ids by normalised title, and each outline section's blocks
    with the lines they were read from (by title as printed)."""

    sections: list[Section] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)
    placed: dict[str, list[Placed]] = field(default_factory=dict)
    _taken: set[str] = field(default_factory=set)

    def new_id(self, t: str, parent_slug: str | None = None) -> str:
        sid = f"{GAME_ID}/section/{slugify(t)}"
        if sid in self._taken and parent_slug:  # a subsection named like another section: prefix its parent
            sid = f"{GAME_ID}/section/{parent_slug}-{slugify(t)}"
        sid = self.ids[norm(t)] = unique(sid, self._taken)
        return sid


def build_sections(lines: list[str], parts: Parts) -> Outline:
    out = Outline()
    title = lines[0].strip()
    # preamble
    intro_id = out.new_id(title)
    intro_blocks = build_blocks(numbered(lines, 1, parts.changelog))
    out.sections.append(Section(id=intro_id, lang=LANG, provenance=prov(1, last_nonblank(lines, 0, parts.changelog)),
                                title=tx(title), blocks=[p.block for p in intro_blocks]))
    out.sections.append(parse_intercept(lines, parts.intercept, parts.rules, out.new_id(INTERCEPT_HEADING)))
    _rule_clarifications(lines, parts, out)
    return out


def _rule_clarifications(lines: list[str], parts: Parts, out: Outline) -> None:
    """The "Rule Clarifications" section and one section per outline heading under it."""
    i_rules = parts.rules
    rules_id = out.new_id(RULES_HEADING)
    starts: list[int] = []
    pos = i_rules + 1
    for t, _parent in OUTLINE:
        pos = find_heading(lines, t, pos)
        starts.append(pos)
        pos += 1
    rules_end = last_nonblank(lines, i_rules, starts[0]) if starts else i_rules + 1
    out.sections.append(Section(id=rules_id, lang=LANG, provenance=prov(i_rules + 1, rules_end),
                                title=tx(RULES_HEADING),
                                blocks=[p.block for p in build_blocks(numbered(lines, i_rules + 1, starts[0]))]))
    for k, (t, parent) in enumerate(OUTLINE):
        a = starts[k]
        b = starts[k + 1] if k + 1 < len(starts) else parts.faq
        parent_id = out.ids[norm(parent)] if parent else rules_id
        sid = out.new_id(t, slugify(parent) if parent else None)
        body = numbered(lines, a + 1, b)
        if t in STEP_SECTIONS:
            placed = step_blocks(body, STEP_SECTIONS[t])
        else:
            placed = with_examples(body, EXAMPLE_TITLES.get(t))
        out.placed[t] = placed
        out.sections.append(Section(id=sid, lang=LANG, provenance=prov(a + 1, last_nonblank(lines, a, b)),
                                    title=tx(t), parent=parent_id, blocks=[p.block for p in placed],
                                    notes=tx(SECTION_NOTES[t]) if t in SECTION_NOTES else None))
