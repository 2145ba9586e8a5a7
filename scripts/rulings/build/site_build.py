"""``rulings build``: validate, generate every locale's Markdown and config, run mkdocs, swap in.

The order of a build and what each flavour of the site gets: the model (:mod:`rulings.site.layout`), each
locale's pages (:mod:`rulings.site.pages`), feeds, originals, guides and ``mkdocs.yml``
(:mod:`rulings.site.mkdocs_config`), generated in forked processes, then mkdocs once per locale in parallel
with ``--strict`` (:mod:`.workers`), then the exports and the manifest. The site is built into a staging
folder beside the output and swapped into place only when every locale built cleanly (:mod:`.fsops`), so a
failed or interrupted build never leaves a half-written site. The same stages build one locale's part of a
site split across machines (:mod:`.part`) and put the parts together (:mod:`.merge`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from rulings.build.fsops import BuildError, BuildLock, staging_folder, swap_in, sync_tree, write_file, write_if_changed
from rulings.build.output import MARKER, MARKER_TEXT, OutputRefused, check_output
from rulings.build.workers import MkdocsJob, MkdocsRun, fork_map, run_mkdocs, source_date_epoch
from rulings.content.diagnostics import Severity, display_path
from rulings.content.tree import Content
from rulings.content.validate import validate
from rulings.model.urls import base_address_problem
from rulings.publish.bundles import (
    BundleError,
    Download,
    ZimMeta,
    fetch_shim,
    write_zim,
    write_zip,
    zim_bytes_stable,
)
from rulings.publish.export import write_exports
from rulings.publish.feeds import atom
from rulings.publish.manifest import MANIFEST, write_manifest
from rulings.publish.one_locale import MARKS, split_locale
from rulings.publish.signing import SigningError, check_key_place, repository_of, sign, signing_key
from rulings.site import paths as P
from rulings.site.guides import guide_page
from rulings.site.i18n import C_, UI, CatalogError, _, human_size
from rulings.site.layout import PageCollision, SiteModel, build_model
from rulings.site.mkdocs_config import SHIM_PATH, SITE_NAME, locale_config
from rulings.site.pages import LocaleRenderer
from rulings.site.pages.root import root_index, root_not_found
from rulings.site.render import plain
from rulings.site.search.context import FILE as SEARCH_CONTEXT
from rulings.site.search.context import search_context
from rulings.vcs import head_commit, source_date_env

GUIDES = [("contributing.md", "contribute/index.md", C_("title of the guide for contributors: menu item and window "
                                                        "title", "Contributing")),
          ("translating.md", P.TRANSLATING_GUIDE, C_("title of the guide for translators: menu item and window title",
                                                    "Translating")),
          ("translation-quality.md", "contribute/translation-quality.md", _("What “machine translation” means here"))]
"""Contributor guides from docs/, published on the site too (trusted project text, so Markdown), in the
reader's language where docs/i18n/<locale>/ has a current translation (:mod:`rulings.site.guides`), else in English
under a translated note; their titles in the nav and the window title are translated (UI catalogs)."""
CONTRIBUTE = C_("menu item over the contributor guides (a verb: how to help)", "Contribute")
NOT_FOUND = {"title": _("Page not found"), "text": _("There is no page at this address: it may have moved, "
                                                     "or the link has a typo."), "home": _("Go to the home page")}
"""The 404 page's words (the page itself is the theme's, see site_config/overrides/404.html)."""
ZIM_DESCRIPTION = _("Card game rulings, glossaries and errata, with the originals beside translations")
ZIM_LONG_DESCRIPTION = _("Rulings (questions and answers), glossaries, errata, change logs and rules of these card "
                         "games: {games}. Every text is shown in your language where a translation exists, with "
                         "the original beside it; machine translations are marked. Works offline.")


class Probe:
    """What a build tells whoever watches it (the benchmark), at no cost when nobody does: each stage runs
    inside ``phase(name)``, ``watch`` samples each running mkdocs process (see ``run_mkdocs``), and
    ``ran`` receives each batch of mkdocs runs with its jobs. This base class does nothing."""

    watch = None
    keep_mkdocs = True
    """Whether mkdocs runs fork from the process's warm server and keep it (:func:`.workers.run_mkdocs`);
    the benchmark, counting each phase's CPU with its children reaped, says no."""

    def phase(self, name: str) -> AbstractContextManager[object]:
        return nullcontext(name)

    def ran(self, jobs: list[MkdocsJob], runs: dict[str, MkdocsRun]) -> None:
        """Called after each batch of mkdocs runs."""


