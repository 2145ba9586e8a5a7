"""The Legends of the Three Kingdoms FAQ importer, run on the kept forum copy of the FAQ.

The numbers below were established by reading the source (376 lines) by hand:

- the forum copy pastes six blocks twice, each copy right after its original: lines 3-28 (先是用语)
  again at 29-54; 56-90 (rule set: precedence rules + Word Using) at 91-125; 127-193 (Concepts items +
  Game Elements, without the "Concepts:" heading) at 194-260; and the three heroes 262-277, 295-316,
  340-358 at 278-293, 317-338, 359-377 (heroes 2 and 3 without their Chinese heading line);
- 3 heroes (the "N 中文名" lines 262, 294, 339), 6 abilities (two per hero), 19 Q: lines in the first
  copies (3+2 / 3+4 / 3+4);
- "Rules of calculating effects" ①-⑥ (6 precedence rules), "Word Using" ①-⑩ and "Concepts" ①-⑫
  (22 terms); the early 先是用语 list ①-⑩ restates ten of those terms;
- "Playing Cards" ①-⑨: 6 single cards + 3 headings naming several cards (topics); 7 clarifications
  (rulings) and 2 "(Translation correction)" items (errata);
- sections: 先是用语, 简易英文版规则集（不包含武将）, Rules of calculating effects, Word Using, Concepts,
  Game Elements, Playing Cards, 武将规则集 = 8.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.content.codec import entry_to_data
from rulings.importers import three_kingdoms as tk
from rulings.importers.three_kingdoms import decisions, forum
from rulings.model.entries import Entity, Erratum, ListBlock, Ruling, Section, Term
from rulings.model.text import TranslationStatus, text_hash

ROOT = Path(__file__).parents[2]
SOURCE = ROOT / "content" / tk.GAME_ID / "sources" / tk.SOURCE_NAME
G = tk.GAME_ID


@pytest.fixture(scope="module")
def text() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def result(text: str):
    return tk.parse(text)


@pytest.fixture(scope="module")
def by_id(result) -> dict:
    return {e.id: e for f in result.files for e in f.entries}


def _all(result, cls):
    return [e for f in result.files for e in f.entries if isinstance(e, cls)]


def test_counts(result):
    entities = _all(result, Entity)
    by_type: dict[str, int] = {}
    for e in entities:
        by_type[e.type.value] = by_type.get(e.type.value, 0) + 1
    assert by_type == {"hero": 3, "ability": 6, "card": 6, "topic": 3}
    rulings = _all(result, Ruling)
    assert len([r for r in rulings if r.question]) == 19
    assert len([r for r in rulings if r.statement]) == 7
    assert len(_all(result, Term)) == 22
    assert len(_all(result, Erratum)) == 2
    assert len(_all(result, Section)) == 8
    assert {f.kind for f in result.files} == {"entities", "rulings", "glossary", "errata", "sections"}


def test_repeats_recognised_and_imported_once(text, result):
    lines = text.split("\n")
    reps = forum.find_repeats(lines)
    assert [(r.original, r.copy) for r in reps] == [
        ((3, 28), (29, 54)), ((56, 90), (91, 125)), ((127, 193), (194, 260)),
        ((262, 277), (278, 293)), ((295, 316), (317, 338)), ((340, 358), (359, 377))]
    for r in reps:  # each copy really is the original again
        assert lines[r.original[0] - 1:r.original[1]] == lines[r.copy[0] - 1:r.copy[1]]
    entries = [e for f in result.files for e in f.entries]
    for e in entries:  # nothing points into a copy
        a, b = e.origin.lines
        assert not any(a <= r.copy[1] and b >= r.copy[0] for r in reps), e.id
    # nothing imported twice: every question, statement, term, name and ability text occurs once
    keys = [r.question.source for r in _all(result, Ruling) if r.question]
    keys += [r.statement.source for r in _all(result, Ruling) if r.statement]
    keys += [t.term.source for t in _all(result, Term)]
    keys += [e.name.source for e in _all(result, Entity)]
    keys += [e.text.source for e in _all(result, Entity) if e.text]
    assert len(keys) == len(set(keys))
    assert len({e.id for e in entries}) == len(entries)


def test_hero_field_by_field(by_id):
    h = by_id[f"{G}/hero/bu-lianshi"]
    assert h.type.value == "hero" and h.lang == "zh"
    assert h.name.lang == "zh" and h.name.source == "步练师"
    en = h.name.translations["en"]
    assert (en.text, en.status, en.by) == ("BU Lianshi", TranslationStatus.OFFICIAL, "source document")
    assert en.source_hash == text_hash("步练师")
    assert h.attributes == {"faction": "wu", "gender": "female", "health": 3, "set": "YJ 101"}
    assert h.aliases == {"en": ["Bu Lianshi"]}  # printed so in a question (line 276)
    assert h.origin.lines == (262, 263)
    assert by_id[f"{G}/hero/cai-wenji"].attributes == {
        "faction": "qun", "gender": "female", "health": 3, "set": "QUN 012"}
    cao = by_id[f"{G}/hero/cao-cao"]
    assert cao.name.source == "曹操" and cao.name.get("en") == "CAO Cao"
    assert cao.attributes == {"faction": "wei", "gender": "male", "health": 4, "set": "WEI 001"}


def test_abilities_and_their_rulings(result, by_id):
    abilities = [e for e in _all(result, Entity) if e.type.value == "ability"]
    assert [(a.name.source, a.parent.rsplit("/", 1)[1]) for a in abilities] == [
        ("Relieving Sympathy", "bu-lianshi"), ("In-loving Memory", "bu-lianshi"), ("Elegy", "cai-wenji"),
        ("Grief-Stricken", "cai-wenji"), ("Treachery", "cao-cao"), ("Escort", "cao-cao")]
    elegy = by_id[f"{G}/ability/cai-wenji-elegy"]
    assert elegy.text.source.endswith("regain one health;\n♦, you make that hero draw two cards;\n"
                                      "♣, you make the damage source discard two cards;\n"
                                      "♠, you flip the damage source’s hero card.")
    assert elegy.origin.lines == (296, 300)
    escort = by_id[f"{G}/ability/cao-cao-escort"]
    assert escort.attributes == {"ability_type": "Monarch Ability"}
    assert escort.related == [f"{G}/term/monarch-ability"]
    per_ability = {a.id: len([r for r in _all(result, Ruling) if a.id in r.about]) for a in abilities}
    assert list(per_ability.values()) == [3, 2, 3, 4, 3, 4]
    for r in _all(result, Ruling):
        if r.question:
            hero, ability = r.about
            assert by_id[ability].parent == hero


def test_ruling_with_cross_reference(by_id):
    r = by_id[f"{G}/ruling/escort-taishi-ci-equipped-black-pommel"]
    assert r.question.source.startswith("When TAISHI Ci with equipped Black Pommel uses a “Strike” on CAO Cao")
    assert r.answer.source == ("No, it’s during the calculation of the “Strike”, both target heroes armor(s) "
                               "have no effect.")
    assert r.about == [f"{G}/hero/cao-cao", f"{G}/ability/cao-cao-escort"]
    assert r.related == [f"{G}/card/black-pommel"]
    assert r.origin.lines == (355, 356)
    assert by_id[f"{G}/ruling/treachery-cao-cao-receives-damage-liquored"].related == [f"{G}/card/liquor"]


def test_translation_erratum(by_id):
    e = by_id[f"{G}/erratum/green-dragon-crescent-blade-translation"]
    assert e.type.value == "translation"
    assert e.target == f"{G}/card/green-dragon-crescent-blade"
    assert e.target_name.source == "Green Dragon Crescent Blade" and e.group.source == "Playing Cards"
    assert e.original.source == 'You may use another "Strike" on the target who "Dodged" your last "Strike".'
    assert e.corrected.source == ('You may immediately use another "Strike" on the target who "Dodged" your '
                                  'last "Strike".')
    assert e.origin.lines == (181, 182)
    y = by_id[f"{G}/erratum/yin-yang-swords-translation"]
    assert (y.original.source, y.corrected.source) == (
        "target hero must choose", "You may choose to make target hero choose")
    assert y.text.source.startswith("Original ability description: When Striking a Hero of the opposite gender")
    assert y.notes is not None


def test_precedence_rules_ordered(by_id):
    s = by_id[f"{G}/section/rules-of-calculating-effects"]
    assert s.parent == f"{G}/section/jian-yi-ying-wen-ban-gui-ze-ji"
    (lst,) = s.blocks
    assert isinstance(lst, ListBlock) and lst.ordered
    heads = [it.text.source for it in lst.items]
    assert len(heads) == 6
    assert heads[0] == "Hero’s ability over Card’s description over Basic rules."
    assert heads[1] == "Order of instants"
    assert [i.text.source for i in lst.items[1].items] == [
        "Before…→At the start of…→During/When…→At the end of…→After…"]
    assert heads[5].startswith("At the same instant, if more than one ability of a hero can be activated")
    assert s.related == [f"{G}/hero/cao-cao", f"{G}/ability/cao-cao-escort"]


def test_terms_in_circled_order(result, by_id):
    for sec, first, n in (("word-using", 68, 10), ("concepts", 127, 12)):
        s = by_id[f"{G}/section/{sec}"]
        starts = [by_id[t].origin.lines[0] for t in s.related]
        assert len(starts) == n and starts[0] == first and starts == sorted(starts)
    t = by_id[f"{G}/term/in-play"]
    assert (t.term.source, t.definition.source) == ("In play", "Alive")
    t = by_id[f"{G}/term/field"]
    assert (t.term.source, t.definition.source) == ("Field", "Equipment field + judgment field")
    t = by_id[f"{G}/term/trigger-ability"]
    assert t.related == [f"{G}/term/passive-ability", f"{G}/term/expendable-ability"]
    t = by_id[f"{G}/term/max-life-point-life-point-health"]
    assert t.definition.source.count("\n\n") == 3 and "(half of a )" in t.definition.source and t.notes
    early = by_id[f"{G}/section/xian-shi-yong-yu"]
    assert len(early.blocks[0].items) == 10 and early.blocks[0].ordered
    assert early.related[:10] == [f"{G}/term/{s}" for s in (
        "at-the-start-end-of-phase", "during-your-play-phase-you-may", "passive-ability", "expendable-ability",
        "trigger-ability", "exchange-replace-a-judgment-card", "put-a-card-into-discard-pile-discard-a-card",
        "shackle-unshackle", "flip-hero-card", "damage-loss-of-health")]


def test_chinese_texts_have_english(result):
    zh = []
    for f in result.files:
        for e in f.entries:
            zh += [t for _, t in e.texts() if t.lang != "en"]
    zh += [t for _, t in result.game.texts() if t.lang != "en"]
    assert len(zh) == 8  # 3 Chinese section headings, 3 hero names, the document title and notes
    notes = result.game.documents[0].notes
    for t in zh:
        tr = t.translations["en"]
        assert tr.source_hash == text_hash(t.source)
        if t is notes:
            assert (tr.status, tr.by) == (TranslationStatus.MACHINE, "ai:claude")
        elif t.source in decisions.HEADING_EN:
            expected = (decisions.HEADING_EN[t.source], TranslationStatus.MACHINE, "ai:claude")
            assert (tr.text, tr.status, tr.by) == expected
        else:
            assert tr.status is TranslationStatus.OFFICIAL
    assert result.game.name.source == "Legends of the Three Kingdoms"
    assert result.game.name.translations["zh"].text == "三国杀"
    assert result.game.name.translations["zh"].status is TranslationStatus.OFFICIAL


def test_dropped_noise(text):
    a = forum.analyse(text)
    lines = text.split("\n")
    assert a.noise == [55]
    assert sorted(lines[n - 1].strip() for n in a.noise) == sorted(forum.NOISE_LINES)
    # every listed remark is printed once, at the end of a line that is read without it
    for whole, remark, _ in forum.ASIDE_FRAGMENTS:
        assert [s.strip() for s in lines].count(whole) == 1 and whole.endswith(" " + remark)
    assert (261, "武将规则集") in a.kept


def test_posters_remarks_are_the_document_notes(text, result):
    """Line 2 and the end of line 261 are the poster's, not rules: kept as the document's notes, in
    printed order, with their English."""
    lines = [s.strip() for s in text.split("\n")]
    a = forum.analyse(text)
    assert [n for n, _, _ in a.asides] == [2, 261]
    notes = result.game.documents[0].notes
    paragraphs = notes.source.split("\n\n")
    assert paragraphs == [lines[1], lines[260].removeprefix("武将规则集").strip()]
    assert notes.lang == "zh"
    en = notes.translations["en"]
    assert en.status is TranslationStatus.MACHINE and len(en.text.split("\n\n")) == len(paragraphs)


def test_coverage(text, result):
    a = forum.analyse(text)
    covered = set(a.noise) | {forum.TITLE_LINE} | {n for n, _, _ in a.asides}
    for r in a.repeats:
        covered |= set(range(r.copy[0], r.copy[1] + 1))
    for f in result.files:
        for e in f.entries:
            lo, hi = e.origin.lines
            covered |= set(range(lo, hi + 1))
    missing = [n for n, s in enumerate(text.split("\n"), 1) if s.strip() and n not in covered]
    assert missing == []
    assert result.game.documents[0].title.source == text.split("\n")[0].strip()


def test_unknown_line_is_an_error(text):
    lines = text.split("\n")
    lines.insert(161, "Something nobody expected here")  # right after "Game Elements:"
    with pytest.raises(ValueError, match="unexpected text under Game Elements"):
        tk.parse("\n".join(lines))


def test_deterministic(text):
    one = [entry_to_data(e) for f in tk.parse(text).files for e in f.entries]
    two = [entry_to_data(e) for f in tk.parse(text).files for e in f.entries]
    assert one == two
