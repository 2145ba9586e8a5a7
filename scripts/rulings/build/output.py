"""Which folders a build may replace: ours, or nothing.

``rulings build --out DIR`` swaps DIR for the new site, so a wrong DIR would be deleted. A folder is
ours when it holds the marker file every build writes; an empty or missing folder is fine too. Refused
even with ``--force`` (which only lets a build take over a non-empty unmarked folder): the repository and
any folder above it; the project's own folders (:data:`PROJECT_FOLDERS`, the content) and anything inside or
around them; any folder holding a file the project's git checkout tracks; a git checkout, or a folder
holding one or inside one's ``.git``.
"""

from __future__ import annotations

import os
from pathlib import Path

from rulings.vcs import git

MARKER = ".rulings-site"
MARKER_TEXT = "This folder is a site built by `rulings build`; the next build replaces it whole.\n"
PROJECT_FOLDERS = {".git": "git's data", "content": "the content", "po": "the translations",
                   "locales": "the UI catalogs", "schemas": "the schemas", "tests": "the tests", "tools": "the tools",
                   "docs": "the guides", "site_config": "the site config", "scripts": "the code"}
"""Folders of the repository a build never replaces, by what they hold."""
SAFE_CHOICE = "use --out site, or an empty folder outside the project's files"
"""What every refusal of a project folder says to do (never ``--force``: it is no way around those)."""


class OutputRefused(Exception):
    """The output folder is not one a build may replace."""


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _legacy_site(out: Path) -> bool:
    """A site built before the marker existed: its manifest names it."""
    try:
        import json

        data = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and isinstance(data.get("files"), list) and "source_date" in data


def check_output(out: Path, repo: Path, content: Path, *, force: bool = False) -> None:
    """Raise :class:`OutputRefused` unless ``out`` may be replaced by a build."""
    out, repo, content = out.resolve(), repo.resolve(), content.resolve()
    if problem := _project_files(out, repo, content):
        raise OutputRefused(f"--out {out} {problem}; a build replaces its output whole, so it never takes the "
                            f"project's files, not even with --force: {SAFE_CHOICE}")
    if not out.exists():
        return
    if not out.is_dir() or out.is_symlink():
        raise OutputRefused(f"--out {out} is not a folder; remove it or choose another")
    if checkout := _checkout_in(out):
        raise OutputRefused(f"--out {out} holds a git checkout ({checkout}); a build replaces its output whole, "
                            f"so it never takes a checkout, not even with --force: {SAFE_CHOICE}")
    if (out / MARKER).is_file() or _legacy_site(out) or not any(out.iterdir()) or force:
        return
    raise OutputRefused(f"--out {out} is a non-empty folder that no build wrote (no {MARKER} in it); "
                        "choose an empty or new folder, or pass --force to replace it")


def _project_files(out: Path, repo: Path, content: Path) -> str | None:
    """How ``out`` holds or sits in the project's files or git's data, or None."""
    if _inside(repo, out):
        return "is the repository" if out == repo else "is a folder that contains the repository"
    folders = [(content, "the content"), *((repo / name, what) for name, what in PROJECT_FOLDERS.items())]
    for protected, what in folders:
        if _inside(out, protected) or _inside(protected, out):
            return f"overlaps {what} ({protected})"
    if ".git" in out.parts:
        return "is inside a git repository's data (.git)"
    tracked = (git(repo, "ls-files", "-z", "--", f":(literal){out}") or "").split("\0")[0]
    if tracked:
        return f"holds files the project's git checkout tracks (such as {tracked})"
    return None


def _checkout_in(folder: Path) -> Path | None:
    """A git checkout (a ``.git`` folder or file) in ``folder`` or below it, not following symlinks, or None."""
    for top, dirs, files in os.walk(folder):
        if ".git" in dirs or ".git" in files:
            return Path(top)
    return None
