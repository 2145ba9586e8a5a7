"""Injection payloads and every naughty string in every text field, names, titles, URLs and UI catalog
strings included, built into a site and opened in Chromium: no script runs, no dialog opens, no console
error, in any locale; titles, feeds and JSON carry the text as text.

Corpus: ../shared/corpora/naughty-strings/blns.json (MIT).
"""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import SOURCE, naughty_strings, project_locales, site_inputs, write
from rulings.content.codec import entries_file_to_data, game_to_data
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
from rulings.model.text import Text
from rulings.site.build import build
from rulings.site.escape import visible

from .conftest import REPO

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
STRINGS = [s for s in naughty_strings() if s.strip()]
PROV = [Provenance("doc", (1, 2))]
LOCALES = project_locales()  # the hostile site has the real site's locales (the Italian catalog is attacked)


def hostile_content(root: Path) -> Path:
    schemas = root / "schemas"
    shutil.copytree(REPO / "schemas", schemas, dirs_exist_ok=True)
    content = root / "content"
    write(content / "project.yml", {"kind": "project", "locales": LOCALES}, schemas)
    src = content / "demo" / "sources" / "doc.txt"
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text(SOURCE, encoding="utf-8")
    game = Game("demo", "en", Text("en", "Demo " + PAYLOADS[0] + PAYLOADS[1]),
                publisher=PAYLOADS[2], description=Text("en", " ".join(PAYLOADS)), documents=[
                    Document("doc", Text("en", PAYLOADS[1] + PAYLOADS[3]), ["en"], "sources/doc.txt",
                             hashlib.sha256(SOURCE.encode()).hexdigest(), author=PAYLOADS[0],
                             date_printed=PAYLOADS[3], date="2003-01-02",
                             url=f'https://example.org/"><script>{MARK}</script>')])
    write(content / "demo" / "game.yml", game_to_data(game), schemas)
    names = PAYLOADS + STRINGS
    cards = [Entity(f"demo/card/c{i}", "en", PROV, type=EntityType.CARD, name=Text("en", n),
                    notes=Text("en", n)) for i, n in enumerate(names)]
    topics = [Entity(f"demo/topic/t{i}", "en", PROV, type=EntityType.TOPIC, name=Text("en", p))
              for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "entities.yml", entries_file_to_data("entities", "demo", cards + topics), schemas)
    terms = [Term(f"demo/term/t{i}", "en", PROV, term=Text("en", f"Term{i} {p}"), definition=Text("en", p))
             for i, p in enumerate(PAYLOADS)]
    write(content / "demo" / "glossary.yml", entries_file_to_data("glossary", "demo", terms), schemas)
    rulings = [Ruling(f"demo/ruling/r{i}", "en", PROV, question=Text("en", p), answer=Text("en", p),
                      notes=Text("en", p), about=[f"demo/card/c{i}"]) for i, p in enumerate(PAYLOADS)]
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
    build(hostile_repo(tmp), out, content_dir=content, work=tmp / "build", log=lambda *_: None)
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


def test_titles_are_the_names_as_text(hostile):
    for loc in LOCALES:
        for i, name in enumerate(PAYLOADS + STRINGS):
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


@pytest.mark.browser
def test_nothing_runs_in_chromium(hostile):
    from .test_browser import ARGS, CHROMIUM

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed (.ci/run installs it)")
    playwright = pytest.importorskip("playwright.sync_api")
    import threading
    from http.server import ThreadingHTTPServer

    from .test_browser import Quiet

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(hostile)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    pages = [p.relative_to(hostile).as_posix() for p in sorted(hostile.rglob("*.html"))]
    # every page of every locale but the naughty-string cards: their names are rendered here on the A–Z
    # index and glossary pages, and each of their pages is checked one by one by the static tests above
    # (no handler, no javascript: URL, no inline script, the title equal to the name); of those pages,
    # every 25th in one locale is opened too
    naughty = {f"demo/card/c{i}/index.html" for i in range(len(PAYLOADS), len(PAYLOADS) + len(STRINGS))}
    sample = {f"en/demo/card/c{i}/index.html" for i in range(len(PAYLOADS), len(PAYLOADS) + len(STRINGS), 25)}
    # the 404 pages too: their links start at the server root, where this server serves the site
    visit = [p for p in pages if p.split("/", 1)[-1] not in naughty or p in sample]
    incidents: list[str] = []
    try:
        with playwright.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context()
            page = ctx.new_page()
            page.on("dialog", lambda d: (incidents.append(f"dialog {d.message}"), d.dismiss()))
            page.on("pageerror", lambda e: incidents.append(f"pageerror {e}"))
            page.on("console", lambda m: incidents.append(f"console {m.text}")
                    if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
            # a failed request is an incident too, except Material's probe for the other locales'
            # sitemap.xml (its "stay on page" language switch; the switch here works without it)
            page.on("response", lambda r: incidents.append(f"HTTP {r.status} {r.url}")
                    if r.status >= 400 and not r.url.endswith("/sitemap.xml") else None)
            for rel in visit:
                page.goto(f"{base}/{rel}", wait_until="load")
                if page.evaluate("window.__xss || 0"):
                    incidents.append(f"script ran on {rel}")
                if incidents:
                    break
            browser.close()
    finally:
        httpd.shutdown()
    assert incidents == [], incidents[:5]
    assert len(visit) > 100
