"""``rulings translate``: record and exchange translations of content texts (PO files, mapping files)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rulings.cli.exits import CouldNotRun
from rulings.cli.params import CONTENT_ROOT, known_locale

STATUSES = ["machine", "draft", "reviewed", "official"]


@click.group()
def translate() -> None:
    """Record and exchange translations of content texts."""


@translate.command("export")
@click.option("--locale", required=True, callback=known_locale(lambda s: s.replace("_", "-")),
              help="Target locale, e.g. it.")
@click.option("--game", default=None, help="Only this game (default: every game, one PO file each).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("po"), show_default=True)
@CONTENT_ROOT
def translate_export(locale: str, game: str | None, out: Path, root: Path) -> None:
    """Write gettext PO files (Poedit, Weblate, Lokalize) of every text to translate into LOCALE.

    One message per entry field (msgctxt = entry id#field), comments with the entry, its source
    language, the glossary terms it uses with their agreed translation, and its page. Outdated
    translations come out fuzzy, with the previous source text from git history.
    """
    from rulings.exchange.po_export import export_po

    try:
        paths = export_po(root, locale, out, game)
    except ValueError as e:
        raise CouldNotRun(str(e)) from e
    for p in paths:
        click.echo(f"wrote {p}")


@translate.command("import")
@click.argument("po_files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--status", type=click.Choice(STATUSES), default="draft",
              show_default=True, help="Status recorded for the imported translations.")
@click.option("--by", "by", default=None, help="Who translated (default: the PO's Last-Translator).")
@CONTENT_ROOT
def translate_import(po_files: tuple[Path, ...], status: str, by: str | None, root: Path) -> None:
    """Write the translations of PO files back beside their source texts (fuzzy ones are skipped).

    All files or none: if any message is refused (syntax, charset, another game, unknown field,
    changed source, an official text), nothing is written and every refusal is listed."""
    from rulings.escape import terminal
    from rulings.exchange.po_import import import_po

    r = import_po(root, list(po_files), status=status, by=by)
    for p in r.problems:
        click.echo(terminal(p), err=True)
    click.echo(r.summary(), err=bool(r.problems))
    sys.exit(1 if r.problems else 0)


@translate.command("apply")
@click.argument("mapping_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--locale", required=True, callback=known_locale(), help="Locale of the translations, e.g. en.")
@click.option("--status", type=click.Choice(STATUSES), required=True)
@click.option("--by", "by", required=True, help="Who made the translations.")
@CONTENT_ROOT
def translate_apply(mapping_file: Path, locale: str, status: str, by: str, root: Path) -> None:
    """Write translations from MAPPING_FILE (YAML: entry id -> field path -> text) into the content.

    Each translation records the hash of the current source text; comments and formatting of the
    content files are kept.
    """
    from rulings.content.edit import apply_translations, read_mapping

    try:
        mapping = read_mapping(mapping_file)
    except ValueError as e:
        raise CouldNotRun(str(e)) from e
    report = apply_translations(root, mapping, locale, status, by)
    for p in report.problems:
        click.echo(f"error: {p}", err=True)
    click.echo(report.summary())
    sys.exit(1 if report.problems else 0)


@translate.command("sync")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when po/ and the content disagree.")
@click.option("--po", "po_root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The PO exchange folder (default: po/ beside the content folder).")
@CONTENT_ROOT
def translate_sync(check: bool, po_root: Path | None, root: Path) -> None:
    """Keep po/ (one PO per game, source language and locale, and a POT) and the content in agreement.

    New and changed sources go to the PO files (changed ones fuzzy, with the previous msgid);
    translations edited in a PO come back as drafts by its Last-Translator. The same text edited on
    both sides, or a translation of a msgid that is not the source, is reported and left as it is."""
    from rulings.escape import terminal
    from rulings.exchange.sync import agree, sync

    r = sync(root, po_root, check=check)
    for p in r.problems:
        click.echo(terminal(f"error: {p}"), err=True)
    if check:
        for p in r.out_of_date:
            click.echo(f"out of date: {p}", err=True)
        for a in r.applied:
            click.echo(terminal(f"to record from po/: {a}"), err=True)
        ok = agree(r)
        click.echo("po/ and the content agree" if ok else "po/ and the content disagree: run `rulings translate sync`",
                   err=not ok)
        sys.exit(0 if ok else 1)
    for a in r.applied:
        click.echo(terminal(f"recorded {a}"))
    click.echo(r.summary(), err=bool(r.problems))
    sys.exit(1 if r.problems else 0)
