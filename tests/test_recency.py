"""When entries last changed comes from the content's git history: a ruling changed by a later commit
heads the Recently changed page and the feed, marked changed, the others marked added; two clones of one
commit give the same bytes; a copy without history says so and dates entries by their own dates only."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import REPO, build_tree, project_locales
from rulings.content.tree import read
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.publish.feeds import atom
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import LocaleRenderer, recent

ATOM = "{http://www.w3.org/2005/Atom}"
FIRST, SECOND = "2024-01-02T10:00:00+00:00", "2024-02-03T11:00:00+00:00"
IDS = ["demo/ruling/a-first", "demo/ruling/b-second", "demo/ruling/c-third"]

if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)


def git(repo: Path, *args: str, when: str = FIRST) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when,
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> Path:
    """A repository with two commits: the first adds three rulings, the second changes the second one."""
    root = tmp_path_factory.mktemp("history") / "repo"
    rulings = [Ruling(i, "en", [Provenance("doc", (1, 2))], question=Text("en", f"Question {n}?"),
                      answer=Text("en", f"Answer {n}."), about=["demo/card/sword"]) for n, i in enumerate(IDS)]
    build_tree(root, rulings=rulings)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first")
    path = root / "content" / "demo" / "rulings.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("Answer 1.", "Answer 1, corrected."), encoding="utf-8")
    git(root, "commit", "-qam", "second", when=SECOND)
    return root


def outputs(root: Path) -> dict[str, bytes]:
    """The Recently changed page (Markdown) and the feed of the demo game, in every locale."""
    model = build_model(read(root / "content"))
    out = {}
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        pages = {p.path: p for p in LocaleRenderer(model, loc, ui).render().pages}
        out[f"{loc}/page"] = pages[P.recent_page("demo")].markdown.encode("utf-8")
        out[f"{loc}/feed"] = atom(model, model.games["demo"], loc, ui)
    return out


def listed(markdown: bytes) -> list[tuple[str, str, str]]:
    """(date, added or changed, link) of each entry listed on the page, in order."""
    return re.findall(r'<li><time datetime="([^"]+)">.*?<span class="rl-badge rl-(added|changed)">.*?'
                      r'<a href="([^"]+)">', markdown.decode())


def test_the_changed_ruling_comes_first_then_the_added_ones(history):
    for loc in project_locales():
        md = outputs(history)[f"{loc}/page"]
        rows = listed(md)
        anchors = [href.split("#")[-1] for _, _, href in rows]
        rulings = [a for a in anchors if a.startswith("ruling-")]
        assert rulings[0] == P.anchor(IDS[1]), (loc, anchors)
        assert rows[0] == ("2024-02-03", "changed", rows[0][2])
        assert all(date == "2024-01-02" and kind == "added" for date, kind, _ in rows[1:]), rows
        assert sorted(rulings[1:]) == sorted(P.anchor(i) for i in (IDS[0], IDS[2]))  # ties: by id, every time
        assert UI.load(REPO / "locales", loc).date("2024-02-03") in md.decode()


def test_the_feed_lists_rulings_newest_first_added_or_changed(history):
    for loc in project_locales():
        feed = ET.fromstring(outputs(history)[f"{loc}/feed"])
        entries = [(e.findtext(f"{ATOM}id"), e.findtext(f"{ATOM}updated"), e.find(f"{ATOM}category"))
                   for e in feed.findall(f"{ATOM}entry")]
        rulings = [(urn, when, cat.get("term")) for urn, when, cat in entries if cat is not None]
        assert rulings[0][0] == "urn:rulings:" + IDS[1].replace("/", ":")
        assert rulings[0][1:] == ("2024-02-03T11:00:00Z", "changed")
        assert {(when, kind) for _, when, kind in rulings[1:]} == {("2024-01-02T10:00:00Z", "added")}
        assert len(rulings) == len(IDS)
        updated = [when for _, when, _ in entries]
        assert updated == sorted(updated, reverse=True)


def test_two_clones_of_one_commit_give_the_same_bytes(history, tmp_path):
    clone = tmp_path / "elsewhere" / "clone"
    subprocess.run(["git", "clone", "-q", str(history), str(clone)], check=True, capture_output=True)
    assert outputs(clone) == outputs(history)


def test_uncommitted_edits_do_not_date_anything(history, tmp_path):
    """Lines not committed yet count for nothing (git would date them by the clock)."""
    clone = tmp_path / "dirty"
    subprocess.run(["git", "clone", "-q", str(history), str(clone)], check=True, capture_output=True)
    path = clone / "content" / "demo" / "rulings.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("Answer 2.", "Answer 2, edited."), encoding="utf-8")
    assert listed(outputs(clone)["en/page"]) == listed(outputs(history)["en/page"])


def test_without_history_the_page_says_so(history, tmp_path):
    copy = tmp_path / "tarball"
    shutil.copytree(history, copy, ignore=shutil.ignore_patterns(".git"))
    md = outputs(copy)["en/page"].decode()
    assert UI.load(REPO / "locales", "en").t(recent.NO_GIT).replace("'", "&#x27;") in md
    ui = UI.load(REPO / "locales", "en")
    assert "<li><time" not in md and ui.t(recent.NONE_DATED) in md  # the demo's entries carry no dates
