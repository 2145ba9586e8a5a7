"""Sections: one per heading of :data:`~.decisions.OUTLINE`, nested as it says, with the blocks printed
under it (and its lead-in) and the editorial notes on their texts."""

from __future__ import annotations

from rulings.importers.rules_pages.decisions import NOTES, OUTLINE, Heading
from rulings.importers.rules_pages.document import DOCUMENT_ID, GAME_ID, LANG, Line
from rulings.importers.rules_pages.layout import Item, read_blocks
from rulings.model.entries import Block, Provenance, Section, block_texts
from rulings.model.ids import slugify, unique
from rulings.model.text import Text


def _block_strings(blocks: list[Block]) -> list[str]:
    return [t.source for _, t in block_texts(blocks, "b")]


def _notes_for(texts: list[str]) -> Text | None:
    found = [note for needle, note in NOTES if any(needle in t for t in texts)]
    return Text("en", "\n\n".join(found)) if found else None


def _split_sections(lines: list[Line]) -> list[tuple[Heading, Line, list[list[Line]]]]:
    """(heading, heading line, bodies), in order: the lines printed before the heading that belong to
    it (its lead-in, if any) and the lines after it, kept apart so a list does not run across it."""
    starts: list[int] = []
    for h in OUTLINE:
        hits = [k for k, ln in enumerate(lines) if not ln.bullet and ln.indent == 0 and ln.text == h.title]
        if len(hits) != 1:
            raise ValueError(f"heading {h.title!r} found {len(hits)} times (expected once)")
        starts.append(hits[0])
    if starts != sorted(starts):
        raise ValueError("headings are not in the expected order")
    if starts[0] != 0:
        raise ValueError(f"content before the first heading (line {lines[0].no})")
    begin = list(starts)
    for k, h in enumerate(OUTLINE):
        if h.begins_with:
            lo = starts[k - 1] + 1 if k else 0
            hits = [m for m in range(lo, starts[k]) if lines[m].text.startswith(h.begins_with)]
            if len(hits) != 1:
                raise ValueError(f"lead-in of {h.title!r} found {len(hits)} times (expected once)")
            begin[k] = hits[0]
    out = []
    for k, h in enumerate(OUTLINE):
        end = begin[k + 1] if k + 1 < len(OUTLINE) else len(lines)
        bodies = [lines[begin[k]:starts[k]], lines[starts[k] + 1:end]]
        out.append((h, lines[starts[k]], [b for b in bodies if b]))
    return out


def build_sections(lines: list[Line]) -> tuple[list[Section], list[Item]]:
    """The sections in printed order, and the action types listed under "Actions" (the glossary's)."""
    sections: list[Section] = []
    ids_by_title: dict[str, str] = {}
    used: set[str] = set()
    action_types: list[Item] = []
    for h, head, bodies in _split_sections(lines):
        sid = f"{GAME_ID}/section/{unique(slugify(h.title), used)}"
        ids_by_title[h.title] = sid
        blocks: list[Block] = []
        for body in bodies:
            parsed = read_blocks(body)
            blocks += parsed.blocks
            if h.title == "Actions":
                action_types += parsed.action_types
        nos = [head.no] + [ln.no for body in bodies for ln in body]
        sections.append(Section(
            id=sid, lang=LANG, provenance=[Provenance(DOCUMENT_ID, (min(nos), max(nos)))],
            notes=_notes_for(_block_strings(blocks)),
            title=Text(LANG, h.title), parent=ids_by_title[h.parent] if h.parent else None,
            blocks=blocks))
    return sections, action_types
