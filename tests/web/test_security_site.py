"""Injection payloads and every naughty string in every text field, names, titles, URLs and UI catalog
strings included, built into a site and opened in Chromium: no script runs, no dialog opens, no console
error, in any locale; titles, feeds and JSON carry the text as text.

Configuration cannot carry a quote or an angle bracket past validation (tests/test_urls.py), so the hostile
site's forge, document URL and site URL are as nasty as validation allows (percent-encoded markup, a branch
name that is markup, IDN hosts, ports, a long path); and the same site's mkdocs config with values that never
passed validation put in (:func:`injected`) shows that the templates escape them anyway.

Corpus: ../shared/corpora/naughty-strings/blns.json (MIT).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from conftest import BLNS, SOURCE, build_tree, naughty_strings, project_locales, site_inputs, write
from rulings.build.site_build import build
from rulings.content.codec import entries_file_to_data, game_to_data
from rulings.escape import visible
from rulings.model.entries import (
    Change,
    Document,
    Entity,
    EntityType,
    Erratum,
    Game,
    ListBlock,
    ListItem,
    Paragraph,
    Provenance,
    Ruling,
    Section,
    Table,
    Term,
)
from rulings.model.terms import form_problem
from rulings.model.text import Text
from rulings.site import paths as P

from .conftest import REPO, serving
from .test_html import Doc, parse

MARK = "window.__xss=(window.__xss||0)+1"
PAYLOADS = [
    f'<img src=x onerror="{MARK}">',
    f"</title><script>{MARK}</script>",
    f'"><svg onload="{MARK}">',
    f"'><script>{MARK}</script><'",
    f"&lt;script&gt;{MARK}&lt;/script&gt;",
    f"&amp;lt;img src=x onerror={MARK}&amp;gt;",
    f"[link](javascript:{MARK}) **bold** `code` <b>b</b>",
    f'<a href="javascript:{MARK}">x</a> {{{{ config }}}} {{% raw %}}',
    "\\~ \\* # Heading ## \\",
    "\u202egnp.exe \u200b zero\u200dwidth \x01\x1f\x7f ctrl",
]
CATALOG_PAYLOADS = [p for p in PAYLOADS if "{" not in p and "}" not in p]
ENCODED = "%22%3E%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E%27%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E"
"""Markup, percent-encoded: all an address may carry of it."""
NASTY_FORGE = {
    "repo_url": f"https://git.xn--fiqs8s.example:8443/o{ENCODED}/r",
    "branch": f'"><svg/onload={MARK}>',  # git allows it: the edit links encode it part by part
    "new_issue": f"https://tracker.example/new/{ENCODED}?summary={{title}}&body={{body}}&x=javascript:void(0)"
                 "&y=(1)!$*,;:@",
}
DOCUMENT_URL = f"https://example.org/faq/{ENCODED}?q=%3Cscript%3E&r=javascript:void(0)#%22onmouseover=alert(1)"
SITE_URL = "https://rules.xn--fiqs8s.example:8443/"
"""The hostile site's URL: a nasty host, no path (its 404 pages' links start at the server root, where the
test's server serves the site); :data:`LONG_SITE_URL` has the nasty path."""
LONG_SITE_URL = "https://rules.xn--fiqs8s.example:8443/" + "/".join(["a-._~" + ENCODED] * 8) + "/"
STRINGS = [s for s in naughty_strings() if s.strip()]


