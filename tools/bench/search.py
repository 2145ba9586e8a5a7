"""Search timing in headless Chromium, online (http) and from ``file://``, at any size of synthetic content.

For each size: synthetic content (:mod:`bench.synth`), the online site and the offline (``file://``)
site built as ``rulings build`` builds them, then per locale and flavour, in a fresh browser page:

- ``first_result_ms``: from the page's load event to the first result shown, a query typed at once
  (by the page itself as its load event ends: a click from the harness would add its own round trip,
  100–250 ms on a loaded machine, to what is the search's time), and ``typed_ms``, when the typing began;
- ``bytes_before_first_result``: every byte the page, its frames and its workers requested until then
  (file sizes on disk: ``file://`` has no transfer sizes), and ``search_bytes_before_first_result``,
  those of the search alone (index files and worker, not the page and theme every visit loads);
- ``query_median_ms``/``query_p95_ms``: keyup to changed results, over a list of queries (names,
  words, prefixes, Italian, Chinese);
- ``ready_ms``: when the search worker's first READY reached the page (the worker has started; Material
  sends no query before it hears one), from the load event (negative: before it; median of the runs);
- ``longest_task_ms``: the longest main-thread task (PerformanceObserver ``longtask``) from the load
  event to the first result (the search runs on the main thread, in a frame of the page: online the
  page makes it, offline Material's worker shim).

``python tools/bench/search.py --sizes 10000,50000`` prints a table and writes JSON to ``build/``;
``--repo`` measures another checkout's code and site config (main's, for a before/after);
``--keep`` builds into a folder and measures what is there on later runs (content, sites, query list),
``--flavours online`` (or ``offline``) measures one of the two sites, ``--cpu-slowdown 4`` as on a
slower machine (Chromium's own CPU throttling of the page).
``tools/bench/run.py --search`` calls :func:`search_timing` on the sites it builds.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import shutil
import sys
import tempfile
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

LONGTASKS = """(() => { window.__longtasks = [];
  try { new PerformanceObserver(l => { for (const e of l.getEntries())
    window.__longtasks.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true}); }
  catch (e) {} })();"""

READY = """(() => { let inner = window.Worker;  // every worker made (Material's, ours, its file:// shim's):
  const wrap = (W) => typeof W !== 'function' ? W : function (...args) {  // the first READY it sends noted
    const w = Reflect.construct(W, args);
    w.addEventListener('message', ev => { if (ev.data && ev.data.type === 1 && window.__ready === undefined)
      window.__ready = performance.now(); });
    return w;
  };
  inner = wrap(inner);
  Object.defineProperty(window, 'Worker', {configurable: true, get: () => inner, set: (W) => { inner = wrap(W); }});
})();"""

FIRST_JS = """async (query, timeout, done) => {
  const input = document.querySelector('input.md-search__input');
  const list = document.querySelector('.md-search-result__list');
  const loadEnd = performance.timing.loadEventEnd - performance.timing.navigationStart;
  input.focus();
  const t0 = performance.now();
  const ask = () => { input.value = query;
    input.dispatchEvent(new KeyboardEvent('keyup', {key: 'End', bubbles: true})); };
  let first = null;  // when Material puts the first result in (the mutation's microtask, in that task)
  const shown = new Promise(resolve => {
    const seen = new MutationObserver(() => {
      if (list.children.length) { first = performance.now(); seen.disconnect(); resolve(); }
    });
    seen.observe(list, {childList: true});
  });
  ask();
  while (first === null) {  // asked again now and then until results show (Material ignores a query before
    await Promise.race([shown, new Promise(r => setTimeout(r, 50))]);  // its READY, and repeats), not every
    if (first !== null) break;                      // few ms: the page's main thread is the search's
    if (performance.now() - t0 > timeout) { console.debug(done); return {error: `no results within ${timeout} ms`}; }
    ask();
  }
  await new Promise(r => setTimeout(r, 100));  // long tasks are reported after they end: the last one too
  const tasks = window.__longtasks.filter(([s, d]) => s + d >= loadEnd && s <= first).map(([s, d]) => d);
  const ready = window.__ready === undefined ? null : window.__ready - loadEnd;
  console.debug(done);
  return {first_result_ms: first - loadEnd, typed_ms: t0 - loadEnd, page_load_ms: loadEnd, ready_ms: ready,
          longest_task_ms: Math.max(0, ...tasks), longtasks: tasks.length};
}"""

DONE = "rulings-bench: first result"


def _first_at_load(query: str, timeout_ms: int) -> str:
    """An init script typing ``query`` as soon as the load event has ended (FIRST_JS in window.__first)."""
    return (f"if (window.top === window) addEventListener('load', () => setTimeout(() => {{ window.__first = "
            f"({FIRST_JS})({json.dumps(query)}, {timeout_ms}, {json.dumps(DONE)}); }}, 0));")

QUERIES_JS = """async (queries) => {
  const input = document.querySelector('input.md-search__input');
  const list = document.querySelector('.md-search-result__list');
  const ask = (q) => { input.value = q;
    input.dispatchEvent(new KeyboardEvent('keyup', {key: 'End', bubbles: true})); };
  const times = [], unchanged = [];
  const until = async (done) => { const s = performance.now();
    while (!done() && performance.now() - s < 3000) await new Promise(r => setTimeout(r, 0)); return done(); };
  for (const q of queries) {  // keyup to results shown, from an empty list (an empty query between two)
    ask('');
    await until(() => list.children.length === 0);
    await new Promise(r => setTimeout(r, 20));
    const s = performance.now();
    ask(q);
    if (await until(() => list.children.length > 0)) times.push(performance.now() - s); else unchanged.push(q);
  }
  return {query_ms: times, unchanged};
}"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, *args: Any) -> None:  # the browser closing a page mid-transfer
        pass


