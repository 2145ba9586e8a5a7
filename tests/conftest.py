"""Shared fixtures: a small, valid content tree built in a temporary folder."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from rulings.content.codec import entries_file_to_data, game_to_data, project_from_data
from rulings.content.dump import dumps, modeline
from rulings.content.load import load
from rulings.content.tree import PROJECT_FILE, Content, read
from rulings.model.entries import Document, Entity, EntityType, Game, Project, Provenance, Ruling, Term
from rulings.model.text import Text
from rulings.site.layout import SiteModel, build_model

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
BLNS = SHARED / "corpora" / "naughty-strings" / "blns.json"
SOURCE = "line one\nline two\nline three\nline four\n"


def alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie (a zombie has exited)."""
    try:
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False


def gone(pids: list[int]) -> bool:
    """Whether every one of ``pids`` exits within a minute of polling, or more on a busy machine (a killed
    process takes a moment to end: the bound is no speed check)."""
    for _ in range(1200):
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


GIT_WHEN = "2024-01-02T10:00:00+00:00"


def run_git(repo: Path, *args: str, when: str = GIT_WHEN, env: dict[str, str] | None = None) -> str:
    """``git -C repo ARGS`` as a test's author would run it (no user or system configuration), committing
    at ``when`` (anything GIT_COMMITTER_DATE takes, e.g. ``@253402300800 +0000``); its stdout."""
    full = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_AUTHOR_DATE": GIT_WHEN, "GIT_COMMITTER_DATE": when,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, **(env or {})}
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env=full).stdout


def commit_all(repo: Path, when: str = GIT_WHEN, message: str | None = None) -> str:
    """Commit every file under ``repo`` (a repository made there first if none is), dated ``when``; the new
    commit's id. The message names ``repo``, so two tests never make the same commit."""
    if not (repo / ".git").exists():
        run_git(repo, "init", "-q", "-b", "main")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "--allow-empty", "-m", message or f"commit in {repo}", when=when)
    return run_git(repo, "rev-parse", "HEAD").strip()


def site_inputs(root: Path) -> Path:
    """A copy of the repository's site inputs (catalogs, site config, guides, mkdocs.yml) to tamper with."""
    repo = root / "repo"
    for name in ("locales", "site_config", "docs"):
        shutil.copytree(REPO / name, repo / name)
    shutil.copy(REPO / "mkdocs.yml", repo / "mkdocs.yml")
    return repo


@functools.cache
def repo_content() -> Content:
    """The repository's content tree, read once: tests derive counts, games and locales from it."""
    return read(REPO / "content")


@functools.cache
def repo_model() -> SiteModel:
    """The site model of the repository's content, built once for the tests that only read it."""
    return build_model(repo_content())


@functools.cache
def _project() -> Project:
    return project_from_data(load(REPO / "content" / PROJECT_FILE).data)


def project_locales() -> list[str]:
    """The site's locales, as content/project.yml lists them (read alone: most tests need no more of the tree)."""
    return list(_project().locales)


def new_locale(*preferred: str) -> str:
    """A locale a test adds, as a contributor would: the first of ``preferred`` (then a few more) that is
    neither a site locale nor the language of any game's texts (a new locale starts with nothing of its own)."""
    content = repo_content()
    taken = set(content.project.locales) | {g.lang for g in content.games.values()} | {
        lang for g in content.games.values() for d in g.documents for lang in d.languages}
    return next(loc for loc in (*preferred, "fr", "es", "nl", "pt", "sv", "pl", "cs", "fi") if loc not in taken)


def required_locale(locale: str) -> bool:
    """Whether content/project.yml requires every UI string of ``locale`` translated (``locale_settings``)."""
    return _project().required(locale)


NEW_LOCALE = new_locale("fr")
"""A locale the project does not have yet: French, or the next one it lacks (and no game is written in)."""


