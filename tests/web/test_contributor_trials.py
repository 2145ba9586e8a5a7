"""The two contributor trials of docs/contributing.md, end to end in a copy of the repository, with the
guide's own commands: a sixth game whose source is not English (German, from :data:`TRIAL`), and a fourth
locale a translator has only begun (about 15 % of the UI strings). The commands are read from the guide's
``sh`` blocks (:func:`guide_commands`), so a changed guide is a changed trial; the files a contributor types
are the trial's. Then the copy's own test suite runs as CI would run it (:func:`inner_suite`): adding a game
or a locale the way the guide says must pass ``make test`` without editing a test. Last, the built pages
of the new game and locale are read.

The copy's suite is its unit and build tiers (every test that reads content, catalogs, PO files or a
build); its browser tier too where ``RULINGS_TRIAL_BROWSER=1`` (CI sets it in ``.ci/run``): it drives the
same pages in Chromium and doubles the trial's time."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from ruamel.yaml import YAML

from conftest import REPO, commit_all, new_locale, project_locales

from .search_files import search_files
from .test_html import _target, pages, parse

TRIAL = Path(__file__).parent / "trial"
"""What the trial's contributor and translator type: the game's files, its English, a French catalog start."""
GAME = "waldlaeufer"
ENGLISH = TRIAL / f"{GAME}-en.yml"
UI_START = TRIAL / "fr-ui.yml"
NEW_LOCALE = new_locale("fr")
"""The locale the trial adds: French (the translator's strings are French), or the next one the project lacks."""
BUILT = ["en", NEW_LOCALE]
"""The locales the guide's build command makes in the trial (the copy's own suite builds all of them)."""
GUIDE = REPO / "docs" / "contributing.md"
TRANSLATORS_GUIDE = REPO / "docs" / "translating.md"
GUIDE_GAME, GUIDE_LOCALE = "lantern-league", "de"
"""The example game id and locale the guide's commands name, replaced by the trial's."""
QUESTION = "May I place the Lantern on a space with a Bog Spirit?"
STATEMENT = "A Bog Spirit blocks the space it stands on for every player."


def guide_commands(guide: Path, section: str) -> list[list[str]]:
    """The commands of the ``sh`` blocks of ``## <section>`` in ``guide``, in order, each as its words (the
    guide's comments dropped), the example game and locale replaced by the trial's."""
    text = guide.read_text(encoding="utf-8")
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start:end if end > 0 else None]
    commands = []
    for block in re.findall(r"^ *```sh\n(.*?)^ *```", body, re.S | re.M):
        for line in block.splitlines():
            words = [w.replace(GUIDE_GAME, GAME) for w in shlex.split(line, comments=True)]
            if words:
                commands.append([NEW_LOCALE if w == GUIDE_LOCALE else w for w in words])
    assert commands, f"{guide.name} has no sh block under '## {section}'"
    return commands


def rulings(repo: Path, *args: str) -> subprocess.CompletedProcess:
    """The ``rulings`` command, run in ``repo`` with the copy's own package."""
    env = {**os.environ, "PYTHONPATH": str(repo / "scripts")}
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], cwd=repo, env=env, capture_output=True,
                          text=True, check=False)


def run_guide(repo: Path, guide: Path, section: str, runs: dict[str, subprocess.CompletedProcess],
              after: dict[str, callable] | None = None) -> None:
    """Run the commands of ``section`` of ``guide`` as a contributor types them; ``make test-fast`` / ``make
    test`` are the copy's suite, run once at the end (:func:`inner_suite`). ``after`` acts between commands
    (the translator's work after ``i18n update``)."""
    for words in guide_commands(guide, section):
        if words[:1] == ["make"] and words[1:] in (["test"], ["test-fast"]):
            continue
        assert words[0] in (".venv/bin/rulings", "rulings"), f"the guide's command {shlex.join(words)!r} is not " \
            "one the trial knows how to run: teach it (tests/web/test_contributor_trials.py, run_guide)"
        args = words[1:]
        if args[0] == "build":
            args += ["--out", "site", *(f"--locale={loc}" for loc in BUILT)]
        name = f"{guide.name}, {section}: {shlex.join(args)}"
        runs[name] = rulings(repo, *args)
        if (act := (after or {}).get(" ".join(args[:2]))) is not None:
            act(repo)


