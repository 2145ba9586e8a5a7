"""The merge engine: writing an import into a game folder so that hand edits and translations survive.

An importer turns one upstream document into an :class:`ImportResult` (a game and its entries,
through the model). :func:`write_import` writes it as content YAML and keeps the original in the
game's ``sources/`` folder. Re-importing is a three-way merge per entry between *base* (the
previously kept original, parsed again), *fresh* (the new original) and *current* (the YAML as it is
now, possibly edited by hand):

- upstream unchanged (fresh == base): the current entry is kept as it is, comments included;
- upstream changed and no hand edit (current == base): the fresh entry replaces it, keeping the
  current translations, which then show as stale;
- upstream changed *and* edited by hand: the current entry is kept and a conflict reported;
- entries added by hand are kept; entries removed upstream are removed unless edited by hand.

A YAML comment in or just above an entry counts as a hand edit: such an entry is never replaced or
removed, only reported as a conflict. The entry list is edited in place so comments stay put.

Translations never come from the importer's base comparison: they are carried over, so a re-import
never loses a translator's work. So are aliases in languages the document is not written in (the forms
the translations use, ``aliases: {it: [...]}``): they are the translators', not upstream's; and a term's
``not_in`` phrases, which no document prints: they are the editors'. Nothing is
written when nothing changed (re-runs are byte-identical).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import io
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings.content import originals
from rulings.content.codec import entry_from_data, entry_to_data, game_from_data, game_to_data
from rulings.content.dump import _styled, dumps, modeline, yaml_instance
from rulings.content.load import load
from rulings.content.tree import find_schemas_dir
from rulings.files import atomic_write
from rulings.importers import get
from rulings.importers.result import EntriesFile, Importer, ImportResult
from rulings.model.entries import Entity, Entry, Term, texts_in
from rulings.model.text import Text


@dataclass
class Report:
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"added {i}" for i in self.added] + [f"changed {i}" for i in self.changed]
        out += [f"removed {i}" for i in self.removed]
        out += [f"conflict {i}: changed upstream and edited here; kept the edited entry, merge by hand"
                for i in self.conflicts]
        out += [f"wrote {p}" for p in self.written]
        return out

    def summary(self) -> str:
        return (f"{len(self.added)} added, {len(self.changed)} changed, {len(self.removed)} removed, "
                f"{len(self.conflicts)} conflicts")

    @property
    def ok(self) -> bool:
        """No conflict: nothing is left to merge by hand."""
        return not self.conflicts


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _aliases(e: Entry) -> dict[str, list[str]]:
    """The entry's aliases by language, edited in place ({} for kinds of entry that have none)."""
    return e.aliases if isinstance(e, Entity | Term) else {}


def _translated_aliases(e: Entry, languages: Collection[str]) -> dict[str, list[str]]:
    """The entry's aliases in languages other than ``languages``, those of its upstream document."""
    return {k: v for k, v in _aliases(e).items() if k not in languages}


def _untranslated(e: Entry, languages: Collection[str]) -> dict[str, Any]:
    """An entry's data without translations: what an upstream document written in ``languages`` determines."""
    e2 = copy.deepcopy(dataclasses.replace(e, node=None))  # not the YAML node: copying it cost most of the merge
    for _, t in e2.texts():
        t.translations = {}
    for k in _translated_aliases(e2, languages):
        del _aliases(e2)[k]
    if isinstance(e2, Term):
        e2.not_in = {}
    return entry_to_data(e2)


def carry_translations(fresh: Entry, current: Entry, languages: Collection[str]) -> None:
    """Give ``fresh`` the translations ``current`` has for the same fields (stale if the source moved), and
    its aliases in the other languages than ``languages`` and, for a term, its ``not_in`` phrases."""
    cur: dict[str, Text] = dict(current.texts())
    for path, t in fresh.texts():
        old = cur.get(path)
        if old is not None:
            t.translations = copy.deepcopy(old.translations)
    for k, forms in _translated_aliases(current, languages).items():
        _aliases(fresh)[k] = list(forms)
    if isinstance(fresh, Term) and isinstance(current, Term):
        fresh.not_in = copy.deepcopy(current.not_in)


