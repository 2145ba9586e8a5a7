"""Pointers to tests in the code and the guides lead somewhere: a newcomer told that ``tests/…`` checks a rule
finds that file (``tests/search`` was named for years after it had become ``tests/test_search_index.py``)."""

from __future__ import annotations

import re

from conftest import REPO

POINTER = re.compile(r"\btests/[\w./-]*\w")
WHERE = ["scripts/rulings", "site_config", "tools", "docs"]


def test_every_tests_path_named_in_code_and_guides_exists():
    missing = []
    for folder in WHERE:
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix not in {".py", ".js", ".md", ".html", ".yml", ".css"} or not path.is_file():
                continue
            for m in POINTER.finditer(path.read_text(encoding="utf-8")):
                if not (REPO / m.group()).exists():
                    missing.append(f"{path.relative_to(REPO)}: {m.group()}")
    assert not missing, missing
