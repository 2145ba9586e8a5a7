"""A locale whose UI catalog is translated in part (about 15 %), not required, in a copy of the repository:
``rulings validate``, ``i18n compile`` and ``build`` succeed with warnings only, and its pages show each UI
string its catalog translates translated and every other one in English (marked English where the page
marks a string's language). The copy keeps the repository's smallest game; the build makes English and the
partial locale. What is expected is read from the catalog files with babel."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import NEW_LOCALE, REPO, partly_translated, site_inputs, with_locale
from rulings.site.guides import GUIDE_NOTE
from rulings.site.pages.translation_status import UI_OPTIONAL

SHOWN = "Translation status"
"""A string the partial catalog translates (the status page's title)."""
UNTRANSLATED = "What to translate next"
"""A string it leaves in English (a heading of the same page)."""


def kept_game(content: Path) -> str:
    """The repository's smallest game (by YAML): a quick build that still has a game."""
    return min((p.parent.name for p in content.glob("*/game.yml")),
               key=lambda g: sum(f.stat().st_size for f in (content / g).rglob("*.yml")))


def rulings(repo: Path, *args: str) -> subprocess.CompletedProcess:
    """The ``rulings`` command, run in ``repo`` with this checkout's package."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "scripts"), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], cwd=repo, env=env, capture_output=True,
                          text=True, check=False)


def set_translation(po: Path, msgid: str, msgstr: str) -> None:
    text = po.read_text(encoding="utf-8")
    edited, n = re.subn(rf'^(#, fuzzy\n)?msgid "{re.escape(msgid)}"\nmsgstr "[^\n]*"$',
                        f'msgid "{msgid}"\nmsgstr "{msgstr}"', text, count=1, flags=re.M)
    assert n == 1, msgid
    po.write_text(edited, encoding="utf-8")


@pytest.fixture(scope="module")
def partial(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("partial")
    repo = site_inputs(root)
    shutil.copytree(REPO / "schemas", repo / "schemas")
    keep = kept_game(REPO / "content")
    shutil.copytree(REPO / "content", repo / "content",
                    ignore=lambda folder, names: [n for n in names if Path(folder) == REPO / "content"
                                                  and (REPO / "content" / n).is_dir() and n != keep])
    with_locale(repo / "content" / "project.yml", NEW_LOCALE)
    po = partly_translated(repo, NEW_LOCALE)
    set_translation(po, SHOWN, f"«{SHOWN}»")
    set_translation(po, UNTRANSLATED, "")
    set_translation(po, GUIDE_NOTE, "")
    runs = {"validate": rulings(repo, "validate", "--format", "json"),
            "compile": rulings(repo, "i18n", "compile", "--out", str(root / "mo")),
            "build": rulings(repo, "build", "--no-bundles", "--out", "site", "--locale=en", f"--locale={NEW_LOCALE}")}
    return {"repo": repo, "po": po, "runs": runs, "site": repo / "site" / NEW_LOCALE}


def catalog(po: Path) -> dict[str, str]:
    """What the catalog translates (not fuzzy), read with babel."""
    with po.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if isinstance(m.id, str) and m.id and m.string and not m.fuzzy}


def test_validate_compile_and_build_succeed_with_warnings_only(partial):
    runs: dict[str, subprocess.CompletedProcess] = partial["runs"]
    for name, run in runs.items():
        assert run.returncode == 0, (name, run.stdout[-3000:], run.stderr[-3000:])
    diagnostics = json.loads(runs["validate"].stdout)["diagnostics"]
    assert all(d["severity"] == "warning" for d in diagnostics)
    catalog_file = f"locales/{NEW_LOCALE}/LC_MESSAGES/messages.po"
    assert [d["file"] for d in diagnostics if d["rule"] == "ui-untranslated" and d["file"] == catalog_file]
    assert "0 problems, " in runs["compile"].stdout
    assert f"warning: {catalog_file}: {NEW_LOCALE}: " in runs["compile"].stderr


def test_a_translated_ui_string_is_shown_translated_and_the_others_in_english(partial):
    done = catalog(partial["po"])
    with (partial["repo"] / "locales" / "messages.pot").open("rb") as f:
        total = sum(1 for m in read_po(f) if m.id)
    assert SHOWN in done and UNTRANSLATED not in done and 0 < len(done) < 0.3 * total
    page = (partial["site"] / "translation-status" / "index.html").read_text(encoding="utf-8")
    assert f'<h1 id="translation-status">{done[SHOWN]}' in unescape(page)
    assert f">{UNTRANSLATED}<" in page
    assert unescape(re.search(r'<p class="rl-ui-status">(.*?)</p>', page).group(1)).endswith(UI_OPTIONAL)
    guide = (partial["site"] / "contribute" / "translating" / "index.html").read_text(encoding="utf-8")
    assert f'<p class="rl-note" lang="en">{GUIDE_NOTE}</p>' in guide  # in English, and marked so
