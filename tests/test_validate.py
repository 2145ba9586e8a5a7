"""`rulings validate`: every problem of a deliberately broken tree, with its position and rule."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings.cli.main import main
from rulings.model.text import text_hash


def run(args: list[str], cwd: Path):
    old = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, args, catch_exceptions=False)
    finally:
        os.chdir(old)


def test_clean_tree_exits_zero(tree):
    r = run(["validate", "content"], tree.parent)
    assert r.exit_code == 0, r.output
    assert "0 errors" in r.output


MODELINE = "# yaml-language-server: $schema=../../schemas/rulings.schema.json\n"

BROKEN_RULINGS = MODELINE + """\
kind: rulings
game: demo
entries:
  - id: demo/ruling/ok
    lang: en
    question: {en: "Fine?"}
    answer: {en: "Yes."}
    about: [demo/card/sword, demo/card/missing]
    related: [demo/term/adjacent]
    provenance: {document: doc, lines: [2, 9]}
  - id: demo/ruling/ok
    lang: en
    statement: {en: "Duplicate id."}
  - id: other/ruling/wrong-game
    lang: en
    statement: {en: "Wrong game prefix."}
  - id: demo/card/wrong-kind
    lang: en
    statement: {en: "Wrong kind."}
  - id: demo/ruling/version
    lang: en
    statement: {en: 1.10}
  - id: demo/ruling/date-as-text
    lang: en
    statement: {en: 2024-05-01}
  - id: demo/ruling/italian
    lang: it
    statement: {it: "Senza traduzione."}
  - id: demo/ruling/stale
    lang: it
    statement:
      it: "Testo cambiato."
      en: {text: "Old text.", source_hash: "000000000000", status: draft, by: someone}
  - id: demo/ruling/typo
    lang: en
    statment: {en: "Typo in a key."}
  - id: demo/ruling/unanswered
    lang: en
    question: {en: "No answer?"}
  - id: demo/ruling/bad-locale
    lang: xx-nope
    statement: {xx-nope: "?"}
  - id: demo/ruling/no-source
    lang: en
    statement: {en: {text: "x", source_hash: "000000000000", status: machine, by: bot}}
  - id: demo/ruling/bad-doc
    lang: en
    statement: {en: "Bad provenance."}
    provenance: {document: nope, lines: [1, 1]}
  - id: demo/ruling/status
    lang: en
    statement: {en: "Bad status."}
    status: revoked
"""

BROKEN_CHANGELOG = MODELINE.replace("rulings.schema", "changelog.schema") + """\
kind: changelog
game: demo
entries:
  - id: demo/change/first
    lang: en
    date: "2024-02-15"
    date_printed: "Feb 15, 2024"
    text: {en: "First."}
  - id: demo/change/second
    lang: en
    date: "2024-01-01"
    date_printed: "Jan 1, 2024"
    text: {en: "Out of order."}
  - id: demo/change/third
    lang: en
    date: "2024-02-30"
    date_printed: "Feb 30, 2024"
    text: {en: "Not a real date."}
