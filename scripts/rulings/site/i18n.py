"""UI strings through gettext catalogs (``locales/<locale>/LC_MESSAGES/messages.po``).

Strings in the generator are marked ``_("…")`` (extracted by ``rulings i18n extract``) and may hold
``{name}`` placeholders, filled after translation. A short or ambiguous string ("A", "Set", "Current": a
single word or a few characters) is marked with a context, ``C_("answer label …", "A")``, which becomes its
``msgctxt``: translators see where it appears, and two uses of one word can be translated apart.

Catalogs are read with babel directly from the PO files, so a build needs no compiled ``.mo`` files;
``rulings i18n compile`` still compiles them and fails on a broken placeholder.
"""

from __future__ import annotations

import gettext
import re
import string
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from rulings.model.text import FALLBACK_LOCALE

DOMAIN = "messages"
POT = f"{DOMAIN}.pot"
SOURCE_LOCALE = FALLBACK_LOCALE  # the msgids are written in it
"""The language the UI strings are written in: a string without a translation is shown in it."""
NAME = re.compile(r"[a-z_]+")
_FORMATTER = string.Formatter()


class TemplateError(ValueError):
    """A UI string is not a template of plain named placeholders."""


class CatalogError(Exception):
    """A UI catalog cannot be used; the message names the file and line of every problem."""


def placeholders(template: str) -> set[str]:
    """The ``{name}`` placeholders of a template; raises :class:`TemplateError` for anything else.

    Catalog strings come from translators: ``str.format`` would evaluate ``{x.__class__}``, ``{x[0]}``
    and format specs like ``{x:>300000000}`` (gigabytes of padding), so only bare lower-case names are
    allowed, and ``{{``/``}}`` for literal braces."""
    names = set()
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError as e:
        raise TemplateError(f"{e} (write {{{{ or }}}} for a literal brace)") from None
    for _literal, name, spec, conversion in parsed:
        if name is None:
            continue
        if not NAME.fullmatch(name) or spec or conversion:
            shown = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            raise TemplateError(f"placeholder {shown} is not allowed: use a plain name like {{game}}")
        names.add(name)
    return names


def fill(template: str, values: dict[str, object]) -> str:
    """Replace ``{name}`` placeholders with values; nothing else of ``str.format`` is available."""
    out = []
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        out.append(literal)
        if name is not None:
            out.append(str(values[name]))
    return "".join(out)


def _(message: str) -> str:
    """Mark a string for extraction; translated later by :meth:`UI.t`."""
    return message


def N_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction."""
    return singular, plural


class Msg(str):
    """A UI string with its context (``msgctxt``): shown as itself untranslated, looked up with its context."""

    context: str

    def __new__(cls, context: str, message: str) -> Msg:
        self = super().__new__(cls, message)
        self.context = context
        return self

    def __getnewargs__(self) -> tuple[str, str]:  # pickle and copy make it again from both
        return self.context, str(self)


class PluralMsg(tuple[str, str]):
    """A singular/plural pair with its context (``msgctxt``)."""

    context: str

    def __new__(cls, context: str, singular: str, plural: str) -> PluralMsg:
        self = super().__new__(cls, (singular, plural))
        self.context = context
        return self

    def __getnewargs__(self) -> tuple[str, str, str]:
        return self.context, self[0], self[1]


def C_(context: str, message: str) -> Msg:
    """Mark a string with a context saying where it appears, for translators (pgettext); the context is
    part of its catalog key, so the same word can be translated apart where it means different things."""
    return Msg(context, message)


def NC_(context: str, singular: str, plural: str) -> PluralMsg:
    """Mark a singular/plural pair with a context (npgettext)."""
    return PluralMsg(context, singular, plural)


def catalog_key(msgid: str, context: str | None = None) -> str:
    """The key of a message among a catalog's translations: gettext's ``context`` U+0004 ``msgid`` when it has
    a context (what a compiled .mo file keys it by), else its msgid."""
    return f"{context}\x04{msgid}" if context else msgid


def key_of(message: str | tuple[str, ...]) -> str:
    """The catalog key of a marked string or pair (with its context, if marked with one)."""
    first = message if isinstance(message, str) else message[0]
    return catalog_key(first, getattr(message, "context", None))


def po_path(locales_dir: Path, locale: str) -> Path:
    return locales_dir / locale.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, locale: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale.replace("-", "_"))


def is_translated(m: Message) -> bool:
    """A message the site uses: not fuzzy and every form translated."""
    return bool(m.id) and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple | list) else bool(m.string))


@dataclass(frozen=True)
class Coverage:
    """How many of the template's UI strings a locale's catalog translates; the others show in English."""

    total: int
    translated: int
    fuzzy: int
    """Translated but marked fuzzy (the source changed): not used until a translator confirms them."""

    @property
    def missing(self) -> int:
        return self.total - self.translated - self.fuzzy


def coverage(locales_dir: Path, locale: str, catalog: Catalog | None = None) -> Coverage:
    """The coverage of ``locale``'s catalog (read from ``locales_dir`` unless given) against ``messages.pot``."""
    path = po_path(locales_dir, locale)
    if catalog is None and path.exists():
        catalog = read_catalog(path, locale)
    msgs = {_key(m): m for m in catalog or [] if m.id}
    pot = locales_dir / POT
    if pot.exists():
        with pot.open("rb") as f:
            ids = [_key(m) for m in read_po(f) if m.id]
    else:
        ids = list(msgs)
    done = sum(1 for i in ids if i in msgs and is_translated(msgs[i]))
    fuzzy = sum(1 for i in ids if i in msgs and msgs[i].fuzzy)
    return Coverage(len(ids), done, fuzzy)


