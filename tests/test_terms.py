"""The one glossary-term matcher (rulings.model.terms): its decisions in English, Italian and Chinese, and
that the validator, the PO hints and the site's links, which all use it, agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, build_tree, naughty_strings, repo_content, repo_model
from rulings.cli.main import main
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.content.validate import validate
from rulings.exchange.po_export import build_catalog
from rulings.model.entries import Entity, EntityType, Provenance, Ruling, Term
from rulings.model.terms import Glossary, has_han
from rulings.model.text import Text
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.paths import Locator
from rulings.site.render import Ctx, Linker, text_block
from rulings.translation.history import History


def term(name: str, lang: str = "en", *, it: str | None = None, zh: str | None = None, en: str | None = None,
         aliases: dict[str, list[str]] | None = None, not_in: dict[str, list[str]] | None = None) -> Term:
    t = Term(f"g/term/{name.casefold().replace(' ', '-')}", lang, term=Text(lang, name), aliases=aliases or {},
             not_in=not_in or {})
    for loc, tr in (("it", it), ("zh", zh), ("en", en)):
        if tr is not None:
            t.term.translate(loc, tr, "machine", "test")
    return t


ADJACENT = term("Adjacent", it="Adiacente", zh="相邻", aliases={"en": ["next to"]})
ATTACK = term("Attack", it="Attaccare", zh="攻击")
PLAY = term("Play", it="Giocare", zh="打出")
DISCARD_PILE = term("Discard Pile", it="Pila degli scarti", zh="弃牌堆")
PILE = term("Pile", it="Pila", zh="牌堆")
NEGATIVE_MODIFIER = term("Negative modifier", it="Modificatore negativo", zh="负修正值")
MODIFY = term("Modify", it="Modificare", zh="修正")
DODGE = term("Dodge", it="Schivata", zh="闪避")
GAME = term("Game", it="Partita", zh="局")
JUDGMENT = term("Judgment", it="Giudizio", zh="判定")
JUDGMENT_CARD = term("Judgment card", it="Carta giudizio", zh="判定牌")
EFFECT = term("Effect", it="Effetto", zh="效果")
VITA = term("LA VITA", "it", en="LIFE", zh="生命", aliases={"it": ["vita"]})
GLOSSARY = Glossary([ADJACENT, ATTACK, PLAY, DISCARD_PILE, PILE, NEGATIVE_MODIFIER, MODIFY, DODGE, GAME,
                     JUDGMENT, JUDGMENT_CARD, EFFECT, VITA])


def found(text: str, lang: str, glossary: Glossary = GLOSSARY) -> list[tuple[str, str]]:
    """(words in the text, term id) for every match."""
    return [(text[m.start:m.end], m.key.id) for m in glossary.find(text, lang)]


def ids(text: str, lang: str, glossary: Glossary = GLOSSARY) -> list[str]:
    return [i for _, i in found(text, lang, glossary)]


# --- English ------------------------------------------------------------------------------------


def test_english_inflections_match_but_longer_words_do_not():
    assert found("Attacking twice: both attacks are attacked.", "en") == [
        ("Attacking", ATTACK.id), ("attacks", ATTACK.id), ("attacked", ATTACK.id)]
    assert ids("The played card; plays; playing.", "en") == [PLAY.id] * 3
    # a term inside a longer word is not the term
    assert ids("Attach it to a player, a playmat, the endgame, adjacency-free attaches", "en") == [ADJACENT.id]
    assert ids("adjacently", "en") == [ADJACENT.id]  # one stem: adjacent, adjacency, adjacently
    assert ids("Counterattack!", "en") == []


def test_case_quotes_and_punctuation_around_a_term():
    for text in ["“Dodge”", "'dodge'", "(DODGE)", "Dodge's roll", "«Dodge»", "dodge.", "—Dodge—", "\"Dodge\"?"]:
        assert found(text, "en") == [(text[text.casefold().index("dodge"):][:5], DODGE.id)], text


def test_multi_word_terms_before_shorter_ones_and_no_overlaps():
    assert found("Put it into the discard pile, then into the pile.", "en") == [
        ("discard pile", DISCARD_PILE.id), ("pile", PILE.id)]
    assert found("discard-piles", "en") == [("discard-piles", DISCARD_PILE.id)]  # inflected, hyphenated
    assert found("A negative modifier modifies the roll.", "en") == [
        ("negative modifier", NEGATIVE_MODIFIER.id), ("modifies", MODIFY.id)]
    # words of a term in sequence only, whatever separates them but letters
    assert ids("pile discard", "en") == [PILE.id]
    assert found("next to it, Next-To", "en") == [("next to", ADJACENT.id), ("Next-To", ADJACENT.id)]


# --- Italian ------------------------------------------------------------------------------------


def test_italian_inflections_by_stem():
    assert ids("Le carte adiacenti e l'adiacenza", "it") == [ADJACENT.id, ADJACENT.id]  # after an apostrophe too
    assert ids("Gioca una carta, poi giocano gli altri e la carta viene giocata.", "it") == [PLAY.id] * 3
    assert found("Mettila nelle pile degli scarti, non nella pila.", "it") == [
        ("pile degli scarti", DISCARD_PILE.id), ("pila", PILE.id)]
    # a longer word is not the term: vitale is not vita, partitura not partita
    assert ids("Un colpo vitale, la partitura", "it") == []
    assert ids("Perde la vita; LA VITA; le vite", "it") == [VITA.id] * 3
    # Snowball also strips derivational endings; a word much longer than the term's is another word
    assert found("Due effetti, effettivamente.", "it") == [("effetti", EFFECT.id)]


def test_a_text_is_searched_for_the_forms_of_its_own_language_only():
    # the English name quoted in Italian (a card name, a gloss) is not the Italian term; the Italian form is
    assert ids("Con l'abilità Move and Attack puoi attaccare", "it") == [ATTACK.id]
    assert found("Con l'abilità Move and Attack puoi attaccare", "it")[0][0] == "attaccare"
    assert ids("Partita", "en") == [] and ids("Game", "it") == []
    # an Italian-source term is found in English by its English translation
    assert ids("You lose a life", "en") == [VITA.id]


# --- Chinese ------------------------------------------------------------------------------------


def test_han_terms_match_without_spaces_longest_first():
    assert found("与你的战士相邻的格子", "zh") == [("相邻", ADJACENT.id)]
    assert found("将牌置入弃牌堆。", "zh") == [("弃牌堆", DISCARD_PILE.id)]  # not 牌堆 inside it
    assert found("替换判定牌后进行判定", "zh") == [("判定牌", JUDGMENT_CARD.id), ("判定", JUDGMENT.id)]
    assert found("攻击攻击", "zh") == [("攻击", ATTACK.id), ("攻击", ATTACK.id)]
    # one character is part of too many words to be found (局 in 结局)
    assert ids("游戏的结局", "zh") == []
    assert not GLOSSARY.findable(GAME, "zh") and GLOSSARY.findable(GAME, "it")


def test_latin_words_inside_chinese_text():
    latin = Glossary([term("Silence", zh="沉默Silence")])
    assert ids("被Silence移除", "en", latin) == [latin.terms[0].id]  # a Han character ends a Latin word
    assert ids("被沉默Silence移除", "zh", latin) == [latin.terms[0].id]
    assert ids("被沉默Silenced移除", "zh", latin) == []  # the Han form must not end inside a Latin word


def test_han_is_every_cjk_ideograph_block():
    for ch in "一龥㐀䶿豈𠀀𪜀𫝀𫠠𬺰𰀀𱍐⺀⼀々〇":  # URO, ext. A, compatibility, ext. B–G, radicals, marks
        assert has_han(ch), f"U+{ord(ch):04X}"
    for ch in "aé।ｶかカ한、。，！":
        assert not has_han(ch), f"U+{ord(ch):04X}"
    rare = Glossary([term("Rare", zh="𠀀𪜀")])
    assert found("一个𠀀𪜀字", "zh", rare) == [("𠀀𪜀", rare.terms[0].id)]


# --- phrases that are not the term (not_in) ------------------------------------------------------


PLAY_CARD = term("Play", it="Giocare", zh="打出",
                 not_in={"en": ["in play", "enters play", "play surface"], "it": ["in gioco"], "zh": ["打出手"]})
INITIATIVE = term("Initiative", it="Iniziativa", zh="先攻", not_in={"en": ["initial"]})
TEXT = term("Text", it="Testo", zh="文字")
GAME_NOT_TEXT = term("Game", it="Partita", zh="一局", not_in={"en": ["game text"]})
ANNULLA = term("ANNULLA", "it", en="CANCEL", zh="无效化", aliases={"it": ["annullare"]},
               not_in={"it": ["annulli la condizione"]})
TURN = term("Turn", it="Turno", zh="回合", not_in={"zh": ["回合制"]})
DEFENDER = term("Defender", it="Difensore", zh="防御者", not_in={"en": ["Defend"]})
NOT_IN = Glossary([PLAY_CARD, INITIATIVE, TEXT, GAME_NOT_TEXT, ANNULLA, TURN, DEFENDER])


def test_english_phrases_that_are_not_the_term():
    assert found("When it enters play and is in-play, play another card on the play surface.", "en",
                 NOT_IN) == [("play", PLAY_CARD.id)]
    # exactly as written, not by stem: the other inflections are still the term
    assert ids("It entered play; plays", "en", NOT_IN) == [PLAY_CARD.id, PLAY_CARD.id]
    # initial and Initiative share the stem initi: excluding one must not exclude the other
    assert ids("the initial roll", "en", NOT_IN) == []
    assert ids("Initiative, initiatives", "en", NOT_IN) == [INITIATIVE.id, INITIATIVE.id]
    # case included: the ability Defend is not the term, the verb defend is (a unit that defends is a defender)
    assert found("Use Defend to defend: a defender.", "en", NOT_IN) == [("defend", DEFENDER.id),
                                                                       ("defender", DEFENDER.id)]
    assert ids("Is it In Play?", "en", NOT_IN) == [PLAY_CARD.id]
    # the words of a phrase are separated by spaces or dashes, not by a quote or a stop
    assert found("Is it in. Play it, then 'put it in' play", "en", NOT_IN) == [
        ("Play", PLAY_CARD.id), ("play", PLAY_CARD.id)]


def test_an_exclusion_hides_its_own_term_only():
    assert found("its game text", "en", NOT_IN) == [("text", TEXT.id)]
    assert ids("'another weapon this game' text", "en", NOT_IN) == [GAME_NOT_TEXT.id, TEXT.id]
    assert found("this game, and the text", "en", NOT_IN) == [("game", GAME_NOT_TEXT.id), ("text", TEXT.id)]


def test_italian_phrases_that_are_not_the_term():
    assert ids("ne annulli la condizione per attivarla", "it", NOT_IN) == []
    assert ids("annulli la CS avversaria; annullare", "it", NOT_IN) == [ANNULLA.id, ANNULLA.id]
    assert found("Se la carta è in gioco, gioca un'altra carta", "it", NOT_IN) == [("gioca", PLAY_CARD.id)]


def test_chinese_phrases_that_are_not_the_term():
    assert found("这是回合制游戏：在你的回合打出手牌", "zh", NOT_IN) == [("回合", TURN.id)]
    assert ids("打出一张牌", "zh", NOT_IN) == [PLAY_CARD.id]


def test_card_names_that_contain_a_term_hide_it_in_every_language():
    strike = term("Strike", it="Colpire", zh="打击")
    card = Entity("g/card/shatter-strike", "en", type=EntityType.CARD, name=Text("en", "Shatter Strike"))
    card.name.translate("zh", "碎裂打击", "machine", "test")
    g = Glossary([strike], [card])
    assert ids("Cast Shatter Strike to strike", "en", g) == [card.id, strike.id]
    assert ids("Lancia Shatter Strike per colpire", "it", g) == [card.id, strike.id]
    assert ids("施放碎裂打击来打击", "zh", g) == [card.id, strike.id]


def test_the_check_skips_excluded_phrases_in_sources_and_translations():
    # the source uses the word only where it is not the term: nothing to check
    assert NOT_IN.unused(translated("Is it still in play?", "en", "zh", "它还在场吗？"), "zh") == []
    assert NOT_IN.unused(translated("Is it still in play?", "en", "it", "È ancora in gioco?"), "it") == []
    # the translation has the agreed word only inside a phrase where it is not the term: not used
    assert NOT_IN.unused(translated("On your turn", "en", "zh", "回合制"), "zh") == [TURN]
    assert NOT_IN.unused(translated("On your turn", "en", "zh", "在你的回合"), "zh") == []


# --- names and hostile input --------------------------------------------------------------------


def test_entity_names_hide_the_terms_inside_them():
    dog = Entity("g/card/attack-dog", "en", type=EntityType.CARD, name=Text("en", "Attack Dog"))
    topic = Entity("g/topic/attack", "en", type=EntityType.TOPIC, name=Text("en", "Attack Dog"))
    with_card = Glossary([ATTACK], [dog])
    assert [(m.start, m.end, m.key.id) for m in with_card.find("An Attack Dog attacks", "en")] == [
        (3, 13, dog.id), (14, 21, ATTACK.id)]
    assert with_card.used(Text("en", "An Attack Dog attacks")) == [ATTACK]
    assert [m.key.id for m in with_card.find("attack dog", "en")] == [ATTACK.id]  # names keep their case
    assert [m.key.id for m in Glossary([ATTACK], [topic]).find("Attack Dog", "en")] == [ATTACK.id]


def test_hostile_forms_and_texts_neither_crash_nor_match_wrongly():
    never = [term(".*"), term("(V)"), term("a|b"), term("[x]"), term("$1 \\1"), term("…"), term(" ")]
    g = Glossary([*never, ATTACK])
    assert not any(g.findable(t, "en") for t in never)  # too few letters: never looked for
    assert ids("Everything .* (V) a|b [x] $1 \\1 … matches", "en", g) == []
    literal = Glossary([term("\\d+ Rule")])
    assert found("7 Rule", "en", literal) == []  # a form is words, never a regular expression
    texts = [*naughty_strings(), "", " ", "\u200b", "Att\u200back", "attack" * 10_000, "相" * 50_000,
             "\ud800", "A\u0301ttack", "ATTACK\u0000", "🏳️‍🌈attack🏳️‍🌈", "<b>attack</b>"]
    for s in texts:
        for lang in ("en", "it", "zh", "zh-Hant", "", "xx", "not a tag", "../../etc"):
            for m in g.find(s, lang):
                assert 0 <= m.start < m.end <= len(s)
                assert m.key is ATTACK and s[m.start:m.end].casefold() == "attack", (s, lang)
    assert ids("Att\u200back", "en", g) == []  # an invisible character splits the word
    assert ids("🏳️‍🌈attack🏳️‍🌈 <b>attack</b>", "en", g) == [ATTACK.id, ATTACK.id]


# --- the validator's check ----------------------------------------------------------------------


def translated(source: str, lang: str, locale: str, translation: str) -> Text:
    t = Text(lang, source)
    t.translate(locale, translation, "draft", "test")
    return t


def test_a_translation_must_use_the_agreed_term_inflected_or_not():
    text = translated("Is the Sword adjacent to itself?", "en", "it", "La Spada è vicina a se stessa?")
    assert GLOSSARY.unused(text, "it") == [ADJACENT]
    assert GLOSSARY.unused(translated(text.source, "en", "it", "Le Spade sono adiacenti?"), "it") == []
    assert GLOSSARY.unused(translated(text.source, "en", "zh", "剑与自身相邻吗？"), "zh") == []
    # used by an alias (another word, whose own translation may be right): not checked
    assert GLOSSARY.unused(translated("Is it next to me?", "en", "it", "È accanto a me?"), "it") == []
    # an agreed form too short to find cannot be checked
    assert GLOSSARY.unused(translated("A game of five rounds", "en", "zh", "五轮一战"), "zh") == []
    assert GLOSSARY.unused(translated("A game of five rounds", "en", "it", "Cinque round"), "it") == [GAME]


# --- the three users agree ----------------------------------------------------------------------


def test_validator_po_hints_and_site_links_agree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A text the PO export gives a glossary line is one the site links the term in and, when its
    translation lacks the agreed term, one the validator warns about; and no other text."""
    prov = [Provenance("doc", (1, 2))]
    questions = {"plain": "Is the Sword adjacent to itself?", "inflected": "Which spaces are adjacency spaces?",
                 "inside": "Does the Sword count as a subjacent card?", "none": "Can I use the Sword twice?",
                 "not-the-term": "Does the adjacent-space rule apply to the Sword?"}
    content = build_tree(tmp_path, rulings=[
        Ruling(f"demo/ruling/{k}", "en", prov, question=Text("en", q), answer=Text("en", "Yes."),
               about=["demo/card/sword"]) for k, q in questions.items()])
    glossary = content / "demo" / "glossary.yml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "    definition:", "    not_in:\n      en:\n        - adjacent space rule\n    definition:"), encoding="utf-8")
    apply_translations(content, {"demo/term/adjacent": {"term": "Adiacente"}}, "it", "draft", "t")
    apply_translations(content, {f"demo/ruling/{k}": {"question": f"Domanda {k}?"} for k in questions}, "it",
                       "draft", "t")
    monkeypatch.chdir(tmp_path)
    report = json.loads(CliRunner().invoke(main, ["validate", "content", "--format", "json"]).output)
    terminology = [d for d in report["diagnostics"] if d["rule"] == "terminology"]
    assert terminology and all(d["severity"] == "warning" for d in terminology)
    yaml_lines = (content / "demo" / "rulings.yml").read_text(encoding="utf-8").splitlines()
    warned = {k for k in questions for d in terminology if f"Domanda {k}?" in yaml_lines[d["line"] - 1]}

    c = read(content)
    cat = build_catalog(c, "demo", "it", history=History())
    hinted = {k for k in questions for m in cat if m.context == f"demo/ruling/{k}#question"
              and "term: Adjacent → Adiacente" in m.user_comments}

    gd = build_model(c).games["demo"]
    loc = Locator()
    loc.place("demo/term/adjacent", "demo/glossary.md")
    # the site links a term in the text a reader reads (the source on the English page; an original the
    # Italian page hides is not linked: its translation, lacking the term, has no link either)
    linker, ui = Linker(gd.terms, gd.entities, "en"), UI("en")
    linked = {k for k in questions for r in gd.rulings if r.id == f"demo/ruling/{k}"
              and 'class="rl-term"' in text_block(r.question, Ctx("en", ui, "demo/card/sword.md", loc, linker))}
    it = Linker(gd.terms, gd.entities, "it")
    assert not any('class="rl-term"' in text_block(r.question, Ctx("it", UI("it"), "demo/card/sword.md", loc, it))
                   for r in gd.rulings)

    assert hinted == linked == warned == {"plain", "inflected"}


