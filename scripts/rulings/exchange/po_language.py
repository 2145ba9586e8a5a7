"""PO ``Language`` headers ⇄ the content's locale tags (BCP-47), and languages' English names."""

from __future__ import annotations

from functools import cache

from babel import Locale, UnknownLocaleError
from babel.core import get_global


def po_language(locale: str) -> str:
    """BCP-47 ``zh-Hant`` → gettext ``zh_Hant`` (the PO ``Language`` header)."""
    return locale.replace("-", "_")


def content_locale(language: str, known: list[str]) -> str:
    """A PO ``Language`` header → the content's locale tag.

    Tools may write a region the project does not use (``it_IT``, ``zh_CN``): it is dropped when the
    project has the language (in that script) without it. ``zh_TW`` is Traditional Chinese, so it maps
    to ``zh-Hant`` if the project has that, never to ``zh``.
    """
    tag = language.strip().replace("_", "-")
    if tag in known:
        return tag
    try:
        loc = Locale.parse(tag, sep="-")
        likely = get_global("likely_subtags").get(loc.language, loc.language)
        default_script = Locale.parse(likely).script
    except (UnknownLocaleError, ValueError, TypeError):
        return tag
    candidates = [f"{loc.language}-{loc.script}"] if loc.script else []
    if loc.script in (None, default_script):
        candidates.append(loc.language)
    return next((c for c in candidates if c in known), tag)


@cache  # asked once per exported message: parsing the locale each time was a tenth of an export
def language_name(tag: str) -> str:
    try:
        return Locale.parse(tag, sep="-").english_name or tag
    except (UnknownLocaleError, ValueError, TypeError):
        return tag
