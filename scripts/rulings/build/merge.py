"""``rulings merge PART...``: the parts of a split build (:mod:`.part`) assembled into the site one ``rulings build``
makes of the same inputs, byte for byte, with what needs every locale: the zip of every locale, the download
sizes on each home page, the root page and 404, the exports, the manifest and its signature.

The zip of every locale is made here of the parts' offline pages: the same files the whole build zips, so the
same bytes, for a second or two of deflate (building those pages again would be a mkdocs run per locale). The
exports too are written here, from the content: each entity's file and the SQLite database hold every locale,
and the per-locale files cost less than a second in all.

Parts come from other machines, so each is read as untrusted before anything is built: its ``part.json`` must be
as a build writes it, list only paths of its own locale (:func:`.part.belongs`, checked by
:func:`rulings.publish.manifest.listing_problems` first), and match the folder exactly (no file missing or
unlisted, no symlink, FIFO or device); every file is opened without following links and copied only if its
size and sha256 are the listed ones. Then the parts must make one site: one commit, source date and inputs
(:mod:`.inputs`), this checkout's; one set of settings; each locale once, none missing.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from rulings.build.fsops import swap_in, write_file
from rulings.build.inputs import inputs_digest
from rulings.build.part import OFFLINE, PART_FILE, SITE, UNLISTED, PartManifest, PartProblem, belongs
from rulings.build.site_build import (
    OFFLINE_ALL,
    BuildResult,
    Prepared,
    Probe,
    every_zip,
    finish,
    make_bundle,
    planned_downloads,
    prepared,
    staged,
)
from rulings.build.workers import source_date_epoch
from rulings.escape import terminal
from rulings.publish.bundles import Download
from rulings.publish.manifest import Verification, listing_problems, open_inside, plain_files, read_inside
from rulings.site.pages.home import size_html, size_slot
from rulings.site.pages.root import root_index
from rulings.vcs import head_commit

MAX_PART_FILE = 256 << 20
"""The largest ``part.json`` read (a file list of a million pages is about 150 MB)."""
BLOCK = 1 << 20


class MergeRefused(Exception):
    """The parts do not make one site (or one of them is not as a build writes it): one line says which and why."""


@dataclass(frozen=True)
class Part:
    """A part folder, checked: its manifest, and its files by path ({path, size, sha256})."""

    folder: Path
    manifest: PartManifest
    files: dict[str, dict]

    @property
    def name(self) -> str:
        return terminal(str(self.folder))


def read_part(folder: Path) -> Part:
    """``folder`` as a part, once its ``part.json`` and its files' list are checked (not yet their bytes, which
    :func:`copy_part` checks as it copies them); raises :class:`MergeRefused`."""
    name = terminal(str(folder))
    raw = read_inside(folder, PART_FILE, MAX_PART_FILE)
    if raw is None:
        raise MergeRefused(f"{name}: no {PART_FILE} (or not a plain file): not a part (rulings build --part LOCALE)")
    if len(raw) > MAX_PART_FILE:
        raise MergeRefused(f"{name}: {PART_FILE} is over {MAX_PART_FILE >> 20} MB: no build writes one that large")
    try:
        manifest, entries = PartManifest.of(json.loads(raw.decode("utf-8")))
    except (UnicodeDecodeError, ValueError):
        raise MergeRefused(f"{name}: {PART_FILE} is not JSON") from None
    except PartProblem as e:
        raise MergeRefused(f"{name}: {terminal(str(e))}") from None
    if problems := listing_problems(entries):
        raise MergeRefused(f"{name}: {PART_FILE}: {terminal(problems[0])}")
    files = {e["path"]: e for e in entries}
    if wrong := next((rel for rel in files if not belongs(rel, manifest.locale)), None):
        raise MergeRefused(f"{name}: {PART_FILE} lists {terminal(wrong)!r}, which is no file of locale "
                           f"{manifest.locale}'s part")
    v = Verification()
    present = plain_files(folder, v)
    if v.problems or v.odd:
        why = v.problems[0] if v.problems else f"{next(iter(sorted(v.odd)))} is {next(iter(v.odd.values()))}"
        raise MergeRefused(f"{name}: {terminal(why)}; a part holds plain files only")
    if extra := sorted(present - set(files) - UNLISTED):
        raise MergeRefused(f"{name}: holds files its {PART_FILE} does not list, such as {terminal(extra[0])!r}")
    if missing := sorted(set(files) - present):
        raise MergeRefused(f"{name}: {terminal(missing[0])!r} is listed in its {PART_FILE} but missing")
    if f"{SITE}/{manifest.locale}/index.html" not in files:
        raise MergeRefused(f"{name}: {PART_FILE} lists no {SITE}/{manifest.locale}/index.html: not a whole part")
    for d in manifest.downloads:
        if (files.get(f"{SITE}/downloads/{d.filename}") or {}).get("size") != d.size:
            raise MergeRefused(f"{name}: {PART_FILE} lists no {SITE}/downloads/{d.filename} of the size it gives")
    return Part(folder, manifest, files)


def check_parts(parts: list[Part], *, commit: str | None, epoch: int, inputs: str) -> None:
    """Refuse (:class:`MergeRefused`) parts that do not make one site of this checkout: another commit, source
    date or inputs than its own, settings unlike the first part's, a locale twice, a locale of the site missing."""
    for part in parts:
        m = part.manifest
        if m.commit != commit:
            raise MergeRefused(f"{part.name} was built from commit {m.commit or 'none'}, this checkout is at "
                               f"{commit or 'none'}: build every part from the commit you merge in")
        if m.inputs != inputs:
            raise MergeRefused(f"{part.name} was built from other inputs than this checkout (its content, UI "
                               "catalogs, site config, guides, code or package versions differ): build every part "
                               "from the tree you merge in")
        if m.source_date_epoch != epoch:
            raise MergeRefused(f"{part.name} has source date {m.source_date_epoch}, this checkout {epoch}: set "
                               "SOURCE_DATE_EPOCH alike for every part and the merge, or leave it unset")
    first = parts[0]
    for part in parts[1:]:
        mine, theirs = part.manifest.settings(), first.manifest.settings()
        if differ := next((k for k in mine if mine[k] != theirs[k]), None):
            raise MergeRefused(f"{part.name} and {first.name} are parts of different builds: their {differ} "
                               f"differ ({terminal(json.dumps(mine[differ]))} and "
                               f"{terminal(json.dumps(theirs[differ]))})")
    held: dict[str, Part] = {}
    for part in parts:
        if (other := held.setdefault(part.manifest.locale, part)) is not part:
            raise MergeRefused(f"{other.name} and {part.name} both hold locale {part.manifest.locale}: give each "
                               "locale's part once")
    locales = first.manifest.locales
    if missing := [loc for loc in locales if loc not in held]:
        raise MergeRefused(f"no part holds locale {missing[0]} (the site's locales: {', '.join(locales)}): build it "
                           f"with rulings build --part {missing[0]}")


