"""Importers: one module per upstream document format, each turning a document into content.

Each module defines ``FORMAT``, ``GAME_ID``, ``SOURCE_NAME`` and ``parse(text) -> ImportResult``
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
"""Format name (as given to ``rulings import``) → module in this package."""


def get(fmt: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{IMPORTERS[fmt]}")
