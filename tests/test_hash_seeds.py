"""The generator's bytes do not depend on Python's hash seed: the Markdown, feeds, configs and search context
of every locale, and the PO files the sync would write, made in two processes with different
``PYTHONHASHSEED`` values, are the same. (Two calls in one process share a seed, so a set iterated into the
output passes them; only a full build would catch it, minutes later. This catches it in seconds.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import REPO

pytestmark = pytest.mark.unit

SCRIPT = r"""
import hashlib, json, sys, tempfile
from pathlib import Path
from rulings.content.tree import read
from rulings.build.site_build import Variant, generate_locale
from rulings.site.layout import build_model
from rulings.exchange.sync import plan, po_root_of

repo = Path(sys.argv[1])
content = read(repo / "content")
model = build_model(content)
digests = {}
with tempfile.TemporaryDirectory() as tmp:
    work = Path(tmp)
    variant = Variant("online", alternates=tuple(content.project.locales))
    for loc in content.project.locales:
        generate_locale(model, repo, work / "w", work / "site", loc, variant)
    for p in sorted((work / "w").rglob("*")):
        if p.is_file():
            digests[p.relative_to(work).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
po_root = po_root_of(repo / "content")
for path, data in sorted(plan(content, po_root).files.items()):
    digests[path.relative_to(po_root).as_posix()] = hashlib.sha256(data).hexdigest()
print(json.dumps(digests))
"""


def run(seed: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO / "scripts")}
    return subprocess.Popen([sys.executable, "-c", SCRIPT, str(REPO)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_two_hash_seeds_generate_the_same_bytes() -> None:
    runs = [run("1"), run("2")]  # side by side: the two processes take the time of one
    outs = []
    for p in runs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err[-2000:]
        outs.append(json.loads(out))
    first, second = outs
    assert first.keys() == second.keys()
    assert len(first) > 100 and any(k.endswith(".po") for k in first)
    differ = sorted(k for k in first if first[k] != second[k])
    assert not differ, f"{len(differ)} files differ between hash seeds, e.g. {differ[:5]}"