def fit(name: str) -> str:
    """``name`` cut to what a name may be (the validator refuses longer forms, ``form-length``: tested in
    tests/test_form_limits.py): the few long naughty strings are names by their start, texts in full."""
    while form_problem(name):
        name = name[: len(name) * 3 // 4]
    return name


NAMES = PAYLOADS + [fit(s) for s in STRINGS]
PROV = [Provenance("doc", (1, 2))]
LOCALES = project_locales()  # the hostile site has the real site's locales (the Italian catalog is attacked)


ALL_NAMES = "demo/card/c0/index.html"
"""The page (below each locale) that carries every name: a ruling each (:func:`answer`) is about its card and c0."""


def answer(i: int, name: str) -> str:
    return f"Answer {i}: {name}"


def hostile_content(root: Path) -> Path:
    schemas = root / "schemas"
    shutil.copytree(REPO / "schemas", schemas, dirs_exist_ok=True)
    content = root / "content"
    write(content / "project.yml", {"kind": "project", "locales": LOCALES, "forge": NASTY_FORGE}, schemas)
    src = content / "demo" / "sources" / "doc.txt"
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text(SOURCE, encoding="utf-8")
    game = Game("demo", "en", Text("en", "Demo " + PAYLOADS[0] + PAYLOADS[1]),
                publisher=PAYLOADS[2], description=Text("en", " ".join(PAYLOADS)), documents=[
                    Document("doc", Text("en", PAYLOADS[1] + PAYLOADS[3]), ["en"], "sources/doc.txt",
                             hashlib.sha256(SOURCE.encode()).hexdigest(), author=PAYLOADS[0],
                             date_printed=PAYLOADS[3], date="2003-01-02", url=DOCUMENT_URL)])
    write(content / "demo" / "game.yml", game_to_data(game), schemas)
    cards = [Entity(f"demo/card/c{i}", "en", PROV, type=EntityType.CARD, name=Text("en", n),
                    notes=Text("en", t)) for i, (n, t) in enumerate(zip(NAMES, PAYLOADS + STRINGS, strict=True))]
    topics = [Entity(f"demo/topic/t{i}", "en", PROV, type=EntityType.TOPIC, name=Text("en", p))
              for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "entities.yml", entries_file_to_data("entities", "demo", cards + topics), schemas)
    terms = [Term(f"demo/term/t{i}", "en", PROV, term=Text("en", f"Term{i} {p}"), definition=Text("en", p))
             for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "glossary.yml", entries_file_to_data("glossary", "demo", terms), schemas)
    rulings = [Ruling(f"demo/ruling/r{i}", "en", PROV, question=Text("en", p), answer=Text("en", p),
                      notes=Text("en", p), about=[f"demo/card/c{i}"]) for i, p in enumerate(PAYLOADS)]
    # every name once more on one page, c0's (ALL_NAMES): as a question, in an answer and as the link to its
    # card ("Also about", as the A–Z letters list it); Chromium runs them there, each card keeps a copy
    rulings += [Ruling(f"demo/ruling/n{i}", "en", PROV, question=Text("en", n), answer=Text("en", answer(i, n)),
                       about=["demo/card/c0", *([f"demo/card/c{i}"] if i else [])])
                for i, n in enumerate(PAYLOADS + STRINGS)]
    write(content / "demo" / "rulings.yml", entries_file_to_data("rulings", "demo", rulings), schemas)
    errata = [Erratum(f"demo/erratum/e{i}", "en", PROV, target="demo/card/c0", target_name=Text("en", p),
                      group=Text("en", p), text=Text("en", p), original=Text("en", p), corrected=Text("en", p))
              for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "errata.yml", entries_file_to_data("errata", "demo", errata), schemas)
    changes = [Change(f"demo/change/2003-01-{i + 10:02d}", "en", PROV, date=f"2003-01-{i + 10:02d}",
                      date_printed=p, text=Text("en", p)) for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "changelog.yml", entries_file_to_data("changelog", "demo", changes), schemas)
    sections = [Section(f"demo/section/s{i}", "en", PROV, title=Text("en", p), blocks=[
        Paragraph(Text("en", p)), ListBlock([ListItem(Text("en", p))]),
        Table([Text("en", p)], [[Text("en", p)]], caption=Text("en", p))]) for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "sections.yml", entries_file_to_data("sections", "demo", sections), schemas)
    return content


def hostile_repo(root: Path) -> Path:
    """A copy of the repository's site inputs whose Italian UI catalog is hostile too."""
    repo = site_inputs(root)
    po = repo / "locales" / "it" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    for msgid, payload in zip(["Home", "Overview", "Index A–Z", "Glossary", "Changelog", "Contribute", "Game"],
                              CATALOG_PAYLOADS, strict=False):
        head, sep, tail = text.partition(f'msgid "{msgid}"\nmsgstr "')
        assert sep, msgid
        value = payload.replace("\\", "\\\\").replace('"', '\\"').replace("\x01", "").replace("\x1f", "")
        value = value.replace("\x7f", "")
        text = head + sep + value + tail[tail.index('"\n'):]
    po.write_text(text, encoding="utf-8")
    return repo


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("attack")
    content = hostile_content(tmp)
    out = tmp / "site"
    build(hostile_repo(tmp), out, content_dir=content, work=tmp / "build", log=lambda *_: None, site_url=SITE_URL)
    return out


class Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title: list[str] = []
        self.in_title = False
        self.handlers: list[tuple[str, str]] = []
        self.inline_scripts: list[str] = []
        self.js_urls: list[str] = []
        self._script = False

    def handle_starttag(self, tag, attrs):
        self.in_title = tag == "title"
        self.handlers += [(tag, k) for k, _ in attrs if k.lower().startswith("on")]
        self.js_urls += [v for k, v in attrs if k in ("href", "src", "action") and v and
                         v.strip().lower().startswith(("javascript:", "data:text/html"))]
        self._script = tag == "script" and not dict(attrs).get("src")

    def handle_endtag(self, tag):
        self.in_title = False if tag == "title" else self.in_title
        self._script = False

    def handle_data(self, data):
        if self.in_title:
            self.title.append(data)
        if self._script:
            self.inline_scripts.append(data)


@functools.cache  # the built pages do not change: the title test reads the parses the markup test made
def head_of(path: Path) -> Head:
    h = Head()
    h.feed(path.read_text(encoding="utf-8"))
    return h


def test_no_markup_from_content_anywhere(hostile):
    pages = sorted(hostile.rglob("*.html"))
    assert len(pages) > 3 * len(STRINGS)
    for page in pages:
        h = head_of(page)
        assert h.handlers == [], (page, h.handlers[:3])
        assert h.js_urls == [], (page, h.js_urls[:3])
        assert not any("__xss" in s for s in h.inline_scripts), page


def squash(s: str) -> str:
    return "".join(s.split())


@pytest.mark.skipif(not BLNS.exists(), reason="naughty strings corpus not present")
def test_naughty_strings_render_as_text_on_one_page_in_every_locale(hostile):
    assert len(STRINGS) > 400
    baseline: Doc = parse(hostile / "en" / "demo" / "glossary" / "index.html")
    for loc in LOCALES:
        page = hostile / loc / ALL_NAMES
        doc = parse(page)
        text = squash("".join(doc.text))
        # control characters are shown as control pictures (␁): the only change, and a visible one
        missing = [s for i, s in enumerate(STRINGS, len(PAYLOADS)) if squash(visible(answer(i, s))) not in text]
        assert missing == [], missing[:5]
        hrefs = {url for _, _, url in doc.links}
        assert [i for i in NAUGHTY_CARDS if f"../c{i}/" not in hrefs] == []  # each name links to its card
        # nothing became markup: no extra scripts, no frames, no foreign tags
        assert doc.scripts == baseline.scripts
        html = page.read_text(encoding="utf-8").lower()
        assert "<script>alert" not in html and "<iframe" not in html
        assert "javascript:alert" not in "".join(hrefs)


def test_titles_are_the_names_as_text(hostile):
    for loc in LOCALES:
        for i, name in enumerate(NAMES):
            page = hostile / loc / "demo" / "card" / f"c{i}" / "index.html"
            title = "".join(head_of(page).title)
            assert title.startswith(" ".join(visible(name).split())), (loc, i, title)


def test_feeds_are_valid_xml_with_the_text(hostile):
    for loc in LOCALES:
        feed = ET.parse(hostile / loc / "demo" / "feed.xml").getroot()
        titles = [e.text for e in feed.iter("{http://www.w3.org/2005/Atom}title")]
        assert any(t and "<script>" in t for t in titles)  # the text, as text


def test_json_exports_carry_the_text_as_data(hostile):
    data = json.loads((hostile / "api" / "v1" / "demo.en.json").read_text(encoding="utf-8"))
    blob = json.dumps(data, ensure_ascii=False)
    assert PAYLOADS[1].replace('"', '\\"') in blob


def kind(page: str) -> str:
    """A page's kind (path below its locale): the pages of one of a game's listings (its cards, topics, rule
    sections, A–Z letters…), ``<game>/<listing>/<item>/``, differ only in the entry or letter they show, so are
    one kind; every other page is a kind of its own."""
    return re.sub(r"^([^/]+/[^/]+)/[^/]+/index\.html$", r"\1/*", page)


NAUGHTY_CARDS = range(len(PAYLOADS), len(PAYLOADS) + len(STRINGS))
RUN_IN_FULL = "it"  # the locale whose UI catalog is hostile too, and whose texts fall back to the English ones
LETTERS = kind(P.url_of(P.bucket_page(P.index_page("demo"), "a"), True) + "index.html")  # the A–Z index's letters


def pages_to_run(pages: list[str]) -> tuple[list[str], list[str]]:
    """The pages Chromium runs, with their scripts and the site's, and those it only parses (with its own HTML
    parser: NOT_TEXT). Run: in the locale with the hostile catalog, every page but the naughty-string cards and
    the A–Z letters after the first (each differs from a run page of its kind only in the names it shows, as a
    title or as links, and c0's, ALL_NAMES, runs every name: as a question, an answer and a link); in every
    other locale, the first page of each kind (but c0's, ten times the others' cost with the same names).
    Parsed: every other page, of the naughty-string cards those of the first locale (the others have the same
    names under other UI words)."""
    naughty = {f"demo/card/c{i}/index.html" for i in NAUGHTY_CARDS}
    run, parsed, kinds = [], [], set()
    for rel in pages:
        loc, _, page = rel.partition("/")
        if loc not in LOCALES:  # the root's own pages (its index and 404)
            first = True
        elif loc == RUN_IN_FULL:
            first = page not in naughty and (kind(page) != LETTERS or (loc, LETTERS) not in kinds)
        else:
            first = page != ALL_NAMES and (loc, kind(page)) not in kinds
        if first:
            run.append(rel)
            kinds.add((loc, kind(page)))
        elif page not in naughty or loc == LOCALES[0]:
            parsed.append(rel)
    return run, parsed


NOT_TEXT = """doc => {
  // What the static tests forbid in Python's parse (Head): an event handler, a javascript: or data:text/html
  // URL, an inline script with the marker; and a noscript, whose content a browser running scripts reads as
  // markup where a parser without scripts (DOMParser's, Python's) reads text.
  const found = [];
  for (const el of doc.querySelectorAll("*")) {
    for (const a of el.attributes) {
      const url = ["href", "src", "action"].includes(a.name) && a.value.trim().toLowerCase();
      const js = url && (url.startsWith("javascript:") || url.startsWith("data:text/html"));
      if (a.name.toLowerCase().startsWith("on") || js) found.push(`<${el.localName} ${a.name}>`);
    }
    if (el.localName === "script" && !el.src && el.textContent.includes("__xss")) found.push("script");
    if (el.localName === "noscript") found.push("noscript");
  }
  return found;
}"""
PARSED = """async urls => {
  const notText = """ + NOT_TEXT + """;
  const found = [];
  const check = async url => {
    const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
    found.push(...notText(doc).map(f => `${url}: ${f}`));
  };
  for (let i = 0; i < urls.length; i += 8) await Promise.all(urls.slice(i, i + 8).map(check));
  return found;
}"""


@pytest.mark.browser
def test_nothing_runs_in_chromium(chromium, hostile):
    pages = [p.relative_to(hostile).as_posix() for p in sorted(hostile.rglob("*.html"))]
    # the 404 pages too: their links start at the server root, where this server serves the site
    run, parsed = pages_to_run(pages)
    incidents: list[str] = []
    server = serving(hostile)
    base = next(server)
    ctx = chromium.new_context()
    page = ctx.new_page()
    page.on("dialog", lambda d: (incidents.append(f"dialog {d.message}"), d.dismiss()))
    page.on("pageerror", lambda e: incidents.append(f"pageerror {e}"))
    page.on("console", lambda m: incidents.append(f"console {m.text}")
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    # a failed request is an incident too, except Material's probe for the other locales'
    # sitemap.xml (its "stay on page" language switch; the switch here works without it)
    page.on("response", lambda r: incidents.append(f"HTTP {r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/sitemap.xml") else None)
    try:
        for rel in run:
            page.goto(f"{base}/{rel}", wait_until="load")
            ran, found = page.evaluate(f"() => [window.__xss || 0, ({NOT_TEXT})(document)]")  # one round trip
            if ran:
                incidents.append(f"script ran on {rel}")
            incidents += [f"{rel}: {f}" for f in found]
            if incidents:
                break
        if not incidents:
            incidents += page.evaluate(PARSED, [f"{base}/{rel}" for rel in parsed])
    finally:
        ctx.close()
        next(server, None)
    assert incidents == [], incidents[:5]
    # every kind of page ran in every locale, and every name (c0's page)
    kinds = {(loc, kind(page)) for loc, _, page in (rel.partition("/") for rel in run)}
    assert kinds == {(loc, kind(page)) for loc, _, page in (rel.partition("/") for rel in pages)}
    assert f"{RUN_IN_FULL}/{ALL_NAMES}" in run


# --- configuration: as nasty as validation allows, and beyond it -------------------------------------------

RAW = f"\"><script>{MARK}</script><x y='"
"""What validation refuses in any address: put straight into a built site's mkdocs config by :func:`injected`."""


def injected(config: Path, site_dir: Path) -> None:
    """Build ``config`` (a locale's generated mkdocs.yml) again into ``site_dir`` with the repository and site
    addresses the templates print replaced by values that never passed validation."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    locale = config.parent.name
    data["repo_url"] = f"https://github.com/o/r{RAW}"
    data["site_url"] = f"https://x.example/{RAW}/{locale}/"
    data["extra"]["hreflang"]["root"] = f"https://x.example/{RAW}/"
    data["extra"]["error_base"] = f"/{RAW}/{locale}/"
    data["site_dir"] = str(site_dir / locale)
    hostile = config.with_name("mkdocs.injected.yml")  # beside it: its relative paths stay right
    hostile.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    mkdocs_build(load_config(str(hostile)))


@pytest.fixture(scope="module")
def config_sites(tmp_path_factory) -> dict[str, Path]:
    """A small site built with the nasty forge, document URL and long site URL, and the same site with
    :data:`RAW` injected into its mkdocs config; by name, each the folder holding ``<locale>/``."""
    root = tmp_path_factory.mktemp("config")
    content = build_tree(root)
    project = content / "project.yml"
    project.write_text(project.read_text(encoding="utf-8") + yaml.safe_dump({"forge": NASTY_FORGE}), encoding="utf-8")
    game = content / "demo" / "game.yml"
    anchor = "    file: sources/doc.txt"
    game.write_text(game.read_text(encoding="utf-8").replace(anchor, f"    url: '{DOCUMENT_URL}'\n{anchor}"),
                    encoding="utf-8")
    build(REPO, root / "site", content_dir=content, work=root / "build", locales=[LOCALES[0]],
          site_url=LONG_SITE_URL, log=lambda *_: None)
    injected(root / "build" / "online" / LOCALES[0] / "mkdocs.yml", root / "injected")
    return {"nasty": root / "site", "injected": root / "injected"}


CONFIG_PAGES = ["index.html", "demo/card/sword/index.html", "404.html"]


def test_config_values_are_text_on_every_page(config_sites):
    loc = LOCALES[0]
    for name, site in config_sites.items():
        pages = sorted((site / loc).rglob("*.html"))
        assert len(pages) > len(CONFIG_PAGES)
        for page in pages:
            h = head_of(page)
            assert (h.handlers, h.js_urls) == ([], []), (name, page)
            # Material's scripts quote the site's path (the 404 page's base): encoded, or escaped, never markup
            assert not any(RAW in s or "<script>" in s or "</script" in s for s in h.inline_scripts), (name, page)
            assert "<script>window.__xss" not in page.read_text(encoding="utf-8"), (name, page)
    # the values did reach the pages, as the addresses they are
    card = parse(config_sites["nasty"] / loc / CONFIG_PAGES[1])
    hrefs = {url for _, _, url in card.links}
    assert NASTY_FORGE["repo_url"] in hrefs
    assert any(h.startswith(NASTY_FORGE["repo_url"] + "/blob/%22%3E%3Csvg/onload%3D") for h in hrefs), hrefs
    assert any(h.startswith("https://tracker.example/new/" + ENCODED + "?summary=") for h in hrefs), hrefs
    assert f'<link rel="canonical" href="{LONG_SITE_URL}{loc}/demo/card/sword/">' in \
        (config_sites["nasty"] / loc / CONFIG_PAGES[1]).read_text(encoding="utf-8")
    injected_card = (config_sites["injected"] / loc / CONFIG_PAGES[1]).read_text(encoding="utf-8")
    assert 'href="https://github.com/o/r&#34;&gt;&lt;script&gt;' in injected_card


@pytest.mark.browser
def test_config_values_run_nothing_in_chromium(chromium, config_sites):
    incidents: list[str] = []
    ctx = chromium.new_context()
    page = ctx.new_page()
    page.on("dialog", lambda d: (incidents.append(f"dialog {d.message}"), d.dismiss()))
    try:
        for name, site in config_sites.items():
            server = serving(site)
            base = next(server)
            for rel in CONFIG_PAGES:
                page.goto(f"{base}/{LOCALES[0]}/{rel}", wait_until="load")
                # what ran, and any handler or script URL; the marker's text in a script's string (the 404 page's
                # base, quoted) is checked above: it is text there
                ran, found = page.evaluate(f"() => [window.__xss || 0, ({NOT_TEXT})(document)]")
                incidents += [f"{name} {rel}: script ran"] * bool(ran) + [
                    f"{name} {rel}: {f}" for f in found if f != "script"]
            next(server, None)
    finally:
        ctx.close()
    assert incidents == [], incidents[:5]
