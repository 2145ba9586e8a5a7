"""The ``rulings`` command line.

Exit codes everywhere: 0 clean, 1 problems found in content, 2 the command could not run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from rulings import __version__

DEFAULT_CONTENT = Path("content")


class CouldNotRun(click.ClickException):
    exit_code = 2


def _paths(paths: tuple[Path, ...]) -> list[Path]:
    out = list(paths) or [DEFAULT_CONTENT]
    for p in out:
        if not p.exists():
            raise CouldNotRun(f"{p}: no such file or folder")
    return out


def _root_of(paths: list[Path]) -> Path:
    from rulings.content.tree import find_root

    roots = {find_root(p) for p in paths}
    if len(roots) > 1:
        raise CouldNotRun("paths belong to different content trees: " + ", ".join(map(str, sorted(roots))))
    return roots.pop()


class ContentProblem(click.ClickException):
    exit_code = 1


class SafeGroup(click.Group):
    """No traceback reaches a user: content problems exit 1 with their position, anything else exits 2."""

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        from rulings.content.diagnostics import ContentError

        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except ContentError as e:
            raise ContentProblem(e.diagnostic.format()) from e
        except Exception as e:
            raise CouldNotRun(f"{type(e).__name__}: {e}") from e


@click.group(cls=SafeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulings")
def main() -> None:
    """Rules knowledge base for tabletop card games: validate, format and build content."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: one object with every diagnostic, for editors and CI.")
@click.option("--list-missing", is_flag=True, help="One warning per entry lacking a translation, not per file.")
@click.option("--no-warnings", is_flag=True, help="Print errors only.")
def validate(paths: tuple[Path, ...], fmt: str, list_missing: bool, no_warnings: bool) -> None:
    """Check content files against their schemas and each other.

    PATHS are content files or folders (default: content/). The whole tree they belong to is read,
    so references resolve, but only problems in PATHS are printed. Exit 0 when there is no error,
    1 when there are errors, 2 when validation could not run.
    """
    from rulings.content.diagnostics import Severity, summary, to_json
    from rulings.content.validate import only_under
    from rulings.content.validate import validate as run

    ps = _paths(paths)
    root = _root_of(ps)
    try:
        content, diags = run(root, list_missing=list_missing)
    except Exception as e:
        raise CouldNotRun(f"validation could not run: {type(e).__name__}: {e}") from e
    diags = only_under(diags, ps)
    if no_warnings:
        diags = [d for d in diags if d.severity is Severity.ERROR]
    files = len([p for p in content.paths if only_under_path(p, ps)])
    if fmt == "json":
        click.echo(to_json(diags, files))
    else:
        for d in diags:
            click.echo(d.format())
        click.echo(summary(diags, files), err=bool(diags))
    sys.exit(1 if any(d.severity is Severity.ERROR for d in diags) else 0)


def only_under_path(p: Path, roots: list[Path]) -> bool:
    rp = p.resolve()
    return any(rp == r.resolve() or r.resolve() in rp.parents for r in roots)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file would change.")
def fmt(paths: tuple[Path, ...], check: bool) -> None:
    """Format content files canonically, keeping comments, key order and quoting."""
    from rulings.content.diagnostics import display_path
    from rulings.content.fmt import format_file
    from rulings.content.tree import discover

    ps = _paths(paths)
    root = _root_of(ps)
    files = [p for p in discover(root) if only_under_path(p, ps)]
    changed = errors = 0
    for p in files:
        r = format_file(p, root, check=check)
        if r.error:
            errors += 1
            click.echo(r.error.format(), err=True)
        elif r.changed:
            changed += 1
            click.echo(f"{'would reformat' if check else 'reformatted'} {display_path(p)}")
    verb = "would be reformatted" if check else "reformatted"
    click.echo(f"{changed} of {len(files)} files {verb}" + (f", {errors} could not be read" if errors else ""),
               err=True)
    sys.exit(1 if errors or (check and changed) else 0)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def stats(paths: tuple[Path, ...], as_json: bool) -> None:
    """Counts per game and kind, and translations per locale and status."""
    from rulings.content.stats import collect, render
    from rulings.content.tree import read

    root = _root_of(_paths(paths))
    content = read(root)
    data = collect(content)
    click.echo(json.dumps(data, ensure_ascii=False, indent=2) if as_json else render(data))
    if content.diagnostics:
        click.echo(f"note: {len(content.diagnostics)} problems while reading; run rulings validate", err=True)