def partly_translated(repo: Path, locale: str, share: float = 0.15) -> Path:
    """A new catalog of ``locale`` in ``repo/locales`` (made by ``rulings i18n update``) with about ``share`` of
    its singular strings translated as ``«source»``, the first of them fuzzy: a translation under way."""
    from rulings.site.catalogs import update

    [po] = update(repo, [locale])
    text = po.read_text(encoding="utf-8")
    singular = re.findall(r'^msgid ("(?:[^"\\]|\\.)+")\nmsgstr ""$', text, re.M)
    for n, msgid in enumerate(singular[::round(1 / share)]):
        text = text.replace(f'msgid {msgid}\nmsgstr ""\n', ("#, fuzzy\n" if n == 0 else "")
                            + f'msgid {msgid}\nmsgstr "«{msgid[1:-1]}»"\n', 1)
    po.write_text(text, encoding="utf-8")
    return po


def write_project(content: Path, locales: list[str], required: list[str]) -> None:
    """content/project.yml with these locales, ``required`` of them marked so under ``locale_settings``."""
    settings = "".join(f"  {loc}: {{required: true}}\n" for loc in required)
    (content / "project.yml").write_text(
        "# yaml-language-server: $schema=../schemas/project.schema.json\nkind: project\n"
        f"locales: [{', '.join(locales)}]\n" + (f"locale_settings:\n{settings}" if settings else ""),
        encoding="utf-8")


def with_locale(project: Path, locale: str, *, required: bool = False) -> None:
    """Add ``locale`` to a project.yml's ``locales`` (a flow list, as contributors edit it), required or not."""
    text = project.read_text(encoding="utf-8")
    edited = re.sub(r"^locales: \[(.*)\]$", lambda m: f"locales: [{m.group(1)}, {locale}]", text, count=1, flags=re.M)
    assert edited != text, f"{project} lists its locales as a flow list"
    if required:
        edited = edited.replace("locale_settings:\n", f"locale_settings:\n  {locale}: {{required: true}}\n") \
            if "locale_settings:\n" in edited else edited + f"locale_settings:\n  {locale}: {{required: true}}\n"
    project.write_text(edited, encoding="utf-8")


def naughty_strings() -> list[str]:
    return json.loads(BLNS.read_text(encoding="utf-8")) if BLNS.exists() else []


def write(path: Path, data: dict, schemas: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(data, first_line=modeline(path, data["kind"], schemas)), encoding="utf-8")
    return path


RULINGS_FILE = "content/demo/rulings.yml"


def build_tree(root: Path, *, rulings: list[Ruling] | None = None) -> Path:
    """project.yml, a game with its kept original, a card, a term and rulings; returns content/."""
    for rel, data in _default_tree().items():  # the same files for every test: written once, then copied
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if rel == RULINGS_FILE and rulings is not None:
            write(path, entries_file_to_data("rulings", "demo", rulings), root / "schemas")
        else:
            path.write_bytes(data)
    return root / "content"


