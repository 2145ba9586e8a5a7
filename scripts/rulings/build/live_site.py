"""The preview's site: mkdocs in this process, its config loaded once, rebuilding only the pages whose
Markdown changed.

What ``mkdocs serve --dirty`` (the preview's server until 2026-12) did instead, and why it is not used:
it loads the config again for every rebuild; it picks the pages to rebuild by file times (a page written
in the same clock tick as its last output, or while a rebuild was running, kept its old HTML); and
Material's search plugin keeps, across such rebuilds, an index that merges only the first rebuilt page
(every entry whose location starts with that page's is dropped: after an edit of a game's overview, the
index lost the whole game). Here mkdocs's own ``build(config, dirty=True)`` runs with the config of the
first build; a small plugin of this module tells it exactly which files changed (the generator knows:
:func:`rulings.build.fsops.sync_tree`), keeps each page's search entries from the build that last rendered
it, and gives Material's search plugin every page's, in the order a full build lists them, so the index
our search hook writes is a full build's. Pages and files the Markdown lost lose their output.

A change to the config (the generated ``mkdocs.yml``: the nav, the theme's words) or to the theme
(``site_config/``) rebuilds everything from a config loaded again, as does any build after a failed one.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from material.plugins.search.plugin import SearchPlugin
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files, InclusionLevel

from rulings.site.search import hook as search_hook
from rulings.site.search import shards

DIRTY_WARNING = "A 'dirty' build is being performed"
"""What mkdocs logs as a warning before every incremental build: said once here, in this docstring."""


def _not_dirty_warning(record: logging.LogRecord) -> bool:
    return not str(record.msg).startswith(DIRTY_WARNING)


def _always() -> bool:
    return True


def _never() -> bool:
    return False


class _Tracker(BasePlugin):
    """Our part of each build (see the module): which files are modified, each page's search entries."""

    def __init__(self) -> None:
        super().__init__()
        self.only: set[str] | None = None
        """The docs files (paths under docs/) this build must write again; None: all."""
        self.entries: dict[str, list[dict]] = {}
        self.built: list[str] = []
        self.outputs: dict[str, str] = {}
        """Every docs file's output (absolute path) in the last build, by its path under docs/."""
        self.files: Files | None = None
        self._search: SearchPlugin | None = None
        self._mark = 0

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self.built, self._mark = [], 0
        self._search = next((p for p in config.plugins.values() if isinstance(p, SearchPlugin)), None)

    @event_priority(-100)  # after every plugin that adds or drops files
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        self.files = files
        docs = os.path.join(config.docs_dir, "")
        for f in files:
            if f.abs_src_path and f.abs_src_path.startswith(docs) and f.generated_by is None:
                # an output somebody removed is written again too
                f.is_modified = _always if self.only is None or f.src_uri in self.only \
                    or not os.path.isfile(f.abs_dest_path) else _never
        return files

    @event_priority(-100)  # after the search plugin's own (0), which adds the page's entries
    def on_page_context(self, context, *, page, config: MkDocsConfig, nav):
        self.built.append(page.file.src_uri)
        if self._search is not None and self._search.config.enabled:
            entries = self._search.search_index.entries
            self.entries[page.file.src_uri] = entries[self._mark:]
            self._mark = len(entries)
        return context

    @event_priority(10)  # before the search plugin writes its index (0) and our hook makes ours of it (-50)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        assert self.files is not None
        pages = [f.src_uri for f in self.files.documentation_pages(inclusion=InclusionLevel.is_in_serve)]
        self.entries = {src: self.entries.get(src, []) for src in pages}
        if self._search is not None and self._search.config.enabled:
            self._search.search_index.entries = [e for src in pages for e in self.entries[src]]
        docs = os.path.join(config.docs_dir, "")
        outputs = {f.src_uri: f.abs_dest_path for f in self.files
                   if f.abs_src_path and f.abs_src_path.startswith(docs) and f.generated_by is None}
        for src in set(self.outputs) - set(outputs):  # gone from the Markdown: gone from the site
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.outputs[src])
            _prune(Path(self.outputs[src]).parent, Path(config.site_dir))
        self.outputs = outputs