def has_comments(node: Any) -> bool:
    """Whether a YAML comment is attached anywhere in a round-trip node: a hand edit to keep."""
    ca = getattr(node, "ca", None)
    if ca is not None and (any(ca.comment or ()) or any(any(x for x in v if x) for v in ca.items.values())):
        return True
    if isinstance(node, dict):
        return any(has_comments(v) for v in node.values())
    if isinstance(node, list):
        return any(has_comments(v) for v in node)
    return False


class _EntriesYaml:
    """An entry file's entries, and its round-trip document, parsed only when needed.

    The entries come from the fast loader; ruamel's round-trip parse, which keeps comments and costs about
    thirty times as much, runs only when the file must be edited or an entry's comments decide a merge.
    ``ids`` follows every edit so that positions are known without it."""

    def __init__(self, path: Path, kind: str):
        self.loaded = load(path)
        self.entries = [entry_from_data(kind, d) for d in self.loaded.data.get("entries", [])]
        self.ids = [e.id for e in self.entries]
        self.edited = False
        self._doc: Any = None

    @property
    def seq(self) -> Any:
        """The round-trip entry list, edited in place: ruamel keeps comment lines attached to list positions."""
        if self._doc is None:
            self._doc = yaml_instance(preserve_quotes=True).load(self.loaded.text)
        return self._doc["entries"]

    def hand_edited(self, entry_id: str) -> bool:
        """A YAML comment in or just above the entry."""
        i = self.ids.index(entry_id)
        return has_comments(self.seq[i]) or any(x for x in self.seq.ca.items.get(i, ()) if x)

    def delete(self, i: int) -> None:
        del self.seq[i], self.ids[i]
        self.edited = True

    def insert(self, i: int, e: Entry) -> None:
        self.seq.insert(i, _styled(entry_to_data(e)))
        self.ids.insert(i, e.id)
        self.edited = True

    def replace(self, i: int, e: Entry) -> None:
        self.seq[i] = _styled(entry_to_data(e))
        self.edited = True

    def dumps(self) -> str | None:
        """The edited file, or None if it was never edited."""
        if not self.edited:
            return None
        buf = io.StringIO()
        yaml_instance(preserve_quotes=True).dump(self._doc, buf)
        return buf.getvalue()


def merge_file(fresh: EntriesFile, base: EntriesFile | None, path: Path, game_id: str, schemas_dir: Path,
               report: Report, languages: Collection[str]) -> None:
    base_by_id = {e.id: e for e in base.entries} if base else {}
    fresh_ids = {e.id for e in fresh.entries}
    if not path.exists():
        report.added += [e.id for e in fresh.entries]
        data = {"kind": fresh.kind, "game": game_id, "entries": [entry_to_data(e) for e in fresh.entries]}
        _write(path, dumps(data, first_line=modeline(path, fresh.kind, schemas_dir)), report)
        return
    file = _EntriesYaml(path, fresh.kind)
    cur_by_id = {e.id: e for e in file.entries}

    # removals first, so positions below refer to the surviving entries
    for cur in file.entries:
        if cur.id in fresh_ids:
            continue
        b = base_by_id.get(cur.id)
        if (b is not None and _untranslated(cur, languages) == _untranslated(b, languages)
                and not file.hand_edited(cur.id)):
            report.removed.append(cur.id)
            file.delete(file.ids.index(cur.id))
        elif b is not None:
            report.conflicts.append(cur.id)  # removed upstream but edited here: kept
    last = -1  # position of the previous fresh entry, where a new one is inserted after
    for e in fresh.entries:
        cur = cur_by_id.get(e.id)
        b = base_by_id.get(e.id)
        if cur is None:
            report.added.append(e.id)
            last += 1
            file.insert(last, e)
            continue
        last = file.ids.index(e.id)
        fe, ce = _untranslated(e, languages), _untranslated(cur, languages)
        be = _untranslated(b, languages) if b is not None else None
        if fe in (ce, be):
            continue  # nothing new upstream: keep the entry as it is, comments included
        if be is not None and ce == be and not file.hand_edited(e.id):
            carry_translations(e, cur, languages)  # upstream changed, no hand edit: take it, keep translations
            report.changed.append(e.id)
            file.replace(last, e)
        else:
            report.conflicts.append(e.id)  # changed upstream and by hand (or no base to tell)
    text = file.dumps()
    if text is not None:
        _write(path, text, report)


