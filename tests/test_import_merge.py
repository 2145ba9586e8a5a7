"""Re-importing: byte-identical on the same source; on a changed source, a three-way merge that
reports added/changed/removed, keeps translations (now stale) and the aliases translators add, and never
overwrites hand edits."""

from __future__ import annotations

import types
from pathlib import Path

from conftest import REPO
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.importers.merge import write_import
from rulings.importers.result import EntriesFile, ImportResult
from rulings.model.entries import Document, Game, Provenance, Ruling, Term
from rulings.model.text import Text, TextState


def _parse(text: str) -> ImportResult:
    """A toy format: one 'question|answer' per line; the id comes from the question's first word."""
    rulings = []
    for n, line in enumerate(text.splitlines(), 1):
        q, a = line.split("|")
        rulings.append(Ruling(f"toy/ruling/{q.split()[0].lower()}", "en", Provenance("doc", (n, n)),
                              question=Text("en", q), answer=Text("en", a)))
    return ImportResult(_game(), "doc", [EntriesFile("rulings.yml", "rulings", rulings)])


def _game() -> Game:
    return Game("toy", "en", Text("en", "Toy"), documents=[Document("doc", Text("en", "Toy FAQ"), ["en"], "", "")])


def _parse_glossary(text: str) -> ImportResult:
    """A toy glossary: one 'term|definition' per line, the term's plural as its English alias."""
    terms = [Term(f"toy/term/{name.lower()}", "en", Provenance("doc", (n, n)), term=Text("en", name),
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


def test_entry_removed_upstream_is_removed_when_untouched(tmp_path):
    into, schemas = _setup(tmp_path)
    write_import(TOY, V1.encode(), into, schemas)
    report = write_import(TOY, V1.replace("Beta question?|Beta answer.\n", "").encode(), into, schemas)
    assert report.removed == ["toy/ruling/beta"] and not report.conflicts
    assert "beta" not in (into / "rulings.yml").read_text(encoding="utf-8")


def test_aliases_in_translation_languages_are_kept_like_translations(tmp_path):
    into, schemas = _setup(tmp_path)
    write_import(TOY_GLOSSARY, b"Attack|To attack.\n", into, schemas)
    # a translator lists the Italian forms their translations use, as the contributors' guide says
    path = into / "glossary.yml"
    english = "      en:\n        - attacks\n"
    text = path.read_text(encoding="utf-8")
    assert text.count(english) == 1
    path.write_text(text.replace(english, english + "      it:\n        - attacco\n"), encoding="utf-8")
    before = _snapshot(into)
    same = write_import(TOY_GLOSSARY, b"Attack|To attack.\n", into, schemas)
    assert (same.changed, same.conflicts, _snapshot(into)) == ([], [], before)

    report = write_import(TOY_GLOSSARY, b"Attack|To attack a unit.\n", into, schemas)
    assert report.changed == ["toy/term/attack"] and not report.conflicts  # not a hand edit...
    term = read(tmp_path / "content").by_id()["toy/term/attack"]
    assert term.definition.source == "To attack a unit."
    assert term.aliases == {"en": ["attacks"], "it": ["attacco"]}          # ...and kept
