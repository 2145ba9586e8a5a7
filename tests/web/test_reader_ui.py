"""What a reader notices in the built pages (no browser): the Chinese A–Z in pinyin order, the theme's own
words (footer, ¶ permalinks, the dark-scheme toggle, the guides' titles) in the reader's language, a
copy-link button on every ruling, no hreflang that search engines would reject, and Kiwix archives that
index each article's own text, not the navigation and footer every page shares."""

from __future__ import annotations

import functools
import re
import unicodedata
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
import snowballstemmer
from babel import Locale
from babel.messages.pofile import read_po

from conftest import project_locales, repo_content, repo_model
from rulings.build.site_build import GUIDES
from rulings.model.entries import Entity
from rulings.model.terms import HAN
from rulings.model.text import text_hash
from rulings.site import paths as P
from rulings.site.guides import GUIDE_LANG, GUIDE_MACHINE, GUIDE_NOTE, GUIDE_STALE, TRANSLATIONS, read_translation
from rulings.site.mkdocs_config import THEME_WORDS
from rulings.site.pages.ruling import COPY_LINK, LINK_COPIED
from rulings.site.render import name_title, plain

from .html_events import feed

REPO = Path(__file__).resolve().parents[2]
LOCALES = project_locales()
CONTENT = repo_content()
COPYRIGHT, PERMALINK, TO_DARK, TO_LIGHT = THEME_WORDS


@functools.cache
def catalog(locale: str) -> dict[str, str]:
    """The UI strings the locale's catalog file translates (every form, not fuzzy), read with babel alone."""
    with (REPO / "locales" / locale.replace("-", "_") / "LC_MESSAGES" / "messages.po").open("rb") as f:
        cat = read_po(f, locale=locale.replace("-", "_"))
    return {m.id: m.string for m in cat if isinstance(m.id, str) and m.id and m.string and not m.fuzzy}


def shown(locale: str, msgid: str, **values: object) -> str:
    """What a reader of ``locale`` should see for a UI string: its translation if the catalog has one, else
    the English (a locale may be translated in part)."""
    text = catalog(locale).get(msgid, msgid)
    for k, v in values.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def html(root: Path, md: str) -> str:
    url = P.url_of(md, True)
    return (root / (url + "index.html" if url == "" or url.endswith("/") else url)).read_text(encoding="utf-8")


