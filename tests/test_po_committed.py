"""The committed po/ as Weblate, Poedit and gettext see it: in agreement with the content, readable and
written back unchanged by translate-toolkit, accepted by msgfmt, left alone by Weblate's msgmerge add-on."""

from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO, repo_content
from rulings.exchange.po_language import po_language
from rulings.exchange.sync import agree, po_root_of, sync
from rulings.model.entries import Game, kept_as_printed
from rulings.model.text import TextState, TranslationStatus
from rulings.translation.items import all_items

po_storage = pytest.importorskip("translate.storage.po")

PO_ROOT = po_root_of(REPO / "content")
FILES = sorted(p for p in PO_ROOT.rglob("*") if p.suffix in (".po", ".pot"))


@functools.cache
def repo_texts() -> dict:
    return {ctx: it.text for ctx, it in all_items(repo_content()).items()}


@functools.cache
def kept_names() -> frozenset[str]:
    """msgctxt of every printed name (kept as printed where it has no translation)."""
    return frozenset(ctx for ctx, it in all_items(repo_content()).items()
                     if not isinstance(it.entry, Game) and kept_as_printed(it.entry, it.path))


FIX = "run `rulings translate sync` and commit po/ with the content"


def test_sync_check_passes_on_the_committed_tree() -> None:
    r = sync(REPO / "content", check=True)
    assert agree(r), (f"po/ and the content disagree: {FIX}", r.problems[:5],
                      [str(p.relative_to(REPO)) for p in r.out_of_date[:5]], r.applied[:5])


def test_every_game_and_source_language_has_its_template_and_translations() -> None:
    content = repo_content()
    want = set()
    for it in all_items(content).values():
        game, src = it.ctx.split("#")[0].split("/")[0], it.text.lang
        want.add(PO_ROOT / game / src / f"{game}.pot")
        want |= {PO_ROOT / game / src / f"{po_language(loc)}.po" for loc in content.project.locales if loc != src}
    missing = sorted(str(p.relative_to(REPO)) for p in want - set(FILES))
    stray = sorted(str(p.relative_to(REPO)) for p in set(FILES) - want)
    assert not missing, f"{len(missing)} PO files missing, e.g. {missing[:3]}: {FIX}"
    assert not stray, f"PO files of no game, source language or locale: {stray[:3]}: {FIX} (it names them)"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(PO_ROOT).as_posix())
def test_translate_toolkit_reads_it_with_the_content_states_and_saves_it_unchanged(path: Path) -> None:
    data = path.read_bytes()
    store = po_storage.pofile(data)
    assert bytes(store) == data
    if path.suffix == ".pot":
        assert not any(u.target or u.isfuzzy() for u in store.units if not u.isheader())
        return
    locale = path.stem.replace("_", "-")
    assert store.parseheader()["Language"].replace("_", "-") == locale
    texts = repo_texts()
    for u in store.units:
        if u.isheader():
            continue
        text = texts[u.getcontext()]
        assert u.source == text.source
        tr = text.translations.get(locale)
        machine = tr is not None and tr.status is TranslationStatus.MACHINE
        stale = text.state(locale) is TextState.STALE
        assert u.isfuzzy() == (machine or stale), u.getcontext()
        kept = tr is None and u.getcontext() in kept_names()
        assert u.target == (tr.text if tr else text.source if kept else "")  # a kept name is done as it is
        assert bool(u.prev_source) <= stale  # a previous msgid only where the source changed
        if machine:
            assert f"machine translation (by {' '.join(tr.by.split())})" in u.getnotes("translator")


def test_texts_not_written_in_english_carry_their_english_translation_for_other_languages() -> None:
    """A translator into a third language reads the English beside the source (machine-made or outdated
    English marked so); the English PO and the English-written texts have no such line."""
    texts = repo_texts()
    seen = 0
    for path in (p for p in FILES if p.suffix == ".po"):
        locale = path.stem.replace("_", "-")
        for u in po_storage.pofile(path.read_bytes()).units:
            if u.isheader():
                continue
            text, notes = texts[u.getcontext()], u.getnotes("translator").split("\n")
            english = text.translations.get("en")
            refs = [n for n in notes if n.startswith("English") and ":" in n]
            if locale == "en" or text.lang == "en" or english is None:
                assert not refs, (path, u.getcontext())
                continue
            seen += 1
            machine = "machine translation" if english.status is TranslationStatus.MACHINE else None
            stale = "may be outdated" if text.state("en") is TextState.STALE else None
            marks = ", ".join(m for m in (machine, stale) if m)
            head = f"English ({marks}):" if marks else "English:"
            lines = english.text.strip("\n").split("\n")
            want = [f"{head} {' '.join(lines[0].split())}"] if len(lines) == 1 else [
                head, *(f"> {' '.join(line.split())}".rstrip() for line in lines)]
            at = notes.index(want[0])
            assert notes[at:at + len(want)] == want, (path, u.getcontext())
    assert seen, "po/ has games written in other languages than English, with English translations"


def test_msgfmt_check_accepts_every_file() -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    for path in FILES:
        r = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert r.returncode == 0 and "error" not in r.stderr, (path, r.stderr)


def test_weblate_msgmerge_addon_changes_nothing(tmp_path: Path) -> None:
    """Weblate's msgmerge add-on (keep previous msgids, no wrapping) updates each PO from the POT."""
    if shutil.which("msgmerge") is None:
        pytest.skip("msgmerge (gettext) is not installed")
    for pot in (p for p in FILES if p.suffix == ".pot"):
        for po_file in sorted(pot.parent.glob("*.po")):
            out = tmp_path / "merged.po"
            subprocess.run(["msgmerge", "--quiet", "--previous", "--no-wrap", "-o", str(out), str(po_file), str(pot)],
                           check=True)
            assert out.read_bytes() == po_file.read_bytes(), po_file


def test_names_kept_as_printed_are_translated_not_to_do_where_weblate_counts() -> None:
    """Weblate (through translate-toolkit) counts a message translated when it has a msgstr and no fuzzy flag:
    every printed name without a translation is, so a locale's progress is not held down by names the policy
    keeps as printed."""
    seen = 0
    for path in (p for p in FILES if p.suffix == ".po"):
        locale = path.stem.replace("_", "-")
        texts = repo_texts()
        for u in po_storage.pofile(path.read_bytes()).units:
            if u.isheader() or u.getcontext() not in kept_names() or locale in texts[u.getcontext()].translations:
                continue
            seen += 1
            assert u.istranslated() and not u.isfuzzy() and "name kept as printed" in u.getnotes("translator")
    assert seen
