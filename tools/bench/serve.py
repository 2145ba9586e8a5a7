"""The live preview as a contributor sees it: ``rulings serve`` on a copy of a checkout, a page open in Chromium.

What it prints (and writes as JSON to ``build/bench-serve.json``):

- **edit → visible**: ``--edits`` one-ruling edits (a word added to one English answer in a ``rulings.yml``),
  each timed from the moment the harness writes the file to the moment the open page's text holds the new
  word (the page polled every 10 ms through Playwright, across its live reloads): min / median / max;
- **banner appears / clears**: a bad edit (an unknown field) until the open page shows the error banner with
  that field in it, then the fix until the banner is gone;
- **idle CPU**: user + system time of the preview's processes (``rulings serve`` and every process under it)
  over ``--idle`` seconds with the page open and nothing edited, as a percentage of one CPU;
- **RSS**: the resident memory of those processes together, at the end.

The JSON keeps every figure and the preview's whole output (its own timing of each rebuild's steps).

The preview runs the code of ``--repo`` (default: this checkout) from its ``scripts/``, with this
interpreter, on a temporary copy of its site inputs and content, so nothing of the checkout is edited; a
before/after is two runs, ``--repo`` an unpacked copy of the older commit (``git archive``). Wall times depend
on the machine's load: the load averages are printed and kept.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
INPUTS = ("content", "locales", "site_config", "docs", "mkdocs.yml")
MARK = "Zqxvel"
BAD_FIELD = "bogus_field_for_the_bench"
POLL = 0.01
TIMEOUT = 120.0
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
BANNER = ".rl-serve-problems"


def stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pick_ruling(tree: Path, locale: str) -> tuple[Path, str, str]:
    """A ruling whose English answer is one line of its file: that file, the answer, its page's URL path."""
    from rulings.content.tree import read
    from rulings.model.entries import Ruling
    from rulings.site import paths as P
    from rulings.site.layout import build_model

    content = read(tree / "content")
    model = build_model(content)
    for e in content.entries:
        if isinstance(e, Ruling) and e.answer and e.lang == "en" and len(e.answer.source) > 20:
            page = model.locator.page_of(e.id)
            for f in sorted((tree / "content" / e.game).glob("rulings*.yml")):
                if page and f.read_text(encoding="utf-8").count(f"en: {e.answer.source}\n") == 1:
                    return f, e.answer.source, P.url_of(page, True)
    raise SystemExit("no ruling with a one-line English answer in content/")


# --- the preview's processes ---------------------------------------------------------------------


