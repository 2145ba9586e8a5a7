"""The gettext PO round trip for content translations: export, edit in a PO tool, import."""

from __future__ import annotations

import difflib
import hashlib
import io
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from conftest import SOURCE, build_tree, naughty_strings, write
from rulings.content.codec import entries_file_to_data, game_to_data
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.exchange.po_export import NOT_IN_HISTORY, export_po
from rulings.exchange.po_import import import_po
from rulings.model.entries import Document, Game, Provenance, Ruling
from rulings.model.text import Text, TextState, text_hash

RULING = "demo/ruling/sword-adjacent"
QUESTION = "Can the Sword hit an adjacent warrior?"
ANSWER = "Yes, but only once per turn.\nA second attack needs another Sword."
COMMENT = "# reviewed against the 2003 FAQ, keep this comment"


def demo_tree(root: Path) -> Path:
    """build_tree with a ruling that uses the glossary term, an Italian glossary translation, a
    second game and YAML comments a person wrote by hand."""
    prov = [Provenance("doc", (1, 2))]
    content = build_tree(root, rulings=[Ruling(RULING, "en", prov, question=Text("en", QUESTION),
                                               answer=Text("en", ANSWER), about=["demo/card/sword"])])
    rep = apply_translations(content, {"demo/term/adjacent": {"term": "Adiacente"}}, "it", "machine", "ai:test")
    assert rep.applied == 1 and not rep.problems
    rulings = content / "demo" / "rulings.yml"
    lines = rulings.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- id:"))
    lines.insert(at, f"  {COMMENT}\n")
    rulings.write_text("".join(lines), encoding="utf-8")
    (content / "other" / "sources").mkdir(parents=True)
    (content / "other" / "sources" / "doc.txt").write_text(SOURCE, encoding="utf-8")
    other = Game("other", "it", Text("it", "Altro gioco"), documents=[
        Document("doc", Text("it", "Regole"), ["it"], "sources/doc.txt", hashlib.sha256(SOURCE.encode()).hexdigest())])
    write(content / "other" / "game.yml", game_to_data(other), root / "schemas")
    write(content / "other" / "rulings.yml", entries_file_to_data("rulings", "other", [
        Ruling("other/ruling/one", "it", None, statement=Text("it", "Si pesca una carta."))]), root / "schemas")
    assert not [d for d in read(content).diagnostics if d.severity.value == "error"]
    return content


def po(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def by_ctx(cat: Catalog) -> dict:
    return {m.context: m for m in cat if m.id}


def msgfmt_check(path: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    r = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "warning" not in r.stderr, r.stderr


def snapshot(content: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(content.rglob("*.yml"))}


def edit_po(path: Path, ctx: str, msgstr: str, *, translator: str | None = None, fuzzy: bool | None = None) -> None:
    """Change one message as a PO editor would (babel rewrites the whole file)."""
    cat = po(path)
    msg = by_ctx(cat)[ctx]
    msg.string = msgstr
    if fuzzy is False:
        msg.flags.discard("fuzzy")
    if translator:
        cat.last_translator = translator
    buf = io.BytesIO()
    write_po(buf, cat, width=76)
    path.write_bytes(buf.getvalue())


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false",
                    "-c", "init.defaultBranch=main", *args], cwd=cwd, check=True, capture_output=True)


# --- export -------------------------------------------------------------------------------------


