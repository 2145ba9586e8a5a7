"""What a new site locale gets without any file of its own: mkdocs settings, gettext plural rules,
English UI strings, and a report of what its catalog still lacks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from babel.messages.plurals import get_plural
from click.testing import CliRunner

from conftest import REPO, site_inputs
from rulings.cli.main import main
from rulings.site.catalogs import plural_forms, untranslated, update
from rulings.site.i18n import UI, coverage, read_catalog
from rulings.site.labels import GLOSSARY, HOME
from rulings.site.site_config import LocaleConfigError, locale_site_config, theme_language

COMMITTED = sorted((REPO / "site_config").glob("*.yml"))
CATALOGS = sorted((REPO / "locales").glob("*/LC_MESSAGES/messages.po"))


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.stem)
def test_defaults_reproduce_the_committed_locale_configs(path, tmp_path):
    """The defaults are what the project chose by hand for its locales (so a new one gets the same care)."""
    committed = yaml.safe_load(path.read_text(encoding="utf-8"))
    defaulted = locale_site_config(tmp_path, path.stem)  # no site_config/ here
    assert defaulted.inherit == tmp_path / "mkdocs.yml"
    assert defaulted.theme == committed["theme"]
    assert defaulted.plugins == committed["plugins"]


def test_new_locale_defaults(tmp_path):
    de = locale_site_config(tmp_path, "de")
    assert de.theme == {"language": "de"}
    [search] = [p["search"] for p in de.plugins]
    assert search["lang"] == ["de", "en"]  # German stemming, and English for the fallback texts
    assert "\\u200b" in search["separator"]  # jieba's segments split, as on every site
    assert theme_language("de-CH") == "de" and theme_language("zh-HK") == "zh-Hant"
    assert theme_language("pt-BR") == "pt-BR"
    assert theme_language("gd") == "en"  # Material has no Scottish Gaelic: its English chrome
    gd = locale_site_config(tmp_path, "gd")
    assert [p["search"]["lang"] for p in gd.plugins] == [["en"]]


def test_a_locale_file_overrides_the_defaults(tmp_path):
    repo = site_inputs(tmp_path)
    (repo / "site_config" / "de.yml").write_text("INHERIT: ../mkdocs.yml\ntheme:\n  language: de\nplugins:\n"
                                                 "  - search:\n      lang: [de]\n", encoding="utf-8")
    de = locale_site_config(repo, "de")
    assert de.inherit == repo / "site_config" / "de.yml"
    assert de.theme == {} and de.plugins == [{"search": {"lang": ["de"]}}]


def test_an_unknown_locale_names_the_project_file():
    with pytest.raises(LocaleConfigError, match=r"content/project\.yml"):
        theme_language("qq")


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parts[-3])
def test_plural_rules_of_existing_catalogs_are_kept(po):
    locale = po.parts[-3].replace("_", "-")
    assert plural_forms(locale) == read_catalog(po, locale).plural_forms


def test_plural_rules_leave_out_cldr_millions_form():
    """babel's table gives Italian, French, Spanish a 'many' form for exact millions; gettext has two."""
    assert get_plural("fr").num_plurals == 3  # the premise: babel follows CLDR here
    assert plural_forms("it") == plural_forms("es") == "nplurals=2; plural=(n != 1);"
    assert plural_forms("fr") == plural_forms("pt-BR") == "nplurals=2; plural=(n > 1);"
    assert plural_forms("de") == "nplurals=2; plural=(n != 1);"
    assert plural_forms("ru") == str(get_plural("ru")) and plural_forms("ar").startswith("nplurals=6;")
    assert plural_forms("br") == str(get_plural("br"))  # Breton's millions form is grammar: kept


def test_new_catalog_falls_back_to_english_and_is_reported(tmp_path):
    repo = site_inputs(tmp_path)
    locales = repo / "locales"
    assert UI.load(locales, "de").t(GLOSSARY) == "Glossary"  # no catalog yet: English
    [po] = update(repo, ["de"])
    ui = UI.load(locales, "de")
    assert ui.t(GLOSSARY) == "Glossary" and ui.n(("{n} ruling", "{n} rulings"), 2) == "2 rulings"
    c = ui.coverage
    assert c is not None and c.total > 0 and c.translated == 0 and c.missing == c.total
    [warning] = untranslated(repo, ["en", "de"])
    assert f"de: 0 of {c.total} UI strings translated, {c.total} missing" in warning and str(po) in warning

    text = po.read_text(encoding="utf-8").replace('msgid "Glossary"\nmsgstr ""', 'msgid "Glossary"\nmsgstr "Glossar"')
    home = f'msgctxt "{HOME.context}"\nmsgid "Home"\n'
    assert home + 'msgstr ""' in text  # a short string: its context before it
    text = text.replace(home + 'msgstr ""', "#, fuzzy\n" + home + 'msgstr "Start"')
    po.write_text(text, encoding="utf-8")
    assert UI.load(locales, "de").t(GLOSSARY) == "Glossar"
    assert UI.load(locales, "de").t(HOME) == "Home"  # fuzzy: not shown until confirmed
    c = coverage(locales, "de")
    assert (c.translated, c.fuzzy, c.missing) == (1, 1, c.total - 2)
    [warning] = untranslated(repo, ["de"])
    assert f"1 of {c.total} UI strings translated, 1 fuzzy, {c.total - 2} missing" in warning


def test_i18n_commands_stop_on_an_unknown_project_locale(tmp_path, monkeypatch):
    repo = site_inputs(tmp_path)
    shutil.copytree(REPO / "schemas", repo / "schemas")
    (repo / "content").mkdir()
    project = REPO / "content" / "project.yml"
    text = project.read_text(encoding="utf-8")
    (repo / "content" / "project.yml").write_text(text.replace("locales: [", "locales: [qq, "), encoding="utf-8")
    monkeypatch.chdir(repo)
    before = {p: p.read_bytes() for p in Path("locales").rglob("*.po")}
    for args in (["i18n", "update"], ["i18n", "compile"]):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 1 and "content/project.yml" in r.output and "'qq'" in r.output, r.output
    assert {p: p.read_bytes() for p in Path("locales").rglob("*.po")} == before
