"""``rulings serve`` as a contributor keeps it open: in a repository (the site inputs of this one, with a small
content tree: the behaviour does not depend on its size), an edited ruling appears in the served page, a broken
file puts the errors in a banner, fixing it brings the page back, and an idle preview never rebuilds and
watches through inotify. A one-ruling edit renders only the pages that show the ruling, and after edits the
preview's pages are a fresh preview's. The banner shows on a page already open, escaped and wrapped."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import rulings
from conftest import build_tree, site_inputs
from rulings.build.live_server import PROBLEMS_URL
from rulings.build.live_site import LiveSite
from rulings.build.serve import Preview
from rulings.content.tree import read
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.layout import build_model
from web.conftest import EPOCH, PHONE, trimmed_tree

TIMEOUT = 180.0
"""Generous: the machine may be loaded; nothing here measures speed."""
IDLE = 5.0
MARKER = "Zqxvelonic"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def page_text(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.read().decode("utf-8")
    except OSError:
        return ""


def until(what: str, check: Callable[[], bool], proc: subprocess.Popen, log: list[str]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if check():
            return
        if proc.poll() is not None:
            pytest.fail(f"serve exited ({proc.returncode}) waiting for {what}:\n" + "".join(log[-40:]))
        time.sleep(0.3)
    pytest.fail(f"no {what} after {TIMEOUT}s:\n" + "".join(log[-40:]))


def a_ruling(tree: Path) -> tuple[Path, str, str]:
    """A ruling whose English answer is written on one line of its file: the file, that text, its page."""
    content = read(tree / "content")
    model = build_model(content)
    for e in content.entries:
        if isinstance(e, Ruling) and e.answer and e.lang == "en" and len(e.answer.source) > 20:
            text = e.answer.source
            page = model.locator.page_of(e.id)
            for f in (tree / "content" / e.game).glob("rulings*.yml"):
                if page and f.read_text(encoding="utf-8").count(f"en: {text}\n") == 1:
                    return f, text, P.url_of(page, True)
    pytest.skip("no ruling with a one-line English answer in content/")


def rebuilds(log: list[str]) -> int:
    return sum(": regenerated in " in line or "still the same" in line for line in log)


@contextmanager
def running_preview(tree: Path) -> Iterator[tuple[subprocess.Popen, list[str], str]]:
    """``rulings serve`` started in ``tree`` as a contributor starts it: its process, its output lines so far,
    its address (``http://127.0.0.1:PORT``); stopped after."""
    port = free_port()
    code = str(Path(rulings.__file__).resolve().parents[1])
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen([sys.executable, "-m", "rulings.cli", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                            cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log: list[str] = []
    threading.Thread(target=lambda: log.extend(iter(proc.stdout.readline, "")), daemon=True).start()
    try:
        yield proc, log, f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def small_tree(tmp_path: Path) -> Path:
    tree = site_inputs(tmp_path)
    build_tree(tree, rulings=[Ruling("demo/ruling/sword-twice", "en", [Provenance("doc", (1, 2))],
                                     question=Text("en", "Can I use the Sword twice?"),
                                     answer=Text("en", "Yes, once on each of your turns."),
                                     about=["demo/card/sword"])])
    return tree


@pytest.mark.build
def test_serve_shows_edits_and_errors_and_stays_idle(tmp_path: Path) -> None:
    tree = small_tree(tmp_path)
    rulings_file, answer, url_path = a_ruling(tree)
    good = rulings_file.read_text(encoding="utf-8")
    with running_preview(tree) as (proc, log, address):
        url = f"{address}/{url_path}"
        problems = f"{address}{PROBLEMS_URL}"
        until("page", lambda: "md-content" in page_text(url), proc, log)
        assert MARKER not in page_text(url)

        rulings_file.write_text(good.replace(f"en: {answer}\n", f"en: {MARKER} {answer}\n"), encoding="utf-8")
        until("edited answer", lambda: MARKER in page_text(url), proc, log)

        broken = good.replace("kind: rulings", "kind: rulings\nbogus_field: 1", 1)
        rulings_file.write_text(broken, encoding="utf-8")
        until("error banner", lambda: "bogus_field" in page_text(problems), proc, log)
        assert any(rulings_file.name in line for line in json.loads(page_text(problems)))
        assert "bogus_field" not in page_text(url)  # the page holds no banner: the open page fetches it
        assert sum("bogus_field" in line for line in log) >= 1

        rulings_file.write_text(good, encoding="utf-8")
        until("the page without banner", lambda: json.loads(page_text(problems) or "[1]") == []
              and "md-content" in (h := page_text(url)) and MARKER not in h, proc, log)
        assert sum("bogus_field" in line for line in log) == 1, "the error was printed more than once"

        time.sleep(1.0)  # the last rebuild's own writes settle
        before = rebuilds(log)
        for _ in range(3):  # reads of every input: a watcher reacting to them would rebuild
            for f in (tree / "content").rglob("*.yml"):
                f.read_bytes()
        time.sleep(IDLE)
        assert rebuilds(log) == before, "".join(log[-20:])
        # idle, it polls nothing: one process (mkdocs in it), its watcher an inotify instance
        assert [p for p in Path("/proc").iterdir() if p.name.isdigit() and _ppid(p) == proc.pid] == []
        assert "anon_inode:inotify" in {os.readlink(fd) for fd in Path(f"/proc/{proc.pid}/fd").iterdir()
                                         if fd.is_symlink()}


def _ppid(proc: Path) -> int | None:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


# --- in this process: which pages an edit renders, and a fresh preview's pages ---------------------------

URL = "http://127.0.0.1:8000/"


def _start(tree: Path) -> tuple[Preview, LiveSite]:
    preview = Preview(tree, "en", lambda _line: None)
    assert preview.regenerate(), preview.problems
    site = LiveSite(preview.base / "mkdocs.yml", preview.site_dir, URL, EPOCH)
    site.build()
    assert len(site._index_events) == 2  # Material's search index, then ours: made after the pages show
    return preview, site


def _update(preview: Preview, site: LiveSite) -> list[str]:
    """One rebuild as the server's does it (no theme changed); the pages mkdocs rendered."""
    assert preview.regenerate(), preview.problems
    r = preview.last
    if r.config_changed:
        site.invalidate()
    pages = site.build(r.docs_changed, index=False).pages
    site.index()
    return pages


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _times(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def _output(doc: str) -> str:
    """Where mkdocs (directory URLs) writes a file of docs/."""
    if not doc.endswith(".md"):
        return doc
    stem = doc.removesuffix(".md")
    return f"{stem}.html" if stem == "index" or stem.endswith("/index") else f"{stem}/index.html"


EVERY_BUILD = ("sitemap.xml", "sitemap.xml.gz", "404.html", "search/")
"""What mkdocs (and our search hook) writes in every build, incremental or not."""


@pytest.mark.build
def test_a_one_ruling_edit_renders_only_its_pages_and_edits_end_as_a_fresh_preview(tmp_path: Path) -> None:
    tree = trimmed_tree(tmp_path / "edited")  # every game and page kind, few pages
    preview, site = _start(tree)
    docs = preview.base / "docs"
    rulings_file, answer, url_path = a_ruling(tree)
    md_before, html_before = _files(docs), _files(preview.site_dir)
    times_before = _times(preview.site_dir)
    good = rulings_file.read_text(encoding="utf-8")
    rulings_file.write_text(good.replace(f"en: {answer}\n", f"en: {MARKER} {answer}\n"), encoding="utf-8")

    rendered = _update(preview, site)
    md_after = _files(docs)
    written = {p for p in md_after if md_after[p] != md_before.get(p)}
    assert set(preview.last.docs_changed) == written  # only the files whose bytes changed were written
    assert url_path.rstrip("/") + ".md" in written or url_path + "index.md" in written  # the ruling's own page
    assert written == {p for p, b in md_after.items() if MARKER.encode() in b}  # and the pages that show it
    assert len(written) < len(md_after) / 4
    assert sorted(rendered) == sorted(p for p in written if p.endswith(".md"))
    html_after, times_after = _files(preview.site_dir), _times(preview.site_dir)
    outputs = {_output(p) for p in written}
    untouched = [p for p in html_after if p not in outputs and not p.startswith(EVERY_BUILD)]  # and the theme's
    assert len([p for p in untouched if p.endswith(".html")]) > 3 * len(written)
    assert [p for p in untouched if (html_after[p], times_after[p]) != (html_before[p], times_before[p])] == []
    assert all(html_after[p] != html_before[p] for p in outputs if p.endswith(".html"))

    # more edits: a ruling gone, a bad edit and its fix, a new ruling, the first one back
    lines = good.split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("- id: ")]
    if len(starts) > 1:
        without = "\n".join(lines[:starts[-1]] + ([""] if lines[-1] == "" else []))
        rulings_file.write_text(without, encoding="utf-8")
        _update(preview, site)
    rulings_file.write_text(good.replace("kind: rulings", "kind: rulings\nbogus_field: 1", 1), encoding="utf-8")
    assert not preview.regenerate()
    rulings_file.write_text(good.replace(f"en: {answer}\n", f"en: {answer} Zzyzx.\n"), encoding="utf-8")
    _update(preview, site)

    fresh_tree = tmp_path / "fresh"
    for name in ("content", "locales", "site_config", "docs", "mkdocs.yml", "schemas"):
        (shutil.copytree if (tree / name).is_dir() else shutil.copy)(tree / name, fresh_tree / name)
    fresh, fresh_site = _start(fresh_tree)
    assert _files(preview.base / "docs") == _files(fresh.base / "docs")
    served, again = _files(preview.site_dir), _files(fresh.site_dir)
    assert sorted(served) == sorted(again)
    assert [p for p in served if served[p] != again[p]] == []
    site.close()
    fresh_site.close()


# --- in Chromium: the banner on pages already open ---------------------------------------------------

HOSTILE = "<img src=x onerror=\"window.__pwned=1\">" + "x" * 180
"""A field name the schema refuses (its message quotes it): markup if it were parsed, and a word longer than any
line of a phone, or of the 1200 px desktop a contributor saw the banner cut off at."""

BANNER = """() => { const b = document.querySelector('.rl-serve-problems'); if (!b) return null;
  const pre = b.querySelector('pre'), range = document.createRange(); range.selectNodeContents(pre);
  const right = Math.max(...[...range.getClientRects()].map(r => r.right));
  return {text: b.textContent, markup: b.querySelectorAll('*').length, pwned: window.__pwned === 1,
          fits: right <= document.documentElement.clientWidth + 0.5 && pre.scrollWidth <= pre.clientWidth
                && b.scrollWidth <= b.clientWidth}; }"""


def test_the_banner_shows_on_open_pages_escaped_and_wrapped_and_goes_with_the_fix(tmp_path: Path, chromium) -> None:
    tree = small_tree(tmp_path)
    rulings_file, _answer, url_path = a_ruling(tree)
    good = rulings_file.read_text(encoding="utf-8")
    desk = chromium.new_context(viewport={"width": 1200, "height": 800})
    phone = chromium.new_context(**PHONE)
    try:
        with running_preview(tree) as (proc, log, address):
            pages = [ctx.new_page() for ctx in (desk, phone)]
            until("page", lambda: "md-content" in page_text(f"{address}/{url_path}"), proc, log)
            for pg in pages:
                pg.goto(f"{address}/{url_path}")
                assert pg.evaluate(BANNER) is None
            # a bad edit: a reference to a card that is not there (did you mean…), and a field the schema refuses
            broken = good.replace("- demo/card/sword\n", "- demo/card/swordd\n", 1) + (
                f"  - id: demo/ruling/more\n    lang: en\n    statement:\n      en: More.\n    '{HOSTILE}': 1\n"
                "    provenance:\n      document: doc\n      lines: [1, 2]\n")
            assert "swordd" in broken
            rulings_file.write_text(broken, encoding="utf-8")
            for pg in pages:  # the pages the contributor has open show it: nobody reloads them but the preview
                shown = _wait(pg, lambda pg=pg: pg.evaluate(BANNER), proc, log)
                assert HOSTILE in shown["text"] and "did you mean 'demo/card/sword'" in shown["text"], shown
                assert shown["markup"] == 2 and not shown["pwned"]  # its heading and lines: text, never markup
                assert shown["fits"], shown  # wrapped: nothing cut off, on the desktop or the phone
            rulings_file.write_text(good, encoding="utf-8")
            for pg in pages:
                _wait(pg, lambda pg=pg: pg.evaluate("() => document.readyState === 'complete' && "
                                                    "!!document.querySelector('.md-content') && "
                                                    "!document.querySelector('.rl-serve-problems')"), proc, log)
    finally:
        desk.close()
        phone.close()


def _wait(pg, check: Callable[[], object], proc: subprocess.Popen, log: list[str]):
    """``check()`` once it is truthy, asked again while the page reloads (a live reload destroys the document
    a question was put to)."""
    found: list = []

    def ask() -> bool:
        try:
            found[:] = [check()]
        except Exception:  # noqa: BLE001 - the page is navigating: ask again
            return False
        return bool(found[0])

    until("the banner's change on an open page", ask, proc, log)
    return found[0]
