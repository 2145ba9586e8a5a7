"""Every case of the official YAML test suite ends in data or a clean, positioned error.

Corpus: ../shared/corpora/yaml-test-suite (MIT). Each case runs in the test process with a bound on the
CPU time it may use (not wall-clock time, which depends on the machine's load); a hang or a traceback-like
failure fails the test.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pytest

from rulings.content.diagnostics import ContentError
from rulings.content.load import load

SUITE = Path(__file__).resolve().parents[1].parent / "shared" / "corpora" / "yaml-test-suite"
CASES = sorted(SUITE.rglob("in.yaml")) if SUITE.is_dir() else []
CPU_SECONDS_PER_CASE = 2  # each case is a few lines: a loader that spins this long would spin forever

# Invalid YAML that libyaml 0.2.5 (the parser the loader uses) nevertheless accepts: lenient about flow
# indentation, comments without a space before them, tabs, block scalar indentation. These load as data;
# every other invalid case must be rejected.
KNOWN_LENIENT = {"9C9N", "9JBA", "CVW2", "DK95/01", "G5U8", "QB6E", "S98Z", "SU5Z", "X4QW", "Y79Y/003", "YJV2"}


@pytest.mark.skipif(not CASES, reason="../shared/corpora/yaml-test-suite not present")
def test_every_case_loads_or_fails_cleanly():
    assert len(CASES) > 300
    outcomes = {"data": 0, "error": 0}
    accepted_invalid = set()

    def timeout(signum, frame):
        raise TimeoutError

    old = signal.signal(signal.SIGPROF, timeout)
    try:
        for case in CASES:
            must_fail = (case.parent / "error").exists()
            signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS_PER_CASE)  # the process's CPU time, not the clock
            try:
                load(case)
                outcomes["data"] += 1
                if must_fail:
                    accepted_invalid.add(case.parent.relative_to(SUITE).as_posix())
            except ContentError as e:
                d = e.diagnostic
                outcomes["error"] += 1
                assert d.line >= 0 and d.column >= 0, case
                assert re.match(r"^.+:\d+:\d+: error: .+ \([a-z-]+\)$", d.format()) or d.line == 0, d.format()
                assert "Traceback" not in d.message
            except TimeoutError:
                pytest.fail(f"{case}: no result within {CPU_SECONDS_PER_CASE} s of CPU time")
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
    finally:
        signal.signal(signal.SIGPROF, old)
    assert accepted_invalid <= KNOWN_LENIENT, sorted(accepted_invalid - KNOWN_LENIENT)
    assert outcomes["data"] > 100


def _plain(x):
    if isinstance(x, dict):
        return {_plain(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    if isinstance(x, float) and x != x:
        return "nan"
    for t in (bool, int, float, str):
        if isinstance(x, t):
            return t(x)
    return x


@pytest.mark.skipif(not CASES, reason="../shared/corpora/yaml-test-suite not present")
def test_fast_loader_reads_what_ruamel_round_trip_reads():
    """The libyaml-based loader and ruamel.yaml (used by fmt and edits) agree on every case both accept."""
    from ruamel.yaml import YAML

    compared = 0
    for case in CASES:
        try:
            fast = load(case).data
        except ContentError:
            continue
        try:
            rt = YAML(typ="rt").load(case.read_text(encoding="utf-8"))
        except Exception:  # noqa: BLE001 - cases ruamel rejects are not compared
            continue
        compared += 1
        assert _plain(fast) == _plain(rt), case
    assert compared > 150
