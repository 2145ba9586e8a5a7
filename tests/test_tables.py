"""SQLite and CSV exports: the documented query answers "rulings about card X in locale L", in the reader's
language with English fallback, and two exports of the same content are byte-identical."""

from __future__ import annotations

import csv
import io
import re
import sqlite3
from pathlib import Path

from conftest import build_tree
from rulings.content.tree import read
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.publish import tables

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