@main.command()
@click.option("--write", "out", type=click.Path(path_type=Path), default=Path("schemas"), show_default=True,
              help="Folder to write the JSON Schemas into.")
@click.option("--check", is_flag=True, help="Exit 1 if the committed files differ from the generated ones.")
def schemas(out: Path, check: bool) -> None:
    """Write the JSON Schemas of every content file kind (draft-07, for editors and validators) and the
    field tables of docs/content-format.md beside the schemas folder, all from the field declarations."""
    from rulings.content.schemas import out_of_date, write_all

    if check:
        stale = out_of_date(out)
        for p in stale:
            click.echo(f"{p} is out of date")
        sys.exit(1 if stale else 0)
    for p in write_all(out):
        click.echo(f"wrote {p}")


@main.command(name="import")
@click.argument("fmt", metavar="FORMAT")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--into", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Game folder to write (default: content/<the importer's game id>).")
def import_(fmt: str, source: Path, into: Path | None) -> None:
    """Import an upstream document of FORMAT into content YAML, keeping the original.

    Re-running on the same document changes nothing; on a changed document it prints what was
    added, changed and removed, keeps translations, and never overwrites hand edits (reported as
    conflicts, exit 1).
    """
    from rulings.importers import IMPORTERS, get
    from rulings.importers.merge import write_import

    if fmt not in IMPORTERS:
        raise CouldNotRun(f"unknown format '{fmt}'; known: {', '.join(sorted(IMPORTERS))}")
    importer = get(fmt)
    target = into or DEFAULT_CONTENT / importer.GAME_ID
    schemas_dir = (target.resolve().parent.parent / "schemas")
    try:
        report = write_import(importer, source.read_bytes(), target, schemas_dir)
    except UnicodeDecodeError as e:
        raise CouldNotRun(f"{source}: not UTF-8 ({e.reason} at byte {e.start})") from e
    for line in report.lines():
        click.echo(line)
    click.echo(f"{len(report.added)} added, {len(report.changed)} changed, {len(report.removed)} removed, "
               f"{len(report.conflicts)} conflicts", err=True)
    sys.exit(1 if report.conflicts else 0)


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("site"), show_default=True,
              help="Output folder (replaced atomically when the build succeeds).")
@click.option("--locale", "locales", multiple=True, help="Build only these locales (default: all of project.yml).")
@click.option("--site-url", default=None, help="Public URL of the site root, for feeds and the sitemap.")
@click.option("--bundles/--no-bundles", default=True, show_default=True,
              help="Also build the offline zips and Kiwix files into OUT/downloads/ (slower).")
@click.option("--offline", is_flag=True, help="Build the file:// flavour itself into OUT (no server needed).")
@click.option("--force", is_flag=True,
              help="Replace OUT even if it is a non-empty folder no build wrote (never the repository or above).")
def build(out: Path, locales: tuple[str, ...], site_url: str | None, bundles: bool, offline: bool,
          force: bool) -> None:
    """Build the static site: one mkdocs site per locale under OUT/<locale>/ and a root language page."""
    from rulings.publish.bundles import BundleError
    from rulings.site.build import BuildError
    from rulings.site.build import build as run

    repo = Path.cwd()
    if not (repo / "mkdocs.yml").exists() or not (repo / "content").is_dir():
        raise CouldNotRun("run rulings build from the repository root (where mkdocs.yml and content/ are)")
    try:
        result = run(repo, out, locales=list(locales) or None, site_url=site_url, log=click.echo,
                     bundles=bundles and not offline, offline=offline, force=force)
    except BuildError as e:
        raise ContentProblem(str(e)) from e
    except BundleError as e:
        raise CouldNotRun(str(e)) from e
    click.echo(f"built {', '.join(r.locale for r in result.locales)} into {out}/ in {result.total_seconds:.1f}s")


