"""Each locale's UI completeness is shown where translators look: its "Translation status" page (n of m UI
strings, and whether the locale is required) and ``rulings i18n status`` (text and --json). The expected
figures are counted here from the catalog files with babel, not with the code that writes the page."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from conftest import NEW_LOCALE, REPO, build_tree, partly_translated, project_locales, required_locale, write_project
from rulings.cli.main import main
from rulings.content.tree import read
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages.base import LocaleView
from rulings.site.pages.translation_status import UI_OPTIONAL, UI_REQUIRED, UI_STATUS
from rulings.site.pages.translation_status import render as status_page

LOCALES = [*project_locales(), NEW_LOCALE]
SOURCE = "en"


@pytest.fixture
def repo(tmp_path) -> Path:
    """The demo tree beside a copy of the repository's catalogs, its project the repository's locales (required
    as there) and a new one about 15 % translated."""
    content = build_tree(tmp_path)
    shutil.copytree(REPO / "locales", tmp_path / "locales")
    partly_translated(tmp_path, NEW_LOCALE)
    write_project(content, LOCALES, [loc for loc in project_locales() if required_locale(loc)])
    return tmp_path


def figures(repo: Path, locale: str) -> tuple[int, int, int]:
    """(translated, fuzzy, total) of the locale's catalog against the template."""
    with (repo / "locales" / "messages.pot").open("rb") as f:
        ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(f) if m.id}
    with (repo / "locales" / locale / "LC_MESSAGES" / "messages.po").open("rb") as f:
        cat = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(f, locale=locale) if m.id}
    done = {k for k, m in cat.items() if k in ids and not m.fuzzy
            and (all(m.string) if isinstance(m.string, tuple) else m.string)}
    return len(done), sum(1 for k, m in cat.items() if k in ids and m.fuzzy), len(ids)


def shown(repo: Path, locale: str, msgid: str, **values: object) -> str:
    """What the catalog file gives a reader for ``msgid`` (its translation, else the English), filled in."""
    with (repo / "locales" / locale / "LC_MESSAGES" / "messages.po").open("rb") as f:
        m = read_po(f, locale=locale).get(msgid)
    text = m.string if m is not None and m.string and not m.fuzzy else msgid
    for k, v in values.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def required(repo: Path, locale: str) -> bool:
    return bool(re.search(rf"^  {re.escape(locale)}: {{required: true}}$",
                          (repo / "content" / "project.yml").read_text(encoding="utf-8"), re.M))


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != SOURCE])
def test_the_status_page_shows_how_many_ui_strings_are_translated_and_whether_that_is_required(repo, locale):
    model = build_model(read(repo / "content"))
    page = status_page(LocaleView(model, locale, UI.load(repo / "locales", locale))).markdown
    [paragraph] = re.findall(r'<p class="rl-ui-status">(.*?)</p>', page)
    translated, _fuzzy, total = figures(repo, locale)
    status = shown(repo, locale, UI_STATUS, translated=translated, total=total,
                   file=f"locales/{locale}/LC_MESSAGES/messages.po")
    need = shown(repo, locale, UI_REQUIRED if required(repo, locale) else UI_OPTIONAL)
    assert html.unescape(paragraph) == f"{status} {need}"
    if locale == NEW_LOCALE:
        assert 0 < translated < total and need == UI_OPTIONAL  # a partial locale's page, in English where untranslated


def test_i18n_status_gives_each_locales_ui_strings_in_text_and_json(repo, monkeypatch):
    monkeypatch.chdir(repo)
    text = CliRunner().invoke(main, ["i18n", "status"], catch_exceptions=False)
    as_json = CliRunner().invoke(main, ["i18n", "status", "--json"], catch_exceptions=False)
    assert text.exit_code == as_json.exit_code == 0, (text.output, as_json.output)
    ui = {x["locale"]: x for x in json.loads(as_json.output)["ui"]}
    assert list(ui) == LOCALES
    for loc in LOCALES:
        translated, fuzzy, total = figures(repo, loc)
        need = "source" if loc == SOURCE else "required" if required(repo, loc) else "optional"
        assert (ui[loc]["translated"], ui[loc]["fuzzy"], ui[loc]["total"], ui[loc]["required"]) == \
            (translated, fuzzy, total, need == "required")
        [line] = [x for x in text.output.splitlines() if x.startswith(f"{loc} ") and "UI strings" in x]
        assert f"translated {translated:>5}  fuzzy {fuzzy:>4}" in line and f"(of {total})" in line, line
        assert line.endswith(need), line
    assert json.loads(as_json.output)["texts"], "the games' rows follow"
