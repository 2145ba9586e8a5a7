"""The real site, built once per test session (all locales, offline bundles, Kiwix archives) from a copy of
the repository, in a process of its own, as `rulings build` builds it. Every test that only reads the output
uses this one build. test_reproducible.py compares two more builds of a trimmed copy (:func:`trimmed_tree`:
every game, locale, file kind and page kind, a few entries of each), made in two folders by two processes
with different PYTHONHASHSEED values, for about half the CPU of a second full build.

The browser tests share one headless Chromium per test session (per pytest-xdist worker), and a module's
tests one page of each kind they need (a desktop screen, a phone), navigated from test to test and reset in
between (``shared_page``): a new page costs about 0.3 CPU s even blank, the next page of the site in an open
one less than that.

The builds start in the background as soon as the tests are collected (if a selected test needs them), so
they run while the other tests do; a test that reads one waits for it. With pytest-xdist the first worker to
finish collecting starts them, in the folder the workers share, and every worker waits for the same builds."""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import rulings
from rulings.vcs import head_time

REPO = Path(__file__).resolve().parents[2]
# Not inputs of a build: git's data, the virtualenv, earlier output and caches (top level), bytecode (anywhere).
NOT_INPUTS = {".git", ".venv", "build", "site", "po", "node_modules"}
# The copies have no git history to date them, so they are given the checkout's commit time.
EPOCH = str(head_time(REPO) or 1_700_000_000)
# Debian's old headless shell: the same Blink and V8 as its chromium, without the browser's UI layers, which
# took about 40 % of the CPU of each page the tests load; Debian's full chromium where the shell is missing.
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium-headless-shell")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def copy_tree(dest: Path) -> Path:
    """The repository as a build reads it, copied to ``dest``."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        top = Path(folder) == REPO
        return {n for n in names if n == "__pycache__" or (top and (n in NOT_INPUTS or n.startswith(".")))}

    shutil.copytree(REPO, dest, ignore=ignore, symlinks=True)
    return dest


TRIMMED_KEEP = 2
"""Entries a trimmed copy keeps of each shape in each content file (before adding what they refer to): two,
so every list a page or bundle shows has at least two items whose order a hash seed could change."""


def trimmed_tree(dest: Path, keep: int = TRIMMED_KEEP) -> Path:
    """The repository copied to ``dest`` with each content file cut to the first ``keep`` entries of each
    shape (of one type, about something or not: a hero, a ruling about no card) and every entry they name (by id,
    anywhere in their fields), again and again until nothing named is missing: a valid tree with every game,
    locale, file kind, page kind and original of the real one, and few pages."""
    from rulings.content.dump import write
    from rulings.content.load import load

    copy_tree(dest)
    files = {p: load(p).data for p in sorted((dest / "content").glob("*/*.yml"))}
    listed = {p: data for p, data in files.items() if isinstance(data, dict) and "entries" in data}
    entries = {e["id"]: json.dumps(e, default=str, ensure_ascii=False) for d in listed.values() for e in d["entries"]}
    named = re.compile("|".join(map(re.escape, sorted(entries, key=len, reverse=True))))
    shapes: dict[tuple, list[str]] = {}  # per file, entries of one type, about something or not: a page kind each
    for path, data in listed.items():
        for e in data["entries"]:
            shapes.setdefault((path, str(e.get("type")), bool(e.get("about"))), []).append(e["id"])
    wanted = [i for ids in shapes.values() for i in ids[:keep]]
    kept: set[str] = set()
    while wanted:
        entry = wanted.pop()
        if entry not in kept:
            kept.add(entry)
            wanted += named.findall(entries[entry])
    for path, data in listed.items():
        write(path, {**data, "entries": [e for e in data["entries"] if e["id"] in kept]}, dest / "schemas")
    return dest


def build_command(tree: Path, hash_seed: str) -> tuple[list[str], dict[str, str]]:
    """`python -m rulings.cli build` for ``tree`` with this PYTHONHASHSEED: the command and its environment."""
    code = str(Path(rulings.__file__).resolve().parents[1])  # the code under test, whatever the install
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "SOURCE_DATE_EPOCH": EPOCH, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    return [sys.executable, "-m", "rulings.cli", "build", "--out", "site"], env


@dataclass(frozen=True)
class SessionBuild:
    """One full build of a copy of the repository (or of a trimmed copy), in ``folder``, by a process of its
    own; its exit code lands in ``folder/rc`` when it ends (written last, so a worker that sees it sees the
    whole site)."""

    fixture: str  # the fixture that returns it
    folder: Path
    hash_seed: str
    trimmed: bool = False

    @property
    def site(self) -> Path:
        return self.folder / "tree" / "site"

    @property
    def unzipped(self) -> Path:
        """Where the offline bundle of every locale is unzipped once for the session (see :meth:`start`)."""
        return self.folder / "unzipped"

    def start(self, unzip: bool = False) -> subprocess.Popen:
        """Start the build; ``unzip``: then unzip its bundle of every locale into :attr:`unzipped` before its exit
        code lands, once for every worker."""
        from rulings.build.workers import die_with_parent

        tree = self.folder / "tree"
        if self.trimmed:  # trimmed once, copied for each build (the builds start one after the other)
            trimmed = self.folder.parent / "trimmed-tree"
            if not trimmed.exists():
                trimmed_tree(trimmed)
            shutil.copytree(trimmed, tree, symlinks=True)
        else:
            copy_tree(tree)
        cmd, env = build_command(tree, self.hash_seed)
        log = (self.folder / "log").open("w", encoding="utf-8")
        proc = subprocess.Popen(cmd, cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT,
                                preexec_fn=die_with_parent)  # gone with the test run, however it ends
        (self.folder / "pid").write_text(str(proc.pid), encoding="utf-8")

        def report() -> None:
            code = proc.wait()
            log.close()
            if code == 0 and unzip:
                try:
                    unzip_bundle(self.site, self.folder / "unzipped.tmp").parent.rename(self.unzipped)
                except OSError as e:  # each worker's fixture unzips it then
                    (self.folder / "unzip-error").write_text(repr(e), encoding="utf-8")
            (self.folder / "rc.tmp").write_text(str(code), encoding="utf-8")
            (self.folder / "rc.tmp").replace(self.folder / "rc")

        threading.Thread(target=report, daemon=True).start()
        return proc

    def wait(self) -> Path:
        """The site, once built; fails the test with the build's output if the build failed."""
        rc, pid = self.folder / "rc", self.folder / "pid"
        if not (self.folder.parent / "started").exists():
            raise RuntimeError(f"{self.fixture}: the session's build was not started (see pytest_collection_finish)")
        gone = None
        while not rc.exists():  # written when the build's process ends
            if pid.exists() and not Path(f"/proc/{pid.read_text(encoding='utf-8')}").exists():
                gone = gone or time.monotonic()
                if time.monotonic() - gone > 30:  # ended without a word: its test run was killed
                    raise RuntimeError(f"{self.fixture}: the build in {self.folder} ended without an exit code")
            time.sleep(0.2)  # the starting worker is still copying the tree, or the build runs
        code = int(rc.read_text(encoding="utf-8"))
        if code != 0:
            raise RuntimeError(f"rulings build failed in {self.folder} ({code}):\n"
                               + (self.folder / "log").read_text(encoding="utf-8")[-6000:])
        return self.site


