"""The two contributor trials of docs/contributing.md, end to end in a copy of the repository: add a
game by hand-written YAML and a new site locale, with the commands the guide gives (``rulings i18n update``,
``i18n compile``, ``validate``, ``build --no-bundles``), then read the built HTML. The build is of the
locales the trials can break (:data:`BUILT`), not of every locale; the copy keeps one of the repository's
games beside the new one (:func:`kept_game`), not all of them: what the trials check is the same for every
game, and the session's build already builds them all."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import REPO, project_locales, site_inputs
from rulings.site.i18n import POT

from .search_files import search_files
from .test_html import _target, pages, parse

GAME = "lantern-league"
NEW_LOCALE = next(loc for loc in ("de", "fr", "es", "nl") if loc not in project_locales())
"""The locale the trial adds: German, or the next one the project does not have yet."""
BUILT = ["en", NEW_LOCALE]
"""The locales the trial builds: the new one, and English beside it (the language of the new game and of the
UI strings an untranslated locale shows). The other locales' sites are what they were: the new game reaches
them the way it reaches English, and nothing of theirs is touched."""

SOURCE = """Lantern League: questions and answers (2025)

Q: Can the Night Porter open a door twice in one turn?
A: No. Each door opens once per turn, whoever opens it.

A Beacon lights every space next to it, walls included.
"""
QUESTION = "Can the Night Porter open a door twice in one turn?"
STATEMENT = "A Beacon lights every space next to it, walls included."


def hand_written_game(content: Path) -> None:
    """A game as a contributor writes it: YAML typed by hand, the original kept with its sha256."""
    folder = content / GAME
    (folder / "sources").mkdir(parents=True)
    (folder / "sources" / "faq.txt").write_text(SOURCE, encoding="utf-8")
    sha = hashlib.sha256(SOURCE.encode("utf-8")).hexdigest()
    files = {
        "game.yml": f"""\
# yaml-language-server: $schema=../../schemas/game.schema.json
kind: game
id: {GAME}
lang: en
name:
  en: Lantern League
identified: true
documents:
  - id: faq
    title:
      en: Questions and answers
    date_printed: "2025"
    languages: [en]
    file: sources/faq.txt
    sha256: {sha}
""",
        "entities.yml": f"""\
# yaml-language-server: $schema=../../schemas/entities.schema.json
kind: entities
game: {GAME}
entries:
  - id: {GAME}/card/night-porter
    lang: en
    type: card
    name:
      en: Night Porter
    provenance: {{document: faq, lines: [3, 3]}}
""",
        "glossary.yml": f"""\
# yaml-language-server: $schema=../../schemas/glossary.schema.json
kind: glossary
game: {GAME}
entries:
  - id: {GAME}/term/beacon
    lang: en
    term:
      en: Beacon
    definition:
      en: A card that lights the spaces around it.
    provenance: {{document: faq, lines: [6, 6]}}
""",
        "rulings.yml": f"""\
# yaml-language-server: $schema=../../schemas/rulings.schema.json
kind: rulings
game: {GAME}
entries:
  - id: {GAME}/ruling/night-porter-door-twice
    lang: en
    question:
      en: {QUESTION}
    answer:
      en: No. Each door opens once per turn, whoever opens it.
    about: [{GAME}/card/night-porter]
    provenance: {{document: faq, lines: [3, 4]}}
  - id: {GAME}/ruling/beacon-lights-walls
    lang: en
    statement:
      en: {STATEMENT}
    related: [{GAME}/term/beacon]
    provenance: {{document: faq, lines: [6, 6]}}
""",
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def kept_game(content: Path) -> str:
    """The repository's game the trial's copy keeps beside the new one: its smallest (by YAML), so the build
    is quick and still has a game the new one sits among."""
    return min((p.parent.name for p in content.glob("*/game.yml")),
               key=lambda g: sum(f.stat().st_size for f in (content / g).rglob("*.yml")))


def add_locale(project: Path, locale: str) -> None:
    """Append a locale to ``locales:`` in content/project.yml, as a contributor edits it."""
    text = project.read_text(encoding="utf-8")
    edited = re.sub(r"^locales: \[(.*)\]$", lambda m: f"locales: [{m.group(1)}, {locale}]", text, flags=re.M)
    assert edited != text, "content/project.yml lists its locales as a flow list"
    project.write_text(edited, encoding="utf-8")


def rulings(repo: Path, *args: str) -> subprocess.CompletedProcess:
    """The ``rulings`` command, run in ``repo`` with this checkout's package."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "scripts"), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], cwd=repo, env=env, capture_output=True,
                          text=True, check=False)