def watched_mkdocs(repo: Path, jobs: list[MkdocsJob], log, probe: Probe, workers: int | None) -> dict[str, MkdocsRun]:
    """One batch of mkdocs runs, in parallel, which ``probe`` watches."""
    runs = run_mkdocs(repo, jobs, log, workers, watch=probe.watch, keep=probe.keep_mkdocs)
    probe.ran(jobs, runs)
    return runs


class NotARepository(Exception):
    """The build was started outside a repository root."""


def check_repository(repo: Path) -> None:
    """Raise :class:`NotARepository` unless ``repo`` holds mkdocs.yml and content/."""
    if not (repo / "mkdocs.yml").exists() or not (repo / "content").is_dir():
        raise NotARepository("run rulings build from the repository root (where mkdocs.yml and content/ are)")


@dataclass
class LocaleResult:
    """One locale generated: its mkdocs.yml, how many pages (and how many files were written or removed:
    the rest kept their bytes and times; which of docs/, and whether mkdocs.yml), how long generating and
    mkdocs took."""

    locale: str
    config: Path
    pages: int
    generate_seconds: float
    mkdocs_seconds: float = 0.0
    changed: int = 0
    docs_changed: tuple[str, ...] = ()
    config_changed: bool = False

    def job(self, label: str) -> MkdocsJob:
        """Its mkdocs run."""
        return MkdocsJob(label, self.config)


@dataclass
class BuildResult:
    out: Path
    locales: list[LocaleResult] = field(default_factory=list)
    validate_seconds: float = 0.0
    total_seconds: float = 0.0

    def summary(self) -> str:
        return f"built {', '.join(r.locale for r in self.locales)} into {self.out}/ in {self.total_seconds:.1f}s"


@dataclass(frozen=True)
class Variant:
    """One flavour of the site: served (directory URLs) or offline (file://, inlined search index)."""

    name: str
    offline: bool = False
    alternates: tuple[str, ...] = ()  # locales offered by the language switcher
    downloads: tuple[Download, ...] = ()  # bundles listed on the home page
    marked: bool = False  # its language switcher marked, to be cut out (:mod:`rulings.publish.one_locale`)


