"""Reproducible builds: the same tree, copied to two folders and built there by two processes with different
PYTHONHASHSEED values, gives the same bytes in every output file, offline bundles and Kiwix archives included,
and no output names the folder it was built in.

The tree built twice is a trimmed copy of the repository (conftest's ``trimmed_tree``): every game, locale,
file kind, page kind and original, at least two entries of each shape, so each list a page, feed, export or
bundle shows has items whose order a hash seed could change, and every stage and kind of output is made, for
about half the CPU of a second full build of the real tree. (mkdocs itself always runs with one hash seed,
see ``rulings.build.workers.mkdocs_env``; what the seed can change is our own build process's output.) What
only the real content's entries would trigger is not compared; the real site (``built_site``) is checked for
the name of its folder, and that the trimmed build has every kind of output it has."""

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


def kinds(root: Path) -> set[str]:
    """The kinds of output a site has: each file's path, except that below a game's page kind (or below a
    locale's asset and search folders) the entry-named rest becomes ``…`` and the file's suffix."""
    games = set(repo_content().games)
    out = set()
    for name in files(root):
        parts = name.split("/")
        depth = 3 if len(parts) > 3 and parts[1] in games else 2  # <locale>/<game>/<kind>/<entry>/index.html
        out.add("/".join(parts[:depth]) + "/…" + Path(name).suffix if len(parts) > depth else name)
    return out


def test_the_trimmed_tree_makes_every_kind_of_output_the_real_one_does(built_site, trimmed_site):
    """Every locale, game, page kind, asset folder, feed, export and bundle of the real site is in the trimmed
    build too (so the comparisons below cover each of them), with fewer pages."""
    missing = kinds(built_site) - kinds(trimmed_site)
    assert missing == set()
    assert len(files(trimmed_site)) < len(files(built_site))


def test_the_same_files(trimmed_site, trimmed_site_again):
    assert sorted(files(trimmed_site)) == sorted(files(trimmed_site_again))
    assert any(name.startswith(f"{DOWNLOADS}/") for name in files(trimmed_site))  # the bundles are compared too


def test_every_page_feed_and_export_is_byte_identical(trimmed_site, trimmed_site_again):
    def outside_downloads(root: Path) -> dict[str, bytes]:
        return {n: p.read_bytes() for n, p in files(root).items()
                if not n.startswith(f"{DOWNLOADS}/") and n != MANIFEST}

    assert differing(outside_downloads(trimmed_site), outside_downloads(trimmed_site_again)) == []


@pytest.mark.parametrize("kind", ["zip", "zim"])
def test_every_file_inside_the_bundles_is_identical(trimmed_site, trimmed_site_again, kind):
    read = zip_members if kind == "zip" else zim_entries
    bundles = sorted((trimmed_site / DOWNLOADS).glob(f"*.{kind}"))
    assert bundles
    for bundle in bundles:
        first, second = read(bundle), read(trimmed_site_again / DOWNLOADS / bundle.name)
        assert differing(first, second) == [], bundle.name


def test_whats_new_pages_and_feeds_are_among_the_compared(trimmed_site, trimmed_site_again):
    """Each game's What's new page and feed, in every locale, exist in both builds (so the comparison above
    covers them; tests/web/test_checkouts.py compares builds of a full clone, a shallow clone and a tarball)."""
    both = set(files(trimmed_site)) & set(files(trimmed_site_again))
    for loc in project_locales():
        for game in repo_content().games:
            assert {f"{loc}/{game}/whats-new/index.html", f"{loc}/{game}/feed.xml"} <= both, (loc, game)


def test_bundles_and_manifest_are_byte_identical(trimmed_site, trimmed_site_again):
    def bundles(root: Path) -> dict[str, bytes]:
        return {n: p.read_bytes() for n, p in files(root).items() if n.startswith(f"{DOWNLOADS}/") or n == MANIFEST}

    assert differing(bundles(trimmed_site), bundles(trimmed_site_again)) == []


def test_no_output_names_the_folder_it_was_built_in(built_site):
    """Neither the build folder nor its parent appears in any file, zip member or ZIM entry (a link once
    resolved against it: ``tmp/<build folder>/main/…``)."""
    assert leaks_of_its_folder(built_site) == []


def test_no_output_of_the_trimmed_tree_names_its_folder(trimmed_site):
    assert leaks_of_its_folder(trimmed_site) == []


def leaks_of_its_folder(built_site: Path) -> list[str]:
    """Each file, zip member and ZIM entry of a site that names the folder it was built in (or its parent)."""
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
    return found
