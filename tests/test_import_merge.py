"""Re-importing: byte-identical on the same source; on a changed source, a three-way merge that
reports added/changed/removed, keeps translations (now stale), the aliases translators add and the
``not_in`` phrases editors add, and never overwrites hand edits. Shown on a toy format, then on the real
games: a ruling edited and one added by hand survive a re-import."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from conftest import REPO
from importers.test_kept_originals import game_copy, imported
from rulings.content.diagnostics import Severity
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.content.validate import validate
from rulings.importers import IMPORTERS, get
from rulings.importers.merge import write_import
from rulings.importers.result import EntriesFile, ImportResult
from rulings.model.entries import Document, Entity, Game, Provenance, Ruling, Term
from rulings.model.text import Text, TextState, text_hash


def _parse(text: str) -> ImportResult:
    """A toy format: one 'question|answer' per line; the id comes from the question's first word."""
    rulings = []
    for n, line in enumerate(text.splitlines(), 1):
        q, a = line.split("|")
        rulings.append(Ruling(f"toy/ruling/{q.split()[0].lower()}", "en", [Provenance("doc", (n, n))],
                              question=Text("en", q), answer=Text("en", a)))
    return ImportResult(_game(), "doc", [EntriesFile("rulings.yml", "rulings", rulings)])


def _game() -> Game:
    return Game("toy", "en", Text("en", "Toy"), documents=[Document("doc", Text("en", "Toy FAQ"), ["en"], "", "")])


def _parse_glossary(text: str) -> ImportResult:
    """A toy glossary: one 'term|definition' per line, the term's plural as its English alias."""
    terms = [Term(f"toy/term/{name.lower()}", "en", [Provenance("doc", (n, n))], term=Text("en", name),
                  aliases={"en": [f"{name.lower()}s"]}, definition=Text("en", definition))
             for n, (name, definition) in enumerate((line.split("|") for line in text.splitlines()), 1)]
    return ImportResult(_game(), "doc", [EntriesFile("glossary.yml", "glossary", terms)])


TOY = types.SimpleNamespace(FORMAT="toy", GAME_ID="toy", SOURCE_NAME="toy.txt", parse=_parse)
TOY_GLOSSARY = types.SimpleNamespace(FORMAT="toy-glossary", GAME_ID="toy", SOURCE_NAME="toy-glossary.txt",
                                     parse=_parse_glossary)
V1 = "Alpha question?|Alpha answer.\nBeta question?|Beta answer.\nGamma question?|Gamma answer.\n"


def _setup(tmp_path: Path) -> tuple[Path, Path]:
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    for p in (REPO / "schemas").glob("*.json"):
        (schemas / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "project.yml").write_text("kind: project\nlocales: [en, it]\n", encoding="utf-8")
    return tmp_path / "content" / "toy", schemas


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_reimport_same_source_is_byte_identical(tmp_path):
    into, schemas = _setup(tmp_path)
    r1 = write_import(TOY, V1.encode(), into, schemas)
    assert len(r1.added) == 3 and (into / "sources" / "toy.txt").read_text() == V1
    before = _snapshot(into)
    r2 = write_import(TOY, V1.encode(), into, schemas)
    assert (r2.added, r2.changed, r2.removed, r2.conflicts, r2.written) == ([], [], [], [], [])
    assert _snapshot(into) == before


