"""Words of the search: one folding and splitting, at index time here and at query time in the worker.

A text is folded (NFKC, lower case, diacritics removed, ``ß`` → ``ss``) and split into runs of letters
and digits: every other character (quotes straight and curly, brackets, ``「」``, ``，。``) separates.
Han runs have no spaces between words, so they are indexed as overlapping character pairs plus their
last character (a word from the middle of a title is a pair in it; one character is a prefix of a
pair or that last character). Latin-script words are stemmed at index time only: the index stores
each surface form with its stem, so the worker needs no stemmer and cannot disagree with this one.

A compound may be written whole, apart or hyphenated (``counterclockwise``, ``counter clock wise``,
``counter-clockwise``): :func:`compounds` finds the runs of two or three words a text may join. The index
adds a hyphenated run's joined form, and a run written apart where the index has its joined form as a word
(so ``fire ball`` is found by ``fireball`` where a name or text has it); the worker joins a query's runs
the same way and, for a word the index lacks, tries it as two or three of the index's words.

``site_config/assets/search-worker.js`` implements :func:`fold`, :func:`query_tokens` and :func:`compounds`
again, in JavaScript; ``tests/test_search_index.py`` runs both on the same strings (including hostile
ones) and compares.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache

from rulings.model.terms import HAN_RANGES, word_key

HAN_RUN = re.compile(f"[{HAN_RANGES}]+")

STOP_WORDS = frozenset({"a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into",
    "is", "it", "of", "on", "or", "so", "than", "that", "the", "their", "then", "there", "these", "they",
    "this", "to", "was", "were", "will", "with", "il", "lo", "la", "i", "gli", "le", "un", "una", "uno",
    "di", "del", "della", "dei", "delle", "da", "dal", "dalla", "nel", "nella", "con", "su", "sul", "per",
    "tra", "fra", "e", "ed", "o", "che", "non", "si", "al", "alla", "ai", "agli"})
"""Words too common to search for (English and Italian), dropped from index and query alike: their
postings would be the largest shards and say nothing about a page. The worker gets this list from the
index, so both sides drop the same words."""

JOINERS = " \t\n\r\f\v-\u2010\u00ad"
"""What may stand between the words of a compound written apart, after :func:`fold` (NFKC makes the other
spaces and hyphens of these: U+00A0, U+2011, U+FF0D…): spaces, hyphens, the soft hyphen. Anything else
(a comma, a quote, a slash, a dash) ends a compound. The worker gets it from the index, as the stop words."""
HYPHENS = "-\u2010\u00ad"
JOIN_MAX = 3
"""Words one compound is joined from (``counter clock wise``)."""


@cache
def _classes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Unicode's combining marks, and runs of letters and digits, as the worker's ``\\p{M}`` and
    ``[\\p{L}\\p{N}]+`` (built from unicodedata once: ``re`` has no Unicode properties)."""
    marks: list[str] = []
    words: list[str] = []
    for cp in range(sys.maxunicode + 1):
        cat = unicodedata.category(chr(cp))[0]
        (marks if cat == "M" else words if cat in "LN" else []).append(cp)  # type: ignore[arg-type]
    return re.compile(f"[{_ranges(marks)}]+"), re.compile(f"[{_ranges(words)}]+")


def _ranges(cps: list[int]) -> str:
    out: list[str] = []
    start = prev = cps[0]
    for cp in [*cps[1:], -2]:
        if cp != prev + 1:
            out.append(re.escape(chr(start)) + ("-" + re.escape(chr(prev)) if prev > start else ""))
            start = cp
        prev = cp
    return "".join(out)


def fold(text: str) -> str:
    """Compatibility forms unified, lower case, diacritics removed (what both sides compare)."""
    marks, _ = _classes()
    s = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).lower())
    return unicodedata.normalize("NFC", marks.sub("", s)).replace("ß", "ss").replace("ς", "σ")


