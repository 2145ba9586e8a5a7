"""The search benchmark (tools/bench/search.py) measures a built site as it claims: a first result, every
query of its list answered, the bytes before the first result counted, a CPU slowdown applied. Its
figures are not asserted (speed is the benchmark's to print, not a test's)."""

from __future__ import annotations

from bench.search import query_list, search_timing
from conftest import REPO, project_locales
from rulings.content.tree import read


def test_the_search_benchmark_times_the_built_site(built_site, chromium):
    queries = query_list(read(REPO / "content"))[:5]
    locale = project_locales()[0]
    r = search_timing(built_site, locale, queries, runs=1, cpu_slowdown=2, browser=chromium)
    assert r is not None and "error" not in r, r
    assert r["first_result_ms"] > 0 and r["first_result_runs_ms"] == [r["first_result_ms"]]
    assert 0 < r["search_bytes_before_first_result"] < r["bytes_before_first_result"]
    assert len(r["query_ms"]) == len(queries) - 1 and not r["unchanged"], r["unchanged"]
    assert r["cpu_slowdown"] == 2 and r["longest_task_ms"] >= 0