def test_export_writes_one_valid_po_per_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    content = demo_tree(tmp_path)
    files = export_po(content, "it", tmp_path / "po")
    assert [p.name for p in files] == ["demo.it.po", "other.it.po"]
    for p in files:
        msgfmt_check(p)

    cat = po(tmp_path / "po" / "demo.it.po")
    assert str(cat.locale) == "it"
    assert cat.project == "rulings" and cat.version == "demo"
    assert ("Plural-Forms", "nplurals=2; plural=(n != 1);") in cat.mime_headers
    msgs = by_ctx(cat)
    # one message per text field, in content order, keyed by entry id and field path
    assert list(msgs) == ["demo#name", "demo#documents.0.title", "demo/card/sword#name", "demo/term/adjacent#term",
                          "demo/term/adjacent#definition", f"{RULING}#question", f"{RULING}#answer"]
    q = msgs[f"{RULING}#question"]
    assert q.id == QUESTION and q.string == ""
    assert q.locations == [("content/demo/rulings.yml", q.locations[0][1])]
    assert "term: Adjacent → Adiacente" in q.user_comments
    assert f"entry (ruling): {QUESTION}" in q.auto_comments
    assert "source language: English (en)" in q.auto_comments
    assert "page: demo/card/sword/#ruling-sword-adjacent" in q.auto_comments
    assert msgs[f"{RULING}#answer"].id == ANSWER  # multi-line text kept exactly
    term = msgs["demo/term/adjacent#term"]
    assert term.string == "Adiacente"
    # a machine translation needs a person's check: fuzzy, with a comment saying who made it
    assert term.fuzzy and "machine translation (by ai:test)" in term.user_comments
    assert [m.context for m in msgs.values() if m.fuzzy] == ["demo/term/adjacent#term"]
    # the Italian game's texts are in Italian already: nothing to translate into Italian
    assert not by_ctx(po(tmp_path / "po" / "other.it.po"))


def test_export_is_deterministic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    content = demo_tree(tmp_path)
    a = export_po(content, "zh", tmp_path / "a")
    b = export_po(content, "zh", tmp_path / "b")
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]
    assert b"POT-Creation-Date: 1970-01-01 00:00+0000" in a[0].read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    (c,) = export_po(content, "zh", tmp_path / "c", game="demo")
    assert b"POT-Creation-Date: 1970-01-02 00:00+0000" in c.read_bytes()


