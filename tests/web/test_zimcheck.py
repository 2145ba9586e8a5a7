"""Kiwix accepts our archives: openZIM's own checker passes every ZIM (metadata, favicon, main page,
internal and external URLs, empty entries, redirects), and the metadata follows Kiwix's conventions.

Debian's zimcheck 3.1.3 rejects every libzim 9 archive in its low-level integrity check (-I), so that one
check is left out on purpose."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from conftest import project_locales

CHECKS = ["-0", "-C", "-M", "-F", "-P", "-U", "-X", "-L"]

pytestmark = pytest.mark.skipif(shutil.which("zimcheck") is None and not os.environ.get("CI"),
                                reason="needs zimcheck (Debian package zim-tools; .ci/run installs it)")


def zims(site):
    found = sorted((site / "downloads").glob("*.zim"))
    assert [z.name for z in found] == sorted(f"rulings-{loc}.zim" for loc in project_locales())
    return found


def test_zimcheck_passes_every_archive(built_site):
    for z in zims(built_site):
        r = subprocess.run(["zimcheck", *CHECKS, str(z)], capture_output=True, text=True, timeout=600)
        assert r.returncode == 0 and "Overall Test Status: Pass" in r.stdout, (z.name, r.stdout[-2000:])


def test_metadata_follows_kiwix_conventions(built_site):
    from libzim.reader import Archive

    for z in zims(built_site):
        a = Archive(str(z))
        meta = {k: bytes(a.get_metadata(k)).decode("utf-8") for k in a.metadata_keys if not k.startswith("Illus")}
        loc = z.stem.removeprefix("rulings-")
        assert meta["Name"] == meta["Name"].lower() == f"rulings_{loc.lower()}_all"
        assert len(meta["Title"]) <= 30 and len(meta["Description"]) <= 80
        assert len(meta["Description"]) < len(meta["LongDescription"]) <= 4000
        assert len(meta["Language"]) == 3 and meta["Language"].isalpha() and meta["Language"] != "und"
        assert meta["Date"][:4].isdigit() and len(meta["Date"]) == 10
        assert "_ftindex:yes" in meta["Tags"].split(";")
        assert a.has_illustration(48) and bytes(a.get_illustration_item(48).content).startswith(b"\x89PNG")
