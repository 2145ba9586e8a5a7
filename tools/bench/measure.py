"""Measuring a build: wall and CPU time of its phases (forked workers and mkdocs children included),
memory of this process and of each mkdocs process, load, output sizes, the machine.

CPU accounting. A phase's CPU time is the growth, across the phase, of this process's own CPU time
(``RUSAGE_SELF``: every thread) plus that of its terminated and reaped children (``RUSAGE_CHILDREN``:
forked generation workers, mkdocs processes, and whatever they reaped in turn). The two sets are
disjoint, so nothing is counted twice; a child counts in the phase that reaps it, so every phase must
reap its own children: :class:`Meter` records any child still alive when a phase ends (it would be
counted later or never) and the benchmark refuses such a run. A build's phases reap their workers
(the generation pool is joined, every mkdocs process waited for) before they return.
"""

from __future__ import annotations

import os
import platform
import resource
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulings.build.fsops import BuildError
from rulings.build.site_build import Probe
from rulings.build.workers import MkdocsJob, MkdocsRun, pool_size, run_mkdocs
from rulings.vcs import git, head_commit

KIB = 1024
MIB = 1024 * 1024


class BenchError(Exception):
    """The benchmark could not build a size (content errors, mkdocs failure, an unreaped child)."""


# --- time ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clock:
    """One reading: wall time, and CPU time (user + system) of this process and of its reaped children."""

    wall: float
    self_cpu: float
    children_cpu: float

    @staticmethod
    def now() -> Clock:
        me = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return Clock(time.perf_counter(), me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime)

    def since(self, start: Clock) -> dict[str, float]:
        """Seconds from ``start`` to this reading: wall, and CPU (all, this process, its children)."""
        own = self.self_cpu - start.self_cpu
        kids = self.children_cpu - start.children_cpu
        return {"seconds": self.wall - start.wall, "cpu_seconds": own + kids, "self_cpu_seconds": own,
                "children_cpu_seconds": kids}


def live_children() -> list[int] | None:
    """Pids of this process's children that are still running or not yet reaped (None: cannot tell)."""
    pids: list[int] = []
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children", encoding="ascii") as f:
                pids += [int(p) for p in f.read().split()]
    except OSError:
        return None
    return sorted(pids)


# --- memory -------------------------------------------------------------------------------------


def _status_kib(field: str, pid: str = "self") -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def _bytes(kib: int | None) -> int | None:
    return kib * KIB if kib is not None else None


