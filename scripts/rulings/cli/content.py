"""Commands on content files: validate, fmt, stats, schemas, import."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rulings.cli.exits import CouldNotRun
from rulings.cli.params import content_paths
from rulings.importers import IMPORTERS

if TYPE_CHECKING:
    from rulings.content.tree import Selection


@click.command()
@content_paths
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: one object with every diagnostic, for editors and CI.")
@click.option("--list-missing", is_flag=True, help="One warning per entry lacking a translation, not per file.")
@click.option("--no-warnings", is_flag=True, help="Print errors only.")
def validate(paths: Selection, fmt: str, list_missing: bool, no_warnings: bool) -> None:
    """Check content files against their schemas and each other.

    PATHS are content files or folders (default: content/). The whole tree they belong to is read,
    so references resolve, but only problems in PATHS are printed; with content/project.yml among them,
    also the UI catalogs' (locales/): every string a required locale lacks is an error; and warnings about
    po/ when it no longer agrees with the content (`rulings translate sync` fixes them). Exit 0 when there
    is no error, 1 when there are errors, 2 when validation could not run.
    """
    from rulings.content.validate import check
    from rulings.exchange.po_check import po_diagnostics
    from rulings.site.completeness import diagnostics

    try:
        checked = check(paths, list_missing=list_missing, errors_only=no_warnings,
                        catalogs=lambda c: diagnostics(c.project, paths.root.parent / "locales"),
                        beside=po_diagnostics)
    except Exception as e:
        raise CouldNotRun(f"validation could not run: {type(e).__name__}: {e}") from e
    if fmt == "json":
        click.echo(checked.to_json())
    else:
        for d in checked.diagnostics:
            click.echo(d.format())
        click.echo(checked.summary(), err=bool(checked.diagnostics))
    sys.exit(0 if checked.ok else 1)


@click.command()
@content_paths
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file would change.")
def fmt(paths: Selection, check: bool) -> None:
    """Format content files canonically, keeping comments, key order and quoting."""
    from rulings.content.fmt import format_paths

    run = format_paths(paths, check=check)
    for line, problem in run.report():
        click.echo(line, err=problem)
    click.echo(run.summary(), err=True)
    sys.exit(0 if run.ok else 1)


@click.command()
@content_paths
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def stats(paths: Selection, as_json: bool) -> None:
    """Counts per game and kind, and translations per locale and status."""
    from rulings.content.tree import read
    from rulings.translation.stats import collect, reading_note, render, to_json

    content = read(paths.root)
    data = collect(content)
    click.echo(to_json(data) if as_json else render(data))
    if note := reading_note(content):
        click.echo(note, err=True)


@click.command()
@click.option("--write", "out", type=click.Path(path_type=Path), default=Path("schemas"), show_default=True,
              help="Folder to write the JSON Schemas into.")
@click.option("--check", is_flag=True, help="Exit 1 if the committed files differ from the generated ones.")
def schemas(out: Path, check: bool) -> None:
    """Write the JSON Schemas of every content file kind (draft-07, for editors and validators) and the
    field tables of docs/content-format.md beside the schemas folder, all from the field declarations."""
    from rulings.content.schemas import out_of_date, write_all

    if check:
        outdated = out_of_date(out)
        for p in outdated:
            click.echo(f"{p} is out of date")
        sys.exit(1 if outdated else 0)
    for p in write_all(out):
        click.echo(f"wrote {p}")


class _ImportCommand(click.Command):
    """Lists the formats (and the document each reads) under the help, loading the importers only then."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from rulings.importers import describe

        with formatter.section("Formats"):
            formatter.write_dl(describe())
        super().format_epilog(ctx, formatter)


@click.command(name="import", cls=_ImportCommand)
@click.argument("fmt", metavar="FORMAT", type=click.Choice(sorted(IMPORTERS)))
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--into", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Game folder to write (default: content/<the importer's game id>).")
def import_(fmt: str, source: Path, into: Path | None) -> None:
    """Import an upstream document of FORMAT into content YAML, keeping the original.

    Re-running on the same document changes nothing; on a changed document it prints what was
    added, changed and removed, keeps translations, and never overwrites hand edits (reported as
    conflicts, exit 1).
    """
    from rulings.content.originals import NotUtf8
    from rulings.importers.merge import import_file

    try:
        report = import_file(fmt, source, into)
    except NotUtf8 as e:
        raise CouldNotRun(f"{e.file or source}: {e}") from e
    for line in report.lines():
        click.echo(line)
    click.echo(report.summary(), err=True)
    sys.exit(0 if report.ok else 1)
