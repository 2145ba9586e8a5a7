"""Every content error says where (file:line:col), what is wrong and how to fix it: a tab named as a tab,
"did you mean" for mistyped ids, fields and values, an example of the expected date form, the English a
non-English text needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import build_tree
from rulings.content.diagnostics import Diagnostic, Severity
from rulings.content.validate import DATE_EXAMPLE, validate
from rulings.model.text import text_hash


@pytest.fixture
def content(tmp_path: Path) -> Path:
    return build_tree(tmp_path)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def errors(content: Path) -> list[Diagnostic]:
    return [d for d in validate(content)[1] if d.severity is Severity.ERROR]


def only_error(content: Path) -> Diagnostic:
    found = errors(content)
    assert len(found) == 1, [d.format() for d in found]
    return found[0]


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_tab_is_named_with_its_position_and_the_fix(content: Path) -> None:
    rulings = content / "demo" / "rulings.yml"
    edit(rulings, "    answer:\n      en: Yes.", "    answer:\n\t  en: Yes.")
    d = only_error(content)
    assert (d.line, d.column, d.rule) == (line_of(rulings, "\t"), 1, "yaml-tab")
    assert "tab" in d.message and "indent with spaces" in d.message


def test_an_unknown_reference_gets_the_closest_ids_of_its_game(content: Path) -> None:
    rulings = content / "demo" / "rulings.yml"
    edit(rulings, "- demo/card/sword", "- demo/card/swrod")
    d = only_error(content)
    assert d.rule == "ref-unresolved" and d.line == line_of(rulings, "swrod")
    assert "did you mean 'demo/card/sword'?" in d.message


def test_an_unknown_reference_with_nothing_close_gets_no_guess(content: Path) -> None:
    edit(content / "demo" / "rulings.yml", "- demo/card/sword", "- demo/card/xylophone")
    assert "did you mean" not in only_error(content).message


def test_an_unknown_field_gets_the_closest_allowed_one(content: Path) -> None:
    rulings = content / "demo" / "rulings.yml"
    edit(rulings, "    answer:", "    answr:")
    d = only_error(content)
    assert d.rule == "schema-unknown-property" and (d.line, d.column) == (line_of(rulings, "answr:"), 5)
    assert "did you mean 'answer'?" in d.message


def test_an_unknown_value_gets_the_closest_allowed_one(content: Path) -> None:
    rulings = content / "demo" / "rulings.yml"
    edit(rulings, "      en: Yes.", f"      en: Yes.\n      it:\n        text: Sì.\n        source_hash: "
         f"{text_hash('Yes.')}\n        status: machin\n        by: someone")
    d = only_error(content)
    assert d.rule == "schema-enum" and d.line == line_of(rulings, "machin")
    assert "did you mean 'machine'?" in d.message


def test_a_date_in_the_wrong_form_gets_an_example_of_the_right_one(content: Path) -> None:
    game = content / "demo" / "game.yml"
    edit(game, "date: '2003-01-02'", "date: '2003-1-2'")
    d = only_error(content)
    assert d.rule == "schema-pattern" and d.line == line_of(game, "2003-1-2")
    assert re.search(r"write it like '\d{4}-\d{2}-\d{2}'", d.message), d.message


def test_a_date_that_does_not_exist_gets_an_example_of_the_right_one(content: Path) -> None:
    edit(content / "demo" / "game.yml", "date: '2003-01-02'", "date: '2003-02-30'")
    d = only_error(content)
    assert d.rule == "date-invalid" and f"like '{DATE_EXAMPLE}'" in d.message


def test_a_text_without_english_says_what_to_add(content: Path) -> None:
    edit(content / "demo" / "rulings.yml", "      en: Can I use the Sword twice?",
         "      it: Posso usare la Spada due volte?")
    d = only_error(content)
    assert d.rule == "translation-english"
    assert f"source_hash: {text_hash('Posso usare la Spada due volte?')}" in d.message
    assert "rulings translate apply" in d.message


MISTAKES = {  # the five common mistakes: (file, old, new), and words of the cause and of the fix
    "field typo": (("rulings.yml", "    answer:", "    answr:"), "unknown property 'answr'", "did you mean 'answer'"),
    "unknown card": (("rulings.yml", "- demo/card/sword", "- demo/card/swrod"), "does not resolve",
                     "did you mean 'demo/card/sword'"),
    "bad date": (("game.yml", "date: '2003-01-02'", "date: '2003-02-30'"), "not a real date", "like '"),
    "missing English": (("rulings.yml", "      en: Can I use the Sword twice?", "      it: Posso usarla?"),
                        "has no English translation", "add one"),
    "tab": (("rulings.yml", "    answer:\n      en: Yes.", "    answer:\n\t  en: Yes."), "a tab character",
            "indent with spaces"),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_common_mistake_gives_position_cause_and_fix(content: Path, mistake: str) -> None:
    (name, old, new), cause, fix = MISTAKES[mistake]
    edit(content / "demo" / name, old, new)
    d = only_error(content)
    assert d.file.endswith(f"demo/{name}") and d.line > 0 and d.column > 0, d.format()
    assert cause in d.message and fix in d.message, d.format()
    assert re.match(rf".*demo/{re.escape(name)}:{d.line}:{d.column}: error: ", d.format())


def test_a_typo_of_a_required_field_is_one_error_not_two(content: Path) -> None:
    edit(content / "demo" / "rulings.yml", "    lang: en", "    lagn: en")
    d = only_error(content)
    assert d.rule == "schema-unknown-property" and "did you mean 'lang'?" in d.message


def test_validate_dot_inside_the_content_folder_reports_its_errors(content: Path, monkeypatch) -> None:
    from click.testing import CliRunner

    from rulings.cli.main import main

    edit(content / "demo" / "rulings.yml", "- demo/card/sword", "- demo/card/swrod")
    monkeypatch.chdir(content)
    r = CliRunner().invoke(main, ["validate", "."])
    assert r.exit_code == 1 and "demo/rulings.yml:" in r.output and "swrod" in r.output


def test_a_document_without_its_authority_is_told_the_choices(content: Path) -> None:
    game = content / "demo" / "game.yml"
    text = game.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines(keepends=True) if x.lstrip().startswith("authority:"))
    game.write_text(text.replace(line, "", 1), encoding="utf-8")
    d = only_error(content)
    assert d.rule == "schema-required" and d.file.endswith("game.yml") and d.line > 1
    assert "'authority'" in d.message and "one of: official, official-faq, judge-team, community, unknown" in d.message
