"""``rulings translate sync``: po/ and the content kept in agreement both ways, with PO files saved the way
Weblate saves them (translate-toolkit, the library Weblate reads and writes PO files with)."""

from __future__ import annotations

import difflib
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings.cli.main import main
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.exchange.sync import agree, sync
from rulings.model.text import TextState, text_hash
from test_po import COMMENT, QUESTION, RULING, demo_tree, snapshot

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


def test_a_po_file_that_is_not_valid_po_is_reported_and_not_overwritten(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    broken = it_po.read_bytes().replace(b'msgstr "Adiacente"', b'msgstr "Adiacente', 1)
    it_po.write_bytes(broken)
    r = sync(content, po_root)
    assert any(str(it_po) in p and "not PO syntax" in p for p in r.problems)
    assert it_po.read_bytes() == broken and not r.applied


# --- messages that are not one content text each: refused at their lines, the file left as it is -----------


def message_block(it_po: Path, ctx: str) -> str:
    raw = it_po.read_text(encoding="utf-8")
    start = raw.index(f'msgctxt "{ctx}"')
    end = raw.find("\n\n", start)
    return raw[start:end + 1 if end >= 0 else len(raw)]


def replace_in(it_po: Path, old: str, new: str) -> None:
    raw = it_po.read_text(encoding="utf-8")
    assert old in raw
    it_po.write_text(raw.replace(old, new, 1), encoding="utf-8")


def line_of(it_po: Path, text: str, nth: int = 1) -> int:
    lines = it_po.read_text(encoding="utf-8").split("\n")
    return [i for i, line in enumerate(lines, 1) if text in line][nth - 1]


def refused(content: Path, po_root: Path, it_po: Path) -> list[str]:
    """Sync through the CLI: exit 1, nothing recorded, the PO file left byte for byte; the error lines."""
    before = tree_bytes(content, po_root)
    r = CliRunner().invoke(main, ["translate", "sync", "--content", str(content), "--po", str(po_root)])
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    assert tree_bytes(content, po_root) == before and "0 translations recorded" in r.output
    return [line for line in r.output.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize("first_wins", ["Sì, prima.", ""])
def test_two_messages_with_one_msgctxt_are_an_error_naming_both_lines(tmp_path: Path, first_wins: str) -> None:
    """The issue's case: the first used to win silently (msgfmt refuses the file)."""
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, f"{RULING}#answer")
    replace_in(it_po, block, block.replace('msgstr ""', f'msgstr "{first_wins}"') + "\n"
               + block.replace('msgstr ""', 'msgstr "No, seconda."'))
    first, second = line_of(it_po, f'msgctxt "{RULING}#answer"'), line_of(it_po, f'msgctxt "{RULING}#answer"', 2)
    assert refused(content, po_root, it_po) == [
        f"error: {it_po}:{second}: error: msgctxt '{RULING}#answer' is used again (the first message is at "
        f"{it_po}:{first}); one text has one message: delete one of them"]
    assert "it" not in read(content).by_id()[RULING].answer.translations


def test_a_msgctxt_written_over_two_lines_is_the_same_msgctxt(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, SWORD)
    game, rest = SWORD.split("/", 1)
    twin = block.replace(f'msgctxt "{SWORD}"', f'msgctxt ""\n"{game}/"\n"{rest}"')
    replace_in(it_po, block, block + "\n" + twin)
    (problem,) = refused(content, po_root, it_po)
    assert f"msgctxt '{SWORD}' is used again" in problem


def test_obsolete_messages_are_no_duplicates(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, SWORD)
    obsolete = "".join(f"#~ {line}\n" for line in block.splitlines() if not line.startswith("#"))
    it_po.write_text(it_po.read_text(encoding="utf-8") + "\n" + obsolete, encoding="utf-8")
    r = sync(content, po_root)
    assert not r.problems


def test_a_message_turned_into_a_plural_is_an_error_naming_its_line(tmp_path: Path) -> None:
    """It used to be dropped and silently replaced by the YAML's message."""
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, f"{RULING}#answer")
    replace_in(it_po, block, block.replace('msgstr ""', 'msgid_plural "answers"\nmsgstr[0] "Sì."\nmsgstr[1] "Sì!"'))
    assert refused(content, po_root, it_po) == [
        f"error: {it_po}:{line_of(it_po, 'msgid_plural')}: error: msgid_plural: '{RULING}#answer' is a content "
        "text with one form, not a plural message; remove msgid_plural and write one msgstr"]


def test_plural_msgstr_without_msgid_plural_is_an_error_too(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, f"{RULING}#answer")
    replace_in(it_po, block, block.replace('msgstr ""', 'msgstr[0] "Sì."'))
    (problem,) = refused(content, po_root, it_po)
    assert f"{it_po}:{line_of(it_po, 'msgstr[0]')}: error: msgstr[0]: " in problem


@pytest.mark.parametrize(("written", "named"), [
    ("\x1b[31mrosso\x1b[0m", "control character U+001B"),  # the ESC sequence, written as is
    ("\x9b31mrosso", "control character U+009B"),  # the one-character CSI of C1
    ("ro\x7fsso", "control character U+007F"),
    ("ro\x00sso", "control character U+0000"),
    ("\\033[31mrosso", "escape \\033 in a translation"),  # msgfmt reads it as ESC, babel as text
    ("\\x1b[31mrosso", "escape \\x1b in a translation"),
    ("rosso\\b\\b\\a", "escape \\b in a translation"),
    ("rosso\\r", "escape \\r in a translation"),
    ("rosso\\v", "escape \\v in a translation"),
])
def test_control_characters_in_a_translation_are_an_error_naming_the_line(tmp_path: Path, written: str,
                                                                         named: str) -> None:
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, f"{RULING}#answer")
    replace_in(it_po, block, block.replace('msgstr ""', f'msgstr ""\n"Sì, "\n"{written}"'))
    (problem,) = refused(content, po_root, it_po)
    assert problem.startswith(f"error: {it_po}:{line_of(it_po, written[:3])}: error: {named}")
    assert "\x1b" not in problem and "\x9b" not in problem  # the report itself shows no terminal sequence
    assert "it" not in read(content).by_id()[RULING].answer.translations