def tree_pids(root: int) -> list[int]:
    """``root`` and every process under it (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User + system seconds these processes have used (their own, not their reaped children's)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


# --- the page ------------------------------------------------------------------------------------


def wait_page(page: Any, js: str, arg: Any, what: str) -> float:
    """Poll ``js(arg)`` in the open page until it is true; the time it became so (perf_counter). A page
    reloading between two polls answers nothing for a moment: polled again."""
    deadline = time.perf_counter() + TIMEOUT
    while time.perf_counter() < deadline:
        try:
            if page.evaluate(js, arg):
                return time.perf_counter()
        except Exception:  # noqa: BLE001 - the page is navigating (a live reload): ask again
            pass
        time.sleep(POLL)
    raise SystemExit(f"no {what} within {TIMEOUT:.0f}s")


HAS_TEXT = "(w) => { const m = document.querySelector('.md-content'); return !!m && m.innerText.includes(w); }"
BANNER_WITH = f"(w) => {{ const b = document.querySelector('{BANNER}'); return !!b && b.textContent.includes(w); }}"
NO_BANNER = (f"() => document.readyState === 'complete' && !!document.querySelector('.md-content') "
             f"&& !document.querySelector('{BANNER}')")


def measure(repo: Path, *, edits: int, idle: float, locale: str, log: Callable[[str], Any] = stderr) -> dict[str, Any]:
    """Start the preview of ``repo``'s code on a copy of its inputs, and take every figure of the module."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium-headless-shell") or shutil.which("chromium")
    if chromium is None:
        raise SystemExit("needs Debian's chromium-headless-shell (or chromium)")
    tmp = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    tree = tmp / "repo"
    for name in INPUTS:
        (shutil.copytree if (repo / name).is_dir() else shutil.copy)(repo / name, tree / name)
    rulings_file, answer, url_path = pick_ruling(tree, locale)
    good = rulings_file.read_text(encoding="utf-8")
    port = free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (str(repo / "scripts"), os.environ.get("PYTHONPATH")) if p)}
    t_start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "rulings.cli", "serve", "--locale", locale,
                             "--dev-addr", f"127.0.0.1:{port}"], cwd=tree, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True).start()
    url = f"http://127.0.0.1:{port}/{url_path}"
    out: dict[str, Any] = {"repo": str(repo), "locale": locale, "page": url_path, "file": rulings_file.name,
                           "loadavg_start": [round(x, 2) for x in os.getloadavg()]}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            deadline = time.perf_counter() + 600
            while True:
                try:
                    if page.goto(url, timeout=10_000).ok:
                        break
                except Exception:  # noqa: BLE001 - not serving yet
                    pass
                if proc.poll() is not None or time.perf_counter() > deadline:
                    raise SystemExit("the preview did not start:\n" + "".join(lines[-30:]))
                time.sleep(0.2)
            out["start_seconds"] = time.perf_counter() - t_start
            wait_page(page, "() => !!document.querySelector('.md-content')", None, "page")
            time.sleep(3.0)  # the start's last writes and reloads settle
            visible = []
            for i in range(edits):
                word = f"{MARK}{i}a"
                text = good.replace(f"en: {answer}\n", f"en: {word} {answer}\n")
                t0 = time.perf_counter()
                rulings_file.write_text(text, encoding="utf-8")
                visible.append(wait_page(page, HAS_TEXT, word, f"edit {i}") - t0)
                log(f"  edit {i + 1}/{edits}: visible after {visible[-1]:.2f}s")
                time.sleep(1.5)
            out["edit_visible_seconds"] = visible
            last = text
            broken = last.replace("kind: rulings", f"kind: rulings\n{BAD_FIELD}: 1", 1)
            t0 = time.perf_counter()
            rulings_file.write_text(broken, encoding="utf-8")
            out["banner_appear_seconds"] = wait_page(page, BANNER_WITH, BAD_FIELD, "banner") - t0
            log(f"  banner shown after {out['banner_appear_seconds']:.2f}s")
            time.sleep(1.5)
            t0 = time.perf_counter()
            rulings_file.write_text(last, encoding="utf-8")
            out["banner_clear_seconds"] = wait_page(page, NO_BANNER, None, "banner cleared") - t0
            log(f"  banner gone after {out['banner_clear_seconds']:.2f}s")
            time.sleep(3.0)
            pids = tree_pids(proc.pid)
            c0, w0 = cpu_seconds(pids), time.perf_counter()
            time.sleep(idle)
            pids = tree_pids(proc.pid)
            out["idle_cpu_percent"] = 100 * (cpu_seconds(pids) - c0) / (time.perf_counter() - w0)
            out["processes"] = len(pids)
            out["rss_bytes"] = rss_bytes(pids)
            browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    out["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    out["log"] = lines  # the preview's own account of each rebuild (regenerated in …, mkdocs rendered … in …)
    return out


def table(result: dict[str, Any]) -> str:
    v = result["edit_visible_seconds"]
    rows = [
        ("edit → visible (min / median / max)", f"{min(v):.2f} / {statistics.median(v):.2f} / {max(v):.2f} s "
                                                f"({len(v)} edits)"),
        ("banner appears after a bad edit", f"{result['banner_appear_seconds']:.2f} s"),
        ("banner clears after the fix", f"{result['banner_clear_seconds']:.2f} s"),
        ("idle CPU (all preview processes)", f"{result['idle_cpu_percent']:.1f} % of one CPU "
                                             f"({result['processes']} processes)"),
        ("RSS (all preview processes)", f"{result['rss_bytes'] / 2**20:.0f} MiB"),
        ("start (until the page is served)", f"{result['start_seconds']:.1f} s"),
        ("load average (start → end)", f"{result['loadavg_start']} → {result['loadavg_end']}"),
    ]
    return "\n".join(["| figure | value |", "|---|---|", *(f"| {a} | {b} |" for a, b in rows)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", type=Path, default=REPO, help="the checkout whose code and inputs run the preview")
    ap.add_argument("--edits", type=int, default=5, help="one-ruling edits to time (default 5)")
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured (default 10)")
    ap.add_argument("--locale", default="en")
    ap.add_argument("--json", type=Path, default=REPO / "build" / "bench-serve.json")
    args = ap.parse_args(argv)
    result = measure(args.repo.resolve(), edits=args.edits, idle=args.idle, locale=args.locale)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(table(result))
    return 0


if __name__ == "__main__":
    if __package__ in (None, ""):
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
