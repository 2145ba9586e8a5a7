"""The scale benchmark: the real ``rulings build`` of synthetic content, phase by phase, repeated.

For each size, a synthetic tree (:mod:`bench.synth`) of that many rulings, each shown in every locale,
is written once to a temporary folder; then, ``--repeat`` times, each kind of build is run on it with
``rulings.build.site_build.build`` itself (a :class:`rulings.build.site_build.Probe` times the stages the build
names), each into fresh folders:

- ``online``: the served site only (``rulings build --no-bundles``): one mkdocs run per locale;
- ``default``: what ``rulings build`` does: the offline site (all locales together and each alone,
  zipped), a Kiwix file per locale, then the served site and the exports: with three locales, nine
  mkdocs runs.

Every phase is timed in wall time and CPU time, the CPU time of the forked generation workers and of
the mkdocs processes included (see :mod:`bench.measure`). Right after each build, the very mkdocs jobs it
ran are run again, batch by batch with the same parallelism, into other folders: *plain mkdocs*, the
cost of the same pages built by mkdocs alone. Our own share is the build minus its mkdocs phases,
compared with plain mkdocs. Each figure is reported as min / median / max over the repeats, and every
raw sample is kept in the JSON report.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import synth
from bench.measure import (
    MIB,
    BenchError,
    BuildProbe,
    Clock,
    Meter,
    code_state,
    largest_by_kind,
    largest_html,
    loadavg,
    machine,
    plain_mkdocs,
    tree_bytes,
)
from bench.report import METHOD, kind_table, locale_table, phase_table, size_table
from bench.search import search_timing
from bench.stats import ratio, summarize
from rulings.build.fsops import BuildError

REPO = Path(__file__).resolve().parents[2]
"""The repository this benchmark lives in (``tools/bench/`` is never installed)."""


@dataclass(frozen=True)
class BuildKind:
    name: str
    bundles: bool
    description: str


BUILDS = {
    "online": BuildKind("online", False, "the served site only (rulings build --no-bundles)"),
    "default": BuildKind("default", True, "rulings build: offline site, zips and ZIMs, then the served site "
                                          "and the exports"),
}
"""The kinds of build measured, in the order each repeat runs them."""


def stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# --- one build ------------------------------------------------------------------------------------


def derived(s: dict[str, Any]) -> dict[str, float | None]:
    """The figures computed from one sample's measurements (see :data:`bench.report.METHOD`)."""
    b, mk, plain = s["build"], s["mkdocs"], s["plain_mkdocs"]
    own = {"seconds": b["seconds"] - mk["seconds"], "cpu_seconds": b["cpu_seconds"] - mk["cpu_seconds"]}
    ph = s["phases"]
    read = ph["load"]["seconds"] + ph["validate"]["seconds"]
    return {
        "own_seconds": own["seconds"], "own_cpu_seconds": own["cpu_seconds"],
        "own_vs_plain_seconds": ratio(own["seconds"], plain["seconds"]),
        "own_vs_plain_cpu": ratio(own["cpu_seconds"], plain["cpu_seconds"]),
        "build_vs_plain_seconds": ratio(b["seconds"], plain["seconds"]),
        "build_vs_plain_cpu": ratio(b["cpu_seconds"], plain["cpu_seconds"]),
        "mkdocs_vs_plain_cpu": ratio(mk["cpu_seconds"], plain["cpu_seconds"]),
        "entries_per_second": ratio(s["entries"], read),
    }


def measure_build(kind: BuildKind, *, repo: Path, content: Path, folder: Path, locales: list[str], entries: int,
                  npm_cache: Path | None, workers: int | None, log: Callable[[str], Any],
                  plain: bool = True, trace: bool = False) -> dict[str, Any]:
    """Build ``content`` into ``folder/site`` the way ``kind`` says and measure it; then plain mkdocs on the
    same jobs. Returns the sample."""
    from rulings.build.site_build import build

    work = folder / "work"
    if npm_cache is not None:  # the shim a real build keeps in build/npm: read, not downloaded, as in a rebuild
        shutil.copytree(npm_cache, work / "npm")
    meter = Meter(trace=trace)
    probe = BuildProbe(meter)
    load0 = loadavg()
    start = Clock.now()
    try:
        result = build(repo, folder / "site", content_dir=content, work=work, locales=locales,
                       bundles=kind.bundles, log=lambda line: log(f"    {line}"), probe=probe, workers=workers)
    except BuildError as e:
        raise BenchError(str(e)) from None
    total = Clock.now().since(start)
    left = {name: p["unreaped_children"] for name, p in meter.phases.items() if p["unreaped_children"]}
    if left:
        raise BenchError(f"phases ended with children not reaped (their CPU time would be misattributed): {left}")
    ph = meter.phases
    ph["other"] = {k: total[k] - sum(p[k] for p in ph.values()) for k in total}  # what no phase covers
    mk_phases = list(dict.fromkeys(name for name, _jobs, _runs in probe.batches))
    runs: dict[str, Any] = {}
    for _name, _jobs, r in probe.batches:
        runs.update(probe.run_figures(r))
    sample: dict[str, Any] = {
        "build": total, "entries": entries, "phases": ph, "loadavg_start": load0,
        "mkdocs": {"phases": mk_phases, "runs": runs,
                   "runs_per_phase": {n: sum(len(r) for name, _j, r in probe.batches if name == n) for n in mk_phases},
                   **{k: sum(ph[n][k] for n in mk_phases) for k in ("seconds", "cpu_seconds")}},
        "pages": {r.locale: r.pages for r in result.locales},
    }
    if plain:
        log(f"    plain mkdocs: the same {len(runs)} runs again…")
        sample["plain_mkdocs"] = plain_mkdocs(repo, [jobs for _n, jobs, _r in probe.batches], folder / "plain",
                                              workers=workers, log=log)
        shutil.rmtree(folder / "plain", ignore_errors=True)
        sample.update(derived(sample))
    sample["loadavg_end"] = loadavg()
    return sample


