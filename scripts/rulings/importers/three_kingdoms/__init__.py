"""Importer for the forum copy of the Legends of the Three Kingdoms FAQ (三国杀英文版).

The source is a forum thread copied as plain text: Chinese headings, an English body. Its shape:

- line 1, the thread title (becomes the document title);
- 先是用语 ("first, terminology"): an early list of ten circled items (①…⑩);
- 简易英文版规则集（不包含武将） ("simplified English-edition rule set, heroes not included") with
  "Rules of calculating effects:" (precedence rules), "Word Using:", "Concepts:" and
  "Game Elements:" / "Playing Cards:" (card clarifications, two of them translation corrections);
- 武将规则集 ("hero rule set"): numbered heroes ("1 步练师"), each with an English line
  ``BU Lianshi (WU F 3 YJ 101)`` = name (faction gender health set-code), then abilities (a name
  line, the ability text) each followed by its Q:/A: pairs.

The forum copy repeats most blocks verbatim right after themselves (each post was pasted twice) and
holds some chatter: ``forum`` drops both (the poster's remarks become the document's ``notes``), so
only the first copy is imported and every entry's provenance points at it; any other line the parser
does not understand is an error, so nothing is lost silently. ``tables`` holds what reading the thread
established (heading translations, card groups, notes); this module reads the parts and builds the
entries.

Mapping:

- the heroes are entities (type ``hero``): Chinese name with the printed English name as an
  ``official`` translation; ``attributes`` from ``(WU F 3 YJ 101)``: faction ``wu`` (lower case, as
  the schema's examples), gender ``female`` (printed M / F), health ``3`` and set ``YJ 101`` (the
  printed set code with its card number, kept whole: for base-set heroes the prefix is the faction,
  e.g. ``WEI 001``, so it cannot be split into a set name);
- their abilities are entities (type ``ability``, ``parent`` = the hero, ``text`` = ability text), with
  ``naming: printed``: an ability's name is printed on the hero card of each edition (奸雄 on the Chinese
  card, Treachery on the English one), so Chinese readers get the Chinese edition's name (an ``official``
  translation of the English, added by the translation pass), not a translation of the English;
- faction ``qun`` for the English edition's NEUTRAL (the Chinese game's 群, as the set codes QUN say);
- the Q&A are rulings ``about`` the hero and the ability they are printed under;
- the precedence rules are a section with an ordered list (circled-number order kept);
- every "Word Using" and "Concepts" item defines a word or concept: each is a glossary term, and
  the two lists are sections whose ``related`` keeps the terms in printed order;
- the early 先是用语 list is an earlier draft of ten of those terms (same headings, partly older
  wording): it is kept as a section with an ordered list, ``related`` to the later terms, instead of
  a second, conflicting set of glossary terms;
- each "Playing Cards" item is a card (or, for a heading naming several cards, a topic) entity with
  its clarification as a ruling; the two "(Translation correction)" items are errata of type
  ``translation``;
- Chinese headings get an English ``machine`` translation by ``ai:claude`` from the small
  ``tables.HEADING_EN`` table (the headings are fixed); nothing else in the document is Chinese.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.importers.result import ImportResult
from rulings.importers.three_kingdoms.decisions import (
    CARD_ALIASES,
    CARD_GROUPS,
    HEADING_EN,
    HEADING_SLUG,
    STOPWORDS,
    TERM_ALIASES,
    TERM_NOTES,
    TERM_PATTERNS,
    TERM_REFS,
)
from rulings.importers.three_kingdoms.forum import TITLE_LINE, analyse
from rulings.model.entries import (
    Authority,
    Document,
    Entity,
    EntityType,
    Entry,
    Erratum,
    ErratumType,
    Game,
    ListBlock,
    ListItem,
    Naming,
    Provenance,
    Ruling,
    Section,
    Term,
)
from rulings.model.ids import slug_words, slugify
from rulings.model.terms import HAN_RANGES
from rulings.model.text import Text

FORMAT = "three-kingdoms-faq"
GAME_ID = "three-kingdoms"
DOCUMENT_ID = "faq"
SOURCE_NAME = "legends-of-the-three-kingdoms-faq.txt"

MACHINE_BY = "ai:claude"
OFFICIAL_BY = "source document"

EARLY_TERMS = "先是用语"
RULE_SET = "简易英文版规则集（不包含武将）"
HERO_RULES = "武将规则集"
PRECEDENCE = "Rules of calculating effects:"
WORD_USING = "Word Using:"
CONCEPTS = "Concepts:"
GAME_ELEMENTS = "Game Elements:"
PLAYING_CARDS = "Playing Cards:"
MARKERS = (EARLY_TERMS, RULE_SET, HERO_RULES, PRECEDENCE, WORD_USING, CONCEPTS, GAME_ELEMENTS, PLAYING_CARDS)

TRANSLATION_CORRECTION = " (Translation correction)"

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
CIRCLED_RE = re.compile(rf"^([{CIRCLED}])\s*(.*)$")
HERO_HEAD_RE = re.compile(rf"^(\d+)\s+([{HAN_RANGES}]+)$")
HERO_LINE_RE = re.compile(
    r"^(?P<en>[A-Z][A-Za-z\- ]+?) \((?P<faction>[A-Z]+) (?P<gender>[MF]) (?P<health>\d+) (?P<set>[A-Z]+ \d+)\)$")
ABILITY_KIND_RE = re.compile(r"^(Passive Ability|Monarch Ability|Expendable Ability|Trigger Ability):")
SUITS = "♥♦♣♠"
GENDERS = {"M": "male", "F": "female"}  # the hero line prints M / F; the schema wants male / female
FACTIONS = {"NEUTRAL": "qun"}
"""Printed factions whose code is not the printed word: the English edition prints NEUTRAL for the faction
the Chinese game calls 群 (its heroes' set codes say QUN); the others (WEI, SHU, WU) are their code."""


# --- helpers ------------------------------------------------------------------------------------


def _name_slug(s: str) -> str:
    """Slug of a heading: parenthetical remarks left out; ``±`` spelled out, as the heading ``±1 Mounts``
    names both the +1 and the -1 mount (its id, ``topic/plus-minus-1-mounts``, is the only one with it)."""
    return slugify(re.sub(r"\([^)]*\)", " ", s).replace("±", " plus minus "))


def _join(lines: list[str]) -> str:
    """Source lines are paragraphs; a line starting with a suit symbol continues a list in a sentence."""
    out = ""
    for s in lines:
        out += (("\n" if s[0] in SUITS else "\n\n") if out else "") + s
    return out


def _en(s: str) -> Text:
    return Text("en", s)


def _zh_heading(s: str) -> Text:
    t = Text("zh", s)
    t.translate("en", HEADING_EN[s], "machine", by=MACHINE_BY)
    return t


def _prov(a: int, b: int) -> list[Provenance]:
    return [Provenance(DOCUMENT_ID, (a, b))]


def _gid(kind: str, slug: str) -> str:
    return f"{GAME_ID}/{kind}/{slug}"


@dataclass
class Item:
    """A circled-number item: its heading line and the lines under it."""

    number: int
    line: int
    head: str
    body: list[tuple[int, str]] = field(default_factory=list)

    @property
    def last(self) -> int:
        return self.body[-1][0] if self.body else self.line

    @property
    def texts(self) -> list[str]:
        return [s for _, s in self.body]


def _ordered_list(items: list[Item]) -> ListBlock:
    """Circled-number items as printed: an ordered list, each item's lines as its sub-items."""
    return ListBlock(ordered=True, items=[ListItem(_en(it.head), items=[ListItem(_en(s)) for s in it.texts])
                                          for it in items])


def _items(block: list[tuple[int, str]], what: str) -> list[Item]:
    items: list[Item] = []
    for no, s in block:
        m = CIRCLED_RE.match(s)
        if m:
            number = CIRCLED.index(m.group(1)) + 1
            if number != len(items) + 1:
                raise ValueError(f"line {no}: {what} item {m.group(1)} out of order")
            items.append(Item(number, no, m.group(2).strip()))
        elif items:
            items[-1].body.append((no, s))
        else:
            raise ValueError(f"line {no}: text before the first item of {what}: {s!r}")
    return items


class Refs:
    """Finds cross-references in a text: names of entities and glossary terms printed in it."""

    def __init__(self) -> None:
        self.patterns: list[tuple[re.Pattern[str], str]] = []

    def add(self, pattern: str, target: str, flags: int = 0) -> None:
        self.patterns.append((re.compile(pattern, flags), target))

    def find(self, texts: list[str], exclude: list[str]) -> list[str]:
        hits: list[tuple[int, int, str]] = []
        for order, (p, target) in enumerate(self.patterns):
            if target in exclude:
                continue
            for ti, t in enumerate(texts):
                m = p.search(t)
                if m:
                    hits.append((ti * 1_000_000 + m.start(), order, target))
                    break
        out: list[str] = []
        for _, _, target in sorted(hits):
            if target not in out:
                out.append(target)
        return out


def _block_strings(s: Section) -> list[str]:
    return [t.source for p, t in s.texts() if p.startswith("blocks.")]


# --- the parser ---------------------------------------------------------------------------------


def _split_blocks(kept: list[tuple[int, str]]) -> list[tuple[str, int, list[tuple[int, str]]]]:
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


def parse(text: str) -> ImportResult:
    a = analyse(text)
    title = a.lines[TITLE_LINE - 1].strip()
    entities: list[Entity] = []
    rulings: list[Ruling] = []
    terms: list[Term] = []
    errata: list[Erratum] = []
    sections: list[Section] = []
    refs = Refs()
    term_by_head: dict[str, Term] = {}
    pending: list[tuple[Entry, list[str]]] = []  # (entry, ids not to refer to): refs filled at the end

    blocks = _split_blocks(a.kept)
    rule_set_id: str | None = None
    game_elements_id: str | None = None
    early: tuple[Section, list[Item]] | None = None

    for marker, mline, block in blocks:
        if marker in (EARLY_TERMS, RULE_SET, HERO_RULES):
            sec = Section(id=_gid("section", HEADING_SLUG[marker]), lang="zh", provenance=_prov(mline, mline),
                          title=_zh_heading(marker))
            sections.append(sec)
            if marker == RULE_SET:
                rule_set_id = sec.id
            if marker == EARLY_TERMS:
                items = _items(block, marker)
                sec.lang = "en"
                sec.provenance = _prov(mline, items[-1].last)
                sec.blocks = [_ordered_list(items)]
                sec.notes = _en("The thread's first terminology post. The later rule set restates all ten items "
                                "(under Word Using and Concepts), some with revised wording or other examples; "
                                "this earlier list is kept as printed and points at the later terms.")
                early = (sec, items)
            elif marker == HERO_RULES:
                _parse_heroes(block, sec, entities, rulings, pending)
            elif block:
                raise ValueError(f"line {block[0][0]}: unexpected text under {marker}")
            continue
        # an English heading of the rule set: a section under it (Playing Cards under Game Elements)
        sec = Section(id=_gid("section", _name_slug(marker)), lang="en", provenance=_prov(mline, mline),
                      parent=game_elements_id if marker == PLAYING_CARDS else rule_set_id,
                      title=_en(marker.rstrip(":")))
        sections.append(sec)
        if marker == PRECEDENCE:
            items = _items(block, marker)
            sec.provenance = _prov(mline, items[-1].last)
            sec.blocks = [_ordered_list(items)]
            pending.append((sec, []))
        elif marker in (WORD_USING, CONCEPTS):
            for it in _items(block, marker):
                t = _term(it)
                if t.term.source in term_by_head:
                    raise ValueError(f"line {it.line}: term {t.term.source!r} defined twice")
                term_by_head[t.term.source] = t
                terms.append(t)
                sec.related.append(t.id)
        elif marker == GAME_ELEMENTS:
            game_elements_id = sec.id
            if block:
                raise ValueError(f"line {block[0][0]}: unexpected text under {marker}")
        elif marker == PLAYING_CARDS:
            for it in _items(block, marker):
                _card_item(it, marker.rstrip(":"), sec, entities, rulings, errata, pending)

    # cross-references: entities and terms named in texts
    for e in entities:
        if e.type is EntityType.HERO:
            en = e.name.get("en")
            refs.add(rf"\b{re.escape(en)}\b", e.id, re.IGNORECASE)
        else:
            for n in [e.name.source, *e.aliases.get("en", [])]:
                refs.add(rf"\b{re.escape(n)}" + (r"\b" if e.type is not EntityType.CARD else ""), e.id,
                         re.IGNORECASE if e.type is EntityType.TOPIC else 0)
    for head, pattern in TERM_PATTERNS.items():
        refs.add(pattern, term_by_head[head].id, re.IGNORECASE)
    for t in terms:
        for other in TERM_REFS.get(t.term.source, []):
            t.related.append(term_by_head[other].id)
        pending.append((t, []))
    for entry, exclude in pending:
        texts = [t.source for path, t in entry.texts() if path != "notes"]
        found = refs.find(texts, [entry.id, *exclude])
        entry.related += [r for r in found if r not in entry.related]

    if early is not None:
        sec, items = early
        norm = {re.sub(r"\s+", "", h).lower(): t.id for h, t in term_by_head.items()}
        for it in items:
            tid = norm.get(re.sub(r"\s+", "", it.head).lower())
            if tid is None:
                raise ValueError(f"line {it.line}: early term {it.head!r} has no later counterpart")
            sec.related.append(tid)
        sec.related += [r for r in refs.find(_block_strings(sec), sec.related) if r not in sec.related]

    ids = [e.id for e in [*entities, *rulings, *terms, *errata, *sections]]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"duplicate ids: {dup}")

    # The game here is the English edition: its card, ability and rules texts are English, so the name's
    # source is the English title (as published; line 1 prints "Legends of The Three Kingdoms"), and the
    # Chinese name printed beside it in line 1 ("三国杀英文版 …", "Sanguosha English edition") is official.
    name = _en("Legends of the Three Kingdoms")
    name.translate("zh", "三国杀", "official", by=OFFICIAL_BY)
    if title not in HEADING_EN:
        raise ValueError(f"line {TITLE_LINE}: new document title {title!r}: add its English to HEADING_EN")
    doc_title = Text("zh", title)
    doc_title.translate("en", HEADING_EN[title], "machine", by=MACHINE_BY)
    # the poster's remarks (line 2, the end of the hero rule set heading): the document's notes
    notes = Text("zh", "\n\n".join(remark for _, remark, _ in a.asides)) if a.asides else None
    if notes:
        notes.translate("en", "\n\n".join(english for _, _, english in a.asides), "machine", by=MACHINE_BY)
    game = Game(id=GAME_ID, lang="en", name=name, identified=True, documents=[
        Document(id=DOCUMENT_ID, title=doc_title, languages=["en", "zh"], file="sources/" + SOURCE_NAME,
                 sha256="", notes=notes, authority=Authority.COMMUNITY)])  # a player's forum thread
    return ImportResult.of(game, DOCUMENT_ID, {
        "entities": entities,
        "rulings": rulings,
        "glossary": terms,
        "errata": errata,
        "sections": sections,
    })


