"""The ``rulings`` command line as a whole: its entry points and the import command's formats."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from rulings.cli.main import main
from rulings.importers import IMPORTERS

REPO = Path(__file__).resolve().parents[1]


def test_python_dash_m_is_the_rulings_command():
    r = subprocess.run([sys.executable, "-m", "rulings.cli", "--help"], capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 0, r.stderr
    for name in main.list_commands(None):  # type: ignore[arg-type]
        assert f"  {name} " in r.stdout


def test_import_help_lists_every_format():
    r = CliRunner().invoke(main, ["import", "--help"])
    assert r.exit_code == 0
    rows = [line.split()[0] for line in r.output.split("Formats:", 1)[1].splitlines() if line.startswith("  ") and
            not line.startswith("   ")]
    assert rows == sorted(IMPORTERS)


def test_unknown_format_could_not_run(tmp_path):
    source = tmp_path / "doc.txt"
    source.write_text("text\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["import", "no-such-format", str(source)])
    assert r.exit_code == 2
    assert all(fmt in r.output for fmt in IMPORTERS)  # the message names the known formats


def _broken_collect(_content):
    raise KeyError("translations")


def test_an_unexpected_error_is_one_line_and_says_how_to_see_its_stack(monkeypatch, tmp_path):
    monkeypatch.setattr("rulings.translation.stats.collect", _broken_collect)
    monkeypatch.delenv("RULINGS_DEBUG", raising=False)
    args = ["stats", str(REPO / "content")]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "KeyError: 'translations'" in r.output and "--traceback" in r.output
    for how, env in ((["--traceback", *args], {}), (args, {"RULINGS_DEBUG": "1"})):
        r = CliRunner().invoke(main, how, env=env)
        assert r.exit_code == 2, how
        assert "Traceback (most recent call last)" in r.output and "_broken_collect" in r.output, how