def generate_locale(model: SiteModel, repo: Path, work: Path, site_dir: Path, locale: str, variant: Variant,
                    *, site_url: str | None = None, shim: bytes | None = None) -> LocaleResult:
    """Write <work>/<locale>/docs (Markdown, assets, originals, feeds) and <work>/<locale>/mkdocs.yml."""
    t0 = time.perf_counter()
    ui = UI.load(repo / "locales", locale)
    dir_urls = not variant.offline
    rendered = LocaleRenderer(model, locale, ui, dir_urls, downloads=list(variant.downloads),
                              site_url=site_url).render()
    base = work / locale
    files: dict[str, bytes] = {p.path: p.markdown.encode("utf-8") for p in rendered.pages}
    for gid, gd in model.games.items():
        files[P.feed_file(gid)] = atom(model, gd, locale, ui, site_url=None if variant.offline else site_url,
                                       dir_urls=dir_urls)
        src_dir = model.content.game_files[gid].loaded.path.parent
        for d in gd.game.documents:
            files[f"{gid}/{d.file}"] = (src_dir / d.file).read_bytes()
    for name, page, _title in GUIDES:
        if (repo / "docs" / name).exists():
            files[page] = guide_page(repo / "docs", name, locale, ui).encode("utf-8")
    assets = repo / "site_config" / "assets"
    for f in sorted(assets.rglob("*")):
        if f.is_file():
            files[f"assets/{f.relative_to(assets).as_posix()}"] = f.read_bytes()
    if variant.offline and shim is not None:
        files[SHIM_PATH] = shim
    docs_changed = sync_tree(base / "docs", files)
    nav = [*rendered.nav, {ui.t(CONTRIBUTE): [{ui.t(title): p} for n, p, title in GUIDES
                                              if (repo / "docs" / n).exists()]}]
    config = locale_config(repo, base, site_dir, locale, nav, offline=variant.offline, alternates=variant.alternates,
                           site_url=site_url,
                           repo_url=model.content.project.forge.repo_url if model.content.project.forge else None,
                           not_found={k: ui.t(v) for k, v in NOT_FOUND.items()}, t=ui.t,
                           default_locale=model.content.project.default_locale,
                           switcher_marks=MARKS if variant.marked else ())
    config_changed = write_if_changed(base / "mkdocs.yml", config.encode("utf-8"))
    changed = len(docs_changed) + config_changed
    changed += write_if_changed(base / SEARCH_CONTEXT, search_context(model, locale, ui, dir_urls))
    return LocaleResult(locale, base / "mkdocs.yml", len(rendered.pages), time.perf_counter() - t0, changed=changed,
                        docs_changed=tuple(docs_changed), config_changed=bool(config_changed))


def _generate(shared: tuple[SiteModel, Path], task: tuple) -> LocaleResult:
    model, repo = shared
    work, site_dir, loc, variant, site_url, shim = task
    return generate_locale(model, repo, work, site_dir, loc, variant, site_url=site_url, shim=shim)


def generate_all(model: SiteModel, repo: Path, tasks: list[tuple], workers: int | None = None) -> list[LocaleResult]:
    """Generate several locales at once (each task: work, site_dir, locale, variant, site_url, shim), in
    forked processes that share the model."""
    return fork_map(_generate, (model, repo), tasks, workers)


OFFLINE_ALL = "offline-all"
"""The offline flavour of every locale (one site), in the work folder's ``offline-sites/``."""


def offline_every(locales: list[str]) -> Variant:
    """The all-locale offline flavour: every locale's switcher offers the others, marked to be cut out."""
    return Variant(OFFLINE_ALL, True, tuple(locales), marked=True)


def cut_locale(work: Path, root: Path, loc: str) -> Path:
    """``loc`` alone, cut out of the all-locale offline site in ``root`` (:mod:`rulings.publish.one_locale`,
    which unmarks that site's pages), into ``root/offline-<loc>/`` with its own root page; returns that folder."""
    one = root / f"offline-{loc}"
    if one.exists():
        shutil.rmtree(one)
    split_locale(root / OFFLINE_ALL / loc, work / OFFLINE_ALL / loc / "docs", one / loc)
    write_file(one / "index.html", root_index([loc], loc))
    return one


def planned_downloads(locales: list[str], sizes: dict[str, int | None] | None = None) -> list[Download]:
    """The downloads the home pages list, in their order (the zip of every locale, each locale's zip, each
    locale's Kiwix file), with their sizes; None where ``sizes`` (by file name) has none: a part of a split build
    (:mod:`.part`) leaves a slot there for the merge to fill."""
    sizes = sizes or {}
    names = [("zip", key, f"rulings-{key}.zip") for key in ["all", *locales]]
    names += [("zim", loc, f"rulings-{loc}.zim") for loc in locales]
    return [Download(kind, key, name, sizes.get(name)) for kind, key, name in names]


def locale_bundles(model: SiteModel, repo: Path, one: Path, downloads: Path, loc: str, epoch: int) -> list[BundleJob]:
    """The Kiwix file and the zip of one locale's offline site ``one`` (:func:`cut_locale`), into ``downloads``:
    the Kiwix file first, the longer to make."""
    date = dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%d")
    return [BundleJob(loc, one / loc, downloads / f"rulings-{loc}.zim", zim_meta(model, repo, loc, date)),
            BundleJob(loc, one, downloads / f"rulings-{loc}.zip")]


