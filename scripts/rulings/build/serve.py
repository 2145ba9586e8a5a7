"""``rulings serve``: preview one locale with live reload while content and catalogs change.

One process does it all, warm: a watcher on the inputs (:data:`WATCHED`, through inotify) notes real
changes (writes, creations, deletions, renames; never reads, never our own output, never editors'
temporary files: :mod:`.live_server`); once they have been quiet for :data:`QUIET_SECONDS`, the preview
reads again only the content files whose bytes changed and checks the tree for errors (:class:`Preview`),
generates the locale's Markdown into ``build/serve/preview/<locale>/docs`` writing only the files whose
bytes changed, has mkdocs (in this process, its config loaded once: :mod:`.live_site`) render exactly
those pages, and reloads the open pages (mkdocs's live-reload server: :mod:`.live_server`).

Content with errors keeps the last good pages and the open pages show the errors in a banner they fetch
from the server (never built into a page, so it cannot outlive the errors); the terminal gets them
once, and the banner goes away when they are fixed.
"""

from __future__ import annotations

import errno
import gc
import logging
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from watchdog.events import FileSystemEvent

from rulings.build.live_server import PreviewServer, changed_paths
from rulings.build.live_site import LiveSite
from rulings.build.site_build import LocaleResult, Variant, generate_locale
from rulings.build.workers import source_date_epoch
from rulings.content.tree import ReadCache
from rulings.content.validate import validate
from rulings.site.i18n import CatalogError
from rulings.site.layout import build_model
from rulings.vcs import source_date_env

PREVIEW = "preview"
WATCHED = ("content", "locales", "site_config", "docs", "mkdocs.yml")
"""The inputs of a preview, relative to the repository."""
OUTPUT = "build"
"""Our own output folder: nothing written there starts a rebuild."""
QUIET_SECONDS = 0.1
"""How long the inputs must be quiet before a rebuild: an editor's save is several events within a few
milliseconds (vim: a probe file, a backup, the file, the backup removed); mkdocs's own default."""
MAX_SHOWN = 30
THEME = ("site_config", "mkdocs.yml")
"""Inputs that every page's HTML depends on besides its Markdown (the theme's overrides, the locales' and the
shared mkdocs config): a change there renders every page again (``site_config/assets`` is copied as the
Markdown's files are)."""


def is_change(event: FileSystemEvent, repo: Path) -> bool:
    """Whether ``event`` is a change to an input of the preview of ``repo`` (see :func:`.changed_paths`)."""
    return bool(changed_paths(event, (repo / OUTPUT).resolve()))


@dataclass
class Preview:
    """The previewed locale and what the last regeneration found."""

    repo: Path
    locale: str
    log: Callable[[str], None] = print
    problems: tuple[str, ...] = ()
    rebuilds: int = 0
    last: LocaleResult | None = None
    """What the last clean regeneration wrote."""
    _read: ReadCache = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def work(self) -> Path:
        return self.repo / OUTPUT / "serve"

    @property
    def base(self) -> Path:
        """The locale's folder: ``docs/`` and ``mkdocs.yml``."""
        return self.work / PREVIEW / self.locale

    @property
    def site_dir(self) -> Path:
        return self.work / "site" / self.locale

    @property
    def banner(self) -> tuple[str, ...]:
        """The lines the open pages show: the errors, with paths as the contributor sees them."""
        shown = [self._relative(p) for p in self.problems[:MAX_SHOWN]]
        if len(self.problems) > MAX_SHOWN:
            shown.append(f"… and {len(self.problems) - MAX_SHOWN} more (the terminal lists them all)")
        return tuple(shown)

    def regenerate(self) -> bool:
        """Validate and regenerate the locale's pages; on errors keep the last good pages and note the
        errors for the banner (logged once: the same errors again get one short line). True if clean."""
        with self._lock:
            self.rebuilds += 1
            t0 = time.perf_counter()
            problems = self._generate()
            return self.report(problems, t0)

    def report(self, problems: tuple[str, ...], t0: float | None = None) -> bool:
        """Take ``problems`` as the current ones (logged unless they are those already shown). True if none."""
        if not problems:
            if self.problems:
                self.log("errors fixed: banner removed")
            self.problems = ()
            return True
        if problems != self.problems:
            for line in problems[:MAX_SHOWN]:
                self.log(line)
            self.log(f"{len(problems)} errors: the preview keeps the last good pages and shows them in a banner")
        else:
            took = f" ({time.perf_counter() - t0:.1f}s)" if t0 is not None else ""
            self.log(f"still the same {len(problems)} errors{took}")
        self.problems = problems
        return False

    def _generate(self) -> tuple[str, ...]:
        t0 = time.perf_counter()
        content, diags = validate(self.repo / "content", cache=self._read, errors_only=True)
        if diags:
            return tuple(d.format() for d in diags)
        model = build_model(content)
        variant = Variant(PREVIEW, alternates=tuple(content.project.locales))
        try:
            r = generate_locale(model, self.repo, self.work / variant.name, self.work / "site", self.locale, variant)
        except CatalogError as e:
            return tuple(str(e).splitlines())
        self.last = r
        self.log(f"{self.locale}: regenerated in {time.perf_counter() - t0:.2f}s "
                 f"({r.pages} pages, {r.changed} files changed)")
        return ()

    def _relative(self, line: str) -> str:
        return line.removeprefix(f"{self.repo}{os.sep}")


