"""`--help` of every command, however deep, lists the choices of each of its options and arguments."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from rulings.cli.main import main


def commands(group: click.Group = main, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for name, cmd in sorted(group.commands.items()):
        out.append((*prefix, name))
        if isinstance(cmd, click.Group):
            out += commands(cmd, (*prefix, name))
    return out


def command(path: tuple[str, ...]) -> click.Command:
    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = cmd.commands[name]
    return cmd


@pytest.mark.parametrize("path", commands(), ids=" ".join)
def test_help_lists_every_choice(path: tuple[str, ...]) -> None:
    r = CliRunner().invoke(main, [*path, "--help"], terminal_width=200)
    assert r.exit_code == 0, r.output
    help_text = " ".join(r.output.split())
    for param in command(path).params:
        if isinstance(param.type, click.Choice):
            missing = [c for c in param.type.choices if str(c) not in help_text]
            assert not missing, f"{' '.join(path)} --help does not list {missing} of {param.name}"
