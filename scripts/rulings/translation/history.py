"""What git knows about content files: the older versions a stale translation was made from (the content
keeps only the hash of that source) and the date of the last commit (fixed dates for PO headers)."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

from rulings.content.diagnostics import ContentError
from rulings.content.load import load_text
from rulings.model.entries import field_steps
from rulings.model.text import text_hash
from rulings.vcs import git, newest_time, source_date_env


class History:
    """Older versions of content files from git, to recover the source a stale translation was made from."""

    def __init__(self) -> None:
        self.logs: dict[Path, list[tuple[str, str]]] = {}
        self.tops: dict[Path, Path | None] = {}
        self.data: dict[tuple[Path, str], Any] = {}

    def _top(self, d: Path) -> Path | None:
        if d not in self.tops:
            out = git(d, "rev-parse", "--show-toplevel")
            self.tops[d] = Path(out.strip()) if out and out.strip() else None
        return self.tops[d]

    def _log(self, file: Path) -> list[tuple[str, str]]:
        """(commit, path at that commit relative to the repository) pairs, newest first."""
        if file not in self.logs:
            pairs: list[tuple[str, str]] = []
            out = git(file.parent, "log", "--no-ext-diff", "--no-textconv", "--follow", "--format=commit %H",
                      "--name-only", "--", file.name)
            commit = None
            for line in (out or "").splitlines():
                if line.startswith("commit "):
                    commit = line[7:].strip()
                elif line.strip() and commit:
                    pairs.append((commit, line.strip()))
                    commit = None
            self.logs[file] = pairs
        return self.logs[file]

    def _load(self, file: Path, commit: str, path: str) -> Any:
        key = (file, commit)
        if key not in self.data:
            top = self._top(file.parent)
            text = git(top, "cat-file", "blob", f"{commit}:{path}") if top else None  # no filter, no textconv
            data = None
            if text is not None:
                try:
                    data = load_text(Path(path), text).data
                except ContentError:
                    data = None
            self.data[key] = data
        return self.data[key]

    def previous_source(self, file: Path, owner_id: str, field_path: str, source_hash: str) -> str | None:
        """The newest committed source text of the field whose hash is ``source_hash``."""
        for commit, path in self._log(file):
            data = self._load(file, commit, path)
            for value in _sources_at(data, owner_id, field_path):
                if text_hash(value) == source_hash:
                    return value
        return None


def _sources_at(data: Any, owner_id: str, field_path: str) -> list[str]:
    if not isinstance(data, dict):
        return []
    node: Any = None
    if data.get("kind") == "game":
        node = data if data.get("id") == owner_id else None
    elif isinstance(data.get("entries"), list):
        node = next((e for e in data["entries"] if isinstance(e, dict) and e.get("id") == owner_id), None)
    for step in field_steps(field_path):
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return []
    if not isinstance(node, dict):
        return []
    return [v for v in node.values() if isinstance(v, str)]


def source_date(root: Path, game: str | None = None) -> dt.datetime:
    """The fixed date written into PO headers: SOURCE_DATE_EPOCH (:class:`SourceDateError` when malformed),
    else the last commit of the game's folder (or of the content) with a usable date, else 1970-01-01."""
    epoch = source_date_env()
    if epoch is None:
        where = root / game if game and (root / game).is_dir() else root
        dated = f"{where}{os.sep}"
        epoch = (newest_time(where, dated, "--", ".") if where.is_dir() else None) or 0
    return dt.datetime.fromtimestamp(epoch, dt.UTC)
