"""What's new (issue 28, item 2): a game's updates by the dates its documents print, newest first, each with what it
dates ("Sword FAQ, May 1, 2003: 2 rulings"), a suspect change log entry where the log prints it, the Atom feed
listing the same; nothing from git: a repository whose last commit is dated 2099, a shallow clone of it and a copy
without history give the same bytes."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import REPO, build_tree, commit_all, project_locales, repo_model, write
from rulings.content.codec import entries_file_to_data
from rulings.content.dating import Basis, updates
from rulings.content.tree import read
from rulings.model.entries import Change, Provenance, Ruling, RulingStatus, StatusChange
from rulings.model.text import Text
from rulings.publish.feeds import atom
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import LocaleRenderer, whats_new

ATOM = "{http://www.w3.org/2005/Atom}"
PROV = [Provenance("doc", (1, 2))]
DOC_DATE = "2003-01-02"  # the demo document's printed date (conftest)


def ruling(slug: str, **kw) -> Ruling:
    return Ruling(f"demo/ruling/{slug}", "en", PROV, question=Text("en", f"Is {slug} so?"), answer=Text("en", "Yes."),
                  about=["demo/card/sword"], **kw)


CHANGES = [
    Change("demo/change/2003-05-01", "en", PROV, date="2003-05-01", date_printed="May 1, 2003",
           text=Text("en", "Sword FAQ"), touches=["demo/card/sword", "demo/ruling/a", "demo/ruling/b"]),
    Change("demo/change/2003-07-01", "en", PROV, date="2003-07-01", date_printed="Jul 1, 2003",
           text=Text("en", "Sword again"), touches=["demo/ruling/b"]),
    Change("demo/change/2003-02-01", "en", PROV, date="2003-02-01", date_printed="Feb 1, 2003",
           text=Text("en", "Printed out of order"), touches=["demo/ruling/c"], suspect_date=True),
]
EDIT = StatusChange(RulingStatus.CURRENT, Text("en", "Edited."), date="2002-12-24")


def tree(root: Path) -> Path:
    content = build_tree(root, rulings=[ruling("a"), ruling("b"), ruling("c"), ruling("d"),
                                        ruling("e", history=[EDIT])])
    write(content / "demo" / "changelog.yml", entries_file_to_data("changelog", "demo", CHANGES), root / "schemas")
    return content


def outputs(content: Path) -> dict[str, bytes]:
    """Each locale's What's new page (Markdown) and feed of the demo game."""
    model = build_model(read(content))
    out = {}
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        pages = {p.path: p for p in LocaleRenderer(model, loc, ui).render().pages}
        out[f"{loc}/page"] = pages[P.whats_new_page("demo")].markdown.encode("utf-8")
        out[f"{loc}/feed"] = atom(model, model.games["demo"], loc, ui)
    return out


def headings(markdown: bytes) -> list[str]:
    return re.findall(r"^## (.*?) \{", markdown.decode(), re.M)


def test_updates_newest_first_each_with_what_it_dates(tmp_path):
    model = build_model(read(tree(tmp_path)))
    gd = model.games["demo"]
    found = updates(gd.game, gd.entries, model.content.dates)
    assert [(u.basis, u.source) for u in found] == [
        (Basis.CHANGE, "demo/change/2003-02-01"),  # printed after July: placed there, dated as printed
        (Basis.CHANGE, "demo/change/2003-07-01"), (Basis.CHANGE, "demo/change/2003-05-01"),
        (Basis.DOCUMENT, "doc"), (Basis.HISTORY, "doc")]
    entries = {u.source + u.basis.value: u.entries for u in found}
    assert entries["demo/change/2003-05-01change"] == ["demo/ruling/a"]  # b: under its later change
    assert entries["demo/change/2003-07-01change"] == ["demo/ruling/b"]
    assert entries["docdocument"] == ["demo/ruling/d", "demo/term/adjacent"]
    assert entries["dochistory"] == ["demo/ruling/e"]
    assert found[2].named == ["demo/card/sword"]


def test_the_page_titles_each_update_with_its_date_and_count(tmp_path):
    out = outputs(tree(tmp_path))
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        shown = headings(out[f"{loc}/page"])
        one = ui.n(whats_new.COUNTS[Ruling], 1)
        assert shown[2] == ui.t("{what}, {date}: {counts}", what="Sword FAQ", date=ui.date("2003-05-01"), counts=one)
        assert ui.date("2003-02-01") in shown[0] and ui.t(whats_new.SUSPECT_PLACED, printed="Feb 1, 2003") \
            .replace("'", "&#x27;") in out[f"{loc}/page"].decode()
        assert len(shown) == 5


def test_the_feed_lists_the_same_updates_titled_the_same(tmp_path):
    out = outputs(tree(tmp_path))
    for loc in project_locales():
        feed = ET.fromstring(out[f"{loc}/feed"])
        titles = [e.findtext(f"{ATOM}title") for e in feed.findall(f"{ATOM}entry")]
        page = [re.sub(r"\\(.)", r"\1", h) for h in headings(out[f"{loc}/page"])]
        assert titles == [ET.fromstring(f"<t>{h}</t>").text for h in page]
        updated = [e.findtext(f"{ATOM}updated") for e in feed.findall(f"{ATOM}entry")]
        assert updated[0] == "2003-02-01T00:00:00Z" and updated[1] == "2003-07-01T00:00:00Z"
        assert feed.findtext(f"{ATOM}updated") == "2003-07-01T00:00:00Z"  # the newest date, not the first entry's
        ids = [e.findtext(f"{ATOM}id") for e in feed.findall(f"{ATOM}entry")]
        assert ids[:3] == ["urn:rulings:demo:change:2003-02-01", "urn:rulings:demo:change:2003-07-01",
                           "urn:rulings:demo:change:2003-05-01"]


def test_a_game_whose_documents_print_no_dates_says_so(tmp_path):
    content = build_tree(tmp_path, rulings=[ruling("a")])
    game = content / "demo" / "game.yml"
    game.write_text("".join(line for line in game.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.lstrip().startswith(("date:", "date_printed:"))), encoding="utf-8")
    out = outputs(content)
    ui = UI.load(REPO / "locales", "en")
    assert ui.t(whats_new.NONE_DATED, game="Demo").replace("'", "&#x27;") in out["en/page"].decode()
    assert headings(out["en/page"]) == [] and b"<entry>" not in out["en/feed"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_history_dates_nothing(tmp_path):
    """A repository of two commits, the second dated 2099 and editing a ruling; a shallow clone of it; a copy
    without .git: the same What's new and feed, by the content's dates alone."""
    repo = tmp_path / "repo"
    content = tree(repo)
    commit_all(repo)
    path = content / "demo" / "rulings.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("Yes.", "Yes, really.", 1), encoding="utf-8")
    commit_all(repo, "2099-01-01T00:00:00+00:00")
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", repo.as_uri(), str(shallow)], check=True,
                   capture_output=True)
    copy = tmp_path / "copy"
    shutil.copytree(repo, copy, ignore=shutil.ignore_patterns(".git"))
    first = outputs(content)
    assert outputs(shallow / "content") == first == outputs(copy / "content")
    for data in first.values():
        assert b"2099" not in data


def test_the_real_games_what_s_new():
    """Each game's updates: every dated ruling, erratum and term is under exactly one, except those a document
    dates only by its change log (the version date says nothing of when they came)."""
    model = repo_model()
    for gid, gd in model.games.items():
        found = updates(gd.game, gd.entries, model.content.dates)
        listed = [e for u in found for e in u.entries]
        assert len(listed) == len(set(listed)), gid
        dated = {e.id for e in gd.entries if e.id in model.content.dates
                 and (model.content.dates[e.id].basis is not Basis.DOCUMENT or model.content.dates[e.id].printed)}
        assert set(listed) == dated, gid
        placed = [u.placement for u in found]
        assert placed == sorted(placed, reverse=True), gid