@main.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
def verify(folder: Path) -> None:
    """Check a copy of the site (a mirror) against its manifest.json: missing, extra, altered files."""
    from rulings.publish.manifest import MANIFEST
    from rulings.publish.manifest import verify as run
    from rulings.site.escape import terminal

    if not (folder / MANIFEST).is_file():
        raise CouldNotRun(f"{folder}/{MANIFEST} not found: is this a rulings site?")
    v = run(folder)
    for kind, paths in (("missing", v.missing), ("extra", v.extra), ("altered", v.altered)):
        for p in paths:
            click.echo(f"{kind}: {terminal(p)}")
    click.echo(f"{v.checked} files checked: {len(v.missing)} missing, {len(v.extra)} extra, {len(v.altered)} altered")
    sys.exit(0 if v.ok else 1)


@main.command()
@click.option("--locale", default="en", show_default=True, help="Locale to preview.")
@click.option("--dev-addr", "address", default="127.0.0.1:8000", show_default=True)
def serve(locale: str, address: str) -> None:
    """Preview one locale with live reload when content/, locales/ or site_config/ change."""
    from rulings.site.serve import serve as run

    run(Path.cwd(), locale, address, log=click.echo)


@main.group()
def i18n() -> None:
    """UI string catalogs in locales/ (gettext PO, over babel)."""


def _project_locales() -> list[str]:
    from rulings.content.tree import read

    return read(DEFAULT_CONTENT).project.locales


@i18n.command("extract")
def i18n_extract() -> None:
    """Extract the generator's UI strings into locales/messages.pot."""
    from rulings.site.catalogs import extract

    click.echo(f"wrote {extract(Path.cwd())}")


@i18n.command("update")
def i18n_update() -> None:
    """Merge locales/messages.pot into each locale's PO file (changed strings become fuzzy)."""
    from rulings.site.catalogs import update

    for p in update(Path.cwd(), _project_locales()):
        click.echo(f"updated {p}")


@i18n.command("status")
@click.option("--locale", "locales", multiple=True, help="Only these locales (default: all of project.yml).")
@click.option("--todo", "show_todo", is_flag=True, help="Also list what to translate next in each locale.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def i18n_status(locales: tuple[str, ...], show_todo: bool, as_json: bool) -> None:
    """Per locale and game: translated, stale, machine-made and missing texts, with progress bars."""
    from rulings.content.tree import read
    from rulings.site.i18n import _ as _mark  # noqa: F401 - keeps the status words with the UI strings
    from rulings.translation.status import render, rows, todo

    content = read(DEFAULT_CONTENT)
    table = rows(content, list(locales) or None)
    if as_json:
        click.echo(json.dumps([{"locale": r.locale, "game": r.game, "percent": round(r.percent, 1),
                                **dict(sorted(r.counts.items()))} for r in table], indent=2))
        return
    click.echo(render(table))
    if show_todo:
        for loc in list(locales) or content.project.locales:
            items = todo(content, loc, 20)
            if items:
                click.echo(f"\nnext in {loc}:")
                for t in items:
                    click.echo(f"  {'stale  ' if t.stale else 'missing'} {t.entry.id}: {', '.join(t.fields)}")


@i18n.command("compile")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("build/locales"),
              show_default=True)
