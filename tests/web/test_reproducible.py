"""Reproducible builds: the same tree, copied to two folders and built there by two processes with different
PYTHONHASHSEED values, gives the same bytes in every output file, offline bundles and Kiwix archives included,
and no output names the folder it was built in."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from conftest import project_locales, repo_content

DOWNLOADS = "downloads"
MANIFEST = "manifest.json"  # hashes every file, the bundles too


def files(root: Path) -> dict[str, Path]:
    return {p.relative_to(root).as_posix(): p for p in sorted(root.rglob("*")) if p.is_file()}


def differing(first: dict[str, bytes], second: dict[str, bytes]) -> list[str]:
    assert sorted(first) == sorted(second)
    return [name for name in first if first[name] != second[name]]


def zip_members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def zim_entries(path: Path) -> dict[str, bytes]:
    from libzim.reader import Archive

    z = Archive(str(path))
    out = {}
    for i in range(z.all_entry_count):
        e = z._get_entry_by_id(i)
        data = f"-> {e.get_redirect_entry().path}".encode() if e.is_redirect else bytes(e.get_item().content)
        out[e.path] = data
    out.update({f"M/{k}": bytes(z.get_metadata(k)) for k in z.metadata_keys})
    return out


def test_the_same_files(built_site, second_site):
    assert sorted(files(built_site)) == sorted(files(second_site))
    assert any(name.startswith(f"{DOWNLOADS}/") for name in files(built_site))  # the bundles are compared too


def test_every_page_feed_and_export_is_byte_identical(built_site, second_site):
    def outside_downloads(root: Path) -> dict[str, bytes]:
        return {n: p.read_bytes() for n, p in files(root).items()
                if not n.startswith(f"{DOWNLOADS}/") and n != MANIFEST}

    assert differing(outside_downloads(built_site), outside_downloads(second_site)) == []


@pytest.mark.parametrize("kind", ["zip", "zim"])
def test_every_file_inside_the_bundles_is_identical(built_site, second_site, kind):
    read = zip_members if kind == "zip" else zim_entries
    bundles = sorted((built_site / DOWNLOADS).glob(f"*.{kind}"))
    assert bundles
    for bundle in bundles:
        first, second = read(bundle), read(second_site / DOWNLOADS / bundle.name)
        assert differing(first, second) == [], bundle.name


def test_recently_changed_pages_and_feeds_are_among_the_compared(built_site, second_site):
    """Each game's Recently changed page and feed, in every locale, exist in both builds (so the comparison
    above covers them; tests/test_recency.py compares them from two clones of one commit with history)."""
    both = set(files(built_site)) & set(files(second_site))
    for loc in project_locales():
        for game in repo_content().games:
            assert {f"{loc}/{game}/recent/index.html", f"{loc}/{game}/feed.xml"} <= both, (loc, game)


def test_bundles_and_manifest_are_byte_identical(built_site, second_site):
    def bundles(root: Path) -> dict[str, bytes]:
        return {n: p.read_bytes() for n, p in files(root).items() if n.startswith(f"{DOWNLOADS}/") or n == MANIFEST}

    assert differing(bundles(built_site), bundles(second_site)) == []


def test_no_output_names_the_folder_it_was_built_in(built_site):
    """Neither the build folder nor its parent appears in any file, zip member or ZIM entry (a link once
    resolved against it: ``tmp/<build folder>/main/…``)."""
    tree = built_site.parent
    needles = [str(tree).encode(), str(tree.relative_to("/")).encode()]

    def leaks(name: str, data: bytes) -> list[str]:
        return [f"{name}: {n.decode()}" for n in needles if n in data]

    found = []
    for name, path in files(built_site).items():
        data = path.read_bytes()
        found += leaks(name, data)
        if name.endswith(".zip"):
            found += [x for member, d in zip_members(path).items() for x in leaks(f"{name}!{member}", d)]
        if name.endswith(".zim"):
            found += [x for entry, d in zim_entries(path).items() for x in leaks(f"{name}!{entry}", d)]
    assert found == []
