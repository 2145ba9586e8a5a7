"""How a page reads in each locale on a phone: page heights and the share of visible text in English.

Prints, for a built site (``rulings build --no-bundles --out DIR``; http served from DIR), at 390×844 in
headless Chromium: each locale's height of the chosen pages and its ratio to the default locale's, and on
each page the share of the visible text (what ``innerText`` gives, printed names kept as printed aside)
written in another language than the page's (elements whose ``lang`` differs from the page's). Figures,
not assertions: the issue's targets (it/zh height ≤ 1.25 × en, visible English on a zh rules page
≤ 15 %) are read off, never tested with pixels that load can change.

``python tools/reading/phone.py DIR [PAGE …]`` (pages below a locale, e.g. ``sorcery/card/infiltrate/``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PAGES = ["sorcery/card/infiltrate/", "unidentified-1/rules/actions/"]
FOREIGN = """() => {
  const page = document.documentElement.lang.split('-')[0];
  const main = document.querySelector('article') || document.body;
  const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  let total = 0, foreign = 0;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !el.checkVisibility()) continue;
    const len = n.data.replace(/\\s+/g, '').length;
    if (!len) continue;
    total += len;
    const lang = (el.closest('[lang]') || document.documentElement).lang.split('-')[0];
    if (lang !== page && !el.closest('a.rl-name, .rl-names, h1')) foreign += len;  // printed names aside
  }
  return [total, foreign];
}"""


def measure(site: Path, pages: list[str], locales: list[str]) -> list[dict]:
    from playwright.sync_api import sync_playwright

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *_args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True)
        for rel in pages:
            for loc in locales:
                page.goto(f"{base}/{loc}/{rel}")
                height = page.evaluate("() => document.documentElement.scrollHeight")
                total, foreign = page.evaluate(FOREIGN)
                rows.append({"page": rel, "locale": loc, "height_px": height,
                             "foreign_share": round(foreign / total, 3) if total else 0.0})
        browser.close()
    server.shutdown()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("pages", nargs="*", default=PAGES)
    ap.add_argument("--locales", default="en,it,zh")
    args = ap.parse_args()
    locales = args.locales.split(",")
    rows = measure(args.site, args.pages, locales)
    base = {r["page"]: r["height_px"] for r in rows if r["locale"] == locales[0]}
    print(f"{'page':40} {'locale':6} {'height':>7} {'ratio':>6} {'foreign':>8}")
    for r in rows:
        r["ratio"] = round(r["height_px"] / base[r["page"]], 2)
        print(f"{r['page']:40} {r['locale']:6} {r['height_px']:7} {r['ratio']:6.2f} {r['foreign_share']:8.1%}")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
