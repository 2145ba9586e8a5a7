"""The dates a reader sees (issue 28, item 2): every ruling, erratum and term "as of" its date in the locale's own
format, linked to the change log entry that dates it, flagged when that date is suspect, "no date in the source"
when nothing dates it; in previews; in the JSON, CSV and SQLite exports; errata newest first, saying so."""

from __future__ import annotations

import csv
import io
import re
import sqlite3

import pytest

from conftest import REPO, build_tree, project_locales, write
from rulings.content.codec import entries_file_to_data
from rulings.content.tree import read
from rulings.model.entries import Change, Erratum, ErratumType, Provenance, Ruling
from rulings.model.text import Text
from rulings.publish.export import game_export
from rulings.publish.tables import rulings_csv, write_sqlite
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import LocaleRenderer, errata
from rulings.site.pages.base import AS_OF, SUSPECT_DATE, UNDATED

PROV = [Provenance("doc", (1, 2))]
CARD_PAGE = "demo/card/sword.md"
DOC_DATE, CHANGED, SUSPECT = "2003-01-02", "2003-05-01", "2003-02-01"


def ruling(slug: str) -> Ruling:
    return Ruling(f"demo/ruling/{slug}", "en", PROV, question=Text("en", f"Is {slug} so?"),
                  answer=Text("en", "Yes, when adjacent."), about=["demo/card/sword"])


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A demo tree: ruling a named by a change, b by a suspect one printed after it, c by none; two errata, one
    named by the change."""
    root = tmp_path_factory.mktemp("dated")
    content = build_tree(root, rulings=[ruling("a"), ruling("b"), ruling("c")])
    changes = [Change("demo/change/2003-05-01", "en", PROV, date=CHANGED, date_printed="May 1, 2003",
                      text=Text("en", "Sword FAQ"), touches=["demo/card/sword", "demo/ruling/a", "demo/erratum/new"]),
               Change("demo/change/2003-02-01", "en", PROV, date=SUSPECT, date_printed="Feb 1, 2003",
                      text=Text("en", "Another"), touches=["demo/ruling/b"], suspect_date=True)]
    errata_ = [Erratum("demo/erratum/old", "en", PROV, type=ErratumType.WORDING, target="demo/card/sword",
                       text=Text("en", "Old erratum.")),
               Erratum("demo/erratum/new", "en", PROV, type=ErratumType.WORDING, target="demo/card/sword",
                       text=Text("en", "New erratum."))]
    write(content / "demo" / "changelog.yml", entries_file_to_data("changelog", "demo", changes), root / "schemas")
    write(content / "demo" / "errata.yml", entries_file_to_data("errata", "demo", errata_), root / "schemas")
    model = build_model(read(content))
    pages = {}
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        pages[loc] = (ui, {p.path: p.markdown for p in LocaleRenderer(model, loc, ui).render().pages})
    return model, pages


def shown_dates(markdown: str) -> dict[str, str]:
    """Each entry heading's anchor → the text of its as-of line (tags removed)."""
    out = {}
    for anchor, body in re.findall(r"\{ #([a-z0-9-]+)[^}]*\}\n\n(.*?)(?=\n#+ |\Z)", markdown, re.S):
        m = re.search(r'<p class="rl-as-of"[^>]*>(.*?)</p>', body)
        if m:
            out[anchor] = m.group(1)
    return out


def test_every_ruling_erratum_and_term_shows_its_date_as_the_locale_writes_dates(site):
    _model, pages = site
    for _loc, (ui, md) in pages.items():
        card = shown_dates(md[CARD_PAGE])
        a = card[P.anchor("demo/ruling/a")]
        assert ui.t(AS_OF, date=ui.date(CHANGED)) in a and f'datetime="{CHANGED}"' in a
        assert re.search(r'<a href="[^"]*changelog/#' + P.anchor("demo/change/2003-05-01") + '"', a), a
        b = card[P.anchor("demo/ruling/b")]
        assert ui.t(AS_OF, date=ui.date(SUSPECT)) in b and ui.t(SUSPECT_DATE) in b
        c = card[P.anchor("demo/ruling/c")]
        assert ui.t(AS_OF, date=ui.date(DOC_DATE)) in c and "<a " not in c  # its document's date, no change
        glossary = shown_dates(md[P.glossary_page("demo")])
        assert ui.t(AS_OF, date=ui.date(DOC_DATE)) in glossary[P.anchor("demo/term/adjacent")]


