"""A locale at any stage of its UI translation: warnings only, unless content/project.yml requires it
(``locale_settings: {<locale>: {required: true}}``); then ``rulings validate`` and ``rulings i18n compile``
fail at each string it lacks, naming the catalog's file and line and the way out."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from conftest import NEW_LOCALE as NEW
from conftest import REPO, partly_translated, project_locales, required_locale, site_inputs, write_project
from rulings.cli.main import main


def cli(repo: Path, monkeypatch, *args: str):
    monkeypatch.chdir(repo)
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def repo(tmp_path) -> Path:
    """The repository's catalogs and a project of its locales and :data:`NEW`, whose catalog translates
    about 15 % of the strings (one of them fuzzy)."""
    repo = site_inputs(tmp_path)
    shutil.copytree(REPO / "schemas", repo / "schemas")
    (repo / "content").mkdir()
    set_project(repo, [*project_locales(), NEW], [loc for loc in project_locales() if required_locale(loc)])
    partly_translated(repo, NEW)
    return repo


def set_project(repo: Path, locales: list[str], required: list[str]) -> None:
    write_project(repo / "content", locales, required)


def counts(po: Path) -> tuple[int, int, int]:
    """(translated, fuzzy, total) of a catalog against the template, read with babel."""
    with (po.parents[2] / "messages.pot").open("rb") as f:
        total = sum(1 for m in read_po(f) if m.id)
    with po.open("rb") as f:
        cat = read_po(f)
    done = [m for m in cat if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)]
    return len(done), sum(1 for m in cat if m.id and m.fuzzy), total


def po_of(repo: Path, locale: str) -> Path:
    return repo / "locales" / locale / "LC_MESSAGES" / "messages.po"


def test_a_partial_optional_locale_validates_and_compiles_with_a_warning(repo, monkeypatch):
    translated, fuzzy, total = counts(po_of(repo, NEW))
    assert 0 < translated < total * 0.2 and fuzzy == 1
    r = cli(repo, monkeypatch, "validate", "--format", "json")
    assert r.exit_code == 0, r.output
    ui = [d for d in json.loads(r.output)["diagnostics"] if d["rule"] == "ui-untranslated"]
    assert {d["severity"] for d in ui} == {"warning"}
    [warning] = [d for d in ui if d["file"] == f"locales/{NEW}/LC_MESSAGES/messages.po"]
    assert f"{translated} of {total} UI strings translated, 1 fuzzy, {total - translated - 1} missing" \
        in warning["message"]
    r = cli(repo, monkeypatch, "i18n", "compile", "--out", str(repo / "mo"))
    assert r.exit_code == 0 and "0 problems, " in r.output, r.output
    assert f"warning: locales/{NEW}/LC_MESSAGES/messages.po: {NEW}: {translated} of {total}" in r.output


def test_a_required_locale_fails_at_each_string_it_lacks(repo, monkeypatch):
    set_project(repo, [*project_locales(), NEW], [NEW])
    po = po_of(repo, NEW)
    lines = po.read_text(encoding="utf-8").splitlines()
    translated, fuzzy, total = counts(po)
    r = cli(repo, monkeypatch, "validate", "content/project.yml", "--format", "json")
    assert r.exit_code == 1
    errors = [d for d in json.loads(r.output)["diagnostics"] if d["severity"] == "error"]
    assert len(errors) == total - translated and {d["rule"] for d in errors} == {"ui-untranslated"}
    for d in errors:
        assert d["file"] == f"locales/{NEW}/LC_MESSAGES/messages.po"
        msgid = re.search(r"'(.*?)' is not translated|translation of '(.*?)' is fuzzy", d["message"])
        assert msgid and lines[d["line"] - 1] == f'msgid "{msgid.group(1) or msgid.group(2)}"', d
        assert f"drop required for {NEW}" in d["message"] and "content/project.yml" in d["message"]
    assert sum("is fuzzy" in d["message"] for d in errors) == fuzzy
    r = cli(repo, monkeypatch, "i18n", "compile", "--out", str(repo / "mo"))
    assert r.exit_code == 1 and f"{total - translated} problems" in r.output
    first = next(line for line in r.output.splitlines() if line.startswith("error: "))
    assert re.match(rf"error: locales/{NEW}/LC_MESSAGES/messages\.po:\d+: {NEW} is required: ", first), first


def test_a_required_locale_without_its_catalog_or_a_new_string_says_to_update(repo, monkeypatch):
    set_project(repo, [*project_locales(), NEW], [NEW])
    pot = repo / "locales" / "messages.pot"
    pot.write_text(pot.read_text(encoding="utf-8") + 'msgid "A string added since"\nmsgstr ""\n', encoding="utf-8")
    r = cli(repo, monkeypatch, "validate", "content/project.yml")
    [line] = [x for x in r.output.splitlines() if "A string added since" in x]
    assert line.startswith("locales/messages.pot:") and "run rulings i18n update" in line, line
    po_of(repo, NEW).unlink()
    r = cli(repo, monkeypatch, "validate", "content/project.yml")
    assert r.exit_code == 1 and f"locales/{NEW}/LC_MESSAGES/messages.po: error: {NEW} is required: there is no " \
        "catalog yet: run rulings i18n update" in r.output, r.output


def test_only_a_selection_holding_the_project_file_reports_the_catalogs(repo, monkeypatch):
    set_project(repo, [*project_locales(), NEW], [NEW])
    (repo / "content" / "demo").mkdir()
    r = cli(repo, monkeypatch, "validate", "content/demo")
    assert r.exit_code == 0 and "ui-untranslated" not in r.output, r.output


@pytest.mark.parametrize(("settings", "message"), [
    ("  qq: {required: true}\n", "unknown locale 'qq'"),
    (f"  {NEW}: {{required: true}}\n", f"locale_settings has '{NEW}', which is not one of locales"),
])
def test_a_setting_of_a_locale_the_project_does_not_have_is_an_error_at_its_key(repo, monkeypatch, settings, message):
    project = repo / "content" / "project.yml"
    project.write_text("kind: project\nlocales: [en]\nlocale_settings:\n" + settings, encoding="utf-8")
    r = cli(repo, monkeypatch, "validate", "content/project.yml")
    assert r.exit_code == 1 and f"content/project.yml:4:3: error: {message}" in r.output, r.output


def test_a_misspelt_setting_is_an_error_at_its_key(repo, monkeypatch):
    project = repo / "content" / "project.yml"
    project.write_text("kind: project\nlocales: [en, it]\nlocale_settings:\n  it: {requird: true}\n", encoding="utf-8")
    r = cli(repo, monkeypatch, "validate", "content/project.yml")
    assert r.exit_code == 1 and "content/project.yml:4:8: error: unknown property 'requird'" in r.output, r.output
