"""`rulings merge` reads parts built on other machines as untrusted: a part that is not as `rulings build --part`
writes it, or parts that do not make one site of this checkout, are refused in one line (exit 2) before anything
is built, and nothing outside the given folders is read. The parts here are written by hand (a page or two each,
no mkdocs): tests/web/test_parts.py builds real ones and compares their merge with a whole build."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import build_tree, new_locale, project_locales, site_inputs
from rulings.build.inputs import inputs_digest
from rulings.build.part import PART_FILE, UNLISTED, PartManifest
from rulings.cli.main import main
from rulings.publish.manifest import listing
from rulings.publish.manifest import verify as verify_site

NEW = new_locale()
"""A locale the site does not have (nor any game is written in)."""

EPOCH = "1700000000"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small project to merge in (the current folder), with a file outside it that no merge may read."""
    repo = site_inputs(tmp_path)
    build_tree(repo)
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "key.html").write_text("private\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return repo


def fake_part(repo: Path, locale: str, **fields: object) -> Path:
    """What `rulings build --part LOCALE --no-bundles` writes, a page or two of it, into repo/parts/LOCALE."""
    folder = repo / "parts" / locale
    for rel, text in ((f"site/{locale}/index.html", f"<p>{locale}</p>"), (f"site/{locale}/demo/x.html", "x")):
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    manifest = PartManifest(locale, tuple(project_locales()), None, int(EPOCH), inputs_digest(repo, repo / "content"),
                            None, False, False, ())
    write_manifest(folder, {**manifest.data(listing(folder, UNLISTED)), **fields})
    return folder


def write_manifest(folder: Path, data: dict) -> None:
    (folder / PART_FILE).write_text(json.dumps(data), encoding="utf-8")


def part_data(folder: Path) -> dict:
    return json.loads((folder / PART_FILE).read_text(encoding="utf-8"))


def merge(*args: str) -> tuple[int, list[str]]:
    """`rulings merge ARGS` in the current folder: its exit code and the lines it printed on stderr."""
    r = CliRunner().invoke(main, ["merge", *args])
    return r.exit_code, r.stderr.splitlines()


def parts(repo: Path) -> list[str]:
    return [str(fake_part(repo, loc).relative_to(repo)) for loc in project_locales()]


def test_parts_written_as_a_build_writes_them_merge_into_a_site_that_verifies(repo):
    code, errors = merge(*parts(repo), "--out", "site")
    assert (code, errors) == (0, [])
    site = repo / "site"
    assert (site / project_locales()[0] / "demo" / "x.html").read_text(encoding="utf-8") == "x"
    assert (site / "index.html").is_file() and (site / "api" / "v1" / "all.json").is_file()
    assert verify_site(site).ok


def _link(target: Path, link: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)


def _relist(folder: Path) -> None:
    """part.json listing the folder as it is now (as a hostile builder would write it)."""
    write_manifest(folder, {**part_data(folder), "files": listing(folder, UNLISTED)})


HOSTILE: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "a path out of the folder": (lambda part, secret: write_manifest(part, {**part_data(part), "files": [
        *part_data(part)["files"], {"path": "site/en/../../../secret/key.html", "size": 8, "sha256": "0" * 64}]}),
        "unsafe path"),
    "an absolute path": (lambda part, secret: write_manifest(part, {**part_data(part), "files": [
        {"path": str(secret / "key.html"), "size": 8, "sha256": "0" * 64}]}), "unsafe path"),
    "another locale's page": (lambda part, secret: (
        (part / "site" / "it").mkdir(), (part / "site" / "it" / "index.html").write_text("mine"), _relist(part)),
        "'site/it/index.html', which is no file of locale en's part"),
    "the site's own manifest": (lambda part, secret: (
        (part / "site" / "manifest.json").write_text("{}"), _relist(part)), "'site/manifest.json', which is no"),
    "a symlink to a file outside": (lambda part, secret: _link(secret / "key.html", part / "site/en/key.html"),
                                    "symlink: site/en/key.html"),
    "a symlinked folder": (lambda part, secret: _link(secret, part / "site/en/assets"), "symlink: site/en/assets"),
    "part.json a symlink": (lambda part, secret: (
        shutil.move(part / PART_FILE, secret / PART_FILE), _link(secret / PART_FILE, part / PART_FILE)),
        f"no {PART_FILE} (or not a plain file)"),
    "a FIFO": (lambda part, secret: os.mkfifo(part / "site/en/pipe"), "site/en/pipe is a FIFO"),
    "an unlisted file": (lambda part, secret: (part / "site/en/extra.html").write_text("x"),
                         "does not list, such as 'site/en/extra.html'"),
    "a listed file missing": (lambda part, secret: (part / "site/en/demo/x.html").unlink(),
                              "'site/en/demo/x.html' is listed in its part.json but missing"),
    "an altered file": (lambda part, secret: (part / "site/en/demo/x.html").write_text("y"),
                        "'site/en/demo/x.html' is not the file its part.json lists"),
    "a locale that is a path": (lambda part, secret: write_manifest(part, {**part_data(part), "locale": "../en"}),
                                "locale is missing or not as a build writes it"),
    "no home page": (lambda part, secret: ((part / "site/en/index.html").unlink(), _relist(part)),
                     "lists no site/en/index.html: not a whole part"),
    "a bundle it does not hold": (lambda part, secret: write_manifest(part, {**part_data(part), "bundles": True,
        "downloads": [{"kind": k, "locale": "en", "filename": f"rulings-en.{k}", "size": 1} for k in ("zip", "zim")]}),
        "lists no site/downloads/rulings-en."),
    "no JSON": (lambda part, secret: (part / PART_FILE).write_text("{"), f"{PART_FILE} is not JSON"),
    "no part at all": (lambda part, secret: write_manifest(part, {"files": []}), "is not a build part's"),
}


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_a_hostile_part_is_refused_in_one_line_and_nothing_is_built(repo, hostile):
    folders = parts(repo)
    spoil, why = HOSTILE[hostile]
    spoil(repo / "parts" / "en", repo.parent / "secret")
    code, errors = merge(*folders, "--out", "site")
    assert code == 2, errors
    assert len(errors) == 1 and errors[0].startswith("Error: parts/en: ") and why in errors[0], errors
    assert not (repo / "site").exists()
    assert "private" not in json.dumps(errors)


