"""Read-only questions to git (the commit built, its date, older versions of a file): the one git call.

Every caller treats git as optional: outside a checkout, or without git installed, the answer is ``None``
and the caller falls back (a build still works from an exported tarball).
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def git(repo: Path, *args: str, timeout: float = 120) -> str | None:
    """stdout of ``git -C repo ARGS`` (UTF-8, undecodable bytes replaced), or None when git fails."""
    try:
        r = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False, timeout=timeout)
    except (OSError, subprocess.SubprocessError):
        return None
    if r.returncode != 0:
        return None
    return r.stdout.decode("utf-8", errors="replace")


def head_commit(repo: Path) -> str | None:
    """The commit checked out, or None."""
    out = (git(repo, "rev-parse", "HEAD") or "").strip()
    return out or None


def head_time(repo: Path) -> int | None:
    """The committer time of HEAD (seconds since the epoch), or None."""
    out = (git(repo, "log", "-1", "--format=%ct") or "").strip()
    return int(out) if out.isdigit() else None