def copy_part(part: Part, site: Path, offline: Path) -> None:
    """Copy the part's files into the site being built and its offline pages into ``offline``, each only if its
    size and sha256 are what ``part.json`` lists; raises :class:`MergeRefused`."""
    for rel, entry in sorted(part.files.items()):
        top, _, below = rel.partition("/")
        target = {SITE: site, OFFLINE: offline}[top] / below  # no other top folder: belongs() saw to it
        target.parent.mkdir(parents=True, exist_ok=True)
        source = open_inside(part.folder, rel)
        if source is None:
            raise MergeRefused(f"{part.name}: {terminal(rel)!r} is no plain file any more")
        h, size = hashlib.sha256(), 0
        with source, target.open("wb") as out:
            while block := source.read(BLOCK):
                h.update(block)
                size += len(block)
                out.write(block)
        if size != entry["size"] or h.hexdigest() != entry["sha256"]:
            raise MergeRefused(f"{part.name}: {terminal(rel)!r} is not the file its {PART_FILE} lists (altered or "
                               "cut short since the part was built)")


def fill_sizes(site: Path, locales: list[str], downloads: list[Download]) -> None:
    """Write each download's size into the slot each locale's home page has for it (:func:`.part.build_part`)."""
    for loc in locales:
        page = site / loc / "index.html"
        html = page.read_bytes()
        for d in downloads:
            slot = size_slot(d.filename).encode()
            if html.count(slot) != 1:
                raise MergeRefused(f"the home page of {loc} has {html.count(slot)} places for the size of "
                                   f"{d.filename}, not one: was its part built by this rulings?")
            html = html.replace(slot, size_html(d.size, d.filename).encode())
        page.write_bytes(html)


