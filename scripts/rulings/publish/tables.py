"""Tabular exports for tools: one SQLite database of everything and one CSV of rulings per locale.

Both hold every text as a reader of each locale gets it (the display policy, :mod:`rulings.translation.display`),
with how it was made and the original beside it, so a bot answers in the user's language and can say when a
text is machine-translated. Written with the standard library only (``sqlite3``, ``csv``), rows in id order, so
two builds of the same content give the same bytes. The database keeps every text exactly; every CSV cell goes
through :func:`rulings.escape.csv_cell`, so no spreadsheet runs a formula a text starts with.

The database answers "all rulings about card X in locale L" with one query (documented in docs/api.md)::

    SELECT r.* FROM rulings AS r JOIN refs ON refs.entry_id = r.id AND refs.field = 'about'
    WHERE refs.target_id = :card AND r.locale = :locale ORDER BY r.id;
"""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from rulings.escape import csv_cell
from rulings.files import atomic_write
from rulings.model.entries import DatedEntry, Entry, Game, Ruling
from rulings.model.text import Text
from rulings.translation.display import shown, shown_text

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE locales (locale TEXT PRIMARY KEY);
CREATE TABLE games (id TEXT PRIMARY KEY, lang TEXT NOT NULL, publisher TEXT, maintainer TEXT);
CREATE TABLE entries (
  id TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), kind TEXT NOT NULL, type TEXT,
  lang TEXT NOT NULL, status TEXT, document TEXT, line_first INTEGER, line_last INTEGER, as_of TEXT);
CREATE TABLE texts (
  owner TEXT NOT NULL, field TEXT NOT NULL, locale TEXT NOT NULL REFERENCES locales(locale),
  text TEXT NOT NULL, lang TEXT NOT NULL, shown TEXT NOT NULL, status TEXT,
  original TEXT NOT NULL, original_lang TEXT NOT NULL, PRIMARY KEY (owner, field, locale));
CREATE TABLE citations (
  entry_id TEXT NOT NULL REFERENCES entries(id), n INTEGER NOT NULL, document TEXT NOT NULL,
  line_first INTEGER NOT NULL, line_last INTEGER NOT NULL, PRIMARY KEY (entry_id, n));
CREATE TABLE refs (entry_id TEXT NOT NULL REFERENCES entries(id), field TEXT NOT NULL, target_id TEXT NOT NULL);
CREATE INDEX refs_by_target ON refs (target_id, field);
CREATE INDEX entries_by_game ON entries (game, kind);
CREATE VIEW rulings AS
SELECT e.id AS id, e.game AS game, l.locale AS locale, e.status AS status,
  (SELECT text FROM texts WHERE owner = e.id AND field = 'question' AND locale = l.locale) AS question,
  (SELECT text FROM texts WHERE owner = e.id AND field = 'answer' AND locale = l.locale) AS answer,
  (SELECT text FROM texts WHERE owner = e.id AND field = 'statement' AND locale = l.locale) AS statement,
  e.document AS document, e.line_first AS line_first, e.line_last AS line_last, e.as_of AS as_of
FROM entries AS e CROSS JOIN locales AS l WHERE e.kind = 'ruling';
"""
"""Tables: ``texts`` holds every human-language field of every entry and game (``owner`` is the entry or
game id, ``field`` the dotted path, e.g. ``question`` or ``body.0.items.1``) once per locale; ``shown`` is
source / translated / fallback / stale / untranslated, ``status`` machine / draft / reviewed / official.
``citations`` holds every source an entry cites (``n`` from 0, in the order written); ``entries.document`` and
its lines are the first of them, where the entry was read from; ``entries.as_of`` is the date the source
gives a ruling, erratum or term (``rulings.content.dating``; NULL when it gives none)."""

CSV_COLUMNS = ("id", "game", "status", "about", "question", "answer", "statement", "shown", "translation",
               "document", "lines", "as_of")


def _type(e: Entry) -> str | None:
    """The entity type (card, hero…) or erratum type (wording, misprint…), if the kind has one."""
    kind = getattr(e, "type", None)
    return kind.value if kind is not None else None


def _text_rows(owner: str, texts: Iterable[tuple[str, Text]], locales: list[str]) -> Iterable[tuple]:
    for path, t in texts:
        for loc in locales:
            d = shown(t, loc)
            yield (owner, path, loc, d.text, d.lang, d.shown.value, d.status.value if d.status else None,
                   d.original, d.original_lang)


def write_sqlite(path: Path, games: list[Game], entries: list[Entry], locales: list[str],
                 meta: dict[str, str]) -> Path:
    """Write the database to ``path`` (replaced atomically)."""
    tmp = path.with_name(f".{path.name}.building")
    tmp.unlink(missing_ok=True)
    db = sqlite3.connect(tmp)
    try:
        db.executescript(SCHEMA)
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        db.executemany("INSERT INTO locales VALUES (?)", [(loc,) for loc in locales])
        for g in sorted(games, key=lambda g: g.id):
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?)", (g.id, g.lang, g.publisher, g.maintainer))
            db.executemany("INSERT INTO texts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", _text_rows(g.id, g.texts(), locales))
        for e in sorted(entries, key=lambda e: e.id):
            prov = e.origin
            db.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (
                e.id, e.game, e.KIND, _type(e), e.lang,
                e.status.value if isinstance(e, Ruling) else None,
                prov.document if prov else None, prov.lines[0] if prov else None, prov.lines[1] if prov else None,
                e.as_of if isinstance(e, DatedEntry) else None))
            db.executemany("INSERT INTO citations VALUES (?, ?, ?, ?, ?)",
                           [(e.id, n, p.document, *p.lines) for n, p in enumerate(e.provenance)])
            db.executemany("INSERT INTO texts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", _text_rows(e.id, e.texts(), locales))
            db.executemany("INSERT INTO refs VALUES (?, ?, ?)", [(e.id, f, t) for f, t in e.references()])
        db.commit()
        db.execute("VACUUM")
    finally:
        db.close()
    tmp.replace(path)
    return path


def csv_text(rows: Iterable[Iterable[str]]) -> str:
    """The one CSV writer: RFC 4180, every cell quoted and made inert for spreadsheets (:func:`csv_cell`),
    ``\\r\\n`` rows."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_ALL).writerows(
        [csv_cell(cell) for cell in row] for row in rows)
    return buf.getvalue()


def rulings_csv(entries: list[Entry], locale: str) -> str:
    """Every ruling as a reader of ``locale`` gets it, one row each (UTF-8, through :func:`csv_text`)."""
    return csv_text([CSV_COLUMNS, *_ruling_rows(entries, locale)])


def _ruling_rows(entries: list[Entry], locale: str) -> Iterable[list[str]]:
    for r in sorted((e for e in entries if isinstance(e, Ruling)), key=lambda e: e.id):
        main = r.question or r.statement
        d = shown(main, locale) if main else None
        yield [r.id, r.game, r.status.value, " ".join(r.about), shown_text(r.question, locale),
               shown_text(r.answer, locale), shown_text(r.statement, locale),
               d.shown.value if d else "", d.status.value if d and d.status else "",
               " ".join(p.document for p in r.provenance),  # several sources: space-separated, in order
               " ".join(f"{p.lines[0]}-{p.lines[1]}" for p in r.provenance), r.as_of or ""]


def write_rulings_csv(path: Path, entries: list[Entry], locale: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, rulings_csv(entries, locale))
    return path