def i18n_compile(out: Path) -> None:
    """Check every catalog (placeholders included) and compile it to .mo; exit 1 on any problem."""
    from rulings.site.catalogs import compile_catalogs

    problems = compile_catalogs(Path.cwd(), _project_locales(), out)
    for p in problems:
        click.echo(f"error: {p}", err=True)
    click.echo(f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


@main.group()
def translate() -> None:
    """Record and exchange translations of content texts."""


@translate.command("export")
@click.option("--locale", required=True, help="Target locale, e.g. it.")
@click.option("--game", default=None, help="Only this game (default: every game, one PO file each).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("po"), show_default=True)
@click.option("--content", "root", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_CONTENT,
              show_default=True)
def translate_export(locale: str, game: str | None, out: Path, root: Path) -> None:
    """Write gettext PO files (Poedit, Weblate, Lokalize) of every text to translate into LOCALE.

    One message per entry field (msgctxt = entry id#field), comments with the entry, its source
    language, the glossary terms it uses with their agreed translation, and its page. Outdated
    translations come out fuzzy, with the previous source text from git history.
    """
    from rulings.content.validate import locale_known
    from rulings.translation.po import export_po

    if not locale_known(locale.replace("_", "-")):
        raise CouldNotRun(f"unknown locale '{locale}'")
    try:
        paths = export_po(root, locale, out, game)
    except ValueError as e:
        raise CouldNotRun(str(e)) from e
    for p in paths:
        click.echo(f"wrote {p}")


@translate.command("import")
@click.argument("po_files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--status", type=click.Choice(["machine", "draft", "reviewed", "official"]), default="draft",
              show_default=True, help="Status recorded for the imported translations.")
@click.option("--by", "by", default=None, help="Who translated (default: the PO's Last-Translator).")
@click.option("--content", "root", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_CONTENT,
              show_default=True)
def translate_import(po_files: tuple[Path, ...], status: str, by: str | None, root: Path) -> None:
    """Write the translations of PO files back beside their source texts (fuzzy ones are skipped).

    All files or none: if any message is refused (syntax, charset, another game, unknown field,
    changed source, an official text), nothing is written and every refusal is listed."""
    from rulings.site.escape import terminal
    from rulings.translation.po import import_po

    r = import_po(root, list(po_files), status=status, by=by)
    for p in r.problems:
        click.echo(terminal(p), err=True)
    if r.problems:
        click.echo(f"nothing written: {len(r.problems)} problems in {r.files} files; fix them and import again",
                   err=True)
        sys.exit(1)
    click.echo(f"{r.applied} applied, {r.unchanged} unchanged, {r.skipped_fuzzy} fuzzy skipped, "
               f"{r.skipped_empty} untranslated, {len(r.written)} content files written")


@translate.command("apply")
@click.argument("mapping_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--locale", required=True, help="Locale of the translations, e.g. en.")
@click.option("--status", type=click.Choice(["machine", "draft", "reviewed", "official"]), required=True)
@click.option("--by", "by", required=True, help="Who made the translations.")
@click.option("--content", "root", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_CONTENT,
              show_default=True)
def translate_apply(mapping_file: Path, locale: str, status: str, by: str, root: Path) -> None:
    """Write translations from MAPPING_FILE (YAML: entry id -> field path -> text) into the content.

    Each translation records the hash of the current source text; comments and formatting of the
    content files are kept.
    """
    from rulings.content.edit import apply_translations
    from rulings.content.load import load
    from rulings.content.validate import locale_known

    if not locale_known(locale):
        raise CouldNotRun(f"unknown locale '{locale}'")
    from rulings.content.diagnostics import ContentError
    try:
        mapping = load(mapping_file).data
    except ContentError as e:
        raise CouldNotRun(e.diagnostic.format()) from e
    if not isinstance(mapping, dict):
        raise CouldNotRun(f"{mapping_file}: expected a mapping of entry id to fields")
    report = apply_translations(root, mapping, locale, status, by)
    for p in report.problems:
        click.echo(f"error: {p}", err=True)
    click.echo(f"{report.applied} applied, {report.unchanged} unchanged, {len(report.problems)} problems, "
               f"{len(report.written)} files written")
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
