"""Measuring a run: memory of this process and of mkdocs children, load, output sizes, the machine."""

from __future__ import annotations

import os
import platform
import time
import tracemalloc
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rulings.site.fsops import BuildError
from rulings.site.workers import MkdocsJob, pool_size, run_mkdocs
from rulings.vcs import git, head_commit

KIB = 1024
MIB = 1024 * 1024
POLL = 0.02
"""Seconds between samples of a running mkdocs process's memory."""


class BenchError(Exception):
    """The benchmark could not build a size (content errors, mkdocs failure)."""


# --- memory -------------------------------------------------------------------------------------


def _status_kib(field: str) -> int | None:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _rss() -> int | None:
    kib = _status_kib("VmRSS")
    return kib * KIB if kib is not None else None


def _reset_peak_rss() -> bool:
    """Reset the process's resident-set high-water mark (Linux ≥ 4.0); False where that is impossible."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _peak_rss() -> int | None:
    kib = _status_kib("VmHWM")
    return kib * KIB if kib is not None else None


class _Meter:
    """Wall time and peak resident memory of named phases of this process."""

    def __init__(self) -> None:
        self.phases: dict[str, dict[str, Any]] = {}

    @contextmanager
    def phase(self, name: str):
        start_rss = _rss()
        resettable = _reset_peak_rss()
        c0 = time.process_time()
        t0 = time.perf_counter()
        try:
            yield
        finally:
            seconds = time.perf_counter() - t0
            cpu = time.process_time() - c0
            peak = _peak_rss() if resettable else None
            self.phases[name] = {"seconds": seconds, "cpu_seconds": cpu, "rss_start_bytes": start_rss,
                                 "peak_rss_bytes": peak,
                                 "rss_growth_bytes": peak - start_rss if peak is not None and start_rss else None,
                                 "rss_end_bytes": _rss()}


def _traced(steps: list[tuple[str, Callable[[], Any]]]) -> dict[str, dict[str, int]]:
    """Run the steps under tracemalloc; per step, the peak of traced allocations (absolute and above the
    step's start)."""
    out: dict[str, dict[str, int]] = {}
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        for name, fn in steps:
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            fn()
            current, peak = tracemalloc.get_traced_memory()
            out[name] = {"traced_peak_bytes": peak, "traced_growth_bytes": peak - base, "traced_end_bytes": current}
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return out


# --- mkdocs -------------------------------------------------------------------------------------


def _child_peak_rss(pid: int) -> int | None:
    """VmHWM of a running mkdocs (forked from the warm mkdocs server: its pages count too, as they are
    that process's), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * KIB
    except (OSError, ValueError):
        return None
    return None


def run_parallel(repo: Path, jobs: list[MkdocsJob], *, workers: int | None = None,
                 log: Callable[[str], Any] = print) -> dict[str, Any]:
    """Run mkdocs as a build runs it (:func:`rulings.site.workers.run_mkdocs`: same command, environment,
    working folder, parallelism and warning check), and measure each process.

    Each process's peak memory is its VmHWM, sampled every :data:`POLL` seconds while it runs (the mark only
    grows, so the last sample is the peak up to the last interval); its CPU time comes from ``os.wait4``.
    Not ``ru_maxrss``: Linux counts the parent's resident set at the exec in the child's ``ru_maxrss`` (and
    so in ``RUSAGE_CHILDREN``)."""
    peaks: dict[int, int] = {}
    samples: dict[int, int] = {}

    def watch(pid: int) -> None:
        hwm = _child_peak_rss(pid)
        if hwm is not None:
            peaks[pid] = max(peaks.get(pid, 0), hwm)
            samples[pid] = samples.get(pid, 0) + 1

    t0 = time.perf_counter()
    try:
        runs = run_mkdocs(repo, jobs, lambda line: log(f"  {line}"), workers, watch=watch, poll=POLL)
    except BuildError as e:
        raise BenchError(str(e)) from None
    wall = time.perf_counter() - t0
    per: dict[str, dict[str, Any]] = {}
    for label, r in runs.items():
        per[label] = {"seconds": r.seconds, "peak_rss_bytes": peaks.get(r.pid), "rss_samples": samples.get(r.pid, 0),
                      "cpu_seconds": r.cpu_seconds, "started_at": r.started - t0, "exit": r.exit}
        log(f"  mkdocs {label}: {(peaks.get(r.pid) or 0) / MIB:.0f} MiB at most")
    return {"seconds": wall, "workers": pool_size(workers), "locales": per,
            "sum_seconds": sum(p["seconds"] for p in per.values()),
            "cpu_seconds": sum(p["cpu_seconds"] for p in per.values()),
            "max_peak_rss_bytes": max((p["peak_rss_bytes"] or 0 for p in per.values()), default=0),
            "sum_peak_rss_bytes": sum(p["peak_rss_bytes"] or 0 for p in per.values())}


def _loadavg() -> list[float] | None:
    """The machine's 1-, 5- and 15-minute load averages: other work on it makes wall times noisy."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


# --- output -------------------------------------------------------------------------------------


def tree_bytes(folder: Path) -> tuple[int, int]:
    """(total bytes, files) of the regular files under ``folder``."""
    total = files = 0
    for dirpath, _dirs, names in os.walk(folder):
        for n in names:
            p = os.path.join(dirpath, n)
            if os.path.isfile(p) and not os.path.islink(p):
                total += os.path.getsize(p)
                files += 1
    return total, files


def largest_html(folder: Path, top: int = 5) -> list[dict[str, Any]]:
    """The ``top`` largest .html files under ``folder`` (path relative to it, bytes), largest first."""
    sizes = []
    for dirpath, _dirs, names in os.walk(folder):
        for n in names:
            if n.endswith(".html"):
                p = os.path.join(dirpath, n)
                sizes.append((os.path.getsize(p), Path(p).relative_to(folder).as_posix()))
    sizes.sort(key=lambda x: (-x[0], x[1]))
    return [{"path": p, "bytes": b} for b, p in sizes[:top]]


# --- one size -----------------------------------------------------------------------------------



def machine() -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    def ver(pkg: str) -> str | None:
        try:
            return version(pkg)
        except PackageNotFoundError:
            return None

    mem = None
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            mem = int(f.readline().split()[1]) * KIB
    except (OSError, ValueError, IndexError):
        pass
    return {"cpus": os.cpu_count(), "memory_bytes": mem, "python": platform.python_version(),
            "platform": platform.platform(), "mkdocs": ver("mkdocs"), "mkdocs_material": ver("mkdocs-material"),
            "rulings": ver("rulings")}


def code_state(repo: Path) -> dict[str, Any]:
    """The commit measured, and the tracked files that differ from it (read-only git)."""
    status = git(repo, "status", "--porcelain", "--untracked-files=no")
    return {"commit": head_commit(repo),
            "modified": [line[3:] for line in status.splitlines()] if status else []}