class Index(HTMLParser):
    """An A–Z page: the letter bar, and each letter's names in the order listed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.bar: list[str] = []
        self.groups: list[tuple[str, list[str]]] = []
        self._where = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class") or ""
        if tag == "p" and "rl-letters" in cls:
            self._where = "bar"
        elif tag == "h2" and (a.get("id") or "").startswith("letter-"):
            self.groups.append(("", []))
            self._where = "h2"
        elif tag == "li" and self.groups:
            self._where = "li"
        elif tag == "a" and self._where == "li":
            self.groups[-1][1].append("")
            self._where = "name"
        elif tag == "a" and self._where == "h2":
            self._where = ""  # the ¶ permalink

    def handle_endtag(self, tag):
        if tag in ("p", "a", "h2") and self._where in ("bar", "name", "h2"):
            self._where = "bar" if self._where == "bar" and tag == "a" else ""

    def handle_data(self, data):
        if self._where == "bar" and data.strip():
            self.bar += data.split()
        elif self._where == "h2" and data.strip():
            self.groups[-1] = (self.groups[-1][0] + data.strip(), self.groups[-1][1])
        elif self._where == "name":
            self.groups[-1][1][-1] += data


def folded(s: str) -> str:
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().casefold().strip()


def games_with_han_names(locale: str) -> list[str]:
    return [gid for gid in CONTENT.games
            if any(isinstance(e, Entity) and e.game == gid and e.name and HAN.search(name_title(e.name, locale))
                   for e in CONTENT.entries)]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_to_z_files_chinese_names_under_their_pinyin_initial(built_site, locale):
    games = games_with_han_names(locale)
    if not games:
        pytest.skip(f"no entity has a Chinese name on the {locale} site")
    from pypinyin import lazy_pinyin  # its dictionaries: loaded by the tests that read Chinese names only

    model = repo_model()
    for gid in games:
        if model.games[gid].index_buckets is not None:
            continue  # split into letter pages: each page is one letter already
        page = Index()
        page.feed(html(built_site / locale, P.index_page(gid)))
        letters = [letter for letter, _names in page.groups]
        assert page.bar == letters and all(re.fullmatch(r"[A-Z#]", x) for x in letters), letters
        assert letters == sorted(letters)
        han_seen = 0
        latin = []
        for letter, names in page.groups:
            keys = [folded("".join(lazy_pinyin(n))) for n in names]
            assert keys == sorted(keys), (gid, letter, names)  # pinyin order within a letter
            for name, key in zip(names, keys, strict=True):
                if HAN.search(name):
                    han_seen += 1
                    assert letter == (key[:1].upper() if key[:1].isalpha() else "#"), (gid, name, letter)
                else:
                    latin.append(name)
        assert han_seen, gid
        assert [folded(n) or n for n in latin] == sorted(folded(n) or n for n in latin)  # Latin names keep their order


@pytest.mark.parametrize("locale", LOCALES)
def test_footer_permalinks_toggle_and_guide_titles_speak_the_readers_language(built_site, locale):
    """Each as the locale's catalog translates it; one it does not translate yet in English."""
    def t(msgid: str) -> str:
        return shown(locale, msgid)

    gid = next(iter(CONTENT.games))
    for md in (P.game_page(gid), P.TRANSLATING_GUIDE):
        page = html(built_site / locale, md)
        footer = page[page.index('<footer class="md-footer"'):]
        assert re.sub(r"\s+", " ", t(COPYRIGHT)) in re.sub(r"\s+", " ", unescape(footer)), md
        permalinks = re.findall(r'class="headerlink" href="[^"]*" title="([^"]*)"', page)
        assert permalinks and set(permalinks) == {t(PERMALINK)}, (md, set(permalinks))
        toggles = re.findall(r'<label class="md-header__button md-icon" title="([^"]*)" for="__palette_', page)
        assert [unescape(x) for x in toggles] == [t(TO_DARK), t(TO_LIGHT)], (md, toggles)
        for _file, _page, title in [g for g in GUIDES if not g[1].endswith("/index.md")]:  # in the nav (an index
            # page is its section's own link, under the section's name)
            assert f"<span class=\"md-ellipsis\"> {t(title)} </span>" in re.sub(r"\s+", " ", page), (md, title)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_ruling_has_a_copy_link_button_in_the_readers_language(built_site, locale):
    def t(msgid: str) -> str:
        return shown(locale, msgid)

    model = repo_model()
    gid, gd = next((g, d) for g, d in model.games.items() if d.rulings_about)
    entity = next(e for e in gd.entities if gd.rulings_about.get(e.id))
    page = html(built_site / locale, P.entity_page(entity))
    anchors = re.findall(r'<h[23] id="(ruling-[^"]+)"', page)
    buttons = re.findall(r'<button type="button" class="rl-copy-link" data-rl-permalink="([^"]*)" '
                         r'data-rl-copied="([^"]*)" title="[^"]*">([^<]*)</button>', page)
    assert anchors and len(buttons) == len(anchors), (gid, entity.id)
    for anchor, (permalink, copied, label) in zip(anchors, buttons, strict=True):
        assert permalink.endswith(f"#{anchor}")
        assert (label, copied) == (t(COPY_LINK), t(LINK_COPIED))


def test_no_hreflang_without_a_site_url(built_site):
    """The session build has no site_url: relative hreflang alternates are invalid, so there are none."""
    pages = [p for loc in LOCALES for p in (built_site / loc).rglob("*.html")]
    assert pages
    offenders = [p for p in pages if re.search(r"<link[^>]+hreflang", p.read_text(encoding="utf-8"))]
    assert not offenders, offenders[:5]


class ArticleText(HTMLParser):
    """The text inside a page's ``<article>`` (what a reader reads as the page itself)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.depth += 1
        self.text.append(" ")  # table cells, list items: separate words

    def handle_endtag(self, tag):
        if tag == "article" and self.depth:
            self.depth -= 1
        self.text.append(" ")

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)


def article_text(page: Path) -> str:
    return " ".join("".join(feed(ArticleText(), page).text).split())


def words_of(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.casefold()) if not HAN.search(w)]


def stemmer(locale: str):
    """The Snowball stemmer of the locale's language (Xapian's are Snowball's), else none."""
    name = Locale.parse(locale, sep="-").english_name.split(" ")[0].casefold()
    if name in snowballstemmer.algorithms():
        return snowballstemmer.stemmer(name).stemWord
    return lambda w: w