"""

EXPECTED = [
    ("content/demo/changelog.yml", 12, 11, "warning", "changelog-order"),
    ("content/demo/changelog.yml", 17, 11, "error", "date-invalid"),
    ("content/demo/game.yml", 1, 1, "warning", "modeline"),
    ("content/demo/rulings.yml", 9, 30, "error", "ref-unresolved"),
    ("content/demo/rulings.yml", 11, 40, "error", "provenance-lines"),
    ("content/demo/rulings.yml", 12, 9, "error", "id-unique"),
    ("content/demo/rulings.yml", 15, 9, "error", "id-game"),
    ("content/demo/rulings.yml", 18, 9, "error", "id-kind"),
    ("content/demo/rulings.yml", 23, 21, "error", "yaml-type"),
    ("content/demo/rulings.yml", 26, 21, "error", "yaml-type"),
    ("content/demo/rulings.yml", 29, 16, "error", "translation-english"),
    ("content/demo/rulings.yml", 34, 11, "warning", "translation-stale"),
    ("content/demo/rulings.yml", 37, 5, "error", "schema-unknown-property"),
    ("content/demo/rulings.yml", 38, 5, "error", "ruling-shape"),
    ("content/demo/rulings.yml", 42, 11, "error", "locale-unknown"),
    ("content/demo/rulings.yml", 43, 17, "error", "locale-unknown"),
    ("content/demo/rulings.yml", 46, 16, "error", "text-source"),
    ("content/demo/rulings.yml", 50, 28, "error", "provenance-document"),
    ("content/demo/rulings.yml", 54, 13, "error", "schema-enum"),
]


@pytest.fixture
def broken(tree: Path) -> Path:
    (tree / "demo" / "rulings.yml").write_text(BROKEN_RULINGS, encoding="utf-8")
    (tree / "demo" / "changelog.yml").write_text(BROKEN_CHANGELOG, encoding="utf-8")
    game = tree / "demo" / "game.yml"
    game.write_text(game.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")  # drop modeline
    return tree


def test_broken_tree_lists_every_problem_with_position(broken):
    r = run(["validate", "content", "--no-warnings"], broken.parent)
    assert r.exit_code == 1
    r = run(["validate", "content", "--format", "json"], broken.parent)
    assert r.exit_code == 1
    report = json.loads(r.output)
    got = [(d["file"], d["line"], d["column"], d["severity"], d["rule"]) for d in report["diagnostics"]
           if d["rule"] != "translation-missing"]
    assert got == EXPECTED
    assert report["errors"] == sum(1 for e in EXPECTED if e[3] == "error")


def test_text_output_is_compiler_style_with_summary(broken):
    r = run(["validate", "content"], broken.parent)
    lines = r.output.strip().splitlines()
    assert "content/demo/rulings.yml:9:30: error: about 'demo/card/missing' does not resolve to any entry " \
           "(ref-unresolved)" in lines
    assert ("content/demo/rulings.yml:23:21: error: unquoted value `1.10` is read by YAML as a number, but "
            "entries[4].statement.en must be text; put it in quotes: \"1.10\" (yaml-type)") in lines
    assert "content/demo/rulings.yml:37:5: error: unknown property 'statment' in entries[8]; did you mean " \
           "'statement'? (schema-unknown-property)" in lines
    assert lines[-1].startswith("16 errors, ")


def test_no_warnings_says_how_many_warnings_it_hides(broken):
    every = json.loads(run(["validate", "content", "--format", "json"], broken.parent).output)
    assert every["warnings"] > 0
    r = run(["validate", "content", "--no-warnings"], broken.parent)
    lines = r.output.strip().splitlines()
    assert not any(": warning: " in line for line in lines)
    assert lines[-1] == (f"{every['errors']} errors in {every['files']} files ({every['warnings']} warnings not "
                         "shown: run without --no-warnings)")
    hidden = json.loads(run(["validate", "content", "--no-warnings", "--format", "json"], broken.parent).output)
    assert (hidden["warnings"], hidden["warnings_not_shown"]) == (0, every["warnings"])


def test_paths_limit_the_report_but_references_resolve_across_the_tree(broken):
    r = run(["validate", "content/demo/changelog.yml", "--format", "json"], broken.parent)
    files = {d["file"] for d in json.loads(r.output)["diagnostics"]}
    assert files == {"content/demo/changelog.yml"}
    assert r.exit_code == 1


def test_cannot_run_exits_two(tree):
    r = run(["validate", "no/such/folder"], tree.parent)
    assert r.exit_code == 2
    assert "no such file or folder" in r.output


def test_missing_translations_are_summarised_or_listed(tree):
    r = run(["validate", "content"], tree.parent)
    assert "have no 'it' translation" in r.output and r.exit_code == 0
    r = run(["validate", "content", "--list-missing"], tree.parent)
    assert "demo/ruling/sword-twice: no 'zh' translation of question, answer (translation-missing)" in r.output


def test_editing_a_source_text_makes_its_translation_stale(tree):
    path = tree / "demo" / "rulings.yml"
    text = path.read_text(encoding="utf-8")
    h = text_hash("Yes.")
    text = text.replace("answer:\n      en: Yes.", "answer:\n      en: Yes.\n      it: {text: Sì., "
                        f"source_hash: '{h}', status: draft, by: tester}}")
    assert "it: {text: Sì." in text
    path.write_text(text, encoding="utf-8")
    assert "translation-stale" not in run(["validate", "content"], tree.parent).output
    path.write_text(text.replace("en: Yes.", "en: Yes, twice."), encoding="utf-8")
    r = run(["validate", "content"], tree.parent)
    assert "'it' translation of answer was made from an older source text" in r.output
    assert r.exit_code == 0  # stale is a warning


def test_translation_not_using_the_agreed_glossary_term_is_warned(tree):
    from rulings.content.edit import apply_translations

    content = tree
    apply_translations(content, {"demo/term/adjacent": {"term": "Adiacente", "definition": "Vicino."}}, "it",
                       "draft", "t")
    rulings = content / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace(
        "Can I use the Sword twice?", "Is the Sword adjacent to itself?"), encoding="utf-8")
    apply_translations(content, {"demo/ruling/sword-twice": {
        "question": "La Spada è vicina a se stessa?", "answer": "Sì."}}, "it", "draft", "t")
    r = run(["validate", "content", "--format", "json"], tree.parent)
    found = [d for d in json.loads(r.output)["diagnostics"] if d["rule"] == "terminology"]
    assert len(found) == 1 and found[0]["severity"] == "warning"
    assert "'it' translation of question does not use the agreed term 'Adiacente' for 'Adjacent'" in found[0]["message"]
    assert (found[0]["file"], found[0]["line"]) == ("content/demo/rulings.yml", 10)
    # an inflected form of the agreed term is fine
    apply_translations(content, {"demo/ruling/sword-twice": {"question": "Le Spade sono adiacenti?"}}, "it",
                       "draft", "t")
    r = run(["validate", "content", "--format", "json"], tree.parent)
    assert not [d for d in json.loads(r.output)["diagnostics"] if d["rule"] == "terminology"]


def test_unknown_locales_of_aliases_and_not_in_phrases_are_errors(tree):
    glossary = tree / "demo" / "glossary.yml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "    definition:", "    aliases:\n      qq: [next to]\n    not_in:\n      en: [adjacent rule]\n"
        "      qx: [adjacent rule]\n    definition:"), encoding="utf-8")
    r = run(["validate", "content", "--format", "json"], tree.parent)
    unknown = [d["message"] for d in json.loads(r.output)["diagnostics"] if d["rule"] == "locale-unknown"]
    assert sorted(unknown) == ["unknown locale 'qq'", "unknown locale 'qx'"]
