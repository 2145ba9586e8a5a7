"""``rulings i18n``: the site's UI string catalogs in locales/ (gettext PO, over babel)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rulings.cli.params import DEFAULT_CONTENT, project_locales, project_settings


@click.group()
def i18n() -> None:
    """UI string catalogs in locales/ (gettext PO, over babel)."""


@i18n.command("extract")
def i18n_extract() -> None:
    """Extract the generator's UI strings into locales/messages.pot."""
    from rulings.site.catalogs import extract

    click.echo(f"wrote {extract(Path.cwd())}")


@i18n.command("update")
def i18n_update() -> None:
    """Merge locales/messages.pot into each locale's PO file (changed strings become fuzzy)."""
    from rulings.site.catalogs import update

    for p in update(Path.cwd(), project_locales()):
        click.echo(f"updated {p}")


@i18n.command("status")
@click.option("--locale", "locales", multiple=True, help="Only these locales (default: all of project.yml).")
@click.option("--todo", "show_todo", is_flag=True, help="Also list what to translate next in each locale.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def i18n_status(locales: tuple[str, ...], show_todo: bool, as_json: bool) -> None:
    """Per locale: its UI strings (translated, fuzzy, missing; required or not), then per game its
    translated, stale, machine-made and missing texts, with progress bars."""
    from rulings.content.tree import read
    from rulings.site.completeness import statuses
    from rulings.site.status_report import render, to_json
    from rulings.translation.status import rows, todo_lines

    content = read(DEFAULT_CONTENT)
    table = rows(content, list(locales) or None)
    ui = statuses(content.project, Path("locales"), list(locales) or None)
    if as_json:
        click.echo(to_json(table, ui))
        return
    click.echo(render(table, ui))
    if show_todo:
        for line in todo_lines(content, list(locales) or None):
            click.echo(line)


@i18n.command("compile")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("build/locales"),
              show_default=True)
def i18n_compile(out: Path) -> None:
    """Check every catalog (placeholders included) and compile it to .mo; exit 1 on any problem.

    Untranslated and fuzzy strings are warnings (the site shows them in English), except in a locale
    content/project.yml marks required: there each one is an error."""
    from rulings.content.diagnostics import counted
    from rulings.site.catalogs import compile_catalogs
    from rulings.site.completeness import formatted, partial_warnings, required_problems

    project = project_settings()
    locales_dir = Path.cwd() / "locales"
    problems = compile_catalogs(Path.cwd(), project.locales, out)
    problems += [formatted(g) for g in required_problems(project, locales_dir)]
    warnings = [formatted(g) for g in partial_warnings(project, locales_dir)]
    for p in problems:
        click.echo(f"error: {p}", err=True)
    for w in warnings:
        click.echo(f"warning: {w}", err=True)
    click.echo(f"{counted(len(problems), 'problem')}, {counted(len(warnings), 'warning')}")
    sys.exit(1 if problems else 0)
