"""The benchmark's tables (each build's phases, the sizes side by side, per locale) and the description of
its method stored in the report."""

from __future__ import annotations

from typing import Any

from bench.measure import KIB, MIB
from bench.stats import spread

RATIOS = [
    ("own_vs_plain_cpu", "ours / plain mkdocs, CPU",
     "the project's own share: CPU of everything but the mkdocs phases / CPU of plain mkdocs"),
    ("own_vs_plain_seconds", "ours / plain mkdocs, wall", "the same in wall time"),
    ("build_vs_plain_seconds", "x plain mkdocs, wall",
     "the whole build / plain mkdocs on the same pages, with the same runs"),
    ("build_vs_plain_cpu", "x plain mkdocs, CPU", "the same in CPU time"),
    ("mkdocs_vs_plain_cpu", "build's mkdocs / plain, CPU",
     "the build's own mkdocs runs / the plain ones (about 1: the baseline is fair)"),
]
"""The derived figures under each phase table: key, label, definition printed beside it."""


def _s3(x: dict[str, Any] | None, fmt: str = "{:>7.1f}") -> str:
    """min, median, max of a spread, or dashes."""
    if not x:
        return " ".join(["—".rjust(len(fmt.format(0)))] * 3)
    return " ".join(fmt.format(x[k]) for k in ("min", "median", "max"))


def _cpu_children(x: dict[str, Any] | None) -> str:
    return f"{x['median']:>9.1f}" if x else "—".rjust(9)


def phase_table(r: dict[str, Any], kind: str) -> str:
    """One size and kind of build: each phase in wall and CPU time (min, median, max over the repeats),
    the whole build, plain mkdocs of the same runs, our part, and the ratios with their definitions."""
    b = r["builds"][kind]
    s = b["summary"]
    loads = [x["loadavg_start"][0] for x in b["samples"] if x.get("loadavg_start")]
    load = f"; 1-min load average {min(loads):.1f}–{max(loads):.1f} at the starts" if loads else ""
    runs = b["mkdocs_runs"]
    w = 28
    lines = [f"{r['rulings']:,} rulings per locale ({', '.join(r['locales'])}), {kind} build: {b['description']}; "
             f"{runs} mkdocs runs; {s['repeats']} repeats{load}",
             f"{'':<{w}} {'wall s: min':>11} {'median':>7} {'max':>7}   {'CPU s: min':>10} {'median':>7} {'max':>7}"
             f"   {'child CPU':>9} {'RSS MiB':>8}"]

    def row(label: str, wall: Any, cpu: Any, kids: Any = None, rss: Any = None) -> str:
        peak = f"{rss['max'] / MIB:>8.0f}" if rss else "".rjust(8)
        return f"{label:<{w}} {_s3(wall, '{:>7.1f}'):>27}   {_s3(cpu, '{:>7.1f}'):>26}   {_cpu_children(kids)} {peak}"

    per_phase = b["samples"][0]["mkdocs"]["runs_per_phase"]
    for name, p in s["phases"].items():
        label = f"{name} ({per_phase[name]} runs)" if name in per_phase else name
        lines.append(row(label, p["seconds"], p["cpu_seconds"], p["children_cpu_seconds"], p["peak_rss_bytes"]))
    lines.append(row("= build", s["build_seconds"], s["build_cpu_seconds"]))
    lines.append(row("  of which mkdocs phases", s["mkdocs_seconds"], s["mkdocs_cpu_seconds"]))
    lines.append(row("  ours = build - mkdocs", s["own_seconds"], s["own_cpu_seconds"]))
    lines.append(row(f"plain mkdocs ({runs} runs)", s["plain_seconds"], s["plain_cpu_seconds"]))
    lines.append("")
    lines.append(f"{'':<{w}} {'min':>7} {'median':>7} {'max':>7}")
    for key, label, definition in RATIOS:
        lines.append(f"{label:<{w}} {_s3(s[key], '{:>7.2f}')}   {definition}")
    return "\n".join(lines)


