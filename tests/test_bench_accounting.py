"""The benchmark's accounting and statistics: CPU time burnt in forked workers and in exec'd children is
counted in the phase that ran them, once; repeated samples are summed up as min / median / max.

CPU time, not wall time, is asserted: a busy machine changes how long the burning takes, not how much
CPU it costs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import run as bench
from bench.measure import Meter
from bench.report import RATIOS, phase_table, size_table
from bench.stats import ratio, spread, summarize

BURN = 0.1
"""CPU seconds each burner spends: ten clock ticks, far more than a fork's or an interpreter start-up's
own CPU (about 0.01 s), so counted once and counted twice stay far apart."""


def test_cpu_of_forked_workers_is_counted_once_in_their_phase() -> None:
    """In a process of its own (see the next test): only its own children are reaped in its phases."""
    script = f"""
import json, time
from bench.measure import Meter
from rulings.build.workers import fork_map

def burn(_shared, seconds):
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        pass
    return time.process_time() - t0

meter = Meter()
with meter.phase("generate"):
    burnt = sum(fork_map(burn, None, [{BURN}, {BURN}], workers=2))  # as a build generates its locales
with meter.phase("after"):
    pass
print(json.dumps({{"burnt": burnt, "phases": meter.phases}}))
"""
    out = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                                    env=_env()).stdout)
    burnt, p, after = out["burnt"], out["phases"]["generate"], out["phases"]["after"]
    assert burnt >= 2 * BURN
    assert p["children_cpu_seconds"] >= burnt  # every worker's time is in, at least once…
    assert p["children_cpu_seconds"] < burnt + BURN  # …and not twice
    assert p["self_cpu_seconds"] < BURN  # the parent waited: the burning is not its own
    assert p["cpu_seconds"] == pytest.approx(p["self_cpu_seconds"] + p["children_cpu_seconds"])
    assert after["children_cpu_seconds"] == 0  # nothing leaks into the next phase
    assert p["unreaped_children"] == []


def test_cpu_of_an_exec_child_is_counted_and_a_phase_may_repeat() -> None:
    """Run in a process of its own: a test runner's worker reaps children of its own (servers, browsers)
    at any moment, and a phase counts every child reaped while it runs (seen: 21 s on top of 0.2)."""
    code = (f"import time\nt = time.process_time()\nwhile time.process_time() - t < {BURN}: pass\n"
            "print(time.process_time())")
    script = f"""
import json, subprocess, sys
from bench.measure import Meter
meter, reported = Meter(), 0.0
for _ in range(2):  # like mkdocs: a separate program, waited for
    with meter.phase("mkdocs"):
        reported += float(subprocess.run([sys.executable, "-c", {code!r}], capture_output=True, text=True,
                                         check=True).stdout)
