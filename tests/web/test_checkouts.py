"""Nothing a reader sees depends on git history (issue 28, item 4): one commit of a small project built from a full
clone, from a shallow clone (``git clone --depth 1``, what CI systems check out) and from a ``git archive`` tarball
unpacked inside an unrelated repository gives the same bytes in every page, feed and export. The only difference is
the commit ``meta.json`` and the manifest name: the clones name theirs, the tarball none (the repository around it
does not track its content, so none of its commits is taken)."""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import build_tree, commit_all, run_git, site_inputs, write
from rulings.build.workers import source_date_epoch
from rulings.cli.main import main
from rulings.content.codec import entries_file_to_data
from rulings.model.entries import Change, Provenance, Ruling
from rulings.model.text import Text
from rulings.vcs import head_commit

PROV = [Provenance("doc", (1, 2))]
META = "api/v1/meta.json"
MANIFEST = "manifest.json"
NAMING_THE_COMMIT = {META, META + ".sha256", MANIFEST}


def ruling(slug: str) -> Ruling:
    return Ruling(f"demo/ruling/{slug}", "en", PROV, question=Text("en", f"Is {slug} so?"), answer=Text("en", "Yes."),
                  about=["demo/card/sword"])


@pytest.fixture(scope="module")
def origin(tmp_path_factory) -> Path:
    """A project with three commits: the content, a change log dating one ruling, then an edit of another ruling
    (so a shallow clone lacks history a full one has)."""
    repo = site_inputs(tmp_path_factory.mktemp("checkouts") / "origin")
    content = build_tree(repo, rulings=[ruling("a"), ruling("b")])
    commit_all(repo, "2024-01-02T10:00:00+00:00")
    change = Change("demo/change/2003-05-01", "en", PROV, date="2003-05-01", date_printed="May 1, 2003",
                    text=Text("en", "Sword FAQ"), touches=["demo/card/sword", "demo/ruling/a"])
    write(content / "demo" / "changelog.yml", entries_file_to_data("changelog", "demo", [change]), repo / "schemas")
    commit_all(repo, "2024-02-03T10:00:00+00:00")
    rulings = content / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("Yes.", "Yes, always.", 1), encoding="utf-8")
    commit_all(repo, "2024-03-04T10:00:00+00:00")
    return repo


def build(project: Path, epoch: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """``rulings build --no-bundles`` in ``project``; every file of the site, by path."""
    monkeypatch.chdir(project)
    r = CliRunner().invoke(main, ["build", "--out", "site", "--no-bundles"], env={"SOURCE_DATE_EPOCH": epoch})
    assert r.exit_code == 0, r.output
    site = project / "site"
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def builds(origin, tmp_path_factory) -> dict[str, tuple[Path, dict[str, bytes]]]:
    where = tmp_path_factory.mktemp("built")
    full, shallow = where / "full", where / "shallow"
    subprocess.run(["git", "clone", "-q", str(origin), str(full)], check=True, capture_output=True)
    subprocess.run(["git", "clone", "-q", "--depth", "1", origin.as_uri(), str(shallow)], check=True,
                   capture_output=True)
    assert run_git(shallow, "rev-list", "--count", "HEAD").strip() == "1"  # the history is really gone
    unrelated = where / "unrelated"
    unrelated.mkdir()
    (unrelated / "notes.txt").write_text("mine\n", encoding="utf-8")
    commit_all(unrelated, "2020-01-01T00:00:00+00:00")
    tarball = unrelated / "downloads" / "rulings"
    tarball.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(origin), "archive", "--format=tar", "HEAD"], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tarball, filter="data")
    epoch = source_date_epoch(full)  # the tarball's build is given the clone's date, as reproducible builds do
    with pytest.MonkeyPatch.context() as mp:
        return {name: (path, build(path, epoch, mp))
                for name, path in (("full", full), ("shallow", shallow), ("tarball", tarball))}


def test_a_full_and_a_shallow_clone_build_the_same_bytes(builds):
    (_, full), (_, shallow) = builds["full"], builds["shallow"]
    assert sorted(full) == sorted(shallow)
    assert [name for name in full if full[name] != shallow[name]] == []
    assert any(name.endswith("/demo/whats-new/index.html") for name in full)
    assert any(name.endswith("/demo/feed.xml") for name in full)


def test_without_source_date_epoch_both_clones_date_the_build_alike(builds):
    (full, _), (shallow, _) = builds["full"], builds["shallow"]
    assert source_date_epoch(full) == source_date_epoch(shallow)  # the commit's own date, which both have
    assert head_commit(full / "content") == head_commit(shallow / "content")


def test_a_tarball_builds_the_same_pages_feeds_and_exports(builds):
    (_, full), (_, tarball) = builds["full"], builds["tarball"]
    assert sorted(full) == sorted(tarball)
    assert [name for name in full if full[name] != tarball[name] and name not in NAMING_THE_COMMIT] == []


def test_only_a_checkout_that_owns_the_content_names_a_commit(builds, origin):
    commit = run_git(origin, "rev-parse", "HEAD").strip()
    for name in ("full", "shallow"):
        files = builds[name][1]
        assert json.loads(files[META])["commit"] == commit and json.loads(files[MANIFEST])["commit"] == commit
    files = builds["tarball"][1]
    meta, manifest = json.loads(files[META]), json.loads(files[MANIFEST])
    assert meta["commit"] is None and manifest["commit"] is None  # not the unrelated repository's
    clone_meta = json.loads(builds["full"][1][META])
    assert {**meta, "commit": commit} == clone_meta
    clone_manifest = json.loads(builds["full"][1][MANIFEST])
    listed = lambda m: [f for f in m["files"] if f["path"] not in NAMING_THE_COMMIT]  # noqa: E731
    assert listed(manifest) == listed(clone_manifest)
    assert {k: v for k, v in manifest.items() if k not in ("commit", "files")} == \
        {k: v for k, v in clone_manifest.items() if k not in ("commit", "files")}


def test_the_dates_come_from_the_content(builds):
    """The change log dates ruling a; the document dates b; no commit date (2024) is shown anywhere."""
    _, full = builds["full"]
    page = full["en/demo/card/sword/index.html"].decode()
    assert 'datetime="2003-05-01"' in page and 'datetime="2003-01-02"' in page
    for name, data in full.items():
        if name.endswith((".html", ".xml")) and not name.endswith("sitemap.xml"):
            assert b'datetime="2024' not in data and b"<updated>2024" not in data, name