def _median(x: dict[str, Any] | None) -> float | None:
    return x["median"] if x else None


COLUMNS = [
    ("rulings", "{:>7,}", lambda r, b: r["rulings"]),
    ("entries", "{:>7,}", lambda r, b: r["entries"]),
    ("build", "{:<7}", lambda r, b: b["kind"]),
    ("runs", "{:>4}", lambda r, b: b["mkdocs_runs"]),
    ("wall s", "{:>7.1f}", lambda r, b: _median(b["summary"]["build_seconds"])),
    ("CPU s", "{:>7.1f}", lambda r, b: _median(b["summary"]["build_cpu_seconds"])),
    ("plain s", "{:>7.1f}", lambda r, b: _median(b["summary"]["plain_seconds"])),
    ("plain CPU", "{:>9.1f}", lambda r, b: _median(b["summary"]["plain_cpu_seconds"])),
    ("ours/plain CPU", "{:>14.2f}", lambda r, b: _median(b["summary"]["own_vs_plain_cpu"])),
    ("ours/plain wall", "{:>15.2f}", lambda r, b: _median(b["summary"]["own_vs_plain_seconds"])),
    ("x plain", "{:>7.2f}", lambda r, b: _median(b["summary"]["build_vs_plain_seconds"])),
    ("entries/s", "{:>9,.0f}", lambda r, b: _median(b["summary"]["entries_per_second"])),
    ("out MiB", "{:>8.1f}", lambda r, b: b["output"]["output_bytes"] / MIB),
    ("B/ruling", "{:>8,.0f}", lambda r, b: b["output"]["bytes_per_ruling"]),
    ("max page KiB", "{:>12.0f}",
     lambda r, b: b["output"]["largest_pages"][0]["bytes"] / KIB if b["output"]["largest_pages"] else None),
    ("index MiB", "{:>9.2f}",
     lambda r, b: sum(x["search_index_bytes"] or 0 for x in b["output"]["per_locale"].values()) / MIB),
    ("heap MiB", "{:>8.0f}",
     lambda r, b: max(r["traced_peak_bytes"].values()) / MIB if r.get("traced_peak_bytes") else None),
]


def size_table(runs: list[dict[str, Any]]) -> str:
    """One row per size and kind of build, medians over the repeats ('x plain' = wall time of the whole build
    / plain mkdocs of the same runs; 'ours/plain' = the build minus its mkdocs phases / plain mkdocs)."""
    widths = [max(len(name), len(fmt.format(0))) for name, fmt, _ in COLUMNS]
    lines = [" ".join(name.rjust(w) for (name, _f, _g), w in zip(COLUMNS, widths, strict=True))]
    for r in runs:
        for kind, b in r["builds"].items():
            cells = []
            for (_name, fmt, get), w in zip(COLUMNS, widths, strict=True):
                v = get(r, {**b, "kind": kind})
                cells.append((fmt.format(v) if v is not None else "—").rjust(w))
            lines.append(" ".join(cells))
    return "\n".join(lines)


def locale_table(runs: list[dict[str, Any]]) -> str:
    """Per size and locale, for the first kind of build measured: pages, that locale's mkdocs run in the
    build and in plain mkdocs (median wall and CPU, largest peak memory), output, Markdown and search index."""
    lines = [f"{'rulings':>7} {'build':<7} {'locale':<6} {'pages':>7} {'mkdocs s':>8} {'CPU s':>6} {'plain s':>7} "
             f"{'mk MiB':>6} {'out MiB':>8} {'md MiB':>7} {'index MiB':>9}"]
    for r in runs:
        kind, b = next(iter(r["builds"].items()))
        for loc, x in b["output"]["per_locale"].items():
            mk = [s["mkdocs"]["runs"][loc] for s in b["samples"] if loc in s["mkdocs"]["runs"]]
            plain = [s["plain_mkdocs"]["runs"][loc] for s in b["samples"] if loc in s["plain_mkdocs"]["runs"]]
            wall, cpu = spread(m["seconds"] for m in mk), spread(m["cpu_seconds"] for m in mk)
            pl = spread(m["seconds"] for m in plain)
            peak = max((m["peak_rss_bytes"] or 0 for m in mk), default=0)
            lines.append(
                f"{r['rulings']:>7,} {kind:<7} {loc:<6} {x['pages']:>7,} {_median(wall) or 0:>8.1f} "
                f"{_median(cpu) or 0:>6.1f} {_median(pl) or 0:>7.1f} {peak / MIB:>6.0f} "
                f"{x['output_bytes'] / MIB:>8.1f} {x['markdown_bytes'] / MIB:>7.1f} "
                f"{(x['search_index_bytes'] or 0) / MIB:>9.2f}")
    return "\n".join(lines)


