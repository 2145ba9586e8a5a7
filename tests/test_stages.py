"""Imports run one way, down the data flow: model → content → importers / translation → site → publish /
exchange → build → cli, with the shared base (``files``, ``vcs``, ``escape``) below them all. A module that
imports from a stage above its own, or from a sibling stage, fails here with the line to move."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

PACKAGE = Path(__file__).resolve().parents[1] / "scripts" / "rulings"
STAGES = {"files": 0, "vcs": 0, "escape": 0, "model": 0, "content": 1, "importers": 2, "translation": 2, "site": 3,
          "publish": 4, "exchange": 4, "build": 5, "cli": 6}
"""Each stage's rank; a module may import from a lower rank, or from its own stage."""


def imports(path: Path) -> list[tuple[str, int]]:
    """Every ``rulings.*`` module ``path`` imports (at the top or inside a function), with its line."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "rulings" else [f"rulings.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out += [(n, node.lineno) for n in names if n.startswith("rulings.")]
    return out


def stage_of(parts: tuple[str, ...]) -> str:
    return parts[0].removesuffix(".py")


def test_every_module_belongs_to_a_stage() -> None:
    unknown = {stage_of(p.relative_to(PACKAGE).parts) for p in PACKAGE.rglob("*.py")} - set(STAGES) - {"__init__"}
    assert not unknown, f"give these a rank in STAGES (tests/test_stages.py) and the README's layout: {unknown}"


def test_no_module_imports_from_a_stage_above_or_beside_its_own() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = stage_of(path.relative_to(PACKAGE).parts)
        if own not in STAGES:
            continue
        for name, line in imports(path):
            target = name.split(".")[1]
            if target in STAGES and target != own and STAGES[target] >= STAGES[own]:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {own} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from rulings.build.fsops import BuildError\n", encoding="utf-8")
    assert imports(module) == [("rulings.build.fsops", 2)]
