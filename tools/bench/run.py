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
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import synth
from bench.measure import (
    MIB,
    BenchError,
    _loadavg,
    _Meter,
    _traced,
    code_state,
    largest_html,
    machine,
    run_parallel,
    tree_bytes,
)
from bench.report import METHOD, locale_table, table
from bench.search import search_timing
from rulings.content.diagnostics import Severity
from rulings.content.tree import read
from rulings.content.validate import Checker, missing_summary
from rulings.site.workers import MkdocsJob, source_date_epoch

REPO = Path(__file__).resolve().parents[2]
"""The repository this benchmark lives in (``tools/bench/`` is never installed)."""


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
