"""``rulings build --part L``: what one locale contributes to a site built on several machines (a CI job matrix),
for ``rulings merge`` (:mod:`.merge`) to assemble into the site a single ``rulings build`` makes, byte for byte.

A part is a folder::

    part.json               what it holds (below), every file with its size and sha256
    site/<L>/…              the locale's site (served, or with --offline the file:// flavour)
    site/downloads/rulings-<L>.zip, rulings-<L>.zim
                            its offline bundle and Kiwix file (with bundles)
    offline/<L>/…           its pages of the all-locale offline site, which the merge zips with the others'

Nothing of a locale's pages depends on another locale's work but the sizes of the downloads its home page
lists: a part leaves a slot there (:func:`rulings.site.pages.home.size_slot`), kept out of the search index, that
the merge fills. Without the dependency a part runs its two mkdocs runs (the site, its offline pages) at once.
``part.json`` names the part's locale and the site's, the commit, the source date, the digest of the inputs
(:mod:`.inputs`) and the build's settings, so the merge can refuse parts that do not make one site.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulings import __version__
from rulings.build.fsops import swap_in, write_file
from rulings.build.inputs import inputs_digest
from rulings.build.output import MARKER, MARKER_TEXT
from rulings.build.site_build import (
    OFFLINE_ALL,
    BuildResult,
    Probe,
    Variant,
    cut_locale,
    generate_all,
    locale_bundles,
    make_bundle,
    offline_every,
    planned_downloads,
    prepared,
    staged,
    watched_mkdocs,
)
from rulings.build.workers import fork_map, source_date_epoch
from rulings.escape import terminal
from rulings.model.urls import base_address_problem
from rulings.publish.bundles import Download, fetch_shim
from rulings.publish.manifest import listing
from rulings.vcs import head_commit

PART_FILE = "part.json"
FORMAT = 1
KIND = "rulings build part"
SITE, OFFLINE = "site", "offline"
"""The part's folders: what goes into the site as it is, and the pages of the all-locale offline site."""
UNLISTED = frozenset({PART_FILE, MARKER})
LOCALE_SHAPE = re.compile(r"^[A-Za-z0-9]{1,8}(?:-[A-Za-z0-9]{1,8})*$")
"""What a locale tag looks like (letters, digits, hyphens): one plain folder name, whatever a manifest says."""


class PartRefused(Exception):
    """A part cannot be built as asked (its locale is none of the site's)."""


class PartProblem(Exception):
    """A part's ``part.json`` is not one a build writes."""