def shared_folder(config: pytest.Config) -> Path:
    """The session's temporary folder; under pytest-xdist, the one its workers share."""
    base = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def session_builds(config: pytest.Config) -> dict[str, SessionBuild]:
    root = shared_folder(config) / "session-builds"
    return {name: SessionBuild(name, root / folder, seed, trimmed)
            for name, folder, seed, trimmed in zip(SESSION_FIXTURES, ("a", "b", "c"), ("1", "2", "3"),
                                                   (False, True, True), strict=True)}


STARTED: list[subprocess.Popen] = []
SESSION_FIXTURES = ("built_site", "trimmed_site", "trimmed_site_again")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules that read the session's builds run last, so everything else runs while they build (whole
    modules: `make test` gives each xdist worker whole files, in this order, see the Makefile), the largest
    of them first, so the last to finish is a small one."""
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    reads = {path for path, its in modules.items()
             if any(f in getattr(item, "fixturenames", ()) for item in its for f in SESSION_FIXTURES)}
    order = {path: (path in reads, -len(its) if path in reads else n) for n, (path, its) in enumerate(modules.items())}
    items.sort(key=lambda item: order[item.path])


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the session's builds that a selected test needs, once per run (the first worker to get here)."""
    if session.config.option.collectonly:
        return
    needed = {name for item in session.items for name in getattr(item, "fixturenames", ())}
    builds = [b for name, b in session_builds(session.config).items() if name in needed]
    if not builds or (shutil.which("npm") is None and not os.environ.get("CI")):
        return  # nothing needs them (e.g. -m unit), or they cannot run: the fixtures skip, saying why
    root = builds[0].folder.parent
    root.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(root / "started", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return  # another worker started them
    for b in builds:
        b.folder.mkdir()
        STARTED.append(b.start(unzip=b.fixture == "built_site" and "unzipped" in needed))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Never leave a build running: wait for it (another worker may still read it), unless the run was
    stopped."""
    for proc in STARTED:
        if session.shouldstop or session.shouldfail:
            proc.kill()
        proc.wait()


def needs_npm() -> None:
    """The full build makes the offline bundles, whose shim npm fetches: without npm, skip with the reason
    (in CI, where npm is installed, fail instead)."""
    if shutil.which("npm") is None and not os.environ.get("CI"):
        pytest.skip("npm is not installed (apt-get install npm; .ci/run installs it): the full build's "
                    "offline bundles need it")


@pytest.fixture(scope="session")
def built_site(request) -> Path:
    needs_npm()
    return session_builds(request.config)["built_site"].wait()


@pytest.fixture(scope="session")
def trimmed_site(request) -> Path:
    """A trimmed copy of the repository (:func:`trimmed_tree`), built by a process of its own."""
    needs_npm()
    return session_builds(request.config)["trimmed_site"].wait()


@pytest.fixture(scope="session")
def trimmed_site_again(request) -> Path:
    """The same trimmed tree built again, in another folder, by another process with another PYTHONHASHSEED."""
    needs_npm()
    return session_builds(request.config)["trimmed_site_again"].wait()


def unzip_bundle(site: Path, dest: Path) -> Path:
    """The offline bundle of every locale in ``site``, unzipped into ``dest`` as a reader would: its folder."""
    with zipfile.ZipFile(site / "downloads" / "rulings-all.zip") as z:
        z.extractall(dest)
    return dest / "rulings-all"


@pytest.fixture(scope="session")
def unzipped(built_site, request, tmp_path_factory) -> Path:
    """The offline bundle of every locale, unzipped as a reader would (opened from file://): once for the
    session, by the session's build, when a test that was collected asks for it; else by this worker."""
    once = session_builds(request.config)["built_site"].unzipped / "rulings-all"
    return once if once.is_dir() else unzip_bundle(built_site, tmp_path_factory.mktemp("bundle"))


def needs_chromium() -> None:
    """Skip the browser tests, saying why, where Debian's Chromium is missing (in CI, fail instead)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            raise RuntimeError(f"Chromium not found at {CHROMIUM}: .ci/run installs Debian's chromium-headless-shell")
        pytest.skip("Debian's chromium-headless-shell (or chromium) is not installed (.ci/run installs it)",
                    allow_module_level=True)


@pytest.fixture(scope="session")
def chromium():
    """The session's one headless Chromium (Debian's headless shell, driven by Playwright): a launch costs about a CPU
    second, and Playwright's sync API allows one driver at a time; tests keep apart by contexts."""
    needs_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


NETWORK = ("http", "https", "ws", "wss")


def hosts_asked(requests: list[str]) -> set[str]:
    """The hosts these requested URLs asked anything of over the network (none from file://)."""
    return {urlsplit(u).netloc for u in requests if urlsplit(u).scheme in NETWORK}


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@contextmanager
def shared_page(browser, **options) -> Iterator:
    """A page in a browser context of its own (with these options), for a module's tests to share: call
    ``reset`` on it before each test. It records every URL it asks for in ``page.requests``."""
    ctx = browser.new_context(**options)
    pg = ctx.new_page()
    pg.requests = []
    pg.on("request", lambda r: pg.requests.append(r.url))
    pg.cdp = ctx.new_cdp_session(pg)
    try:
        yield pg
    finally:
        ctx.close()


def reset(pg):
    """``pg`` (from :func:`shared_page`) as a new page would be for the next test: the storage of every origin
    it asked anything of emptied (Material keeps the reader's colour scheme there), cookies, permissions and
    media emulation gone, nothing recorded, the mouse at the corner, on a blank document."""
    origins = {"://".join(urlsplit(u)[:2]) for u in pg.requests if urlsplit(u).scheme in ("http", "https")}
    pg.goto("about:blank")
    for origin in sorted(origins | {"file://"} if any(u.startswith("file:") for u in pg.requests) else origins):
        pg.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    pg.context.clear_cookies()
    pg.context.clear_permissions()
    pg.emulate_media(color_scheme="light")  # a context's default
    pg.mouse.move(0, 0)
    pg.requests.clear()
    return pg


@pytest.fixture(scope="module")
def desk(chromium):
    """The module's page on a desktop screen (:func:`shared_page`)."""
    with shared_page(chromium) as pg:
        yield pg


@pytest.fixture(scope="module")
def phone(chromium):
    """The module's page on a phone's touch screen (:func:`shared_page`)."""
    with shared_page(chromium, **PHONE) as pg:
        yield pg


class Quiet(SimpleHTTPRequestHandler):
    """Serves files without logging each request."""

    def log_message(self, *args):
        pass


def serving(folder: Path, handler: type = Quiet):
    """Serve ``folder`` on a free local port while the generator is open; yields the base URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
