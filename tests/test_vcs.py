"""No value from git stops or falsifies a build (issue 26, item 2): commit times out of range or in the future
are ignored with one warning naming the commit and what it dated; a bad SOURCE_DATE_EPOCH is a one-line error;
an unpacked copy inside an unrelated repository does not take its commits; git runs bounded and runs nothing
the checkout's configuration names."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from click.testing import CliRunner, Result

from conftest import build_tree, commit_all, run_git, site_inputs
from rulings.build.workers import source_date_epoch
from rulings.cli.main import main
from rulings.content.tree import read
from rulings.exchange.credit import FileHistory
from rulings.site.layout import build_model
from rulings.translation.history import History, source_date
from rulings.vcs import LATEST_TIME, git, head, head_commit, head_time, time_problem

if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)

BAD_DATES = {
    "year-10000": "@253402300800 +0000",  # was: Error: ValueError: year 10000 is out of range (exit 2)
    "errno-75": "@99999999999999999 +0000",  # was: Error: OSError: [Errno 75] Value too large (exit 2)
    "year-2099": "2099-01-01T00:00:00+00:00",  # was: accepted, data_version 0.1.0+20990101
}
GOOD = "2024-01-02T10:00:00+00:00"
GOOD_DAY = "20240102"
RULINGS = Path("content/demo/rulings.yml")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project (site inputs and a small content tree) as the working directory, without SOURCE_DATE_EPOCH."""
    repo = site_inputs(tmp_path)
    build_tree(repo)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    monkeypatch.chdir(repo)
    return repo


def with_bad_commit(repo: Path, when: str) -> str:
    """A good first commit, then one dated ``when`` that changes the rulings; the bad commit's id."""
    commit_all(repo, GOOD)
    path = repo / RULINGS
    path.write_text(path.read_text(encoding="utf-8").replace("Yes.", "Yes, twice."), encoding="utf-8")
    return commit_all(repo, when)


def cli(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), env=env)


def warnings_about(text: str, commit: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("warning: ") and commit[:12] in line]


# --- commit times ------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["", "-5", "12abc", " 12", "1e9", "١٢٣", "１２", "12.5", str(LATEST_TIME + 1),
                                 "99999999999999999", "9" * 400])