def test_an_entry_nothing_dates_says_so(tmp_path):
    content = build_tree(tmp_path, rulings=[ruling("a")])
    game = content / "demo" / "game.yml"
    game.write_text("".join(line for line in game.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.lstrip().startswith(("date:", "date_printed:"))), encoding="utf-8")
    model = build_model(read(content))
    ui = UI.load(REPO / "locales", "it")
    pages = {p.path: p.markdown for p in LocaleRenderer(model, "it", ui).render().pages}
    shown = shown_dates(pages[CARD_PAGE])
    assert ui.t(UNDATED) in shown[P.anchor("demo/ruling/a")] and "<time" not in shown[P.anchor("demo/ruling/a")]


def test_errata_are_newest_first_and_the_page_says_so(site):
    _model, pages = site
    for _loc, (ui, md) in pages.items():
        page = md[P.chunk_page(P.errata_page("demo"), 0)]
        assert ui.t(errata.NEWEST_FIRST).replace("'", "&#x27;") in page
        assert page.index(P.anchor("demo/erratum/new")) < page.index(P.anchor("demo/erratum/old"))
        dates = re.findall(r'<p class="rl-as-of"[^>]*>.*?datetime="([^"]+)"', page)
        assert dates == sorted(dates, reverse=True) and dates[0] == CHANGED


def test_previews_show_the_date_of_what_they_preview(site):
    _model, pages = site
    def previews(markdown: str) -> list[str]:
        return re.findall(r'<div class="rl-preview" id="[^"]+" role="tooltip" hidden>(.*?)</div>', markdown)

    for _loc, (ui, md) in pages.items():
        card = next(p for p in previews(md[P.changelog_page("demo")]) if "rl-pv-q" in p)  # "Sword FAQ": its first
        assert f'<p class="rl-pv-date"><time datetime="{CHANGED}">{ui.t(AS_OF, date=ui.date(CHANGED))}' in card
        term = next(p for p in previews(md[CARD_PAGE]) if "rl-pv-q" not in p)  # "adjacent" in the answers
        assert f'<p class="rl-pv-date"><time datetime="{DOC_DATE}">{ui.t(AS_OF, date=ui.date(DOC_DATE))}' in term


def test_exports_carry_the_date(site, tmp_path):
    model, _pages = site
    gd = model.games["demo"]
    data = game_export(gd, "it")
    by_id = {e["id"]: e for e in data["entries"]}
    assert by_id["demo/ruling/a"]["as_of"] == CHANGED and by_id["demo/ruling/c"]["as_of"] == DOC_DATE
    assert by_id["demo/erratum/new"]["as_of"] == CHANGED and by_id["demo/term/adjacent"]["as_of"] == DOC_DATE
    rows = list(csv.DictReader(io.StringIO(rulings_csv(gd.entries, "en"))))
    assert {r["id"]: r["as_of"] for r in rows} == {"demo/ruling/a": CHANGED, "demo/ruling/b": SUSPECT,
                                                   "demo/ruling/c": DOC_DATE}
    db = write_sqlite(tmp_path / "r.sqlite", [gd.game], gd.entries, ["en"], {})
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT as_of FROM rulings WHERE id = 'demo/ruling/b'").fetchone() == (SUSPECT,)
        assert con.execute("SELECT as_of FROM entries WHERE id = 'demo/card/sword'").fetchone() == (None,)


def test_the_export_schema_describes_the_date():
    from rulings.publish.export import export_schema

    schema = export_schema()
    for kind in ("ruling", "erratum", "term"):
        assert schema["definitions"][kind]["properties"]["as_of"]["$ref"] == "#/definitions/date", kind
    assert "as_of" not in schema["definitions"]["entity"]["properties"]
