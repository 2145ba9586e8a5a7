"""``rulings build``: validate, generate every locale's Markdown and config, run mkdocs, swap in.

The site is built into a temporary folder beside the output and swapped into place only when every
locale built cleanly, so a failed or interrupted build never leaves a half-written site. mkdocs runs
once per locale, in parallel processes, with ``--strict`` (any warning fails the build).
"""

from __future__ import annotations

import contextlib
import ctypes
import datetime as dt
import fcntl
import hashlib
import html
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulings.content.diagnostics import Severity
from rulings.content.validate import validate
from rulings.publish.bundles import (
    SHIM_PATH,
    Download,
    fetch_shim,
    human_size,
    write_zim,
    write_zip,
    zim_bytes_stable,
)
from rulings.publish.export import write_exports
from rulings.publish.feeds import atom
from rulings.publish.manifest import write_manifest
from rulings.site import paths as P
from rulings.site.escape import nav_label
from rulings.site.i18n import UI, CatalogError, _, autonym
from rulings.site.output import MARKER, MARKER_TEXT, OutputRefused, check_output
from rulings.site.pages import LocaleRenderer, PageCollision, SiteModel, build_model
from rulings.site.render import HAN
from rulings.vcs import head_time

GUIDES = [("contributing.md", "contribute/index.md"), ("translating.md", "contribute/translating.md"),
          ("translation-quality.md", "contribute/translation-quality.md")]
"""Contributor guides from docs/, published on the site too (trusted project text, so Markdown)."""
CONTRIBUTE = _("Contribute")
GUIDE_NOTE = _("This guide is written in English.")
ZIM_DESCRIPTION = _("Card game rulings, glossaries and errata, with the originals beside translations")


class BuildError(Exception):
    """The build stopped; the previous site is untouched."""


class NotARepository(Exception):
    """The build was started outside a repository root."""


def check_repository(repo: Path) -> None:
    """Raise :class:`NotARepository` unless ``repo`` holds mkdocs.yml and content/."""
    if not (repo / "mkdocs.yml").exists() or not (repo / "content").is_dir():
        raise NotARepository("run rulings build from the repository root (where mkdocs.yml and content/ are)")


@dataclass
class LocaleResult:
    locale: str
    pages: int
    generate_seconds: float
    mkdocs_seconds: float = 0.0
    log: str = ""


@dataclass
class BuildResult:
    out: Path
    locales: list[LocaleResult] = field(default_factory=list)
    validate_seconds: float = 0.0
    total_seconds: float = 0.0

    def summary(self) -> str:
        return f"built {', '.join(r.locale for r in self.locales)} into {self.out}/ in {self.total_seconds:.1f}s"


AT_FDCWD = -100
RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0


def swap_in(new: Path, out: Path) -> None:
    """Put the freshly built folder in place of the old one. Readers see either the old site or the new
    one, never a mix or nothing: an atomic exchange where the system has it, else two quick renames."""
    if not out.exists():
        new.rename(out)
        return
    if _exchange(new, out):
        shutil.rmtree(new, ignore_errors=True)  # now holds the old site; published already, so never fail here
        return
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)


PR_SET_PDEATHSIG = 1


_LOCK_FDS: set[int] = set()
"""File descriptors of the build locks this process holds (forked workers close their copies)."""


def die_with_parent() -> None:
    """In a child process: be killed when the build process dies, however it dies (Linux), and let
    go of the build locks inherited through fork.

    Forked generation workers and mkdocs runs would otherwise outlive a build killed with SIGKILL,
    keep its locks and keep writing into its work folder, so every later build would be refused."""
    for fd in list(_LOCK_FDS):
        with contextlib.suppress(OSError):
            os.close(fd)
    _LOCK_FDS.clear()
    parent = os.getppid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


