"""Rules that keep a strangers' content tree closed and its output paths unambiguous.

Used by the validator (positioned diagnostics) and by the build (which refuses what validation
refuses, so the two always read exactly the same files):

- kept originals are plain text (``.txt``) inside the game's ``sources/`` folder, never symlinks:
  an ``.html``, ``.svg`` or ``.md`` original would be published as a live page;
- no symlink anywhere in the content tree (it could pull in files from outside the repository);
- ids that generated pages or the site's own folders use are reserved, and so are Windows' device names
  (``con``, ``nul``, ``lpt1``…) in any part of an id or a content file's path: the site's files and its
  offline zip must be writable on every system;
- names with invisible or bidirectional-control characters, or words mixing Latin with Greek or
  Cyrillic letters (look-alikes), are reported.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from rulings.model.ids import windows_name_problem, windows_reserved

SOURCE_SUFFIXES = (".txt",)
"""Kept originals are published as downloads: only types no browser runs as a page."""

RESERVED_GAME_IDS = frozenset({
    "index", "search", "assets", "404", "api", "contribute", "translation-status", "downloads", "sitemap",
})
"""Top-level names of a locale's folder or of the site root that the build writes itself."""

RESERVED_SLUGS = frozenset({"index", "feed"})
"""An entity or section slug ``index`` would replace its folder's index page."""

MAX_ID_LENGTH = 150
"""Entry ids become file names (at most 255 bytes on common filesystems) with room to spare."""

INVISIBLE = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x180E}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}


def symlinks_under(root: Path) -> list[Path]:
    """Every symlink (file or folder) below ``root``, without following any."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        base = Path(dirpath)
        for name in sorted(dirnames + filenames):
            if (base / name).is_symlink():
                out.append(base / name)
    return sorted(out)


def source_problem(folder: Path, file: str) -> str | None:
    """Why a document's kept original may not be published, or None."""
    rel = Path(file)
    if rel.is_absolute() or ".." in rel.parts or rel.parts[:1] != ("sources",):
        return f"kept original '{file}' must be a file directly in {folder.name}/sources/"
    if rel.suffix.lower() not in SOURCE_SUFFIXES:
        return (f"kept original '{file}' must be plain text ({', '.join(SOURCE_SUFFIXES)}): other types "
                "could be published as live pages; convert it to UTF-8 text")
    path = folder / rel
    for p in (folder / "sources", path):
        if p.is_symlink():
            return f"kept original '{file}' is (or lies under) a symlink; copy the file into sources/ instead"
    return None


def id_problem(entry_id: str, *, game: bool = False) -> str | None:
    if len(entry_id) > MAX_ID_LENGTH:
        return f"id is {len(entry_id)} characters long; keep it under {MAX_ID_LENGTH + 1}"
    for part in entry_id.split("/"):
        if windows_reserved(part):
            return (f"'{part}' is a device name on Windows (con, prn, aux, nul, com0-com9, lpt0-lpt9): its page "
                    f"could not be created there nor the offline zip extracted; use '{part}-1' or another word")
    if game:
        if entry_id in RESERVED_GAME_IDS:
            return (f"game id '{entry_id}' is reserved for the site's own pages or folders "
                    f"({', '.join(sorted(RESERVED_GAME_IDS))}); choose another")
        return None
    slug = entry_id.rsplit("/", 1)[-1]
    if slug in RESERVED_SLUGS:
        return f"'{slug}' is reserved (it would replace an index page); choose another last part for the id"
    return None


def _script(ch: str) -> str | None:
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return None
    for script in ("LATIN", "GREEK", "CYRILLIC"):
        if name.startswith(script):
            return script
    return None


def name_problem(name: str) -> str | None:
    """Invisible, bidi-control or mixed-script characters that make a name look like another."""
    for ch in name:
        cp = ord(ch)
        if cp in BIDI:
            return f"contains the bidirectional control U+{cp:04X}, which can make it display as another name"
        if cp in INVISIBLE:
            return f"contains the invisible character U+{cp:04X} ({unicodedata.name(ch, 'format character')})"
    for word in name.split():
        scripts = {s for s in map(_script, word) if s}
        if len(scripts) > 1:
            return f"word '{word}' mixes {' and '.join(sorted(scripts))} letters (a look-alike of another name?)"
    return None


def path_problem(rel: str) -> str | None:
    """Why a file at ``rel`` (a path relative to the content folder) could not be checked out on Windows."""
    for part in rel.split("/"):
        if problem := windows_name_problem(part):
            return f"{problem}; rename it"
    return None


def case_twins(names: list[str]) -> list[tuple[str, str]]:
    """Pairs of names equal on a case-insensitive filesystem (macOS, Windows): one would replace the other."""
    seen: dict[str, str] = {}
    out = []
    for n in names:
        k = unicodedata.normalize("NFC", n).casefold()
        if k in seen and seen[k] != n:
            out.append((seen[k], n))
        seen.setdefault(k, n)
    return out
