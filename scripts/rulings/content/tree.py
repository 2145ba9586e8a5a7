"""Find, load, schema-check and read a content tree into the model.

A content tree is a folder holding ``project.yml`` and one folder per game; each game folder
holds ``game.yml``, any number of entry files (``kind: rulings``, ``glossary``…) anywhere below it,
and ``sources/`` with the kept original documents. The file's ``kind`` selects its schema.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from rulings.content import schema_check
from rulings.content.codec import entry_from_data, game_from_data, project_from_data
from rulings.content.dating import AsOf, date_entries
from rulings.content.diagnostics import ContentError, Diagnostic, Severity, display_path
from rulings.content.load import Loaded, load, position
from rulings.content.safety import symlinks_under
from rulings.content.schemas import all_schemas
from rulings.model.entries import ENTRY_CLASSES, Entry, Game, Project
from rulings.model.text import FALLBACK_LOCALE

FILE_KINDS = ("project", "game", *ENTRY_CLASSES)
SUFFIXES = (".yml", ".yaml")
PROJECT_FILE = "project.yml"


@dataclass
class ContentFile:
    loaded: Loaded
    kind: str
    game: str | None = None
    entries: list[Entry] = field(default_factory=list)


@dataclass
class Content:
    """Everything read from a content tree, plus the problems met while reading it."""

    root: Path
    project: Project
    games: dict[str, Game] = field(default_factory=dict)
    game_files: dict[str, ContentFile] = field(default_factory=dict)
    project_file: ContentFile | None = None
    files: list[ContentFile] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    dates: dict[str, AsOf] = field(default_factory=dict)
    """The date of each ruling, erratum and term that has one (:func:`rulings.content.dating.date_entries`)."""

    @property
    def entries(self) -> list[Entry]:
        return [e for f in self.files for e in f.entries]

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}


def find_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding project.yml; else ``start`` (or its folder)."""
    start = start.resolve()
    base = start if start.is_dir() else start.parent
    for d in (base, *base.parents):
        if (d / PROJECT_FILE).is_file():
            return d
    return base


@dataclass(frozen=True)
class Selection:
    """Content files or folders a command was given, and the one content tree they all belong to.

    Commands read the whole tree (so references resolve) but report only on the selected paths."""

    paths: list[Path]
    root: Path

    def covers(self, path: Path) -> bool:
        """Whether ``path`` is one of the selected paths or lies below one."""
        p = path.resolve()
        return any(p == s or s in p.parents for s in (s.resolve() for s in self.paths))


def select(paths: list[Path]) -> Selection:
    """A :class:`Selection`; :class:`ValueError` for a path that does not exist or for paths of several trees."""
    for p in paths:
        if not p.exists():
            raise ValueError(f"{p}: no such file or folder")
    roots = {find_root(p) for p in paths}
    if len(roots) > 1:
        raise ValueError("paths belong to different content trees: " + ", ".join(map(str, sorted(roots))))
    return Selection(paths, roots.pop())