@contextlib.contextmanager
def _source_date(epoch: str | None) -> Iterator[None]:
    """``SOURCE_DATE_EPOCH`` set to ``epoch`` meanwhile (only mkdocs reads it then: the preview's own checks
    of content dates, between builds, see the variable as the contributor set it)."""
    if epoch is None:
        yield
        return
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = epoch
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


def _take_index_events(config: MkDocsConfig) -> list:
    """Take the search index's ``post_build`` events (Material's search plugin's, then our search hook's) out
    of ``config``'s, in their order, for :meth:`LiveSite.index` to run."""
    events = config.plugins.events["post_build"]
    taken = [e for e in events if isinstance(getattr(e, "__self__", None), SearchPlugin)
             or getattr(getattr(e, "__code__", None), "co_filename", None) == search_hook.__file__]
    events[:] = [e for e in events if e not in taken]
    return taken


def _prune(folder: Path, top: Path) -> None:
    """Remove ``folder`` and its parents up to ``top`` while they are empty."""
    while folder != top and top in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


@dataclass
class Built:
    """One build: whether it was a full one, and the pages rendered (paths under docs/)."""

    full: bool
    pages: list[str] = field(default_factory=list)


class LiveSite:
    """One locale's site, built into ``site_dir`` by mkdocs in this process for the server at ``serve_url``."""

    def __init__(self, config_file: Path, site_dir: Path, serve_url: str, epoch: str | None = None) -> None:
        self.config_file = config_file
        self.site_dir = site_dir
        self.serve_url = serve_url
        self.epoch = epoch
        """``SOURCE_DATE_EPOCH`` while mkdocs builds (the sitemap's dates), as a build gives its mkdocs runs;
        None: the clock's."""
        self.config: MkDocsConfig | None = None
        self.started = False
        self._index_events: list = []
        self._indexed = True
        self.tracker = _Tracker()
        logging.getLogger("mkdocs.commands.build").addFilter(_not_dirty_warning)  # once: a filter is kept once
        shards.remember_texts()  # the index is made again after every edit, of nearly the same texts

    def invalidate(self) -> None:
        """The next build is a full one, from the config read again (the config or the theme changed)."""
        if self.config is not None:
            self.config.plugins.on_shutdown()
        self.config = None

    def build(self, changed: Iterable[str] = (), *, index: bool = True) -> Built:
        """Write the pages and files of ``changed`` (paths under docs/) again, and whatever a build writes
        every time (sitemap, 404 page, search index); everything after :meth:`invalidate` or a failure. The
        first build empties the site folder first; the others write over it (a failing one leaves the last
        good pages: a template that does not parse fails before any). ``index=False``: the search index is
        left to :meth:`index` (the preview shows the pages first: the index takes longer than they do)."""
        full = self.config is None
        if full:
            config = load_config(config_file=str(self.config_file), site_dir=str(self.site_dir))
            config.plugins["rulings-live"] = self.tracker
            config.plugins.on_startup(command="serve", dirty=False)
            config.site_url = self.serve_url  # as mkdocs serve does: the language switcher stays on the page
            self.tracker.entries = {}
            self._index_events = _take_index_events(config)
        else:
            config = self.config
        self.tracker.only = None if full else set(changed)
        self.config = None  # until this build succeeds: after a failure, everything again
        with _source_date(self.epoch):
            build(config, serve_url=self.serve_url, dirty=self.started)
            self._indexed = False
            if index:
                self.index(config)
        self.config, self.started = config, True
        return Built(full, list(self.tracker.built))

    def index(self, config: MkDocsConfig | None = None) -> None:
        """Write the search index of the last build, if :meth:`build` left it (Material's entries, then ours)."""
        config = config or self.config
        if config is None or self._indexed:
            return
        with _source_date(self.epoch):
            for event in self._index_events:
                event(config=config)
        self._indexed = True

    def close(self) -> None:
        if self.config is not None:
            self.config.plugins.on_shutdown()
            self.config = None

