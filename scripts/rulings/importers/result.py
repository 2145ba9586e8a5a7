"""What an importer gives: a game and its entries, file by file, for :mod:`rulings.importers.merge` to write.

A format module (one per upstream document format) defines ``FORMAT``, ``GAME_ID``, ``SOURCE_NAME``
and ``parse(text) -> ImportResult`` (the :class:`Importer` protocol); it never writes files itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from rulings.model.entries import Entry, Game


@dataclass
class EntriesFile:
    """One content file an import writes: its path inside the game folder, its kind, its entries."""

    path: str
    kind: str
    entries: list[Entry]


@dataclass
class ImportResult:
    game: Game
    document_id: str
    files: list[EntriesFile]

    @property
    def languages(self) -> list[str]:
        """The languages the imported document is written in: upstream's texts and aliases are in these."""
        return next(d.languages for d in self.game.documents if d.id == self.document_id)

    @classmethod
    def of(cls, game: Game, document_id: str, entries: Mapping[str, Iterable[Entry]]) -> ImportResult:
        """One file per kind, named for it (``rulings.yml``), in the order given."""
        return cls(game, document_id, [EntriesFile(f"{kind}.yml", kind, list(es)) for kind, es in entries.items()])


class Importer(Protocol):
    FORMAT: str  # the name given to `rulings import`
    GAME_ID: str  # the game folder it writes by default
    SOURCE_NAME: str  # file name of the kept original under sources/

    def parse(self, text: str) -> ImportResult: ...