def test_parts_that_make_no_one_site_are_refused_one_line_each(repo):
    en, it, *rest = parts(repo)
    shutil.copytree(repo / en, repo / "parts" / "en-again")
    once = "both hold locale en: give each locale's part once"
    for folders, line in [
        ([en, *rest], f"no part holds locale it (the site's locales: {', '.join(project_locales())}): build it with "
                      "rulings build --part it"),
        ([en, en, it, *rest], f"{en} and {en} {once}"),
        ([en, it, *rest, "parts/en-again"], f"{en} and parts/en-again {once}"),
    ]:
        code, errors = merge(*folders, "--out", "site")
        assert code == 2 and errors == [f"Error: {line}"]
    assert not (repo / "site").exists()


@pytest.mark.parametrize(("field", "value", "line"), [
    ("commit", "a" * 40, "parts/it was built from commit aaaa"),
    ("inputs", "b" * 64, "parts/it was built from other inputs than this checkout"),
    ("source_date_epoch", 1, "parts/it has source date 1, this checkout 1700000000"),
    ("site_url", "https://rules.example.org/", "parts/it and parts/en are parts of different builds: their site_url"),
    ("locales", ["en", "it"], "parts/it and parts/en are parts of different builds: their locales differ"),
])
def test_a_part_of_another_build_is_refused(repo, field, value, line):
    folders = parts(repo)
    write_manifest(repo / "parts" / "it", {**part_data(repo / "parts" / "it"), field: value})
    code, errors = merge(*folders, "--out", "site")
    assert code == 2 and len(errors) == 1 and errors[0].startswith(f"Error: {line}"), errors


def test_parts_of_other_content_than_the_checkout_are_refused(repo):
    folders = parts(repo)
    rulings = repo / "content" / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("Yes.", "No."), encoding="utf-8")
    code, errors = merge(*folders, "--out", "site")
    assert code == 2 and errors == [
        "Error: parts/en was built from other inputs than this checkout (its content, UI catalogs, site config, "
        "guides, code or package versions differ): build every part from the tree you merge in"]


def test_the_merge_never_writes_into_a_part(repo):
    folders = parts(repo)
    code, errors = merge(*folders, "--out", "parts/en")
    assert code == 2 and errors == ["Error: --out parts/en overlaps the part parts/en: merge into another folder"]
    code, errors = merge(*folders, "--out", "parts")
    assert code == 2 and errors[0].startswith("Error: --out parts overlaps the part parts/en")


@pytest.mark.parametrize(("args", "line"), [
    (["--locale", "en", "--part", "it"], "Invalid value for --part: it is not one of the locales built (en)"),
    (["--part", "../it"], "Error: --part '../it' is no locale tag"),
    (["--part", NEW], f"Error: --part {NEW} is not one of the site's locales ({', '.join(project_locales())})"),
])
def test_a_part_of_no_locale_of_the_site_is_refused(repo, args, line):
    r = CliRunner().invoke(main, ["build", "--no-bundles", *args])
    assert r.exit_code == 2 and line in r.stderr, r.output
    assert not (repo / "parts").exists()