@functools.cache
def _default_tree() -> dict[str, bytes]:
    """The files of the tree :func:`build_tree` writes with its default ruling, by path below its root."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        _write_tree(root, [Ruling("demo/ruling/sword-twice", "en", [Provenance("doc", (1, 2))],
                                  question=Text("en", "Can I use the Sword twice?"), answer=Text("en", "Yes."),
                                  about=["demo/card/sword"])])
        return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _write_tree(root: Path, rulings: list[Ruling]) -> Path:
    schemas = root / "schemas"
    shutil.copytree(REPO / "schemas", schemas, dirs_exist_ok=True)
    content = root / "content"
    write(content / "project.yml", {"kind": "project", "locales": project_locales()}, schemas)
    src = content / "demo" / "sources" / "doc.txt"
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text(SOURCE, encoding="utf-8")
    game = Game("demo", "en", Text("en", "Demo"), documents=[
        Document("doc", Text("en", "Demo FAQ"), ["en"], "sources/doc.txt",
                 hashlib.sha256(SOURCE.encode()).hexdigest(), date_printed="1-2-2003", date="2003-01-02")])
    write(content / "demo" / "game.yml", game_to_data(game), schemas)
    prov = [Provenance("doc", (1, 2))]
    card = Entity("demo/card/sword", "en", prov, type=EntityType.CARD, name=Text("en", "Sword"))
    write(content / "demo" / "entities.yml", entries_file_to_data("entities", "demo", [card]), schemas)
    term = Term("demo/term/adjacent", "en", prov, term=Text("en", "Adjacent"), definition=Text("en", "Next to."))
    write(content / "demo" / "glossary.yml", entries_file_to_data("glossary", "demo", [term]), schemas)
    write(root / RULINGS_FILE, entries_file_to_data("rulings", "demo", rulings), schemas)
    return content


WORDS = ["the", "a", "card", "player", "turn", "attack", "damage", "ability", "hand", "discard", "deck",
         "round", "unit", "site", "spell"]


def sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30))).capitalize() + "."


def paragraphs(n: int, seed: int = 1, heading_every: int = 0) -> list[str]:
    """The lines of a long original: ``n`` paragraphs of one to four lines, blank lines between them; every
    ``heading_every``-th one under a short title of its own."""
    rng = random.Random(seed)
    lines: list[str] = []
    for i in range(n):
        if heading_every and i % heading_every == 0:
            lines += [f"Section {i // heading_every + 1} Title", ""]
        lines += [sentence(rng) for _ in range(rng.randint(1, 4))] + [""]
    return lines[:-1]


def with_original(content: Path, text: str) -> Path:
    """The tree from :func:`build_tree` with ``text`` as its kept original (its recorded hash to match)."""
    src = content / "demo" / "sources" / "doc.txt"
    game = content / "demo" / "game.yml"
    old = hashlib.sha256(src.read_bytes()).hexdigest()
    src.write_text(text, encoding="utf-8")
    game.write_text(game.read_text(encoding="utf-8").replace(old, hashlib.sha256(src.read_bytes()).hexdigest()),
                    encoding="utf-8")
    return content


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return build_tree(tmp_path)


TIERS = ("unit", "build", "browser")
WEB = Path(__file__).parent / "web"
CHROMIUM_FIXTURES = {"chromium", "browser"}  # tests/web/conftest.py's session Chromium, and its alias in test_browser


def tier(item: pytest.Item) -> str:
    """A test's tier: ``browser`` if it uses Chromium through a fixture (directly or through the fixtures it
    uses), else the one it is marked with, else build under tests/web/, else unit."""
    marked = [t for t in TIERS if item.get_closest_marker(t)]
    if len(marked) > 1:
        raise pytest.UsageError(f"{item.nodeid} is marked with more than one tier: {marked}")
    if used := CHROMIUM_FIXTURES.intersection(getattr(item, "fixturenames", ())):  # all its fixtures, transitively
        if marked not in ([], ["browser"]):
            raise pytest.UsageError(f"{item.nodeid} drives Chromium (fixture {sorted(used)[0]!r}) but is "
                                    f"marked {marked[0]}")
        return "browser"
    return marked[0] if marked else "build" if WEB in item.path.parents else "unit"


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give every test exactly one tier."""
    for item in items:
        if not item.get_closest_marker(t := tier(item)):
            item.add_marker(t)


RUNNING: list[pytest.Item] = []  # the test being set up, run or torn down


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    RUNNING.append(item)
    try:
        return (yield)
    finally:
        RUNNING.pop()


def pytest_collection_finish(session: pytest.Session) -> None:
    """A test that launches Chromium itself, not through the fixture, must be marked browser: launching from
    any other tier fails it, so `-m build` or `-m unit` never drives a browser unawares."""
    sync_api = sys.modules.get("playwright.sync_api")  # imported by the browser tests' modules, if collected
    if sync_api is None or getattr(sync_api.BrowserType.launch, "tier_checked", False):
        return
    launch = sync_api.BrowserType.launch

    @functools.wraps(launch)
    def checked(self, *args, **kwargs):
        if RUNNING and not RUNNING[-1].get_closest_marker("browser"):
            pytest.fail(f"{RUNNING[-1].nodeid} launches Chromium: mark it @pytest.mark.browser", pytrace=False)
        return launch(self, *args, **kwargs)

    checked.tier_checked = True  # type: ignore[attr-defined]
    sync_api.BrowserType.launch = checked