def _write(path: Path, text: str, report: Report) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)
    report.written.append(path)


def _game_data(result: ImportResult, source: bytes, into: Path, importer: Importer) -> dict[str, Any]:
    g = result.game
    for d in g.documents:
        if d.id == result.document_id:
            d.sha256 = sha256(source)
            d.file = f"sources/{importer.SOURCE_NAME}"
    return game_to_data(g)


def write_import(importer: Importer, source: bytes, into: Path, schemas_dir: Path) -> Report:
    """Merge the import of ``source`` into the game folder ``into`` and keep the original there."""
    report = Report()
    fresh = importer.parse(originals.decode(source))
    kept = into / "sources" / importer.SOURCE_NAME
    kept_bytes = kept.read_bytes() if kept.exists() else None
    # the same document again parses the same: every fresh entry then equals its base and none is changed
    if kept_bytes is None or kept_bytes == source:
        base = None if kept_bytes is None else fresh
    else:
        try:
            base = importer.parse(originals.decode(kept_bytes))
        except originals.NotUtf8 as e:
            e.file = str(kept)
            raise
    base_files = {f.path: f for f in base.files} if base else {}

    game_path = into / "game.yml"
    fresh_game = _game_data(fresh, source, into, importer)
    if not game_path.exists():
        _write(game_path, dumps(fresh_game, first_line=modeline(game_path, "game", schemas_dir)), report)
    else:
        # keep the game file as edited; refresh only this document's record
        y = yaml_instance(preserve_quotes=True)
        doc = y.load(load(game_path).text)
        cur_game = game_from_data(doc)
        fresh_doc = next(d for d in fresh_game["documents"] if d["id"] == fresh.document_id)
        docs = doc["documents"]
        idx = next((i for i, d in enumerate(docs) if d["id"] == fresh.document_id), None)
        old = next((d for d in cur_game.documents if d.id == fresh.document_id), None)
        if old is not None:  # translations of the document's texts (title, notes) are kept
            for key, text in texts_in(old):
                if key in fresh_doc:
                    fresh_doc[key] = {**fresh_doc[key], **{
                        k: v for k, v in docs[idx][key].items() if k != text.lang}}
        if idx is None:
            docs.append(_styled(fresh_doc))
        elif any(docs[idx].get(k) != v for k, v in fresh_doc.items() if k != "title"):
            docs[idx] = _styled(fresh_doc)
        buf = io.StringIO()
        y.dump(doc, buf)
        _write(game_path, buf.getvalue(), report)

    for f in fresh.files:
        merge_file(f, base_files.get(f.path), into / f.path, fresh.game.id, schemas_dir, report, fresh.languages)
    if kept_bytes != source:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(source)
        report.written.append(kept)
    return report


def import_file(fmt: str, source: Path, into: Path | None = None, *, content: Path = Path("content")) -> Report:
    """``rulings import``: merge ``source``, a document of format ``fmt``, into its game folder.

    ``into`` defaults to ``content/<the importer's game id>``; the schemas are those of the tree it is in."""
    importer = get(fmt)
    target = into or content / importer.GAME_ID
    return write_import(importer, source.read_bytes(), target, find_schemas_dir(target.resolve().parent))
