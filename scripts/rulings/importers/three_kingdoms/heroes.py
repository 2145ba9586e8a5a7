"""The hero rule set (武将规则集): numbered heroes, each with its English line, then abilities (a name line,
the ability's text) each followed by its Q:/A: pairs."""

from __future__ import annotations

import re

from rulings.importers.three_kingdoms.decisions import STOPWORDS
from rulings.importers.three_kingdoms.document import OFFICIAL_BY, SUITS, en, gid, join, prov
from rulings.model.entries import Entity, EntityType, Entry, Naming, Ruling, Section
from rulings.model.ids import slug_words, slugify
from rulings.model.terms import HAN_RANGES
from rulings.model.text import Text

HERO_HEAD_RE = re.compile(rf"^(\d+)\s+([{HAN_RANGES}]+)$")
HERO_LINE_RE = re.compile(
    r"^(?P<en>[A-Z][A-Za-z\- ]+?) \((?P<faction>[A-Z]+) (?P<gender>[MF]) (?P<health>\d+) (?P<set>[A-Z]+ \d+)\)$")
ABILITY_KIND_RE = re.compile(r"^(Passive Ability|Monarch Ability|Expendable Ability|Trigger Ability):")
GENDERS = {"M": "male", "F": "female"}  # the hero line prints M / F; the schema wants male / female
FACTIONS = {"NEUTRAL": "qun"}
"""Printed factions whose code is not the printed word: the English edition prints NEUTRAL for the faction
the Chinese game calls 群 (its heroes' set codes say QUN); the others (WEI, SHU, WU) are their code."""


def _q_slug(prefix: str, question: str, used: set[str]) -> str:
    words = [w for w in slug_words(question.removeprefix("Q:")) if w not in STOPWORDS]
    for k in range(5, len(words) + 1):
        s = f"{prefix}-{'-'.join(words[:k])}"
        if s not in used:
            used.add(s)
            return s
    raise ValueError(f"cannot make a unique id for question {question!r}")


def _looks_like_name(s: str) -> bool:
    return not s.endswith((".", ";", "?", ":", ",")) and s[0] not in SUITS and len(s.split()) <= 5


def _hero(zh: tuple[int, str], m: re.Match[str], no: int) -> Entity:
    """A hero entity from its Chinese heading and its English line ``BU Lianshi (WU F 3 YJ 101)``."""
    name = Text("zh", zh[1])
    name.translate("en", m.group("en"), "official", by=OFFICIAL_BY)
    return Entity(id=gid("hero", slugify(m.group("en"))), lang="zh", type=EntityType.HERO, name=name,
                  provenance=prov(zh[0], no), attributes={
                      "faction": FACTIONS.get(m.group("faction"), m.group("faction").lower()),
                      "gender": GENDERS[m.group("gender")],
                      "health": int(m.group("health")), "set": m.group("set")})


def parse_heroes(block: list[tuple[int, str]], sec: Section, entities: list[Entity], rulings: list[Ruling],
                 pending: list[tuple[Entry, list[str]]]) -> None:
    """Read the hero rule set line by line (a small state machine: what may come next depends on what came
    before, so it stays one loop)."""
    hero: Entity | None = None
    ability: Entity | None = None
    zh: tuple[int, str] | None = None
    state = "start"  # "name": an ability name comes next; "text": reading the ability's text
    used: set[str] = set()
    i = 0
    while i < len(block):
        no, s = block[i]
        if m := HERO_HEAD_RE.match(s):
            zh = (no, m.group(2))
        elif m := HERO_LINE_RE.match(s):
            if zh is None:
                raise ValueError(f"line {no}: hero without its Chinese heading")
            hero = _hero(zh, m, no)
            entities.append(hero)
            sec.related.append(hero.id)
            zh, ability, state = None, None, "name"
        elif s.startswith("Q:"):
            if ability is None or hero is None or ability.text is None:
                raise ValueError(f"line {no}: question outside an ability")
            if i + 1 >= len(block) or not block[i + 1][1].startswith("A:"):
                raise ValueError(f"line {no}: question without answer")
            ano, ans = block[i + 1]
            q = s.removeprefix("Q:").strip()
            r = Ruling(id=gid("ruling", _q_slug(slugify(ability.name.source), q, used)), lang="en",
                       provenance=prov(no, ano), question=en(q), answer=en(ans.removeprefix("A:").strip()),
                       about=[hero.id, ability.id])
            rulings.append(r)
            pending.append((r, list(r.about)))
            i += 1
            state = "name"
        elif hero is not None and (state == "name" or (state == "text" and ability is not None
                                                        and ability.text is not None and _looks_like_name(s))):
            if not _looks_like_name(s):
                raise ValueError(f"line {no}: expected an ability name, got {s!r}")
            ability = Entity(id=gid("ability", f"{hero.id.rsplit('/', 1)[1]}-{slugify(s)}"), lang="en",
                             type=EntityType.ABILITY, name=en(s), naming=Naming.PRINTED, parent=hero.id,
                             provenance=prov(no, no))
            entities.append(ability)
            pending.append((ability, [hero.id]))
            state = "text"
        elif state == "text" and ability is not None and hero is not None:
            ability.text = en(join(([ability.text.source] if ability.text else []) + [s]))
            ability.provenance = prov(ability.origin.lines[0], no)
            if k := ABILITY_KIND_RE.match(s):
                ability.attributes = {"ability_type": k.group(1)}
        else:
            raise ValueError(f"line {no}: unexpected line in the hero rules: {s!r}")
        i += 1
    _printed_spellings(block, entities)


def _printed_spellings(block: list[tuple[int, str]], entities: list[Entity]) -> None:
    """Printed spellings of a hero's English name that differ from the official one (e.g. "Bu Lianshi"): aliases."""
    text = "\n".join(s for _, s in block)
    for e in entities:
        if e.type is EntityType.HERO:
            en_name = e.name.get("en")
            other = sorted({m.group(0) for m in re.finditer(rf"\b{re.escape(en_name)}\b", text, re.IGNORECASE)}
                           - {en_name})
            if other:
                e.aliases = {"en": other}
