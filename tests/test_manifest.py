"""``rulings verify`` against a hostile mirror's file list and folder: one entry per file, no twins, no
path written two ways, and nothing that is not a plain file ever opened."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings.cli.main import main
from rulings.publish import manifest as manifest_module
from rulings.publish.manifest import MANIFEST, verify, write_manifest


@pytest.fixture
def site(tmp_path: Path) -> Path:
    out = tmp_path / "site"
    (out / "en").mkdir(parents=True)
    (out / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (out / "en" / "a.html").write_text("<p>Sword: yes.</p>", encoding="utf-8")
    write_manifest(out, tmp_path, 0)
    return out


def entry(data: bytes, path: str) -> dict:
    return {"path": path, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def edit_files(site: Path, change) -> None:
    doc = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    change(doc["files"])
    (site / MANIFEST).write_text(json.dumps(doc), encoding="utf-8")


def opened(monkeypatch) -> list[str]:
    """Every name ``verify`` passes to ``os.open`` (to prove what it never opens)."""
    names: list[str] = []
    real = os.open

    def spy(path, *args, **kwargs):
        names.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(manifest_module.os, "open", spy)
    return names


@pytest.mark.parametrize("altered_entry_first", [False, True])
def test_a_duplicate_entry_cannot_hide_an_altered_file(site, altered_entry_first):
    """The issue's case: the real hash in one entry, the altered file's in another; the last used to win."""
    (site / "en" / "a.html").write_text("<p>Sword: no.</p>", encoding="utf-8")
    forged = entry((site / "en" / "a.html").read_bytes(), "en/a.html")
    edit_files(site, lambda files: files.insert(0, forged) if altered_entry_first else files.append(forged))
    v = verify(site)
    assert not v.ok and v.checked == 0
    assert v.problems == ["duplicate path in manifest: 'en/a.html' is listed 2 times (one entry could hide "
                          "another's hash)"]


def test_the_same_entry_twice_is_refused_too(site):
    edit_files(site, lambda files: files.append(dict(files[0])))
    v = verify(site)
    assert v.problems == ["duplicate path in manifest: 'en/a.html' is listed 2 times (one entry could hide "
                          "another's hash)"] and v.checked == 0


@pytest.mark.parametrize(("twin", "how"), [
    ("EN/a.html", "case"),
    ("en/A.HTML", "case"),
    ("en/a.html.", "trailing dots or spaces"),
    ("en/a.html ", "trailing dots or spaces"),
])
def test_twin_paths_that_name_one_file_on_macos_or_windows_are_refused(site, twin, how):
    edit_files(site, lambda files: files.append({"path": twin, "size": 3, "sha256": "0" * 64}))
    v = verify(site)
    assert not v.ok and v.checked == 0 and len(v.problems) == 1
    assert v.problems[0].startswith("twin paths in manifest: ") and f"differ only in {how}" in v.problems[0]
    assert repr(twin) in v.problems[0] and "'en/a.html'" in v.problems[0]


def test_nfc_and_nfd_twins_are_refused(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    nfc = "caf\u00e9.html"
    nfd = unicodedata.normalize("NFD", nfc)
    assert nfc != nfd
    (out / nfc).write_text("real", encoding="utf-8")
    (out / nfd).write_text("evil", encoding="utf-8")  # two files on Linux, one on macOS
    write_manifest(out, tmp_path, 0)
    v = verify(out)
    assert v.problems == [f"twin paths in manifest: {nfd!r} and {nfc!r} differ only in Unicode normalisation "
                          "(NFC/NFD), so they name one file on macOS or Windows (no build writes both)"]


def test_one_name_in_nfd_alone_is_a_plain_path(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / unicodedata.normalize("NFD", "caf\u00e9.html")).write_text("x", encoding="utf-8")
    write_manifest(out, tmp_path, 0)
    assert verify(out).ok


@pytest.mark.parametrize("bad", ["./index.html", "en/./a.html", "en/", "en//a.html", "en/a.html\n",
                                 "en/\x1b[2Ka.html", "\u0085x"])
def test_a_path_not_written_the_way_a_build_writes_it_is_refused(site, bad):
    edit_files(site, lambda files: files.append({"path": bad, "size": 3, "sha256": "0" * 64}))
    v = verify(site)
    assert not v.ok and v.checked == 0 and len(v.problems) == 1
    assert v.problems[0].startswith(f"unsafe path in manifest: {bad!r} is ")


@pytest.mark.parametrize("bad", [
    "not an object", {"size": 3, "sha256": "0" * 64}, {"path": 7, "size": 3, "sha256": "0" * 64},
    {"path": ["en", "a.html"], "size": 3, "sha256": "0" * 64},
    {"path": "x.html", "sha256": "0" * 64}, {"path": "x.html", "size": -1, "sha256": "0" * 64},
    {"path": "x.html", "size": True, "sha256": "0" * 64}, {"path": "x.html", "size": 3, "sha256": "0" * 63},
    {"path": "x.html", "size": 3, "sha256": "A" * 64}, {"path": "x.html", "size": 3},
])
def test_an_entry_that_is_not_path_size_and_hash_is_refused_without_a_traceback(site, bad):
    edit_files(site, lambda files: files.append(bad))
    r = CliRunner().invoke(main, ["verify", str(site)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    assert r.output.splitlines()[0].startswith("unsafe path in manifest: ") and "Traceback" not in r.output
    assert r.output.splitlines()[-1] == "0 files checked: 0 missing, 0 extra, 0 altered"


@pytest.mark.parametrize(("files", "problem"), [
    ('"x"', "manifest: manifest.json is not a rulings manifest (unreadable JSON or no file list)"),
    ("{}", "manifest: manifest.json is not a rulings manifest (unreadable JSON or no file list)"),
    ("null", "manifest: manifest.json is not a rulings manifest (unreadable JSON or no file list)"),
    ("[1]", "unsafe path in manifest: entry 1 is not a {path, size, sha256} object"),
])
def test_a_file_list_that_is_no_list_of_entries_is_named(site, files, problem):
    doc = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    doc["files"] = json.loads(files)
    (site / MANIFEST).write_text(json.dumps(doc), encoding="utf-8")
    v = verify(site)
    assert v.problems == [problem] and v.checked == 0


def test_a_fifo_in_the_mirror_is_an_extra_file_and_never_opened(site, monkeypatch):
    os.mkfifo(site / "en" / "pipe")
    names = opened(monkeypatch)
    v = verify(site)  # opening the FIFO would block for ever: that it returns is part of the test
    assert v.extra == ["en/pipe"] and not v.ok and v.missing == [] and v.altered == []
    assert "extra: en/pipe (a FIFO, not a plain file: never opened)" in v.lines()
    assert not any(n.endswith("pipe") for n in names)


def test_a_fifo_in_place_of_a_listed_page_is_altered_and_never_opened(site, monkeypatch):
    (site / "en" / "a.html").unlink()
    os.mkfifo(site / "en" / "a.html")
    names = opened(monkeypatch)
    v = verify(site)
    assert v.altered == ["en/a.html"] and v.missing == [] and v.extra == []
    assert "altered: en/a.html (a FIFO, not a plain file: never opened)" in v.lines()
    assert "a.html" not in names


def test_a_socket_in_the_mirror_is_an_extra_file(site, monkeypatch):
    monkeypatch.chdir(site / "en")  # a socket path is limited to 108 bytes: bind it by a short name
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind("sock")
        v = verify(site)
    finally:
        s.close()
    assert v.extra == ["en/sock"] and "extra: en/sock (a socket, not a plain file: never opened)" in v.lines()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device file needs root")
def test_a_device_file_in_the_mirror_is_an_extra_file_and_never_opened(site, monkeypatch):
    import stat

    os.mknod(site / "en" / "null", stat.S_IFCHR | 0o600, os.makedev(1, 3))
    names = opened(monkeypatch)
    v = verify(site)
    assert v.extra == ["en/null"] and "extra: en/null (a character device, not a plain file: never opened)" in v.lines()
    assert "null" not in names


def test_a_fifo_as_the_manifest_is_refused_without_blocking(site):
    (site / MANIFEST).unlink()
    os.mkfifo(site / MANIFEST)
    v = verify(site)
    assert v.problems == ["manifest: manifest.json is missing or not a plain file"]


def test_a_fifo_as_the_signature_is_refused_without_blocking(site, tmp_path):
    os.mkfifo(site / "manifest.json.sig")
    allowed = tmp_path / "allowed_signers"
    allowed.write_text("", encoding="utf-8")
    v = verify(site, allowed)
    assert v.problems == ["signature: manifest.json.sig is missing (the copy is not signed)"]


def test_the_cli_reports_a_fifo_and_exits_1(site):
    os.mkfifo(site / "en" / "pipe")
    r = CliRunner().invoke(main, ["verify", str(site)])
    assert r.exit_code == 1
    assert r.output.splitlines() == ["extra: en/pipe (a FIFO, not a plain file: never opened)",
                                     "2 files checked: 0 missing, 1 extra, 0 altered"]


def test_an_untouched_copy_still_verifies(site):
    v = verify(site)
    assert v.ok and v.checked == 2 and v.problems == []