class BuildLock:
    """One build at a time per output folder: an exclusive lock on ``.<out>.lock`` beside it.

    The system releases the lock when every descriptor of it is closed: the build process's when it
    dies, and its forked workers close their inherited copies at start (:func:`die_with_parent`), so a
    killed build never blocks the next one."""

    def __init__(self, out: Path, path: Path | None = None):
        self.path = path or out.with_name(f".{out.name}.lock")
        self.target = out
        self.fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 200).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise BuildError(f"another build into {self.target} is running ({holder}); wait for it to finish"
                             ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"pid {os.getpid()}".encode())
        self.fd = fd
        _LOCK_FDS.add(fd)

    def release(self) -> None:
        if self.fd is not None:
            _LOCK_FDS.discard(self.fd)
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def source_date_epoch(repo: Path) -> str:
    """SOURCE_DATE_EPOCH from the environment, else the last commit's time, else 0 (never the clock)."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    committed = head_time(repo)
    return str(committed) if committed is not None else "0"


def jieba_user_dict(model: SiteModel) -> str:
    """Game terms and names with Chinese characters, so jieba keeps them whole (one word per line)."""
    words: set[str] = set()
    for gd in model.games.values():
        for t in gd.terms:
            for tx in ([t.term] if t.term else []):
                words.update(v for v in [tx.source, *(x.text for x in tx.translations.values())] if HAN.search(v))
            words.update(a for v in t.aliases.values() for a in v if HAN.search(a))
        for e in gd.entities:
            if e.name:
                words.update(v for v in [e.name.source, *(x.text for x in e.name.translations.values())]
                             if HAN.search(v))
            words.update(a for v in e.aliases.values() for a in v if HAN.search(a))
    lines = sorted(w.strip() for w in words if w.strip() and " " not in w.strip())
    return "".join(f"{w} 100000 n\n" for w in lines)


def root_index(locales: list[str], default: str) -> str:
    """The site root: sends the reader to their browser's language (works offline, from file://)."""
    links = "".join(f'<li><a href="{html.escape(loc)}/index.html" hreflang="{html.escape(loc)}" '
                    f'lang="{html.escape(loc)}">{html.escape(autonym(loc))}</a></li>' for loc in locales)
    js_locales = ",".join(f'"{loc}"' for loc in locales)
    return f"""<!doctype html>
<html lang="{default}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rulings</title>
<script>
(function () {{
  var have = [{js_locales}], pick = "{default}";
  var wanted = (navigator.languages || [navigator.language || ""]);
  outer: for (var i = 0; i < wanted.length; i++) {{
    var w = (wanted[i] || "").toLowerCase();
    for (var j = 0; j < have.length; j++) {{
      var h = have[j].toLowerCase();
      if (w === h || w.split("-")[0] === h.split("-")[0]) {{ pick = have[j]; break outer; }}
    }}
  }}
  location.replace(pick + "/index.html");
}})();
</script>
</head>
<body>
<ul>{links}</ul>
</body>
</html>
"""


def _write(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)


def sync_tree(root: Path, files: dict[str, bytes]) -> int:
    """Make ``root`` hold exactly ``files``, writing only what changed (so a watching server rebuilds
    only what it must); returns the number of files written or removed."""
    changed = 0
    for rel, data in files.items():
        path = root / rel
        if not path.exists() or path.read_bytes() != data:
            _write(path, data)
            changed += 1
    if root.exists():
        for path in sorted(root.rglob("*"), reverse=True):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and rel not in files:
                path.unlink()
                changed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return changed


@dataclass(frozen=True)
class Variant:
    """One flavour of the site: served (directory URLs) or offline (file://, inlined search index)."""

    name: str
    offline: bool = False
    alternates: tuple[str, ...] = ()  # locales offered by the language switcher
    downloads: tuple[Download, ...] = ()  # bundles listed on the home page


