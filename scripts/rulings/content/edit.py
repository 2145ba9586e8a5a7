"""Change content files in place, keeping comments, key order and quoting.

Used to record translations beside their source texts: the translation gets the hash of the
source text it was made from, so a later change to the source marks it stale.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from rulings.content.diagnostics import ContentError
from rulings.content.dump import _styled, yaml_instance
from rulings.content.load import load
from rulings.content.tree import Content, read
from rulings.files import Staged
from rulings.model.entries import field_steps
from rulings.model.names import display_name
from rulings.model.text import TranslationStatus, text_hash


@dataclass
class EditReport:
    applied: int = 0
    unchanged: int = 0
    problems: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.applied} applied, {self.unchanged} unchanged, {len(self.problems)} problems, "
                f"{len(self.written)} files written")



def _text_node(node: Any, path: str) -> CommentedMap | None:
    for step in field_steps(path):
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return node if isinstance(node, CommentedMap) else None


class Editor:
    """Open content files round-trip on demand, edit them, and write back the changed ones."""

    def __init__(self, content: Content):
        self.content = content
        self.docs: dict[Path, Any] = {}
        self.dirty: set[Path] = set()
        self.files_by_id = {e.id: f.loaded.path for f in content.files for e in f.entries}
        self.game_paths = {gid: gf.loaded.path for gid, gf in content.game_files.items()}

    def _doc(self, path: Path) -> Any:
        if path not in self.docs:
            self.docs[path] = yaml_instance(preserve_quotes=True).load(load(path).text)
        return self.docs[path]

    def entry_node(self, entry_id: str) -> tuple[Path, Any] | None:
        if entry_id in self.game_paths:
            p = self.game_paths[entry_id]
            return p, self._doc(p)
        p = self.files_by_id.get(entry_id)
        if p is None:
            return None
        for node in self._doc(p)["entries"]:
            if node.get("id") == entry_id:
                return p, node
        return None

    def set_translation(self, entry_id: str, path: str, locale: str, text: str, status: str, by: str,
                        note: str | None = None) -> str:
        """Record a translation; returns 'applied', 'unchanged' or a problem message. ``by`` is stored as
        its display name (no address, markup or control characters); one with no name left is refused."""
        name = display_name(by)
        if not name:
            return (f"{entry_id}: translator {by!r} has no display name once e-mail addresses, markup and "
                    "control characters are removed; give a name or handle")
        by = name
        found = self.entry_node(entry_id)
        if found is None:
            return f"{entry_id}: no such entry"
        file, node = found
        tnode = _text_node(node, path)
        if tnode is None:
            return f"{entry_id}: no text field '{path}'"
        sources = [(k, v) for k, v in tnode.items() if isinstance(v, str)]
        if len(sources) != 1:
            return f"{entry_id}: field '{path}' has no single source text"
        src_lang, src = sources[0]
        if locale == src_lang:
            return f"{entry_id}: field '{path}' is written in '{locale}' already (the source)"
        tr: dict[str, Any] = {"text": text, "source_hash": text_hash(str(src)),
                              "status": TranslationStatus(status).value, "by": by}
        if note:
            tr["note"] = note
        old = tnode.get(locale)
        if isinstance(old, dict) and old.get("status") == TranslationStatus.OFFICIAL.value and status != "official":
            return (f"{entry_id}: field '{path}' has an official '{locale}' text printed in the source; "
                    "it is never overwritten")
        if isinstance(old, dict) and {k: old.get(k) for k in tr} == tr and (note is None or old.get("note") == note):
            return "unchanged"
        tnode[locale] = _styled(tr)
        self.dirty.add(file)
        return "applied"

    def save(self) -> list[Path]:
        """Write every changed file: all are written to temporary files first, then renamed into place,
        so a failure while writing leaves every content file as it was."""
        with Staged() as staged:
            for p in sorted(self.dirty):
                buf = io.StringIO()
                yaml_instance(preserve_quotes=True).dump(self.docs[p], buf)
                staged.stage(p, buf.getvalue())
            written = staged.commit()
        self.dirty.clear()
        return written


def tally(report: Any, outcome: str) -> None:
    """Count one ``set_translation`` outcome on a report with applied/unchanged/problems fields."""
    if outcome == "applied":
        report.applied += 1
    elif outcome == "unchanged":
        report.unchanged += 1
    else:
        report.problems.append(outcome)


def read_mapping(path: Path) -> dict[str, dict[str, Any]]:
    """A ``rulings translate apply`` file (entry id → field path → text); :class:`ValueError` if it is none."""
    try:
        data = load(path).data
    except ContentError as e:
        raise ValueError(e.diagnostic.format()) from e
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping of entry id to fields")
    return data


def apply_translations(root: Path, mapping: dict[str, dict[str, Any]], locale: str, status: str,
                       by: str) -> EditReport:
    """Apply ``{entry id: {field path: text or {text, note}}}`` as ``locale`` translations."""
    report = EditReport()
    editor = Editor(read(root))
    for entry_id, fields in mapping.items():
        if not isinstance(fields, dict):
            report.problems.append(f"{entry_id}: expected a mapping of field path to text")
            continue
        for path, value in fields.items():
            note = None
            if isinstance(value, dict):
                value, note = value.get("text"), value.get("note")
            if not isinstance(value, str):
                report.problems.append(f"{entry_id}: {path}: translation must be text")
                continue
            tally(report, editor.set_translation(str(entry_id), str(path), locale, value, status, by, note))
    report.written = editor.save()
    return report
