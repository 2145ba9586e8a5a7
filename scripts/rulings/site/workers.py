"""The processes of a build: forked page-generation workers and parallel ``mkdocs build`` runs.

Both die with the build process however it dies, and neither holds on to its locks, so a killed build
never leaves processes writing into its work folder or blocks the next build. The benchmark runs mkdocs
through :func:`run_mkdocs` too, watching each process's memory, so what it measures is what a build runs.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from rulings.site.fsops import BuildError, close_inherited_locks
from rulings.vcs import head_time

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a child process: be killed when the build process dies, however it dies (Linux), and let
    go of the build locks inherited through fork.

    Forked generation workers and mkdocs runs would otherwise outlive a build killed with SIGKILL,
    keep its locks and keep writing into its work folder, so every later build would be refused."""
    close_inherited_locks()
    parent = os.getppid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def pool_size(workers: int | None, tasks: int | None = None) -> int:
    """How many processes at a time: ``workers``, else one per CPU; never more than there are tasks."""
    n = workers or os.cpu_count() or 1
    return max(1, n) if tasks is None else min(tasks, n)


_FORKED: tuple[Callable[[Any, Any], Any], Any] | None = None


def _call_forked(task: Any) -> Any:
    assert _FORKED is not None
    fn, shared = _FORKED
    return fn(shared, task)


def fork_map(fn: Callable[[S, T], R], shared: S, tasks: list[T], workers: int | None = None) -> list[R]:
    """``[fn(shared, task) for task in tasks]``, one forked process per task at a time (at most
    :func:`pool_size`): ``shared`` (the site model) is inherited, not copied through pickles. Runs in
    this process where fork is unavailable or there is one task."""
    global _FORKED
    n = pool_size(workers, len(tasks))
    if n <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [fn(shared, task) for task in tasks]
    _FORKED = (fn, shared)
    try:
        with ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("fork"),
                                 initializer=die_with_parent) as pool:
            return list(pool.map(_call_forked, tasks))
    finally:
        _FORKED = None


def source_date_epoch(repo: Path) -> str:
    """SOURCE_DATE_EPOCH from the environment, else the last commit's time, else 0 (never the clock)."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    committed = head_time(repo)
    return str(committed) if committed is not None else "0"


def mkdocs_env(repo: Path) -> dict[str, str]:
    """mkdocs's environment: reproducible (fixed date and hash seed), without the end-of-life banner."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": source_date_epoch(repo),
            "PYTHONHASHSEED": "0"}


class MkdocsJob(NamedTuple):
    label: str
    config: Path
    site_dir: Path | None = None
    """Where to write the site; None: where the config says."""


@dataclass
class MkdocsRun:
    """One finished mkdocs process."""

    label: str
    pid: int
    started: float  # time.perf_counter() at its start
    seconds: float
    cpu_seconds: float  # user and system time, from os.wait4
    exit: int


HEARTBEAT_SECONDS = 8.0
"""A build never stays silent longer than this: while mkdocs runs, a line says which runs are still going."""


def run_mkdocs(repo: Path, jobs: Iterable[tuple], log: Callable[[str], Any], workers: int | None = None, *,
               watch: Callable[[int], None] | None = None, poll: float = 0.05,
               heartbeat: float | None = None) -> dict[str, MkdocsRun]:
    """Run ``mkdocs build --strict`` for each :class:`MkdocsJob` (or (label, config) pair), at most
    :func:`pool_size` at a time; raise :class:`BuildError` with the output of every run that failed or
    printed a warning. ``watch`` is called with the pid of each running process every ``poll`` seconds.

    Each process's output goes to a file, so a chatty process can never block on a full pipe, and is
    read as soon as it ends. (Not ``--quiet``: it hides the warnings that ``--strict`` turns into errors.)"""
    env = mkdocs_env(repo)
    heartbeat = HEARTBEAT_SECONDS if heartbeat is None else heartbeat
    workers = pool_size(workers)
    pending = [MkdocsJob(*job) for job in jobs]
    total = len(pending)
    running: dict[int, tuple[MkdocsJob, subprocess.Popen, Any, float]] = {}
    runs: dict[str, MkdocsRun] = {}
    failed: list[str] = []
    said = time.perf_counter()
    try:
        while pending or running:
            while pending and len(running) < workers:
                job = pending.pop(0)
                log(f"mkdocs {job.label} ({total - len(pending)}/{total})…")
                said = time.perf_counter()
                cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(job.config)]
                if job.site_dir is not None:
                    cmd += ["-d", str(job.site_dir)]
                out = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 - closed when it ends
                proc = subprocess.Popen(cmd, cwd=repo, env=env, stdout=out, stderr=subprocess.STDOUT,
                                        preexec_fn=die_with_parent)
                running[proc.pid] = (job, proc, out, time.perf_counter())
            reaped = False
            for pid in list(running):
                if watch is not None:
                    watch(pid)
                got, status, usage = os.wait4(pid, os.WNOHANG)
                if got == 0:
                    continue
                reaped = True
                job, proc, out, started = running.pop(pid)
                proc.returncode = os.waitstatus_to_exitcode(status)
                run = MkdocsRun(job.label, pid, started, time.perf_counter() - started,
                                usage.ru_utime + usage.ru_stime, proc.returncode)
                runs[job.label] = run
                out.seek(0)
                output = out.read()
                out.close()
                if run.exit != 0 or "WARNING" in output:
                    failed.append(f"--- {job.label} (exit {run.exit}) ---\n{output}")
                else:
                    log(f"{job.label}: mkdocs built in {run.seconds:.1f}s ({len(runs)}/{total} done)")
                said = time.perf_counter()
            if not reaped:
                if running and time.perf_counter() - said >= heartbeat:
                    now = time.perf_counter()
                    log("still running mkdocs: " + ", ".join(
                        f"{job.label} ({now - started:.0f}s)" for job, _p, _o, started in running.values()))
                    said = now
                time.sleep(poll)
    finally:
        for _job, proc, out, _started in running.values():  # interrupted: stop what still runs
            proc.kill()
            proc.wait()
            out.close()
    if failed:
        raise BuildError("mkdocs failed:\n" + "\n".join(failed))
    return runs