def generate_locale(model: SiteModel, repo: Path, work: Path, site_dir: Path, locale: str, variant: Variant,
                    *, site_url: str | None = None, shim: bytes | None = None) -> LocaleResult:
    """Write <work>/<locale>/docs (Markdown, assets, originals, feeds) and <work>/<locale>/mkdocs.yml."""
    t0 = time.perf_counter()
    ui = UI.load(repo / "locales", locale)
    dir_urls = not variant.offline
    rendered = LocaleRenderer(model, locale, ui, dir_urls, downloads=list(variant.downloads)).render()
    base = work / locale
    files: dict[str, bytes] = {p.path: p.markdown.encode("utf-8") for p in rendered.pages}
    for gid, gd in model.games.items():
        files[P.feed_file(gid)] = atom(gd, locale, ui, site_url=None if variant.offline else site_url,
                                       dir_urls=dir_urls)
        src_dir = model.content.game_files[gid].loaded.path.parent
        for d in gd.game.documents:
            files[f"{gid}/{d.file}"] = (src_dir / d.file).read_bytes()
    for name, page in GUIDES:
        guide = repo / "docs" / name
        if guide.exists():
            note = ui.t(GUIDE_NOTE) if locale != "en" else ""
            files[page] = ((f'<p class="rl-note">{html.escape(note)}</p>\n\n' if note else "")
                           + guide.read_text(encoding="utf-8")).encode("utf-8")
    assets = repo / "site_config" / "assets"
    for f in sorted(assets.rglob("*")):
        if f.is_file():
            files[f"assets/{f.relative_to(assets).as_posix()}"] = f.read_bytes()
    if variant.offline and shim is not None:
        files[SHIM_PATH] = shim
    sync_tree(base / "docs", files)
    config: dict = {
        "INHERIT": os.path.relpath(repo / "site_config" / f"{locale}.yml", base),
        "docs_dir": "docs",
        "site_dir": os.path.relpath(site_dir / locale, base),
        "use_directory_urls": dir_urls,
        "theme": {"custom_dir": os.path.relpath(repo / "site_config" / "overrides", base)},
        "nav": escaped_nav([*rendered.nav,
                            {ui.t(CONTRIBUTE): [p for n, p in GUIDES if (repo / "docs" / n).exists()]}]),
        "extra": {"alternate": [{"name": nav_label(autonym(loc)), "link": f"../{loc}/", "lang": loc}
                                for loc in variant.alternates]},
    }
    if site_url and not variant.offline:
        config["site_url"] = site_url.rstrip("/") + f"/{locale}/"
    # the locale's plugin list, with the jieba user dictionary of this build (lists replace on INHERIT)
    locale_cfg = yaml.safe_load((repo / "site_config" / f"{locale}.yml").read_text(encoding="utf-8")) or {}
    plugins = list(locale_cfg.get("plugins") or ["search"])
    for plug in plugins:
        if isinstance(plug, dict) and isinstance(plug.get("search"), dict) and "jieba_dict_user" in plug["search"]:
            plug["search"]["jieba_dict_user"] = str(work.parent / "search" / "userdict.txt")
    if variant.offline:
        plugins.append("offline")  # inlines the search index; turns directory URLs off
        config["extra"]["polyfills"] = [SHIM_PATH]  # a local shim, so the plugin adds no remote one
    config["plugins"] = plugins
    text = yaml.safe_dump(config, allow_unicode=True, sort_keys=False)
    if not (base / "mkdocs.yml").exists() or (base / "mkdocs.yml").read_text(encoding="utf-8") != text:
        _write(base / "mkdocs.yml", text)
    return LocaleResult(locale, len(rendered.pages), time.perf_counter() - t0)


def escaped_nav(nav: list) -> list:
    """The nav with every label escaped: Material prints nav titles as HTML (see :mod:`.escape`)."""
    out: list = []
    for item in nav:
        if isinstance(item, dict):
            out.append({nav_label(str(k)): escaped_nav(v) if isinstance(v, list) else v for k, v in item.items()})
        else:
            out.append(item)
    return out


_FORK_STATE: tuple[SiteModel, Path] | None = None


def _generate_task(task: tuple) -> LocaleResult:
    assert _FORK_STATE is not None
    model, repo = _FORK_STATE
    work, site_dir, loc, variant, site_url, shim = task
    return generate_locale(model, repo, work, site_dir, loc, variant, site_url=site_url, shim=shim)


def generate_all(model: SiteModel, repo: Path, tasks: list[tuple], workers: int | None = None) -> list[LocaleResult]:
    """Generate several locales at once, one process each (forked, so the model is shared, not copied
    through pickles); sequential where fork is unavailable or there is one task."""
    global _FORK_STATE
    workers = min(len(tasks), workers or os.cpu_count() or 1)
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [generate_locale(model, repo, w, sd, loc, v, site_url=u, shim=sh) for w, sd, loc, v, u, sh in tasks]
    _FORK_STATE = (model, repo)
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                 initializer=die_with_parent) as pool:
            return list(pool.map(_generate_task, tasks))
    finally:
        _FORK_STATE = None


