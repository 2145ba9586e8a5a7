"""The *Ken il Guerriero* errata and Q&A sheet: who it belongs to, and how its entries are named."""

from __future__ import annotations

FORMAT = "hokuto-errata"
GAME_ID = "hokuto-no-ken"
DOCUMENT_ID = "errata-qa"
SOURCE_NAME = "ken-il-guerriero-errata-posta-e-risposta.txt"
LANG = "it"

JOIN = ""
"""Nothing is kept inside a word in slugs: an apostrophe elides an Italian article (``l'avversario``)."""


def eid(kind: str, slug: str) -> str:
    return f"{GAME_ID}/{kind}/{slug}"
