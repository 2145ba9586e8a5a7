"""Read-only questions to git (the commit built, its date, older versions of a file, who changed which line):
the one git call.

Every caller treats git as optional: outside a checkout, or without git installed, the answer is ``None``
and the caller falls back (a build still works from an exported tarball).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
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


NOT_COMMITTED = "0" * 40
"""The commit id ``git blame`` gives lines not committed yet (it dates them by the clock: never used)."""


@dataclass(frozen=True)
class Commit:
    """A commit as blame names it: its id and committer time (seconds since the epoch)."""

    id: str
    time: int


def blame(file: Path) -> list[Commit | None] | None:
    """The commit that last changed each line of ``file`` as it is on disk (index 0 is line 1), from one
    ``git blame --porcelain``; None for a line not committed yet. None when git cannot say (no checkout,
    an untracked file)."""
    out = git(file.parent, "blame", "--porcelain", "--", file.name)
    if out is None:
        return None
    times: dict[str, int] = {}
    lines: dict[int, str] = {}
    current = None
    for line in out.splitlines():
        if line.startswith("\t"):
            continue
        head = line.split(" ")
        if len(head) >= 3 and len(head[0]) == 40 and head[1].isdigit() and head[2].isdigit():
            current = head[0]
            lines[int(head[2])] = current
        elif current and line.startswith("committer-time "):
            times[current] = int(line.split(" ", 1)[1])
    commits = {c: Commit(c, t) for c, t in times.items() if c != NOT_COMMITTED}
    return [commits.get(lines.get(n, NOT_COMMITTED)) for n in range(1, max(lines, default=0) + 1)]