def test_po_hints_list_the_terms_the_site_links_in_real_content():
    content, model = repo_content(), repo_model()
    history = History()
    checked = 0
    for gid, gd in model.games.items():
        linker = Linker(gd.terms, gd.entities, "en")
        terms = {t.id: t for t in gd.terms}
        texts = {f"{e.id}#{p}": t for e in [*gd.rulings, *gd.entities, *gd.errata, *gd.changes, *gd.sections]
                 for p, t in e.texts()}
        for locale in content.project.locales:
            for msg in build_catalog(content, gid, locale, model=model, history=history):
                text = texts.get(msg.context) if msg.id else None
                if text is None:
                    continue
                hits = [t.entry_id for *_, t in linker.find(text.source, text.lang) if t.entry_id in terms]
                names = {" ".join((terms[i].term.get(text.lang) or terms[i].term.source).split()) for i in hits}
                hinted = {c.split(" → ")[0].removeprefix("term: ") for c in msg.user_comments
                          if c.startswith("term: ")}
                assert hinted == names, msg.context
                checked += bool(hinted)
    assert checked


def test_the_committed_translations_use_the_agreed_terms():
    """The quality gate: no translation in content/ renders a glossary term by another word (a phrase in which
    the word is not the term belongs in the term's ``not_in``; a wrong translation gets fixed)."""
    _, diagnostics = validate(REPO / "content")
    assert [d.format() for d in diagnostics if d.rule == "terminology"] == []


def test_a_han_term_at_the_end_of_a_text_is_found_once_and_within_it():
    """With a longer Han term in the glossary, one that ends the text is one match ending where the text
    does (a slice past the end once matched the shorter form again, for each longer length, ending past it)."""
    g = Glossary([JUDGMENT, JUDGMENT_CARD, term("Judgment phase", zh="判定阶段啊")])
    text = "进行判定"
    assert [(m.start, m.end) for m in g.terms_in(text, "zh")] == [(2, 4)]
    assert [(m.start, m.end, m.key.id) for m in g.find(text, "zh")] == [(2, 4, JUDGMENT.id)]
