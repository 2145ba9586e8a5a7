"""Every build of a process forks its mkdocs runs from one warm server (:func:`rulings.build.workers.warm_server`):
what each build reads is still its own, and an interrupted build takes its runs down with it."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import REPO, alive, build_tree, gone, site_inputs
from rulings.build.site_build import build
from rulings.build.workers import run_mkdocs


def _other_repo(root: Path) -> Path:
    """Site inputs in another folder, with their own site name."""
    repo = site_inputs(root)
    config = repo / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "site_name: Rulings\n" in text
    config.write_text(text.replace("site_name: Rulings\n", "site_name: Other rulings\n"), encoding="utf-8")
    return repo


def _files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in sorted(site.rglob("*")) if p.is_file()}


def test_two_trees_built_in_one_process_are_what_fresh_processes_build(tmp_path):
    """An English tree of the repository, then a Chinese one of another folder (its own config, read by a
    server started for the first): each site is byte for byte what a process of its own builds."""
    other = _other_repo(tmp_path / "other")
    trees = {"en": (REPO, build_tree(tmp_path / "en")), "zh": (other, build_tree(tmp_path / "zh"))}
    for loc, (repo, content) in trees.items():
        build(repo, tmp_path / loc / "site", content_dir=content, work=tmp_path / loc / "build", locales=[loc],
              log=lambda *_: None)
    code = str(Path(build.__code__.co_filename).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    for loc, (repo, content) in trees.items():
        subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
            from pathlib import Path
            from rulings.build.site_build import build
            build(Path({str(repo)!r}), Path({str(tmp_path / loc / "fresh")!r}), content_dir=Path({str(content)!r}),
                  work=Path({str(tmp_path / loc / "fresh-build")!r}), locales=[{loc!r}], log=lambda *_: None)
            """)], env=env, check=True)
        warm, fresh = _files(tmp_path / loc / "site"), _files(tmp_path / loc / "fresh")
        assert warm.keys() == fresh.keys()
        assert [f for f in warm if not filecmp.cmp(warm[f], fresh[f], shallow=False)] == []
    assert "<title>Other rulings</title>" in (tmp_path / "zh" / "site" / "zh" / "index.html").read_text("utf-8")
    assert "Other rulings" not in (tmp_path / "en" / "site" / "en" / "index.html").read_text("utf-8")


def _site(folder: Path, hook: str = "") -> Path:
    """A one-page mkdocs site in ``folder`` (with a hook file's text, if given); returns its config."""
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    config = folder / "mkdocs.yml"
    text = f"site_name: t\ndocs_dir: docs\nsite_dir: {folder / 'out'}\n"
    if hook:
        (folder / "hook.py").write_text(hook, encoding="utf-8")
        text += f"hooks: [{folder / 'hook.py'}]\n"
    config.write_text(text, encoding="utf-8")
    return config


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def test_an_interrupted_build_stops_its_runs_and_the_next_one_runs(tmp_path):
    """Runs of successive builds come from one server; Ctrl-C during a run kills the run and that server,
    and the next build starts another and runs."""
    seen: list[tuple[int, int]] = []  # (run, its server)

    def watch(pid: int) -> None:
        seen.append((pid, _parent(pid)))

    def interrupt(pid: int) -> None:
        watch(pid)
        raise KeyboardInterrupt

    stuck = _site(tmp_path / "stuck", "import time\n\ndef on_config(config):\n    time.sleep(600)\n")
    with pytest.raises(KeyboardInterrupt):
        run_mkdocs(REPO, [("stuck", stuck)], log=lambda *_: None, watch=interrupt)
    assert seen and gone(list(seen[0]))
    slow = "import time\n\ndef on_config(config):\n    time.sleep(2)\n"  # long enough to be seen running, loaded
    for name in ("one", "two"):
        run_mkdocs(REPO, [(name, _site(tmp_path / name, slow))], log=lambda *_: None, watch=watch)
        assert (tmp_path / name / "out" / "index.html").exists()
    runs = {pid: server for pid, server in seen[1:]}
    assert len(runs) == 2 and len(set(runs.values())) == 1 and seen[0][1] not in runs.values()
    assert not any(alive(pid) for pid in runs)  # ended and reaped
