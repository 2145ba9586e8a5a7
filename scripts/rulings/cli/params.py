"""Parameters several commands share: the content paths a command works on, the content folder, locales."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from rulings.cli.exits import CouldNotRun

if TYPE_CHECKING:
    from rulings.model.entries import Project

DEFAULT_CONTENT = Path("content")

CONTENT_ROOT = click.option(
    "--content", "root", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_CONTENT,
    show_default=True)
"""``--content``: the content tree a translation command reads and writes."""


def _selection(_ctx: click.Context, _param: click.Parameter, value: tuple[Path, ...]) -> Any:
    from rulings.content.tree import select

    try:
        return select(list(value) or [DEFAULT_CONTENT])
    except ValueError as e:
        raise CouldNotRun(str(e)) from e


def content_paths(f: Callable) -> Callable:
    """``PATHS``: content files or folders (default content/), given to the command as a ``Selection``."""
    return click.argument("paths", nargs=-1, type=click.Path(path_type=Path), callback=_selection)(f)


def known_locale(normalise: Callable[[str], str] = str) -> Callable[[click.Context, click.Parameter, str], str]:
    """A ``--locale`` callback refusing a tag CLDR does not know (after ``normalise``)."""
    def check(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
        from rulings.content.validate import locale_known

        if not locale_known(normalise(value)):
            raise CouldNotRun(f"unknown locale '{value}'")
        return value
    return check


def project_settings() -> Project:
    """The settings of ``content/project.yml``; exit 1 with the validator's errors if that file has any
    (an unknown tag, or a file that does not load, which would otherwise mean a silent "en" only)."""
    from rulings.cli.exits import ContentProblem
    from rulings.content.diagnostics import Severity
    from rulings.content.tree import PROJECT_FILE
    from rulings.content.validate import only_under, validate

    content, diags = validate(DEFAULT_CONTENT)
    errors = [d for d in only_under(diags, [DEFAULT_CONTENT / PROJECT_FILE]) if d.severity is Severity.ERROR]
    if errors:
        raise ContentProblem("\n".join(d.format() for d in errors))
    return content.project


def project_locales() -> list[str]:
    """The locales of ``content/project.yml`` (see :func:`project_settings`)."""
    return project_settings().locales
