"""Read-only questions to git (the commit built, its date, older versions of a file): the one git call. No date a
reader sees comes from git (they come from the content, :mod:`rulings.content.dating`); git names the commit a
build was made from, dates the build when ``SOURCE_DATE_EPOCH`` is unset, and finds the older source texts of
stale translations.

Every caller treats git as optional: outside a checkout, or without git installed, the answer is ``None``
and the caller falls back (a build still works from an exported tarball). Its answers are untrusted too, so
that no value from git can stop or falsify a build:

- each call is bounded (:data:`MAX_OUTPUT`, :data:`TIMEOUT`), runs no program the checkout configures
  (:data:`HARDENED`) and asks the repository that holds the folder, not another (git's location variables
  are dropped);
- a commit time is used only when it is a number of seconds from 1970 up to the build's source date
  (``SOURCE_DATE_EPOCH``) or, without one, this machine's clock (:func:`time_problem`); any other is ignored
  with one warning per commit;
- HEAD counts only in a checkout that tracks the content (:func:`head`): a tarball unpacked inside an
  unrelated repository does not take that repository's commits.

Warnings go to stderr once per process and subject (a commit, a checkout).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import selectors
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MAX_OUTPUT = 64_000_000
"""Bytes of one git answer read at most (an old version of a content file: today's largest is 0.4 MB): beyond it,
no answer."""
TIMEOUT = 120.0
"""Seconds one git call may take (today's slowest, a file's log, takes well under a second)."""
HARDENED = ("--no-pager", "-c", "core.fsmonitor=false", "-c", "log.showSignature=false")
"""Options before every git command (with ``--no-ext-diff`` and ``--no-textconv`` on those that diff, and the
filter drivers off): no program the checkout's configuration names is run (pager, fsmonitor hook, gpg, diff
drivers, filters)."""
DROPPED_ENV = frozenset({"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
                         "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_EXTERNAL_DIFF",
                         "GIT_PAGER", "PAGER"})
"""Variables that would make git answer about another repository than the folder's, or run a program."""
LATEST_TIME = 253402300799
"""9999-12-31T23:59:59Z: the last second a date can be written for (year 10000 stops Python's datetime)."""
CLOCK_SLACK = 600
"""Seconds a commit may be dated after this machine's clock (clocks disagree a little; 2099 is no slip)."""
LOOKBACK = 100
"""Commits read to find the newest one with a usable date, when the newest ones have none."""
COMMIT_ID = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
"""A commit id: SHA-1 or SHA-256."""
SOURCE_DATE_ENV = "SOURCE_DATE_EPOCH"

_warned: set[tuple] = set()


class SourceDateError(Exception):
    """``SOURCE_DATE_EPOCH`` is set to something that is not a usable time (the message says how to fix it)."""


