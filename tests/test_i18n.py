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
from rulings.site.labels import GLOSSARY

LOCALES = project_locales()


def _ids(path: Path) -> set:
    """Each message's msgid (a pair for a plural), with its msgctxt before it when it has one."""
    with path.open("rb") as f:
        return {_id(m) for m in read_po(f) if m.id}


def _id(m) -> str | tuple:
    msgid = m.id if isinstance(m.id, str) else tuple(m.id)
    return (m.context, msgid) if m.context else msgid


SHORT_CHARS = 3
"""A msgid this short ("A", ": ") or of one word ("Set", "Current") says nothing of where it appears."""


def short(msgid: str) -> bool:
    return len(msgid) <= SHORT_CHARS or len(msgid.split()) == 1


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
    return {_id(m) for m in cat
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


def test_every_short_msgid_says_where_it_appears():
    """Translators of "A" or "Set" need to know it is the label before a ruling's answer, the expansion a card
    was printed in: every msgid of at most three characters or one word has a msgctxt saying so."""
    with (REPO / "locales" / "messages.pot").open("rb") as f:
        messages = [m for m in read_po(f) if m.id]
    shorts = [m for m in messages if short(m.id if isinstance(m.id, str) else m.id[0])]
    assert shorts, "the UI has short strings"
    assert [m.id for m in shorts if not (m.context and m.context.strip())] == []
    contexts = {m.context for m in shorts}
    assert all(len(c.split()) >= 3 for c in contexts), "a context is a phrase, not a code"


def test_a_context_is_part_of_the_lookup_and_reaches_the_page():
    from rulings.site.pages.ruling import ANSWER

    for loc in LOCALES:
        ui = UI.load(REPO / "locales", loc)
        with (REPO / "locales" / loc / "LC_MESSAGES" / "messages.po").open("rb") as f:
            want = next((m.string for m in read_po(f, locale=loc) if m.context == ANSWER.context and m.id == "A"
                         and m.string and not m.fuzzy), "A")  # untranslated: the English
        assert ui.t(ANSWER) == want, loc
    it = UI.load(REPO / "locales", "it")
    assert it.t(ANSWER) != "A" and it.t("A") == "A"  # the msgid alone, without its context, is another message


def test_a_contexted_string_survives_pickling_and_copying():
    import copy
    import pickle

    from rulings.site.labels import ENTITY_TYPE_LABELS
    from rulings.site.pages.ruling import ANSWER

    for marked in (ANSWER, next(iter(ENTITY_TYPE_LABELS.values()))):
        for again in (pickle.loads(pickle.dumps(marked)), copy.deepcopy(marked)):
            assert again == marked and again.context == marked.context


def test_contexts_are_extracted_inside_f_strings_too():
    import io

    from rulings.site.extract import extract as extract_method

    code = b'''x = f"{t(C_('label before X', 'X'))} {n(NC_('kind of Y', 'Y', 'Ys'))} {t(_('Z'))}"\n'''
    found = {(funcname, messages) for _line, funcname, messages, _c in
             extract_method(io.BytesIO(code), {"_": None, "C_": ((1, "c"), 2), "NC_": ((1, "c"), 2, 3)}, [], {})}
    assert {("C_", ("label before X", "X")), ("NC_", ("kind of Y", "Y", "Ys")), ("_", "Z")} <= found


def test_plural_rules_are_gettext_s():
    assert plural_forms("it") == "nplurals=2; plural=(n != 1);"  # not CLDR's three Italian forms
    assert plural_forms("zh") == "nplurals=1; plural=0;"


def test_ui_strings_translate_and_pluralise():
    it, zh = UI.load(REPO / "locales", "it"), UI.load(REPO / "locales", "zh")
    assert it.t(GLOSSARY) != "Glossary" and zh.t(GLOSSARY) != "Glossary"
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
