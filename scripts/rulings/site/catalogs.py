"""``rulings i18n extract|update|compile``: the UI string catalogs in ``locales/``, over babel.

extract writes ``locales/messages.pot`` from the generator's ``_()``/``N_()`` strings; update merges it
into every locale's PO file (keeping translators' comments, marking changed strings fuzzy with their
previous text); compile checks every catalog (placeholders included) and writes ``.mo`` files, and
reports how much of each catalog is translated (:mod:`rulings.site.completeness`: untranslated strings show in
English, a warning, unless the project requires the locale).
"""

from __future__ import annotations

import io
from functools import cache
from gettext import c2py
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.plurals import DEFAULT_PLURAL, PLURALS, get_plural
from babel.messages.pofile import read_po, write_po

from rulings.site.catalog_merge import merged, restore_previous
from rulings.site.completeness import formatted, partial
from rulings.site.i18n import POT, SOURCE_LOCALE, placeholder_problems, po_path, read_catalog

KEYWORDS = ["-k", "_", "-k", "N_:1,2", "-k", "C_:1c,2", "-k", "NC_:1c,2,3"]
"""The markers of :mod:`rulings.site.i18n`: ``_``, ``N_`` and their forms with a context, ``C_`` and ``NC_``."""


UI_PACKAGES = ("site", "publish", "build")
"""The packages whose ``_()`` strings readers see (pages, feeds, bundles)."""


def _run(args: list[str]) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def _without_date(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith('"POT-Creation-Date:'))


def extract(repo: Path) -> Path:
    """Write the template; when no message changed, the file is left byte for byte as it was (pybabel
    stamps the current time into every new template, which would dirty the tree on every run)."""
    pot = repo / "locales" / POT
    before = pot.read_text(encoding="utf-8") if pot.exists() else None
    _extract(repo, pot)
    if before is not None and _without_date(pot.read_text(encoding="utf-8")) == _without_date(before):
        pot.write_text(before, encoding="utf-8")
    return pot


def _extract(repo: Path, pot: Path) -> None:
    _run(["extract", "-F", str(repo / "babel.cfg"), *KEYWORDS, "--no-location", "--sort-output",
          "--project=rulings", "--copyright-holder=rulings contributors", "--no-wrap",
          "-o", str(pot), *(str(repo / "scripts" / "rulings" / d) for d in UI_PACKAGES)])


MILLIONS = 10**6
SAMPLES = [*range(1001), *(k * MILLIONS + d for k in (1, 2, 7, 10) for d in (0, 1, 2, 5, 11))]
"""Counts on which two plural rules are compared: every small number and some around millions."""


@cache  # comparing rules on a thousand counts, for every PO file written, was a tenth of a sync
def plural_forms(locale: str) -> str:
    """A gettext Plural-Forms header from babel's table, without CLDR's 'millions' form.

    babel's table follows CLDR, which gives Italian, Spanish, French, Portuguese and Catalan a third
    'many' form for exact millions ("un milione di regole"); gettext tools and translators expect two
    forms there, as our catalogs have. That form is merged into 'other' and the rule written as the
    equivalent two-form rule from babel's own table, so Italian stays ``nplurals=2; plural=(n != 1);``
    and French gets ``(n > 1)``; other languages (Breton, whose millions form is grammar) keep babel's."""
    tag = Locale.parse(locale, sep="-")
    count, expr = get_plural(tag)
    if "1000000" not in tag.plural_form.rules.get("many", ""):
        return _header(count, expr)
    index = c2py(expr)
    many, other = index(MILLIONS), count - 1

    def merged(n: int) -> int:
        i = other if index(n) == many else index(n)
        return i - (i > many)

    want = [merged(n) for n in SAMPLES]
    for candidate_count, candidate in (DEFAULT_PLURAL, *PLURALS.values()):
        if candidate_count == count - 1:
            rule = c2py(candidate)
            if all(rule(n) == w for n, w in zip(SAMPLES, want, strict=True)):  # most differ within a few counts
                return _header(candidate_count, candidate)
    return _header(count, expr)


