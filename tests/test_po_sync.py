"""``rulings translate sync``: po/ and the content kept in agreement both ways, with PO files saved the way
Weblate saves them (translate-toolkit, the library Weblate reads and writes PO files with)."""

from __future__ import annotations

import difflib
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings.cli.main import main
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.model.text import TextState, text_hash
from rulings.translation.sync import agree, sync
from test_po import ANSWER, COMMENT, QUESTION, RULING, demo_tree, git, snapshot

po_storage = pytest.importorskip("translate.storage.po")

NAME = "demo#name"
SWORD = "demo/card/sword#name"
TERM = "demo/term/adjacent#term"


def setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The demo content with a machine-made Italian game name too, synced once into po/."""
    content = demo_tree(tmp_path)
    assert apply_translations(content, {"demo": {"name": "Gioco dimostrativo"}}, "it", "machine", "ai:test").applied
    po_root = tmp_path / "po"
    first = sync(content, po_root)
    assert not first.problems and first.written
    return content, po_root, po_root / "demo" / "en" / "it.po"


def units(path: Path) -> dict:
    store = po_storage.pofile.parsefile(str(path))
    return {u.getcontext(): u for u in store.units if not u.isheader()}


def weblate_save(path: Path, edits: dict[str, str], unfuzzy: list[str], translator: str | None = None) -> None:
    """Change messages as Weblate (or any translate-toolkit tool) would, and save."""
    store = po_storage.pofile.parsefile(str(path))
    by_ctx = {u.getcontext(): u for u in store.units if not u.isheader()}
    for ctx, text in edits.items():
        by_ctx[ctx].target = text
    for ctx in unfuzzy:
        by_ctx[ctx].markfuzzy(False)
    if translator:
        store.updateheader(add=True, last_translator=translator)
    path.write_bytes(bytes(store))


def validate_errors(content: Path) -> list[str]:
    out = CliRunner().invoke(main, ["validate", str(content)]).output
    return [line for line in out.splitlines() if ": error: " in line]


def tree_bytes(*roots: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for r in roots for p in sorted(r.rglob("*")) if p.is_file()}


def test_sync_writes_the_layout_weblate_reads_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    c = read(content)
    locales = c.project.locales
    expected = {po_root / "demo" / "en" / "demo.pot", po_root / "other" / "it" / "other.pot"}
    expected |= {po_root / "demo" / "en" / f"{loc}.po" for loc in locales if loc != "en"}
    expected |= {po_root / "other" / "it" / f"{loc}.po" for loc in locales if loc != "it"}
    assert set(po_root.rglob("*.po*")) == expected
    before = tree_bytes(content, po_root)
    again = sync(content, po_root)
    assert agree(again) and not again.written and tree_bytes(content, po_root) == before

    header = po_storage.pofile.parsefile(str(it_po)).parseheader()
    assert header["Language"] == "it" and header["Plural-Forms"] and header["Project-Id-Version"] == "rulings demo"
    assert "charset=UTF-8" in header["Content-Type"] and header["Report-Msgid-Bugs-To"]
    assert "POT-Creation-Date" not in header  # no date that changes without the content changing
    u = units(it_po)
    assert u[TERM].isfuzzy() and "machine translation (by ai:test)" in u[TERM].getnotes("translator")
    assert not u[f"{RULING}#question"].isfuzzy() and u[f"{RULING}#question"].target == ""
    assert "page: demo/card/sword/#ruling-sword-adjacent" in u[f"{RULING}#question"].getnotes("developer")
    assert "term: Adjacent → Adiacente" in u[f"{RULING}#question"].getnotes("translator")
    template = units(po_root / "demo" / "en" / "demo.pot")
    assert list(template) == list(u) and not any(t.target for t in template.values())


def test_round_trip_through_weblate_saves(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    rulings = content / "demo" / "rulings.yml"
    before = snapshot(content)
    errors_before = validate_errors(content)
    new_q = "La Spada può colpire un guerriero adiacente?"
    new_a = "Sì, ma una volta per turno.\nUn secondo attacco richiede un'altra Spada."
    weblate_save(it_po, {f"{RULING}#question": new_q, f"{RULING}#answer": new_a, SWORD: "Spada",
                         NAME: "Gioco di prova"}, unfuzzy=[TERM], translator="Maria Rossi <maria@example.org>")
    # the game name's new text stays fuzzy: work in progress, not a translation yet

    assert not agree(sync(content, po_root, check=True))
    assert snapshot(content) == before  # --check writes nothing
    r = sync(content, po_root)
    assert not r.problems
    assert sorted(r.applied) == sorted(f"{c} (it)" for c in (f"{RULING}#question", f"{RULING}#answer", SWORD, TERM))

    c = read(content)
    assert not [d for d in c.diagnostics if d.severity.value == "error"]
    by_id = c.by_id()
    ruling = by_id[RULING]
    for text, want in ((ruling.question, new_q), (ruling.answer, new_a), (by_id["demo/card/sword"].name, "Spada"),
                       (by_id["demo/term/adjacent"].term, "Adiacente")):
        tr = text.translations["it"]
        assert (tr.text, tr.status.value, tr.by) == (want, "draft", "Maria Rossi")
        assert tr.source_hash == text_hash(text.source)
    name = c.games["demo"].name.translations["it"]
    assert (name.text, name.status.value, name.by) == ("Gioco dimostrativo", "machine", "ai:test")
    # the YAML as a person wrote it: comments kept, no line of the rulings file changed or removed
    after = snapshot(content)
    assert COMMENT in after[rulings]
    assert not [d for d in difflib.ndiff(before[rulings].splitlines(), after[rulings].splitlines())
                if d.startswith("- ")]
    u = units(it_po)
    assert not u[TERM].isfuzzy() and "translation: draft by Maria Rossi" in u[TERM].getnotes("translator")
    assert u[NAME].isfuzzy() and u[NAME].target == "Gioco di prova"  # the pending edit is kept in the PO
    assert validate_errors(content) == errors_before  # the sync adds no error (the demo's other game has its own)

    # idempotent: the next sync changes nothing, and po/ and the content agree
    state = tree_bytes(content, po_root)
    assert agree(sync(content, po_root)) and tree_bytes(content, po_root) == state
    assert CliRunner().invoke(main, ["translate", "sync", "--check", "--content", str(content),
                                     "--po", str(po_root)]).exit_code == 0

    # a changed English source makes the translation fuzzy, with the previous msgid
    new_source = "Can the Sword hit a warrior adjacent to it?"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace(QUESTION, new_source), encoding="utf-8")
    assert CliRunner().invoke(main, ["translate", "sync", "--check", "--content", str(content),
                                     "--po", str(po_root)]).exit_code == 1
    r = sync(content, po_root)
    assert not r.problems and not r.applied
    q = units(it_po)[f"{RULING}#question"]
    assert (q.source, q.target, q.isfuzzy(), q.prev_source) == (new_source, new_q, True, QUESTION)
    assert read(content).by_id()[RULING].question.state("it") is TextState.STALE
    assert agree(sync(content, po_root, check=True))


def test_the_same_text_edited_on_both_sides_is_reported_and_left_alone(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    weblate_save(it_po, {f"{RULING}#answer": "Sì (PO)."}, unfuzzy=[], translator="Maria")
    apply_translations(content, {RULING: {"answer": "Sì (YAML)."}}, "it", "draft", "luca")
    state = tree_bytes(content, po_root)
    for _ in range(2):
        r = sync(content, po_root)
        assert any("conflict" in p and f"{RULING}#answer" in p for p in r.problems) and not r.applied
        assert tree_bytes(content, po_root) == state
    assert read(content).by_id()[RULING].answer.translations["it"].text == "Sì (YAML)."


def test_an_edited_msgid_is_reported_not_applied(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    raw = it_po.read_text(encoding="utf-8")
    old = f'msgctxt "{RULING}#question"\nmsgid "{QUESTION}"\nmsgstr ""'
    assert old in raw
    it_po.write_text(raw.replace(old, f'msgctxt "{RULING}#question"\nmsgid "Edited?"\nmsgstr "Modificato?"'),
                     encoding="utf-8")
    before = snapshot(content)
    r = sync(content, po_root)
    assert any(f"{RULING}#question" in p and "msgid" in p for p in r.problems) and not r.applied
    assert snapshot(content) == before
    assert not agree(sync(content, po_root, check=True))


def test_by_comes_from_a_weblate_co_author_trailer_without_last_translator(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "synced")
    weblate_save(it_po, {f"{RULING}#answer": ANSWER.replace("Yes", "Sì")}, unfuzzy=[])
    git(tmp_path, "commit", "-qam",
        "Translated using Weblate (Italian)\n\nCo-authored-by: Ada Bianchi <ada@example.org>")
    assert not subprocess.run(["git", "status", "--porcelain"], cwd=tmp_path, capture_output=True, text=True).stdout
    r = sync(content, po_root)
    assert r.applied == [f"{RULING}#answer (it)"]
    assert read(content).by_id()[RULING].answer.translations["it"].by == "Ada Bianchi"


def test_a_po_file_that_is_not_valid_po_is_reported_and_not_overwritten(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    broken = it_po.read_bytes().replace(b'msgstr "Adiacente"', b'msgstr "Adiacente', 1)
    it_po.write_bytes(broken)
    r = sync(content, po_root)
    assert any(str(it_po) in p and "not PO syntax" in p for p in r.problems)
    assert it_po.read_bytes() == broken and not r.applied
