"""Commands on the site: build it, preview it, verify a copy of it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rulings.cli.exits import ContentProblem, CouldNotRun
from rulings.model.text import FALLBACK_LOCALE


def _site_url(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """``--site-url``, parsed by the check ``forge.repo_url`` has (it ends in every page's links): a bad value
    is a usage error (exit 2), before anything is read or built."""
    from rulings.model.urls import base_address_problem

    if value is not None and (problem := base_address_problem(value)):
        raise click.BadParameter(f"{problem}; give the site's public address, like https://rules.example.org/")
    return value


@click.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (replaced atomically when the build succeeds)  [default: site; with --part L: "
                   "parts/L]")
@click.option("--locale", "locales", multiple=True, help="Build only these locales (default: all of project.yml).")
@click.option("--part", "part", default=None, metavar="LOCALE",
              help="Build only this locale's part of the site, for `rulings merge` to put together with the other "
                   "locales' parts (built on other machines: a CI job matrix).")
@click.option("--site-url", default=None, callback=_site_url,
              help="Public URL of the site root (https://…, no query), for feeds, the sitemap and canonical links.")
@click.option("--bundles/--no-bundles", default=True, show_default=True,
              help="Also build the offline zips and Kiwix files into OUT/downloads/ (slower).")
@click.option("--offline", is_flag=True, help="Build the file:// flavour itself into OUT (no server needed).")
@click.option("--force", is_flag=True,
              help="Replace OUT even if it is a non-empty folder no build wrote (never the project's own folders "
                   "or files, nor a git checkout).")
def build(out: Path | None, locales: tuple[str, ...], part: str | None, site_url: str | None, bundles: bool,
          offline: bool, force: bool) -> None:
    """Build the static site: one mkdocs site per locale under OUT/<locale>/ and a root language page."""
    from rulings.build.part import PartRefused, build_part
    from rulings.build.site_build import BuildError, NotARepository, check_repository
    from rulings.build.site_build import build as run
    from rulings.publish.bundles import BundleError

    if part is not None and locales and part not in locales:
        raise click.BadParameter(f"{part} is not one of the locales built ({', '.join(locales)})", param_hint="--part")
    try:
        check_repository(Path.cwd())
        if part is None:
            result = run(Path.cwd(), out or Path("site"), locales=list(locales) or None, site_url=site_url,
                         log=click.echo, bundles=bundles, offline=offline, force=force)
        else:
            out = out or Path("parts") / part
            result = build_part(Path.cwd(), out, part, locales=list(locales) or None, site_url=site_url,
                                log=click.echo, bundles=bundles, offline=offline, force=force)
    except BuildError as e:
        raise ContentProblem(str(e)) from e
    except (BundleError, NotARepository, PartRefused) as e:
        raise CouldNotRun(str(e)) from e
    click.echo(result.summary() if part is None else f"built part {part} into {out}/ in {result.total_seconds:.1f}s")


@click.command()
@click.argument("parts", nargs=-1, required=True, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("site"), show_default=True,
              help="Output folder (replaced atomically when the merge succeeds).")
@click.option("--force", is_flag=True,
              help="Replace OUT even if it is a non-empty folder no build wrote (as build --force).")
def merge(parts: tuple[Path, ...], out: Path, force: bool) -> None:
    """Put the parts of a split build (`rulings build --part LOCALE`, one per locale, built from this commit)
    together into the site `rulings build` makes, byte for byte: adds the zip of every locale, the root page,
    exports, manifest and signature. Parts of another commit or content, a locale twice or missing, or a part
    that is not as a build writes it: refused in one line (exit 2), nothing built."""
    from rulings.build.merge import MergeRefused
    from rulings.build.merge import merge as run
    from rulings.build.site_build import BuildError, NotARepository, check_repository
    from rulings.publish.bundles import BundleError

    try:
        check_repository(Path.cwd())
        result = run(Path.cwd(), list(parts), out, force=force, log=click.echo)
    except BuildError as e:
        raise ContentProblem(str(e)) from e
    except (BundleError, NotARepository, MergeRefused) as e:
        raise CouldNotRun(str(e)) from e
    click.echo(f"merged {len(parts)} parts into {out}/ in {result.total_seconds:.1f}s")


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--allowed-signers", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Check manifest.json.sig against these keys first (the project's: allowed_signers).")
def verify(folder: Path, allowed_signers: Path | None) -> None:
    """Check a copy of the site (a mirror): its signature (with --allowed-signers), then every file against
    manifest.json: missing, extra, altered files, symlinks and unsafe paths. Nothing outside FOLDER is read."""
    from rulings.publish.manifest import NotASite
    from rulings.publish.manifest import verify as run
    from rulings.publish.signing import SigningError

    try:
        v = run(folder, allowed_signers)
    except (NotASite, SigningError) as e:
        raise CouldNotRun(str(e)) from e
    for line in v.lines():
        click.echo(line)
    click.echo(v.summary())
    sys.exit(0 if v.ok else 1)


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path), default=Path("site"))
@click.option("--key", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="OpenSSH private key (default: the path in $RULINGS_SIGNING_KEY; never a file in the repository or "
                   "the site: refused).")
def sign(folder: Path, key: Path | None) -> None:
    """Sign FOLDER/manifest.json (ssh-keygen -Y sign) into manifest.json.sig, for `rulings verify
    --allowed-signers`."""
    from rulings.publish.manifest import MANIFEST
    from rulings.publish.signing import KEY_ENV, SigningError, check_key_place, repository_of, signing_key
    from rulings.publish.signing import sign as run

    chosen = signing_key(key)
    if chosen is None:
        raise CouldNotRun(f"no signing key: give --key PATH or set {KEY_ENV}")
    if not (folder / MANIFEST).is_file():
        raise CouldNotRun(f"{folder}/{MANIFEST} not found: build the site first")
    places = {folder: "the site folder"}
    for where in (folder, Path.cwd()):
        if (top := repository_of(where)) is not None:
            places[top] = "the repository"
    if (Path.cwd() / "mkdocs.yml").is_file() and (Path.cwd() / "content").is_dir():
        places.setdefault(Path.cwd(), "the repository")
    try:
        check_key_place(chosen, places)
        click.echo(f"wrote {run(folder / MANIFEST, chosen)}")
    except SigningError as e:
        raise CouldNotRun(str(e)) from e


@click.command()
@click.option("--locale", default=FALLBACK_LOCALE, show_default=True, help="Locale to preview.")
@click.option("--dev-addr", "address", default="127.0.0.1:8000", show_default=True, help="HOST:PORT to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=None, help="Listen on this port (of --dev-addr's host).")
def serve(locale: str, address: str, port: int | None) -> None:
    """Preview one locale with live reload when content/, locales/, site_config/, docs/ or mkdocs.yml change. A
    busy port stops it at once (exit 2); content errors or mkdocs failing on the first pages stop it too (exit 1,
    one line each)."""
    from rulings.build.serve import CannotListen, MkdocsFailed
    from rulings.build.serve import serve as run

    try:
        run(Path.cwd(), locale, address, log=click.echo, port=port)
    except CannotListen as e:
        raise CouldNotRun(str(e)) from e
    except MkdocsFailed as e:
        raise ContentProblem(str(e)) from e
