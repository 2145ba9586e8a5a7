"""Translator names (``by``): a display name only, from a PO header, a commit trailer or the command line,
and the validator's rule ``translation-by`` for a stored one that is not."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import naughty_strings
from rulings.cli.main import main
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.model.names import display_name
from rulings.model.text import text_hash
from test_po import RULING, demo_tree, git

BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}
ISSUE_TRAILER = "<script>alert(1)</script> Eve \u202eevil <eve@example.org>"


@pytest.mark.parametrize(("given", "kept"), [
    (ISSUE_TRAILER, "Eve evil"),  # the issue's Co-authored-by: was "alert(1) Eve \u202eevil"
    ("mallory(at)example.org", ""),  # the issue's Last-Translator: was published as is
    ("Mallory mallory(at)example.org", "Mallory"),
    ("Mallory x [at] y [dot] z", "Mallory"),
    ("Mallory <mallory {at} example {dot} org>", "Mallory"),
    ("Mallory mallory at example dot org", "Mallory"),
    ("Bob bob\uff20example.org", "Bob"),  # full-width at sign
    ("Ada <a@b>", "Ada"),
    ("Ada (ada@example.org)", "Ada"),
    ("Maria Rossi <maria@example.org>", "Maria Rossi"),
    ("Jean-Luc <jl@example.fr>, Ada <ada@example.org>", "Jean-Luc, Ada"),
    ("&lt;b&gt;Bob&lt;/b&gt; <bob@example.org>", "Bob"),  # entities decoded, then the tags go
    ("&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;Carl", "Carl"),  # encoded twice
    ("<img src=x onerror=alert(1)>Carl", "Carl"),
    ("Dan <script>alert(1)", "Dan"),  # an element never closed runs to the end
    ("<STYLE>*{display:none}</STYLE>Eve", "Eve"),
    ("Eve\u2066 evil\u2069 \u200f\u061c", "Eve evil"),  # isolates, marks
    ("Eve\u202a\u202b\u202c\u202d\u202e", "Eve"),
    ("Eve\x1b[31m red\x1b[0m", "Eve [31m red [0m"),  # the ESC goes; what is left is plain text
    ("Eve\nFake: line", "Eve Fake: line"),
    ("Eve\u2028Fake", "Eve Fake"),
    ("E\u200bv\ufeffe\u00ad", "Eve"),  # zero-width space, BOM, soft hyphen
    ("<eve@example.org>", ""),
    ("<>", ""),
])
def test_display_name_keeps_the_name_only(given, kept):
    assert display_name(given) == kept


@pytest.mark.parametrize("name", ["ai:claude", "source document", "rulings-import", "po-sync", "Maria Rossi",
                                  "AT&T Team", "Zoë Ødegård", "王小明", "Anna at home", "Peter at St. Mary",
                                  "علی\u200cرضا", "@maria", "O'Brien (Dublin)", "Luca, Maria"])
def test_a_plain_name_or_tool_is_kept_as_it_is(name):
    assert display_name(name) == name


def test_the_committed_content_has_display_names_only():
    from conftest import REPO

    names = {tr.by for f in read(REPO / "content").files for e in f.entries for _, t in e.texts()
             for tr in t.translations.values()}
    assert names and all(display_name(n) == n for n in names)


def test_no_naughty_string_keeps_a_control_bidi_tag_or_address_and_cleaning_is_stable():
    strings = naughty_strings()
    if not strings:
        pytest.skip("naughty strings corpus not available")
    for s in strings:
        name = display_name(s)
        assert display_name(name) == name, s
        assert not any(unicodedata.category(c) == "Cc" or ord(c) in BIDI for c in name), s
        assert "<" not in name and ">" not in name and not re.search(r"\w@\w", name), s


# --- where ``by`` is set: sync (Co-authored-by, Last-Translator), import, apply ----------------------------


def synced(tmp_path: Path) -> tuple[Path, Path, Path]:
    content = demo_tree(tmp_path)
    po_root = tmp_path / "po"
    sync_ok(content, po_root)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "synced")
    return content, po_root, po_root / "demo" / "en" / "it.po"


def translate_answer(it_po: Path, last_translator: str | None = None) -> None:
    raw = it_po.read_text(encoding="utf-8")
    start = raw.index(f'msgctxt "{RULING}#answer"')
    raw = raw[:start] + raw[start:].replace('msgstr ""', 'msgstr "Sì."', 1)
    if last_translator is not None:
        raw = re.sub(r'"Last-Translator: [^"]*\\n"', f'"Last-Translator: {last_translator}\\\\n"', raw)
    it_po.write_text(raw, encoding="utf-8")


def answer_by(content: Path) -> str:
    return read(content).by_id()[RULING].answer.translations["it"].by


def sync_ok(content: Path, po_root: Path) -> None:
    r = CliRunner().invoke(main, ["translate", "sync", "--content", str(content), "--po", str(po_root)])
    assert r.exit_code == 0, r.output


def test_a_hostile_co_authored_by_trailer_gives_a_display_name(tmp_path):
    content, po_root, it_po = synced(tmp_path)
    translate_answer(it_po)
    git(tmp_path, "-c", "user.name=Weblate", "commit", "-qam", f"Translated using Weblate (Italian)\n\n"
        f"Co-authored-by: {ISSUE_TRAILER}\nCo-authored-by: mallory(at)example.org <m@example.org>\n"
        "Co-authored-by: Ada <ada@example.org>")
    sync_ok(content, po_root)
    assert answer_by(content) == "Weblate, Eve evil, Ada"


def test_a_trailer_with_no_name_left_falls_back_as_a_missing_one(tmp_path):
    content, po_root, it_po = synced(tmp_path)
    translate_answer(it_po)
    git(tmp_path, "-c", "user.name=mallory(at)example.org", "commit", "-qam",
        "Translated\n\nCo-authored-by: <script>x</script> <eve@example.org>")
    sync_ok(content, po_root)
    assert answer_by(content) == "po-sync"


@pytest.mark.parametrize(("header", "by"), [
    ("mallory(at)example.org", "po-sync"),  # the issue's: nothing of a name left, so no name
    ("Mallory x [at] y [dot] z", "Mallory"),
    ("<b>Maria</b> \u202eRossi <maria@example.org>", "Maria Rossi"),
])
def test_last_translator_is_cleaned_and_no_address_reaches_the_exports(tmp_path, header, by):
    from rulings.publish.export import write_exports
    from rulings.site.layout import build_model

    content, po_root, it_po = synced(tmp_path)
    translate_answer(it_po, header)
    sync_ok(content, po_root)
    assert answer_by(content) == by
    files = write_exports(build_model(read(content)), ["en", "it"], tmp_path / "out")
    all_json = next(p for p in files if p.name == "all.json").read_text(encoding="utf-8")
    assert "example" not in all_json and "mallory" not in all_json and "\\u202e" not in all_json.lower()


def test_import_cleans_the_last_translator_and_by(tmp_path):
    from rulings.exchange.po_import import import_po

    content, _, it_po = synced(tmp_path)
    translate_answer(it_po, "mallory(at)example.org")
    assert import_po(content, it_po).applied == 1 and answer_by(content) == "po-import"
    translate_answer(it_po)
    raw = it_po.read_text(encoding="utf-8").replace('msgstr "Sì."', 'msgstr "Sì!"', 1)
    it_po.write_text(raw, encoding="utf-8")
    assert import_po(content, it_po, by="Luca <luca@example.org>").applied == 1 and answer_by(content) == "Luca"


def test_apply_stores_the_display_name_and_refuses_a_by_with_none(tmp_path):
    content = demo_tree(tmp_path)
    rep = apply_translations(content, {RULING: {"answer": "Sì."}}, "it", "draft", "Eve \u202eevil <e@example.org>")
    assert rep.applied == 1 and answer_by(content) == "Eve evil"
    r = CliRunner().invoke(main, ["translate", "apply", str(_mapping(tmp_path)), "--locale", "it", "--status",
                                  "draft", "--by", "<script>alert(1)</script>", "--content", str(content)])
    assert r.exit_code == 1 and "has no display name" in r.output and answer_by(content) == "Eve evil"


def _mapping(tmp_path: Path) -> Path:
    path = tmp_path / "mapping.yml"
    path.write_text(f"{RULING}:\n  answer: Sì, una volta.\n", encoding="utf-8")
    return path


# --- validate: a stored ``by`` that is not a display name --------------------------------------------------


@pytest.mark.parametrize(("stored", "fix"), [
    ('"Eve \\u202eevil"', "write by: Eve evil"),
    ('"mallory(at)example.org"', "write the translator's name or handle"),
    ('"<script>alert(1)</script>Eve"', "write by: Eve"),
    ("Maria <maria@example.org>", "write by: Maria"),
])
def test_validate_reports_a_stored_by_that_is_not_a_display_name(tree, stored, fix):
    path = tree / "demo" / "rulings.yml"
    text = path.read_text(encoding="utf-8")
    new = text.replace("answer:\n      en: Yes.", "answer:\n      en: Yes.\n      it:\n        text: Sì.\n"
                       f"        source_hash: '{text_hash('Yes.')}'\n        status: draft\n        by: {stored}")
    assert new != text
    path.write_text(new, encoding="utf-8")
    r = CliRunner().invoke(main, ["validate", str(tree), "--format", "json"])
    found = [d for d in json.loads(r.output)["diagnostics"] if d["rule"] == "translation-by"]
    assert r.exit_code == 1 and len(found) == 1 and found[0]["severity"] == "error"
    line = next(i for i, x in enumerate(new.splitlines(), 1) if x.strip().startswith("by:"))
    assert found[0]["line"] == line and found[0]["message"].endswith(fix)
    assert "\u202e" not in found[0]["message"]