def output_figures(site: Path, work: Path, pages: dict[str, int], rulings: int) -> dict[str, Any]:
    """Sizes of what a build wrote: the site, each locale, the downloads, the largest pages."""
    total, files = tree_bytes(site)
    per_locale: dict[str, Any] = {}
    for loc, n in pages.items():
        b, f = tree_bytes(site / loc)
        idx = site / loc / "search" / "search_index.json"
        md_bytes, md_files = tree_bytes(work / "online" / loc / "docs")
        per_locale[loc] = {"pages": n, "output_bytes": b, "output_files": f,
                           "html_files": sum(1 for _ in (site / loc).rglob("*.html")),
                           "search_index_bytes": idx.stat().st_size if idx.exists() else None,
                           "markdown_bytes": md_bytes, "markdown_files": md_files}
    downloads = site / "downloads"
    return {"output_bytes": total, "output_files": files, "bytes_per_ruling": total / rulings,
            "per_locale": per_locale,
            "downloads": {p.name: p.stat().st_size for p in sorted(downloads.iterdir())} if downloads.is_dir() else {},
            "largest_pages": largest_html(site), "largest_by_kind": largest_by_kind(site)}


def summary_figures() -> dict[str, Callable[[dict[str, Any]], float | None]]:
    """The whole-build figures spread over the repeats (besides each phase's)."""
    keys = ("own_seconds", "own_cpu_seconds", "own_vs_plain_seconds", "own_vs_plain_cpu", "build_vs_plain_seconds",
            "build_vs_plain_cpu", "mkdocs_vs_plain_cpu", "entries_per_second")
    figures: dict[str, Callable[[dict[str, Any]], float | None]] = {
        "build_seconds": lambda s: s["build"]["seconds"], "build_cpu_seconds": lambda s: s["build"]["cpu_seconds"],
        "mkdocs_seconds": lambda s: s["mkdocs"]["seconds"], "mkdocs_cpu_seconds": lambda s: s["mkdocs"]["cpu_seconds"],
        "plain_seconds": lambda s: s.get("plain_mkdocs", {}).get("seconds"),
        "plain_cpu_seconds": lambda s: s.get("plain_mkdocs", {}).get("cpu_seconds"),
    }
    figures.update({k: (lambda s, k=k: s.get(k)) for k in keys})
    return figures


# --- one size ---------------------------------------------------------------------------------------


