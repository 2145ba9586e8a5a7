"""What is translatable: every text field of a game's entries, with where it lives (file, line) and the
title of its entry, in content order. PO export writes one message per item; PO import finds the field
a message belongs to by its ``ctx``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulings.content.load import position
from rulings.content.tree import Content
from rulings.model.entries import Change, Entity, Entry, Erratum, Game, Ruling, Section, Term, field_steps
from rulings.model.text import Text

TITLE_CHARS = 80


@dataclass
class Item:
    """One translatable text field: where it lives and what it says."""

    ctx: str  # "<entry id>#<field path>"
    owner_id: str  # entry id, or the game id for the game file's texts
    path: str
    text: Text
    file: Path
    line: int | None
    title: str
    entry: Entry | Game


def one_line(s: str, limit: int | None = None) -> str:
    s = " ".join(s.split())
    if limit and len(s) > limit:
        s = s[: limit - 1].rstrip() + "…"
    return s


def entry_title(e: Entry | Game) -> str:
    """The entry's name as a reader sees it in the source language (its name/term/question/title)."""
    t: Text | None = None
    if isinstance(e, (Game, Entity)):
        t = e.name
    elif isinstance(e, Term):
        t = e.term
    elif isinstance(e, Ruling):
        t = e.question or e.statement
    elif isinstance(e, Section):
        t = e.title
    elif isinstance(e, Erratum):
        t = e.target_name or e.group or e.text
    elif isinstance(e, Change):
        t = e.text
    if t is None:
        return e.id
    return one_line(t.source, TITLE_CHARS)


def _line_of(node: Any, path: str) -> int | None:
    if node is None:
        return None
    line, _col = position(node, field_steps(path), key=True)
    return line


def _items_of(owner: Entry | Game, file: Path) -> list[Item]:
    out = []
    for path, text in owner.texts():
        out.append(Item(f"{owner.id}#{path}", owner.id, path, text, file, _line_of(owner.node, path),
                        entry_title(owner), owner))
    return out


def game_items(content: Content, game: str) -> list[Item]:
    """Every text field of a game in content order: the game file's, then each file's entries'."""
    out: list[Item] = []
    gf = content.game_files.get(game)
    if gf is not None:
        out += _items_of(content.games[game], gf.loaded.path)
    for cf in content.files:
        if cf.game == game:
            for e in cf.entries:
                out += _items_of(e, cf.loaded.path)
    return out


def all_items(content: Content) -> dict[str, Item]:
    games = list(content.games) + sorted({cf.game for cf in content.files if cf.game} - set(content.games))
    return {it.ctx: it for g in games for it in game_items(content, g)}
