"""``rulings fmt``: canonical formatting of content files that keeps comments, key order and quoting.

The file is read round-trip (comments and quoting kept), re-emitted in the style of ``dump`` and
given the right schema modeline. Formatting never changes what a file means; a file that does not
load is reported and left untouched.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rulings.content.diagnostics import ContentError, Diagnostic, display_path
from rulings.content.dump import MODELINE_PREFIX, modeline, yaml_instance
from rulings.content.load import Loaded, load, load_text
from rulings.content.tree import FILE_KINDS, Selection, discover, find_schemas_dir
from rulings.files import atomic_write


@dataclass
class FmtResult:
    path: Path
    changed: bool
    error: Diagnostic | None = None


def format_text(path: Path, text: str, schemas_dir: Path) -> str:
    """The canonical form of ``text``; raises :class:`ContentError` if it does not load."""
    return _canonical(load_text(path, text), schemas_dir)  # all the loader's checks first


def _canonical(loaded: Loaded, schemas_dir: Path) -> str:
    """The canonical form of a file the loader accepted."""
    path = loaded.path
    y = yaml_instance(preserve_quotes=True)
    data = y.load(loaded.text)
    buf = io.StringIO()
    y.dump(data, buf)
    out = buf.getvalue()
    kind = data.get("kind") if hasattr(data, "get") else None
    if kind in FILE_KINDS:
        want = modeline(path, str(kind), schemas_dir)
        first, _, rest = out.partition("\n")
        out = f"{want}\n{rest}" if first.startswith(MODELINE_PREFIX) else f"{want}\n{out}"
    return out


def format_file(path: Path, root: Path, *, check: bool) -> FmtResult:
    try:
        loaded = load(path)
        out = _canonical(loaded, find_schemas_dir(root))
    except ContentError as e:
        return FmtResult(path, False, e.diagnostic)
    changed = out != loaded.text
    if changed and not check:
        atomic_write(path, out)
    return FmtResult(path, changed)


@dataclass
class FmtRun:
    """``rulings fmt`` over a selection: one result per content file, in order."""

    check: bool
    results: list[FmtResult]

    def report(self) -> Iterator[tuple[str, bool]]:
        """A line per file that changed (or would) or could not be read, and whether it is a problem."""
        for r in self.results:
            if r.error:
                yield r.error.format(), True
            elif r.changed:
                yield f"{'would reformat' if self.check else 'reformatted'} {display_path(r.path)}", False

    def summary(self) -> str:
        changed = sum(r.changed for r in self.results)
        errors = sum(r.error is not None for r in self.results)
        verb = "would be reformatted" if self.check else "reformatted"
        return f"{changed} of {len(self.results)} files {verb}" + (f", {errors} could not be read" if errors else "")

    @property
    def ok(self) -> bool:
        """Every file could be read and, with ``check``, none would change."""
        return not any(r.error or (self.check and r.changed) for r in self.results)


def format_paths(selection: Selection, *, check: bool) -> FmtRun:
    """Format every content file of ``selection`` (``check``: change nothing, only tell)."""
    files = [p for p in discover(selection.root) if selection.covers(p)]
    return FmtRun(check, [format_file(p, selection.root, check=check) for p in files])