def words(text: str) -> list[str]:
    """The folded runs of letters and digits of a text, stop words included."""
    return _classes()[1].findall(fold(text))


def split_han(word: str) -> list[tuple[bool, str]]:
    """A word as (is Han, run) pieces: ``曹操abc`` → ``[(True, '曹操'), (False, 'abc')]``."""
    out: list[tuple[bool, str]] = []
    at = 0
    for m in HAN_RUN.finditer(word):
        if m.start() > at:
            out.append((False, word[at:m.start()]))
        out.append((True, m.group()))
        at = m.end()
    if at < len(word):
        out.append((False, word[at:]))
    return out


def han_pairs(run: str) -> list[str]:
    """A Han run as indexed: overlapping pairs and the last character (one character: itself)."""
    return [run[i:i + 2] for i in range(len(run) - 1)] + [run[-1]]


def _has_tokens(word: str) -> bool:
    """Whether a word gives a query any token (:func:`query_tokens` skips the others: stop words)."""
    return any(han or run not in STOP_WORDS for han, run in split_han(word))


def _joinable(word: str) -> bool:
    """A word a compound may have: of letters (a number, a Han run or a stop word never joins)."""
    return (word not in STOP_WORDS and not HAN_RUN.search(word)
            and any(unicodedata.category(c)[0] == "L" for c in word))


def compounds(text: str) -> list[tuple[int, int, str, bool]]:
    """The compounds a text may write apart: every run of two to :data:`JOIN_MAX` adjacent words, each
    :func:`_joinable`, with only :data:`JOINERS` between them, as ``(first, last, joined, hyphenated)``:
    ``first`` and ``last`` number the words as :func:`query_tokens` lists them, ``hyphenated`` says a hyphen
    stands between every two. ``counter-clock wise`` → ``(0, 1, 'counterclock', True)``,
    ``(1, 2, 'clockwise', False)``, ``(0, 2, 'counterclockwise', False)``."""
    folded = fold(text)
    out: list[tuple[int, int, str, bool]] = []
    run: list[tuple[int, str, bool]] = []  # the current run of joinable words: (number, word, hyphen before)
    n, end = -1, 0
    for m in _classes()[1].finditer(folded):
        word, gap, end = m.group(), folded[end:m.start()], m.end()
        n += _has_tokens(word)
        if not _joinable(word):
            run = []
            continue
        if run and gap and all(c in JOINERS for c in gap):
            run.append((n, word, any(c in HYPHENS for c in gap)))
        else:
            run = [(n, word, False)]
        for k in range(2, min(JOIN_MAX, len(run)) + 1):
            part = run[-k:]
            out.append((part[0][0], n, "".join(w for _, w, _ in part), all(h for _, _, h in part[1:])))
    return out


def index_tokens(text: str) -> list[str]:
    """Every surface form a text is found by, in order (repeats kept; stop words dropped)."""
    out: list[str] = []
    for w in words(text):
        for han, run in split_han(w):
            if han:
                out += han_pairs(run)
            elif run not in STOP_WORDS:
                out.append(run)
    return out


def query_tokens(query: str) -> list[list[str]]:
    """A query as the worker reads it: per query word, the tokens that must all match (a Han run of
    two or more characters: its pairs, each found exactly or as a prefix; otherwise the word itself)."""
    out: list[list[str]] = []
    for w in words(query):
        toks: list[str] = []
        for han, run in split_han(w):
            if han:
                toks += [run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)]
            elif run not in STOP_WORDS:
                toks.append(run)
        if toks:
            out.append(toks)
    return out


def stemmer(lang: str) -> Callable[[str], str]:
    """The stem of a folded Latin-script surface form in the site's language (Han and digits as they are)."""
    key = word_key(lang)

    @lru_cache(maxsize=1 << 17)
    def stem(token: str) -> str:
        if HAN_RUN.match(token) or token.isdigit():
            return token
        return key(token) or token

    return stem
