"""Making the last part of an entry id (its slug) from a printed name or question.

Every importer and the benchmark's synthetic content name entries with :func:`slugify`, so an id
is lower-case ASCII words joined by ``-`` (:data:`rulings.model.entries.SLUG`) whoever made it.
Published ids never change: the options below exist because documents already imported need them
to keep their ids, and each says which.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

APOSTROPHES = "'’‘"
"""Straight and curly apostrophes (and the opening quote some sources print for one)."""

_WORD = re.compile(r"[a-z0-9]+")


def fold_accents(text: str) -> str:
    """``text`` with accents taken off its letters (``Waköán`` → ``Wakoan``, ``più`` → ``piu``).

    Compatibility forms become their plain letters too (a no-break space a space, ``ﬁ`` ``fi``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def slug_words(text: str, *, join: str = APOSTROPHES) -> list[str]:
    """The lower-case ASCII words of ``text``, accents folded; every other character separates words.

    ``join``: characters deleted inside a word instead of separating it. The default, apostrophes,
    keeps English possessives and contractions one word (``Death's Door`` → ``deaths door``,
    ``Don’t`` → ``dont``). Italian elides articles with an apostrophe (``l'esercito``, ``dell'attacco``),
    which must split so the article can be dropped as a stop word: the Hokuto importer passes ``""``.
    The Anachronism FAQ writes plurals as ``Attack Grid(s)``, ``Trigger(s)``: its importer adds ``()``
    so those stay one word (``attack-grids``)."""
    folded = fold_accents(text).lower()
    if join:
        folded = folded.translate(dict.fromkeys(map(ord, join)))
    return _WORD.findall(folded)


def slugify(text: str, *, join: str = APOSTROPHES, drop: Collection[str] = (), limit: int | None = None,
            fallback: str | None = None) -> str:
    """``text`` as an id slug: its :func:`slug_words` joined by ``-`` (``Ger`` → ``ger``).

    ``join``: see :func:`slug_words`.
    ``drop``: words left out, for slugs made from a question, where function words (``the``, ``di``)
    would make ids long and alike.
    ``limit``: the most words kept (after ``drop``), so an id made from a long question stays short.
    ``fallback``: the slug when no word is left (a question of stop words only); without it an
    empty slug raises :class:`ValueError`, since no id may end in an empty part."""
    words = [w for w in slug_words(text, join=join) if w not in drop]
    slug = "-".join(words[:limit] if limit is not None else words)
    if slug:
        return slug
    if fallback is None:
        raise ValueError(f"no slug can be made from {text!r}")
    return fallback


def unique(slug: str, taken: set[str]) -> str:
    """``slug``, or the first of ``slug-2``, ``slug-3``… not in ``taken``; recorded in ``taken``.

    For two entries whose names give the same slug: the first printed keeps it, so an id does not
    change when a later one is added."""
    out, n = slug, 2
    while out in taken:
        out, n = f"{slug}-{n}", n + 1
    taken.add(out)
    return out
