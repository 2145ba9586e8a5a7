"""The display policy: which version of a text a reader of one locale gets, decided in one place.

Pages, the search index, feeds, JSON exports and the ZIMs all ask :func:`shown`, so a reader sees the same
text for the same field everywhere. The order, and why:

1. the reader's locale is the source language → the source;
2. a translation into the reader's locale made from the *current* source → that translation;
3. English (the source, or a current English translation) → English. English is the fallback, never a
   third language: a Chinese reader of an Italian ruling gets English before Italian;
4. a *stale* translation into the reader's locale → that translation, marked stale;
5. a stale English translation → that, marked stale;
6. the source, whatever its language.

Why a stale translation comes after English: sources change mostly by errata and corrected rulings, so an
outdated translation can state the opposite of the current rule; a current English text is right. When no
current text exists in either language, the reader's own language, marked "source changed since this
translation", is better than a language they may not read. The original is always reachable beside what is
shown (``original``/``original_lang``), so a reader can check.

Printed names are different (:func:`name_shown`): a printed card or hero name is a proper noun, kept as
printed in every locale (a term-named entity, a rules concept, is shown as any text is). The title is the
name printed in the reader's language (the source, or an ``official`` translation: a parallel name printed
in the document or an established edition), else the name printed in English, else the source; any other
translation the policy above picks is offered beside it as a *gloss*.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from rulings.model.text import FALLBACK_LOCALE, Text, TextState, TranslationStatus

FALLBACK = FALLBACK_LOCALE
"""The language every reader is offered when their own has no current translation."""


class Shown(StrEnum):
    """Why the reader gets the text they get (what the page marks)."""

    SOURCE = "source"  # the text as written: the reader's locale is its language
    TRANSLATED = "translated"  # a current translation into the reader's locale
    FALLBACK = "fallback"  # not translated into the reader's locale: English instead
    STALE = "stale"  # a translation made from an older source (no current one in reader's locale or English)
    UNTRANSLATED = "untranslated"  # no usable translation: the source, in its own language


@dataclass(frozen=True)
class Display:
    """What a reader of ``locale`` gets for one text."""

    text: str
    lang: str
    shown: Shown
    status: TranslationStatus | None  # of the translation shown; None for a source text
    original: str  # the source text, always reachable beside the shown one
    original_lang: str
    own: TextState = TextState.SOURCE  # the reader's locale's own translation state (stale → marked so)

    @property
    def is_original(self) -> bool:
        """True when what is shown is the source text itself (no "Original" needed beside it)."""
        return self.text == self.original and self.lang == self.original_lang

    @property
    def machine(self) -> bool:
        return self.status is TranslationStatus.MACHINE


def _translation(t: Text, locale: str, shown: Shown, own: TextState = TextState.SOURCE) -> Display:
    tr = t.translations[locale]
    return Display(tr.text, locale, shown, tr.status, t.source, t.lang, own)


def _source(t: Text, shown: Shown, own: TextState = TextState.SOURCE) -> Display:
    return Display(t.source, t.lang, shown, None, t.source, t.lang, own)


def shown(t: Text, locale: str, fallback: str = FALLBACK) -> Display:
    """The version of ``t`` a reader of ``locale`` gets (see the module docstring for the order)."""
    return _choose(t, locale, t.state(locale), fallback)


def _choose(t: Text, locale: str, state: TextState, fallback: str) -> Display:
    # ``own`` passed in, not set with dataclasses.replace: a build asks this tens of thousands of times
    if state is TextState.SOURCE:
        return _source(t, Shown.SOURCE, state)
    if state is TextState.CURRENT:
        return _translation(t, locale, Shown.TRANSLATED, state)
    fb = t.state(fallback)
    if fb is TextState.SOURCE:
        return _source(t, Shown.FALLBACK, state)
    if fb is TextState.CURRENT:
        return _translation(t, fallback, Shown.FALLBACK, state)
    if state is TextState.STALE:
        return _translation(t, locale, Shown.STALE, state)
    if fb is TextState.STALE:
        return _translation(t, fallback, Shown.STALE, state)
    return _source(t, Shown.UNTRANSLATED, state)


def reads_alike(a: str, b: str) -> bool:
    """Whether two texts read the same to a reader: equal but for case, spacing and Unicode composition
    ("Edelsteine" and "edelsteine ", "Lord  David" and "Lord David"). A name shown beside an equal one
    ("Edelsteine (Edelsteine)") only repeats it."""
    def folded(s: str) -> str:
        return " ".join(unicodedata.normalize("NFC", s).casefold().split())
    return folded(a) == folded(b)


def shown_text(t: Text | None, locale: str) -> str:
    """Just the text a reader of ``locale`` sees (titles, tooltips, feeds, search): "" for no text."""
    return "" if t is None else shown(t, locale).text


@dataclass(frozen=True)
class NameDisplay:
    """A name as a reader of one locale gets it: the printed name, and a gloss in their language if any."""

    title: Display
    gloss: Display | None


def _printed(t: Text, locale: str) -> Display | None:
    if locale == t.lang:
        return _source(t, Shown.SOURCE)
    tr = t.translations.get(locale)
    if tr is not None and tr.status is TranslationStatus.OFFICIAL and t.state(locale) is TextState.CURRENT:
        return _translation(t, locale, Shown.TRANSLATED)
    return None


def name_shown(t: Text, locale: str, fallback: str = FALLBACK, *, printed: bool = True) -> NameDisplay:
    """The name to title a page, head a section or label a link with, and a gloss (see the module
    docstring): a printed name (``printed``) as printed, else (a term: a rules concept, an ability the game
    translates) by the display policy of every text, with no gloss (its original is what the page offers)."""
    if not printed:
        return NameDisplay(shown(t, locale, fallback), None)
    title = _printed(t, locale)
    if title is None:
        printed = _printed(t, fallback)
        title = Display(printed.text, printed.lang, Shown.FALLBACK, printed.status, t.source, t.lang) \
            if printed is not None else _source(t, Shown.SOURCE if locale == t.lang else Shown.UNTRANSLATED)
    gloss = shown(t, locale, fallback)
    same = reads_alike(gloss.text, title.text) or gloss.status is TranslationStatus.OFFICIAL
    return NameDisplay(title, None if same or gloss.lang != locale else gloss)

