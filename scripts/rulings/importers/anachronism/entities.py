"""One entity per topic heading (a rules topic or a card), with its aliases and "See"/"See also" links."""

from __future__ import annotations

from rulings.importers.anachronism.decisions import NOTES, SEE_ALIASES, SEE_MULTI, TEXT_ALIASES, TOPIC_HEADINGS
from rulings.importers.anachronism.document import GAME_ID, JOIN, LANG, add, prov, tx
from rulings.importers.anachronism.topics import Block
from rulings.model.entries import Entity, EntityType
from rulings.model.ids import slugify


def resolve_see(target: str, headings: dict[str, str]) -> list[str]:
    """Entity ids a "See" target (as printed) refers to."""
    if target in headings:
        return [headings[target]]
    if target in SEE_ALIASES:
        return [headings[SEE_ALIASES[target]]]
    if target in SEE_MULTI:
        return [headings[h] for h in SEE_MULTI[target]]
    raise ValueError(f"unresolved cross-reference 'See {target}'")


def build_entities(blocks: list[Block]) -> tuple[dict[str, str], dict[str, Entity]]:
    """(heading as printed → entity id, entity id → entity), in document order."""
    headings: dict[str, str] = {}
    entities: dict[str, Entity] = {}
    for b in blocks:
        etype = EntityType.TOPIC if b.heading in TOPIC_HEADINGS else EntityType.CARD
        eid = f"{GAME_ID}/{etype.value}/{slugify(b.heading, join=JOIN)}"
        if b.heading in headings or eid in entities:
            raise ValueError(f"heading printed twice: {b.heading!r}")
        headings[b.heading] = eid
        entities[eid] = Entity(id=eid, lang=LANG, provenance=prov(b.line, b.last), type=etype,
                               name=tx(b.heading), notes=tx(NOTES[b.line]) if b.line in NOTES else None)
    unknown = sorted(TOPIC_HEADINGS - set(headings))
    if unknown:
        raise ValueError(f"TOPIC_HEADINGS names headings the FAQ does not have: {unknown}")
    for variant, heading in SEE_ALIASES.items():
        add(entities[headings[heading]].aliases.setdefault(LANG, []), variant)
    for heading, spellings in TEXT_ALIASES.items():
        add(entities[headings[heading]].aliases.setdefault(LANG, []), *spellings)
    for b in blocks:
        e = entities[headings[b.heading]]
        for _, target, also in b.see:
            add(e.related if also else e.see, *resolve_see(target, headings))
        if e.id in e.related or e.id in e.see:
            raise ValueError(f"{b.heading!r} refers to itself")
    return headings, entities
