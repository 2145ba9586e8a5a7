"""The real site, built once per test session (all locales, offline bundles, Kiwix archives) from a copy of
the repository, in a process of its own, as `rulings build` builds it. Every test that only reads the output
uses this one build; test_reproducible.py builds the same tree once more, elsewhere, to compare."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import rulings
from rulings.vcs import head_time

REPO = Path(__file__).resolve().parents[2]
# Not inputs of a build: git's data, the virtualenv, earlier output and caches (top level), bytecode (anywhere).
NOT_INPUTS = {".git", ".venv", "build", "site", "po", "node_modules"}
# The copies have no git history to date them, so they are given the checkout's commit time.
EPOCH = str(head_time(REPO) or 1_700_000_000)


def copy_tree(dest: Path) -> Path:
    """The repository as a build reads it, copied to ``dest``."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        top = Path(folder) == REPO
        return {n for n in names if n == "__pycache__" or (top and (n in NOT_INPUTS or n.startswith(".")))}

    shutil.copytree(REPO, dest, ignore=ignore, symlinks=True)
    return dest


def build_in_own_process(tree: Path, hash_seed: str) -> Path:
    """`python -m rulings.cli build` run in ``tree`` with this PYTHONHASHSEED; returns the site folder."""
    needs_npm()
    code = str(Path(rulings.__file__).resolve().parents[1])  # the code under test, whatever the install
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "SOURCE_DATE_EPOCH": EPOCH, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    r = subprocess.run([sys.executable, "-m", "rulings.cli", "build", "--out", "site"], cwd=tree, env=env,
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise RuntimeError(f"rulings build failed in {tree} ({r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return tree / "site"


def needs_npm() -> None:
    """The full build makes the offline bundles, whose shim npm fetches: without npm, skip with the reason
    (in CI, where npm is installed, fail instead)."""
    if shutil.which("npm") is None and not os.environ.get("CI"):
        pytest.skip("npm is not installed (apt-get install npm; .ci/run installs it): the full build's "
                    "offline bundles need it")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    return build_in_own_process(copy_tree(tmp_path_factory.mktemp("a") / "tree"), "1")


@pytest.fixture(scope="session")
def unzipped(built_site, tmp_path_factory) -> Path:
    """The offline bundle of every locale, unzipped as a reader would (opened from file://)."""
    tmp = tmp_path_factory.mktemp("bundle")
    with zipfile.ZipFile(built_site / "downloads" / "rulings-all.zip") as z:
        z.extractall(tmp)
    return tmp / "rulings-all"