def discover(root: Path) -> list[Path]:
    """Every content file under ``root`` in a stable order (kept originals in ``sources/`` skipped).

    Symlinks are never followed nor read: they could pull files from outside the repository into the
    site, and the validator reports each one (``symlink``)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        base = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "sources"
                             and not (base / d).is_symlink())
        for name in filenames:
            p = base / name
            if p.suffix in SUFFIXES and not name.startswith(".") and not p.is_symlink():
                out.append(p)
    return sorted(out)


def _kind_of(loaded: Loaded) -> str | Diagnostic:
    data = loaded.data
    if not isinstance(data, dict):
        return Diagnostic(loaded.name, 1, 1, Severity.ERROR,
                          "a content file must be a mapping with a 'kind' key", "file-kind")
    kind = data.get("kind")
    if kind not in FILE_KINDS:
        line, col = position(data, ["kind"]) if "kind" in data else (1, 1)
        what = f"unknown kind '{kind}'" if "kind" in data else "missing 'kind'"
        return Diagnostic(loaded.name, line, col, Severity.ERROR,
                          f"{what}; a content file's kind is one of: {', '.join(FILE_KINDS)}", "file-kind")
    return str(kind)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while building large acyclic data, then freeze what was built.

    Loading creates millions of small objects and no reference cycles; the collector's repeated scans
    of them took half of the loading time at 10,000 rulings. Frozen objects are skipped by later scans
    (page generation, exports), which never free the content anyway."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


@dataclass
class FileRead:
    """What one content file gives by itself (nothing here depends on another file): its problems and,
    unless it failed, its kind and what it holds (the project, a game, or entries)."""

    diagnostics: list[Diagnostic]
    kind: str | None = None
    loaded: Loaded | None = None
    project: Project | None = None
    game: Game | None = None
    entries: ContentFile | None = None


ReadCache = dict[Path, tuple[bytes, FileRead]]
"""Each file's bytes and what they gave, for a reader that reads the same tree again (``rulings serve``,
after every edit): a file whose bytes are the same is not parsed or schema-checked again. Its objects are
shared by the two reads, which is safe because nothing changes a loaded entry."""


def read(root: Path, cache: ReadCache | None = None) -> Content:
    """Load every file of the tree; files that fail to load or to validate are reported, not read.
    ``cache``: what an earlier read of the tree found (updated here; see :data:`ReadCache`)."""
    with gc_paused():
        return _read(root, cache)


def read_file(path: Path) -> FileRead:
    """Load, schema-check and convert one content file."""
    try:
        loaded = load(path)
    except ContentError as e:
        return FileRead([e.diagnostic])
    kind = _kind_of(loaded)
    if isinstance(kind, Diagnostic):
        return FileRead([kind])
    problems, bad_entries = schema_check.check(loaded, kind)
    if problems and (bad_entries is None or kind in ("project", "game")):
        return FileRead(problems)
    out = FileRead(problems, kind, loaded)
    data = loaded.data
    if kind == "project":
        out.project = project_from_data(data)
    elif kind == "game":
        out.game = game_from_data(data)
    else:
        cf = out.entries = ContentFile(loaded, kind, str(data["game"]))
        for i, d in enumerate(data["entries"]):
            if i in (bad_entries or ()):
                continue
            try:
                cf.entries.append(entry_from_data(kind, d))
            except ValueError:
                out.diagnostics += _sourceless_texts(loaded, ["entries", i], d)
    return out


def _cached_read(path: Path, cache: ReadCache | None) -> FileRead:
    if cache is None:
        return read_file(path)
    try:
        raw = path.read_bytes()
    except OSError:
        raw = None
    if raw is not None and (hit := cache.get(path)) is not None and hit[0] == raw:
        return hit[1]
    got = read_file(path)
    if raw is not None:
        cache[path] = (raw, got)
    return got


def _read(root: Path, cache: ReadCache | None = None) -> Content:
    root = root.resolve()
    content = Content(root=root, project=Project(locales=[FALLBACK_LOCALE]))
    content.paths = discover(root)
    if cache is not None:
        for gone in set(cache) - set(content.paths):
            del cache[gone]
    for link in symlinks_under(root):
        content.diagnostics.append(Diagnostic(display_path(link), 1, 1, Severity.ERROR,
                                              "symlinks are not read: replace it with the file itself", "symlink"))
    project_seen = False
    for path in content.paths:
        got = _cached_read(path, cache)
        content.diagnostics += got.diagnostics
        if got.loaded is None:
            continue
        if got.project is not None:
            content.project = got.project
            content.project_file = ContentFile(got.loaded, "project")
            project_seen = True
        elif got.game is not None:
            game = got.game
            if game.id in content.games:
                line, col = position(got.loaded.data, ["id"])
                first = content.game_files[game.id].loaded.name
                content.diagnostics.append(Diagnostic(got.loaded.name, line, col, Severity.ERROR,
                                                      f"game '{game.id}' is already defined in {first}",
                                                      "id-unique"))
                continue
            content.games[game.id] = game
            content.game_files[game.id] = ContentFile(got.loaded, "game", game.id)
        elif got.entries is not None:
            content.files.append(got.entries)
    if not project_seen:
        content.diagnostics.append(Diagnostic(str(root), 0, 0, Severity.WARNING,
                                              f"no {PROJECT_FILE} in the content tree; assuming locales: en",
                                              "project-missing"))
    content.dates = date_entries(content)
    return content


def _sourceless_texts(loaded: Loaded, path: list, node: object) -> list[Diagnostic]:
    """Texts whose values are all translations: there is no source text to translate from."""
    out = []
    if isinstance(node, dict):
        vals = list(node.values())
        if vals and all(isinstance(v, dict) and "source_hash" in v for v in vals):
            line, col = position(loaded.data, path)
            out.append(Diagnostic(loaded.name, line, col, Severity.ERROR,
                                  "text has no source: write the source-language value as a plain string "
                                  "(translations are objects)", "text-source"))
            return out
        for k, v in node.items():
            out += _sourceless_texts(loaded, [*path, k], v)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _sourceless_texts(loaded, [*path, i], v)
    return out


def find_schemas_dir(root: Path) -> Path:
    """``schemas/`` beside the content root (the repository layout)."""
    return root.parent / "schemas"


assert set(all_schemas()) == set(FILE_KINDS)
