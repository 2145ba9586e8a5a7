"""Card entities: one per card heading of the FAQ, its other printed spellings as aliases."""

from __future__ import annotations

from rulings.importers.sorcery.document import GAME_ID, LANG, SourceError, norm, prov, tx
from rulings.model.entries import Entity, EntityType
from rulings.model.ids import slugify


def card_entities(lines: list[str], cards_raw: list[dict]) -> tuple[list[Entity], dict[str, str]]:
    """(the card entities, card key → entity id); a card heading printed twice in a row spans both lines."""
    entities: list[Entity] = []
    card_ids: dict[str, str] = {}
    for c in cards_raw:
        (n0, name), *others = c["names"]
        cid = f"{GAME_ID}/card/{slugify(name)}"
        if cid in card_ids.values():
            raise SourceError(f"two cards with the slug of {name!r}")
        card_ids[c["key"]] = cid
        aliases = [o for _, o in others if o != name]
        last = c["names"][-1][0]
        between = [lines[i].strip() for i in range(n0, last - 1)]
        first_last = (n0, last) if all(not x or norm(x) == c["key"] for x in between) else (n0, n0)
        entities.append(Entity(id=cid, lang=LANG, provenance=prov(*first_last), type=EntityType.CARD,
                               name=tx(name), aliases={LANG: aliases} if aliases else {}))
    return entities, card_ids
