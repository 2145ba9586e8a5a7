"""``rulings serve`` as a contributor keeps it open: in a repository (the site inputs of this one, with a small
content tree: the behaviour does not depend on its size), an edited ruling appears in the served page, a broken
file puts the errors in a banner, fixing it brings the page back, and an idle preview never rebuilds."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

import rulings
from conftest import build_tree, site_inputs
from rulings.content.tree import read
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.layout import build_model

pytestmark = pytest.mark.build

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


def test_serve_shows_edits_and_errors_and_stays_idle(tmp_path: Path) -> None:
    tree = site_inputs(tmp_path)
    build_tree(tree, rulings=[Ruling("demo/ruling/sword-twice", "en", Provenance("doc", (1, 2)),
                                     question=Text("en", "Can I use the Sword twice?"),
                                     answer=Text("en", "Yes, once on each of your turns."),
                                     about=["demo/card/sword"])])
    rulings_file, answer, url_path = a_ruling(tree)
    port = free_port()
    code = str(Path(rulings.__file__).resolve().parents[1])
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen([sys.executable, "-m", "rulings.cli", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                            cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log: list[str] = []
    threading.Thread(target=lambda: log.extend(iter(proc.stdout.readline, "")), daemon=True).start()
    url = f"http://127.0.0.1:{port}/{url_path}"
    good = rulings_file.read_text(encoding="utf-8")
    try:
        until("page", lambda: "md-content" in page_text(url), proc, log)
        assert MARKER not in page_text(url)

        rulings_file.write_text(good.replace(f"en: {answer}\n", f"en: {MARKER} {answer}\n"), encoding="utf-8")
        until("edited answer", lambda: MARKER in page_text(url), proc, log)

        broken = good.replace("kind: rulings", "kind: rulings\nbogus_field: 1", 1)
        rulings_file.write_text(broken, encoding="utf-8")
        until("error banner", lambda: "rl-serve-problems" in page_text(url), proc, log)
        html = page_text(url)
        assert "bogus_field" in html and rulings_file.name in html
        assert sum("bogus_field" in line for line in log) >= 1

        rulings_file.write_text(good, encoding="utf-8")
        until("the page without banner", lambda: "rl-serve-problems" not in (h := page_text(url))
              and "md-content" in h and MARKER not in h, proc, log)
        assert sum("bogus_field" in line for line in log) == 1, "the error was printed more than once"

        time.sleep(1.0)  # the last rebuild's own writes settle
        before = rebuilds(log)
        for _ in range(3):  # reads of every input: a watcher reacting to them would rebuild
            for f in (tree / "content").rglob("*.yml"):
                f.read_bytes()
        time.sleep(IDLE)
        assert rebuilds(log) == before, "".join(log[-20:])
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
