"""The index files a locale's search worker loads, built from Material's per-page search entries.

Under ``search/rl/`` beside ``search_index.json``, every file a script that hands its data to the
worker's global ``__rulingsSearch`` (so it loads with ``importScripts`` from a worker and with a
``<script>`` tag inside Material's ``file://`` worker shim, where ``fetch`` is refused):

- ``meta.js``: games, kinds, stop words, the Han ranges, what joins a compound, the list of shard keys
  and the layout of the other files (how long a key grows, the fields of a record and of a posting, the
  folders): small, first. The worker reads all of it from there, so this module is its one source;
- ``s/<key>.js``: the words starting with ``key`` (a prefix of one or two characters, longer where a
  shard would be large): each surface form with its stem, each of those stems with the documents
  having it as a name, in a title, in the text and in an original the page hides (sorted ids as one string
  each, :func:`encode_ids`; the last left out when empty),
  and the records (below)
  of the documents it names, which rank first: a query's words need their shards and nothing else,
  and its best results show without another request;
- ``d/<n>.js``: the documents ``n*CHUNK`` … (location, title, snippet, game, kind, page), with the
  pages of its sections that are in another file, loaded only for the results shown (one request
  per file, whatever page a section is on);
- ``f/game.js``, ``f/kind.js``: each document's game and kind, run-length coded, loaded only when a
  query filters by them; ``filters.js``: the games and kinds a reader can filter by.

Every string is content, so hostile: the data is JSON (escaped by construction) with ``<``, U+2028
and U+2029 escaped too, so a file stays inert script whatever it holds, and the worker escapes all of
it before Material renders it as HTML.
"""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rulings.escape import one_line
from rulings.model.terms import HAN_RANGES
from rulings.site.search.tokens import HAN_RUN, HYPHENS, JOIN_MAX, JOINERS, STOP_WORDS, compounds, index_tokens, stemmer

FOLDER = "rl"
CALL = "__rulingsSearch"  # the worker's registration function, called by every index file
CHUNK = 16  # documents per record file: a result list touches few bytes
SHARD_BYTES = 10_000  # a shard larger than this is split by one more character (tools/bench/README.md: why)
MAX_KEY = 6  # characters a shard's key grows to at most (the worker looks up keys up to this length)
FIELDS = ("name", "title", "text", "original")
"""Where a document has a word, in the order of a stem's postings (the worker weighs each by its name)."""
RECORD = ("location", "title", "snippet", "game", "kind", "page")
"""What a result shows of a document, in the order of its record (:func:`record`)."""
PATHS = {"shard": "s/", "docs": "d/", "facet": "f/"}
"""The folders of the shards, the record files and the facets under :data:`FOLDER`."""
SNIPPET = 140  # characters of text shown under a result's title
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-"
"""The 64 characters of :func:`encode_ids` (none JSON or the worker's files escape), in meta.js for the worker."""
TAGS = re.compile(r"<[^>]*>")


@dataclass
class Doc:
    location: str
    title: str
    text: str
    game: int  # index into the games + 1; 0: no game (site pages)
    kind: int  # index into the kinds + 1; 0: a page of no single kind
    page: int  # the id of the page this section is on (itself for a page)


@dataclass
class Index:
    docs: list[Doc] = field(default_factory=list)
    stem_of: dict[str, str] = field(default_factory=dict)
    postings: dict[str, tuple[set[int], ...]] = field(
        default_factory=lambda: defaultdict(lambda: tuple(set() for _ in FIELDS)))
    """Per stem, the documents having it in each of :data:`FIELDS` (a name, a title, the text, an original)."""


def plain_text(markup: str) -> str:
    """Material's section HTML as the words a reader sees (tags dropped, entities decoded, and the
    zero-width spaces its jieba segmentation puts between Chinese words removed)."""
    return " ".join(html.unescape(TAGS.sub(" ", markup)).replace("\u200b", "").split())


class _Remembered:
    """What texts gave the last index (plain text of markup; tokens and compounds of a text), for a process that
    indexes nearly the same texts again and again: the preview, after every edit (tokenizing is nine tenths of an
    index's time). Only what the last index used is kept, so it never grows with the edits."""

    def __init__(self) -> None:
        self.last: dict[tuple[str, str], Any] = {}
        self.now: dict[tuple[str, str], Any] = {}

    def get(self, kind: str, text: str, make: Callable[[str], Any]) -> Any:
        key = (kind, text)
        if key not in self.now:
            self.now[key] = self.last[key] if key in self.last else make(text)
        return self.now[key]

    def turn(self) -> None:
        self.last, self.now = self.now, {}


_remembered: _Remembered | None = None


