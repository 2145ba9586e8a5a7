"""A synthetic content tree of any size, for the scale benchmark (``tools/bench``, ``make bench``).

``generate(root, rulings=N)`` writes a valid tree (zero validation errors) shaped like the real
content, only bigger: two games (one English, one Italian), rulings split into files of at most
:data:`FILE_ENTRIES` entries, about five rulings per card (so card pages stay the size of real ones),
a glossary with Italian and Chinese term forms, errata, a change log and a few rule sections with
lists, steps, a table and an example. Texts are multilingual and of realistic length: questions and
answers of 20–80 words; a third of the rulings are Italian with an English (machine) translation,
some are Chinese; some Chinese-named heroes. Card names and glossary terms appear inside the texts
and rulings point at cards (``about``) and at other rulings and terms (``related``), so name linking,
tooltips and backlinks all do real work. The same seed always gives the same bytes.

One module on purpose (about 560 lines): it is one generator, most of it word lists and the templates
they fill, every part drawing on the same seeded vocabularies; splitting it would only scatter them.
"""

from __future__ import annotations

import hashlib
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from rulings.content.codec import entries_file_to_data, game_to_data
from rulings.content.dump import dumps, modeline
from rulings.model.entries import (
    Change,
    Document,
    Entity,
    EntityType,
    Entry,
    Erratum,
    ErratumType,
    Example,
    Game,
    ListBlock,
    ListItem,
    Paragraph,
    Provenance,
    Ruling,
    RulingFlag,
    RulingStatus,
    Section,
    StatusChange,
    Table,
    Term,
)
from rulings.model.ids import slugify
from rulings.model.text import Text, TranslationStatus

FILE_ENTRIES = 2000
"""Most entries written to one file (the loader refuses files over 8 MiB; 2,000 rulings are ~2 MiB)."""

LOCALES = ("en", "it", "zh")
"""The languages the synthetic texts are written and translated in (the project's locales)."""
BY = "ai:bench"
MACHINE = TranslationStatus.MACHINE
OFFICIAL = TranslationStatus.OFFICIAL

def _words(s: str) -> list[str]:
    return s.split()


# --- vocabularies -------------------------------------------------------------------------------
# Filler words never coincide with card-name words or glossary terms (nor with their stems, which the
# terminology check matches), so every link in the output comes from a name or term put in on purpose.

EN_WORDS = _words("""
a about after again against all also an and another any are as at back be because been before being
between both but by can cannot card cards choose chosen come comes controller could
deck declare declared decide decides do does done down during each effect effects either else end
ends enter enters even every face for from game get gets give given go goes has have hand
he her his how if in instead into is it its just keep keeps last later leave leaves like look
may more most must my never new next no not now number of off on once one only onto opponent or
order other others out over owner pay pays phase place placed play played player players plays
point points put puts remains resolve resolves rest return returns round same see she should since
so some still such take taken takes than that the their them then there these they this those
through time times to top turn turns two under until up upon use used uses value was were what
when whenever where whether which while who whose why will with without would yes you your
""")

IT_WORDS = _words("""
a al alla anche ancora avversario carta carte che chi ci come con cosa così da dal dalla deve devi
di dopo due durante e effetto effetti è fase fine fino giocare giocata giocato giocatore giocatori
gli ha hanno il in infatti inizio la le lo ma mano mazzo mentre minimo modo momento nel nella no
non nuovo o ogni oppure ora per perché più poi può punti punto quale quando quanto questa questo
regola regole resta risolve risposta scegli scegliere se sempre senza si sì solo sono sopra sotto
stesso su sua sue suo tempo tra turno tutti tutto un una uno valore viene vince volta
""")

ZH_WORDS = _words("""
如果 那么 可以 不能 必须 时候 玩家 回合 阶段 手牌 牌堆 弃牌 效果 结算 目标 选择 使用 打出 获得 失去
体力 伤害 判定 装备 武器 防具 之后 之前 同时 然后 并且 或者 但是 仍然 已经 一张 两张 每次 任意 其他
自己 对方 角色 技能 发动 触发 响应 抵消 无效 置于 顶部 底部 顺序 数量 视为 继续 直到 本回合 下一个
""")