def make_bundles(model: SiteModel, repo: Path, work: Path, staging: Path, locales: list[str], default: str,
                 shim: bytes | None, epoch: int, log, probe: Probe | None = None,
                 workers: int | None = None) -> list[Download]:
    """Build the offline flavour of all locales, cut each locale's own out of it
    (:mod:`rulings.publish.one_locale`), then zip them and make Kiwix files, in parallel; the downloads in the
    order the home page lists them."""
    probe = probe or Probe()
    root = work / "offline-sites"
    every = offline_every(locales)
    with probe.phase("bundles.generate"):
        log(f"bundles: generating {every.name}…")
        if (root / every.name).exists():
            shutil.rmtree(root / every.name)
        results = generate_all(model, repo, [(work / every.name, root / every.name, loc, every, None, shim)
                                             for loc in locales], workers)
        write_file(root / every.name / "index.html", root_index(locales, default))
    with probe.phase("bundles.mkdocs"):
        watched_mkdocs(repo, [r.job(f"{every.name}/{r.locale}") for r in results], log, probe, workers)
    with probe.phase("bundles.split"):
        ones = {}
        for loc in locales:
            log(f"bundles: offline-{loc}, {loc} alone cut out of {every.name}…")
            ones[loc] = cut_locale(work, root, loc)
    jobs = [job for loc in locales for job in locale_bundles(model, repo, ones[loc], staging / "downloads", loc,
                                                              epoch)]
    zims, zips = [j for j in jobs if j.meta], [j for j in jobs if not j.meta]
    log(f"bundles: {len(zips) + 1} zips and {len(zims)} Kiwix files (with their full-text index), in parallel…")
    with probe.phase("bundles.pack"):
        # the longest first (Kiwix files, then the zip of every locale), so no worker is left with one at the end
        made = fork_map(make_bundle, epoch, [*zims, every_zip(root / every.name, staging / "downloads"), *zips],
                        workers)
    downloads = planned_downloads(locales, {d.filename: d.size for d in made})
    for d in downloads:
        log(f"downloads/{d.filename}: {human_size(d.size or 0)}")
    return downloads


def every_zip(folder: Path, downloads: Path) -> BundleJob:
    """The zip of every locale: the all-locale offline site ``folder``, its pages unmarked (:func:`cut_locale`)."""
    return BundleJob("all", folder, downloads / "rulings-all.zip")


@dataclass(frozen=True)
class BundleJob:
    """One download to make of ``folder``: a zip (whose files are under ``rulings-<key>/``), or with ``meta``
    a Kiwix file; ``key``: a locale, or "all"."""

    key: str
    folder: Path
    target: Path
    meta: ZimMeta | None = None


def zim_meta(model: SiteModel, repo: Path, locale: str, date: str) -> ZimMeta:
    """What Kiwix's library shows of a locale's archive, in that locale."""
    ui = UI.load(repo / "locales", locale)
    games = ", ".join(plain(gd.game.name, locale) for gd in model.games.values())
    return ZimMeta(locale, ui.t(SITE_NAME), ui.t(ZIM_DESCRIPTION), ui.t(ZIM_LONG_DESCRIPTION, games=games), date)


def make_bundle(epoch: int, job: BundleJob) -> Download:
    """Make one download (in a forked worker of a build); a bundle that cannot be made stops the build."""
    try:
        return _write_bundle(epoch, job)
    except BundleError as e:
        raise BuildError(str(e)) from None


def _write_bundle(epoch: int, job: BundleJob) -> Download:
    if job.meta is None:
        return Download("zip", job.key, job.target.name,
                        write_zip([(job.folder, f"rulings-{job.key}")], job.target, epoch))
    write_zim(job.folder, job.target, job.meta)
    zim_bytes_stable(job.target, f"rulings-{job.key}-{epoch}".encode() + hashlib.sha256(
        write_zip_digest(job.folder)).digest())
    return Download("zim", job.key, job.target.name, job.target.stat().st_size)


