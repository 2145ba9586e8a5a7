"""The prebuilt search index of a built locale (``search/rl/``, scripts/rulings/site/search/shards.py), read
back in Python for tests that check what the index holds without a browser: its documents (what a result
row shows) and the documents a word leads to."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulings.site.search.shards import FOLDER, decode_ids, read_js
from rulings.site.search.tokens import index_tokens


@dataclass
class Row:
    location: str
    title: str
    snippet: str
    game: str | None  # the game's name as the result row shows it
    kind: str | None


def _read(path: Path) -> list:
    return read_js(path.read_bytes())


@dataclass
class SearchFiles:
    rows: list[Row]
    stem_of: dict[str, str]
    postings: dict[str, list[set[int]]]  # stem -> the documents having it in each field (meta's "fields")

    def having(self, text: str) -> set[str]:
        """The locations of the documents that have every indexed word of ``text`` (name, title or text)."""
        found: set[int] | None = None
        for token in index_tokens(text):
            stem = self.stem_of.get(token, token)
            ids = set().union(*self.postings.get(stem, [set()]))
            found = ids if found is None else found & ids
        return {self.rows[i].location for i in found or ()}


def search_files(locale_dir: Path) -> SearchFiles:
    root = locale_dir / "search" / FOLDER
    meta = _read(root / "meta.js")[2]
    games, kinds = [n for _, n in meta["games"]], [n for _, n in meta["kinds"]]
    rows: list[Row] = []
    at = {k: i for i, k in enumerate(meta["record"])}  # the index's own layout, as the worker reads it
    for n in range(-(-meta["docs"] // meta["chunk"])):
        for r in _read(root / f"{meta['paths']['docs']}{n}.js")[2]["r"]:
            game, kind = r[at["game"]], r[at["kind"]]
            rows.append(Row(r[at["location"]], r[at["title"]], r[at["snippet"]], games[game - 1] if game else None,
                            kinds[kind - 1] if kind else None))
    stem_of: dict[str, str] = {}
    postings: dict[str, list[set[int]]] = {}
    for shard in sorted((root / meta["paths"]["shard"]).glob("*.js")):
        data = _read(shard)[2]
        stem_of.update({s: (s if st == 1 else st) for s, st in data["s"].items()})
        postings.update({s: [set(decode_ids(ids)) for ids in fields] for s, fields in data["p"].items()})
    return SearchFiles(rows, stem_of, postings)
