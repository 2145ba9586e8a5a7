"""The search where the page cannot make its frame: Material's own worker thread answers.

Online the search runs in a hidden frame of the page (assets/search-frame.js); where that script does not
run (blocked, failed to load, a browser without it), Material's ``new Worker`` starts
assets/search-worker.js as a real worker, which fetches the index files instead of adding script tags.
That path must answer as the frame does: the query corpus's first pages first, from a worker, no frame."""

from __future__ import annotations

from conftest import project_locales

from .test_browser import browser, search, server  # noqa: F401 - fixtures
from .test_search import QUERIES, page_path

CASES = [q for q in QUERIES if ":" not in q["query"]][:3]  # a typo, a printed name, Chinese: no filters
"""A few of the corpus's queries: the worker runs the same code as the frame, only its loading differs."""


def test_without_the_frame_a_real_worker_answers_the_query_corpus(browser, server):  # noqa: F811
    locale = project_locales()[-1]
    ctx = browser.new_context()
    pg = ctx.new_page()
    pg.route("**/assets/search-frame.js", lambda route: route.abort())
    workers: list[str] = []
    index_loads: list[str] = []  # how each index file was asked for: "fetch" from a worker, "script" in a frame
    pg.on("worker", lambda w: workers.append(w.url))
    pg.on("request", lambda r: index_loads.append(r.resource_type) if "/search/rl/s/" in r.url else None)
    home = f"{server}/{locale}/"
    pg.goto(home)
    for case in CASES:
        found = [page_path(h, home) for h in search(pg, case["query"], marked=False)]  # the box emptied first
        assert found[:1] == [case["first"]], (case["query"], found[:5])
    assert [w for w in workers if "search-worker" in w], workers  # which path answered: a worker thread
    assert pg.eval_on_selector_all("iframe", "fs => fs.length") == 0
    assert index_loads and set(index_loads) == {"fetch"}, index_loads
    ctx.close()
