"""Making the last part of an entry id (its slug) from a printed name or question.

Every importer and the benchmark's synthetic content name entries with :func:`slugify`, so an id
is lower-case ASCII words joined by ``-`` (:data:`rulings.model.entries.SLUG`) whoever made it.
Published ids never change: the options below exist because documents already imported need them
to keep their ids, and each says which.

Every part of an id becomes a file or folder name of the site and of its offline zip, so no part may be
one of the device names Windows reserves (:func:`windows_reserved`): such a file cannot be created or
extracted there. :func:`slugify` never makes one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

APOSTROPHES = "'’‘"
"""Straight and curly apostrophes (and the opening quote some sources print for one)."""

_WORD = re.compile(r"[a-z0-9]+")

WINDOWS_RESERVED = frozenset({"con", "prn", "aux", "nul", "conin$", "conout$",
                              *(f"{p}{n}" for p in ("com", "lpt") for n in "0123456789¹²³")})
"""Device names Windows reserves in every folder, whatever the case and extension (``NUL.txt``, ``Aux.tar.gz``).
``com0`` and ``lpt0`` too: Microsoft's naming page lists them, and refusing a slug costs nothing."""

WINDOWS_FORBIDDEN = frozenset('<>:"/\\|?*') | frozenset(map(chr, range(32)))
"""Characters no Windows file name may hold."""

RESERVED_SUFFIX = "-1"
"""What :func:`slugify` appends to a slug that would be a reserved name (``Aux`` → ``aux-1``)."""


def windows_reserved(name: str) -> bool:
    """Whether Windows treats the file or folder ``name`` as a device: its part before the first dot,
    trailing spaces ignored, is a reserved name in any case (``con``, ``Com1.md``, ``nul.tar.gz``)."""
    return name.split(".", 1)[0].rstrip(" ").lower() in WINDOWS_RESERVED


def windows_name_problem(name: str) -> str | None:
    """Why Windows cannot create a file or folder called ``name`` (one path part), or None."""
    if windows_reserved(name):
        return (f"'{name}' is a device name on Windows ({name.split('.', 1)[0].rstrip(' ')}: "
                "con, prn, aux, nul, com0-com9 and lpt0-lpt9 are reserved with any extension, in any case), "
                "so it cannot be created or extracted there")
    if bad := sorted({c for c in name if c in WINDOWS_FORBIDDEN}):
        return f"'{name}' holds {', '.join(repr(c) for c in bad)}, which Windows refuses in file names"
    if name.endswith((".", " ")):
        return f"'{name}' ends with a dot or a space, which Windows drops (it would name another file)"
    return None


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
    empty slug raises :class:`ValueError`, since no id may end in an empty part.
    A slug that Windows reserves (``con``, ``lpt1``) gets :data:`RESERVED_SUFFIX`."""
    words = [w for w in slug_words(text, join=join) if w not in drop]
    slug = "-".join(words[:limit] if limit is not None else words) or fallback
    if not slug:
        raise ValueError(f"no slug can be made from {text!r}")
    return slug + RESERVED_SUFFIX if windows_reserved(slug) else slug


def unique(slug: str, taken: set[str]) -> str:
    """``slug``, or the first of ``slug-2``, ``slug-3``… not in ``taken``; recorded in ``taken``.

    For two entries whose names give the same slug: the first printed keeps it, so an id does not
    change when a later one is added."""
    out, n = slug, 2
    while out in taken:
        out, n = f"{slug}-{n}", n + 1
    taken.add(out)
    return out
