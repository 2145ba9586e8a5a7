"""The importers read as packages of modules named for their jobs: a newcomer opening one finds the format's
description and its public names in ``__init__.py``, and each step in a module short enough to read whole."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import REPO
from rulings.importers import IMPORTERS, get

IMPORTERS_DIR = REPO / "scripts" / "rulings" / "importers"
PUBLIC = {"FORMAT", "GAME_ID", "SOURCE_NAME", "parse"}
LONGEST = 80
"""Lines a function of an importer may have; a longer one says why in its docstring, with "kept whole"."""


def packages() -> list[Path]:
    return sorted(p.parent for p in IMPORTERS_DIR.glob("*/__init__.py"))


@pytest.mark.parametrize("fmt", sorted(IMPORTERS))
def test_every_importer_is_a_package_that_gives_its_public_names(fmt):
    imp = get(fmt)
    assert Path(imp.__file__).name == "__init__.py", f"{fmt}: a module, not a package"
    assert set(imp.__all__) == PUBLIC
    assert fmt == imp.FORMAT and callable(imp.parse)


@pytest.mark.parametrize("package", packages(), ids=lambda p: p.name)
def test_init_holds_no_logic(package):
    """Only the docstring (what the format is and which module does what), imports and ``__all__``."""
    tree = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    body = tree.body[1:] if ast.get_docstring(tree) else tree.body
    assert ast.get_docstring(tree), package.name
    for node in body:
        is_all = isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"]
        assert isinstance(node, ast.Import | ast.ImportFrom) or is_all, (package.name, ast.unparse(node)[:80])
    modules = {p.stem for p in package.glob("*.py")} - {"__init__"}
    described = ast.get_docstring(tree) or ""
    missing = sorted(m for m in modules if f"``{m}``" not in described)
    assert not missing, f"{package.name}/__init__.py does not say what {missing} do"


def test_no_function_of_an_importer_is_too_long_to_read_whole():
    too_long = []
    for path in sorted(IMPORTERS_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                n = node.end_lineno - node.lineno + 1
                if n > LONGEST and "kept whole" not in (ast.get_docstring(node) or ""):
                    too_long.append(f"{path.relative_to(IMPORTERS_DIR)}:{node.lineno} {node.name} ({n} lines)")
    assert not too_long, too_long


def test_no_two_importer_modules_share_a_name_for_two_jobs():
    """A module name shared by several importers means one job in all: ``decisions`` is what reading a document
    decided, never the tabular exports of ``publish/tables.py``."""
    names = {p.stem for pkg in packages() for p in pkg.glob("*.py")}
    assert "tables" not in names
    for pkg in packages():
        if (pkg / "decisions.py").exists():
            doc = ast.get_docstring(ast.parse((pkg / "decisions.py").read_text(encoding="utf-8"))) or ""
            assert doc.startswith("What reading"), (pkg.name, doc[:60])
