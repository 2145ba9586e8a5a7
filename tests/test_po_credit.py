"""Who a translation from po/ is credited to: the author of the commit that changed that message (Weblate commits
each translator's work under their name), never the file's last Last-Translator for everyone's work."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import commit_all, run_git
from rulings.content.tree import read
from rulings.exchange.sync import sync
from test_po import ANSWER, RULING
from test_po_sync import NAME, SWORD, setup, weblate_save

pytest.importorskip("translate.storage.po")


def as_author(repo: Path, name: str, email: str, message: str, co_authors: tuple[str, ...] = ()) -> None:
    """Commit every change under ``repo`` as ``name`` would through Weblate (trailers for the co-authors)."""
    trailers = "".join(f"\nCo-authored-by: {c}" for c in co_authors)
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", f"{message}\n{trailers}" if trailers else message,
            env={"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email})


def by_of(content: Path, ctx: str) -> str:
    entry_id, _, path = ctx.partition("#")
    c = read(content)
    text = c.games[entry_id].name if "/" not in entry_id else getattr(c.by_id()[entry_id], path)
    return text.translations["it"].by


def synced_repo(tmp_path: Path) -> tuple[Path, Path, Path]:
    content, po_root, it_po = setup(tmp_path)
    commit_all(tmp_path, message="content and po/ in agreement")
    return content, po_root, it_po


def test_two_translators_editing_one_file_between_syncs_are_each_credited_for_their_own_text(tmp_path: Path) -> None:
    content, po_root, it_po = synced_repo(tmp_path)
    weblate_save(it_po, {f"{RULING}#question": "Quali spazi sono adiacenti?"}, [], "Weblate Admin <admin@example.org>")
    as_author(tmp_path, "Maria Rossi", "maria@example.org", "Translated using Weblate (Italian)")
    weblate_save(it_po, {SWORD: "Spada"}, [], "Weblate Admin <admin@example.org>")
    as_author(tmp_path, "Luca Bianchi", "luca@example.org", "Translated using Weblate (Italian)")

    r = sync(content, po_root)
    assert not r.problems and sorted(r.applied) == sorted([f"{RULING}#question (it)", f"{SWORD} (it)"])
    assert by_of(content, f"{RULING}#question") == "Maria Rossi"
    assert by_of(content, SWORD) == "Luca Bianchi"

    # the next round: a third edit is credited alone; the texts synced before keep their translators
    commit_all(tmp_path, message="synced")
    weblate_save(it_po, {f"{RULING}#answer": ANSWER.replace("Yes", "Sì")}, [], "Weblate Admin <admin@example.org>")
    as_author(tmp_path, "Ada Verdi", "ada@example.org", "Translated using Weblate (Italian)")
    r = sync(content, po_root)
    assert r.applied == [f"{RULING}#answer (it)"]
    assert [by_of(content, c) for c in (f"{RULING}#answer", f"{RULING}#question", SWORD)] == [
        "Ada Verdi", "Maria Rossi", "Luca Bianchi"]


def test_a_squashed_commit_credits_its_author_and_co_authors_without_their_addresses(tmp_path: Path) -> None:
    content, po_root, it_po = synced_repo(tmp_path)
    weblate_save(it_po, {f"{RULING}#answer": ANSWER.replace("Yes", "Sì")}, [])
    as_author(tmp_path, "Weblate", "noreply@weblate.example", "Translated using Weblate (Italian)",
              co_authors=("Ada Bianchi <ada@example.org>", "Bo Chen <bo(at)example.org>"))
    r = sync(content, po_root)
    assert r.applied == [f"{RULING}#answer (it)"]
    by = by_of(content, f"{RULING}#answer")
    assert by == "Weblate, Ada Bianchi, Bo Chen" and "@" not in by and "example" not in by


def test_one_text_edited_by_one_translator_and_approved_by_another_credits_both(tmp_path: Path) -> None:
    content, po_root, it_po = synced_repo(tmp_path)
    weblate_save(it_po, {NAME: "Gioco di prova"}, [])  # the machine-made game name: edited, still fuzzy
    as_author(tmp_path, "Maria Rossi", "maria@example.org", "Translated using Weblate (Italian)")
    assert not sync(content, po_root).applied  # work in progress
    weblate_save(it_po, {}, unfuzzy=[NAME])
    as_author(tmp_path, "Luca Bianchi", "luca@example.org", "Translated using Weblate (Italian)")
    r = sync(content, po_root)
    assert r.applied == [f"{NAME} (it)"] and by_of(content, NAME) == "Maria Rossi, Luca Bianchi"


def test_without_git_the_files_last_translator_is_credited(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    weblate_save(it_po, {f"{RULING}#question": "Quali spazi?"}, [], "Maria Rossi <maria@example.org>")
    r = sync(content, po_root)
    assert r.applied == [f"{RULING}#question (it)"] and by_of(content, f"{RULING}#question") == "Maria Rossi"


def test_an_edit_not_committed_yet_is_the_last_translators(tmp_path: Path) -> None:
    content, po_root, it_po = synced_repo(tmp_path)
    weblate_save(it_po, {f"{RULING}#question": "Quali spazi sono adiacenti?"}, [])
    as_author(tmp_path, "Maria Rossi", "maria@example.org", "Translated using Weblate (Italian)")
    weblate_save(it_po, {SWORD: "Spada"}, [], "Luca Bianchi <luca@example.org>")  # saved in Poedit, not committed
    r = sync(content, po_root)
    assert sorted(r.applied) == sorted([f"{RULING}#question (it)", f"{SWORD} (it)"])
    assert (by_of(content, f"{RULING}#question"), by_of(content, SWORD)) == ("Maria Rossi", "Luca Bianchi")
