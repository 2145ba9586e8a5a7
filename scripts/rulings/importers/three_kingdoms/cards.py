""""Playing Cards" items: a card (or, for a heading naming several cards, a topic) entity each, with its
clarification as a ruling, or for a "(Translation correction)" item an erratum of type ``translation``."""

from __future__ import annotations

import re

from rulings.importers.three_kingdoms.decisions import CARD_ALIASES, CARD_GROUPS
from rulings.importers.three_kingdoms.document import en, gid, join, name_slug, prov
from rulings.importers.three_kingdoms.items import Item
from rulings.model.entries import Entity, EntityType, Entry, Erratum, ErratumType, Ruling, Section

TRANSLATION_CORRECTION = " (Translation correction)"


def card_item(it: Item, group: str, sec: Section, entities: list[Entity], rulings: list[Ruling],
              errata: list[Erratum], pending: list[tuple[Entry, list[str]]]) -> None:
    """Add the item's entity and its ruling or erratum (``pending``: entries whose references are found later,
    with the ids they must not refer to)."""
    head = it.head
    correction = head.endswith(TRANSLATION_CORRECTION)
    name = head.removesuffix(TRANSLATION_CORRECTION)
    if name in CARD_GROUPS:
        ent = Entity(id=gid("topic", name_slug(name)), lang="en", type=EntityType.TOPIC, name=en(name),
                     aliases={"en": list(CARD_GROUPS[name])}, provenance=prov(it.line, it.line))
    else:
        ent = Entity(id=gid("card", name_slug(name)), lang="en", type=EntityType.CARD, name=en(name),
                     provenance=prov(it.line, it.line))
        if name in CARD_ALIASES:
            ent.aliases = {"en": list(CARD_ALIASES[name])}
    ent.attributes = {"group": group}
    entities.append(ent)
    sec.related.append(ent.id)
    if not correction:
        r = Ruling(id=gid("ruling", name_slug(name)), lang="en", provenance=prov(it.body[0][0], it.last),
                   statement=en(join(it.texts)), about=[ent.id])
        rulings.append(r)
        pending.append((r, [ent.id]))
        return
    er = translation_erratum(it, name, group, ent.id)
    errata.append(er)
    sec.related.append(er.id)


def translation_erratum(it: Item, name: str, group: str, target: str) -> Erratum:
    """A translation correction: "Original ability description: …" then "Correction: …"."""
    if len(it.body) != 2 or not it.texts[0].startswith("Original ability description: ") \
            or not it.texts[1].startswith("Correction: "):
        raise ValueError(f"line {it.line}: unexpected shape of a translation correction")
    orig = it.texts[0].removeprefix("Original ability description: ")
    corr = it.texts[1].removeprefix("Correction: ")
    notes = None
    m = re.fullmatch(r"“(.+)” instead of “(.+)”\.", corr)
    if m:  # printed as a phrase substitution: “new” instead of “old”
        original, corrected = m.group(2), m.group(1)
        notes = en("The correction is printed as a phrase substitution, so original and corrected hold the two "
                   "phrases; the full original description is in text. The description prints “target Hero must "
                   "choose” (capital H), the correction quotes it as “target hero must choose”.")
    else:
        original, corrected = orig, corr
    return Erratum(id=gid("erratum", name_slug(name) + "-translation"), lang="en", type=ErratumType.TRANSLATION,
                   provenance=prov(it.body[0][0], it.last), target=target, target_name=en(name), group=en(group),
                   text=en(join(it.texts)), original=en(original), corrected=en(corrected), notes=notes)
