"""Each locale's mkdocs settings: ``site_config/<locale>.yml`` where it exists, defaults otherwise.

A new locale needs no file of its own: its theme language is the closest one mkdocs-material ships
(``de-CH`` → ``de``, ``zh-HK`` → ``zh-Hant``, else ``en``), its search languages are Material's own
default for that theme language (which Material sets only where lunr's stemmer works in the browser:
``de``, ``it``, not ``zh``) plus English (every site shows English fallback texts), and its search
separator is the one every committed locale uses. A ``site_config/<locale>.yml`` replaces all of this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import jinja2
import yaml
from babel import Locale, UnknownLocaleError
from mkdocs.utils import get_theme_dir

from rulings.model.text import FALLBACK_LOCALE

SEPARATOR = "[\\s\\u200b\\u3000\\-、。，．？！；]+"
"""Material's search separator in ``search_index.json``'s config (our worker splits words itself, see
:mod:`rulings.site.search.tokens`): whitespace, the zero-width space and CJK punctuation."""
PROJECT = "content/project.yml"


@dataclass(frozen=True)
class LocaleSiteConfig:
    """What a locale's generated ``mkdocs.yml`` takes from the site config."""

    inherit: Path
    """The file it inherits: ``site_config/<locale>.yml``, or the shared ``mkdocs.yml``."""
    theme: dict = field(default_factory=dict)
    """Theme keys to set (the language, when defaulted)."""
    plugins: list = field(default_factory=list)
    """The whole plugin list: mkdocs replaces lists on INHERIT instead of merging them."""


class LocaleConfigError(ValueError):
    """A locale tag that names no language; the message says where to fix it."""


def locale_site_config(repo: Path, locale: str) -> LocaleSiteConfig:
    """The settings of ``locale``'s site, from ``repo/site_config/<locale>.yml`` or defaulted."""
    path = repo / "site_config" / f"{locale}.yml"
    if path.exists():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return LocaleSiteConfig(path, {}, list(data.get("plugins") or ["search"]))
    language = theme_language(locale)
    search = {"lang": search_languages(language), "separator": SEPARATOR}
    return LocaleSiteConfig(repo / "mkdocs.yml", {"language": language}, [{"search": search}])


def theme_language(locale: str) -> str:
    """The mkdocs-material language closest to a BCP-47 tag; ``en`` when Material has none."""
    try:
        tag = Locale.parse(locale, sep="-")
    except (UnknownLocaleError, ValueError, TypeError):
        raise LocaleConfigError(f"locale '{locale}' is not a known BCP-47 language tag (such as de, pt-BR or "
                                f"zh-Hant); the site's locales are listed in {PROJECT}") from None
    candidates = [locale, *(f"{tag.language}-{part}" for part in (tag.territory, tag.script) if part), tag.language]
    return next((c for c in candidates if c in _material_languages()), FALLBACK_LOCALE)


def search_languages(language: str) -> list[str]:
    """Material's default search language for a theme language, then English."""
    own = str(_material_strings(language).t("search.config.lang")).strip()
    return [own, FALLBACK_LOCALE] if own and own != FALLBACK_LOCALE else [FALLBACK_LOCALE]


@cache
def _material_languages() -> frozenset[str]:
    return frozenset(p.stem for p in (Path(get_theme_dir("material")) / "partials" / "languages").glob("*.html"))


@cache
def _material_strings(language: str):
    """Material's translation table for one language (the macro module of its language partial)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(get_theme_dir("material")), autoescape=True)
    return env.get_template(f"partials/languages/{language}.html").module
