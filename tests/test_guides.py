"""The contributor guides in the reader's language: a current translation is shown (a machine one under a
note), a translation of another version of the English is not (the English is, saying so)."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO
from rulings.model.text import text_hash
from rulings.site.guides import GUIDE_MACHINE, GUIDE_NOTE, GUIDE_STALE, guide_page, read_translation
from rulings.site.i18n import UI

ENGLISH = "# Translating\n\nRun `rulings translate sync`.\n"


def docs(tmp_path: Path, source_hash: str | None, status: str = "machine") -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "translating.md").write_text(ENGLISH, encoding="utf-8")
    if source_hash is not None:
        it = tmp_path / "i18n" / "it"
        it.mkdir(parents=True)
        it.joinpath("translating.md").write_text(
            f"---\nsource: translating.md\nsource_hash: {source_hash}\nstatus: {status}\nby: ai:test\n---\n\n"
            "# Tradurre\n\nEsegui `rulings translate sync`.\n", encoding="utf-8")
    return tmp_path


def test_a_current_machine_translation_is_shown_under_a_note_saying_so(tmp_path):
    ui = UI.load(REPO / "locales", "it")
    page = guide_page(docs(tmp_path, text_hash(ENGLISH)), "translating.md", "it", ui)
    assert "# Tradurre" in page and "# Translating" not in page and "source_hash" not in page
    assert ui.t(GUIDE_MACHINE) in page and "rl_text_lang" not in page
    reviewed = guide_page(docs(tmp_path / "r", text_hash(ENGLISH), "reviewed"), "translating.md", "it", ui)
    assert "# Tradurre" in reviewed and ui.t(GUIDE_MACHINE) not in reviewed


def test_a_translation_of_another_english_version_gives_way_to_the_english(tmp_path):
    ui = UI.load(REPO / "locales", "it")
    page = guide_page(docs(tmp_path, "0" * 12), "translating.md", "it", ui)
    assert "# Translating" in page and "# Tradurre" not in page
    assert ui.t(GUIDE_STALE, language=ui.language_name("it")) in page and "rl_text_lang: en" in page


def test_no_translation_the_english_under_a_note_and_english_readers_get_the_file(tmp_path):
    ui = UI.load(REPO / "locales", "zh")
    page = guide_page(docs(tmp_path, None), "translating.md", "zh", ui)
    assert ui.t(GUIDE_NOTE) in page and page.endswith(ENGLISH)
    assert guide_page(tmp_path, "translating.md", "en", UI.load(REPO / "locales", "en")) == ENGLISH


def test_the_committed_translations_say_what_they_were_made_from():
    for path in sorted((REPO / "docs" / "i18n").glob("*/*.md")):
        tr = read_translation(path)
        assert tr is not None and len(tr.source_hash) == 12 and tr.status and tr.by, path
        assert (REPO / "docs" / path.name).is_file(), path
