"""Search timing in headless Chromium: how soon after page load the first result appears, and each query."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

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