def test_export_other_locales_and_games(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    (hant,) = export_po(content, "zh-Hant", tmp_path / "po", game="demo")
    assert hant.name == "demo.zh-Hant.po"
    msgfmt_check(hant)
    cat = po(hant)
    assert str(cat.locale) == "zh_Hant"
    assert ("Plural-Forms", "nplurals=1; plural=0;") in cat.mime_headers
    q = by_ctx(cat)[f"{RULING}#question"]
    assert "term: Adjacent → (no agreed translation in zh-Hant yet)" in q.user_comments
    (en,) = export_po(content, "en", tmp_path / "po", game="other")
    assert [(m.context, m.id) for m in by_ctx(po(en)).values()] == [
        ("other#name", "Altro gioco"), ("other#documents.0.title", "Regole"),
        ("other/ruling/one#statement", "Si pesca una carta.")]
    with pytest.raises(ValueError, match="unknown game"):
        export_po(content, "it", tmp_path / "po", game="nope")


# --- import -------------------------------------------------------------------------------------


def test_edit_one_message_and_import_changes_only_that_field(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    edit_po(path, f"{RULING}#answer", "Sì, ma solo una volta per turno.\nUn secondo attacco richiede un'altra Spada.",
            translator="Maria Rossi <maria@example.org>")
    before = snapshot(content)

    rep = import_po(content, path)
    assert (rep.locale, rep.applied, rep.unchanged, rep.problems) == ("it", 1, 0, [])
    assert rep.skipped_empty == 5 and rep.skipped_fuzzy == 1  # the machine-made term: fuzzy until checked
    rulings = content / "demo" / "rulings.yml"
    assert rep.written == [rulings]

    after = snapshot(content)
    assert {p for p in before if before[p] != after[p]} == {rulings}
    diff = list(difflib.ndiff(before[rulings].splitlines(), after[rulings].splitlines()))
    assert not [d for d in diff if d.startswith("- ")], "no line of the file was changed or removed"
    added = [d[2:].strip() for d in diff if d.startswith("+ ")]
    assert added[0] == "it:" and any(a.startswith("source_hash:") for a in added)
    assert COMMENT in after[rulings]

    ruling = read(content).by_id()[RULING]
    tr = ruling.answer.translations["it"]
    assert tr.text.startswith("Sì, ma solo una volta per turno.\nUn secondo")
    assert tr.source_hash == text_hash(ANSWER)
    assert (tr.status.value, tr.by) == ("draft", "Maria Rossi")  # the e-mail address is never stored
    assert ruling.answer.state("it") is TextState.CURRENT
    assert "it" not in ruling.question.translations

    again = import_po(content, path)
    assert (again.applied, again.unchanged, again.written, again.problems) == (0, 1, [], [])
    assert snapshot(content) == after


def test_import_by_and_status_options(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    edit_po(path, f"{RULING}#question", "La Spada può colpire un guerriero adiacente?")
    rep = import_po(content, path, status="reviewed", by="luca")
    assert rep.applied == 1
    tr = read(content).by_id()[RULING].question.translations["it"]
    assert (tr.status.value, tr.by) == ("reviewed", "luca")
    edit_po(path, f"{RULING}#answer", "Sì.")
    import_po(content, path)  # no --by and no Last-Translator in the file
    tr = read(content).by_id()[RULING].answer.translations["it"]
    assert (tr.status.value, tr.by) == ("draft", "po-import")


def test_import_when_the_source_changed_since_export_is_reported_not_applied(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    edit_po(path, f"{RULING}#question", "La Spada può colpire un guerriero adiacente?")
    rulings = content / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace(QUESTION, "Can the Sword hit a warrior behind?"),
                       encoding="utf-8")
    text = path.read_text(encoding="utf-8").replace('msgctxt "demo/card/sword#name"', 'msgctxt "demo/card/gone#name"')
    path.write_text(text.replace('msgid "Sword"\nmsgstr ""', 'msgid "Sword"\nmsgstr "Spada"'), encoding="utf-8")
    before = snapshot(content)

    rep = import_po(content, path)
    assert rep.applied == 0 and rep.written == []
    assert any(p.startswith(f"{path}:") and p.endswith(f"source changed since export: {RULING}#question")
               for p in rep.problems)
    assert any("demo/card/gone#name" in p and "unknown" in p for p in rep.problems)
    assert snapshot(content) == before


def test_import_needs_a_language(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    path.write_text(path.read_text(encoding="utf-8").replace('"Language: it\\n"\n', ""), encoding="utf-8")
    rep = import_po(content, path)
    assert rep.written == [] and any("Language" in p for p in rep.problems)


def test_import_maps_a_regional_language_to_the_project_locale(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    edit_po(path, f"{RULING}#answer", "Sì.")
    path.write_text(path.read_text(encoding="utf-8").replace('"Language: it\\n"', '"Language: it_IT\\n"'),
                    encoding="utf-8")
    rep = import_po(content, path)
    assert (rep.locale, rep.applied) == ("it", 1)


# --- stale translations -------------------------------------------------------------------------


def test_stale_translation_is_exported_fuzzy_with_the_previous_source_from_git(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    content = demo_tree(tmp_path)
    rep = apply_translations(content, {RULING: {"question": "La Spada può colpire un guerriero adiacente?",
                                                "answer": "Sì, ma solo una volta per turno.\nUn secondo attacco."}},
                             "it", "reviewed", "maria")
    assert rep.applied == 2
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "translated")
    rulings = content / "demo" / "rulings.yml"
    new_q = "Can the Sword hit an adjacent or a diagonal warrior?"
    new_a = "Yes, but only once per turn.\nA second attack needs a second Sword, as the FAQ says."
    rulings.write_text(rulings.read_text(encoding="utf-8").replace(QUESTION, new_q)
                       .replace("A second attack needs another Sword.", new_a.split("\n")[1]), encoding="utf-8")
    git(tmp_path, "commit", "-qam", "clarified the question")
    assert read(content).by_id()[RULING].question.state("it") is TextState.STALE

    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    msgfmt_check(path)
    raw = path.read_text(encoding="utf-8")
    assert f'#, fuzzy\n#| msgid "{QUESTION}"\nmsgctxt "{RULING}#question"\nmsgid "{new_q}"\n' in raw
    # a multi-line previous source is written the way gettext writes it, one line per line
    assert '#| msgid ""\n#| "Yes, but only once per turn.\\n"\n#| "A second attack needs another Sword."\n' in raw
    msgs = by_ctx(po(path))
    q = msgs[f"{RULING}#question"]
    assert q.fuzzy and q.string == "La Spada può colpire un guerriero adiacente?"
    assert NOT_IN_HISTORY not in q.user_comments

    # importing without clearing fuzzy changes nothing
    before = snapshot(content)
    rep = import_po(content, path)
    assert (rep.applied, rep.skipped_fuzzy, rep.written) == (0, 3, [])  # the two stale ones and the machine term
    assert snapshot(content) == before

    # the translator checks it, clears fuzzy: the translation is current again, as a draft
    edit_po(path, f"{RULING}#question", "La Spada può colpire un guerriero adiacente o in diagonale?", fuzzy=False)
    rep = import_po(content, path, by="luca")
    assert (rep.applied, rep.skipped_fuzzy) == (1, 2)  # the other stale one and the machine term
    question = read(content).by_id()[RULING].question
    assert question.state("it") is TextState.CURRENT
    assert question.translations["it"].status.value == "draft"


def test_stale_translation_without_history_is_still_fuzzy(tmp_path: Path) -> None:
    content = demo_tree(tmp_path)
    apply_translations(content, {RULING: {"question": "La Spada può colpire un guerriero adiacente?"}},
                       "it", "draft", "maria")
    rulings = content / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace(QUESTION, "Can the Sword hit twice?"),
                       encoding="utf-8")
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    msgfmt_check(path)
    q = by_ctx(po(path))[f"{RULING}#question"]
    assert q.fuzzy and NOT_IN_HISTORY in q.user_comments
    assert "#| msgid" not in path.read_text(encoding="utf-8")


def test_naughty_strings_survive_the_round_trip(tmp_path: Path) -> None:
    strings = [s for s in naughty_strings() if s.strip() and "\x04" not in s]
    if not strings:
        pytest.skip("naughty strings corpus not available")
    content = build_tree(tmp_path, rulings=[Ruling(f"demo/ruling/n-{i}", "en", [Provenance("doc", (1, 2))],
                                                   statement=Text("en", s)) for i, s in enumerate(strings)])
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    msgfmt_check(path)
    cat = po(path)
    for msg in cat:
        if msg.context and msg.context.startswith("demo/ruling/n-"):
            assert msg.id == strings[int(msg.context.split("#")[0].rsplit("-", 1)[1])]
            msg.string = "«" + msg.id + "»"
    buf = io.BytesIO()
    write_po(buf, cat)
    path.write_bytes(buf.getvalue())
    rep = import_po(content, path)
    controls = [s for s in strings if any(unicodedata.category(c) == "Cc" and c not in "\n\t" for c in s)]
    assert len(controls) >= 3  # ESC colour sequences, backspaces and bells, C1 controls
    # a translation never stores control characters (terminal sequences): each is refused at its line
    assert rep.applied == 0 and len(rep.problems) == len(controls)
    assert all(re.match(rf"{re.escape(str(path))}:\d+: error: (control character U\+|escape \\)", p)
               for p in rep.problems)
    for msg in cat:
        if isinstance(msg.string, str) and msg.string.strip("«»") in controls:
            msg.string = ""
    buf = io.BytesIO()
    write_po(buf, cat)
    path.write_bytes(buf.getvalue())
    rep = import_po(content, path)
    assert (rep.applied, rep.problems) == (len(strings) - len(controls), [])
    for e in read(content).entries:
        if e.id.startswith("demo/ruling/n-") and e.statement.source not in controls:
            assert e.statement.get("it") == "«" + e.statement.source + "»"
