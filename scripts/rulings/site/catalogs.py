"""``rulings i18n extract|update|compile``: the UI string catalogs in ``locales/``, over babel.

extract writes ``locales/messages.pot`` from the generator's ``_()``/``N_()`` strings; update merges it
into every locale's PO file (keeping translators' comments, marking changed strings fuzzy with their
previous text); compile checks every catalog (placeholders included) and writes ``.mo`` files.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from rulings.site.i18n import placeholder_problems, po_path, read_catalog

POT = "messages.pot"
KEYWORDS = ["-k", "_", "-k", "N_:1,2"]


UI_PACKAGES = ("site", "publish")
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


PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "zh": "nplurals=1; plural=0;",
}
"""gettext plural rules. Not CLDR's: CLDR gives Italian a third 'many' form that gettext tools and
translators do not expect, which babel would otherwise write into the header."""


def plural_forms(locale: str) -> str:
    return PLURAL_FORMS.get(locale, PLURAL_FORMS.get(locale.split("-")[0], "nplurals=2; plural=(n != 1);"))


def update(repo: Path, locales: list[str]) -> list[Path]:
    """Merge the template into each locale's PO (creating it if needed), with gettext plural rules.

    English is the source language: its catalog is kept complete by copying each source string."""
    out = []
    for loc in locales:
        with (repo / "locales" / POT).open("rb") as f:
            template = read_po(f)  # read per locale: Catalog.update shares message objects
        po = po_path(repo / "locales", loc)
        if po.exists():
            cat = read_catalog(po, loc)
        else:
            cat = Catalog(locale=loc.replace("-", "_"), project="rulings", copyright_holder="rulings contributors",
                          creation_date=template.creation_date, revision_date=template.creation_date)
        cat.mime_headers = [(k, v) for k, v in cat.mime_headers if k.lower() != "plural-forms"] + [
            ("Plural-Forms", plural_forms(loc))]
        cat.update(template, update_header_comment=False, keep_user_comments=True, update_creation_date=False)
        cat.fuzzy = False
        if loc == "en":
            for msg in cat:
                if msg.id:
                    msg.string = tuple(msg.id) if isinstance(msg.id, tuple) else msg.id
                    msg.flags.discard("fuzzy")
                    msg.previous_id = []
        po.parent.mkdir(parents=True, exist_ok=True)
        with po.open("wb") as f:
            write_po(f, cat, width=0, include_previous=True, sort_output=True)
        out.append(po)
    return out


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