def copy_of_repository(dest: Path) -> Path:
    """The project as a contributor's clone holds it: the files git knows (with the changes under test), one
    commit, no build output, no virtualenv."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_file() and not src.is_symlink():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    if (REPO.parent / "shared").is_dir() and not (dest.parent / "shared").exists():
        (dest.parent / "shared").symlink_to(REPO.parent / "shared")  # ../shared beside it, as CI has it
    commit_all(dest, when=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"))  # committed now, as theirs is
    return dest


def write_game(repo: Path) -> None:
    """The game's files as the contributor typed them (German only) and their English mapping file, at the
    path the guide's ``translate apply`` command names."""
    shutil.copytree(TRIAL / GAME, repo / "content" / GAME)
    shutil.copy(ENGLISH, repo / ENGLISH.name)


def add_locale(project: Path, locale: str) -> None:
    """Append a locale to ``locales:`` in content/project.yml, as the guide says."""
    text = project.read_text(encoding="utf-8")
    edited = re.sub(r"^locales: \[(.*)\]$", lambda m: f"locales: [{m.group(1)}, {locale}]", text, flags=re.M)
    assert edited != text, "content/project.yml lists its locales as a flow list"
    project.write_text(edited, encoding="utf-8")


def translate_a_start(repo: Path) -> None:
    """The translator's first session: the strings of :data:`UI_START` translated in the new catalog, saved
    (babel writes it as Poedit would read it; the guide's ``i18n compile`` then reads it)."""
    po = repo / "locales" / NEW_LOCALE / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        cat = read_po(f, locale=NEW_LOCALE)
    start = YAML(typ="safe").load(UI_START.read_text(encoding="utf-8"))
    for m in cat:
        if isinstance(m.id, str) and m.id in start:
            m.string = start[m.id]
    with po.open("wb") as f:
        write_po(f, cat, width=0)


def inner_suite(repo: Path) -> subprocess.CompletedProcess:
    """The copy's own ``make test`` (its pytest, on the copy's package), less this module: it is the trial."""
    marker = [] if os.environ.get("RULINGS_TRIAL_BROWSER") == "1" else ["-m", "not browser"]
    env = {**os.environ, "PYTHONPATH": str(repo / "scripts")}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist",
                           "loadfile", "--no-loadscope-reorder", *marker,
                           f"--ignore={Path('tests/web') / Path(__file__).name}"],
                          cwd=repo, env=env, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def trial(tmp_path_factory) -> dict:
    """The copy of the repository after both trials, with its command outputs, its suite's run and its site."""
    repo = copy_of_repository(tmp_path_factory.mktemp("trial") / "repo")
    before = {loc: (repo / "locales" / loc / "LC_MESSAGES" / "messages.po").read_bytes() for loc in project_locales()}
    runs: dict[str, subprocess.CompletedProcess] = {}
    write_game(repo)
    run_guide(repo, GUIDE, "Add a game", runs)
    (repo / ENGLISH.name).unlink()  # the guide: the file itself is not committed
    add_locale(repo / "content" / "project.yml", NEW_LOCALE)
    run_guide(repo, GUIDE, "Add a locale", runs, after={"i18n update": translate_a_start})
    saved = (repo / "locales" / NEW_LOCALE / "LC_MESSAGES" / "messages.po").read_bytes()
    run_guide(repo, TRANSLATORS_GUIDE, "UI strings", runs)  # the translator's round: extract, update, compile
    commit_all(repo, when=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
               message="a game and a locale added as docs/contributing.md says")
    return {"repo": repo, "site": repo / "site", "runs": runs, "before": before, "saved": saved,
            "suite": inner_suite(repo)}


def test_the_guides_commands_succeed(trial):
    names = list(trial["runs"])
    for step in ("translate apply", "validate", "translate sync", "i18n update", "i18n compile", "build"):
        assert any(step in n for n in names), (step, names)  # the guide still has each step
    for name, run in trial["runs"].items():
        assert run.returncode == 0, (name, run.stdout[-3000:], run.stderr[-3000:])
    validate = next(run for name, run in trial["runs"].items() if name.endswith(": validate"))
    assert "0 errors" in validate.stderr
    ours = [line for line in validate.stdout.splitlines() if line.startswith(f"content/{GAME}/")]
    assert all(line.endswith("(translation-missing)") for line in ours), ours  # only: not yet translated


def test_the_copys_own_suite_passes_without_editing_a_test(trial):
    run = trial["suite"]
    tail = "\n".join(run.stdout.splitlines()[-40:])
    assert run.returncode == 0, tail
    assert re.search(r"\b\d+ passed\b", tail) and " failed" not in tail and " error" not in tail, tail


