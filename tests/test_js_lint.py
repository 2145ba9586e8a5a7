"""The site's JavaScript (``site_config/assets/``) in one style: Biome's lint rules and formatting, as
``biome.jsonc`` sets them, with the Biome that ``package.json`` pins (installed from ``package-lock.json`` by
``npm ci`` into ``node_modules/``, as a contributor's pre-commit hook and ``make lint`` run it)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO

PACKAGE = "@biomejs/biome"


def _pinned() -> str:
    return json.loads((REPO / "package.json").read_text(encoding="utf-8"))["devDependencies"][PACKAGE]


def _biome() -> Path:
    """The pinned Biome, installed with ``npm ci`` when ``node_modules/`` lacks it (the first run only)."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        if os.environ.get("CI"):
            raise RuntimeError("npm is not installed: the site's JavaScript cannot be linted")
        pytest.skip("npm and node are not installed (apt-get install npm): the JavaScript in site_config/assets/ "
                    "is not linted")
    installed = REPO / "node_modules" / PACKAGE / "package.json"
    if not installed.exists() or json.loads(installed.read_text(encoding="utf-8"))["version"] != _pinned():
        r = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=REPO, capture_output=True,
                           text=True, timeout=600, check=False)
        assert r.returncode == 0, f"npm ci failed:\n{r.stdout}{r.stderr}"
    return REPO / "node_modules" / ".bin" / "biome"


def test_biome_is_pinned_to_one_version_with_its_integrity():
    assert re.fullmatch(r"\d+\.\d+\.\d+", _pinned()), "an exact version, not a range"
    lock = json.loads((REPO / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert lock[f"node_modules/{PACKAGE}"]["version"] == _pinned()
    assert all(p["integrity"].startswith("sha512-") for k, p in lock.items() if k)


def test_the_javascript_is_in_one_style():
    """Every file of site_config/assets/ passes ``biome ci`` (lint and format, nothing written)."""
    biome = _biome()
    r = subprocess.run([str(biome), "ci", "--colors=off"], cwd=REPO, capture_output=True, text=True, timeout=300,
                       check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    checked = re.search(r"Checked (\d+) files?", r.stdout + r.stderr)
    # the JavaScript files, and the configuration itself
    assert checked and int(checked.group(1)) >= len(list((REPO / "site_config" / "assets").glob("*.js")))
