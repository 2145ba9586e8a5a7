"""The built HTML: every page in every locale, stable anchors, right lang attributes, no broken link,
nothing loaded from another host, feeds that parse."""

from __future__ import annotations

import functools
import os
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import project_locales, repo_content, repo_model
from rulings.content.dating import updates
from rulings.model.entries import Entity

from .html_events import feed

LOCALES = project_locales()
DEFAULT = repo_content().project.default_locale


class Doc(HTMLParser):
    """The parts of a page the tests look at."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, attr, url)
        self.langs: list[tuple[str, str, str]] = []  # (tag, class, lang)
        self.html_lang: str | None = None
        self.scripts = 0
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang")
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "script":
            self.scripts += 1
            self._skip += 1
        if tag == "style":
            self._skip += 1
        for attr in ("href", "src"):
            if a.get(attr) is not None:
                self.links.append((tag, attr, a[attr]))
        if a.get("lang"):
            self.langs.append((tag, a.get("class") or "", a["lang"]))

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def parse(path: Path) -> Doc:
    return feed(Doc(), path)


def pages(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*.html")}


@pytest.fixture(scope="module")
def docs(built_site) -> dict[str, dict[str, Doc]]:
    return {loc: {rel: parse(built_site / loc / rel) for rel in pages(built_site / loc)} for loc in LOCALES}


def test_every_locale_has_every_page(built_site, docs):
    sets = {loc: set(docs[loc]) for loc in LOCALES}
    assert all(sets[loc] == sets[DEFAULT] for loc in LOCALES)
    # every game has its home, every card, hero, ability and topic its page
    content = repo_content()
    pages = [f"{g}/index.html" for g in content.games]
    pages += [f"{e.id}/index.html" for e in content.entries if isinstance(e, Entity)]
    assert [p for p in pages if p not in sets[DEFAULT]] == []
    for must in ("index.html", "anachronism/card/ger/index.html", "three-kingdoms/hero/cao-cao/index.html",
                 "hokuto-no-ken/glossary/index.html", "sorcery/changelog/index.html",
                 "unidentified-1/rules/move-a-character/index.html", "translation-status/index.html"):
        assert must in sets["en"], must
    assert (built_site / "index.html").exists()


def test_anchors_match_across_locales(docs):
    for rel, doc in docs[DEFAULT].items():
        ours = {i for i in doc.ids if re.match(r"^(ruling|term|erratum|change|section|card|hero|ability|topic)-", i)}
        for loc in LOCALES:
            theirs = {i for i in docs[loc][rel].ids if i in ours or re.match(
                r"^(ruling|term|erratum|change|section|card|hero|ability|topic)-", i)}
            assert theirs == ours, (loc, rel)


def test_lang_attributes(docs, built_site):
    for loc in LOCALES:
        for rel, doc in docs[loc].items():
            assert doc.html_lang == loc, (loc, rel)
    # an Italian ruling on the English site: the translation is English, the original Italian
    julia = docs["en"]["hokuto-no-ken/card/julia/index.html"]
    assert ("div", "rl-text", "en") in julia.langs
    assert '<div class="rl-orig" lang="it"' in (built_site / "en" / "hokuto-no-ken" / "card" / "julia" /
                                               "index.html").read_text(encoding="utf-8")
    assert ("div", "rl-orig", "it") in julia.langs
    # on the Italian site the Italian source is shown as such, with no "original" block for it
    julia_it = docs["it"]["hokuto-no-ken/card/julia/index.html"]
    assert ("div", "rl-text", "it") in julia_it.langs
    julia_it_html = (built_site / "it" / "hokuto-no-ken" / "card" / "julia" / "index.html").read_text(encoding="utf-8")
    assert '<div class="rl-orig" lang="it"' not in julia_it_html
    # a Chinese hero name is marked Chinese on every site
    for loc in LOCALES:
        assert ("span", "", "zh") in docs[loc]["three-kingdoms/hero/cao-cao/index.html"].langs


def _target(root: Path, page: Path, url: str) -> tuple[Path, str] | None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("mailto:", "javascript:", "data:")):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    # normpath, not resolve(): the same path (``page`` is resolved, a built site has no symlinks) without a
    # system call per path component, for the tens of thousands of links of a locale
    target = os.path.normpath(os.path.join(page.parent, unquote(parts.path)))
    if parts.path.endswith("/") or os.path.isdir(target):
        target = os.path.join(target, "index.html")
    return Path(target), unquote(parts.fragment)


def test_no_broken_internal_link(built_site, docs):
    unchecked = []  # pages without a single internal link: the check would have missed them
    broken = []
    exists = functools.cache(Path.exists)  # the nav's targets, linked from every page: one system call each
    for loc in LOCALES:
        root = built_site / loc
        for rel, doc in docs[loc].items():
            if rel == "404.html":
                continue  # served at any path, so mkdocs writes it with root-absolute links by design
            page = (root / rel).resolve()
            checked = 0
            for _tag, _attr, url in doc.links:
                t = _target(root, page, url)
                if t is None:
                    continue
                path, frag = t
                checked += 1
                if not exists(path):
                    broken.append(f"{loc}/{rel}: {url} (no file)")
                    continue
                if frag and path.suffix == ".html":
                    trel = str(path.relative_to(built_site))
                    tloc, _, tpage = trel.partition("/")
                    target_doc = docs.get(tloc, {}).get(tpage)
                    if target_doc is not None and frag not in target_doc.ids:
                        broken.append(f"{loc}/{rel}: {url} (no anchor)")
            if not checked:
                unchecked.append(f"{loc}/{rel}")
    assert unchecked == []
    assert broken == [], broken[:20]


EXTERNAL = re.compile(r"^(https?:)?//", re.I)


def test_nothing_loaded_from_another_host(built_site, docs):
    for loc in LOCALES:
        for rel, doc in docs[loc].items():
            for tag, _attr, url in doc.links:
                if tag == "a":
                    continue  # a link the reader may follow is not a load
                assert not EXTERNAL.match(url), (loc, rel, tag, url)
    for css in built_site.rglob("*.css"):
        text = css.read_text(encoding="utf-8", errors="replace")
        assert not re.search(r"@import\s+url\(\s*['\"]?(https?:)?//", text), css
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", text), css


def test_language_switch_links_stay_on_the_page(docs):
    doc = docs["it"]["anachronism/card/ger/index.html"]
    switch = {url for tag, attr, url in doc.links if tag == "a" and url.endswith("/anachronism/card/ger/")}
    assert {re.sub(r"^(\.\./)+", "", u) for u in switch} == {f"{loc}/anachronism/card/ger/" for loc in LOCALES}


def test_atom_feeds_parse(built_site):
    """Each feed lists What's new's updates in the page's order: newest first, a change log entry whose printed
    date is suspect where the log prints it, dated as printed."""
    ns = {"a": "http://www.w3.org/2005/Atom"}
    model = repo_model()
    for loc in LOCALES:
        for game, gd in model.games.items():
            feed = ET.parse(built_site / loc / game / "feed.xml").getroot()
            updated = [e.find("a:updated", ns).text for e in feed.findall("a:entry", ns)]
            found = updates(gd.game, gd.entries, model.content.dates)[:len(updated)]
            assert updated == [f"{u.date}T00:00:00Z" for u in found], (loc, game)
            plain = [f"{u.date}" for u in found if not u.suspect]
            assert plain == sorted(plain, reverse=True), (loc, game)  # newest first
        sorcery = ET.parse(built_site / loc / "sorcery" / "feed.xml").getroot()
        # the change log line printed out of order (its date is suspect) is in the feed too
        assert any("2024-01-03" in (e.find("a:updated", ns).text or "") for e in sorcery.findall("a:entry", ns))


def test_suspect_date_is_shown(docs):
    doc = docs["en"]["sorcery/changelog/index.html"]
    assert "Suspect date" in "".join(doc.text)
