"""The processes of a build: forked page-generation workers and parallel ``mkdocs build`` runs.

Both die with the build process however it dies, and neither holds on to its locks, so a killed build
never leaves processes writing into its work folder or blocks the next build. The benchmark runs mkdocs
through :func:`run_mkdocs` too, watching each process's memory, so what it measures is what a build runs.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import json
import multiprocessing
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from rulings.build.fsops import BuildError, close_inherited_locks
from rulings.vcs import head_time, source_date_env

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
    """SOURCE_DATE_EPOCH from the environment (:class:`~rulings.vcs.SourceDateError` when malformed), else the
    time of the last commit with a usable one in the checkout that tracks the content, else 0 (never the
    clock)."""
    epoch = source_date_env()
    if epoch is None:
        epoch = head_time(repo / "content") or 0
    return str(epoch)


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
class _Running:
    """A job sent to the server: its output file, when it was sent, its process once forked."""

    job: MkdocsJob
    out: Any
    started: float
    pid: int | None = None


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


WARM_ENV_PREFIXES = ("PYTHON", "LC_", "LANG", "TMPDIR", "NO_MKDOCS_2_WARNING", "DISABLE_MKDOCS_2_WARNING")
"""The variables a warm server reads before any job (Python's start-up: path, hash seed, locale; the temporary
folder; Material's banner, checked once on import): servers with other values are other servers. Every run
gets its whole environment from its job."""


CODE = str(Path(__file__).resolve().parents[2])
"""Where this package is: the server imports it from there, wherever it is installed."""


def server_key(env: dict[str, str]) -> tuple:
    """What a warm server's state depends on: this interpreter, :data:`CODE`, :data:`WARM_ENV_PREFIXES`."""
    return (sys.executable, CODE, tuple(sorted((k, v) for k, v in env.items() if k.startswith(WARM_ENV_PREFIXES))))


class MkdocsServer:
    """The warm mkdocs process (:mod:`.mkdocs_server`), started with ``env``; it forks one ``mkdocs`` per
    :meth:`start`, in that job's folder with that job's environment, and reports each child's pid, then
    its exit code and CPU time."""

    BOOT = "import sys; sys.path.append(sys.argv.pop()); from rulings.build.mkdocs_server import serve; serve()"
    """Finds this package where the build process found it, wherever it is installed."""

    def __init__(self, env: dict[str, str]) -> None:
        self.owner = os.getpid()
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        # started in the file system's root: every job says its own folder (a test's is gone after it)
        self.proc = subprocess.Popen([sys.executable, "-c", self.BOOT, CODE], cwd=os.path.abspath(os.sep),
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors,
                                     preexec_fn=die_with_parent)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout.fileno()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.buffered = b""

    def alive(self) -> bool:
        return self.proc.poll() is None

    def start(self, job_id: int, args: list[str], out: str, cwd: Path, env: dict[str, str]) -> None:
        """Fork ``mkdocs <args>`` in ``cwd`` with ``env``, its output in ``out``."""
        job = {"id": job_id, "args": args, "out": out, "cwd": str(cwd), "env": env}
        self.stdin.write((json.dumps(job) + "\n").encode())
        self.stdin.flush()

    def events(self, timeout: float) -> list[dict]:
        """What happened within ``timeout`` seconds: ``{"id", "pid"}`` and ``{"id", "exit", "cpu"}`` events."""
        if not self.selector.select(timeout):
            return []
        chunk = os.read(self.stdout, 65536)
        if not chunk:
            self.errors.seek(0)
            raise BuildError("mkdocs could not run:\n" + self.errors.read().decode("utf-8", "replace")[-3000:])
        *lines, self.buffered = (self.buffered + chunk).split(b"\n")
        return [json.loads(line) for line in lines]

    def close(self, pids: Iterable[int] = (), *, now: bool = False) -> None:
        """End the server: ``now`` (killed, with the given running children), else when it is done."""
        if self.proc.stdin.closed:
            return
        if now:
            self.proc.kill()
            for pid in pids:  # they die with the server on Linux; elsewhere, here
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.stdin.close()
        self.proc.wait()
        self.proc.stdout.close()  # type: ignore[union-attr]
        self.selector.close()
        self.errors.close()


_WARM: dict[tuple, MkdocsServer] = {}
"""This process's warm servers, by :func:`server_key`: every build of the process forks its runs from one."""
_WARM_LOCK = threading.Lock()


@contextlib.contextmanager
def warm_server(env: dict[str, str], *, keep: bool = True) -> Iterator[MkdocsServer]:
    """The process's warm server for ``env``, started by its first build and kept until the process ends.

    ``keep=False``, a build in another thread while one runs, or one anywhere but the main thread, gets a
    server of its own for its runs instead, ended with them: the two would read each other's events, and a
    server dies with the thread that started it (the kernel's parent-death signal follows the thread)."""
    if not keep or threading.current_thread() is not threading.main_thread() or not _WARM_LOCK.acquire(blocking=False):
        server = MkdocsServer(env)
        try:
            yield server
        finally:
            server.close()
        return
    try:
        key = server_key(env)
        server = _WARM.get(key)
        if server is None or not server.alive():
            if server is not None:
                server.close()
            server = _WARM[key] = MkdocsServer(env)
        yield server
    finally:
        _WARM_LOCK.release()


@atexit.register
def _end_warm_servers() -> None:
    """The process ends: so do its servers (idle by now; a forked copy of this process leaves them alone)."""
    for server in _WARM.values():
        if server.owner == os.getpid():
            server.close(now=True)
    _WARM.clear()


def run_mkdocs(repo: Path, jobs: Iterable[tuple], log: Callable[[str], Any], workers: int | None = None, *,
               watch: Callable[[int], None] | None = None, poll: float = 0.05,
               heartbeat: float | None = None, keep: bool = True) -> dict[str, MkdocsRun]:
    """Run ``mkdocs build --strict`` for each :class:`MkdocsJob` (or (label, config) pair), at most
    :func:`pool_size` at a time; raise :class:`BuildError` with the output of every run that failed or
    printed a warning. ``watch`` is called with the pid of each running process every ``poll`` seconds.

    Each run is forked from the process's warm :class:`MkdocsServer` (:func:`warm_server`: what a fresh
    ``python -m mkdocs`` would spend its first second on is done once per process), in ``repo`` with
    :func:`mkdocs_env`; ``keep=False``: from a server of its own, ended with them, so that all their CPU
    time is reaped (counted in ``RUSAGE_CHILDREN``) when this returns, as the benchmark counts it. Each
    one's output goes to a file, so a chatty process can never block on a full
    pipe, and is read as soon as it ends. (Not ``--quiet``: it hides the warnings that ``--strict`` turns
    into errors.)"""
    heartbeat = HEARTBEAT_SECONDS if heartbeat is None else heartbeat
    workers = pool_size(workers)
    pending = [MkdocsJob(*job) for job in jobs]
    total = len(pending)
    running: dict[int, _Running] = {}
    runs: dict[str, MkdocsRun] = {}
    failed: list[str] = []
    if not pending:
        return runs
    env = mkdocs_env(repo)
    said = time.perf_counter()
    with warm_server(env, keep=keep) as server:
        try:
            while pending or running:
                while pending and len(running) < workers:
                    job = pending.pop(0)
                    log(f"mkdocs {job.label} ({total - len(pending)}/{total})…")
                    said = time.perf_counter()
                    args = ["build", "--strict", "-f", str(job.config)]
                    if job.site_dir is not None:
                        args += ["-d", str(job.site_dir)]
                    out = tempfile.NamedTemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 - closed when it ends
                    job_id = total - len(pending)
                    running[job_id] = _Running(job, out, time.perf_counter())
                    server.start(job_id, args, out.name, repo, env)
                if watch is not None:
                    for r in running.values():
                        if r.pid is not None:
                            watch(r.pid)
                reaped = False
                for event in server.events(poll):
                    if "pid" in event:
                        running[event["id"]].pid = event["pid"]
                        continue
                    reaped = True
                    r = running.pop(event["id"])
                    run = MkdocsRun(r.job.label, r.pid or 0, r.started, time.perf_counter() - r.started,
                                    event["cpu"], event["exit"])
                    runs[r.job.label] = run
                    r.out.seek(0)
                    output = r.out.read()
                    r.out.close()
                    if run.exit != 0 or "WARNING" in output:
                        failed.append(f"--- {r.job.label} (exit {run.exit}) ---\n{output}")
                    else:
                        log(f"{r.job.label}: mkdocs built in {run.seconds:.1f}s ({len(runs)}/{total} done)")
                    said = time.perf_counter()
                if not reaped and running and time.perf_counter() - said >= heartbeat:
                    now = time.perf_counter()
                    log("still running mkdocs: " + ", ".join(
                        f"{r.job.label} ({now - r.started:.0f}s)" for r in running.values()))
                    said = now
        finally:
            if running:  # interrupted: stop what still runs, with the server it would report to
                server.close((r.pid for r in running.values() if r.pid is not None), now=True)
            for r in running.values():
                r.out.close()
    if failed:
        raise BuildError("mkdocs failed:\n" + "\n".join(failed))
    return runs
