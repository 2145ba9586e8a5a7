"""A PO file of a game written in another language than English carries the English translation beside each
text, so a translator into a third language works from English or the source: kept current by
``rulings translate sync``, marked when machine-made or outdated, one comment line per line, and left as it
is by translate-toolkit (Weblate's reader and writer), msgfmt and Weblate's msgmerge add-on."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import project_locales
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.exchange.po_export import reference_lines, with_reference
from rulings.exchange.sync import agree, sync
from test_po import demo_tree
from test_po_sync import units, weblate_save

po_storage = pytest.importorskip("translate.storage.po")

STATEMENT = "other/ruling/one#statement"
NAME = "other#name"
ENGLISH = "One draws a card.\n\nThen it is played."
REFERENCE = re.compile(r"^# English(?: \([^)]*\))?:", re.M)
THIRD = next(loc for loc in project_locales() if loc not in ("en", "it"))
"""A locale that is neither the source (Italian) nor the reference (English)."""


def setup(tmp_path: Path) -> tuple[Path, Path]:
    """The demo content whose Italian game has English translations: a person's (two paragraphs) for the
    ruling, a machine's for the game name; synced once into po/."""
    content = demo_tree(tmp_path)
    assert apply_translations(content, {"other/ruling/one": {"statement": ENGLISH}}, "en", "draft", "Ann").applied
    assert apply_translations(content, {"other": {"name": "Other game"}}, "en", "machine", "ai:test").applied
    po_root = tmp_path / "po"
    assert not sync(content, po_root).problems
    return content, po_root


def comment_lines(path: Path, ctx: str) -> list[str]:
    """The ``#`` comment lines a file writes above the message of ``ctx``."""
    block = path.read_text(encoding="utf-8").split(f'msgctxt "{ctx}"')[0].rsplit("\n\n", 1)[-1]
    return [line for line in block.splitlines() if line.startswith("# ") or line == "#"]


def test_a_third_language_gets_the_english_line_by_line_and_marked(tmp_path: Path) -> None:
    _content, po_root = setup(tmp_path)
    third = po_root / "other" / "it" / f"{THIRD}.po"
    lines = comment_lines(third, STATEMENT)
    at = lines.index("# English:")
    assert lines[at:at + 4] == ["# English:", "# > One draws a card.", "# >", "# > Then it is played."]
    assert "# English (machine translation): Other game" in comment_lines(third, NAME)
    notes = units(third)[STATEMENT].getnotes("translator")
    assert "One draws a card.\n>\n> Then it is played." in notes  # what Weblate shows: the paragraphs apart
    for path in (po_root / "other" / "it" / "en.po", po_root / "other" / "it" / "other.pot",
                 *(po_root / "demo" / "en").glob("*.po*")):
        assert not REFERENCE.search(path.read_text(encoding="utf-8")), path


def test_an_english_change_changes_the_comment_and_check_reports_it(tmp_path: Path) -> None:
    content, po_root = setup(tmp_path)
    third = po_root / "other" / "it" / f"{THIRD}.po"
    apply_translations(content, {"other/ruling/one": {"statement": "A card is drawn."}}, "en", "reviewed", "Bo")
    check = sync(content, po_root, check=True)
    assert not agree(check) and third in check.out_of_date and not check.applied
    sync(content, po_root)
    assert "# English: A card is drawn." in comment_lines(third, STATEMENT)
    # the Italian source changes: the English is now made from an older text
    rulings = content / "other" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("Si pesca una carta.", "Si pescano due carte."),
                       encoding="utf-8")
    sync(content, po_root)
    assert "# English (may be outdated): A card is drawn." in comment_lines(third, STATEMENT)
    assert agree(sync(content, po_root, check=True))


def test_a_message_the_sync_leaves_alone_gets_the_current_english_and_keeps_its_notes(tmp_path: Path) -> None:
    content, po_root = setup(tmp_path)
    third = po_root / "other" / "it" / f"{THIRD}.po"
    store = po_storage.pofile.parsefile(str(third))
    unit = next(u for u in store.units if u.getcontext() == STATEMENT)
    unit.addnote("ask the publisher about the second paragraph", origin="translator")
    third.write_bytes(bytes(store))
    weblate_save(third, {STATEMENT: "work in progress"}, unfuzzy=[])
    store = po_storage.pofile.parsefile(str(third))
    next(u for u in store.units if u.getcontext() == STATEMENT).markfuzzy(True)  # not ready: a pending edit
    third.write_bytes(bytes(store))
    apply_translations(content, {"other/ruling/one": {"statement": "A card is drawn."}}, "en", "draft", "Ann")
    r = sync(content, po_root)
    assert not r.problems and r.pending == 1
    lines = comment_lines(third, STATEMENT)
    assert "# English: A card is drawn." in lines and "# > One draws a card." not in lines
    assert "# ask the publisher about the second paragraph" in lines
    assert units(third)[STATEMENT].target == "work in progress"
    again = sync(content, po_root, check=True)
    assert not again.out_of_date and not again.problems and again.pending == 1  # a second sync changes nothing


def test_gettext_and_translate_toolkit_leave_the_reference_as_it_is(tmp_path: Path) -> None:
    _content, po_root = setup(tmp_path)
    files = sorted(po_root.rglob("*.po"))
    assert any(REFERENCE.search(p.read_text(encoding="utf-8")) for p in files)
    for path in files:
        assert bytes(po_storage.pofile(path.read_bytes())) == path.read_bytes(), path
    if shutil.which("msgmerge") is None or shutil.which("msgfmt") is None:
        pytest.skip("gettext is not installed")
    for path in files:
        r = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert r.returncode == 0 and "error" not in r.stderr, (path, r.stderr)
        pot = next(path.parent.glob("*.pot"))
        out = tmp_path / "merged.po"
        subprocess.run(["msgmerge", "--quiet", "--previous", "--no-wrap", "-o", str(out), str(path), str(pot)],
                       check=True)
        assert out.read_bytes() == path.read_bytes(), path


def test_no_reference_in_english_nor_for_english_texts_nor_without_english(tmp_path: Path) -> None:
    content, _po_root = setup(tmp_path)
    texts = read(content).by_id()
    statement = texts["other/ruling/one"].statement
    assert reference_lines(statement, "en") == []
    assert reference_lines(statement, THIRD) == ["English:", "> One draws a card.", ">", "> Then it is played."]
    sword = texts["demo/card/sword"].name
    assert reference_lines(sword, THIRD) == []  # written in English
    assert with_reference(["mine", "English: old", "sync: source a translation b"], ["English: new"]) == [
        "mine", "English: new", "sync: source a translation b"]
    assert with_reference(["mine", "English:", "> a", ">", "> b", "term: x → y"], []) == ["mine", "term: x → y"]
    assert with_reference(["mine", "sync: source a translation b"], ["English: new"]) == [
        "mine", "English: new", "sync: source a translation b"]
