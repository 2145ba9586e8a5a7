"""A ruling cited from several documents (the same answer in the official FAQ and from the judge team):
written as a list only then, shown with every citation's lines and authority, carried whole by the JSON,
SQLite and CSV exports, and each citation checked by the validator at its own position."""

from __future__ import annotations

import csv
import hashlib
import html
import io
import re
import sqlite3
from pathlib import Path

import jsonschema

from conftest import REPO, build_tree, project_locales, write
from rulings.content.codec import game_to_data
from rulings.content.load import load
from rulings.content.tree import read
from rulings.content.validate import validate
from rulings.model.entries import Authority, Document, Provenance, Ruling
from rulings.model.text import Text
from rulings.publish import tables
from rulings.publish.export import entry_export, export_schema
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.labels import AUTHORITY_LABELS
from rulings.site.layout import build_model
from rulings.site.pages.base import SOURCES, LocaleView
from rulings.site.pages.ruling import ruling_html
from test_validate import run

JUDGES = "judge notes\nnothing here\nthe Sword can be used twice\n"
TWICE = "demo/ruling/sword-twice"
JUDGES_LINE = Provenance("judges", (3, 3))


def two_source_tree(root: Path, second: Provenance = JUDGES_LINE) -> Path:
    """The small tree with a second document (the judge team's) and a ruling citing both."""
    content = build_tree(root, rulings=[
        Ruling(TWICE, "en", [Provenance("doc", (1, 2)), second], question=Text("en", "Can I use the Sword twice?"),
               answer=Text("en", "Yes."), about=["demo/card/sword"]),
        Ruling("demo/ruling/one-source", "en", [Provenance("doc", (4, 4))], statement=Text("en", "Once."))])
    (content / "demo" / "sources" / "judges.txt").write_text(JUDGES, encoding="utf-8")
    game = read(content).games["demo"]
    game.documents[0].authority = Authority.OFFICIAL_FAQ
    game.documents.append(Document("judges", Text("en", "Judge notes"), ["en"], "sources/judges.txt",
                                   hashlib.sha256(JUDGES.encode()).hexdigest(), authority=Authority.JUDGE_TEAM))
    write(content / "demo" / "game.yml", game_to_data(game), root / "schemas")
    return content


def test_several_sources_are_a_list_and_one_source_stays_a_mapping(tmp_path):
    content = two_source_tree(tmp_path)
    text = (content / "demo" / "rulings.yml").read_text(encoding="utf-8")
    assert "provenance:\n      - document: doc\n        lines: [1, 2]\n      - document: judges\n" \
        "        lines: [3, 3]\n" in text
    assert "provenance:\n      document: doc\n      lines: [4, 4]\n" in text
    c = read(content)
    assert next(e for e in c.entries if e.id == TWICE).provenance == [Provenance("doc", (1, 2)),
                                                                       Provenance("judges", (3, 3))]
    assert not [d for d in validate(content)[1] if d.severity.value == "error"]
    r = run(["fmt", "--check", "content"], content.parent)
    assert r.exit_code == 0, r.output


def test_a_ruling_shows_every_source_with_its_lines_and_authority(tmp_path):
    model = build_model(read(two_source_tree(tmp_path)))
    r = next(e for e in model.games["demo"].rulings if e.id == TWICE)
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        view = LocaleView(model, loc, ui)
        ctx = view.ctx(P.other_rulings_page("demo"), "demo")
        line = re.search(r'<p class="rl-provenance"[^>]*>(.*?)</p>', "".join(ruling_html(view, r, ctx, 2))).group(1)
        assert line.startswith(html.escape(ui.label(SOURCES))), loc
        links = re.findall(r'class="rl-source-link" href="([^"]+)"', line)
        assert [h.rsplit("/", 2)[-2] + h[h.index("#"):] for h in links] == ["doc#L1-L2", "judges#L3"], loc
        badges = re.findall(r'class="rl-badge rl-authority rl-authority-([a-z-]+)">([^<]*)<', line)
        assert badges == [("official-faq", html.escape(ui.t(AUTHORITY_LABELS[Authority.OFFICIAL_FAQ]))),
                          ("judge-team", html.escape(ui.t(AUTHORITY_LABELS[Authority.JUDGE_TEAM])))], loc


def test_the_exports_carry_every_source(tmp_path):
    c = read(two_source_tree(tmp_path))
    twice = next(e for e in c.entries if e.id == TWICE)
    for loc in c.project.locales:
        data = entry_export(twice, loc)
        assert data["provenance"] == [{"document": "doc", "lines": [1, 2]}, {"document": "judges", "lines": [3, 3]}]
        jsonschema.validate(data, {"$ref": "#/definitions/entry", "definitions": export_schema()["definitions"]})
    db = sqlite3.connect(tables.write_sqlite(tmp_path / "all.sqlite", list(c.games.values()), c.entries,
                                             c.project.locales, {}))
    assert db.execute("SELECT n, document, line_first, line_last FROM citations WHERE entry_id = ? ORDER BY n",
                      (TWICE,)).fetchall() == [(0, "doc", 1, 2), (1, "judges", 3, 3)]
    assert db.execute("SELECT document FROM rulings WHERE id = ?", (TWICE,)).fetchone() == ("doc",)
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(tables.rulings_csv(c.entries, "en")))}
    assert (rows[TWICE]["document"], rows[TWICE]["lines"]) == ("doc judges", "1-2 3-3")
    assert (rows["demo/ruling/one-source"]["document"], rows["demo/ruling/one-source"]["lines"]) == ("doc", "4-4")


def test_a_bad_second_source_is_reported_at_its_own_position(tmp_path):
    for second, rule, where in [(Provenance("judges", (3, 9)), "provenance-lines", "lines"),
                                (Provenance("judgse", (1, 1)), "provenance-document", "document")]:
        content = two_source_tree(tmp_path / rule, second)
        path = content / "demo" / "rulings.yml"
        lines = path.read_text(encoding="utf-8").split("\n")
        at = [i for i, s in enumerate(lines) if s.strip(" -").startswith(f"{where}:")][1]  # the second source's
        r = run(["validate", "content"], content.parent)
        assert r.exit_code == 1
        col = lines[at].index(":") + 3
        found = [s for s in r.output.splitlines() if s.endswith(f"({rule})")]
        assert found and found[0].startswith(f"content/demo/rulings.yml:{at + 1}:{col}: error: "), r.output
        if rule == "provenance-document":
            assert "did you mean 'judges'" in found[0]
        else:
            assert "(3 lines, the last: " in found[0]


def test_a_one_item_list_is_not_the_canonical_form(tmp_path):
    """One source is written as a mapping: a list of one is a schema error that says what to write."""
    content = two_source_tree(tmp_path)
    path = content / "demo" / "rulings.yml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "provenance:\n      document: doc\n      lines: [4, 4]\n",
        "provenance:\n      - {document: doc, lines: [4, 4]}\n"),
        encoding="utf-8")
    loaded = load(path)
    assert loaded.data["entries"][1]["provenance"] == [{"document": "doc", "lines": [4, 4]}]
    r = run(["validate", "content"], content.parent)
    assert r.exit_code == 1 and "content/demo/rulings.yml:23:7: error: entries[1].provenance lists 1, at least 2 " \
        "expected; write a single one without the list" in r.output, r.output
