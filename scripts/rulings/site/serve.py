"""``rulings serve``: preview one locale with live reload while content and catalogs change.

Our generator writes the locale's Markdown into ``build/serve/preview/<locale>/docs`` and ``mkdocs serve``
watches that folder (and reloads the browser); a watcher on ``content/``, ``locales/`` and
``site_config/`` regenerates the Markdown, writing only the files that changed. Content with errors
is reported and the last good pages stay.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from rulings.content.diagnostics import Severity
from rulings.content.validate import validate
from rulings.site.build import Variant, generate_locale
from rulings.site.fsops import write_file
from rulings.site.layout import build_model
from rulings.site.mkdocs_config import jieba_user_dict, userdict_path

DEBOUNCE_SECONDS = 0.4
PREVIEW = "preview"


def regenerate(repo: Path, work: Path, locale: str, log: Callable[[str], None]) -> bool:
    content, diags = validate(repo / "content")
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        for d in errors[:30]:
            log(d.format())
        log(f"{len(errors)} errors: keeping the last good pages")
        return False
    model = build_model(content)
    write_file(userdict_path(work), jieba_user_dict(model))
    variant = Variant(PREVIEW, alternates=tuple(content.project.locales))
    r = generate_locale(model, repo, work / variant.name, work / "site", locale, variant)
    log(f"{locale}: regenerated {r.pages} pages in {r.generate_seconds:.1f}s")
    return True


class _Changes(FileSystemEventHandler):
    def __init__(self, trigger: Callable[[], None]):
        self.trigger = trigger

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or str(event.src_path).endswith((".tmp", "~")):
            return
        self.trigger()


def serve(repo: Path, locale: str, address: str, log: Callable[[str], None] = print) -> None:
    work = repo / "build" / "serve"
    if not regenerate(repo, work, locale, log):
        raise SystemExit(1)
    pending = threading.Event()

    def worker() -> None:
        while True:
            pending.wait()
            time.sleep(DEBOUNCE_SECONDS)
            pending.clear()
            try:
                regenerate(repo, work, locale, log)
            except Exception as e:  # noqa: BLE001 - a bad edit must not stop the preview
                log(f"could not regenerate: {type(e).__name__}: {e}")

    threading.Thread(target=worker, daemon=True).start()
    observer = Observer()
    handler = _Changes(pending.set)
    for folder in ("content", "locales", "site_config"):
        observer.schedule(handler, str(repo / folder), recursive=True)
    observer.start()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "serve", "-f", str(work / PREVIEW / locale / "mkdocs.yml"),
           "--dev-addr", address]
    log(f"serving {locale} on http://{address}/ (Ctrl-C stops)")
    try:
        subprocess.run(cmd, cwd=repo, env=env, check=False)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