@pytest.mark.parametrize("locale", LOCALES)
def test_kiwix_search_finds_a_games_pages_not_every_article(built_site, unzipped, locale):
    from libzim.reader import Archive
    from libzim.search import Query, Searcher

    z = Archive(str(built_site / "downloads" / f"rulings-{locale}.zim"))
    assert not z.has_entry_by_path("404.html")
    folder = unzipped / locale
    articles = {p.relative_to(folder).as_posix() for p in folder.rglob("*.html") if p.name != "404.html"}
    stem = functools.cache(stemmer(locale))  # a page's words repeat, and so do the pages' words

    @functools.cache  # read only the pages a search finds
    def text(page: str) -> str:
        assert page in articles, page
        return article_text(folder / page)

    @functools.cache
    def stems(page: str) -> set[str]:
        return {stem(w) for w in set(words_of(text(page)))}

    def has(page: str, word: str) -> bool:
        """Whether the page's own text has the word, as the index's (Snowball) stemmer matches words."""
        return word in text(page) if HAN.search(word) else stem(word.casefold()) in stems(page)

    def hits(query: str) -> list[str]:
        found = Searcher(z).search(Query().set_query(query))
        return list(found.getResults(0, found.getEstimatedMatches()))

    for gid, game in CONTENT.games.items():
        name = plain(game.name, locale)
        found = hits(name)
        assert found, (locale, name)
        name_words = words_of(name) + re.findall(f"{HAN.pattern}+", name)
        strays = [h for h in found if not h.startswith(f"{gid}/") and not any(has(h, w) for w in name_words)]
        assert not strays, (locale, name, strays[:5])
        assert len(found) < len(articles), (locale, name)
    # the footer is printed on every page: its words find only the articles whose own text has them
    page = (folder / "index.html").read_text(encoding="utf-8")
    footer = re.sub(r"<[^>]+>", " ", page[page.index('<footer class="md-footer"'):page.index("</footer>")])
    words = [w for w in re.findall(r"\w{5,}", footer) if not HAN.search(w)]
    words += [run[i:i + 2] for run in re.findall(f"{HAN.pattern}+", footer) for i in range(len(run) - 1)]
    assert words, footer
    for word in words:
        strays = [h for h in hits(word) if not has(h, word)]
        assert not strays, (locale, word, strays[:5])


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != GUIDE_LANG])
def test_contributor_guides_are_in_the_readers_language_or_say_their_text_is_english(built_site, locale):
    """A guide with a current translation in docs/i18n/<locale>/ is that translation (a machine one under a
    note saying so); any other is the English under a translated note, marked English."""
    def t(msgid: str, **values: object) -> str:
        return shown(locale, msgid, **values)

    for file, md, title in GUIDES:
        page = re.sub(r"\s+", " ", html(built_site / locale, md))
        assert f"<title>{t(title)} - " in page, md
        article = page[page.index("<article"):page.index("</article>")]
        english = (REPO / "docs" / file).read_text(encoding="utf-8")
        tr = read_translation(REPO / "docs" / TRANSLATIONS / locale / file)
        if tr is not None and tr.source_hash == text_hash(english):
            assert f'<div lang="{GUIDE_LANG}">' not in article, md
            if tr.status == "machine":
                assert f'<p class="rl-note">⚙ {escape(t(GUIDE_MACHINE))}</p>' in article, md
        else:
            msgid = GUIDE_STALE if tr else GUIDE_NOTE
            tag = Locale.parse(locale, sep="-")
            message = t(msgid, language=tag.get_display_name(tag))
            lang = locale if msgid in catalog(locale) else "en"  # not yet translated: English, and marked so
            note = f'<p class="rl-note" lang="{lang}">{escape(message)}</p>'
            assert f'<div lang="{GUIDE_LANG}"> {note}' in article, md
