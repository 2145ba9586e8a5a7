"""Every registered importer, against its game's kept original (content/<game>/sources/) and its committed content.

The parser is checked against the document: each entry points at lines that exist and print it, and every text
it carries is printed in the document (or is one of the importer's remarks). The committed YAML must *contain*
the import rather than equal it: hand-edited and hand-added entries are legitimate, and re-importing the kept
original over them changes nothing (test_import_merge.py shows such edits survive a re-import)."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest

from conftest import REPO, repo_content
from rulings.content.diagnostics import Severity
from rulings.content.validate import validate
from rulings.importers import IMPORTERS, get
from rulings.importers.merge import write_import
from rulings.importers.result import ImportResult
from rulings.model.text import Text, TranslationStatus

REMARKS = {"notes", "suspect_note"}  # the importer's own notes on the document, not its text


@cache
def imported(fmt: str) -> tuple[str, ImportResult]:
    imp = get(fmt)
    text = (REPO / "content" / imp.GAME_ID / "sources" / imp.SOURCE_NAME).read_text(encoding="utf-8")
    return text, imp.parse(text)


def _squash(s: str) -> str:
    return "".join(s.split()).casefold()


def printed(t: Text, where: str, spellings: list[str]) -> bool:
    """Whether the text's every paragraph, or one of its printed spellings (aliases), is in ``where``."""
    return (all(_squash(p) in where for p in t.source.split("\n\n"))
            or any(_squash(s) in where for s in spellings))


def game_copy(root: Path, game: str) -> Path:
    """A tree of its own with project.yml, the schemas and this game only (a game references nothing outside)."""
    content = root / "content"
    shutil.copytree(REPO / "content" / game, content / game)
    shutil.copy(REPO / "content" / "project.yml", content / "project.yml")
    shutil.copytree(REPO / "schemas", root / "schemas")
    return content


formats = pytest.mark.parametrize("fmt", sorted(IMPORTERS))


@formats
def test_every_entry_is_printed_where_its_provenance_points(fmt):
    text, result = imported(fmt)
    lines = text.split("\n")
    document = _squash(text)
    entries = [e for f in result.files for e in f.entries]
    assert entries
    for e in entries:
        assert e.provenance is not None and e.origin.document == result.document_id, e.id
        first, last = e.origin.lines
        assert 1 <= first <= last <= len(lines), (e.id, e.origin.lines)
        span = _squash("\n".join(lines[first - 1:last]))
        spellings = [s for names in getattr(e, "aliases", {}).values() for s in names]  # names printed damaged
        texts = [(path, t) for path, t in e.texts() if path.split(".")[0].split("[")[0] not in REMARKS]
        assert texts, e.id
        # nothing invented: each text, and each translation the document itself gives, is in the document
        for path, t in texts:
            assert printed(t, document, spellings if path == "name" else []), (e.id, path, t.source[:80])
            for lang, tr in t.translations.items():
                if tr.status is TranslationStatus.OFFICIAL:
                    assert printed(Text(lang, tr.text), document, []), (e.id, path, lang)
        # the lines it points at print it (a term or title may be a heading printed elsewhere)
        assert any(printed(t, span, spellings if path == "name" else []) for path, t in texts), (e.id, first, last)


@formats
def test_the_game_s_content_validates_on_its_own(fmt, tmp_path):
    _, diags = validate(game_copy(tmp_path, get(fmt).GAME_ID))
    errors = [d.format() for d in diags if d.severity is Severity.ERROR]
    assert errors == []


@formats
def test_committed_content_contains_every_imported_entry_in_its_file(fmt):
    _, result = imported(fmt)
    game = get(fmt).GAME_ID
    committed = {(f.loaded.path.relative_to(REPO / "content" / game).as_posix(), f.kind): {e.id for e in f.entries}
                 for f in repo_content().files if f.game == game}
    for f in result.files:
        missing = [e.id for e in f.entries if e.id not in committed.get((f.path, f.kind), set())]
        assert missing == [], (f.path, missing[:5])


@formats
def test_reimporting_the_kept_original_changes_nothing(fmt, tmp_path):
    """Hand edits included: the merge keeps them, and adds back only what is missing (nothing, here)."""
    imp = get(fmt)
    into = game_copy(tmp_path, imp.GAME_ID) / imp.GAME_ID
    before = {p: p.read_bytes() for p in sorted(into.rglob("*")) if p.is_file()}
    report = write_import(imp, (into / "sources" / imp.SOURCE_NAME).read_bytes(), into, tmp_path / "schemas")
    assert report.lines() == []
    assert {p: p.read_bytes() for p in sorted(into.rglob("*")) if p.is_file()} == before
