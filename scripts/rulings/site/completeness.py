"""How complete each locale's UI catalog is, as the checks report it: an error at every entry a required
locale lacks, one warning for a locale that is not required (its site shows English for the rest).

A locale is required when ``content/project.yml`` says so (``locale_settings: {it: {required: true}}``,
:class:`rulings.model.entries.LocaleSettings`). ``rulings i18n compile`` and ``rulings validate`` both report
these (rule ``ui-untranslated``); the build never refuses a partial catalog, so a translation under way can
be looked at. The template ``locales/messages.pot`` says what the strings are: without it nothing is checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

from rulings.content.diagnostics import Diagnostic, Severity, display_path
from rulings.model.entries import Project
from rulings.site.i18n import POT, SOURCE_LOCALE, Coverage, coverage, is_translated, po_path, read_catalog

RULE = "ui-untranslated"


@dataclass(frozen=True)
class Gap:
    """A UI string a locale's catalog does not give readers: where to fix it, and what is wrong there."""

    file: Path
    line: int  # 0: the whole file
    problem: str


def _key(msgid: str | tuple | list) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def gaps(locales_dir: Path, locale: str) -> list[Gap]:
    """Every template string ``locale``'s catalog lacks, leaves empty or marks fuzzy, in template order."""
    pot = locales_dir / POT
    if not pot.exists() or locale == SOURCE_LOCALE:
        return []
    po = po_path(locales_dir, locale)
    if not po.exists():
        return [Gap(po, 0, "there is no catalog yet: run rulings i18n update, then translate it")]
    with pot.open("rb") as f:
        template = [m for m in read_po(f) if m.id]
    have = {(m.context, _key(m.id)): m for m in read_catalog(po, locale) if m.id}
    out = []
    for t in template:
        m = have.get((t.context, _key(t.id)))
        if m is None:
            out.append(Gap(pot, t.lineno, f"'{_key(t.id)}' is not in {display_path(po)}: run rulings i18n update, "
                                          "then translate it"))
        elif m.fuzzy:
            out.append(Gap(po, m.lineno, f"the translation of '{_key(t.id)}' is fuzzy (its source changed, or it was "
                                         "guessed): check it and clear the fuzzy flag"))
        elif not is_translated(m):
            out.append(Gap(po, m.lineno, f"'{_key(t.id)}' is not translated: translate it"))
    return out


def required_problems(project: Project, locales_dir: Path, locales: list[str] | None = None) -> list[Gap]:
    """The gaps of every required locale (of ``locales``, default the project's), each saying the way out."""
    out = []
    for loc in locales or project.locales:
        if project.required(loc):
            out += [Gap(g.file, g.line, f"{loc} is required: {g.problem}, or drop required for {loc} under "
                                         "locale_settings in content/project.yml") for g in gaps(locales_dir, loc)]
    return out


def partial(locales_dir: Path, locale: str) -> Gap | None:
    """How much of ``locale``'s catalog is translated, if not all of it (English is shown for the rest)."""
    po = po_path(locales_dir, locale)
    if locale == SOURCE_LOCALE or not (locales_dir / POT).exists() or not po.exists():
        return None
    c = coverage(locales_dir, locale)
    if c.translated == c.total:
        return None
    fuzzy = f", {c.fuzzy} fuzzy" if c.fuzzy else ""
    return Gap(po, 0, f"{locale}: {c.translated} of {c.total} UI strings translated{fuzzy}, {c.missing} missing; "
                      "English shown for the rest")


def partial_warnings(project: Project, locales_dir: Path, locales: list[str] | None = None) -> list[Gap]:
    """One warning per locale that is not required and whose catalog is incomplete."""
    return [g for loc in locales or project.locales if not project.required(loc)
            and (g := partial(locales_dir, loc)) is not None]


@dataclass(frozen=True)
class CatalogStatus:
    """How far one locale's UI catalog is, and whether the project requires all of it (``rulings i18n status``)."""

    locale: str
    required: bool
    catalog: Path
    coverage: Coverage | None  # None: no catalog yet, or no template to measure it by

    @property
    def percent(self) -> float:
        c = self.coverage
        return 100.0 * c.translated / c.total if c and c.total else 0.0 if c is None else 100.0


def statuses(project: Project, locales_dir: Path, locales: list[str] | None = None) -> list[CatalogStatus]:
    out = []
    for loc in locales or project.locales:
        po = po_path(locales_dir, loc)
        cov = coverage(locales_dir, loc) if po.exists() and (locales_dir / POT).exists() else None
        out.append(CatalogStatus(loc, project.required(loc), po, cov))
    return out


def diagnostics(project: Project, locales_dir: Path) -> list[Diagnostic]:
    """The report of ``rulings validate``: errors for required locales, warnings for the others."""
    def diag(g: Gap, severity: Severity) -> Diagnostic:
        return Diagnostic(display_path(g.file), g.line, 1 if g.line else 0, severity, g.problem, RULE)

    return [*(diag(g, Severity.ERROR) for g in required_problems(project, locales_dir)),
            *(diag(g, Severity.WARNING) for g in partial_warnings(project, locales_dir))]


def formatted(g: Gap) -> str:
    """``file:line: problem`` (``file: problem`` for the whole file), as compilers write it."""
    return f"{display_path(g.file)}:{g.line}: {g.problem}" if g.line else f"{display_path(g.file)}: {g.problem}"