def write_zip_digest(folder: Path) -> bytes:
    """A digest of a folder's files and names (what a bundle is made of)."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(folder).as_posix().encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.digest()


def build(repo: Path, out: Path, *, content_dir: Path | None = None, work: Path | None = None,
          locales: list[str] | None = None, site_url: str | None = None, bundles: bool = False,
          offline: bool = False, force: bool = False, log=print, probe: Probe | None = None,
          workers: int | None = None) -> BuildResult:
    """Build the whole site into ``out`` (replaced atomically); raises :class:`BuildError`.

    ``repo`` provides mkdocs.yml, site_config/ and locales/; ``content_dir`` defaults to repo/content
    and ``work`` (generated Markdown and configs) to repo/build. ``offline`` builds the file:// flavour
    into ``out`` instead of the served one; ``bundles`` also builds the offline zips and Kiwix files
    into ``out/downloads/`` and lists them on the home pages (not with ``offline``: an offline site
    needs no download of itself). ``probe`` watches the stages (the benchmark); ``workers`` caps the
    processes run at a time (default: one per CPU)."""
    probe = probe or Probe()
    with prepared(repo, out, content_dir=content_dir, work=work, locales=locales, site_url=site_url, force=force,
                  log=log, probe=probe) as p:
        return _build_locked(p, site_url=site_url, bundles=bundles and not offline, offline=offline, log=log,
                             probe=probe, workers=workers)


@dataclass
class Prepared:
    """A build's checked start, its output and work folders locked: what a whole build, a part of a split one
    (:mod:`.part`) and the merge of parts (:mod:`.merge`) each go on from."""

    repo: Path
    out: Path  # resolved
    work: Path  # resolved
    content_dir: Path
    content: Content
    model: SiteModel
    locales: list[str]
    default: str
    result: BuildResult
    t_start: float


@contextmanager
def prepared(repo: Path, out: Path, *, content_dir: Path | None = None, work: Path | None = None,
             locales: list[str] | None = None, site_url: str | None = None, force: bool = False,
             signing: bool = True, log=print, probe: Probe | None = None,
             check_locales: Callable[[list[str]], None] | None = None) -> Iterator[Prepared]:
    """Check the output folder (and with ``signing``, where the signing key is), validate the content, load each
    locale's UI catalog (``check_locales`` may refuse the locales first) and build the model, then hold the locks
    of the output and work folders while the build runs; raises :class:`BuildError` before any work when one of
    them fails."""
    probe = probe or Probe()
    t_start = time.perf_counter()
    source_date_env()  # a malformed SOURCE_DATE_EPOCH stops the build before any work (SourceDateError)
    content_dir = content_dir or repo / "content"
    if site_url is not None and (problem := base_address_problem(site_url)):  # the CLI refused it already
        raise BuildError(f"site URL {problem}; nothing was built")
    try:
        check_output(out, repo, content_dir, force=force)
    except OutputRefused as e:
        raise BuildError(str(e)) from None
    if signing and (key := signing_key(None)) is not None:  # a release: its key is never in the repository or site
        places = {out: "the site folder", repo: "the repository"}
        if (top := repository_of(repo)) is not None:
            places.setdefault(top, "the repository")
        try:
            check_key_place(key, places)
        except SigningError as e:
            raise BuildError(f"{e}; nothing was built") from None
    t0 = time.perf_counter()
    log(f"validating {display_path(content_dir)}/…")
    content, diags = validate(content_dir, phase=probe.phase)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        raise BuildError("content has errors; nothing was built:\n" + "\n".join(d.format() for d in errors[:50]))
    result = BuildResult(out, validate_seconds=time.perf_counter() - t0)
    log(f"validated {len(content.paths)} files in {result.validate_seconds:.1f}s")
    locales = locales or content.project.locales
    if check_locales:
        check_locales(list(locales))
    for loc in locales:  # before any work: a broken catalog stops the build with file and line
        try:
            UI.load(repo / "locales", loc)
        except CatalogError as e:
            raise BuildError(f"UI catalog problems; nothing was built:\n{e}") from None
    default = content.project.default_locale if content.project.default_locale in locales else locales[0]
    with probe.phase("model"):
        model = build_model(content)
    work = (work or repo / "build").resolve()
    out = out.resolve()
    locks = [BuildLock(out), BuildLock(work, work.with_name(f".{work.name}.lock"))]
    for lock in locks:  # the output and the work folder: two builds at once would mix their files
        lock.acquire()
    try:
        yield Prepared(repo, out, work, content_dir, content, model, list(locales), default, result, t_start)
    finally:
        for lock in reversed(locks):
            lock.release()


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A new staging folder beside ``out`` to build into, removed if the build stops: the caller swaps it in at
    the end (:func:`.fsops.swap_in`), so a failed build never leaves a half-written site."""
    staging = staging_folder(out)
    try:
        yield staging
    except PageCollision as e:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"{e}; nothing was built") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _build_locked(p: Prepared, *, site_url: str | None, bundles: bool, offline: bool, log, probe: Probe,
                  workers: int | None) -> BuildResult:
    repo, work, locales, result = p.repo, p.work, p.locales, p.result
    epoch = int(source_date_epoch(repo))
    shim = None
    if offline or bundles:
        log("bundles: the iframe-worker shim for file:// search…")
        with probe.phase("shim"):
            shim = fetch_shim(work / "npm")
    with staged(p.out) as staging:
        downloads: list[Download] = []
        if bundles:
            downloads = make_bundles(p.model, repo, work, staging, locales, p.default, shim, epoch, log, probe,
                                     workers)
        variant = Variant("offline" if offline else "online", offline, tuple(locales), tuple(downloads))
        jobs = []
        log(f"generating {', '.join(locales)} ({len(locales)} locales, in parallel)…")
        tasks = [(work / variant.name, staging, loc, variant, site_url, shim) for loc in locales]
        with probe.phase("generate"):
            for r in generate_all(p.model, repo, tasks, workers):
                result.locales.append(r)
                jobs.append(r.job(r.locale))
                log(f"{r.locale}: {r.pages} pages generated in {r.generate_seconds:.1f}s")
        with probe.phase("mkdocs"):
            runs = watched_mkdocs(repo, jobs, log, probe, workers)
        for r in result.locales:
            r.mkdocs_seconds = runs[r.locale].seconds
        with probe.phase("finish"):  # root page and 404, exports, manifest (and signature), swap in
            finish(p, staging, site_url=site_url, offline=offline, epoch=epoch, log=log)
            swap_in(staging, p.out)
    result.total_seconds = time.perf_counter() - p.t_start
    return result


