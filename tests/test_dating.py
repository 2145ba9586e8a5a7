"""Every ruling, erratum and term is dated from the content (issue 28, item 1): by the last change log entry naming
it (a suspect one where the log prints it), a newer dated step of its history, else the date of the document
version that states it; never by git, never written in the files, never after the build's source date."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from conftest import REPO, build_tree, repo_content, write
from rulings.cli.main import main
from rulings.content.codec import entries_file_to_data, entry_to_data
from rulings.content.dating import Basis, change_order, newest_first
from rulings.content.tree import read
from rulings.model.entries import Change, Provenance, Ruling, RulingStatus, StatusChange, Term
from rulings.model.text import Text

PROV = [Provenance("doc", (1, 2))]
DOC_DATE = "2003-01-02"  # the demo document's printed date (conftest)


def ruling(slug: str, **kw) -> Ruling:
    return Ruling(f"demo/ruling/{slug}", "en", PROV, question=Text("en", f"{slug}?"), answer=Text("en", "Yes."),
                  about=["demo/card/sword"], **kw)


def change(day: str, touches: list[str], suspect: bool = False, n: str = "") -> Change:
    return Change(f"demo/change/{day}{n}", "en", PROV, date=day, date_printed=day, text=Text("en", f"Change {day}"),
                  touches=touches, suspect_date=suspect)


def tree_with(root: Path, rulings: list[Ruling], changes: list[Change] | None = None) -> Path:
    content = build_tree(root, rulings=rulings)
    if changes is not None:
        write(content / "demo" / "changelog.yml", entries_file_to_data("changelog", "demo", changes), root / "schemas")
    return content


def test_without_a_change_log_every_entry_is_as_of_its_document(tmp_path):
    c = read(tree_with(tmp_path, [ruling("a")]))
    for e in c.entries:
        if isinstance(e, Ruling | Term):
            assert e.as_of == DOC_DATE, e.id
            assert c.dates[e.id].basis is Basis.DOCUMENT and c.dates[e.id].printed


def test_the_last_change_naming_an_entry_dates_it_a_suspect_one_where_the_log_prints_it(tmp_path):
    a, b, t = "demo/ruling/a", "demo/ruling/b", "demo/term/adjacent"
    changes = [change("2003-05-01", [a, t]), change("2003-07-01", [a, b]),
               change("2003-02-01", [b], suspect=True)]  # printed after July: placed there, dated as printed
    c = read(tree_with(tmp_path, [ruling("a"), ruling("b"), ruling("c")], changes))
    by = c.by_id()
    assert by[a].as_of == "2003-07-01" and c.dates[a].source == "demo/change/2003-07-01"
    assert by[b].as_of == "2003-02-01" and c.dates[b].suspect and c.dates[b].basis is Basis.CHANGE
    assert by[t].as_of == "2003-05-01"
    assert by["demo/ruling/c"].as_of == DOC_DATE  # named by no change: its document's date
    order = change_order(changes)
    assert order["demo/change/2003-02-01"] > order["demo/change/2003-07-01"]
    assert newest_first(changes)[0].id == "demo/change/2003-02-01"


def test_a_newer_dated_history_step_dates_a_ruling(tmp_path):
    step = StatusChange(RulingStatus.CURRENT, Text("en", "Edited."), date="2002-08-24", date_printed="8/24/2")
    later = StatusChange(RulingStatus.CURRENT, Text("en", "Edited again."), date="2003-09-09")
    c = read(tree_with(tmp_path, [ruling("old", history=[step]), ruling("new", history=[later])],
                       [change("2003-05-01", ["demo/ruling/new"])]))
    by = c.by_id()
    assert by["demo/ruling/old"].as_of == "2002-08-24" and c.dates["demo/ruling/old"].basis is Basis.HISTORY
    assert by["demo/ruling/new"].as_of == "2003-09-09"


def test_a_document_printing_no_date_is_as_old_as_its_latest_change(tmp_path):
    content = tree_with(tmp_path, [ruling("a")], [change("2003-05-01", []), change("2004-06-07", []),
                                                  change("2001-01-01", [], suspect=True, n="-x")])
    game = content / "demo" / "game.yml"
    game.write_text("".join(line for line in game.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.lstrip().startswith(("date:", "date_printed:"))), encoding="utf-8")
    c = read(content)
    a = c.dates["demo/ruling/a"]
    assert (a.date, a.basis, a.printed) == ("2004-06-07", Basis.DOCUMENT, False)


def test_an_entry_its_source_does_not_date_has_no_date(tmp_path):
    content = tree_with(tmp_path, [ruling("a")])
    game = content / "demo" / "game.yml"
    game.write_text("".join(line for line in game.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.lstrip().startswith(("date:", "date_printed:"))), encoding="utf-8")
    c = read(content)
    assert c.by_id()["demo/ruling/a"].as_of is None and "demo/ruling/a" not in c.dates
    assert "as_of" not in entry_to_data(c.by_id()["demo/ruling/a"], derived=True)


def test_the_date_is_never_written_in_content_files_and_is_in_exports(tmp_path):
    c = read(tree_with(tmp_path, [ruling("a")]))
    r = c.by_id()["demo/ruling/a"]
    assert "as_of" not in entry_to_data(r) and entry_to_data(r, derived=True)["as_of"] == DOC_DATE
    for schema in (REPO / "schemas").glob("*.schema.json"):
        assert '"as_of"' not in schema.read_text(encoding="utf-8"), schema.name
    stray = tmp_path / "content" / "demo" / "rulings.yml"
    text = stray.read_text(encoding="utf-8")
    stray.write_text(text.replace("    lang: en\n", "    lang: en\n    as_of: '2001-01-01'\n", 1), encoding="utf-8")
    r = validate_cli(tmp_path)
    assert r.exit_code == 1 and "as_of" in r.output  # not a key of the files: the schema says so


def validate_cli(root: Path, env: dict[str, str] | None = None):
    import os

    old = Path.cwd()
    os.chdir(root)
    try:
        return CliRunner().invoke(main, ["validate", "content", "--format", "json"], env=env)
    finally:
        os.chdir(old)


def test_no_date_after_the_source_date_a_suspect_change_may_be(tmp_path):
    content = tree_with(tmp_path, [ruling("a")], [change("2003-05-01", ["demo/ruling/a"]),
                                                  change("2003-06-01", [], suspect=True)])
    r = validate_cli(tmp_path, env={"SOURCE_DATE_EPOCH": "1051747200"})  # 2003-05-01 00:00 UTC
    assert r.exit_code == 0, r.output
    r = validate_cli(tmp_path, env={"SOURCE_DATE_EPOCH": "1041465600"})  # 2003-01-02: the May change is later
    assert r.exit_code == 1
    found = [d for d in json.loads(r.output)["diagnostics"] if d["rule"] == "date-future"]
    assert [(d["file"], d["message"].split(" is after")[0]) for d in found] == [
        ("content/demo/changelog.yml", "date 2003-05-01")]
    assert found[0]["line"] > 0 and "SOURCE_DATE_EPOCH" in found[0]["message"]
    assert "suspect_date: true" in found[0]["message"]  # the fix, for a date the source prints so
    assert content.exists()


def test_the_real_content_is_dated_from_its_documents_and_change_logs():
    c = repo_content()
    for gid, game in c.games.items():
        printed = {d.id for d in game.documents if d.date}
        logged = {e.origin.document for e in c.entries if isinstance(e, Change) and e.game == gid and e.date}
        for e in c.entries:
            if e.game != gid or not isinstance(e, Ruling | Term):
                continue
            if any(p.document in printed | logged for p in e.provenance):
                assert e.as_of is not None, e.id  # its document or change log dates it
            else:
                assert e.as_of is None, e.id
    changes = [e for e in c.entries if isinstance(e, Change)]
    for ch in changes:
        for t in ch.touches:
            d = c.dates.get(t)
            if d is not None and d.basis is Basis.CHANGE:
                assert change_order(changes)[d.source] >= change_order(changes)[ch.id], (t, ch.id)
        if ch.suspect_date:
            assert all(c.dates[t].suspect for t in ch.touches if t in c.dates and c.dates[t].source == ch.id)
