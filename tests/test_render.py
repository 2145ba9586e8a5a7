"""Rendering units: escaping, links between pages, finding names and terms (Chinese included),
and how a text shows in a locale (original beside a translation, stale and missing marks)."""

from __future__ import annotations

import markdown

from rulings.model.entries import Entity, EntityType, Term
from rulings.model.text import Text
from rulings.site.i18n import UI
from rulings.site.paths import Locator, href
from rulings.site.render import Ctx, Linker, heading, linked, text_block


def test_heading_text_is_inert_markdown():
    src = heading(2, "<script>alert(1)</script> *not bold* [x](y) {#evil} ## `code`", "ruling-x")
    html = markdown.markdown(src, extensions=["attr_list", "toc"])
    assert "<script>" not in html and "<em>" not in html and "<a " not in html and "<code>" not in html
    assert 'id="ruling-x"' in html and 'id="evil"' not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; *not bold* [x](y) {#evil} ## `code`" in html


def test_relative_links_for_served_and_file_builds():
    assert href("a/card/x.md", "a/glossary.md", True, "term-y") == "../../glossary/#term-y"
    assert href("a/card/x.md", "a/glossary.md", False, "term-y") == "../glossary.html#term-y"
    assert href("a/index.md", "index.md", True) == "../"
    assert href("a/index.md", "index.md", False) == "../index.html"
    assert href("index.md", "a/feed.xml", True) == "a/feed.xml"


def _linker() -> Linker:
    hero = Entity("tk/hero/cao-cao", "zh", type=EntityType.HERO, name=Text("zh", "曹操"))
    hero.name.translate("en", "CAO Cao", "official", "source")
    card = Entity("tk/card/peach", "en", type=EntityType.CARD, name=Text("en", "Peach"))
    term = Term("tk/term/judgment", "en", term=Text("en", "Judgment"), definition=Text("en", "Flip the top card."),
                aliases={"zh": ["判定"]})
    return Linker([term], [hero, card], "en")


def test_linker_finds_chinese_names_without_spaces_and_latin_on_word_boundaries():
    lk = _linker()

    def found(text: str, lang: str) -> list[tuple[str, str]]:
        return [(text[s:e], t.entry_id) for s, e, t in lk.find(text, lang)]

    assert found("曹操受到伤害后进行判定。", "zh") == [("曹操", "tk/hero/cao-cao"), ("判定", "tk/term/judgment")]
    assert found("CAO Cao plays a Peach; peaches? judgment!", "en") == [
        ("CAO Cao", "tk/hero/cao-cao"), ("Peach", "tk/card/peach"), ("judgment", "tk/term/judgment")]
    # names are found in a text of any language, a term by its forms in the text's language only
    assert found("曹操进行判定", "en") == [("曹操", "tk/hero/cao-cao")]


def _ctx(locale: str, linker: Linker | None = None) -> Ctx:
    loc = Locator()
    loc.place("tk/term/judgment", "tk/glossary.md")
    loc.place("tk/hero/cao-cao", "tk/hero/cao-cao.md", whole_page=True)
    return Ctx(locale, UI(locale), "tk/card/peach.md", loc, linker)


def test_links_name_their_preview_and_link_once():
    out = linked("Judgment, then judgment again: 曹操.", _ctx("en", _linker()), "en")
    assert out.count('class="rl-term"') == 1 and 'aria-describedby="rlpv-term-judgment"' in out
    assert 'href="../../hero/cao-cao/" aria-describedby="rlpv-hero-cao-cao"' in out
    assert "title=" not in out  # one mechanism for terms and names: the previews, not the browser's tooltips


def test_translation_shows_original_with_language_and_marks():
    t = Text("it", "Julia: manca la scritta Permanente.")
    t.translate("en", "Julia: the word Permanent is missing.", "machine", "ai")
    html = text_block(t, _ctx("en"))
    assert '<div class="rl-text" lang="en"><p>Julia: the word Permanent is missing.</p>' in html
    # the original: hidden until the page's switch, labelled, out of the search text, not linked
    assert '<div class="rl-orig" lang="it" data-search-exclude><p class="rl-orig-label" lang="en">' \
        'Original (Italian)</p><p>Julia: manca la scritta Permanente.</p></div>' in html
    assert 'aria-label="machine translation"' in html and "rl-mark-stale" not in html
    t.source = "Julia: manca la scritta Permanente!"  # the source changed after translation
    assert 'aria-label="the original changed after this translation was made; machine translation"' in \
        text_block(t, _ctx("en"))
    zh = text_block(t, _ctx("zh"))  # no Chinese, English only stale: the English, marked, before the Italian
    assert '<div class="rl-text" lang="en"><p>Julia: the word Permanent is missing.</p>' in zh
    assert "rl-mark-stale" in zh and '</p><p>Julia: manca la scritta Permanente!</p></div>' in zh
    assert text_block(Text("en", "<b>x</b>"), _ctx("en")).count("&lt;b&gt;") == 1
