"""UI catalogs: the template matches the code, a required locale is complete, placeholders are checked."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import REPO, project_locales, required_locale
from rulings.site.catalogs import compile_catalogs, extract, plural_forms
from rulings.site.i18n import UI

LOCALES = project_locales()


def _ids(path: Path) -> set:
    with path.open("rb") as f:
        return {m.id if isinstance(m.id, str) else tuple(m.id) for m in read_po(f) if m.id}


def test_template_is_current(tmp_path):
    repo = tmp_path / "repo"
    (repo / "locales").mkdir(parents=True)
    shutil.copy(REPO / "babel.cfg", repo / "babel.cfg")
    (repo / "scripts").symlink_to(REPO / "scripts")
    fresh = extract(repo)
    assert _ids(fresh) == _ids(REPO / "locales" / "messages.pot"), "run: rulings i18n extract && rulings i18n update"
    assert ("{n} ruling", "{n} rulings") in _ids(fresh)
    assert "Latest change" in _ids(fresh)  # marked inside an f-string


def translated_ids(po: Path, locale: str) -> set:
    """The msgids a catalog translates (every form, not fuzzy), read with babel alone."""
    with po.open("rb") as f:
        cat = read_po(f, locale=locale)
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in cat
            if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_required_catalog_is_complete_and_every_catalog_has_gettexts_plural_rule(locale):
    """content/project.yml says which locales must be complete (locale_settings: required); the others may
    be at any stage, their missing strings shown in English."""
    po = REPO / "locales" / locale / "LC_MESSAGES" / "messages.po"
    if required_locale(locale):
        template = _ids(REPO / "locales" / "messages.pot")
        missing = template - translated_ids(po, locale)
        assert not missing, (f"{locale} is required: translate these, or drop required for it in "
                             f"content/project.yml", sorted(map(str, missing)))
    with po.open("rb") as f:
        assert read_po(f, locale=locale).plural_forms == plural_forms(locale)  # as `rulings i18n update` writes it


def test_plural_rules_are_gettext_s():
    assert plural_forms("it") == "nplurals=2; plural=(n != 1);"  # not CLDR's three Italian forms
    assert plural_forms("zh") == "nplurals=1; plural=0;"


def test_ui_strings_translate_and_pluralise():
    it, zh = UI.load(REPO / "locales", "it"), UI.load(REPO / "locales", "zh")
    assert it.t("Glossary") != "Glossary" and zh.t("Glossary") != "Glossary"
    assert it.n(("{n} ruling", "{n} rulings"), 1) != it.n(("{n} ruling", "{n} rulings"), 3)
    assert "3" in zh.n(("{n} ruling", "{n} rulings"), 3)
    assert it.date("2024-02-15") == "15 febbraio 2024" and zh.date("2024-02-15") == "2024年2月15日"


def test_msgfmt_check_passes():
    if not shutil.which("msgfmt"):
        pytest.skip("gettext's msgfmt is not installed (.ci/run installs it)")
    for loc in LOCALES:
        po = REPO / "locales" / loc / "LC_MESSAGES" / "messages.po"
        r = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


def test_compile_fails_on_a_broken_placeholder(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "locales", repo / "locales")
    assert compile_catalogs(repo, LOCALES, tmp_path / "mo") == []
    po = repo / "locales" / "it" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    broken = text.replace('msgstr "Originale ({language})"', 'msgstr "Originale ({lingua})"')
    assert broken != text
    po.write_text(broken, encoding="utf-8")
    problems = compile_catalogs(repo, LOCALES, tmp_path / "mo")
    assert len(problems) == 1 and "{language}" in problems[0]


def test_extract_leaves_an_unchanged_template_byte_for_byte(tmp_path):
    repo = tmp_path / "repo"
    (repo / "locales").mkdir(parents=True)
    shutil.copy(REPO / "babel.cfg", repo / "babel.cfg")
    (repo / "scripts").symlink_to(REPO / "scripts")
    committed = (REPO / "locales" / "messages.pot").read_bytes()
    (repo / "locales" / "messages.pot").write_bytes(committed)
    assert extract(repo).read_bytes() == committed, "no message changed: the tree must stay clean"
