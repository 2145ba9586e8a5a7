"""The benchmark's tables (per size, per locale) and the description of its method stored in the report."""

from __future__ import annotations

from typing import Any

from bench.measure import KIB, MIB

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