def merge(repo: Path, folders: list[Path], out: Path, *, content_dir: Path | None = None, work: Path | None = None,
          force: bool = False, log=print, probe: Probe | None = None) -> BuildResult:
    """Merge the part ``folders`` into the site ``out`` (replaced atomically); raises :class:`MergeRefused` before
    anything is built when they do not make one site of this checkout, :class:`.fsops.BuildError` as a build
    does. ``repo``, ``content_dir`` and ``work`` as :func:`.site_build.build` has them."""
    probe = probe or Probe()
    content_dir = content_dir or repo / "content"
    target = out.resolve()
    for folder in folders:
        here = folder.resolve()
        if here == target or target in here.parents or here in target.parents:
            raise MergeRefused(f"--out {terminal(str(out))} overlaps the part {terminal(str(folder))}: merge into "
                               "another folder")
    parts = [read_part(folder) for folder in folders]
    if not parts:
        raise MergeRefused("no part given: rulings merge PART... (the folders of rulings build --part)")
    epoch = int(source_date_epoch(repo))
    check_parts(parts, commit=head_commit(repo / "content"), epoch=epoch, inputs=inputs_digest(repo, content_dir))
    first = parts[0].manifest
    with prepared(repo, out, content_dir=content_dir, work=work, locales=list(first.locales),
                  site_url=first.site_url, force=force, log=log, probe=probe) as p:
        if unknown := [loc for loc in p.locales if loc not in p.content.project.locales]:
            raise MergeRefused(f"the parts are of locale {unknown[0]}, which project.yml does not list")
        _merge_locked(p, {part.manifest.locale: part for part in parts}, first, epoch, log, probe)
    p.result.total_seconds = time.perf_counter() - p.t_start
    return p.result


def _merge_locked(p: Prepared, parts: dict[str, Part], first: PartManifest, epoch: int, log, probe: Probe) -> None:
    scratch = p.work / "merge" / OFFLINE_ALL  # the all-locale offline site, of the parts' pages
    shutil.rmtree(scratch.parent, ignore_errors=True)
    with staged(p.out) as staging:
        with probe.phase("merge.copy"):
            for loc in p.locales:
                log(f"merge: part {loc} from {parts[loc].name}…")
                copy_part(parts[loc], staging, scratch)
        if first.bundles:
            sizes = {d.filename: d.size or 0 for part in parts.values() for d in part.manifest.downloads}
            with probe.phase("bundles.pack"):
                log("bundles: the zip of every locale, of the parts' offline pages…")
                write_file(scratch / "index.html", root_index(p.locales, p.default))
                every = make_bundle(epoch, every_zip(scratch, staging / "downloads"))
                sizes[every.filename] = every.size or 0
            downloads = planned_downloads(p.locales, sizes)
            fill_sizes(staging, p.locales, downloads)
        with probe.phase("finish"):
            finish(p, staging, site_url=first.site_url, offline=first.offline, epoch=epoch, log=log)
            swap_in(staging, p.out)
    shutil.rmtree(scratch.parent, ignore_errors=True)