def _term(it: Item) -> Term:
    head, body = it.head, it.texts
    if not body and " = " in head:  # "In play = Alive"
        head, definition = (s.strip() for s in head.split(" = ", 1))
        body = [definition]
    head = head.removesuffix(":")  # "Field:" - the colon only introduces the definition
    if not body:
        raise ValueError(f"line {it.line}: term {head!r} without a definition")
    note = TERM_NOTES.get(head)
    aliases = TERM_ALIASES.get(head)
    return Term(id=_gid("term", _name_slug(head)), lang="en", provenance=_prov(it.line, it.last),
                term=_en(head), aliases={"en": list(aliases)} if aliases else {}, definition=_en(_join(body)),
                notes=_en(note) if note else None)


def _card_item(it: Item, group: str, sec: Section, entities: list[Entity], rulings: list[Ruling],
               errata: list[Erratum], pending: list[tuple[Entry, list[str]]]) -> None:
    head = it.head
    correction = head.endswith(TRANSLATION_CORRECTION)
    name = head.removesuffix(TRANSLATION_CORRECTION)
    if name in CARD_GROUPS:
        ent = Entity(id=_gid("topic", _name_slug(name)), lang="en", type=EntityType.TOPIC, name=_en(name),
                     aliases={"en": list(CARD_GROUPS[name])}, provenance=_prov(it.line, it.line))
    else:
        ent = Entity(id=_gid("card", _name_slug(name)), lang="en", type=EntityType.CARD, name=_en(name),
                     provenance=_prov(it.line, it.line))
        if name in CARD_ALIASES:
            ent.aliases = {"en": list(CARD_ALIASES[name])}
    ent.attributes = {"group": group}
    entities.append(ent)
    sec.related.append(ent.id)
    if not correction:
        r = Ruling(id=_gid("ruling", _name_slug(name)), lang="en", provenance=_prov(it.body[0][0], it.last),
                   statement=_en(_join(it.texts)), about=[ent.id])
        rulings.append(r)
        pending.append((r, [ent.id]))
        return
    # "Original ability description: …" then "Correction: …"
    if len(it.body) != 2 or not it.texts[0].startswith("Original ability description: ") \
            or not it.texts[1].startswith("Correction: "):
        raise ValueError(f"line {it.line}: unexpected shape of a translation correction")
    orig = it.texts[0].removeprefix("Original ability description: ")
    corr = it.texts[1].removeprefix("Correction: ")
    notes = None
    m = re.fullmatch(r"“(.+)” instead of “(.+)”\.", corr)
    if m:  # printed as a phrase substitution: “new” instead of “old”
        original, corrected = m.group(2), m.group(1)
        notes = _en("The correction is printed as a phrase substitution, so original and corrected hold the two "
                    "phrases; the full original description is in text. The description prints “target Hero must "
                    "choose” (capital H), the correction quotes it as “target hero must choose”.")
    else:
        original, corrected = orig, corr
    er = Erratum(id=_gid("erratum", _name_slug(name) + "-translation"), lang="en", type=ErratumType.TRANSLATION,
                 provenance=_prov(it.body[0][0], it.last), target=ent.id, target_name=_en(name), group=_en(group),
                 text=_en(_join(it.texts)), original=_en(original), corrected=_en(corrected), notes=notes)
    errata.append(er)
    sec.related.append(er.id)


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


