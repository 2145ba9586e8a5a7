"""The one-locale offline sites, cut from the all-locale one instead of built by mkdocs once more each.

A page of the all-locale offline site differs from the same page built for its locale alone only in the
language switcher: Material's header includes ``site_config/overrides/partials/alternate.html`` only where
there are other languages. So the bundle build has the partial mark where it begins and ends (:data:`MARKS`,
HTML comments, only in configs that ask for them), and cuts the switcher out here: the pages a one-locale
mkdocs run would write, for a fraction of its time.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

MARKS = ("<!--rl-switcher-->", "<!--/rl-switcher-->")
"""Around the language switcher of every page of a marked site (the partial prints them)."""
_OPEN, _CLOSE = (m.encode() for m in MARKS)
_SWITCHER = re.compile(rb"\n[ \t]*" + re.escape(_OPEN) + rb".*?" + re.escape(_CLOSE) + rb"\n[ \t]*", re.S)
"""The switcher with the line Material's header includes it on: the newline and indentation before it and the
next line's indentation, which the header does not render where there are no alternates."""


def unmarked(page: bytes) -> bytes:
    """A marked page as mkdocs renders it without marks (the header comes first: the first marks are its)."""
    return page.replace(_OPEN, b"", 1).replace(_CLOSE, b"", 1)


def without_switcher(page: bytes) -> bytes:
    """A marked page as mkdocs renders it for a site of one locale: no language switcher, no marks."""
    return _SWITCHER.sub(b"", page, count=1)


def split_locale(site: Path, docs: Path, target: Path) -> None:
    """From one locale's folder of a marked all-locale site, write that locale alone into ``target``, a new
    folder (without the switcher) and unmark the pages of ``site`` in place. The files mkdocs copied from
    ``docs`` as they were (kept originals, some of them HTML) are copied as they are."""
    target.mkdir(parents=True)
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site)
        if p.is_dir():
            (target / rel).mkdir(parents=True, exist_ok=True)
        elif p.suffix == ".html" and not (docs / rel).is_file():
            page = p.read_bytes()
            (target / rel).write_bytes(without_switcher(page))
            p.write_bytes(unmarked(page))
        else:
            shutil.copyfile(p, target / rel)