@dataclass(frozen=True)
class PartManifest:
    """What ``part.json`` says of its part, besides its files."""

    locale: str
    locales: tuple[str, ...]  # every locale of the site, in the build's order
    commit: str | None
    source_date_epoch: int
    inputs: str  # :func:`.inputs.inputs_digest`
    site_url: str | None
    bundles: bool
    offline: bool
    downloads: tuple[Download, ...]  # its own bundles, with their sizes
    generator: str = f"rulings {__version__}"

    def settings(self) -> dict[str, Any]:
        """What every part of one site has the same (all but its locale and downloads), by name."""
        return {"generator": self.generator, "locales": list(self.locales), "commit": self.commit,
                "source_date_epoch": self.source_date_epoch, "inputs": self.inputs, "site_url": self.site_url,
                "bundles": self.bundles, "offline": self.offline}

    def data(self, files: list[dict[str, Any]]) -> dict[str, Any]:
        return {"format": FORMAT, "kind": KIND, "locale": self.locale, **self.settings(),
                "downloads": [{"kind": d.kind, "locale": d.locale, "filename": d.filename, "size": d.size}
                              for d in self.downloads], "files": files}

    @classmethod
    def of(cls, data: object) -> tuple[PartManifest, list[Any]]:
        """The manifest and its file list (checked by the merge) from ``part.json``'s data; raises
        :class:`PartProblem` naming the first field that is not as a build writes it."""
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise PartProblem(f"{PART_FILE} is not a build part's (no \"kind\": \"{KIND}\")")
        if data.get("format") != FORMAT:
            raise PartProblem(f"{PART_FILE} has format {data.get('format')!r}; this rulings reads format {FORMAT}")

        def field(name: str, ok) -> Any:
            value = data.get(name)
            if not ok(value):
                raise PartProblem(f"{PART_FILE}: {name} is missing or not as a build writes it")
            return value

        def tag(value: object) -> bool:
            return isinstance(value, str) and LOCALE_SHAPE.match(value) is not None

        def number(value: object) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and value >= 0

        locale = field("locale", tag)
        locales = field("locales", lambda v: isinstance(v, list) and v and all(map(tag, v)) and len(set(v)) == len(v)
                        and locale in v)
        downloads = field("downloads", lambda v: isinstance(v, list) and all(
            isinstance(d, dict) and set(d) == {"kind", "locale", "filename", "size"} and d["kind"] in ("zip", "zim")
            and d["locale"] == locale and d["filename"] == f"rulings-{locale}.{d['kind']}" and number(d["size"])
            for d in v))
        manifest = cls(locale, tuple(locales), field("commit", lambda v: v is None or (
                           isinstance(v, str) and re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", v) is not None)),
                       field("source_date_epoch", number),
                       field("inputs", lambda v: isinstance(v, str) and re.fullmatch(r"[0-9a-f]{64}", v) is not None),
                       field("site_url", lambda v: v is None or (isinstance(v, str) and not base_address_problem(v))),
                       field("bundles", lambda v: isinstance(v, bool)), field("offline", lambda v: isinstance(v, bool)),
                       tuple(Download(d["kind"], d["locale"], d["filename"], d["size"]) for d in downloads),
                       field("generator", lambda v: isinstance(v, str)))
        wanted = {f"rulings-{locale}.zip", f"rulings-{locale}.zim"} if manifest.bundles else set()
        if {d.filename for d in manifest.downloads} != wanted or len(manifest.downloads) != len(wanted):
            raise PartProblem(f"{PART_FILE}: downloads are not the bundles of a part "
                              f"{'with' if manifest.bundles else 'without'} bundles")
        return manifest, field("files", lambda v: isinstance(v, list))


def belongs(rel: str, locale: str) -> bool:
    """Whether a part of ``locale`` may hold the file ``rel`` (a path :func:`.manifest.unsafe_path` let through):
    its own locale's pages and bundles, nothing of another locale's or of the site's root."""
    return (rel.startswith((f"{SITE}/{locale}/", f"{OFFLINE}/{locale}/"))
            or rel in (f"{SITE}/downloads/rulings-{locale}.zip", f"{SITE}/downloads/rulings-{locale}.zim"))


def build_part(repo: Path, out: Path, locale: str, *, content_dir: Path | None = None, work: Path | None = None,
               locales: list[str] | None = None, site_url: str | None = None, bundles: bool = False,
               offline: bool = False, force: bool = False, log=print, probe: Probe | None = None,
               workers: int | None = None) -> BuildResult:
    """Build the part of ``locale`` of the site of ``locales`` (default: every locale of project.yml) into ``out``
    (replaced atomically, as a site is); raises :class:`PartRefused` when ``locale`` is none of them and
    :class:`.fsops.BuildError` as :func:`.site_build.build` does. The other arguments are ``build``'s."""
    probe = probe or Probe()
    bundles = bundles and not offline
    if not LOCALE_SHAPE.match(locale):
        raise PartRefused(f"--part {terminal(locale)!r} is no locale tag (letters, digits, hyphens: en, zh-Hant)")

    def among(site_locales: list[str]) -> None:
        if locale not in site_locales:
            raise PartRefused(f"--part {locale} is not one of the site's locales ({', '.join(site_locales)})")

    inputs = inputs_digest(repo, content_dir or repo / "content")  # of what the build reads, before it reads it
    with prepared(repo, out, content_dir=content_dir, work=work, locales=locales, site_url=site_url, force=force,
                  signing=False, log=log, probe=probe, check_locales=among) as p:
        epoch = int(source_date_epoch(repo))
        shim = None
        if offline or bundles:
            log("bundles: the iframe-worker shim for file:// search…")
            with probe.phase("shim"):
                shim = fetch_shim(p.work / "npm")
        root = p.work / "offline-sites"
        with staged(p.out) as staging:
            variant = Variant("offline" if offline else "online", offline, tuple(p.locales),
                              tuple(planned_downloads(p.locales)) if bundles else ())
            tasks = [(p.work / variant.name, staging / SITE, locale, variant, site_url, shim)]
            if bundles:  # its pages of the all-locale offline site, in the folder the whole build has them in
                every = offline_every(p.locales)
                shutil.rmtree(root / OFFLINE_ALL / locale, ignore_errors=True)
                tasks.append((p.work / every.name, root / every.name, locale, every, None, shim))
            log(f"part {locale} of {', '.join(p.locales)}: generating"
                f"{' the site and its offline pages' if bundles else ''}…")
            with probe.phase("generate"):
                results = generate_all(p.model, repo, tasks, workers)
            for r in results:
                log(f"{r.locale}: {r.pages} pages generated in {r.generate_seconds:.1f}s")
            with probe.phase("mkdocs"):
                labels = [locale, f"{OFFLINE_ALL}/{locale}"]
                jobs = [r.job(label) for r, label in zip(results, labels, strict=False)]
                runs = watched_mkdocs(repo, jobs, log, probe, workers)
            results[0].mkdocs_seconds = runs[locale].seconds
            p.result.locales.append(results[0])
            downloads: list[Download] = []
            if bundles:
                with probe.phase("bundles.split"):
                    one = cut_locale(p.work, root, locale)
                with probe.phase("bundles.pack"):
                    downloads = fork_map(make_bundle, epoch, locale_bundles(
                        p.model, repo, one, staging / SITE / "downloads", locale, epoch), workers)
                shutil.move(root / OFFLINE_ALL / locale, staging / OFFLINE / locale)
            with probe.phase("finish"):
                manifest = PartManifest(locale, tuple(p.locales), head_commit(repo / "content"), epoch,
                                        inputs, site_url, bundles, offline,
                                        tuple(sorted(downloads, key=lambda d: d.kind)))
                data = manifest.data(listing(staging, UNLISTED))
                write_file(staging / PART_FILE, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
                write_file(staging / MARKER, MARKER_TEXT)
                swap_in(staging, p.out)
        p.result.total_seconds = time.perf_counter() - p.t_start
        return p.result