# (English, Italian, Chinese) forms of glossary concepts and of their modifiers.
CONCEPTS = [
    ("exhaust", "esaurire", "耗尽"), ("ready", "preparare", "重置"),
    ("discard pile", "pila degli scarti", "弃牌堆"), ("draw step", "fase di pesca", "摸牌阶段"),
    ("upkeep", "mantenimento", "维持"), ("initiative", "iniziativa", "先攻"),
    ("adjacent", "adiacente", "相邻"), ("range", "gittata", "射程"), ("stealth", "furtività", "潜行"),
    ("intercept", "intercettare", "拦截"), ("defend", "difendere", "防御"), ("reveal", "rivelare", "翻开"),
    ("sacrifice", "sacrificare", "献祭"), ("banish", "esiliare", "放逐"), ("token", "segnalino", "标记"),
    ("counter", "contatore", "计数"), ("stack", "pila", "堆叠"), ("trigger", "innesco", "触发器"),
    ("passive ability", "abilità passiva", "被动技"), ("limited ability", "abilità limitata", "限定技"),
    ("judgment", "giudizio", "判定牌"), ("shackle", "incatenare", "横置"), ("flip", "capovolgere", "翻面"),
    ("health", "salute", "生命值"), ("armor", "armatura", "护甲"), ("weapon", "arma", "兵器"),
    ("mount", "cavalcatura", "坐骑"), ("spirit", "spirito", "灵魂"), ("school symbol", "simbolo di scuola", "门派标志"),
    ("master", "maestro", "师父"), ("lives", "vite", "命数"), ("present", "presente", "当下"),
    ("void", "vuoto", "虚空"), ("site", "sito", "地块"), ("minion", "servitore", "仆从"), ("avatar", "avatar", "化身"),
    ("spellcaster", "incantatore", "施法者"), ("threshold", "soglia", "门槛"), ("mana", "mana", "法力"),
    ("artifact", "artefatto", "神器"), ("aura", "aura", "光环"), ("ward", "protezione", "结界"),
    ("burn", "bruciare", "灼烧"), ("poison", "veleno", "毒素"), ("silence", "silenzio", "沉默"),
    ("combat", "combattimento", "战斗"), ("strike", "colpo", "打击"), ("dodge", "schivata", "闪避"),
]
MODIFIERS = [
    ("first", "primo", "首次"), ("double", "doppio", "双重"), ("hidden", "nascosto", "隐藏"),
    ("distant", "lontano", "远距"), ("sacred", "sacro", "神圣"), ("lasting", "duraturo", "持续"),
    ("forced", "forzato", "强制"), ("swift", "rapido", "迅捷"), ("shared", "condiviso", "共享"),
    ("greater", "superiore", "高级"), ("lesser", "inferiore", "低级"), ("mirrored", "speculare", "镜像"),
]

NAME_ADJ = _words("""
Amber Ancient Ashen Azure Bitter Black Blazing Bleak Blind Bold Brazen Bright Broken Cinder
Cobalt Copper Crimson Crooked Cursed Dappled Dawn Dusk Dire Dread Drowned Dusty Elder Ember Emerald
Endless Faded Fallen Feral Fierce Frozen Gilded Gloomy Golden Grave Grey Grim Hallowed Hollow Howling
Hungry Idle Iron Ivory Jade Keen Last Lone Lost Lunar Mad Marble Mighty Misty Molten Mossy Nimble
Noble Obsidian Old Onyx Pale Pious Proud Quiet Radiant Ragged Raven Red Restless Rising Rotten Royal
Rusty Savage Scarlet Secret Shadow Shining Silver Sly Solar Somber Stone Storm
Sullen Tall Thorny Twin Umber Velvet Vengeful Verdant Vile Violet Wandering Weeping White Wicked
Wild Winter Wise Woeful Young Zealous
""")
NAME_NOUN = _words("""
Abbot Altar Anvil Archer Arrow Banner Bard Bastion Beacon Bell Blade Bolt Bones Bow Bridge Brute
Candle Captain Castle Cauldron Chalice Chariot Cleric Cloak Crown Crypt Dagger Dancer Drake Drum
Duelist Eagle Engine Falcon Fang Flame Forge Fortress Fox Gate Giant Goblet Golem Griffin Guard
Hammer Harbor Harp Hawk Helm Herald Hermit Horn Hound Hunter Idol Jester Keeper Knight Lance Lantern
Lion Lotus Mantle Mask Monk Moth Oracle Owl Paladin Pilgrim Pike Prophet Queen Relic
Rider Ring Rogue Sage Scepter Scout Scribe Sentinel Serpent Shield Shrine Sickle Siren Skull Spear
 Squire Sword Thief Throne Tiger Tome Torch Tower Troll Vanguard Viper
Whip Widow Witch Wolf Wyrm
""")
NAME_PLACE = _words("""
Ash Dawn Dunmoor Embervale Frosthold Glimmerfen Hollowmere Ironreach Kestrel Lowmarsh Mirewood
Northwatch Oakhaven Pyrefall Quillmoor Ravenscar Saltmarsh Stormcrest Thornwall Umberlyn Valewind
Westfold Wyrmrest Yarrow Zenith
""")