def one_line(e: BaseException) -> str:
    """An exception as the one line a contributor needs (its type and message, no traceback)."""
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def rebuild(preview: Preview, site: LiveSite, server: PreviewServer) -> None:
    """One rebuild after inputs changed: regenerate, render what changed, show it (or the errors), then make
    the search index. Never raises: a bad edit or a broken template must not stop the preview."""
    changes = server.take_changes()
    try:
        if preview.regenerate():
            _render(preview, site, server, changes)
    except Exception as e:  # noqa: BLE001 - shown in the banner and the terminal; the preview goes on
        site.invalidate()  # whatever was written before it failed is rendered by the next build
        preview.report((f"the preview could not be built: {one_line(e)}",))
    server.problems = preview.banner
    server.publish()
    collect_garbage()


def _render(preview: Preview, site: LiveSite, server: PreviewServer, changes: set[Path]) -> None:
    """mkdocs renders what the clean regeneration changed; the open pages reload, then the search index."""
    r = preview.last
    assert r is not None
    theme = [(preview.repo / name).resolve() for name in THEME]
    if r.config_changed or any(p.is_relative_to(t) and not p.is_relative_to(t / "assets")
                               for p in changes for t in theme):
        site.invalidate()
    if r.changed or site.config is None:
        t0 = time.perf_counter()
        built = site.build(r.docs_changed, index=False)
        took = time.perf_counter() - t0
        server.problems = preview.banner
        server.publish()  # the open pages reload now; the search index follows
        site.index()
        what = "every page" if built.full else f"{len(built.pages)} pages"
        preview.log(f"{preview.locale}: mkdocs rendered {what} in {took:.2f}s "
                    f"(then the search index in {time.perf_counter() - t0 - took:.2f}s)")


def collect_garbage() -> None:
    """Free what the last rebuild left in reference cycles (mkdocs's pages, files and nav point at each
    other), then freeze the rest again. Reading the content freezes every object it finds
    (:func:`rulings.content.tree.gc_paused`: later collections skip them), garbage included, so a preview
    that never collected grew by 2 MB a rebuild; a full collection takes a fifth of a second, after the
    open pages have reloaded."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class CannotListen(Exception):
    """The preview's address is taken or unusable (the message says which and what to do)."""


class MkdocsFailed(Exception):
    """The preview could not start: mkdocs failed on its first pages, or the inputs cannot be watched (the
    message says which, in one line)."""


def split_address(address: str, port: int | None = None) -> tuple[str, int, str]:
    """(host, port, the address as the preview's URL shows it) of ``--dev-addr HOST:PORT``, ``port`` replacing
    its port (the host as written); :class:`CannotListen` if it is no such address."""
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
    generates anything: a contributor learns at once that the port is taken)."""
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
            raise _listen_problem(host, port, e) from None


def _listen_problem(host: str, port: int, e: OSError) -> CannotListen:
    """What a contributor reads when ``host:port`` cannot be bound (``e``)."""
    if e.errno == errno.EADDRINUSE:
        return CannotListen(f"port {port} on {host} is in use (another preview or server?): stop it, "
                            "or choose another port with --port N")
    return CannotListen(f"cannot listen on {host}:{port}: {e.strerror or e}")


def serve(repo: Path, locale: str, address: str, log: Callable[[str], None] = print, *,
          port: int | None = None) -> None:
    """Preview ``locale`` on ``address`` (``port`` replacing its port) until Ctrl-C. Raises
    :class:`CannotListen` (before any work, or when the port is taken by the time the server listens),
    :class:`MkdocsFailed` when the first pages cannot be built; SystemExit(1) when the content has errors at
    the start."""
    source_date_env()  # a malformed SOURCE_DATE_EPOCH stops the preview before any work (SourceDateError)
    host, number, address = split_address(address, port)
    check_address(host, number)
    preview = Preview(repo, locale, log)
    if not preview.regenerate():
        raise SystemExit(1)
    site = LiveSite(preview.base / "mkdocs.yml", preview.site_dir, f"http://{address}/", source_date_epoch(repo))
    show_mkdocs_warnings()
    try:
        t0 = time.perf_counter()
        site.build()
        log(f"{locale}: mkdocs rendered every page in {time.perf_counter() - t0:.1f}s")
    except Exception as e:  # noqa: BLE001 - one line, not mkdocs's traceback
        raise MkdocsFailed(f"mkdocs could not build the preview: {one_line(e)}") from None
    server = PreviewServer(lambda: rebuild(preview, site, server), host, number, preview.site_dir,
                           ignored=repo / OUTPUT, quiet=QUIET_SECONDS)
    server.error_handler = lambda code: _error_page(preview.site_dir, code)
    for name in WATCHED:
        if (repo / name).exists():
            server.watch(str(repo / name), recursive=(repo / name).is_dir())
    log(f"serving {locale} on http://{address}/ (Ctrl-C stops)")
    try:
        server.serve()
    except KeyboardInterrupt:
        pass
    except OSError as e:
        if e.errno in (errno.ENOSPC, errno.EMFILE):  # inotify's limits (watches, instances), from the observer
            raise MkdocsFailed(f"cannot watch the inputs for changes: {e.strerror or e} (the system's inotify "
                               "limits: sysctl fs.inotify.max_user_watches, max_user_instances)") from None
        raise _listen_problem(host, number, e) from None  # the port taken since the check
    finally:
        server.shutdown()
        site.close()


def _error_page(site_dir: Path, code: int) -> bytes | None:
    """The site's own 404 (or 500) page, as mkdocs serve answers a missing page."""
    page = site_dir / f"{code}.html"
    return page.read_bytes() if code in (404, 500) and page.is_file() else None


def show_mkdocs_warnings() -> None:
    """mkdocs's warnings and errors on stderr, as its command prints them (its chatter, such as every browser
    connecting, is left out)."""
    mkdocs = logging.getLogger("mkdocs")
    if any(getattr(h, "rulings_serve", False) for h in mkdocs.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    handler.setLevel(logging.WARNING)
    handler.rulings_serve = True  # type: ignore[attr-defined]
    mkdocs.addHandler(handler)