def kind_table(runs: list[dict[str, Any]]) -> str:
    """Per size and kind of build, the largest page of each page kind (KiB, over every locale) and its path:
    which kind grows with the content."""
    lines = [f"{'rulings':>7} {'build':<7} {'page kind':<20} {'largest KiB':>11}  page"]
    for r in runs:
        for build, b in r["builds"].items():
            for kind, x in b["output"].get("largest_by_kind", {}).items():
                lines.append(f"{r['rulings']:>7,} {build:<7} {kind:<20} {x['bytes'] / KIB:>11.1f}  {x['path']}")
    return "\n".join(lines)


METHOD = {
    "build": "rulings.build.site_build.build itself (what rulings build runs), into fresh folders, on synthetic "
             "content written once per size; 'online' = --no-bundles, 'default' = with the offline site, zips and ZIMs",
    "phases": "the stages the build names through its Probe: load, validate, model, shim, bundles.generate, "
              "bundles.mkdocs, bundles.split, bundles.pack, generate, mkdocs, finish; 'other' = the build's wall "
              "and CPU time outside every phase",
    "seconds": "time.perf_counter wall time",
    "cpu_seconds": "growth over the phase of getrusage(RUSAGE_SELF) + getrusage(RUSAGE_CHILDREN) user + system "
                   "time: this process (all threads) and every child reaped during the phase (forked generation "
                   "workers, mkdocs processes); a phase that ends with a live child fails the run, so no child's "
                   "time is missed or counted in another phase; self_ and children_cpu_seconds split it",
    "mkdocs_runs": "per run: wall time, CPU from os.wait4 (the same accounting as RUSAGE_CHILDREN, broken down), "
                   "peak memory = VmHWM of /proc/<pid>/status sampled while it runs (not ru_maxrss, which Linux "
                   "inflates with the parent's resident set at exec)",
    "plain_mkdocs": "right after each build, the same mkdocs jobs (same generated pages and configs) run again, "
                    "batch by batch with the same parallelism, into other folders, through workers.run_mkdocs",
    "own": "build minus its mkdocs phases (wall and CPU): reading, validation, model, generation, shim, zips, "
           "ZIMs, exports, manifest",
    "own_vs_plain": "own / plain mkdocs: the project's share of a build, relative to mkdocs alone on the same pages",
    "build_vs_plain": "whole build / plain mkdocs ('x plain mkdocs'): (the build's mkdocs phases + own) / plain",
    "statistics": "each figure's min / median / max over the repeats; ratios are computed within each repeat "
                  "and then spread",
    "peak_rss_bytes": "this process's VmHWM during the phase, reset through /proc/self/clear_refs at its start "
                      "(the forked workers' memory is not in it)",
    "traced_peak_bytes": "with --tracemalloc: peak Python heap per phase in one more online build with one "
                         "process at a time (generation in this process), not timed",
    "largest_by_kind": "the largest .html page of each page kind over every locale: a game's page by the "
                       "folder under the game (card, glossary, sources…), a site-wide page by its name",
    "output_bytes": "sum of the sizes of the regular files in the built site (downloads included)",
}
