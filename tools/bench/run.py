"""The scale benchmark: how load, validation, page generation and mkdocs grow with the content.

For each size, a synthetic tree (:mod:`bench.synth`) is written to a temporary folder and built
the way ``rulings build`` builds the served site, one phase at a time, each timed on its own:

- ``load``: ``content.read`` (YAML parse and schema check);
- ``validate``: the cross-file ``Checker`` plus the missing-translation summary (what
  ``validate.validate`` adds to the load); the synthetic tree must have zero errors;
- ``model``: ``layout.build_model`` (page layout, backlinks) and the jieba user dictionary;
- ``generate``: ``build.generate_all``, all locales in parallel as in a real build (Markdown, feeds,
  originals, mkdocs.yml); each locale's own duration is reported too;
- ``mkdocs``: ``mkdocs build --strict`` per locale, in parallel processes (as many at a time as
  ``run_mkdocs`` runs: one per CPU), each one's own duration and peak memory recorded;
- ``finish``: the root index, the JSON exports and the mirror manifest.

Then the *same* generated Markdown is built again by plain mkdocs alone (the same command and
configs, into another folder), so the cost of our own phases is a ratio measured in one run.

Memory. In-process phases: the process's peak resident set during the phase, read from
``VmHWM`` in ``/proc/self/status`` after resetting it (``echo 5 > /proc/self/clear_refs``), in the
timed pass; and, unless ``trace_memory=False``, the peak of Python allocations (``tracemalloc``)
in a second, untimed pass over the same phases, because tracemalloc slows Python code 2–4 times and
would distort the timings. mkdocs processes: each one's ``VmHWM`` from ``/proc/<pid>/status``,
sampled while it runs (not ``ru_maxrss``/``RUSAGE_CHILDREN``, which Linux inflates with the parent's
resident set at the exec); CPU time from ``os.wait4``. mkdocs runs through the build's own
``workers.run_mkdocs``, so the benchmark measures what a build runs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench import synth
from rulings.content.diagnostics import Severity
from rulings.content.tree import read
from rulings.content.validate import Checker, missing_summary
from rulings.site.fsops import BuildError
from rulings.site.workers import MkdocsJob, pool_size, run_mkdocs, source_date_epoch
from rulings.vcs import git, head_commit

REPO = Path(__file__).resolve().parents[2]
"""The repository this benchmark lives in (``tools/bench/`` is never installed)."""
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
    """VmHWM of a running child (its own address space since exec), or None once it is gone."""
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


SEARCH_JS = """async (queries) => {
  const input = document.querySelector('input.md-search__input');
  const list = document.querySelector('.md-search-result__list');
  const loadEnd = performance.timing.loadEventEnd - performance.timing.navigationStart;
  const t0 = performance.now();
  const ask = (q) => { input.value = q;
    input.dispatchEvent(new KeyboardEvent('keyup', {key: 'End', bubbles: true})); };
  while (true) {  // ready: the first query that returns results
    ask(queries[0]);
    await new Promise(r => setTimeout(r, 5));
    if (list.children.length > 0) break;
    if (performance.now() - t0 > 120000) return {error: 'no results within 120 s'};
  }
  const ready = performance.now() - loadEnd;
  const times = [];
  for (const q of queries.slice(1)) {  // then each query: keypress to changed results
    const before = list.innerHTML;
    const s = performance.now();
    ask(q);
    while (list.innerHTML === before && performance.now() - s < 10000) await new Promise(r => setTimeout(r, 0));
    times.push(performance.now() - s);
  }
  return {ready_after_load_ms: ready, page_load_ms: loadEnd, query_ms: times};
}"""


def search_timing(site: Path, locale: str, queries: list[str]) -> dict[str, Any] | None:
    """In headless Chromium: how long after page load the search answers, and how long each query
    takes from the keypress to updated results. None without Chromium or Playwright."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not Path(chromium).exists():
        return None

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/{locale}/", wait_until="load")
            page.locator("input.md-search__input").click()
            out = page.evaluate(SEARCH_JS, queries)
            browser.close()
    finally:
        httpd.shutdown()
    if "query_ms" in out:
        out["query_max_ms"] = max(out["query_ms"])
        out["query_median_ms"] = sorted(out["query_ms"])[len(out["query_ms"]) // 2]
    return out


def bench_size(n: int, *, repo: Path, tmp: Path, locales: list[str], mkdocs: bool = True, seed: int = 1,
               games: int = 2, trace_memory: bool = True, workers: int | None = None, search: bool = False,
               log: Callable[[str], Any] = print) -> dict[str, Any]:
    """Generate ``n`` rulings under ``tmp`` and measure every phase of a build of them (see the module)."""
    from rulings.publish.export import write_exports
    from rulings.publish.manifest import write_manifest
    from rulings.site.build import Variant, generate_all, generate_locale
    from rulings.site.fsops import write_file
    from rulings.site.layout import build_model
    from rulings.site.mkdocs_config import jieba_user_dict, userdict_path
    from rulings.site.pages.root import root_index

    root = tmp / "content"
    t0 = time.perf_counter()
    counts = synth.generate(root, n, seed=seed, games=games)
    synth_seconds = time.perf_counter() - t0
    log(f"{n} rulings: synthetic tree of {counts['entries']:,} entries in {counts['files']} files "
        f"({counts['yaml_bytes'] / MIB:.1f} MiB YAML) written in {synth_seconds:.1f}s")

    work = tmp / "work"
    site = tmp / "site"
    site.mkdir(parents=True)
    variant = Variant("online", False, tuple(locales))
    meter = _Meter()
    result: dict[str, Any] = {"rulings": n, "locales": list(locales), "seed": seed, "counts": counts,
                              "synth_seconds": synth_seconds, "loadavg_start": _loadavg()}
    t_build = time.perf_counter()

    with meter.phase("load"):
        content = read(root)
    with meter.phase("validate"):
        diags = list(content.diagnostics) + Checker(content).run() + missing_summary(content)
        diags = sorted(set(diags), key=lambda d: (d.file, d.line, d.column, d.rule, d.message))
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        raise BenchError(f"synthetic content of {n} rulings has {len(errors)} errors:\n"
                         + "\n".join(d.format() for d in errors[:20]))
    entries = len(content.entries)
    log(f"  load {meter.phases['load']['seconds']:.1f}s, validate {meter.phases['validate']['seconds']:.1f}s "
        f"({entries:,} entries, {len(diags)} warnings)")
    with meter.phase("model"):
        model = build_model(content)
        write_file(userdict_path(work), jieba_user_dict(model))
    with meter.phase("generate"):  # like build: one forked process per locale, at most one per CPU
        results = generate_all(model, repo, [(work / variant.name, site, loc, variant, None, None)
                                             for loc in locales], workers=workers)
    pages = {r.locale: r.pages for r in results}
    gen_each = {r.locale: r.generate_seconds for r in results}
    for r in results:
        log(f"  generate {r.locale}: {r.pages:,} pages in {r.generate_seconds:.1f}s (in parallel)")
    configs = {r.locale: r.config for r in results}
    mk: dict[str, Any] | None = None
    if mkdocs:
        with meter.phase("mkdocs"):
            mk = run_parallel(repo, [MkdocsJob(loc, configs[loc]) for loc in locales], workers=workers, log=log)

    def finish(model: Any) -> None:
        """What build does after mkdocs: the root index, the JSON exports, the manifest (last)."""
        epoch = int(source_date_epoch(repo))
        default = "en" if "en" in locales else locales[0]
        (site / "index.html").write_text(root_index(list(locales), default), encoding="utf-8")
        write_exports(model, list(locales), site)
        write_manifest(site, repo, epoch)

    with meter.phase("finish"):
        finish(model)
    build_seconds = time.perf_counter() - t_build

    # the same Markdown, built by plain mkdocs alone (same command and configs, another output folder)
    plain: dict[str, Any] | None = None
    if mkdocs:
        plain_dir = tmp / "plain"
        plain = run_parallel(repo, [MkdocsJob(loc, configs[loc], plain_dir / loc) for loc in locales],
                             workers=workers, log=log)
        plain["output_bytes"] = tree_bytes(plain_dir)[0]
        shutil.rmtree(plain_dir, ignore_errors=True)

    # memory of the in-process phases under tracemalloc (a second pass: tracemalloc distorts timings)
    traced: dict[str, dict[str, int]] = {}
    model_for_search = content  # for a card name to search for
    if trace_memory:
        del model
        state: dict[str, Any] = {}
        mem_work = tmp / "work-traced"
        steps: list[tuple[str, Callable[[], Any]]] = [
            ("load", lambda: state.update(content=read(root))),
            ("validate", lambda: state.update(diags=Checker(state["content"]).run()
                                              + missing_summary(state["content"]))),
            ("model", lambda: state.update(model=build_model(state["content"]))),
        ]
        steps.append(("generate", lambda: [generate_locale(state["model"], repo, mem_work / variant.name, site,
                                                           loc, variant) for loc in locales]))
        steps.append(("finish", lambda: finish(state["model"])))  # rewrites the same files
        traced = _traced(steps)
        state.clear()
        shutil.rmtree(mem_work, ignore_errors=True)

    # --- numbers
    ph = meter.phases
    for name, t in traced.items():
        ph.setdefault(name, {}).update(t)
    generate = {loc: {"seconds": gen_each[loc]} for loc in locales}
    gen_seconds = ph["generate"]["seconds"]  # wall time of the parallel generation
    own = ph["load"]["seconds"] + ph["validate"]["seconds"] + ph["model"]["seconds"] + gen_seconds \
        + ph["finish"]["seconds"]
    own_core = ph["load"]["seconds"] + ph["validate"]["seconds"] + ph["model"]["seconds"] + gen_seconds
    own_cpu = sum(p["cpu_seconds"] for name, p in ph.items() if name != "mkdocs")
    total_bytes, total_files = tree_bytes(site)
    per_locale: dict[str, Any] = {}
    for loc in locales:
        b, f = tree_bytes(site / loc)
        idx = site / loc / "search" / "search_index.json"
        md_bytes, md_files = tree_bytes(work / variant.name / loc / "docs")
        per_locale[loc] = {"pages": pages[loc], "output_bytes": b, "output_files": f,
                           "html_files": sum(1 for _ in (site / loc).rglob("*.html")) if mkdocs else 0,
                           "search_index_bytes": idx.stat().st_size if idx.exists() else None,
                           "markdown_bytes": md_bytes, "markdown_files": md_files,
                           "generate": generate[loc],
                           "mkdocs": mk["locales"][loc] if mk else None,
                           "plain_mkdocs": plain["locales"][loc] if plain else None}
    if search and mkdocs:
        for loc in locales:
            card = next((e for e in model_for_search.entries if e.id.split("/")[1] == "card"), None)
            name = card.name.source.split()[0] if card and card.name else "card"
            per_locale[loc]["search"] = search_timing(site, loc, [name, "rules", "card", "attack", "turn", "damage",
                                                                 "player", "hand", "discard"])
            log(f"  search {loc}: {per_locale[loc]['search']}")
    top = largest_html(site) if mkdocs else []
    result.update({
        "entries": entries,
        "warnings": len(diags),
        "phases": ph,
        "generate_seconds": gen_seconds,
        "mkdocs": mk,
        "plain_mkdocs": plain,
        "build_seconds": build_seconds,
        "phase_sum_seconds": sum(p.get("seconds", 0.0) for p in ph.values()),
        "own_seconds": own,
        "own_core_seconds": own_core,
        "own_share": own / build_seconds if build_seconds else None,
        "own_core_share": own_core / build_seconds if build_seconds else None,
        "build_vs_plain_mkdocs": build_seconds / plain["seconds"] if plain else None,
        "own_vs_plain_mkdocs": own / plain["seconds"] if plain else None,
        "own_cpu_seconds": own_cpu,
        "own_cpu_vs_plain_mkdocs_cpu": own_cpu / plain["cpu_seconds"] if plain and plain["cpu_seconds"] else None,
        "loadavg_end": _loadavg(),
        "entries_per_second": entries / (ph["load"]["seconds"] + ph["validate"]["seconds"]),
        "output_bytes": total_bytes,
        "output_files": total_files,
        "bytes_per_ruling": total_bytes / n,
        "per_locale": per_locale,
        "largest_page": top[0] if top else None,
        "largest_pages": top,
        "peak_rss_bytes": max((p["peak_rss_bytes"] or 0) for name, p in ph.items() if name != "mkdocs") or None,
        "traced_peak_bytes": max((t["traced_peak_bytes"] for t in traced.values()), default=None),
    })
    return result


# --- the table ----------------------------------------------------------------------------------

COLUMNS = [
    ("rulings", "{:>7,}", lambda r: r["rulings"]),
    ("entries", "{:>7,}", lambda r: r["entries"]),
    ("load", "{:>6.1f}", lambda r: r["phases"]["load"]["seconds"]),
    ("valid", "{:>6.1f}", lambda r: r["phases"]["validate"]["seconds"]),
    ("model", "{:>6.1f}", lambda r: r["phases"]["model"]["seconds"]),
    ("gen", "{:>6.1f}", lambda r: r["generate_seconds"]),
    ("mkdocs", "{:>7.1f}", lambda r: r["mkdocs"]["seconds"] if r["mkdocs"] else None),
    ("finish", "{:>6.1f}", lambda r: r["phases"]["finish"]["seconds"]),
    ("build", "{:>7.1f}", lambda r: r["build_seconds"]),
    ("plain", "{:>7.1f}", lambda r: r["plain_mkdocs"]["seconds"] if r["plain_mkdocs"] else None),
    ("own%", "{:>5.0%}", lambda r: r["own_share"]),
    ("x plain", "{:>7.2f}", lambda r: r["build_vs_plain_mkdocs"]),
    ("cpu own/mk", "{:>10.2f}", lambda r: r["own_cpu_vs_plain_mkdocs_cpu"]),
    ("entries/s", "{:>9,.0f}", lambda r: r["entries_per_second"]),
    ("out MiB", "{:>8.1f}", lambda r: r["output_bytes"] / MIB),
    ("B/ruling", "{:>8,.0f}", lambda r: r["bytes_per_ruling"]),
    ("max page KiB", "{:>12.0f}", lambda r: r["largest_page"]["bytes"] / KIB if r["largest_page"] else None),
    ("index MiB", "{:>9.2f}", lambda r: sum(x["search_index_bytes"] or 0 for x in r["per_locale"].values()) / MIB),
    ("RSS MiB", "{:>7.0f}", lambda r: (r["peak_rss_bytes"] or 0) / MIB),
    ("heap MiB", "{:>8.0f}", lambda r: r["traced_peak_bytes"] / MIB if r["traced_peak_bytes"] else None),
    ("mkdocs MiB", "{:>10.0f}", lambda r: r["mkdocs"]["max_peak_rss_bytes"] / MIB if r["mkdocs"] else None),
    ("load1", "{:>5.1f}", lambda r: r["loadavg_start"][0] if r["loadavg_start"] else None),
]


def table(runs: list[dict[str, Any]]) -> str:
    """One row per size (seconds unless marked; 'x plain' = whole build ÷ plain mkdocs of the same Markdown)."""
    head, rows = [], []
    widths = []
    for name, fmt, _get in COLUMNS:
        w = max(len(name), len(fmt.format(0)) if "%" not in fmt else 5)
        widths.append(w)
        head.append(name.rjust(w))
    for r in runs:
        cells = []
        for (_name, fmt, get), w in zip(COLUMNS, widths, strict=True):
            v = get(r)
            cells.append((fmt.format(v) if v is not None else "—").rjust(w))
        rows.append(" ".join(cells))
    return "\n".join([" ".join(head), *rows])


def locale_table(runs: list[dict[str, Any]]) -> str:
    """Per size and locale: pages, generate, mkdocs (own duration), plain mkdocs, output and search index."""
    lines = [f"{'rulings':>7} {'locale':<6} {'pages':>7} {'gen s':>6} {'mkdocs s':>8} {'plain s':>7} "
             f"{'mk MiB':>6} {'out MiB':>8} {'index MiB':>9}"]
    for r in runs:
        for loc, x in r["per_locale"].items():
            mk = x["mkdocs"] or {}
            pl = x["plain_mkdocs"] or {}
            lines.append(
                f"{r['rulings']:>7,} {loc:<6} {x['pages']:>7,} {x['generate']['seconds']:>6.1f} "
                f"{mk.get('seconds', 0):>8.1f} {pl.get('seconds', 0):>7.1f} "
                f"{mk.get('peak_rss_bytes', 0) / MIB:>6.0f} {x['output_bytes'] / MIB:>8.1f} "
                f"{(x['search_index_bytes'] or 0) / MIB:>9.2f}")
    return "\n".join(lines)


# --- the run ------------------------------------------------------------------------------------


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


METHOD = {
    "time": "time.perf_counter wall time of each phase, run one after the other in one process like rulings build",
    "in_process_memory": "peak_rss_bytes: VmHWM of /proc/self/status, reset through /proc/self/clear_refs at "
                         "the start of each phase (timed pass); traced_*: tracemalloc peak of Python allocations "
                         "in a second, untimed pass (tracemalloc slows Python 2-4x)",
    "mkdocs_memory": "per process: VmHWM of /proc/<pid>/status sampled every 20 ms while it runs (the last "
                     "sample); max_/sum_peak_rss_bytes over the processes of a phase. Not ru_maxrss or "
                     "RUSAGE_CHILDREN: Linux counts the parent's resident set at exec in the child's ru_maxrss",
    "mkdocs": "python -m mkdocs build --strict -f <generated config>, one process per locale, at most one per CPU at "
              "a time (like workers.run_mkdocs); plain_mkdocs: the same command on the same Markdown again, into "
              "another folder",
    "own_seconds": "load + validate + model + generate (all locales) + finish (root index, JSON exports, manifest)",
    "own_core_seconds": "load + validate + model + generate",
    "build_seconds": "wall time from load to the end of finish (mkdocs included)",
    "build_vs_plain_mkdocs": "build_seconds / plain mkdocs wall time for the same Markdown",
    "entries_per_second": "entries / (load + validate seconds)",
    "cpu_seconds": "time.process_time of this process per phase; for mkdocs, ru_utime + ru_stime of each child. "
                   "CPU ratios stay meaningful when other work shares the machine (see loadavg_start/end)",
    "own_cpu_vs_plain_mkdocs_cpu": "CPU seconds of our in-process phases / CPU seconds of the plain mkdocs "
                                   "processes",
    "output_bytes": "sum of the sizes of the regular files in the built site (all locales, root index, api/, "
                    "manifest)",
}


def run(sizes: list[int], out: Path, *, repo: Path = REPO, locales: tuple[str, ...] | list[str] = ("en", "it", "zh"),
        mkdocs: bool = True, log: Callable[[str], Any] = print, seed: int = 1, games: int = 2,
        trace_memory: bool = True, workers: int | None = None, tmp_dir: Path | None = None,
        keep: bool = False, search: bool = False) -> dict[str, Any]:
    """Benchmark each size (number of rulings); write the JSON report to ``out`` after every size; return it.

    Each size is built in a fresh temporary folder (under ``tmp_dir`` if given) that is removed
    afterwards unless ``keep``. Prints a table at the end through ``log``."""
    repo = Path(repo).resolve()
    out = Path(out)
    report: dict[str, Any] = {"format": 1, "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                              "machine": machine(), "code": code_state(repo), "method": METHOD,
                              "locales": list(locales), "mkdocs": mkdocs, "runs": []}
    out.parent.mkdir(parents=True, exist_ok=True)
    for n in sizes:
        tmp = Path(tempfile.mkdtemp(prefix=f"rulings-bench-{n}-", dir=tmp_dir))
        try:
            r = bench_size(n, repo=repo, tmp=tmp, locales=list(locales), mkdocs=mkdocs, seed=seed, games=games,
                           trace_memory=trace_memory, workers=workers, search=search, log=log)
            if keep:
                r["kept"] = str(tmp)
        finally:
            if not keep:
                shutil.rmtree(tmp, ignore_errors=True)
        report["runs"].append(r)
        out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        log(table([r]))
    log("")
    log(table(report["runs"]))
    log("")
    log(locale_table(report["runs"]))
    log(f"\nreport: {out}")
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="1000,5000", help="comma-separated numbers of rulings (default 1000,5000)")
    p.add_argument("--out", type=Path, default=Path("build/bench.json"), help="JSON report (default build/bench.json)")
    p.add_argument("--locales", default="en,it,zh", help="comma-separated locales to build (default en,it,zh)")
    p.add_argument("--no-mkdocs", action="store_true", help="measure our phases only")
    p.add_argument("--no-tracemalloc", action="store_true", help="skip the tracemalloc pass (RSS only)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--workers", type=int, default=None, help="mkdocs processes at a time (default: one per CPU)")
    p.add_argument("--repo", type=Path, default=REPO, help="repository with site_config/ and locales/")
    p.add_argument("--tmp", type=Path, default=None, help="folder for the temporary trees")
    p.add_argument("--keep", action="store_true", help="keep each size's temporary tree")
    p.add_argument("--search", action="store_true", help="time the search in headless Chromium (ready after page "
                   "load, and each query)")
    a = p.parse_args(argv)
    try:
        sizes = [int(s.replace("_", "")) for s in a.sizes.split(",") if s.strip()]
    except ValueError:
        p.error("--sizes takes numbers, e.g. 1000,5000")
    if not sizes or min(sizes) < 1:
        p.error("--sizes takes positive numbers")
    try:
        run(sizes, a.out, repo=a.repo, locales=[x.strip() for x in a.locales.split(",") if x.strip()],
            mkdocs=not a.no_mkdocs, seed=a.seed, games=a.games, trace_memory=not a.no_tracemalloc,
            workers=a.workers, tmp_dir=a.tmp, keep=a.keep, search=a.search)
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