def test_line_breaks_tabs_and_escaped_quotes_and_backslashes_are_kept(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    block = message_block(it_po, f"{RULING}#answer")
    replace_in(it_po, block, block.replace('msgstr ""', 'msgstr "Sì,\\tuna \\"volta\\"\\nC:\\\\x per turno.\t!"'))
    r = sync(content, po_root)
    assert not r.problems and r.applied == [f"{RULING}#answer (it)"]
    assert read(content).by_id()[RULING].answer.translations["it"].text == 'Sì,\tuna "volta"\nC:\\x per turno.\t!'


def test_the_import_refuses_the_same_messages(tmp_path: Path) -> None:
    from rulings.exchange.po_import import import_po

    content, _, it_po = setup(tmp_path)
    block = message_block(it_po, f"{RULING}#answer")
    replace_in(it_po, block, block.replace('msgstr ""', 'msgstr "Sì \x1b[2J."') + "\n" + block)
    rep = import_po(content, it_po)
    assert rep.applied == 0 and [p.split(": error: ")[1].split(" ")[0:2] for p in rep.problems] == [
        ["control", "character"], ["msgctxt", f"'{RULING}#answer'"]]


# --- names kept as printed, and edits made for a source that changed since ------------------------------------


def test_a_name_kept_as_printed_is_done_in_the_po_and_a_gloss_written_there_comes_back(tmp_path: Path) -> None:
    content, po_root, it_po = setup(tmp_path)
    sword = units(it_po)[SWORD]  # a card name without an Italian translation: kept as printed by the policy
    assert (sword.target, sword.isfuzzy(), sword.istranslated()) == (sword.source, False, True)
    assert "name kept as printed" in sword.getnotes("translator")
    assert read(content).by_id()["demo/card/sword"].name.translations.get("it") is None  # nothing recorded

    weblate_save(it_po, {SWORD: ""}, [], "Maria")  # emptied: there is no translation to remove
    r = sync(content, po_root)
    assert not r.problems and not r.applied and units(it_po)[SWORD].target == sword.source
    weblate_save(it_po, {SWORD: "Spada"}, [], "Maria")
    r = sync(content, po_root)
    assert r.applied == [f"{SWORD} (it)"]
    tr = read(content).by_id()["demo/card/sword"].name.translations["it"]
    assert (tr.text, tr.status.value) == ("Spada", "draft")
    assert "name kept as printed" not in units(it_po)[SWORD].getnotes("translator")


@pytest.mark.parametrize("left_fuzzy", [True, False])
def test_an_edit_made_for_a_source_changed_since_stays_as_a_fuzzy_suggestion_for_the_new_source(
        tmp_path: Path, left_fuzzy: bool) -> None:
    content, po_root, it_po = setup(tmp_path)
    weblate_save(it_po, {TERM: "Adiacente (da rivedere)"}, [] if left_fuzzy else [TERM])
    # before the next sync, the English term is corrected in the YAML
    terms = content / "demo" / "glossary.yml"
    old = read(content).by_id()["demo/term/adjacent"].term.source
    assert f"en: {old}\n" in terms.read_text(encoding="utf-8")
    terms.write_text(terms.read_text(encoding="utf-8").replace(f"en: {old}\n", "en: Adjacency\n"), encoding="utf-8")
    before = snapshot(content)

    r = sync(content, po_root)
    assert not r.problems and not r.applied and r.pending == 1
    assert snapshot(content) == before  # the YAML keeps its translation, now stale
    u = units(it_po)[TERM]
    assert (u.source, u.target, u.isfuzzy(), u.prev_source) == ("Adjacency", "Adiacente (da rivedere)", True, old)
    assert agree(sync(content, po_root, check=True))

    weblate_save(it_po, {TERM: "Adiacenza"}, [TERM], "Maria Rossi")  # finished for the new source
    r = sync(content, po_root)
    assert r.applied == [f"{TERM} (it)"]
    tr = read(content).by_id()["demo/term/adjacent"].term
    assert tr.translations["it"].text == "Adiacenza" and tr.state("it") is TextState.CURRENT


def test_header_fields_of_weblate_stay_where_weblate_and_msgmerge_leave_them(tmp_path: Path) -> None:
    """Weblate appends X-Generator on its first save and, after a pull (msgmerge), writes Plural-Forms last with
    X-Generator just before it: the sync writes them there, or every pull would move them back and forth."""
    content, po_root, it_po = setup(tmp_path)
    store = po_storage.pofile.parsefile(str(it_po))
    store.updateheader(add=True, x_generator="Weblate 5.14.3", last_translator="Maria <maria@example.org>")
    it_po.write_bytes(bytes(store))
    sync(content, po_root)
    keys = list(po_storage.pofile.parsefile(str(it_po)).parseheader())
    assert keys[-2:] == ["X-Generator", "Plural-Forms"] and keys.index("Last-Translator") < keys.index("Language")
    if shutil.which("msgmerge"):
        out = tmp_path / "merged.po"
        subprocess.run(["msgmerge", "--previous", "--no-wrap", "--no-fuzzy-matching", "-q", str(it_po),
                        str(po_root / "demo" / "en" / "demo.pot"), "-o", str(out)], check=True)
        assert out.read_bytes() == it_po.read_bytes()