def test_times_that_are_no_seconds_from_1970_to_9999_are_refused(raw, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert time_problem(raw)


def test_a_time_in_the_future_is_refused_one_up_to_now_is_used(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    now = int(time.time())
    assert time_problem("0") is None and time_problem(str(now)) is None
    assert "future" in time_problem(str(now + 86_400))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1704189600")  # the build's source date bounds commits, not the clock
    assert time_problem("1704189600") is None
    assert "SOURCE_DATE_EPOCH" in time_problem("1704189601")


@pytest.mark.parametrize("when", BAD_DATES.values(), ids=BAD_DATES.keys())
def test_a_bad_commit_dates_nothing_and_is_warned_once(project, when, capsys):
    bad = with_bad_commit(project, when)
    model = build_model(read(project / "content"))  # no reader-facing date comes from git: the content's own
    assert {d.date for d in model.content.dates.values()} == {"2003-01-02"}
    assert head_time(project / "content") == int(run_git(project, "log", "-1", "--format=%ct", "HEAD~1"))
    assert head_commit(project / "content") == bad  # the id is no date: still named
    assert source_date(project / "content", "demo").strftime("%Y%m%d") == GOOD_DAY
    warned = warnings_about(capsys.readouterr().err, bad)
    assert len(warned) == 1, warned
    assert "(dating HEAD)" in warned[0] and "ignored" in warned[0]


def test_a_checkout_whose_only_commit_is_bad_dates_the_build_1970(project, capsys):
    bad = commit_all(project, BAD_DATES["year-10000"])
    assert head_time(project / "content") is None
    assert source_date_epoch(project) == "0"
    assert "(dating HEAD)" in warnings_about(capsys.readouterr().err, bad)[0]


def test_the_build_source_date_bounds_commit_times(project, monkeypatch, capsys):
    first = commit_all(project, GOOD)
    second = commit_all(project, "2024-03-04T10:00:00+00:00")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", run_git(project, "log", "-1", "--format=%ct", first).strip())
    assert head_time(project / "content") == int(run_git(project, "log", "-1", "--format=%ct", first))
    assert "after the build's source date" in warnings_about(capsys.readouterr().err, second)[0]


@pytest.mark.parametrize("when", BAD_DATES.values(), ids=BAD_DATES.keys())
def test_translate_export_with_a_bad_commit_exits_0_dated_by_the_good_one(project, when):
    bad = with_bad_commit(project, when)
    r = cli("translate", "export", "--locale", "it", "--out", "po")
    assert r.exit_code == 0, r.output
    assert len(warnings_about(r.stderr, bad)) == 1, r.stderr
    assert '"POT-Creation-Date: 2024-01-02 10:00+0000\\n"' in (project / "po" / "demo.it.po").read_text("utf-8")


@pytest.mark.build
@pytest.mark.parametrize("when", BAD_DATES.values(), ids=BAD_DATES.keys())
def test_build_with_a_bad_commit_exits_0_dated_by_the_good_one(project, when):
    bad = with_bad_commit(project, when)
    r = cli("build", "--out", "site", "--no-bundles", "--locale", "en")
    assert r.exit_code == 0, r.output
    assert len(warnings_about(r.stderr, bad)) == 1, r.stderr
    meta = json.loads((project / "site" / "api" / "v1" / "meta.json").read_text("utf-8"))
    assert meta["data_version"].endswith("+" + GOOD_DAY) and meta["commit"] == bad
    manifest = json.loads((project / "site" / "manifest.json").read_text("utf-8"))
    assert manifest["source_date"].startswith("2024-01-02") and manifest["commit"] == bad
    sitemap = (project / "site" / "en" / "sitemap.xml").read_text("utf-8")
    assert "2099" not in sitemap and "10000" not in sitemap


# --- SOURCE_DATE_EPOCH --------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["abc", "-5", "1e9", "12.5", "１２", str(LATEST_TIME + 1), "1" * 500])
@pytest.mark.parametrize("command", [["build", "--out", "site", "--no-bundles"],
                                     ["translate", "export", "--locale", "it", "--out", "po"]], ids=["build", "export"])
def test_a_bad_source_date_epoch_is_a_one_line_error(project, value, command):
    r = cli(*command, env={"SOURCE_DATE_EPOCH": value})
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: SOURCE_DATE_EPOCH=") and "unset it" in lines[0], lines
    assert len(lines[0]) < 300  # a long value is cut, not echoed whole
    assert not (project / "site").exists() and not (project / "po").exists()


def test_a_good_or_empty_source_date_epoch_is_used(project, monkeypatch):
    commit_all(project, GOOD)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 86400 ")
    assert source_date_epoch(project) == "86400"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")  # empty is unset (the reproducible-builds rule)
    assert source_date_epoch(project) == run_git(project, "log", "-1", "--format=%ct").strip()


# --- which checkout counts ---------------------------------------------------------------------


def unrelated_repo_with_a_copy(tmp_path: Path) -> tuple[Path, Path]:
    """An unrelated repository (one commit, dated 2020) with an unpacked, untracked copy of a project inside."""
    outer = tmp_path / "outer"
    outer.mkdir()
    (outer / "notes.txt").write_text("mine\n", encoding="utf-8")
    commit_all(outer, "2020-01-01T00:00:00+00:00")
    repo = site_inputs(outer / "downloads" / "rulings-1.0")
    build_tree(repo)
    return outer, repo


def test_an_unpacked_copy_inside_an_unrelated_repository_takes_none_of_its_commits(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    outer, repo = unrelated_repo_with_a_copy(tmp_path)
    assert run_git(repo, "rev-parse", "--show-toplevel").strip() == str(outer)  # git alone would answer
    assert head(repo / "content") is None and head_commit(repo / "content") is None
    assert source_date_epoch(repo) == "0"
    assert source_date(repo / "content").year == 1970
    warned = [line for line in capsys.readouterr().err.splitlines() if "does not track it" in line]
    assert len(warned) == 1 and str(outer) in warned[0]


def test_a_project_tracked_in_a_folder_of_a_larger_repository_counts(tmp_path):
    outer, repo = unrelated_repo_with_a_copy(tmp_path)
    commit = commit_all(outer, GOOD)  # now the larger repository tracks it: its history is the content's
    assert head(repo / "content") is not None and head_commit(repo / "content") == commit


def test_git_location_variables_do_not_send_git_to_another_repository(tmp_path, monkeypatch):
    outer, repo = unrelated_repo_with_a_copy(tmp_path)
    own = commit_all(repo, GOOD)
    monkeypatch.setenv("GIT_DIR", str(outer / ".git"))  # as a git hook would have it
    monkeypatch.setenv("GIT_WORK_TREE", str(outer))
    assert head_commit(repo / "content") == own


# --- git runs bounded, and runs nothing the checkout configures ----------------------------------


def test_git_answers_are_bounded_in_size_and_time(project, capsys):
    commit_all(project, GOOD)
    spec = "HEAD:content/demo/sources/doc.txt"
    assert git(project, "cat-file", "blob", spec) == "line one\nline two\nline three\nline four\n"
    assert git(project, "cat-file", "blob", spec, limit=10) is None
    assert git(project, "cat-file", "-p", spec, timeout=0) is None
    err = capsys.readouterr().err
    assert "answered more than" in err and "took more than 0 s" in err and err.count("warning: ") == 2


def test_git_runs_no_program_the_checkout_configures(project, tmp_path):
    """A copy received with its .git folder: a pager, an fsmonitor hook, a textconv and a filter driver, gpg for
    signatures. Plain git runs some of them on the very calls a build makes; ours run none."""
    commit_all(project, GOOD)
    ran = tmp_path / "ran"
    ran.mkdir()
    evil = tmp_path / "evil.sh"
    evil.write_text(f'#!/bin/sh\ntouch "{ran}/$1"\ncat "$2" 2>/dev/null\n', encoding="utf-8")
    evil.chmod(0o755)
    for key, what in (("core.fsmonitor", "fsmonitor"), ("core.pager", "pager"), ("diff.evil.textconv", "textconv"),
                      ("filter.evil.clean", "clean"), ("filter.evil.smudge", "smudge"), ("gpg.program", "gpg")):
        run_git(project, "config", key, f"{evil} {what}")
    run_git(project, "config", "log.showSignature", "true")
    (project / ".gitattributes").write_text("*.yml diff=evil filter=evil\n", encoding="utf-8")
    commit_all(project, GOOD, "attributes")
    path = project / RULINGS
    path.write_text(path.read_text(encoding="utf-8") + "# an edit not committed yet\n", encoding="utf-8")
    run_git(project, "blame", "--porcelain", "--", str(RULINGS))
    assert {"fsmonitor", "textconv", "clean"} <= {p.name for p in ran.iterdir()}  # the trap works on plain git
    for p in ran.iterdir():
        p.unlink()
    assert head(project / "content") is not None
    History().previous_source(path, "demo/ruling/sword-twice", "answer", "0" * 64)
    source_date(project / "content", "demo")
    FileHistory(path).credit("x", Message("a", context="x"), lambda m: False)
    assert not list(ran.iterdir()), sorted(p.name for p in ran.iterdir())


def test_no_git_installed_is_no_history(project, monkeypatch):
    commit_all(project, GOOD)
    monkeypatch.setenv("PATH", os.devnull)
    assert head(project / "content") is None and head_commit(project / "content") is None