def finish(p: Prepared, staging: Path, *, site_url: str | None, offline: bool, epoch: int, log) -> None:
    """What a site has beside its locales, once they are all in ``staging``: the root page and 404, the exports
    (not offline), the marker, and last the manifest of every file (signed with the release key, if any)."""
    locales, default = p.locales, p.default
    write_file(staging / "index.html", root_index(locales, default))
    # the root's 404 (what most hosts serve for any missing URL): in the language of the path's locale
    write_file(staging / "404.html", root_not_found(locales, default, {
        loc: {k: UI.load(p.repo / "locales", loc).t(v) for k, v in NOT_FOUND.items()} for loc in locales},
        urlsplit(site_url).path.rstrip("/") + "/" if site_url and not offline else "/"))
    if not offline:
        log("exports: JSON, CSV, SQLite…")
        write_exports(p.model, locales, staging, epoch, head_commit(p.repo / "content"))
    write_file(staging / MARKER, MARKER_TEXT)
    manifest = write_manifest(staging, p.repo, epoch)  # last: it lists every other file
    key = signing_key(None)
    if key is not None:  # a release build: the signature goes beside the manifest, never listed in it
        try:
            sign(manifest, key)
        except SigningError as e:
            raise BuildError(f"{e}; nothing was built") from None
        log(f"signed {MANIFEST} with {key.name}")