def run_mkdocs(repo: Path, jobs: list[tuple[str, Path]], log, workers: int | None = None) -> dict[str, float]:
    """Run ``mkdocs build --strict`` for each (label, config), at most ``workers`` at a time."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": source_date_epoch(repo),
           "PYTHONHASHSEED": "0"}
    workers = workers or max(1, os.cpu_count() or 1)
    pending = list(jobs)
    running: dict[str, tuple[subprocess.Popen, float]] = {}
    seconds: dict[str, float] = {}
    failed: list[str] = []
    try:
        _drain(repo, env, pending, running, seconds, failed, workers, log)
    finally:
        for proc, _started in running.values():  # interrupted: stop what still runs
            proc.kill()
            proc.wait()
    if failed:
        raise BuildError("mkdocs failed:\n" + "\n".join(failed))
    return seconds


def _drain(repo: Path, env: dict, pending: list, running: dict, seconds: dict, failed: list, workers: int,
           log) -> None:
    """Keep ``workers`` mkdocs processes busy; collect each one's output (a file, so a chatty process can
    never block on a full pipe) as soon as it ends."""
    total = len(pending) + len(running)
    while pending or running:
        while pending and len(running) < workers:
            label, cfg = pending.pop(0)
            cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(cfg)]
            # (not --quiet: it hides warnings from --strict)
            out = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 - closed when the process ends
            proc = subprocess.Popen(cmd, cwd=repo, env=env, stdout=out, stderr=subprocess.STDOUT,
                                    preexec_fn=die_with_parent)
            proc.output = out  # type: ignore[attr-defined]
            running[label] = (proc, time.perf_counter())
        done = [label for label, (proc, _) in running.items() if proc.poll() is not None]
        if not done:
            time.sleep(0.05)
            continue
        for label in done:
            proc, started = running.pop(label)
            seconds[label] = time.perf_counter() - started
            proc.output.seek(0)
            output = proc.output.read()
            proc.output.close()
            if proc.returncode != 0 or "WARNING" in output:
                failed.append(f"--- {label} (exit {proc.returncode}) ---\n{output}")
            else:
                log(f"{label}: mkdocs built in {seconds[label]:.1f}s ({len(seconds)}/{total} done)")


def make_bundles(model: SiteModel, repo: Path, work: Path, staging: Path, locales: list[str], default: str,
                 shim: bytes | None, epoch: int, log) -> list[Download]:
    """Build the offline flavour (all locales, and each locale alone), then zip it and make Kiwix files."""
    root = work / "offline-sites"
    variants = [("all", list(locales), Variant("offline-all", True, tuple(locales)))]
    variants += [(loc, [loc], Variant(f"offline-{loc}", True, ())) for loc in locales]
    jobs = []
    for _key, locs, v in variants:
        site_dir = root / v.name
        if site_dir.exists():
            shutil.rmtree(site_dir)
        for r in generate_all(model, repo, [(work / v.name, site_dir, loc, v, None, shim) for loc in locs]):
            jobs.append((f"{v.name}/{r.locale}", work / v.name / r.locale / "mkdocs.yml"))
        _write(site_dir / "index.html", root_index(locs, default if default in locs else locs[0]))
    run_mkdocs(repo, jobs, log)
    downloads = []
    for key, _locs, v in variants:
        name = f"rulings-{key}.zip"
        size = write_zip([(root / v.name, f"rulings-{key}")], staging / "downloads" / name, epoch)
        downloads.append(Download("zip", key, name, size))
        log(f"downloads/{name}: {human_size(size)}")
    date = dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%d")
    for loc in locales:
        ui = UI.load(repo / "locales", loc)
        name = f"rulings-{loc}.zim"
        target = staging / "downloads" / name
        write_zim(root / f"offline-{loc}" / loc, target, loc, "Rulings", ui.t(ZIM_DESCRIPTION), date)
        zim_bytes_stable(target, f"rulings-{loc}-{epoch}".encode() + hashlib.sha256(
            write_zip_digest(root / f"offline-{loc}" / loc)).digest())
        size = target.stat().st_size
        downloads.append(Download("zim", loc, name, size))
        log(f"downloads/{name}: {human_size(size)}")
    return downloads


def write_zip_digest(folder: Path) -> bytes:
    """A digest of a folder's files and names (what a bundle is made of)."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(folder).as_posix().encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.digest()