def remember_texts() -> None:
    """Keep, in this process, what each text gives the index for the next index (see :class:`_Remembered`).
    A build indexes each text once and leaves this off."""
    global _remembered
    _remembered = _remembered or _Remembered()


def _plain(markup: str) -> str:
    return plain_text(markup) if _remembered is None else _remembered.get("plain", markup, plain_text)


def _words(text: str) -> tuple[list[str], list[tuple[int, int, str, bool]]]:
    """A text's index tokens and compounds."""
    def make(t: str) -> tuple[list[str], list[tuple[int, int, str, bool]]]:
        return index_tokens(t), compounds(t)
    return make(text) if _remembered is None else _remembered.get("words", text, make)


def build_index(entries: Iterable[dict], context: dict, lang: str) -> tuple[Index, list[str], list[str]]:
    """The index of Material's search entries (``location``, ``title``, ``text``) with the context's
    games, kinds and names; returns it with the game ids and kind keys (their codes' order)."""
    games = sorted(context.get("games", {}))
    kinds = sorted(context.get("kinds", {}))
    where, names = context.get("where", {}), context.get("names", {})
    originals = context.get("originals", {})
    stem = stemmer(lang)
    ix = Index()
    page_ids: dict[str, int] = {}
    apart: list[tuple[str, int, int]] = []  # compounds written apart: (joined, field, document), for the end

    def add(tok: str, f: int, n: int) -> None:
        s = ix.stem_of.get(tok)
        if s is None:
            s = ix.stem_of[tok] = stem(tok)
        ix.postings[s][f].add(n)

    for n, entry in enumerate(entries):
        location = str(entry.get("location", ""))
        page = location.split("#", 1)[0]
        if page == location:
            page_ids[location] = n
        segment = page.split("/", 1)[0]
        kind = where.get(location) or where.get(page)
        ix.docs.append(Doc(location, _plain(str(entry.get("title", ""))), _plain(str(entry.get("text", ""))),
                           games.index(segment) + 1 if segment in games else 0,
                           kinds.index(kind) + 1 if kind in kinds else 0, page_ids.get(page, n)))
        d = ix.docs[-1]
        fields = {"name": names.get(location, []), "title": [d.title], "text": [d.text],
                  "original": originals.get(location, [])}
        for f, texts in enumerate(fields[name] for name in FIELDS):
            for text in texts:  # one by one: no compound joins the end of a name to the next
                tokens, joins = _words(text)
                for tok in tokens:
                    add(tok, f, n)
                for _first, _last, joined, hyphenated in joins:
                    if hyphenated:
                        add(joined, f, n)
                    else:
                        apart.append((joined, f, n))
    # written apart: found by the joined form where the index has it as a word (joining every two adjacent
    # words would double the index, measured; the worker reads a word the index lacks as its pieces)
    for joined, f, n in apart:
        if joined in ix.stem_of:
            add(joined, f, n)
    if _remembered is not None:
        _remembered.turn()
    return ix, games, kinds


def first_key(token: str) -> str:
    """The shard a token starts in: its first character if Han, else its first two."""
    return token[:1] if HAN_RUN.match(token) else token[:2]


def shard_name(key: str) -> str:
    """A file name for any key, safe on every file system (hex code points)."""
    return "_".join(f"{ord(c):x}" for c in key)


def encode_ids(ids: Iterable[int]) -> str:
    """Sorted document ids as a string: each gap from the one before (the first from 0) in base-32
    digits, most significant first, each but the last of a gap marked by the digit's sixth bit. A
    common word's 36,000 ids take 37 KB, not the 89 KB of a JSON list of gaps, and a browser reads a
    string literal far faster than an array literal of as many numbers."""
    out, prev = [], 0
    for i in sorted(ids):
        gap, prev = i - prev, i
        digits = [gap & 31]
        while gap := gap >> 5:
            digits.append(gap & 31)
        out.extend(DIGITS[d | 32] for d in reversed(digits[1:]))
        out.append(DIGITS[digits[0]])
    return "".join(out)


def decode_ids(text: str) -> list[int]:
    """The ids :func:`encode_ids` wrote (for tools and tests; the worker's decodeIds does the same)."""
    out, at, value = [], 0, 0
    for c in text:
        d = DIGITS.index(c)
        value = value * 32 + (d & 31)
        if d < 32:
            at += value
            out.append(at)
            value = 0
    return out