def _key(m: Message) -> str:
    return catalog_key(m.id if isinstance(m.id, str) else m.id[0], m.context)


def placeholder_problems(catalog: Catalog) -> list[str]:
    """Translations that are not safe templates or whose placeholders differ from their source's
    (``line N: …``); the same check runs at compile time and when a build loads the catalog."""
    out = []
    for msg in catalog:
        if not msg.id or msg.fuzzy:
            continue
        ids = msg.id if isinstance(msg.id, tuple | list) else (msg.id,)
        strs = msg.string if isinstance(msg.string, tuple | list) else (msg.string,)
        want = placeholders(ids[0]) | (placeholders(ids[1]) if len(ids) > 1 else set())
        for s in strs:
            if not s:
                continue
            try:
                got = placeholders(s)
            except TemplateError as e:
                out.append(f"line {msg.lineno}: translation of '{ids[0]}': {e}")
                continue
            if got - want or (want - got - {"n"}):
                out.append(f"line {msg.lineno}: translation of '{ids[0]}' has placeholders "
                           f"{{{', '.join(sorted(got)) or '—'}}}; the source has {{{', '.join(sorted(want))}}}: "
                           "keep the same names, translate only the words around them")
    return out


COLON = C_("punctuation after a label, before its value (Source: …)", ": ")
"""What follows a label ("Source: …"): full-width in Chinese ("来源：…")."""
COMMA = C_("punctuation between the items of a list", ", ")
"""What separates the items of a list: full-width in Chinese."""
SEMICOLON = C_("punctuation between items that hold commas themselves (the sources a ruling cites)", "; ")
"""What separates items that hold commas themselves (the sources a ruling cites): full-width in Chinese."""


@dataclass
class UI:
    """Translated UI strings and locale-aware formatting for one locale."""

    locale: str
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    plural_expr: str = "(n != 1)"
    coverage: Coverage | None = None

    @classmethod
    def load(cls, locales_dir: Path, locale: str) -> UI:
        path = po_path(locales_dir, locale)
        if not path.exists():
            return cls(locale, coverage=coverage(locales_dir, locale))
        cat = read_catalog(path, locale)
        problems = placeholder_problems(cat)
        if problems:
            raise CatalogError("\n".join(f"{path}:{p.removeprefix('line ').replace(': ', ': error: ', 1)}"
                                         for p in problems))
        msgs: dict[str, str | tuple[str, ...]] = {
            _key(m): tuple(m.string) if isinstance(m.string, tuple | list) else m.string
            for m in cat if is_translated(m)}
        return cls(locale, msgs, cat.plural_expr, coverage(locales_dir, locale, cat))

    def t(self, message: str, **values: object) -> str:
        """The translation of a marked string (``_`` or ``C_``, looked up with its context), else itself."""
        s = self.messages.get(key_of(message), message)
        s = str(s[0] if isinstance(s, tuple) else s)
        return fill(s, values) if values else s

    def lang_of(self, message: str) -> str:
        """The language :meth:`t` gives ``message`` in: this locale's if its catalog translates it, else
        English (a locale may be translated in part), for the ``lang`` of an element holding it alone."""
        return self.locale if key_of(message) in self.messages or self.locale == SOURCE_LOCALE else SOURCE_LOCALE

    def label(self, message: str) -> str:
        """A translated label with the locale's colon after it (plain text)."""
        return self.t(message) + self.t(COLON)

    def listed(self, items: list[str] | tuple[str, ...]) -> str:
        """Plain-text items joined with the locale's comma."""
        return self.t(COMMA).join(items)

    def n(self, pair: tuple[str, str], count: int, **values: object) -> str:
        forms = self.messages.get(key_of(pair))
        if isinstance(forms, tuple):
            idx = int(_plural(self.plural_expr)(count))
            s = forms[min(idx, len(forms) - 1)]
        else:
            s = pair[0] if count == 1 else pair[1]
        return fill(s, {"n": count, **values})

    def date(self, iso: str) -> str:
        return _long_date(iso, self.locale)

    def language_name(self, tag: str) -> str:
        """A language's name in this UI's language (e.g. 'italiano' → 'Italian' on the English site)."""
        return language_name(tag, self.locale)


@cache
def _plural(expr: str):
    """The catalog's plural rule as a function, compiled once: gettext compiles it anew on every call (a
    fifth of a locale's page generation went there)."""
    return gettext.c2py(expr)


@cache
def _long_date(iso: str, locale: str) -> str:
    """A date written out in ``locale``, once per date: every dated entry prints one, and entries share
    their dates (babel's formatting was a tenth of a ruling's rendering)."""
    import datetime as dt

    return format_date(dt.date.fromisoformat(iso), "long", locale=_babel_locale(locale))


@cache
def _babel_locale(tag: str) -> Locale:
    return Locale.parse(tag, sep="-")


def language_name(tag: str, in_locale: str) -> str:
    return _babel_locale(tag).get_display_name(_babel_locale(in_locale)) or tag


def autonym(tag: str) -> str:
    """A language's own name, as a language switcher shows it (English, italiano, 中文)."""
    name = _babel_locale(tag).get_display_name() or tag
    return name[:1].upper() + name[1:] if tag.startswith(("it", "en")) else name


def human_size(n: int) -> str:
    """A file size for readers ("1.2 MB"), the same in every locale."""
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"