def test_new_catalog_is_created_and_others_kept(trial):
    repo = trial["repo"]
    po = repo / "locales" / NEW_LOCALE / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        cat = read_po(f)
    assert str(cat.locale) == NEW_LOCALE and cat.num_plurals >= 1
    for loc, data in trial["before"].items():
        assert (repo / "locales" / loc / "LC_MESSAGES" / "messages.po").read_bytes() == data, loc
    assert po.read_bytes() == trial["saved"]  # the translator's saved catalog, through extract and update


def test_compile_warns_about_the_untranslated_ui_strings(trial):
    with (trial["repo"] / "locales" / NEW_LOCALE / "LC_MESSAGES" / "messages.po").open("rb") as f:
        cat = read_po(f)
    total = sum(1 for m in cat if m.id)
    done = sum(1 for m in cat if m.id and not m.fuzzy and
               (all(m.string) if isinstance(m.string, tuple) else m.string))
    assert 0.1 <= done / total <= 0.25  # a translator's start: the locale is partial
    run = next(run for name, run in trial["runs"].items() if name.endswith("i18n compile"))
    warning = next(line for line in run.stderr.splitlines() if f"{NEW_LOCALE}: {done} of" in line)
    assert warning.startswith("warning: ") and f"{done} of {total} UI strings translated" in warning
    assert "0 problems" in run.stdout  # a warning, not an error: the site shows English instead


def test_po_files_of_the_new_game_and_locale_are_written(trial):
    po = trial["repo"] / "po"
    assert (po / GAME / "de" / f"{GAME}.pot").is_file() and (po / GAME / "de" / "en.po").is_file()
    games = {p.parent.name for p in (trial["repo"] / "content").glob("*/game.yml")}
    assert {p.parent.parent.name for p in po.glob(f"*/*/{NEW_LOCALE}.po")} == games


def test_new_game_pages_exist_in_the_new_locale_as_in_english(trial):
    site = trial["site"]
    sets = {loc: pages(site / loc) for loc in BUILT}
    assert all(s == sets[BUILT[0]] for s in sets.values())
    for must in (f"{GAME}/index.html", f"{GAME}/card/laterne/index.html", f"{GAME}/glossary/index.html",
                 f"{GAME}/entries/index.html", f"{GAME}/errata/index.html"):
        assert must in sets[NEW_LOCALE], must
    assert f'href="{NEW_LOCALE}/index.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_new_locale_reads_the_english_of_a_german_game_and_its_partial_ui(trial):
    site = trial["site"] / NEW_LOCALE
    for rel in sorted(pages(site)):
        assert parse(site / rel).html_lang == NEW_LOCALE, rel
    card = site / GAME / "card" / "laterne" / "index.html"
    text = "".join(parse(card).text)
    assert QUESTION in text and "The Bog Spirit is driven away at once." in text  # English: the fallback
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", card.read_text(encoding="utf-8"), re.S).group(1)
    assert "Laterne" in h1  # a card's name as printed
    start = YAML(typ="safe").load(UI_START.read_text(encoding="utf-8"))
    home = "".join(parse(site / "index.html").text)
    assert start["Glossary"] in "".join(parse(site / GAME / "glossary" / "index.html").text)  # translated ones
    assert "Card game rulings" in home  # the rest in English
    status = "".join(parse(site / "translation-status" / "index.html").text)
    assert re.search(r"\b\d+ of \d+ translated, the rest shown in English", status)


def test_new_game_is_in_the_navigation_and_links_resolve(trial):
    site = trial["site"] / NEW_LOCALE
    html = (site / "index.html").read_text(encoding="utf-8")
    nav = html[html.index("md-nav--primary"):html.index('class="md-content"')]
    english = YAML(typ="safe").load(ENGLISH.read_text(encoding="utf-8"))[GAME]["name"]
    assert f'href="{GAME}/"' in nav and english in nav  # its name in English, the fallback of a French reader
    for rel in sorted(p for p in pages(site) if p.startswith(f"{GAME}/")):
        page = (site / rel).resolve()
        for _tag, _attr, url in parse(page).links:
            t = _target(site, page, url)
            if t is not None:
                assert t[0].exists(), (rel, url)


def test_search_index_holds_the_new_rulings(trial):
    index = json.loads((trial["site"] / NEW_LOCALE / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"][0] == NEW_LOCALE  # the locale's own stemmer, from the defaults
    found = search_files(trial["site"] / NEW_LOCALE)
    assert any("#ruling-laterne-auf-moorgeist" in r.location for r in found.rows)
    assert any("#ruling-" in loc for loc in found.having(STATEMENT))  # every word of the statement leads to it
    assert any("#ruling-" in loc for loc in found.having("Moorgeist blockiert"))  # and of its German original