def _reset_peak_rss() -> bool:
    """Reset this process's resident-set high-water mark (Linux ≥ 4.0); False where that is impossible."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


# --- phases -------------------------------------------------------------------------------------


class Meter:
    """Wall time, CPU time (children included, see the module) and peak memory of named phases.

    A name met twice (the build's model phase is in two steps) adds up its times; the peaks are the
    larger of the two. With ``trace`` the peak of Python allocations (tracemalloc) is recorded too."""

    def __init__(self, trace: bool = False) -> None:
        self.phases: dict[str, dict[str, Any]] = {}
        self.trace = trace

    @contextmanager
    def phase(self, name: str) -> Iterator[str]:
        start_rss = _bytes(_status_kib("VmRSS"))
        resettable = _reset_peak_rss()
        if self.trace:
            tracemalloc.reset_peak()
        before = set(live_children() or ())  # children of the process's own (a browser's driver…), not the phase's
        start = Clock.now()
        try:
            yield name
        finally:
            took = Clock.now().since(start)
            peak = _bytes(_status_kib("VmHWM")) if resettable else None
            left = [pid for pid in live_children() or () if pid not in before]
            p = self.phases.setdefault(name, {"seconds": 0.0, "cpu_seconds": 0.0, "self_cpu_seconds": 0.0,
                                              "children_cpu_seconds": 0.0, "calls": 0, "rss_start_bytes": start_rss,
                                              "peak_rss_bytes": None, "unreaped_children": []})
            for k, v in took.items():
                p[k] += v
            p["calls"] += 1
            if peak is not None:
                p["peak_rss_bytes"] = max(p["peak_rss_bytes"] or 0, peak)
            p["unreaped_children"] += left
            if self.trace:
                p["traced_peak_bytes"] = max(p.get("traced_peak_bytes", 0), tracemalloc.get_traced_memory()[1])


class BuildProbe(Probe):
    """What the benchmark watches of a build: its phases (a :class:`Meter`), each mkdocs process's memory,
    and every batch of mkdocs runs (to run the same jobs again as plain mkdocs). Each batch gets a mkdocs
    server of its own, ended with it: a warm one kept for later batches would be a child still running at
    the end of the phase, its CPU counted in none."""

    keep_mkdocs = False

    def __init__(self, meter: Meter) -> None:
        self.meter = meter
        self.current: str | None = None
        self.peaks: dict[int, int] = {}
        self.batches: list[tuple[str | None, list[MkdocsJob], dict[str, MkdocsRun]]] = []

    @contextmanager
    def phase(self, name: str) -> Iterator[str]:
        self.current = name
        with self.meter.phase(name):
            yield name
        self.current = None

    def watch(self, pid: int) -> None:
        hwm = _bytes(_status_kib("VmHWM", str(pid)))
        if hwm is not None:
            self.peaks[pid] = max(self.peaks.get(pid, 0), hwm)

    def ran(self, jobs: list[MkdocsJob], runs: dict[str, MkdocsRun]) -> None:
        self.batches.append((self.current, list(jobs), runs))

    def run_figures(self, runs: dict[str, MkdocsRun]) -> dict[str, dict[str, Any]]:
        """Per mkdocs run: wall and CPU time (``os.wait4``) and peak memory (VmHWM sampled while it ran)."""
        return {label: {"seconds": r.seconds, "cpu_seconds": r.cpu_seconds, "peak_rss_bytes": self.peaks.get(r.pid),
                        "exit": r.exit} for label, r in runs.items()}


def plain_mkdocs(repo: Path, batches: list[list[MkdocsJob]], out: Path, *, workers: int | None = None,
                 log: Any = print) -> dict[str, Any]:
    """Run the same mkdocs jobs again, batch by batch as the build ran them and with the same parallelism,
    through :func:`rulings.build.workers.run_mkdocs`, each into its own folder under ``out``: the cost of the
    same pages built by mkdocs alone. Measured like a build's phase (the same :class:`Meter`)."""
    meter = Meter()
    probe = BuildProbe(meter)
    try:
        with probe.phase("plain"):
            for jobs in batches:
                runs = run_mkdocs(repo, [MkdocsJob(j.label, j.config, out / j.label) for j in jobs],
                                  lambda line: log(f"  plain {line}"), workers, watch=probe.watch,
                                  keep=probe.keep_mkdocs)
                probe.ran(jobs, runs)
    except BuildError as e:
        raise BenchError(str(e)) from None
    p = meter.phases["plain"]
    if p["unreaped_children"]:
        raise BenchError(f"plain mkdocs left children running: {p['unreaped_children']}")
    per: dict[str, Any] = {}
    for _phase, _jobs, runs in probe.batches:
        per.update(probe.run_figures(runs))
    return {**{k: p[k] for k in ("seconds", "cpu_seconds", "self_cpu_seconds", "children_cpu_seconds")},
            "workers": pool_size(workers), "batches": len(batches), "runs": per}


def loadavg() -> list[float] | None:
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


def page_kind(rel: str, games: set[str]) -> str:
    """The kind of a page from its path under its locale's folder: a game's page by the folder under the
    game (``card``, ``glossary``, ``sources``…; ``overview`` for the game's first page), a site-wide page by
    its name (``home``, ``translation-status``, ``404``…). Directory URLs and ``.html`` names alike."""
    parts = rel.removesuffix(".html").split("/")
    if parts[-1] == "index":
        parts.pop()
    if not parts:
        return "home"
    if parts[0] in games:
        return parts[1] if len(parts) > 1 else "overview"
    return parts[0]


def largest_by_kind(site: Path) -> dict[str, dict[str, Any]]:
    """The largest .html page of each kind (:func:`page_kind`) over every locale of ``site``: a page that
    grows with the content shows as the largest of its kind, whatever the other kinds weigh. A game is a
    locale's folder holding the game's feed."""
    best: dict[str, dict[str, Any]] = {}
    for loc in sorted(p for p in site.iterdir() if p.is_dir()):
        games = {g.name for g in loc.iterdir() if (g / "feed.xml").is_file()}
        for page in loc.rglob("*.html"):
            rel = page.relative_to(loc).as_posix()
            kind, size = page_kind(rel, games), page.stat().st_size
            if kind not in best or (-size, f"{loc.name}/{rel}") < (-best[kind]["bytes"], best[kind]["path"]):
                best[kind] = {"path": f"{loc.name}/{rel}", "bytes": size}
    return dict(sorted(best.items()))


# --- the machine and the code -------------------------------------------------------------------


def machine() -> dict[str, Any]:
    from importlib.metadata import PackageNotFoundError, version

    def ver(pkg: str) -> str | None:
        try:
            return version(pkg)
        except PackageNotFoundError:
            return None

    return {"cpus": os.cpu_count(), "memory_bytes": _bytes(_meminfo_total()), "python": platform.python_version(),
            "platform": platform.platform(), "mkdocs": ver("mkdocs"), "mkdocs_material": ver("mkdocs-material"),
            "rulings": ver("rulings")}


def _meminfo_total() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            return int(f.readline().split()[1])
    except (OSError, ValueError, IndexError):
        return None


def code_state(repo: Path) -> dict[str, Any]:
    """The commit measured, and the tracked files that differ from it (read-only git)."""
    status = git(repo, "status", "--porcelain", "--untracked-files=no")
    return {"commit": head_commit(repo),
            "modified": [line[3:] for line in status.splitlines()] if status else []}
