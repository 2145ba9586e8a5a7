"""A site built on several machines is the site one machine builds: the parts of two locales (`rulings build
--part`), each built in a folder of its own by a process of its own (another hash seed each), merged by a third
process in a fourth folder (`rulings merge`), give every file of a whole `rulings build` of the same small tree
byte for byte: pages, search index, exports, the zips and Kiwix files, the manifest. The merge refuses the same
parts merged into other content, twice one locale, or without one (tests/test_parts.py: hostile parts)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rulings
from conftest import build_tree, site_inputs
from rulings.publish.bundles import fetch_shim

from .conftest import EPOCH, needs_npm
from .test_reproducible import differing, files

LOCALES = ["en", "it"]  # two of the project's locales: two parts
SITE_URL = "https://rules.example.org/mirror/"  # its path ends in the root 404, its address in every page's head
OPTIONS = [*(a for loc in LOCALES for a in ("--locale", loc)), "--site-url", SITE_URL]


def rulings_cli(tree: Path, args: list[str], seed: str) -> subprocess.CompletedProcess:
    """`rulings ARGS` run in ``tree`` by a process of its own, with this PYTHONHASHSEED."""
    code = str(Path(rulings.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": EPOCH, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    env.pop("RULINGS_SIGNING_KEY", None)
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], cwd=tree, env=env, capture_output=True,
                          text=True, check=False)


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> dict[str, Path]:
    """One small tree copied to four folders: the whole build in ``whole``, a part in ``en`` and in ``it``, and
    their merge in ``merge``; each command has run (and succeeded) there."""
    needs_npm()
    tmp = tmp_path_factory.mktemp("parts")
    source = site_inputs(tmp / "source")
    build_tree(source)
    fetch_shim(source / "build" / "npm")  # fetched once: each copy has it in its work folder
    out = {name: Path(shutil.copytree(source, tmp / name)) for name in ("whole", *LOCALES, "merge")}
    runs = [("whole", ["build", *OPTIONS, "--out", "site"]),
            *((loc, ["build", *OPTIONS, "--part", loc]) for loc in LOCALES),
            ("merge", ["merge", *(str(out[loc] / "parts" / loc) for loc in LOCALES), "--out", "site"])]
    for seed, (name, args) in enumerate(runs, 1):
        r = rulings_cli(out[name], args, str(seed))
        assert r.returncode == 0, f"{name}: rulings {' '.join(args)}\n{r.stdout}\n{r.stderr}"
    return out


def test_the_merged_parts_are_the_whole_build_byte_for_byte(trees):
    whole, merged = files(trees["whole"] / "site"), files(trees["merge"] / "site")
    assert sorted(merged) == sorted(whole)
    assert {"downloads/rulings-all.zip", "downloads/rulings-en.zim", "manifest.json", "404.html"} <= set(whole)
    assert differing({n: p.read_bytes() for n, p in whole.items()}, {n: p.read_bytes() for n, p in merged.items()}) \
        == []


def test_a_part_holds_its_own_locale_only(trees):
    for loc in LOCALES:
        part = trees[loc] / "parts" / loc
        assert sorted(p.name for p in (part / "site").iterdir()) == ["downloads", loc]
        assert sorted(p.name for p in (part / "site" / "downloads").iterdir()) == [f"rulings-{loc}.{k}"
                                                                                  for k in ("zim", "zip")]
        assert sorted(p.name for p in (part / "offline").iterdir()) == [loc]


def test_the_merge_refuses_other_content_a_locale_twice_or_missing(trees, tmp_path):
    en, it = (str(trees[loc] / "parts" / loc) for loc in LOCALES)
    other = Path(shutil.copytree(trees["merge"], tmp_path / "other", ignore=shutil.ignore_patterns("site", "build")))
    rulings_file = other / "content" / "demo" / "rulings.yml"
    rulings_file.write_text(rulings_file.read_text(encoding="utf-8").replace("Yes.", "Yes, twice."), encoding="utf-8")
    for tree, parts, line in [
        (other, [en, it], f"{en} was built from other inputs than this checkout (its content, UI catalogs, site "
                          "config, guides, code or package versions differ): build every part from the tree you "
                          "merge in"),
        (trees["merge"], [en, it, en], f"{en} and {en} both hold locale en: give each locale's part once"),
        (trees["merge"], [it], f"no part holds locale en (the site's locales: {', '.join(LOCALES)}): build it "
                               "with rulings build --part en"),
    ]:
        r = rulings_cli(tree, ["merge", *parts, "--out", "refused"], "0")
        assert (r.returncode, r.stderr.splitlines()) == (2, [f"Error: {line}"])
        assert not (tree / "refused").exists()
