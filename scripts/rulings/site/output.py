"""Which folders a build may replace: ours, or nothing.

``rulings build --out DIR`` swaps DIR for the new site, so a wrong DIR would be deleted. A folder is
ours when it holds the marker file every build writes; an empty or missing folder is fine too. The
repository, any folder above it, the content and every other folder are refused — the repository and
its ancestors even with ``--force``, which only lets a build take over a non-empty unmarked folder.
"""

from __future__ import annotations

from pathlib import Path

MARKER = ".rulings-site"
MARKER_TEXT = "This folder is a site built by `rulings build`; the next build replaces it whole.\n"


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
    if _inside(repo, out):
        what = "the repository" if out == repo else "a folder that contains the repository"
        raise OutputRefused(f"--out {out} is {what}; a build replaces its output whole. "
                            "Use a folder of its own, e.g. --out site")
    for protected, name in ((content, "the content"), (repo / ".git", "git's data"),
                            (repo / "locales", "the UI catalogs"), (repo / "site_config", "the site config"),
                            (repo / "scripts", "the code"), (repo / "docs", "the guides")):
        if _inside(out, protected) or _inside(protected, out):
            raise OutputRefused(f"--out {out} overlaps {name} ({protected}); use a folder of its own, e.g. --out site")
    if not out.exists():
        return
    if not out.is_dir() or out.is_symlink():
        raise OutputRefused(f"--out {out} is not a folder; remove it or choose another")
    if (out / MARKER).is_file() or _legacy_site(out) or not any(out.iterdir()) or force:
        return
    raise OutputRefused(f"--out {out} is a non-empty folder that no build wrote (no {MARKER} in it); "
                        "choose an empty or new folder, or pass --force to replace it")