def _parse_heroes(block: list[tuple[int, str]], sec: Section, entities: list[Entity], rulings: list[Ruling],
                  pending: list[tuple[Entry, list[str]]]) -> None:
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
            name = Text("zh", zh[1])
            name.translate("en", m.group("en"), "official", by=OFFICIAL_BY)
            hero = Entity(id=_gid("hero", slugify(m.group("en"))), lang="zh", type=EntityType.HERO, name=name,
                          provenance=_prov(zh[0], no), attributes={
                              "faction": FACTIONS.get(m.group("faction"), m.group("faction").lower()),
                              "gender": GENDERS[m.group("gender")],
                              "health": int(m.group("health")), "set": m.group("set")})
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
            r = Ruling(id=_gid("ruling", _q_slug(slugify(ability.name.source), q, used)), lang="en",
                       provenance=_prov(no, ano), question=_en(q), answer=_en(ans.removeprefix("A:").strip()),
                       about=[hero.id, ability.id])
            rulings.append(r)
            pending.append((r, list(r.about)))
            i += 1
            state = "name"
        elif hero is not None and (state == "name" or (state == "text" and ability is not None
                                                        and ability.text is not None and _looks_like_name(s))):
            if not _looks_like_name(s):
                raise ValueError(f"line {no}: expected an ability name, got {s!r}")
            ability = Entity(id=_gid("ability", f"{hero.id.rsplit('/', 1)[1]}-{slugify(s)}"), lang="en",
                             type=EntityType.ABILITY, name=_en(s), naming=Naming.PRINTED, parent=hero.id,
                             provenance=_prov(no, no))
            entities.append(ability)
            pending.append((ability, [hero.id]))
            state = "text"
        elif state == "text" and ability is not None and hero is not None:
            ability.text = _en(_join(([ability.text.source] if ability.text else []) + [s]))
            ability.provenance = _prov(ability.origin.lines[0], no)
            if k := ABILITY_KIND_RE.match(s):
                ability.attributes = {"ability_type": k.group(1)}
        else:
            raise ValueError(f"line {no}: unexpected line in the hero rules: {s!r}")
        i += 1
    # printed spellings of a hero's English name that differ from the official one, e.g. "Bu Lianshi"
    text = "\n".join(s for _, s in block)
    for e in entities:
        if e.type is EntityType.HERO:
            en = e.name.get("en")
            other = sorted({m.group(0) for m in re.finditer(rf"\b{re.escape(en)}\b", text, re.IGNORECASE)} - {en})
            if other:
                e.aliases = {"en": other}