def bench_size(n: int, *, repo: Path, tmp: Path, locales: list[str], kinds: list[BuildKind], repeat: int = 3,
               seed: int = 1, games: int = 2, trace_memory: bool = False, workers: int | None = None,
               search: bool = False, keep: bool = False, log: Callable[[str], Any] = stderr) -> dict[str, Any]:
    """Generate ``n`` rulings under ``tmp``, then build them ``repeat`` times in each kind (see the module)."""
    from rulings.content.tree import read
    from rulings.publish.bundles import fetch_shim

    root = tmp / "content"
    log(f"{n:,} rulings: writing the synthetic content…")
    t0 = time.perf_counter()
    counts = synth.generate(root, n, seed=seed, games=games)
    synth_seconds = time.perf_counter() - t0
    log(f"{n:,} rulings: {counts['entries']:,} entries in {counts['files']} files "
        f"({counts['yaml_bytes'] / MIB:.1f} MiB of YAML), written in {synth_seconds:.1f}s")
    npm = None
    if any(k.bundles for k in kinds):  # outside the timings, once: a real build's work folder keeps it
        cached = repo / "build" / "npm"
        npm = tmp / "npm"
        if cached.is_dir():
            shutil.copytree(cached, npm)
        fetch_shim(npm)
    result: dict[str, Any] = {"rulings": n, "locales": list(locales), "seed": seed, "counts": counts,
                              "entries": counts["entries"], "synth_seconds": synth_seconds, "builds": {}}
    samples: dict[str, list[dict[str, Any]]] = {k.name: [] for k in kinds}
    for i in range(1, repeat + 1):
        for kind in kinds:
            folder = tmp / f"{kind.name}-{i}"
            log(f"{n:,} rulings, {kind.name} build, run {i} of {repeat}: building…")
            sample = measure_build(kind, repo=repo, content=root, folder=folder, locales=locales,
                                   entries=counts["entries"], npm_cache=npm, workers=workers, log=log)
            samples[kind.name].append(sample)
            log(f"{n:,} rulings, {kind.name} build, run {i} of {repeat}: {sample['build']['seconds']:.1f}s wall, "
                f"{sample['build']['cpu_seconds']:.1f}s CPU; plain mkdocs {sample['plain_mkdocs']['seconds']:.1f}s "
                f"wall, {sample['plain_mkdocs']['cpu_seconds']:.1f}s CPU")
            last = i == repeat
            if last:
                result["builds"][kind.name] = {"description": kind.description,
                                               "output": output_figures(folder / "site", folder / "work",
                                                                        sample["pages"], n)}
            if keep and last:
                result["builds"][kind.name]["kept"] = str(folder)
            elif not (search and last and kind is kinds[0]):
                shutil.rmtree(folder, ignore_errors=True)
    if search:  # after every build: Chromium's processes never run inside a measured phase
        site = tmp / f"{kinds[0].name}-{repeat}"
        result["search"] = _search(site / "site", locales, read(root), log)
        if not keep:
            shutil.rmtree(site, ignore_errors=True)
    for kind in kinds:
        b = result["builds"][kind.name]
        b["mkdocs_runs"] = len(samples[kind.name][0]["mkdocs"]["runs"])
        b["summary"] = summarize(samples[kind.name], summary_figures())
        b["samples"] = samples[kind.name]
    if trace_memory:
        result["traced_peak_bytes"] = _traced(repo, root, tmp, locales, counts["entries"], log)
    return result


def _traced(repo: Path, content: Path, tmp: Path, locales: list[str], entries: int,
            log: Callable[[str], Any]) -> dict[str, int]:
    """Peak Python heap per phase: one more online build under tracemalloc, generation in this process
    (tracemalloc slows Python 2–4 times and sees no forked worker, so this build's times are not used)."""
    log("tracemalloc: one more online build, one process at a time…")
    folder = tmp / "traced"
    tracemalloc.start()
    try:
        sample = measure_build(BUILDS["online"], repo=repo, content=content, folder=folder, locales=locales,
                                  entries=entries, npm_cache=None, workers=1, log=log, plain=False, trace=True)
    finally:
        tracemalloc.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return {name: p["traced_peak_bytes"] for name, p in sample["phases"].items() if "traced_peak_bytes" in p}


def _search(site: Path, locales: list[str], content: Any, log: Callable[[str], Any]) -> dict[str, Any]:
    card = next((e for e in content.entries if e.id.split("/")[1] == "card"), None)
    name = card.name.source.split()[0] if card and card.name else "card"
    out = {}
    for loc in locales:
        log(f"search {loc}: timing in headless Chromium…")
        out[loc] = search_timing(site, loc, [name, "rules", "card", "attack", "turn", "damage", "player", "hand",
                                             "discard"])
        log(f"search {loc}: {out[loc]}")
    return out


# --- all sizes --------------------------------------------------------------------------------------


