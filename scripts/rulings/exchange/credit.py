"""Who made an edit in a PO file: the authors of the commits that changed one message since the last sync.

A Weblate component commits each translator's work under their name (or squashes several into one commit
with ``Co-authored-by`` trailers), while a PO file has one ``Last-Translator``: crediting every edit of a file
to it credits one person with everyone's work. So the sync asks git, per message: walking the commits that
touched the file, newest first, each commit that changed the message's msgstr or fuzzy flag (compared with its
parent) is credited to its author and co-authors, until the message is found as the last sync left it.

An edit not committed yet is nobody's in git: the caller credits the file's Last-Translator for it, as it does
when the file has no history at all (outside a checkout, git missing, never committed).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from rulings.model.names import display_name
from rulings.vcs import COMMIT_ID, git

LOOKBACK = 200
"""Commits of one PO file read at most to find who changed a message (a file's commits since its last sync
are a handful; the bound keeps a file with a long history, never synced again, from being read whole)."""

Settled = Callable[[Message | None], bool]
"""Whether a message (None: absent from that version of the file) is as the last sync left it, or older."""


@dataclass(frozen=True)
class Commit:
    """A commit that touched the file: its id and the people it credits (author, then co-authors)."""

    id: str
    names: tuple[str, ...]


def _state(msg: Message | None) -> tuple[str, bool] | None:
    """What a translator changes in a message: its msgstr and fuzzy flag."""
    return None if msg is None else (msg.string if isinstance(msg.string, str) else "", msg.fuzzy)


def messages_of(data: bytes) -> dict[str, Message] | None:
    """The messages of a PO file's bytes by msgctxt, or None when they are no readable PO."""
    try:
        cat = read_po(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - babel raises several kinds of errors on bad input
        return None
    return {m.context or "": m for m in cat if m.id}


def _names(author: str, trailers: str) -> tuple[str, ...]:
    found = [display_name(v) for v in [author, *trailers.split("\x1f")] if v.strip()]
    return tuple(dict.fromkeys(n for n in found if n))


@dataclass
class FileHistory:
    """The git history of one PO file, read once and only when a message of it needs crediting."""

    path: Path
    _commits: list[Commit] | None = None
    _where: str | None = None
    _blobs: dict[str, str | None] = field(default_factory=dict)  # revision → blob id (None: no such file)
    _parsed: dict[str, dict[str, Message] | None] = field(default_factory=dict)  # blob id → messages

    def _load(self) -> list[Commit]:
        if self._commits is None:
            self._commits = []
            prefix = git(self.path.parent, "rev-parse", "--show-prefix")
            if prefix is not None:
                self._where = prefix.strip() + self.path.name
                out = git(self.path.parent, "log", "--no-merges", f"-n{LOOKBACK}",
                          "--format=%x1e%H%x00%an%x00%(trailers:key=Co-authored-by,valueonly,separator=%x1f)",
                          "--", self.path.name)
                for record in (out or "").split("\x1e"):
                    commit, _, rest = record.partition("\x00")
                    author, _, trailers = rest.partition("\x00")
                    if COMMIT_ID.fullmatch(commit.strip()):
                        self._commits.append(Commit(commit.strip(), _names(author, trailers.strip())))
        return self._commits

    def _messages(self, revision: str) -> dict[str, Message] | None:
        """The messages of the file at ``revision`` (``C``, ``C^``, ``HEAD``); None when it has no such file."""
        if revision not in self._blobs:
            out = git(self.path.parent, "rev-parse", "--verify", "--quiet", f"{revision}:{self._where}")
            self._blobs[revision] = out.strip() if out and out.strip() else None
        blob = self._blobs[revision]
        if blob is None:
            return None
        if blob not in self._parsed:
            text = git(self.path.parent, "cat-file", "blob", blob)
            self._parsed[blob] = messages_of(text.encode("utf-8")) if text is not None else None
        return self._parsed[blob]

    def _at(self, revision: str, ctx: str) -> Message | None:
        found = self._messages(revision)
        return None if found is None else found.get(ctx)

    def credit(self, ctx: str, current: Message, settled: Settled) -> tuple[list[str], bool]:
        """(names, uncommitted) for the message ``ctx`` as the working file has it (``current``): the people
        whose commits changed it since it was ``settled``, oldest first, and whether the working file changed
        it since the last commit (whose author git cannot know)."""
        commits = self._load()
        if not commits:
            return [], False
        uncommitted = _state(self._at("HEAD", ctx)) != _state(current)
        credited: list[Commit] = []
        for c in commits:
            new, old = self._at(c.id, ctx), self._at(f"{c.id}^", ctx)
            if settled(new):
                break
            if _state(new) != _state(old):
                credited.append(c)
            if settled(old):
                break
        names = [n for c in reversed(credited) for n in c.names]
        return list(dict.fromkeys(names)), uncommitted