def build(repo: Path, out: Path, *, content_dir: Path | None = None, work: Path | None = None,
          locales: list[str] | None = None, site_url: str | None = None, bundles: bool = False,
          offline: bool = False, force: bool = False, log=print) -> BuildResult:
    """Build the whole site into ``out`` (replaced atomically); raises :class:`BuildError`.

    ``repo`` provides mkdocs.yml, site_config/ and locales/; ``content_dir`` defaults to repo/content
    and ``work`` (generated Markdown and configs) to repo/build. ``offline`` builds the file:// flavour
    into ``out`` instead of the served one; ``bundles`` also builds the offline zips and Kiwix files
    into ``out/downloads/`` and lists them on the home pages (not with ``offline``: an offline site
    needs no download of itself)."""
    t_start = time.perf_counter()
    content_dir = content_dir or repo / "content"
    try:
        check_output(out, repo, content_dir, force=force)
    except OutputRefused as e:
        raise BuildError(str(e)) from None
    t0 = time.perf_counter()
    content, diags = validate(content_dir)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        raise BuildError("content has errors; nothing was built:\n" + "\n".join(d.format() for d in errors[:50]))
    result = BuildResult(out, validate_seconds=time.perf_counter() - t0)
    locales = locales or content.project.locales
    for loc in locales:  # before any work: a broken catalog stops the build with file and line
        try:
            UI.load(repo / "locales", loc)
        except CatalogError as e:
            raise BuildError(f"UI catalog problems; nothing was built:\n{e}") from None
    default = content.project.default_locale if content.project.default_locale in locales else locales[0]
    model = build_model(content)
    work = (work or repo / "build").resolve()
    out = out.resolve()
    locks = [BuildLock(out), BuildLock(work, work.with_name(f".{work.name}.lock"))]
    for lock in locks:  # the output and the work folder: two builds at once would mix their files
        lock.acquire()
    try:
        return _build_locked(repo, out, work, model, content, locales, default, result, t_start,
                             site_url=site_url, bundles=bundles and not offline, offline=offline, log=log)
    finally:
        for lock in reversed(locks):
            lock.release()


def _build_locked(repo: Path, out: Path, work: Path, model: SiteModel, content, locales: list[str], default: str,
                  result: BuildResult, t_start: float, *, site_url: str | None, bundles: bool, offline: bool,
                  log) -> BuildResult:
    _write(work / "search" / "userdict.txt", jieba_user_dict(model))
    epoch = int(source_date_epoch(repo))
    shim = fetch_shim(work / "npm") if (offline or bundles) else None
    # we hold the locks: leftovers of builds that were killed are garbage
    for leftover in out.parent.glob(f".{out.name}.building-*"):
        shutil.rmtree(leftover, ignore_errors=True)
    staging = out.with_name(f".{out.name}.building-{os.getpid()}")
    staging.mkdir(parents=True)
    try:
        downloads: list[Download] = []
        if bundles:
            downloads = make_bundles(model, repo, work, staging, locales, default, shim, epoch, log)
        variant = Variant("offline" if offline else "online", offline, tuple(locales), tuple(downloads))
        jobs = []
        tasks = [(work / variant.name, staging, loc, variant, site_url, shim) for loc in locales]
        for r in generate_all(model, repo, tasks):
            result.locales.append(r)
            jobs.append((r.locale, work / variant.name / r.locale / "mkdocs.yml"))
            log(f"{r.locale}: {r.pages} pages generated in {r.generate_seconds:.1f}s")
        seconds = run_mkdocs(repo, jobs, log)
        for r in result.locales:
            r.mkdocs_seconds = seconds[r.locale]
        _write(staging / "index.html", root_index(locales, default))
        if not offline:
            write_exports(model, locales, staging)
        _write(staging / MARKER, MARKER_TEXT)
        write_manifest(staging, repo, epoch)  # last: it lists every other file
        swap_in(staging, out)
    except PageCollision as e:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"{e}; nothing was built") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    result.total_seconds = time.perf_counter() - t_start
    return result