def run(sizes: list[int], out: Path, *, repo: Path = REPO, locales: tuple[str, ...] | list[str] = synth.LOCALES,
        builds: tuple[str, ...] | list[str] = tuple(BUILDS), repeat: int = 3, log: Callable[[str], Any] = stderr,
        show: Callable[[str], Any] = print, seed: int = 1, games: int = 2, trace_memory: bool = False,
        workers: int | None = None, tmp_dir: Path | None = None, keep: bool = False,
        search: bool = False) -> dict[str, Any]:
    """Benchmark each size (number of rulings); write the JSON report to ``out`` after every size; return it.

    Progress goes to ``log`` (stderr), the tables to ``show`` (stdout). Each size is built in a fresh
    temporary folder (under ``tmp_dir`` if given), removed afterwards unless ``keep`` (which keeps the last
    run of each kind)."""
    repo = Path(repo).resolve()
    out = Path(out)
    kinds = [BUILDS[b] for b in builds]
    report: dict[str, Any] = {"format": 2, "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                              "machine": machine(), "code": code_state(repo), "method": METHOD,
                              "locales": list(locales), "builds": list(builds), "repeat": repeat, "runs": []}
    out.parent.mkdir(parents=True, exist_ok=True)
    for n in sizes:
        tmp = Path(tempfile.mkdtemp(prefix=f"rulings-bench-{n}-", dir=tmp_dir))
        try:
            r = bench_size(n, repo=repo, tmp=tmp, locales=list(locales), kinds=kinds, repeat=repeat, seed=seed,
                           games=games, trace_memory=trace_memory, workers=workers, search=search, keep=keep,
                           log=log)
        finally:
            if not keep:
                shutil.rmtree(tmp, ignore_errors=True)
        report["runs"].append(r)
        out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        for kind in kinds:
            show(phase_table(r, kind.name))
            show("")
    show(size_table(report["runs"]))
    show("")
    show(locale_table(report["runs"]))
    show("")
    show(kind_table(report["runs"]))
    show(f"\nreport: {out}")
    return report


EPILOG = """figures (each as min / median / max over the repeats; every sample is in the JSON report):
  wall s       wall time of the phase
  CPU s        CPU time (user + system) of this process and of every child it ran during the phase:
               the forked generation workers and the mkdocs processes included
  other        the part of the build no phase covers (output checks, locks, staging)
  plain mkdocs the same mkdocs runs as the build (same generated pages and configs, same number of runs,
               same parallelism), run again right after it by mkdocs alone
  ours         the build minus its mkdocs phases: reading, validating, the model, generating the pages,
               bundles, ZIMs, exports (wall and CPU)
  ours / plain the project's own share: ours divided by plain mkdocs (CPU: independent of other load)
  x plain      the whole build divided by plain mkdocs: 1.00 would mean our work costs nothing
Wall times depend on what else runs on the machine (the load averages are in the report); CPU times
much less so."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python tools/bench", description=__doc__.split("\n\n")[0],
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", default="1000,5000",
                   help="comma-separated numbers of rulings, each shown in every locale (default 1000,5000)")
    p.add_argument("--repeat", type=int, default=3, metavar="N",
                   help="builds of each kind per size, for min / median / max (default 3)")
    p.add_argument("--builds", default=",".join(BUILDS),
                   help="comma-separated kinds of build: " + "; ".join(f"{k.name}: {k.description}"
                                                                        for k in BUILDS.values())
                   + f" (default {','.join(BUILDS)})")
    p.add_argument("--out", type=Path, default=Path("build/bench.json"),
                   help="JSON report, with every raw sample (default build/bench.json)")
    p.add_argument("--locales", default=",".join(synth.LOCALES),
                   help=f"comma-separated locales to build (default {','.join(synth.LOCALES)})")
    p.add_argument("--search", action="store_true",
                   help="also time the search in headless Chromium on the last build (ready after page load, "
                        "and each query)")
    p.add_argument("--tracemalloc", action="store_true",
                   help="also measure the peak Python heap per phase (one more online build, not timed)")
    p.add_argument("--seed", type=int, default=1, help="seed of the synthetic content (default 1)")
    p.add_argument("--games", type=int, default=2, help="games the rulings are spread over (default 2)")
    p.add_argument("--workers", type=int, default=None,
                   help="processes at a time, for generation and for mkdocs (default: one per CPU, as a build)")
    p.add_argument("--repo", type=Path, default=REPO, help="repository with site_config/ and locales/ (default: "
                   "this one)")
    p.add_argument("--tmp", type=Path, default=None, help="folder for the temporary trees (default: the system's)")
    p.add_argument("--keep", action="store_true", help="keep each size's temporary tree (and the last build of "
                   "each kind)")
    return p


def main(argv: list[str] | None = None) -> int:
    p = parser()
    a = p.parse_args(argv)
    try:
        sizes = [int(s.replace("_", "")) for s in a.sizes.split(",") if s.strip()]
    except ValueError:
        p.error("--sizes takes numbers, e.g. 1000,5000")
    if not sizes or min(sizes) < 1:
        p.error("--sizes takes positive numbers")
    if a.repeat < 1:
        p.error("--repeat takes a positive number")
    builds = [b.strip() for b in a.builds.split(",") if b.strip()]
    if not builds or set(builds) - set(BUILDS):
        p.error(f"--builds takes {', '.join(BUILDS)}")
    try:
        run(sizes, a.out, repo=a.repo, locales=[x.strip() for x in a.locales.split(",") if x.strip()],
            builds=builds, repeat=a.repeat, seed=a.seed, games=a.games, trace_memory=a.tracemalloc,
            workers=a.workers, tmp_dir=a.tmp, keep=a.keep, search=a.search)
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
