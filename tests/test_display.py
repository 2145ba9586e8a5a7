"""The display policy: a reader gets their language, else English, else (marked) stale, else the source."""

from __future__ import annotations

import pytest

from rulings.model.text import Text, TranslationStatus
from rulings.translation.display import Shown, name_shown, shown, shown_text

M = TranslationStatus.MACHINE


def italian(**translations: tuple[str, bool]) -> Text:
    """An Italian source text with translations given as locale=(text, made from the current source)."""
    t = Text("it", "Sì, puoi.")
    for loc, (s, current) in translations.items():
        tr = t.translate(loc, s, M, "ai:test")
        if not current:
            tr.source_hash = "0" * 12
    return t


def test_the_source_language_reads_the_source():
    d = shown(italian(en=("Yes, you can.", True)), "it")
    assert (d.text, d.lang, d.shown, d.status, d.is_original) == ("Sì, puoi.", "it", Shown.SOURCE, None, True)


def test_a_current_translation_is_shown_with_its_status_and_the_original():
    d = shown(italian(zh=("是的，可以。", True), en=("Yes, you can.", True)), "zh")
    assert (d.text, d.lang, d.shown, d.status) == ("是的，可以。", "zh", Shown.TRANSLATED, M)
    assert (d.original, d.original_lang, d.is_original, d.machine) == ("Sì, puoi.", "it", False, True)


def test_english_comes_before_the_source_language():
    d = shown(italian(en=("Yes, you can.", True)), "zh")
    assert (d.text, d.lang, d.shown) == ("Yes, you can.", "en", Shown.FALLBACK)


def test_an_english_source_is_the_fallback_as_written():
    t = Text("en", "Yes.")
    d = shown(t, "zh")
    assert (d.text, d.lang, d.shown, d.status, d.is_original) == ("Yes.", "en", Shown.FALLBACK, None, True)


def test_a_current_english_text_wins_over_a_stale_translation():
    d = shown(italian(zh=("旧的", False), en=("Yes, you can.", True)), "zh")
    assert (d.text, d.shown) == ("Yes, you can.", Shown.FALLBACK)


@pytest.mark.parametrize("english", [None, ("Old English.", False)])
def test_a_stale_translation_is_shown_marked_when_nothing_current_is_readable(english):
    t = italian(zh=("旧的", False), **({"en": english} if english else {}))
    d = shown(t, "zh")
    assert (d.text, d.lang, d.shown) == ("旧的", "zh", Shown.STALE)


def test_a_stale_english_text_is_marked():
    d = shown(italian(en=("Old English.", False)), "zh")
    assert (d.text, d.lang, d.shown) == ("Old English.", "en", Shown.STALE)


def test_nothing_translated_shows_the_source_in_its_language():
    d = shown(italian(), "zh")
    assert (d.text, d.lang, d.shown) == ("Sì, puoi.", "it", Shown.UNTRANSLATED)
    assert shown_text(None, "zh") == ""
    assert shown_text(italian(en=("Yes, you can.", True)), "zh") == "Yes, you can."


def name(source: str, lang: str, **translations: tuple[str, TranslationStatus]) -> Text:
    t = Text(lang, source)
    for loc, (s, status) in translations.items():
        t.translate(loc, s, status, "ai:test")
    return t


def test_a_printed_name_titles_the_page_and_a_machine_translation_is_only_a_gloss():
    n = name_shown(name("SOPPORTAZIONE", "it", en=("ENDURANCE", M), zh=("忍耐", M)), "en")
    assert (n.title.text, n.title.lang) == ("SOPPORTAZIONE", "it")
    assert (n.gloss.text, n.gloss.lang, n.gloss.machine) == ("ENDURANCE", "en", True)
    z = name_shown(name("SOPPORTAZIONE", "it", en=("ENDURANCE", M), zh=("忍耐", M)), "zh")
    assert (z.title.text, z.gloss.text) == ("SOPPORTAZIONE", "忍耐")


def test_a_gloss_is_only_offered_in_the_readers_language():
    n = name_shown(name("SOPPORTAZIONE", "it", en=("ENDURANCE", M)), "zh")
    assert (n.title.text, n.gloss) == ("SOPPORTAZIONE", None)


def test_an_official_name_is_the_title_in_its_language_and_in_the_english_fallback():
    cao = name("曹操", "zh", en=("CAO Cao", TranslationStatus.OFFICIAL), it=("CAO Cao", M))
    assert (name_shown(cao, "en").title.text, name_shown(cao, "en").gloss) == ("CAO Cao", None)
    assert (name_shown(cao, "zh").title.text, name_shown(cao, "zh").gloss) == ("曹操", None)
    it = name_shown(cao, "it")
    assert (it.title.text, it.title.lang, it.gloss) == ("CAO Cao", "en", None)


def test_the_readers_own_state_is_kept_so_an_outdated_translation_can_be_marked():
    d = shown(italian(zh=("旧的", False), en=("Yes, you can.", True)), "zh")
    assert (d.shown, d.own.value) == (Shown.FALLBACK, "stale")
    assert shown(italian(en=("Yes, you can.", True)), "zh").own.value == "missing"


def test_a_term_name_is_shown_translated_with_no_gloss_and_an_english_fallback():
    """A rules concept (a topic, an ability the game translates) is read in the reader's language, the
    original on demand; without a translation, English, never a third language."""
    ties = name("Ties", "en", it=("Parità", M), zh=("平局", M))
    for loc, expected in (("it", "Parità"), ("zh", "平局"), ("en", "Ties")):
        n = name_shown(ties, loc, printed=False)
        assert (n.title.text, n.gloss) == (expected, None)
    assert name_shown(ties, "it").title.text == "Ties"  # the same name, were it printed: kept as printed
    sopp = name("SOPPORTAZIONE", "it", en=("ENDURANCE", M))
    assert name_shown(sopp, "zh", printed=False).title.text == "ENDURANCE"


def test_what_a_name_is_decides_whether_a_missing_translation_is_missing():
    from rulings.model.entries import Entity, EntityType, Naming, Provenance, kept_as_printed, naming_of

    prov = [Provenance("doc", (1, 1))]
    card = Entity("g/card/c", "en", prov, type=EntityType.CARD, name=Text("en", "Sword"))
    topic = Entity("g/topic/t", "en", prov, type=EntityType.TOPIC, name=Text("en", "Ties"))
    ability = Entity("g/ability/a", "en", prov, type=EntityType.ABILITY, name=Text("en", "Treachery"),
                     naming=Naming.PRINTED)
    assert [naming_of(e) for e in (card, topic, ability)] == [Naming.PRINTED, Naming.TERM, Naming.PRINTED]
    assert kept_as_printed(card, "name") and kept_as_printed(ability, "name")
    assert not kept_as_printed(topic, "name")  # a concept's name untranslated is a text to translate
