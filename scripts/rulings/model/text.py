"""Multilingual text: one source text plus translations that remember what they were made from.

In YAML a text field maps locale → value. The source is the one value written as a plain string;
every other value is a translation object recording the hash of the source it was made from, so a
later change to the source makes the translation *stale* instead of silently wrong.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import ClassVar

from rulings.model.fields import Shape, spec

FALLBACK_LOCALE = "en"
"""The language every reader falls back to (a text not translated into theirs is shown in it, else as written),
the one every non-English text must be translated into, and the language the UI's own strings are written in."""
HASH_LENGTH = 12


@lru_cache(maxsize=1 << 16)
def text_hash(text: str) -> str:
    """Short, stable fingerprint of a source text (sha256 of its UTF-8 bytes, first 12 hex digits).
    Cached: every page asks each text's state in every locale."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LENGTH]


class TranslationStatus(StrEnum):
    """How far a translation can be trusted.

    ``official`` is reserved for parallel text printed in the source document itself (e.g. the
    English hero names beside the Chinese ones); translations the project writes are ``machine``
    or ``draft`` until a second person reviews them.
    """

    MACHINE = "machine"
    DRAFT = "draft"
    REVIEWED = "reviewed"
    OFFICIAL = "official"


class TextState(StrEnum):
    """What a reader in one locale gets for one text."""

    SOURCE = "source"  # the locale is the source language
    CURRENT = "current"  # a translation made from the current source text
    STALE = "stale"  # a translation made from an older source text
    MISSING = "missing"  # no translation


TRANSLATION_EXAMPLE = {"text": "Julia: the word Permanent is missing.", "source_hash": "3f9a0c1b2d4e",
                       "status": "machine", "by": "rulings-import"}


@dataclass
class Translation:
    SHAPE: ClassVar = Shape("A translation of a source text, recording which source text it was made from.",
                            TRANSLATION_EXAMPLE, name="translation")

    text: str = spec("The translated text.", "Julia: the word Permanent is missing.", required=True)
    source_hash: str = spec("First 12 hex digits of the sha256 of the source text this translation was made from; "
                            "when the source changes the translation is reported stale.", "3f9a0c1b2d4e",
                            required=True, pattern=f"^[0-9a-f]{{{HASH_LENGTH}}}$")
    status: TranslationStatus = spec("machine: made by a program; draft: by a person, unreviewed; reviewed: checked "
                                     "by a second person; official: printed in the source document itself.", "draft",
                                     required=True)
    by: str = spec("Who or what made the translation: a display name, handle or tool, never an e-mail address, "
                   "markup or control characters (rule translation-by).", "rulings-import", required=True,
                   min_length=1)
    note: str | None = spec("Translator's note, e.g. what a damaged source text meant.",
                            "The source prints 'Dl' for 'DI' (OCR damage).")


@dataclass
class Text:
    """A human-language value: ``source`` in language ``lang`` plus translations by locale."""

    lang: str
    source: str
    translations: dict[str, Translation] = field(default_factory=dict)

    def get(self, locale: str) -> str | None:
        if locale == self.lang:
            return self.source
        tr = self.translations.get(locale)
        return tr.text if tr else None

    def state(self, locale: str) -> TextState:
        if locale == self.lang:
            return TextState.SOURCE
        tr = self.translations.get(locale)
        if tr is None:
            return TextState.MISSING
        return TextState.CURRENT if tr.source_hash == text_hash(self.source) else TextState.STALE

    def translate(self, locale: str, text: str, status: TranslationStatus | str, by: str,
                  note: str | None = None) -> Translation:
        """Record a translation of the *current* source text (used by importers and the PO import)."""
        tr = Translation(text, text_hash(self.source), TranslationStatus(status), by, note)
        self.translations[locale] = tr
        return tr

    @property
    def locales(self) -> list[str]:
        return [self.lang, *self.translations]
