"""Importers: one package per upstream document format, each turning a document into content.

Each package's ``__init__.py`` gives ``FORMAT``, ``GAME_ID``, ``SOURCE_NAME`` and ``parse(text) -> ImportResult``
(:mod:`rulings.importers.result`); :func:`rulings.importers.merge.write_import` merges the result into
``content/<game>/``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

IMPORTERS: dict[str, str] = {
    "anachronism-faq": "anachronism",
    "hokuto-errata": "hokuto",
    "sorcery-clarifications": "sorcery",
    "three-kingdoms-faq": "three_kingdoms",
    "rules-pages": "rules_pages",
}
"""Format name (as given to ``rulings import``) → its package in this one."""


def get(fmt: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{IMPORTERS[fmt]}")


def describe() -> list[tuple[str, str]]:
    """(format, the document it reads), from each module's docstring, for ``rulings import --help``."""
    out = []
    for fmt in sorted(IMPORTERS):
        first = (get(fmt).__doc__ or "").strip().split("\n\n")[0]
        what = " ".join(first.split()).removeprefix("Importer for ").rstrip(".")
        out.append((fmt, f"{what[:1].upper()}{what[1:]} → content/{get(fmt).GAME_ID}/"))
    return out