def test_changed_source_merges_without_losing_work(tmp_path):
    into, schemas = _setup(tmp_path)
    write_import(TOY, V1.encode(), into, schemas)
    # a translator translates Alpha; an editor fixes Gamma's answer by hand and adds a comment
    apply_translations(tmp_path / "content", {"toy/ruling/alpha": {"answer": "Risposta alfa."}}, "it", "draft", "t")
    path = into / "rulings.yml"
    edited = path.read_text(encoding="utf-8").replace("Gamma answer.", "Gamma answer, fixed.")
    edited = edited.replace("  - id: toy/ruling/gamma", "  # checked with the designer\n  - id: toy/ruling/gamma")
    path.write_text(edited, encoding="utf-8")

    v2 = ("Alpha question?|Alpha answer, revised.\n"   # changed upstream
          "Gamma question?|Gamma answer upstream.\n"     # changed upstream AND by hand: conflict
          "Delta question?|Delta answer.\n")             # added; Beta removed
    report = write_import(TOY, v2.encode(), into, schemas)
    assert report.added == ["toy/ruling/delta"]
    assert report.changed == ["toy/ruling/alpha"]
    assert report.removed == ["toy/ruling/beta"]
    assert report.conflicts == ["toy/ruling/gamma"]

    text = path.read_text(encoding="utf-8")
    assert "# checked with the designer" in text and "Gamma answer, fixed." in text
    entries = {e.id: e for e in read(tmp_path / "content").entries}
    alpha = entries["toy/ruling/alpha"]
    assert alpha.answer.source == "Alpha answer, revised."
    assert alpha.answer.translations["it"].text == "Risposta alfa."  # kept...
    assert alpha.answer.state("it") is TextState.STALE                 # ...and marked stale
    assert "toy/ruling/beta" not in entries
    assert (into / "sources" / "toy.txt").read_text() == v2


def _parse_with_notes(text: str) -> ImportResult:
    result = _parse(text)
    result.game.documents[0].notes = Text("en", "Posted in a hurry.")
    return result


def test_document_texts_keep_their_translations_when_the_source_changes(tmp_path):
    """The document record is refreshed from a changed source (new sha256), but the translations of its
    texts (title, notes) are the translators' and stay."""
    into, schemas = _setup(tmp_path)
    toy = types.SimpleNamespace(**{**vars(TOY), "parse": _parse_with_notes})
    write_import(toy, V1.encode(), into, schemas)
    apply_translations(tmp_path / "content", {"toy": {"documents.0.notes": "Pubblicato di fretta.",
                                                      "documents.0.title": "FAQ giocattolo"}}, "it", "draft", "t")
    (before,) = read(tmp_path / "content").games["toy"].documents
    write_import(toy, (V1 + "Delta question?|Delta answer.\n").encode(), into, schemas)
    (doc,) = read(tmp_path / "content").games["toy"].documents
    assert doc.sha256 != before.sha256  # the record was refreshed
    assert doc.notes.translations["it"].text == "Pubblicato di fretta."
    assert doc.title.translations["it"].text == "FAQ giocattolo"


def test_entry_removed_upstream_is_removed_when_untouched(tmp_path):
    into, schemas = _setup(tmp_path)
    write_import(TOY, V1.encode(), into, schemas)
    report = write_import(TOY, V1.replace("Beta question?|Beta answer.\n", "").encode(), into, schemas)
    assert report.removed == ["toy/ruling/beta"] and not report.conflicts
    assert "beta" not in (into / "rulings.yml").read_text(encoding="utf-8")


def test_aliases_in_translation_languages_are_kept_like_translations(tmp_path):
    into, schemas = _setup(tmp_path)
    write_import(TOY_GLOSSARY, b"Attack|To attack.\n", into, schemas)
    # a translator lists the Italian forms their translations use, as the contributors' guide says, and an
    # editor the phrases in which the word is not the term
    path = into / "glossary.yml"
    english = "      en:\n        - attacks\n"
    text = path.read_text(encoding="utf-8")
    assert text.count(english) == 1
    path.write_text(text.replace(english, english + "      it:\n        - attacco\n"
                                 "    not_in:\n      en:\n        - attack dog\n"), encoding="utf-8")
    before = _snapshot(into)
    same = write_import(TOY_GLOSSARY, b"Attack|To attack.\n", into, schemas)
    assert (same.changed, same.conflicts, _snapshot(into)) == ([], [], before)

    report = write_import(TOY_GLOSSARY, b"Attack|To attack a unit.\n", into, schemas)
    assert report.changed == ["toy/term/attack"] and not report.conflicts  # not a hand edit...
    term = read(tmp_path / "content").by_id()["toy/term/attack"]
    assert term.definition.source == "To attack a unit."
    assert term.aliases == {"en": ["attacks"], "it": ["attacco"]}          # ...and kept
    assert term.not_in == {"en": ["attack dog"]}


