"""The preview's web server: mkdocs's own live-reload server, watching the inputs through inotify, with the
error banner of the content served beside the pages.

:class:`mkdocs.livereload.LiveReloadServer` serves the site, makes every open page reload when a rebuild is
done (a long-polled request) and holds requests while one runs, so no half-built page is served. What this
subclass changes, and why:

- It watches with watchdog's default observer (inotify on Linux) instead of mkdocs's ``PollingObserver``,
  which stats every watched file twice a second (about 900 files a second: 2-3 % of a CPU, idle), and only
  real changes to inputs start a rebuild (:func:`is_input_change`: no reads, no editors' temporary files, no
  output of ours; mkdocs's own handler rebuilds on any event).
- The content's errors are no part of any page: the server answers them at :data:`PROBLEMS_URL` (JSON) and
  gives every HTML page it serves, beside mkdocs's reload script, a small script of ours
  (``serve_banner.js``) that fetches them when the page loads and shows them in a banner, with
  ``textContent`` (messages and paths are the content's, so a stranger's). A page never holds a banner of
  its own: none can be stale, and a bad edit or its fix re-renders no page, it only reloads the open ones.
- :meth:`publish` shows a rebuild's pages before the builder returns (the search index is made after).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from mkdocs.livereload import LiveReloadServer
from watchdog.events import (
    EVENT_TYPE_CREATED,
    EVENT_TYPE_DELETED,
    EVENT_TYPE_MODIFIED,
    EVENT_TYPE_MOVED,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

PROBLEMS_URL = "/_rulings_preview/problems.json"
"""Where the open pages ask for the banner's lines (outside the site's own paths)."""
BANNER_SCRIPT = (Path(__file__).with_name("serve_banner.js").read_text(encoding="utf-8")
                 .replace("__PROBLEMS_URL__", PROBLEMS_URL))
CHANGES = frozenset({EVENT_TYPE_MODIFIED, EVENT_TYPE_CREATED, EVENT_TYPE_DELETED, EVENT_TYPE_MOVED})
TEMP_SUFFIXES = (".tmp", "~", ".swp", ".swo", ".swx", ".swpx", ".part", ".crdownload", ".kate-swp", ".bak")
TEMP_PREFIXES = (".#", "#", ".~lock.", ".goutputstream-")


def is_temporary(name: str) -> bool:
    """An editor's or a writer's temporary file (vim's swap files and its ``4913`` probe, Emacs locks,
    LibreOffice locks, our atomic writes' ``.name.pid.tmp``)."""
    return name.startswith(TEMP_PREFIXES) or name.endswith(TEMP_SUFFIXES) or name == "4913"


def changed_paths(event: FileSystemEvent, ignored: Path) -> list[Path]:
    """The inputs ``event`` changes: the files it writes, creates, deletes or renames (both names of a
    rename) that are not temporary and not under ``ignored`` (our output); none for any other event (a
    read, a folder's own "modified", which is only its listing)."""
    if event.event_type not in CHANGES or (event.is_directory and event.event_type == EVENT_TYPE_MODIFIED):
        return []
    out = []
    for raw in filter(None, [event.src_path, getattr(event, "dest_path", "")]):
        path = Path(os.fsdecode(raw)).resolve()
        if not is_temporary(path.name) and "__pycache__" not in path.parts and not path.is_relative_to(ignored):
            out.append(path)
    return out


class _Inputs(FileSystemEventHandler):
    """Collects the changed inputs and asks the server for a rebuild."""

    def __init__(self, server: PreviewServer, ignored: Path) -> None:
        self.server = server
        self.ignored = ignored.resolve()

    def on_any_event(self, event: FileSystemEvent) -> None:
        if paths := changed_paths(event, self.ignored):
            self.server.changed(paths)


class PreviewServer(LiveReloadServer):
    """mkdocs's live-reload server for ``root`` (the built site), rebuilding with ``builder`` after the
    inputs given to :meth:`watch` change (and stay quiet for ``quiet`` seconds); see the module."""

    def __init__(self, builder: Callable[[], None], host: str, port: int, root: Path, *, ignored: Path,
                 quiet: float) -> None:
        super().__init__(builder=builder, host=host, port=port, root=str(root))
        self.observer = Observer()  # inotify: nothing runs while nothing changes (mkdocs: a PollingObserver)
        self.build_delay = quiet
        self.problems: tuple[str, ...] = ()
        self._inputs = _Inputs(self, ignored)
        self._changes: set[Path] = set()
        self._changes_lock = threading.Lock()

    def watch(self, path: str, func: None = None, *, recursive: bool = True) -> None:
        """Watch ``path`` for real changes (mkdocs's ``watch`` rebuilds on any event, reads included)."""
        path = os.path.abspath(path)
        if path in self._watched_paths:
            return
        self._watched_paths[path] = 1  # mkdocs starts the observer and puts its reload script in pages by it
        self._watch_refs[path] = self.observer.schedule(self._inputs, path, recursive=recursive)

    def changed(self, paths: Iterable[Path]) -> None:
        """Note changed inputs and ask for a rebuild (what mkdocs's own watch callback asks)."""
        with self._changes_lock:
            self._changes.update(paths)
        with self._rebuild_cond:
            self._want_rebuild = True
            self._rebuild_cond.notify_all()

    def take_changes(self) -> set[Path]:
        """The inputs changed since the last call."""
        with self._changes_lock:
            out, self._changes = self._changes, set()
        return out

    def publish(self) -> None:
        """Show what is built now: open pages reload (mkdocs's loop would only once the builder returns)."""
        with self._epoch_cond:
            self._visible_epoch = self._wanted_epoch
            self._epoch_cond.notify_all()

    def serve_request(self, environ, start_response):
        if environ.get("PATH_INFO") == PROBLEMS_URL:
            body = json.dumps(list(self.problems), ensure_ascii=False).encode("utf-8")
            start_response("200 OK", [("Content-Type", "application/json; charset=utf-8"),
                                      ("Content-Length", str(len(body))), ("Cache-Control", "no-store")])
            return [body]
        return super().serve_request(environ, start_response)

    def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
        content = super()._inject_js_into_html(content, epoch)
        at = content.rindex(b"<script>")  # mkdocs's reload script, just put before </body>
        return b"%b<script>%b</script>%b" % (content[:at], BANNER_SCRIPT.encode("utf-8"), content[at:])
