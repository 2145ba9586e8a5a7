"""``rulings serve``: preview one locale with live reload while content and catalogs change.

Our generator writes the locale's Markdown into ``build/serve/preview/<locale>/docs`` and ``mkdocs serve
--dirty`` watches that folder: the generator writes only the files whose bytes changed, so mkdocs rebuilds
only those pages and reloads the browser. A watcher on the inputs (:data:`WATCHED`) regenerates the
Markdown once the files have been quiet for :data:`QUIET_SECONDS`, and only on real changes (writes,
creations, deletions, renames; never reads, never our own output, never editors' temporary files).

Content with errors keeps the last good pages and puts the errors in a banner on every page (the
``serve_problems`` of the preview's ``mkdocs.yml``, shown by ``site_config/overrides/main.html``); the
terminal gets them once, and the banner goes away when they are fixed.
"""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import yaml
from watchdog.events import (
    EVENT_TYPE_CREATED,
    EVENT_TYPE_DELETED,
    EVENT_TYPE_MODIFIED,
    EVENT_TYPE_MOVED,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

from rulings.content.diagnostics import Severity
from rulings.content.validate import validate
from rulings.site.build import Variant, generate_locale
from rulings.site.i18n import CatalogError
from rulings.site.layout import build_model
from rulings.site.workers import die_with_parent, mkdocs_env
from rulings.vcs import source_date_env

PREVIEW = "preview"
WATCHED = ("content", "locales", "site_config", "docs")
"""The inputs of a preview, relative to the repository."""
OUTPUT = "build"
"""Our own output folder: nothing written there starts a rebuild."""
QUIET_SECONDS = 0.3
"""How long the inputs must be quiet before a rebuild (an editor's save is several events)."""
CHANGES = frozenset({EVENT_TYPE_MODIFIED, EVENT_TYPE_CREATED, EVENT_TYPE_DELETED, EVENT_TYPE_MOVED})
TEMP_SUFFIXES = (".tmp", "~", ".swp", ".swo", ".swx", ".swpx", ".part", ".crdownload", ".kate-swp", ".bak")
TEMP_PREFIXES = (".#", "#", ".~lock.", ".goutputstream-")
PROBLEMS_KEY = "serve_problems"
"""The key of ``extra`` in the preview's mkdocs.yml that holds the banner's lines."""
MAX_SHOWN = 30


def is_temporary(name: str) -> bool:
    """An editor's or a writer's temporary file (vim's swap files and its ``4913`` probe, Emacs locks,
    LibreOffice locks, our atomic writes' ``.name.pid.tmp``)."""
    return name.startswith(TEMP_PREFIXES) or name.endswith(TEMP_SUFFIXES) or name == "4913"


def is_change(event: FileSystemEvent, repo: Path) -> bool:
    """Whether ``event`` is a change to an input: a write, creation, deletion or rename of a file that is
    not temporary and not under our output folder (a folder's own "modified" is only its listing)."""
    if event.event_type not in CHANGES or (event.is_directory and event.event_type == EVENT_TYPE_MODIFIED):
        return False
    output = (repo / OUTPUT).resolve()
    paths = [event.src_path, getattr(event, "dest_path", "")]
    for raw in filter(None, paths):
        path = Path(os.fsdecode(raw)).resolve()
        if not is_temporary(path.name) and "__pycache__" not in path.parts and not path.is_relative_to(output):
            return True
    return False


@dataclass
class Preview:
    """The previewed locale and what the last regeneration found."""

    repo: Path
    locale: str
    log: Callable[[str], None] = print
    problems: tuple[str, ...] = ()
    rebuilds: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def work(self) -> Path:
        return self.repo / OUTPUT / "serve"

    @property
    def base(self) -> Path:
        """The locale's folder: ``docs/`` and ``mkdocs.yml``."""
        return self.work / PREVIEW / self.locale

    def regenerate(self) -> bool:
        """Validate and regenerate the locale's pages; on errors keep the last good pages and show the
        errors in the banner (logged once: the same errors again get one short line). True if clean."""
        with self._lock:
            self.rebuilds += 1
            t0 = time.perf_counter()
            problems = self._generate()
            if not problems:
                if self.problems:
                    self._banner(())
                    self.log("errors fixed: banner removed")
                self.problems = ()
                return True
            if problems != self.problems:
                for line in problems[:MAX_SHOWN]:
                    self.log(line)
                self.log(f"{len(problems)} errors: the preview keeps the last good pages and shows them in a banner")
                self._banner(problems)
            else:
                self.log(f"still the same {len(problems)} errors ({time.perf_counter() - t0:.1f}s)")
            self.problems = problems
            return False

    def _generate(self) -> tuple[str, ...]:
        t0 = time.perf_counter()
        content, diags = validate(self.repo / "content")
        errors = tuple(d.format() for d in diags if d.severity is Severity.ERROR)
        if errors:
            return errors
        model = build_model(content)
        variant = Variant(PREVIEW, alternates=tuple(content.project.locales))
        try:
            r = generate_locale(model, self.repo, self.work / variant.name, self.work / "site", self.locale, variant)
        except CatalogError as e:
            return tuple(str(e).splitlines())
        self.log(f"{self.locale}: regenerated in {time.perf_counter() - t0:.1f}s "
                 f"({r.pages} pages, {r.changed} files changed)")
        return ()

    def _banner(self, problems: tuple[str, ...]) -> None:
        """Put ``problems`` in (or take them out of) the config, and mark every page as changed so that
        ``mkdocs serve --dirty`` renders each one again with the banner (or without)."""
        config_path = self.base / "mkdocs.yml"
        if not config_path.exists():
            return
        config = yaml.safe_load(config_path.read_text(encoding="utf-8"))
        extra = config.setdefault("extra", {})
        extra.pop(PROBLEMS_KEY, None)
        if problems:
            extra[PROBLEMS_KEY] = [self._relative(p) for p in problems[:MAX_SHOWN]]
        for page in (self.base / "docs").rglob("*.md"):
            page.touch()
        config_path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")

    def _relative(self, line: str) -> str:
        return line.removeprefix(f"{self.repo}{os.sep}")


class _Inputs(FileSystemEventHandler):
    """Records when an input last changed."""

    def __init__(self, repo: Path):
        self.repo = repo
        self.last_change: float | None = None
        self.changed = threading.Event()

    def on_any_event(self, event: FileSystemEvent) -> None:
        if is_change(event, self.repo):
            self.last_change = time.monotonic()
            self.changed.set()

    def wait_quiet(self) -> None:
        """Block until an input changed and then stayed quiet for :data:`QUIET_SECONDS`."""
        self.changed.wait()
        while True:
            assert self.last_change is not None
            left = self.last_change + QUIET_SECONDS - time.monotonic()
            if left <= 0:
                self.changed.clear()
                return
            time.sleep(left)


class CannotListen(Exception):
    """The preview's address is taken or unusable (the message says which and what to do)."""


class MkdocsFailed(Exception):
    """``mkdocs serve`` stopped on its own (the message is its last error)."""


def split_address(address: str, port: int | None = None) -> tuple[str, int, str]:
    """(host, port, the address to give mkdocs) of ``--dev-addr HOST:PORT``, ``port`` replacing its port (the
    host as written: mkdocs reads it itself); :class:`CannotListen` if it is no such address."""
    try:
        parts = urlsplit("//" + address)
        host, number = parts.hostname, parts.port
    except ValueError:
        host = number = None
    if not host or (number is None and port is None):
        raise CannotListen(f"--dev-addr {address!r} is not HOST:PORT (e.g. 127.0.0.1:8000)")
    if port is None:
        return host, number, address  # type: ignore[return-value]
    written = address if number is None else address.rsplit(":", 1)[0]
    return host, port, f"{written}:{port}"


def check_address(host: str, port: int) -> None:
    """Raise :class:`CannotListen` unless a server can listen on ``host:port`` now (asked before the preview
    starts: mkdocs would print a traceback and the preview would go on without a server)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:
        raise CannotListen(f"cannot listen on {host}:{port}: {getattr(e, 'strerror', None) or e}") from None
    family, kind, proto, _name, sockaddr = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as mkdocs's server does
        try:
            probe.bind(sockaddr)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise CannotListen(f"port {port} on {host} is in use (another preview or server?): stop it, "
                                   "or choose another port with --port N") from None
            raise CannotListen(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


TRACEBACK_MARKERS = ("Traceback (most recent call last):", "During handling of the above exception",
                     "The above exception was the direct cause")


def relay(lines: Iterable[str], emit: Callable[[str], None]) -> str | None:
    """Pass mkdocs's output lines on, each Python traceback folded into its last line (the exception); return
    the last error line (an exception, or a line logged ``ERROR``), or None. An exception that ends the output
    is only returned: the caller's message quotes it."""
    last = pending = None
    in_traceback = False
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.startswith(TRACEBACK_MARKERS):
            in_traceback, pending = True, None
            continue
        if in_traceback:
            if not line.strip() or line[:1].isspace():
                continue
            if pending is None:  # the exception's own line ends the traceback's frames
                pending = line
                continue
            emit(pending)
            last, pending, in_traceback = pending, None, False
        if line.startswith(("ERROR", "CRITICAL")):
            last = line
        emit(line)
    return pending if pending is not None else last


def serve(repo: Path, locale: str, address: str, log: Callable[[str], None] = print, *,
          port: int | None = None) -> None:
    """Preview ``locale`` on ``address`` (``port`` replacing its port) until Ctrl-C. Raises
    :class:`CannotListen` (before any work) when the address is taken, :class:`MkdocsFailed` when mkdocs
    stops on its own; SystemExit(1) when the content has errors at the start."""
    source_date_env()  # a malformed SOURCE_DATE_EPOCH stops the preview before any work (SourceDateError)
    host, number, address = split_address(address, port)
    check_address(host, number)
    preview = Preview(repo, locale, log)
    if not preview.regenerate():
        raise SystemExit(1)
    inputs = _Inputs(repo)

    def worker() -> None:
        while True:
            inputs.wait_quiet()
            try:
                preview.regenerate()
            except Exception as e:  # noqa: BLE001 - a bad edit must not stop the preview
                log(f"could not regenerate: {type(e).__name__}: {e}")

    observer = Observer()
    for folder in WATCHED:
        if (repo / folder).is_dir():
            observer.schedule(inputs, str(repo / folder), recursive=True)
    observer.start()
    threading.Thread(target=worker, daemon=True).start()
    cmd = [sys.executable, "-m", "mkdocs", "serve", "--dirty", "-f", str(preview.base / "mkdocs.yml"),
           "--dev-addr", address]
    log(f"serving {locale} on http://{address}/ (Ctrl-C stops)")
    server = subprocess.Popen(cmd, cwd=repo, env=mkdocs_env(repo), preexec_fn=die_with_parent,  # gone with us
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    errors: list[str | None] = []
    relayed = threading.Thread(target=lambda: errors.append(relay(server.stdout, _to_stderr)), daemon=True)
    relayed.start()
    try:
        code = server.wait()
    except KeyboardInterrupt:
        return
    finally:
        server.terminate()
        observer.stop()
        observer.join()
    relayed.join(timeout=5)
    if code != 0:
        why = next((e for e in errors if e), None) or "no message"
        raise MkdocsFailed(f"mkdocs serve stopped (exit {code}): {why}")


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