def _header(count: int, expr: str) -> str:
    return f"nplurals={count}; plural={expr};"


def update(repo: Path, locales: list[str]) -> list[Path]:
    """Merge the template into each locale's PO (creating it if needed), with gettext plural rules.

    English is the source language: its catalog is kept complete by copying each source string. A saved
    catalog is rewritten only where the merge changed it (:mod:`rulings.site.catalog_merge`): with the
    template unchanged the file is left byte for byte, whatever tool saved it."""
    out = []
    for loc in locales:
        with (repo / "locales" / POT).open("rb") as f:
            template = read_po(f)  # read per locale: Catalog.update shares message objects
        po = po_path(repo / "locales", loc)
        saved = po.read_bytes() if po.exists() else None
        if saved is not None:
            cat = read_catalog(po, loc)
            restore_previous(cat)
        else:
            cat = Catalog(locale=loc.replace("-", "_"), project="rulings", copyright_holder="rulings contributors",
                          creation_date=template.creation_date, revision_date=template.creation_date)
        previous = {_message_key(m): m.previous_id for m in cat if m.id and m.previous_id}
        cat.mime_headers = [(k, v) for k, v in cat.mime_headers if k.lower() != "plural-forms"] + [
            ("Plural-Forms", plural_forms(loc))]
        cat.update(template, update_header_comment=False, keep_user_comments=True, update_creation_date=False)
        cat.fuzzy = False
        for msg in cat:
            if loc == SOURCE_LOCALE and msg.id:
                msg.string = tuple(msg.id) if isinstance(msg.id, tuple) else msg.id
                msg.flags.discard("fuzzy")
                msg.previous_id = []
            if msg.id and not msg.previous_id and _message_key(msg) in previous:  # babel drops the "#| msgid"
                msg.previous_id = previous[_message_key(msg)]  # of an entry it keeps: it stays as saved
        if saved is None:
            text = _render(cat)
        else:
            old = read_catalog(po, loc)
            restore_previous(old)
            text = merged(saved.decode(cat.charset), old, cat, _render, lambda t, loc=loc: _read_text(t, loc))
        data = text.encode(cat.charset)
        if data != saved:
            po.parent.mkdir(parents=True, exist_ok=True)
            po.write_bytes(data)
        out.append(po)
    return out


def _render(cat: Catalog) -> str:
    """A catalog as ``rulings i18n update`` writes a new one (and a changed entry of a saved one)."""
    buf = io.BytesIO()
    write_po(buf, cat, width=0, include_previous=True, sort_output=True)
    return buf.getvalue().decode(cat.charset)


def _read_text(text: str, locale: str) -> Catalog:
    return read_po(io.StringIO(text), locale=locale.replace("-", "_"))


def _message_key(m: Message) -> tuple[str | None, str]:
    return m.context, m.id if isinstance(m.id, str) else m.id[0]


def compile_catalogs(repo: Path, locales: list[str], out_dir: Path) -> list[str]:
    """Compile every locale's PO into ``out_dir``; returns problems (missing, fuzzy-only, placeholders)."""
    problems = []
    for loc in locales:
        po = po_path(repo / "locales", loc)
        if not po.exists():
            problems.append(f"{po}: missing (run rulings i18n update)")
            continue
        cat = read_catalog(po, loc)
        problems += [f"{po}: {p}" for p in placeholder_problems(cat)]
        problems += [f"{po}: line {lineno}: {err}" for msg, errs in cat.check() for err in errs
                     for lineno in [msg.lineno]]
        mo = out_dir / loc.replace("-", "_") / "LC_MESSAGES" / "messages.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as f:
            write_mo(f, cat)
    return problems


def untranslated(repo: Path, locales: list[str]) -> list[str]:
    """One warning per locale whose catalog lacks translations or has fuzzy ones (shown in English)."""
    return [formatted(g) for loc in locales if (g := partial(repo / "locales", loc)) is not None]
