"""``rulings validate`` warns when po/ no longer agrees with the content, naming each PO file and the one
command that fixes it: a contributor who adds a game or a locale, or edits a text, learns it from the command
the guide has them run, not from a failing CI test."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO
from rulings.cli.main import main
from rulings.exchange.po_check import RULE

pytestmark = pytest.mark.unit


def smallest_game() -> str:
    content = REPO / "content"
    return min((p.parent.name for p in content.glob("*/game.yml")),
               key=lambda g: sum(f.stat().st_size for f in (content / g).rglob("*.yml")))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A copy of the repository's content with one game and its committed po/."""
    game = smallest_game()
    shutil.copytree(REPO / "schemas", tmp_path / "schemas")
    (tmp_path / "content").mkdir()
    shutil.copy(REPO / "content" / "project.yml", tmp_path / "content" / "project.yml")
    shutil.copytree(REPO / "content" / game, tmp_path / "content" / game)
    shutil.copytree(REPO / "po" / game, tmp_path / "po" / game)
    return tmp_path


def validate(repo: Path) -> tuple[int, list[str]]:
    cwd = os.getcwd()
    os.chdir(repo)
    try:
        r = CliRunner().invoke(main, ["validate", "content"])
    finally:
        os.chdir(cwd)
    return r.exit_code, [line for line in r.output.splitlines() if f"({RULE})" in line]


def test_the_committed_po_files_give_no_warning(repo: Path) -> None:
    assert validate(repo) == (0, [])


def test_a_missing_or_changed_po_file_is_named_with_the_command(repo: Path) -> None:
    game = smallest_game()
    gone = sorted((repo / "po" / game).rglob("*.po"))[0]
    gone.unlink()
    yml = repo / "content" / game / "rulings.yml"
    text = yml.read_text(encoding="utf-8")
    lang = re.search(r"^lang: (\S+)$", (repo / "content" / game / "game.yml").read_text(encoding="utf-8"), re.M)[1]
    first = next(line for line in text.splitlines() if line.lstrip().startswith(f"{lang}: ") and len(line) > 20)
    yml.write_text(text.replace(first, first + " (edited)", 1), encoding="utf-8")
    code, lines = validate(repo)
    assert code == 0  # a warning: the content itself is fine
    named = {line.split(":", 1)[0] for line in lines}
    assert gone.relative_to(repo).as_posix() in named
    assert any(p.startswith(f"po/{game}/") and p.endswith(".pot") for p in named)  # the template holds the text
    assert all("run `rulings translate sync`" in line for line in lines)
    r = CliRunner().invoke(main, ["translate", "sync", "--content", str(repo / "content")])
    assert r.exit_code == 0, r.output
    assert validate(repo) == (0, [])
