"""Build the real site once per test session (all locales), into a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.site.build import build

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("site")
    out = tmp / "site"
    logs: list[str] = []
    build(REPO, out, work=tmp / "build", bundles=True, log=logs.append)
    return out