# Chinese hero names: a surname and a given name, with pinyin for the English form.
ZH_SURNAMES = [("刘", "LIU"), ("关", "GUAN"), ("张", "ZHANG"), ("赵", "ZHAO"), ("曹", "CAO"), ("孙", "SUN"),
               ("周", "ZHOU"), ("黄", "HUANG"), ("马", "MA"), ("吕", "LV"), ("许", "XU"), ("甘", "GAN"),
               ("陆", "LU"), ("貂", "DIAO"), ("华", "HUA"), ("郭", "GUO"), ("夏侯", "XIAHOU"), ("司马", "SIMA"),
               ("诸葛", "ZHUGE"), ("太史", "TAISHI")]
ZH_GIVEN = [("备", "bei"), ("羽", "yu"), ("飞", "fei"), ("云", "yun"), ("操", "cao"), ("权", "quan"),
            ("瑜", "yu"), ("忠", "zhong"), ("超", "chao"), ("蒙", "meng"), ("褚", "chu"), ("宁", "ning"),
            ("逊", "xun"), ("蝉", "chan"), ("佗", "tuo"), ("嘉", "jia"), ("惇", "dun"), ("懿", "yi"),
            ("亮", "liang"), ("慈", "ci"), ("昭", "zhao"), ("维", "wei"), ("岱", "dai"), ("泰", "tai"),
            ("肃", "su"), ("统", "tong"), ("植", "zhi"), ("丕", "pi"), ("绍", "shao"), ("坚", "jian")]


@dataclass
class _Name:
    """A card or hero: id, the name shown (English or Chinese source) and the English form."""

    id: str
    en: str
    zh: str | None = None


@dataclass
class _Glossary:
    id: str
    en: str
    it: str
    zh: str


@dataclass
class _GameBuild:
    gid: str
    lang: str
    n_rulings: int
    number: int = 1
    names: list[_Name] = field(default_factory=list)
    terms: list[_Glossary] = field(default_factory=list)
    ruling_ids: list[str] = field(default_factory=list)
    line: int = 0  # provenance lines handed out so far

    def lines(self, n: int = 1) -> tuple[int, int]:
        a = self.line + 1
        self.line += n
        return (a, self.line)


class _Writer:
    """Texts from the vocabularies above, with names and terms woven in."""

    def __init__(self, rng: random.Random):
        self.r = rng

    def _sentences(self, words: list[str], n: int, inserts: list[str], end: str, *, sep: str = " ",
                   zh: bool = False) -> str:
        r = self.r
        body = [r.choice(words) for _ in range(n)]
        for ins in inserts:
            if zh and ins.isascii():
                ins = f" {ins} "  # Latin names inside Chinese: spaced, so they match on word boundaries
            body.insert(r.randrange(len(body) + 1), ins)
        out, i = [], 0
        while i < len(body):
            k = r.randint(7, 15) if not zh else r.randint(5, 10)
            if len(body) - (i + k) < 4:
                k = len(body) - i  # no one-word sentences at the end
            chunk = body[i:i + k]
            i += k
            if zh:
                s = "".join(chunk).strip() + ("？" if end == "?" and i >= len(body) else "。")
            else:
                if len(chunk) > 8 and r.random() < 0.4:
                    chunk[4] += ","
                first = chunk[0]
                chunk[0] = first[0].upper() + first[1:]
                s = " ".join(chunk) + (end if i >= len(body) else ".")
            out.append(s)
        return ("" if zh else sep).join(out)

    def en(self, words: int, inserts: list[str], end: str = ".") -> str:
        return self._sentences(EN_WORDS, max(1, words - len(inserts)), inserts, end)

    def it(self, words: int, inserts: list[str], end: str = ".") -> str:
        return self._sentences(IT_WORDS, max(1, words - len(inserts)), inserts, end)

    def zh(self, words: int, inserts: list[str], end: str = ".") -> str:
        return self._sentences(ZH_WORDS, max(1, words - len(inserts)), inserts, end, zh=True)


