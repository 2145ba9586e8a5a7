"""UI strings through gettext catalogs (``locales/<locale>/LC_MESSAGES/messages.po``).

Strings in the generator are marked ``_("…")`` (extracted by ``rulings i18n extract``) and may hold
``{name}`` placeholders, filled after translation. Catalogs are read with babel directly from the PO
files, so a build needs no compiled ``.mo`` files; ``rulings i18n compile`` still compiles them and
fails on a broken placeholder.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

DOMAIN = "messages"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _(message: str) -> str:
    """Mark a string for extraction; translated later by :meth:`UI.t`."""
    return message


def N_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction."""
    return singular, plural


def po_path(locales_dir: Path, locale: str) -> Path:
    return locales_dir / locale.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, locale: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale.replace("-", "_"))


def placeholder_problems(catalog: Catalog) -> list[str]:
    """Translations whose {placeholders} differ from their source string's."""
    out = []
    for msg in catalog:
        if not msg.id or msg.fuzzy:
            continue
        ids = msg.id if isinstance(msg.id, tuple | list) else (msg.id,)
        strs = msg.string if isinstance(msg.string, tuple | list) else (msg.string,)
        want = set(PLACEHOLDER.findall(ids[0]))
        for s in strs:
            if s and set(PLACEHOLDER.findall(s)) != want:
                out.append(f"line {msg.lineno}: '{ids[0]}' → '{s}': placeholders {sorted(want)} expected")
    return out


@dataclass
class UI:
    """Translated UI strings and locale-aware formatting for one locale."""

    locale: str
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    plural_expr: str = "(n != 1)"

    @classmethod
    def load(cls, locales_dir: Path, locale: str) -> UI:
        path = po_path(locales_dir, locale)
        if not path.exists():
            return cls(locale)
        cat = read_catalog(path, locale)
        msgs: dict[str, str | tuple[str, ...]] = {}
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple | list):
                if all(m.string):
                    msgs[m.id[0]] = tuple(m.string)
            elif m.string:
                msgs[m.id] = m.string
        return cls(locale, msgs, cat.plural_expr)

    def t(self, message: str, **values: object) -> str:
        s = self.messages.get(message, message)
        s = s[0] if isinstance(s, tuple) else s
        return s.format(**values) if values else s

    def n(self, pair: tuple[str, str], count: int, **values: object) -> str:
        forms = self.messages.get(pair[0])
        if isinstance(forms, tuple):
            idx = int(gettext.c2py(self.plural_expr)(count))
            s = forms[min(idx, len(forms) - 1)]
        else:
            s = pair[0] if count == 1 else pair[1]
        return s.format(n=count, **values)

    def date(self, iso: str) -> str:
        import datetime as dt

        return format_date(dt.date.fromisoformat(iso), "long", locale=_babel_locale(self.locale))

    def language_name(self, tag: str) -> str:
        """A language's name in this UI's language (e.g. 'italiano' → 'Italian' on the English site)."""
        return language_name(tag, self.locale)


@cache
def _babel_locale(tag: str) -> Locale:
    return Locale.parse(tag, sep="-")


def language_name(tag: str, in_locale: str) -> str:
    return _babel_locale(tag).get_display_name(_babel_locale(in_locale)) or tag


def autonym(tag: str) -> str:
    """A language's own name, as a language switcher shows it (English, italiano, 中文)."""
    name = _babel_locale(tag).get_display_name() or tag
    return name[:1].upper() + name[1:] if tag.startswith(("it", "en")) else name