print(json.dumps({{"reported": reported, "phases": meter.phases}}))
"""
    out = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                                    env=_env()).stdout)
    reported, phases = out["reported"], out["phases"]
    p = phases["mkdocs"]
    assert p["calls"] == 2 and set(phases) == {"mkdocs"}
    assert reported >= 2 * BURN
    assert reported <= p["children_cpu_seconds"] < reported + 2 * BURN  # the interpreter's start-up on top


def _env() -> dict[str, str]:
    """This process's environment with the benchmark's folder importable, as it is here."""
    import os

    import bench as bench_package

    tools = str(Path(bench_package.__file__).resolve().parents[1])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (tools, os.environ.get("PYTHONPATH")) if p)}


def test_a_child_still_running_when_its_phase_ends_is_reported() -> None:
    meter = Meter()
    with meter.phase("leaky"):
        proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert proc.pid in meter.phases["leaky"]["unreaped_children"]
    finally:
        proc.kill()
        proc.wait()
    with meter.phase("clean"):
        pass
    assert meter.phases["clean"]["unreaped_children"] == []


def test_a_child_older_than_the_phase_is_not_the_phases() -> None:
    """The process's own long-lived children (a test run's browser driver, a server) are not left by a phase."""
    older = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        meter = Meter()
        with meter.phase("beside"):
            pass
        assert meter.phases["beside"]["unreaped_children"] == []
    finally:
        older.kill()
        older.wait()


def test_spread_and_ratio() -> None:
    assert spread([3.0, 1.0, 2.0]) == {"min": 1.0, "median": 2.0, "max": 3.0, "n": 3}
    assert spread([4.0, None, 1.0]) == {"min": 1.0, "median": 2.5, "max": 4.0, "n": 2}
    assert spread([]) is None and spread([None]) is None
    assert ratio(1.0, 4.0) == 0.25 and ratio(1.0, 0.0) is None and ratio(None, 1.0) is None


def _phase(seconds: float, cpu: float, children: float = 0.0) -> dict[str, float]:
    return {"seconds": seconds, "cpu_seconds": cpu, "self_cpu_seconds": cpu - children,
            "children_cpu_seconds": children, "peak_rss_bytes": 1}


def _sample(gen_children: float, mk: float, plain: float, extra: bool = False) -> dict:
    """A build of: load 1 s, generate (CPU in forked workers), mkdocs; total = the phases + 0.5 s unphased."""
    ph = {"load": _phase(1.0, 1.0), "validate": _phase(1.0, 1.0), "generate": _phase(2.0, gen_children,
                                                                                      gen_children),
          "mkdocs": _phase(mk, mk, mk)}
    if extra:
        ph["bundles.zip"] = _phase(1.0, 1.0)
    total = sum(p["seconds"] for p in ph.values()) + 0.5
    cpu = sum(p["cpu_seconds"] for p in ph.values()) + 0.5
    s = {"build": {"seconds": total, "cpu_seconds": cpu}, "entries": 100, "phases": ph,
         "mkdocs": {"phases": ["mkdocs"], "seconds": mk, "cpu_seconds": mk, "runs": {"en": {}},
                    "runs_per_phase": {"mkdocs": 1}},
         "plain_mkdocs": {"seconds": plain, "cpu_seconds": plain, "runs": {"en": {}}}, "loadavg_start": [1.0]}
    s.update(bench.derived(s))
    return s


def test_own_share_counts_generation_in_workers() -> None:
    s = _sample(gen_children=3.0, mk=10.0, plain=10.0)
    # ours = everything but mkdocs: load 1 + validate 1 + generate's workers 3 + unphased 0.5
    assert s["own_cpu_seconds"] == pytest.approx(5.5)
    assert s["own_vs_plain_cpu"] == pytest.approx(0.55)
    assert s["build_vs_plain_cpu"] == pytest.approx(1.55)
    assert s["build_vs_plain_cpu"] == pytest.approx(s["mkdocs_vs_plain_cpu"] + s["own_vs_plain_cpu"])
    assert s["entries_per_second"] == pytest.approx(50)


def test_summary_spreads_each_phase_and_ratios_per_sample() -> None:
    samples = [_sample(1.0, 10.0, 10.0), _sample(3.0, 20.0, 40.0, extra=True), _sample(2.0, 30.0, 15.0)]
    s = summarize(samples, bench.summary_figures())
    assert s["repeats"] == 3
    assert list(s["phases"]) == ["load", "validate", "generate", "mkdocs", "bundles.zip"]
    assert s["phases"]["generate"]["children_cpu_seconds"] == {"min": 1.0, "median": 2.0, "max": 3.0, "n": 3}
    assert s["phases"]["bundles.zip"]["seconds"]["n"] == 1  # only where it ran
    # the median of the ratios, not the ratio of the medians
    ratios = sorted(x["build_vs_plain_seconds"] for x in samples)
    assert s["build_vs_plain_seconds"]["median"] == pytest.approx(ratios[1])
    assert s["plain_seconds"] == {"min": 10.0, "median": 15.0, "max": 40.0, "n": 3}


def test_tables_show_every_phase_in_wall_and_cpu_with_the_definitions() -> None:
    samples = [_sample(1.0, 10.0, 10.0), _sample(3.0, 20.0, 40.0)]
    r = {"rulings": 100, "entries": 300, "locales": ["en"], "builds": {"online": {
        "description": "the served site", "mkdocs_runs": 1, "samples": samples,
        "summary": summarize(samples, bench.summary_figures()),
        "output": {"output_bytes": 1024, "bytes_per_ruling": 10.24, "largest_pages": [], "per_locale": {}}}}}
    text = phase_table(json.loads(json.dumps(r)), "online")
    rows = {line.split("  ")[0]: line for line in text.splitlines()}
    for name in ("load", "validate", "generate", "mkdocs (1 runs)", "= build", "plain mkdocs (1 runs)"):
        figures = rows[name][len(name):].split()
        assert len(figures) >= 6, name  # wall min/median/max, CPU min/median/max
    assert "1.0     2.0     3.0" in rows["generate"]  # its CPU is the workers'
    for _key, label, definition in RATIOS:
        assert label in text and definition in text
    assert "online" in size_table([r])


def test_help_lists_every_option() -> None:
    p = bench.parser()
    text = p.format_help()
    for action in p._actions:
        for opt in action.option_strings:
            assert opt in text
        assert action.help, action.option_strings
    for bad in (["--sizes", "many"], ["--repeat", "0"], ["--builds", "nightly"]):
        with pytest.raises(SystemExit):
            bench.main(bad)
