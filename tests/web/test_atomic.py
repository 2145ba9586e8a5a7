"""A failed, killed or concurrent build never breaks the published site."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import build_tree, project_locales
from rulings.build.fsops import BuildLock
from rulings.build.site_build import BuildError, build
from rulings.publish.manifest import verify

from .conftest import REPO

ONE = project_locales()[:1]
"""What these tests check happens to a build as a whole: one locale is enough, and quicker."""


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> tuple[Path, Path, Path]:
    """A published site (content, site, work folder), one for the module: each test takes its own snapshot
    of it first, and leaves a published site of the same content behind."""
    tmp = tmp_path_factory.mktemp("atomic")
    content = build_tree(tmp)
    out = tmp / "site"
    build(REPO, out, content_dir=content, work=tmp / "build", locales=ONE, log=lambda *_: None)
    assert verify(out).ok
    return content, out, tmp / "build"


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _intact(site: Path) -> dict[str, bytes]:
    """The published site's files, once its manifest says it is whole (no earlier test left it damaged)."""
    assert verify(site).ok
    return _snapshot(site)


def test_content_errors_leave_the_previous_site(published, tmp_path):
    _content, out, work = published
    before = _intact(out)
    broken = build_tree(tmp_path)  # the published content again, then an edit breaks it
    rulings = broken / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("demo/card/sword", "demo/card/nothing"),
                       encoding="utf-8")
    with pytest.raises(BuildError, match="ref-unresolved"):
        build(REPO, out, content_dir=broken, work=work, locales=ONE, log=lambda *_: None)
    assert _snapshot(out) == before
    assert not list(out.parent.glob(".site.building-*"))


def test_a_build_killed_midway_leaves_the_previous_site(published):
    content, out, work = published
    before = _intact(out)
    script = textwrap.dedent(f"""
        from pathlib import Path
        from rulings.build.site_build import build
        build(Path({str(REPO)!r}), Path({str(out)!r}), content_dir=Path({str(content)!r}),
              work=Path({str(work)!r}), locales={ONE!r}, log=lambda *_: None)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], start_new_session=True)
    staging = None
    while staging is None and proc.poll() is None:  # however long the build takes to get there
        found = list(out.parent.glob(".site.building-*/*"))  # the new site is being written
        staging = found[0] if found else None
        time.sleep(0.05)
    assert staging is not None, "the build ended before it was seen writing"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert _snapshot(out) == before and verify(out).ok
    # the lock died with the process: the next build runs, and clears the leftovers
    build(REPO, out, content_dir=content, work=work, locales=ONE, log=lambda *_: None)
    assert verify(out).ok and not list(out.parent.glob(".site.building-*"))


def test_two_builds_at_once_are_refused_with_a_clear_message(published):
    content, out, work = published
    before = _intact(out)
    lock = BuildLock(out)
    lock.acquire()
    try:
        with pytest.raises(BuildError, match=r"another build into .*site is running \(pid \d+\)"):
            build(REPO, out, content_dir=content, work=work, locales=ONE, log=lambda *_: None)
    finally:
        lock.release()
    assert _snapshot(out) == before


def test_any_mkdocs_warning_fails_the_build(tmp_path):
    """`mkdocs build --strict` semantics: a warning (here a broken Markdown link) stops the build."""
    from rulings.build.workers import run_mkdocs

    jobs = []
    for name, page in (("broken", "# Home\n\n[broken](missing.md)\n"), ("clean", "# Home\n")):
        docs = tmp_path / name / "docs"
        docs.mkdir(parents=True)
        (docs / "index.md").write_text(page, encoding="utf-8")
        cfg = tmp_path / name / "mkdocs.yml"
        cfg.write_text(f"site_name: t\ndocs_dir: docs\nsite_dir: {tmp_path / name / 'out'}\n", encoding="utf-8")
        jobs.append((name, cfg))
    with pytest.raises(BuildError, match=r"missing\.md") as e:  # both run (one mkdocs server): only one fails
        run_mkdocs(REPO, jobs, log=lambda *_: None)
    assert "--- broken (exit" in str(e.value) and "--- clean" not in str(e.value)
    assert (tmp_path / "clean" / "out" / "index.html").exists()