def warn_once(key: tuple, message: str) -> None:
    """Print ``warning: message`` to stderr, the first time ``key`` is warned about in this process."""
    if key not in _warned:
        _warned.add(key)
        print(f"warning: {message}", file=sys.stderr, flush=True)


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
    env.update(GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0")
    return env


def git(repo: Path, *args: str, timeout: float = TIMEOUT, limit: int = MAX_OUTPUT) -> str | None:
    """stdout of ``git -C repo ARGS`` (UTF-8, undecodable bytes replaced), or None when git fails, is not
    installed, answers more than ``limit`` bytes or takes more than ``timeout`` seconds (those two warned).
    The checkout's filter drivers are switched off: a call that reads a file on disk would run them."""
    out = _run(repo, (*HARDENED, *_no_filters(repo), *args), timeout, limit)
    if isinstance(out, str):
        warn_once(("git", str(repo), args), f"git {args[0] if args else ''} in {repo} {out}: its answer is ignored")
        return None
    return None if out is None else out.decode("utf-8", errors="replace")


_filters: dict[str, tuple[str, ...]] = {}


def _no_filters(repo: Path) -> tuple[str, ...]:
    """``-c filter.NAME.clean=`` (and smudge, process) for each filter driver the configuration of the checkout
    at ``repo`` names (an empty command is no filter), read once per folder."""
    key = str(repo)
    if key not in _filters:
        out = _run(repo, (*HARDENED, "config", "-z", "--name-only", "--get-regexp",
                          r"^filter\..+\.(clean|smudge|process)$"), TIMEOUT, MAX_OUTPUT)
        names = out.decode("utf-8", errors="replace").split("\0") if isinstance(out, bytes) else []
        _filters[key] = tuple(a for n in names if n.strip() for a in ("-c", f"{n.strip()}="))
    return _filters[key]


def _run(repo: Path, args: tuple[str, ...], timeout: float, limit: int) -> bytes | str | None:
    """stdout of ``git -C repo ARGS``; None when git fails; why not when it answered too much or too late."""
    try:
        proc = subprocess.Popen(["git", "-C", str(repo), *args], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env())
    except (OSError, ValueError):
        return None
    deadline = time.monotonic() + timeout
    with proc:
        out, why = _read(proc, deadline, limit)
        if why is None:
            try:
                proc.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                why = "too slow"
        if why is not None:
            proc.kill()
            proc.wait()
            return f"took more than {timeout:g} s" if why == "too slow" else why
    return out if proc.returncode == 0 else None


def _read(proc: subprocess.Popen, deadline: float, limit: int) -> tuple[bytes, str | None]:
    """All of ``proc``'s stdout, or why not (too much, or "too slow")."""
    chunks: list[bytes] = []
    size = 0
    fd = proc.stdout.fileno()  # type: ignore[union-attr]
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(left):
                return b"", "too slow"
            block = os.read(fd, 1 << 16)
            if not block:
                return b"".join(chunks), None
            size += len(block)
            if size > limit:
                return b"", f"answered more than {limit / 1e6:g} MB"
            chunks.append(block)


def source_date_env() -> int | None:
    """``SOURCE_DATE_EPOCH`` as seconds, None when unset or empty; :class:`SourceDateError` when it is not a
    whole number of seconds from 1970 up to :data:`LATEST_TIME` (the reproducible-builds rule: a malformed value
    stops the build, it is not guessed at)."""
    raw = os.environ.get(SOURCE_DATE_ENV, "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or int(raw) > LATEST_TIME:
        shown = repr(raw[:40]) + ("…" if len(raw) > 40 else "")
        raise SourceDateError(f"{SOURCE_DATE_ENV}={shown} is not a time: give whole seconds since 1970-01-01 UTC, "
                              f"at most {LATEST_TIME} (9999-12-31), e.g. $(git log -1 --format=%ct), or unset it")
    return int(raw)


def _shown(path: Path) -> str:
    """``path`` relative to the working directory when it is below it, as the user typed it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):
        return str(path)


def _iso(epoch: int) -> str:
    return dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%d %H:%M:%SZ")


def time_problem(raw: str) -> str | None:
    """Why ``raw`` (a committer time as git prints it) is no time a build may use, or None: not digits, beyond
    the year 9999, or after the build's source date (``SOURCE_DATE_EPOCH``, else the clock plus
    :data:`CLOCK_SLACK`)."""
    if not (raw.isascii() and raw.isdigit()):
        return f"has the committer time {raw[:30]!r}, not a number of seconds"
    t = int(raw)
    if t > LATEST_TIME:
        return f"is dated {raw[:30]} seconds after 1970, beyond the year 9999"
    sde = source_date_env()
    if sde is not None and t > sde:
        return f"is dated {_iso(t)}, after the build's source date {_iso(sde)} ({SOURCE_DATE_ENV})"
    if sde is None and t > time.time() + CLOCK_SLACK:
        return f"is dated {_iso(t)}, in the future"
    return None


def commit_time(commit: str, raw: str, dated: str) -> int | None:
    """``raw`` as seconds, or None when :func:`time_problem` finds one: warned once per commit, naming it and
    what it ``dated`` (a file, HEAD)."""
    problem = time_problem(raw)
    if problem is None:
        return int(raw)
    warn_once(("time", commit), f"commit {commit[:12]} (dating {dated}) {problem}: its date is ignored")
    return None


def newest_time(where: Path, dated: str, *revs_and_paths: str) -> int | None:
    """The committer time of the newest of the last :data:`LOOKBACK` commits of ``git log REVS_AND_PATHS`` in
    ``where`` that has a usable one (each commit without one warned once), or None."""
    out = git(where, "log", "--no-ext-diff", "--no-textconv", f"-n{LOOKBACK}", "--format=%H %ct", *revs_and_paths)
    for line in (out or "").splitlines():
        commit, _, raw = line.partition(" ")
        if COMMIT_ID.fullmatch(commit) and (t := commit_time(commit, raw.strip(), dated)) is not None:
            return t
    return None


@dataclass(frozen=True)
class Head:
    """The commit checked out and the build's date from it: the committer time of the newest commit up to HEAD
    with a usable one (None when none has)."""

    commit: str
    time: int | None


def head(folder: Path) -> Head | None:
    """HEAD of the git checkout that tracks ``folder`` (the content), or None: outside a checkout, before its
    first commit, or in a checkout that does not track ``folder`` at HEAD (an unpacked copy inside an unrelated
    repository: warned once; its commits are not this content's history)."""
    if not folder.is_dir():
        return None
    out = git(folder, "rev-parse", "--show-toplevel", "HEAD^{commit}", "HEAD:./")  # ./: the folder in HEAD's tree
    answer = (out or "").split("\n")
    if len(answer) >= 3 and COMMIT_ID.fullmatch(commit := answer[1].strip()):
        return Head(commit, newest_time(folder, "HEAD", "HEAD"))
    top = (git(folder, "rev-parse", "--show-toplevel") or "").strip()  # why not: no checkout, no commit, untracked
    if top and git(folder, "rev-parse", "--verify", "--quiet", "HEAD^{commit}") is not None:
        warn_once(("untracked", top, str(folder)),
                  f"{_shown(folder)} is inside the git checkout {top}, which does not track it: that checkout's "
                  "commits are not this content's history, so none is named and the date is left to "
                  "SOURCE_DATE_EPOCH (else 1970-01-01)")
    return None


def head_commit(folder: Path) -> str | None:
    """The commit checked out in the checkout that tracks ``folder`` (see :func:`head`), or None."""
    h = head(folder)
    return h.commit if h else None


def head_time(folder: Path) -> int | None:
    """The build's date from the checkout that tracks ``folder`` (see :class:`Head`), or None."""
    h = head(folder)
    return h.time if h else None