def js(kind: str, key: str | int | None, data: object) -> bytes:
    """One index file: a call of the worker's registration function with JSON data, inert as script."""
    text = json.dumps([kind, key, data], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"{CALL}({text});\n".encode()


def read_js(data: bytes) -> list:
    """The ``[kind, key, data]`` an index file written by :func:`js` hands to the worker (for tools and tests)."""
    text = data.decode("utf-8")
    if not (text.startswith(f"{CALL}(") and text.endswith(");\n")):
        raise ValueError("not a search index file")
    return json.loads(text[len(CALL) + 1:-3])


def record(ix: Index, n: int) -> list:
    """What a result shows of document ``n``: its :data:`RECORD` (location, title, snippet, game, kind, page)."""
    d = ix.docs[n]
    shown = {"location": d.location, "title": one_line(d.title), "snippet": one_line(d.text, SNIPPET),
             "game": d.game, "kind": d.kind, "page": d.page}
    return [shown[k] for k in RECORD]


def _shard_data(ix: Index, strings: list[str]) -> dict:
    surfaces = {s: (ix.stem_of[s] if ix.stem_of[s] != s else 1) for s in strings}
    stems = sorted({ix.stem_of[s] for s in strings})
    name = FIELDS.index("name")
    named = {n for s in stems for n in ix.postings[s][name]}  # the names rank first: shown from here
    named |= {ix.docs[n].page for n in named}
    return {"s": surfaces, "p": {s: _postings(ix.postings[s]) for s in stems},
            "r": {n: record(ix, n) for n in sorted(named)}}


def _postings(fields: tuple[set[int], ...]) -> list[str]:
    """A stem's postings as the worker reads them, one per :data:`FIELDS`, the last left out when empty (as
    most originals are: an original's words are mostly in another language than the page's)."""
    out = [encode_ids(f) for f in fields]
    return out[:-1] if not out[-1] else out


def _split(ix: Index, key: str, strings: list[str], out: dict[str, dict]) -> None:
    data = _shard_data(ix, strings)
    if len(key) >= MAX_KEY or len(json.dumps(data, ensure_ascii=False)) <= SHARD_BYTES:
        out[key] = data
        return
    here = [s for s in strings if len(s) <= len(key)]
    longer: dict[str, list[str]] = defaultdict(list)
    for s in strings:
        if len(s) > len(key):
            longer[s[:len(key) + 1]].append(s)
    if here:
        out[key] = _shard_data(ix, here)
    for sub, subs in sorted(longer.items()):
        _split(ix, sub, subs, out)


def shards(ix: Index) -> dict[str, dict]:
    """Every shard by key: surface forms grouped by prefix (with their stems), split where large."""
    by_key: dict[str, list[str]] = defaultdict(list)
    for s in sorted(ix.stem_of):
        by_key[first_key(s)].append(s)
    out: dict[str, dict] = {}
    for key, strings in sorted(by_key.items()):
        _split(ix, key, strings, out)
    return out


def _runs(codes: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for c in codes:
        if out and out[-1][1] == c:
            out[-1][0] += 1
        else:
            out.append([1, c])
    return out


def index_files(entries: list[dict], context: dict, lang: str) -> dict[str, bytes]:
    """Every file of the index, by path under ``search/`` (deterministic: same input, same bytes)."""
    ix, games, kinds = build_index(entries, context, lang)
    all_shards = shards(ix)
    game_names = [[g, context["games"][g]] for g in games]
    kind_names = [[k, context["kinds"][k]] for k in kinds]
    files = {f"{FOLDER}/{PATHS['shard']}{shard_name(k)}.js": js("shard", k, d) for k, d in all_shards.items()}
    for start in range(0, len(ix.docs), CHUNK):
        ids = range(start, min(start + CHUNK, len(ix.docs)))
        pages = {ix.docs[n].page for n in ids} - set(ids)
        files[f"{FOLDER}/{PATHS['docs']}{start // CHUNK}.js"] = js("docs", start // CHUNK, {
            "r": [record(ix, n) for n in ids], "p": {n: record(ix, n) for n in sorted(pages)}})
    files[f"{FOLDER}/{PATHS['facet']}game.js"] = js("facet", "game", _runs([d.game for d in ix.docs]))
    files[f"{FOLDER}/{PATHS['facet']}kind.js"] = js("facet", "kind", _runs([d.kind for d in ix.docs]))
    filters = {"games": game_names, "kinds": kind_names, "labels": context.get("labels", {"game": "Game"})}
    files[f"{FOLDER}/filters.js"] = js("filters", None, filters)
    files[f"{FOLDER}/meta.js"] = js("meta", None, {
        **filters, "docs": len(ix.docs), "chunk": CHUNK, "keys": sorted(all_shards), "stop": sorted(STOP_WORDS),
        "han": HAN_RANGES, "digits": DIGITS,
        "compound": {"joiners": JOINERS, "hyphens": HYPHENS, "max": JOIN_MAX},
        "max_key": MAX_KEY, "fields": list(FIELDS), "record": list(RECORD), "paths": PATHS})
    return files