def _serve(directory: str, ports: Any) -> None:
    """Serve ``directory`` over http in a process of its own: a server in the harness's process would
    share its interpreter lock with Playwright's event loop, slowing every request (not a real server)."""
    httpd = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=directory))
    ports.put(httpd.server_address[1])
    httpd.serve_forever()


def _chromium() -> str | None:
    """The browser a reader runs (Debian's ``chromium``) where installed: its figures are the published ones.
    Else the headless shell the tests use (``chromium-headless-shell``: the same Blink and V8 without the
    browser's own layers, so its times run somewhat lower)."""
    for name in ("chromium", "chromium-headless-shell"):
        found = shutil.which(name) or f"/usr/bin/{name}"
        if Path(found).exists():
            return found
    return None


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def search_timing(site: Path, locale: str, queries: list[str], *, offline: bool = False,
                  timeout_ms: int = 120_000, runs: int = 3, cpu_slowdown: float = 1,
                  browser: Any = None) -> dict[str, Any] | None:
    """The figures above for one locale of a built site (``offline``: opened from ``file://``, else
    served over http), over ``runs`` fresh page loads (cold caches): the first result's median, min
    and max, the queries' times of all runs together, the longest task of any. ``cpu_slowdown``: the
    page's CPU throttled that many times (DevTools' "CPU slowdown": a slower machine or a phone,
    whatever the one measuring). ``browser``: a Playwright browser to use (the tests' one: Playwright's
    sync API drives one at a time), else Chromium is launched. None without Chromium or Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    chromium = _chromium()
    if chromium is None and browser is None:
        return None
    server = None
    if offline:
        home = (site / locale / "index.html").as_uri()
    else:
        ports: Any = multiprocessing.Queue()
        server = multiprocessing.Process(target=_serve, args=(str(site), ports), daemon=True)
        server.start()
        home = f"http://127.0.0.1:{ports.get(timeout=60)}/{locale}/"
    done: list[dict[str, Any]] = []
    def loads(b: Any) -> dict[str, Any] | None:
        for _run in range(runs):
            out = _one_load(b, home, site, queries, timeout_ms, cpu_slowdown)
            if "error" in out:
                return out
            done.append(out)
        return None

    try:
        if browser is not None:
            failed = loads(browser)
        else:
            with sync_playwright() as p:
                launched = p.chromium.launch(executable_path=chromium, args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"])
                failed = loads(launched)
                launched.close()
        if failed:
            return failed
    finally:
        if server is not None:
            server.terminate()
            server.join()
    firsts = [r["first_result_ms"] for r in done]
    out = {**done[0], "first_result_ms": _pct(firsts, 0.5), "first_result_min_ms": min(firsts),
           "first_result_max_ms": max(firsts), "first_result_runs_ms": firsts,
           "typed_ms": _pct([r["typed_ms"] for r in done], 0.5),
           "ready_ms": _pct([r["ready_ms"] for r in done if r.get("ready_ms") is not None], 0.5),
           "longest_task_ms": max(r["longest_task_ms"] for r in done),
           "query_ms": [t for r in done for t in r["query_ms"]],
           "unchanged": [q for r in done for q in r["unchanged"]],
           "browser": Path(chromium).name if browser is None else browser.browser_type.name,
           "cpu_slowdown": cpu_slowdown}
    out["query_median_ms"] = _pct(out["query_ms"], 0.5)
    out["query_p95_ms"] = _pct(out["query_ms"], 0.95)
    return out


def _one_load(browser: Any, home: str, site: Path, queries: list[str], timeout_ms: int,
              cpu_slowdown: float = 1) -> dict[str, Any]:
    """One fresh page load: the first result (typed at the load event), then the other queries. The
    bytes count every request the harness saw by then (a few made just after it may be counted)."""
    requested: list[str] = []
    ctx = browser.new_context()
    ctx.add_init_script(LONGTASKS)
    ctx.add_init_script(READY)
    ctx.add_init_script(_first_at_load(queries[0], timeout_ms))
    page = ctx.new_page()
    if cpu_slowdown > 1:  # before the page loads: its frames share its renderer, so its throttle
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    page.on("request", lambda r: requested.append(r.url))
    # waited for as a console message, not with wait_for_function: that compiles Playwright's injected
    # script in the page (40-80 ms on the main thread) while the first result is being timed
    with page.expect_console_message(lambda m: m.text == DONE, timeout=timeout_ms + 30_000):
        page.goto(home, wait_until="load")
    out = page.evaluate("window.__first")
    out["bytes_before_first_result"] = _bytes(site, requested)
    out["search_bytes_before_first_result"] = _bytes(site, [u for u in requested if _is_search(u)])
    out["requests_before_first_result"] = len(requested)
    if "error" not in out:
        out.update(page.evaluate(QUERIES_JS, queries[1:]))
    ctx.close()
    return out


def _is_search(url: str) -> bool:
    """A request of the search: its index files and worker, not the page and its theme."""
    path = urlsplit(url).path
    return "/search/" in path or "/workers/" in path or "search-worker" in path


def _bytes(site: Path, urls: list[str]) -> int:
    """The size on disk of what these URLs name (each once)."""
    total = 0
    for url in dict.fromkeys(urls):
        parts = urlsplit(url)
        if parts.scheme == "file":
            path = Path(unquote(parts.path))
        elif parts.scheme in ("http", "https"):
            path = site / unquote(parts.path).lstrip("/")
            if path.is_dir():
                path = path / "index.html"
        else:
            continue
        if path.is_file():
            total += path.stat().st_size
    return total


def query_list(content: Any) -> list[str]:
    """Queries a reader would type on this content: names whole, as prefixes and with a typo, the rules'
    common words (English and Italian, from the texts themselves), Chinese terms; the first one (a
    card's name) times the first result."""
    from collections import Counter

    from rulings.model.entries import Entity, Ruling, Term
    from rulings.model.terms import HAN

    names = [e.name.source for e in content.entries if isinstance(e, Entity) and e.name][::97][:4]
    terms = [t.term.source for t in content.entries if isinstance(t, Term) and t.term]
    han = [x.text for t in content.entries if isinstance(t, Term) and t.term
           for x in t.term.translations.values() if HAN.search(x.text)][:2]
    typo = [n[:3] + n[4:] for n in names[:2] if len(n) > 6]
    words: dict[str, Counter] = {"en": Counter(), "it": Counter()}
    for r in content.entries:
        if isinstance(r, Ruling) and r.question and r.question.lang in words:
            words[r.question.lang].update(w.strip("?.,;:!'\"").lower() for w in r.question.source.split())
    common = [w for lang in ("en", "it") for w, _n in words[lang].most_common(40) if len(w) >= 6][:8]
    return [*names, *(n[:5] for n in names[1:3]), *typo, *terms[:3], *han, *common, " ".join(common[:2])]


def bench(n: int, repo: Path, tmp: Path, locales: list[str] | None, log: Any = print,
          runs: int = 3, flavours: tuple[str, ...] = ("online", "offline"), cpu_slowdown: float = 1) -> dict[str, Any]:
    """Synthetic content of ``n`` rulings, built online and offline, each locale measured both ways
    (or the ``flavours`` named). The query list is kept beside kept content: reading 50k rulings again
    takes a minute."""
    from bench import synth
    from rulings.build.site_build import build
    from rulings.content.tree import read

    content_dir = tmp / "content"
    if not content_dir.exists():  # else: kept from an earlier run (--keep)
        synth.generate(content_dir, n)
    kept = tmp / "queries.json"
    if kept.is_file():
        queries = json.loads(kept.read_text(encoding="utf-8"))
    else:
        queries = query_list(read(content_dir))
        kept.write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
    out: dict[str, Any] = {"rulings": n, "queries": queries, "sites": {}, "cpu_slowdown": cpu_slowdown}
    for flavour, offline in (("online", False), ("offline", True)):
        if flavour not in flavours:
            continue
        t0 = time.perf_counter()
        site = tmp / f"site-{flavour}"
        if not (site / "index.html").exists():
            build(repo, site, content_dir=content_dir, work=tmp / f"work-{flavour}", locales=locales,
                  bundles=False, offline=offline, log=lambda _m: None)
            log(f"{n} rulings: {flavour} site built in {time.perf_counter() - t0:.0f}s")
        for loc in locales or sorted(p.name for p in site.iterdir() if (p / "index.html").exists()):
            r = search_timing(site, loc, queries, offline=offline, runs=runs, cpu_slowdown=cpu_slowdown)
            out["sites"][f"{flavour}/{loc}"] = r
            log(f"  {flavour}/{loc}: {_row(r)}")
    return out


def _row(r: dict[str, Any] | None) -> str:
    if not r:
        return "no Chromium"
    if "error" in r:
        return r["error"]
    return (f"first result {r['first_result_ms'] / 1000:.3f} s ({r['first_result_min_ms'] / 1000:.3f}–"
            f"{r['first_result_max_ms'] / 1000:.3f}), {r['bytes_before_first_result'] / 1024:.0f} KiB "
            f"before it ({r['search_bytes_before_first_result'] / 1024:.0f} KiB search), "
            f"search ready at {_ms(r.get('ready_ms'))}, "
            f"query median {r['query_median_ms']:.0f} ms / p95 {r['query_p95_ms']:.0f} ms, "
            f"longest task {r['longest_task_ms']:.0f} ms")


def _ms(v: float | None) -> str:
    return "—" if v is None else f"{v:+.0f} ms"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Time the site search in Chromium at several sizes, online and "
                                            "from file://.")
    p.add_argument("--sizes", default="10000", help="rulings per size, comma-separated (default 10000)")
    p.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[2],
                   help="the checkout whose site config to build with (default: this one)")
    p.add_argument("--locales", default="", help="comma-separated (default: all)")
    p.add_argument("--keep", type=Path, default=None,
                   help="build in this folder and keep it, or measure what an earlier --keep built (one size)")
    p.add_argument("--runs", type=int, default=3, help="page loads per locale and flavour (default 3)")
    p.add_argument("--flavours", default="online,offline", help="online, offline or both (default)")
    p.add_argument("--cpu-slowdown", type=float, default=1,
                   help="throttle the page's CPU this many times, as DevTools does (4: about a mid-range phone)")
    p.add_argument("--json", type=Path, default=None, help="write the figures here (default build/bench-search.json)")
    a = p.parse_args(argv)
    results = []
    flavours = tuple(x for x in a.flavours.split(",") if x)
    for n in (int(x) for x in a.sizes.split(",")):
        locales = [x for x in a.locales.split(",") if x] or None
        if a.keep:
            results.append(bench(n, a.repo.resolve(), a.keep.resolve(), locales, runs=a.runs, flavours=flavours,
                                 cpu_slowdown=a.cpu_slowdown))
            continue
        with tempfile.TemporaryDirectory(prefix=f"bench-search-{n}-") as tmp:
            results.append(bench(n, a.repo.resolve(), Path(tmp), locales, runs=a.runs, flavours=flavours,
                                 cpu_slowdown=a.cpu_slowdown))
    target = a.json or a.repo / "build" / "bench-search.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    if a.cpu_slowdown > 1:
        print(f"\nThe page's CPU slowed down {a.cpu_slowdown:g} times (Chromium's throttling).")
    print("\n| rulings | site | first result, median (min–max) | before it (search) | search ready | query median "
          "| query p95 | longest task |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for res in results:
        for name, r in res["sites"].items():
            if r and "error" not in r:
                print(f"| {res['rulings']:,} | {name} | {r['first_result_ms'] / 1000:.3f} s "
                      f"({r['first_result_min_ms'] / 1000:.3f}–{r['first_result_max_ms'] / 1000:.3f}) | "
                      f"{r['bytes_before_first_result'] / 1024:.0f} KiB "
                      f"({r['search_bytes_before_first_result'] / 1024:.0f} KiB) | {_ms(r.get('ready_ms'))} | "
                      f"{r['query_median_ms']:.0f} ms | "
                      f"{r['query_p95_ms']:.0f} ms | {r['longest_task_ms']:.0f} ms |")
            else:
                print(f"| {res['rulings']:,} | {name} | {(r or {}).get('error', 'no Chromium')} |")
    print(f"(JSON: {target})")
    return 0


if __name__ == "__main__":
    if __package__ in (None, ""):  # run as a file: make ``bench`` importable
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
