"""Commands on the site: build it, preview it, verify a copy of it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rulings.cli.exits import ContentProblem, CouldNotRun


@click.command()
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
    from rulings.site.build import BuildError, NotARepository, check_repository
    from rulings.site.build import build as run

    try:
        check_repository(Path.cwd())
        result = run(Path.cwd(), out, locales=list(locales) or None, site_url=site_url, log=click.echo,
                     bundles=bundles, offline=offline, force=force)
    except BuildError as e:
        raise ContentProblem(str(e)) from e
    except (BundleError, NotARepository) as e:
        raise CouldNotRun(str(e)) from e
    click.echo(result.summary())


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
def verify(folder: Path) -> None:
    """Check a copy of the site (a mirror) against its manifest.json: missing, extra, altered files."""
    from rulings.publish.manifest import NotASite
    from rulings.publish.manifest import verify as run

    try:
        v = run(folder)
    except NotASite as e:
        raise CouldNotRun(str(e)) from e
    for line in v.lines():
        click.echo(line)
    click.echo(v.summary())
    sys.exit(0 if v.ok else 1)


@click.command()
@click.option("--locale", default="en", show_default=True, help="Locale to preview.")
@click.option("--dev-addr", "address", default="127.0.0.1:8000", show_default=True)
def serve(locale: str, address: str) -> None:
    """Preview one locale with live reload when content/, locales/ or site_config/ change."""
    from rulings.site.serve import serve as run

    run(Path.cwd(), locale, address, log=click.echo)