@pytest.fixture(scope="module")
def trial(tmp_path_factory) -> dict:
    """The copy of the repository after both trials, with its command outputs and built site."""
    root = tmp_path_factory.mktemp("trial")
    repo = site_inputs(root)
    shutil.copytree(REPO / "schemas", repo / "schemas")
    keep = kept_game(REPO / "content")
    shutil.copytree(REPO / "content", repo / "content",
                    ignore=lambda folder, names: [n for n in names if Path(folder) == REPO / "content"
                                                  and (REPO / "content" / n).is_dir() and n != keep])
    before = {loc: (repo / "locales" / loc / "LC_MESSAGES" / "messages.po").read_bytes() for loc in project_locales()}
    shutil.rmtree(repo / "content" / GAME, ignore_errors=True)  # a tree where the trial was made for real
    hand_written_game(repo / "content")
    add_locale(repo / "content" / "project.yml", NEW_LOCALE)
    runs = {"update": rulings(repo, "i18n", "update"),
            "compile": rulings(repo, "i18n", "compile", "--out", str(root / "mo")),
            "validate": rulings(repo, "validate"),
            "build": rulings(repo, "build", "--no-bundles", "--out", "site",
                             *(f"--locale={loc}" for loc in BUILT))}
    return {"repo": repo, "site": repo / "site", "runs": runs, "before": before, "kept": keep}


def test_commands_succeed(trial):
    for name, run in trial["runs"].items():
        assert run.returncode == 0, (name, run.stdout[-3000:], run.stderr[-3000:])
    validate = trial["runs"]["validate"]
    assert "0 errors" in validate.stderr
    ours = [line for line in validate.stdout.splitlines() if line.startswith(f"content/{GAME}/")]
    assert all(line.endswith("(translation-missing)") for line in ours), ours  # only: not yet translated


def test_new_catalog_is_created_and_others_kept(trial):
    repo = trial["repo"]
    po = repo / "locales" / NEW_LOCALE / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        cat = read_po(f)
    assert str(cat.locale) == NEW_LOCALE and cat.num_plurals >= 1
    for loc, data in trial["before"].items():
        assert (repo / "locales" / loc / "LC_MESSAGES" / "messages.po").read_bytes() == data, loc


def test_compile_warns_about_untranslated_ui_strings(trial):
    with (trial["repo"] / "locales" / POT).open("rb") as f:
        total = sum(1 for m in read_po(f) if m.id)
    run = trial["runs"]["compile"]
    warning = next(line for line in run.stderr.splitlines() if f"{NEW_LOCALE}: 0 of" in line)
    assert warning.startswith("warning: ") and f"0 of {total} UI strings translated, {total} missing" in warning
    assert "0 problems" in run.stdout  # a warning, not an error: the site shows English instead


def test_new_game_pages_exist_in_the_new_locale_as_in_english(trial):
    site = trial["site"]
    sets = {loc: pages(site / loc) for loc in BUILT}
    assert all(s == sets[BUILT[0]] for s in sets.values())
    for must in (f"{GAME}/index.html", f"{GAME}/card/night-porter/index.html", f"{GAME}/glossary/index.html",
                 f"{GAME}/entries/index.html"):
        assert must in sets[NEW_LOCALE], must
    assert f'href="{NEW_LOCALE}/index.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_new_locale_site_is_marked_and_falls_back_to_english(trial):
    site = trial["site"] / NEW_LOCALE
    for rel in sorted(pages(site)):
        assert parse(site / rel).html_lang == NEW_LOCALE, rel
    card = "".join(parse(site / GAME / "card" / "night-porter" / "index.html").text)
    assert QUESTION in card and "Each door opens once per turn" in card  # content: English source shown
    title = {loc: re.search(r'<h1 id="home">([^<]+)', (trial["site"] / loc / "index.html").read_text(
        encoding="utf-8")).group(1).strip() for loc in BUILT}
    assert title[NEW_LOCALE] == title["en"] != ""  # UI strings: English until translated
    status = "".join(parse(site / "translation-status" / "index.html").text)
    assert re.search(r"\b0 of \d+ translated, the rest shown in English", status)


def test_new_game_is_in_the_navigation_and_links_resolve(trial):
    site = trial["site"] / NEW_LOCALE
    html = (site / "index.html").read_text(encoding="utf-8")
    nav = html[html.index("md-nav--primary"):html.index('class="md-content"')]
    assert f'href="{GAME}/"' in nav and "Lantern League" in nav
    assert f'href="{trial["kept"]}/"' in nav  # beside the games already there
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
    assert any("#ruling-night-porter-door-twice" in r.location and "Night Porter" in r.title for r in found.rows)
    assert any("#ruling-" in loc for loc in found.having(STATEMENT))  # every word of the statement leads to it