# --- a contributor's edits to a real game, re-imported from its kept original --------------------

RULING_IMPORTERS = sorted(f for f in IMPORTERS if any(r.kind == "rulings" for r in imported(f)[1].files))


def _text(lang: str, source: str, indent: str) -> str:
    """A text in the content YAML, with the English translation the validator asks of other languages."""
    out = f"{indent}{lang}: {source}\n"
    if lang != "en":
        out += f"{indent}en: {{text: {source} (en), source_hash: {text_hash(source)}, status: draft, by: me}}\n"
    return out


def hand_edit_and_add(content: Path, result: ImportResult) -> tuple[str, str, str]:
    """Edit one ruling's answer in the YAML and add a ruling at the end, as docs/contributing.md's "Fix or add a
    ruling" says; returns the edited ruling's id, its new answer, and the added ruling's id."""
    game = result.game
    rulings = [e for f in result.files if f.kind == "rulings" for e in f.entries]
    path = content / game.id / "rulings.yml"
    text = path.read_text(encoding="utf-8")
    edited = next(r for r in rulings if r.answer and f"\n      {r.answer.lang}: {r.answer.source}\n" in text)
    new_answer = edited.answer.source + " Checked with the designer."
    text = text.replace(f"\n      {edited.answer.lang}: {edited.answer.source}\n",
                        f"\n      {edited.answer.lang}: {new_answer}\n", 1)
    about = next(e.id for f in result.files for e in f.entries if isinstance(e, Entity))
    added = f"{game.id}/ruling/added-by-hand"
    text += (f"  - id: {added}\n    lang: {game.lang}\n    question:\n{_text(game.lang, 'Asked by a player?', ' ' * 6)}"
             f"    answer:\n{_text(game.lang, 'Answered by hand.', ' ' * 6)}    about:\n      - {about}\n")
    path.write_text(text, encoding="utf-8")
    assert not [d.format() for d in validate(content)[1] if d.severity is Severity.ERROR]
    return edited.id, new_answer, added


def survived(content: Path, edited: str, new_answer: str, added: str) -> None:
    entries = read(content).by_id()
    assert entries[edited].answer.source == new_answer
    assert entries[added].answer.source == "Answered by hand." and entries[added].about


@pytest.mark.parametrize("fmt", RULING_IMPORTERS)
def test_hand_edited_and_hand_added_rulings_survive_a_reimport(fmt, tmp_path):
    imp = get(fmt)
    content = game_copy(tmp_path, imp.GAME_ID)
    source, result = imported(fmt)
    edits = hand_edit_and_add(content, result)
    report = write_import(imp, source.encode(), content / imp.GAME_ID, tmp_path / "schemas")
    assert report.lines() == []  # nothing new upstream: nothing to merge
    survived(content, *edits)


def test_hand_edits_survive_an_upstream_revision(tmp_path):
    """Sorcery's document revises one answer: that ruling is updated, the hand edits are kept, no conflict."""
    imp = get("sorcery-clarifications")
    content = game_copy(tmp_path, imp.GAME_ID)
    source, result = imported("sorcery-clarifications")
    edits = hand_edit_and_add(content, result)
    rulings = next(f for f in result.files if f.kind == "rulings").entries
    lines = source.split("\n")
    other, n = next((r, n) for r in rulings if r.id != edits[0] and r.answer
                    for n in range(r.origin.lines[0] - 1, r.origin.lines[1])
                    if lines[n].strip() == r.answer.source)
    lines[n] += " Revised upstream."
    report = write_import(imp, "\n".join(lines).encode(), content / imp.GAME_ID, tmp_path / "schemas")
    assert (report.changed, report.added, report.removed, report.conflicts) == ([other.id], [], [], [])
    assert read(content).by_id()[other.id].answer.source == other.answer.source + " Revised upstream."
    survived(content, *edits)