def _text(lang: str, source: str, translations: dict[str, str] | None = None, status=MACHINE,
          by: str = BY) -> Text:
    t = Text(lang, source)
    for loc, s in (translations or {}).items():
        t.translate(loc, s, status, by)
    return t


def _card_names(rng: random.Random, n: int) -> list[str]:
    combos = [f"{a} {b}" for a in NAME_ADJ for b in NAME_NOUN]
    rng.shuffle(combos)
    if n > len(combos):
        more = [f"{a} {b} of {p}" for a in NAME_ADJ for b in NAME_NOUN for p in NAME_PLACE]
        rng.shuffle(more)
        combos += more
    if n > len(combos):
        raise ValueError(f"at most {len(combos)} card names per game")
    return combos[:n]


def _hero_names(rng: random.Random, n: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    seen_zh: set[str] = set()
    seen_en: set[str] = set()
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 100 * n + 1000:
            raise ValueError("too many hero names asked for")
        (s, sp) = rng.choice(ZH_SURNAMES)
        given = [rng.choice(ZH_GIVEN) for _ in range(rng.choice((1, 2)))]
        zh = s + "".join(g for g, _ in given)
        en = f"{sp} {''.join(p for _, p in given).capitalize()}"
        if zh in seen_zh or en in seen_en:
            continue
        seen_zh.add(zh)
        seen_en.add(en)
        out.append((zh, en))
    return out


def _terms(gid: str, n: int) -> list[_Glossary]:
    forms = list(CONCEPTS)
    forms += [(f"{m[0]} {c[0]}", f"{c[1]} {m[1]}", m[2] + c[2]) for m in MODIFIERS for c in CONCEPTS]
    out = []
    for en, it, zh in forms[:n]:
        out.append(_Glossary(f"{gid}/term/{slugify(en)}", en, it, zh))
    return out


def _source_line(rng: random.Random, i: int) -> str:
    return f"{i:06d} " + " ".join(rng.choice(EN_WORDS) for _ in range(rng.randint(6, 12)))


def _split(entries: list[Entry]) -> list[list[Entry]]:
    per_file = FILE_ENTRIES
    return [entries[i:i + per_file] for i in range(0, len(entries), per_file)] or [[]]


def _write(path: Path, data: dict, schemas: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(data, first_line=modeline(path, data["kind"], schemas))
    b = text.encode("utf-8")
    path.write_bytes(b)
    return len(b)


def _game(rng: random.Random, w: _Writer, gb: _GameBuild, content: Path, schemas: Path,
          counts: dict[str, int]) -> None:
    gid, n = gb.gid, gb.n_rulings
    doc = "faq"
    prov = lambda k=1: [Provenance(doc, gb.lines(k))]  # noqa: E731

    # --- cards and heroes: about five rulings each; one in ten a Chinese-named hero
    n_entities = max(1, round(n / 5))
    n_heroes = n_entities // 10
    card_names = _card_names(rng, n_entities - n_heroes)
    hero_names = _hero_names(rng, n_heroes)
    entities: list[Entity] = []
    for name in card_names:
        nid = f"{gid}/card/{slugify(name)}"
        gb.names.append(_Name(nid, name))
        attrs: dict[str, str | int | bool] = {"set": rng.choice(["Core", "Dawn of Ages", "Second Wave", "Promo"]),
                                               "cost": rng.randint(0, 9)}
        ent = Entity(nid, "en", prov(), type=EntityType.CARD, name=Text("en", name), attributes=attrs)
        if rng.random() < 0.5:
            ent.text = _text("en", w.en(rng.randint(12, 30), []))
        entities.append(ent)
    for zh, en in hero_names:
        nid = f"{gid}/hero/{slugify(en)}"
        gb.names.append(_Name(nid, en, zh))
        ent = Entity(nid, "zh", prov(), type=EntityType.HERO,
                     name=_text("zh", zh, {"en": en}, status=OFFICIAL, by="source document"),
                     attributes={"faction": rng.choice(["Shu", "Wei", "Wu", "Qun"]), "health": rng.randint(3, 4)})
        ent.text = _text("zh", w.zh(rng.randint(10, 20), []), {"en": w.en(rng.randint(15, 30), [])})
        entities.append(ent)
    # a few topics (concept headings that rulings can be about)
    for c in CONCEPTS[:5]:
        entities.append(Entity(f"{gid}/topic/{slugify(c[0])}-rules", "en", prov(), type=EntityType.TOPIC,
                               name=Text("en", f"{c[0].capitalize()} rules")))
    rng.shuffle(gb.names)  # heroes spread among cards

    # --- glossary
    gb.terms = _terms(gid, 50 + n // 100)
    terms: list[Term] = []
    for t in gb.terms:
        others = [x for x in gb.terms if x is not t]
        definition = _text("en", w.en(rng.randint(15, 45), [rng.choice(others).en]),
                           {"it": w.it(rng.randint(15, 45), [rng.choice(others).it])})
        term = Term(t.id, "en", prov(), term=_text("en", t.en, {"it": t.it, "zh": t.zh}), definition=definition)
        if rng.random() < 0.3:
            term.aliases = {"en": [f"{t.en}s" if not t.en.endswith("s") else f"{t.en}es"]}
        if rng.random() < 0.3:
            term.related = [rng.choice(others).id]
        terms.append(term)

    # --- rulings
    gb.ruling_ids = []
    orphans = min(10, n)
    plan: list[tuple[str, list[_Name]]] = []  # (id, about)
    per_card: dict[str, int] = {}
    for i in range(n):
        about: list[_Name] = []
        if i >= orphans:
            about.append(gb.names[(i - orphans) * len(gb.names) // max(1, n - orphans)])
            if rng.random() < 0.2:
                about.append(rng.choice(gb.names))
        if len(about) == 2 and about[0] is about[1]:
            about.pop()
        base = slugify(about[0].en) if about else "general"
        k = per_card[base] = per_card.get(base, 0) + 1
        rid = f"{gid}/ruling/{base}-{k}"
        plan.append((rid, about))
        gb.ruling_ids.append(rid)
    rulings: list[Ruling] = []
    for i, (rid, about) in enumerate(plan):
        term = rng.choice(gb.terms)
        mention = rng.choice(gb.names) if rng.random() < 0.3 else None  # a card the ruling is not about
        en_names = [a.en for a in about] + ([mention.en] if mention else [])
        roll = rng.random()
        lang = "it" if roll < 1 / 3 else "zh" if roll < 0.38 else "en"
        q_words, a_words = rng.randint(20, 50), rng.randint(20, 80)
        shape = rng.random()
        statement = shape < 0.1  # a statement rather than a question: as long as an answer, ends with a stop
        q = "." if statement else "?"
        if statement:
            q_words = a_words
        if lang == "it":
            question = _text("it", w.it(q_words, [*en_names, term.it], q),
                             {"en": w.en(q_words, [*en_names, term.en], q)})
            answer = _text("it", w.it(a_words, [term.it]), {"en": w.en(a_words, [term.en])})
        elif lang == "zh":
            zh_names = [a.zh or a.en for a in about]
            question = _text("zh", w.zh(q_words // 2, [*zh_names, term.zh], q),
                             {"en": w.en(q_words, [*en_names, term.en], q)})
            answer = _text("zh", w.zh(a_words // 2, [term.zh]), {"en": w.en(a_words, [term.en])})
        else:
            question = Text("en", w.en(q_words, [*en_names, term.en], q))
            answer = Text("en", w.en(a_words, [term.en]))
            if rng.random() < 0.1:
                question.translate("it", w.it(q_words, [*en_names, term.it], q), MACHINE, BY)
                answer.translate("it", w.it(a_words, [term.it]), MACHINE, BY)
            if rng.random() < 0.05:
                question.translate("zh", w.zh(q_words // 2, [*en_names, term.zh], q), MACHINE, BY)
                answer.translate("zh", w.zh(a_words // 2, [term.zh]), MACHINE, BY)
        r = Ruling(rid, lang, prov(2), about=[a.id for a in about])
        if statement:
            r.statement = question
        elif shape < 0.11 and lang == "en":
            r.question = question
            r.flags = [RulingFlag.UNANSWERED]
        else:
            r.question, r.answer = question, answer
        related = set()
        if rng.random() < 0.3 and n > 1:
            related.update(rng.choice(gb.ruling_ids) for _ in range(rng.randint(1, 2)))
        if rng.random() < 0.2:
            related.add(term.id)
        if rng.random() < 0.02 and i + 1 < n:
            r.status = RulingStatus.SUPERSEDED
            r.history = [StatusChange(RulingStatus.SUPERSEDED, Text("en", w.en(12, [])),
                                      f"20{rng.randint(10, 24)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}")]
            related.add(plan[i + 1][0])
        related.discard(rid)
        r.related = sorted(related)
        if rng.random() < 0.01:
            r.flags = [*r.flags, RulingFlag.OCR_DAMAGE]
            r.notes = Text("en", w.en(15, []))
        rulings.append(r)

    # --- errata, change log, rule sections
    errata: list[Erratum] = []
    types = list(ErratumType)
    for i in range(min(200, 5 + n // 200)):
        target = rng.choice(gb.names)
        er = Erratum(f"{gid}/erratum/{slugify(target.en)}-{i + 1}", "en", prov(), type=types[i % len(types)],
                     target=target.id, text=_text("en", w.en(rng.randint(15, 40), [target.en])))
        if i % 2 == 0:
            er.original = Text("en", w.en(rng.randint(5, 12), []))
            er.corrected = Text("en", w.en(rng.randint(5, 12), []))
        if i % 5 == 0:
            er.group = Text("en", rng.choice(["Core set", "Second Wave", "Promotional cards"]))
        errata.append(er)

    sections: list[Section] = []
    n_top = 4 + n // 5000
    for s in range(n_top):
        c = CONCEPTS[s % len(CONCEPTS)]
        top_id = f"{gid}/section/{slugify(c[0])}-{s + 1}"
        t1, t2 = rng.sample(gb.terms, 2)
        title = _text("en", f"{c[0].capitalize()} ({s + 1})", {"it": c[1], "zh": c[2]})
        top = Section(top_id, "en", prov(3), title=title,
                      blocks=[Paragraph(Text("en", w.en(rng.randint(30, 70), [t1.en]))),
                              ListBlock([ListItem(Text("en", w.en(rng.randint(6, 14), [t2.en])),
                                                  [ListItem(Text("en", w.en(rng.randint(6, 12), [])))])
                                         for _ in range(4)]),
                              Table([Text("en", "Step"), Text("en", "Who"), Text("en", "Effect")],
                                    [[Text("en", str(k + 1)), Text("en", rng.choice(["you", "opponent", "both"])),
                                      Text("en", w.en(rng.randint(4, 10), []))] for k in range(5)],
                                    caption=Text("en", w.en(6, [])))],
                      related=[t1.id])
        sections.append(top)
        for j in range(2):
            sub_id = f"{top_id}-part-{j + 1}"
            sub = Section(sub_id, "en", prov(2), title=Text("en", f"{c[0].capitalize()} ({s + 1}.{j + 1})"),
                          parent=top_id,
                          blocks=[ListBlock([ListItem(Text("en", w.en(rng.randint(8, 16), []))) for _ in range(4)],
                                            ordered=True),
                                  Example([Paragraph(Text("en", w.en(rng.randint(20, 40),
                                                                       [rng.choice(gb.names).en])))],
                                          Text("en", "Example"))])
            sections.append(sub)
            sections.append(Section(f"{sub_id}-detail", "en", prov(), title=Text("en", f"Detail {s + 1}.{j + 1}.1"),
                                    parent=sub_id,
                                    blocks=[Paragraph(Text("en", w.en(rng.randint(20, 50), [t2.en])))]))

    changes: list[Change] = []
    for i in range(10 + n // 2000):
        y, m = 2005 + i // 12, i % 12 + 1
        touches = sorted({rng.choice(gb.ruling_ids) for _ in range(rng.randint(1, 3))}
                         | ({rng.choice(sections).id} if rng.random() < 0.3 else set()))
        changes.append(Change(f"{gid}/change/{y}-{m:02d}-01", "en", prov(), date=f"{y}-{m:02d}-01",
                              date_printed=f"{m}/1/{y}", text=Text("en", w.en(rng.randint(10, 40), [])),
                              touches=touches))

    # --- the kept original: one line per provenance line handed out, then the game file
    src_lines = [_source_line(rng, i + 1) for i in range(gb.line)]
    src = ("\n".join(src_lines) + "\n").encode("utf-8")
    gdir = content / gid
    (gdir / "sources").mkdir(parents=True, exist_ok=True)
    (gdir / "sources" / "faq.txt").write_bytes(src)
    if gb.lang == "it":
        name = _text("it", f"Gioco sintetico {gb.number}", {"en": f"Synthetic game {gid}"})
        title = _text("it", "Errata e domande frequenti", {"en": "Errata and frequently asked questions"})
        langs = ["it", "en", "zh"]
    else:
        name = _text("en", f"Synthetic game {gid}", {"zh": f"合成游戏{gb.number}"}, status=OFFICIAL,
                     by="source document")
        title = Text("en", "Frequently asked questions")
        langs = ["en", "it", "zh"]
    game = Game(gid, gb.lang, name, publisher="Bench Games", maintainer="rulings bench",
                description=Text("en", w.en(40, [])),
                documents=[Document(doc, title, langs, "sources/faq.txt", hashlib.sha256(src).hexdigest(),
                                    author="Synthetic", date_printed="1-2-2003", date="2003-01-02", version="1.0")])
    size = _write(gdir / "game.yml", game_to_data(game), schemas)
    files = 1
    for kind, stem, entries in (("entities", "entities", entities), ("glossary", "glossary", terms),
                                ("rulings", "rulings", rulings), ("errata", "errata", errata),
                                ("changelog", "changelog", changes), ("sections", "sections", sections)):
        parts = _split(entries)
        for k, part in enumerate(parts):
            path = gdir / (f"{stem}.yml" if len(parts) == 1 else f"{stem}-{k + 1:03d}.yml")
            size += _write(path, entries_file_to_data(kind, gid, part), schemas)
            files += 1
    counts["files"] += files
    counts["yaml_bytes"] += size
    counts["source_bytes"] += len(src)
    counts["rulings"] += len(rulings)
    counts["cards"] += sum(1 for e in entities if e.type is EntityType.CARD)
    counts["heroes"] += sum(1 for e in entities if e.type is EntityType.HERO)
    counts["topics"] += sum(1 for e in entities if e.type is EntityType.TOPIC)
    counts["terms"] += len(terms)
    counts["errata"] += len(errata)
    counts["changes"] += len(changes)
    counts["sections"] += len(sections)
    counts["rulings_it"] += sum(1 for r in rulings if r.lang == "it")
    counts["rulings_zh"] += sum(1 for r in rulings if r.lang == "zh")
    counts["rulings_en"] += sum(1 for r in rulings if r.lang == "en")


GAMES = (("synth-one", "en"), ("synth-two", "it"))


def generate(root: Path, rulings: int, *, seed: int = 1, games: int = 2,
             schemas_dir: Path | None = None) -> dict[str, int]:
    """Write a synthetic content tree with ``rulings`` rulings into ``root`` (the content root).

    The schemas are copied to ``root.parent / "schemas"`` (where the modeline points), from the
    repository's ``schemas/`` unless ``schemas_dir`` is given. Returns counts of what was written.
    """
    if rulings < 1:
        raise ValueError("rulings must be at least 1")
    if not 1 <= games <= 9:
        raise ValueError("games must be between 1 and 9")
    root = Path(root)
    schemas = root.parent / "schemas"
    src_schemas = schemas_dir or Path(__file__).resolve().parents[2] / "schemas"
    if schemas.resolve() != src_schemas.resolve():
        shutil.copytree(src_schemas, schemas, dirs_exist_ok=True)
    root.mkdir(parents=True, exist_ok=True)
    _write(root / "project.yml", {"kind": "project", "locales": list(LOCALES)}, schemas)
    rng = random.Random(seed)
    w = _Writer(rng)
    counts = dict.fromkeys(("rulings", "rulings_en", "rulings_it", "rulings_zh", "cards", "heroes", "topics",
                            "terms", "errata", "changes", "sections", "files", "yaml_bytes", "source_bytes"), 0)
    specs = [(f"synth-{i + 1}" if games > 2 else GAMES[i][0], GAMES[i % 2][1]) for i in range(games)]
    for i, (gid, lang) in enumerate(specs):
        n = rulings // games + (1 if i < rulings % games else 0)
        if n == 0:
            continue
        _game(rng, w, _GameBuild(gid, lang, n, i + 1), root, schemas, counts)
    counts["games"] = sum(1 for i in range(games) if rulings // games + (1 if i < rulings % games else 0))
    counts["entries"] = sum(counts[k] for k in ("rulings", "cards", "heroes", "topics", "terms", "errata", "changes",
                                                 "sections"))
    return counts
