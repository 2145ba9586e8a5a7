"""Signed manifests and ``verify`` against a hostile mirror: every tampering is caught with a named reason."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings.cli.main import main
from rulings.publish.manifest import MANIFEST, verify, write_manifest
from rulings.publish.signing import MAX_SIGNATURE_BYTES, NAMESPACE, sign, signature_path

pytestmark = pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="needs ssh-keygen (openssh-client)")


def keypair(folder: Path, name: str) -> tuple[Path, str]:
    key = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(key)], check=True)
    return key, (folder / f"{name}.pub").read_text().strip()


@pytest.fixture
def mirror(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A small signed site, its allowed_signers file, and a key that is not in it."""
    site = tmp_path / "site"
    (site / "en" / "card").mkdir(parents=True)
    (site / "index.html").write_text("<html>home</html>", encoding="utf-8")
    (site / "en" / "card" / "sword.html").write_text("<p>Sword: yes.</p>", encoding="utf-8")
    keys = tmp_path / "keys"
    keys.mkdir()
    project_key, project_pub = keypair(keys, "project")
    stranger_key, _ = keypair(keys, "stranger")
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(f'maintainers@rulings namespaces="{NAMESPACE}" {project_pub}\n', encoding="utf-8")
    sign(write_manifest(site, tmp_path, 0), project_key)
    return site, allowed, stranger_key


def rehash(site: Path) -> None:
    """What an attacker does after changing a file: write a manifest that matches again."""
    write_manifest(site, site, 0)


def test_an_untouched_signed_copy_verifies_and_names_its_signer(mirror):
    site, allowed, _ = mirror
    v = verify(site, allowed)
    assert v.ok and v.signer == "maintainers@rulings" and v.checked == 2


def test_a_changed_page_with_a_rehashed_manifest_fails_the_signature(mirror):
    site, allowed, _ = mirror
    (site / "en" / "card" / "sword.html").write_text("<p>Sword: no.</p>", encoding="utf-8")
    rehash(site)
    assert verify(site).ok, "without the signature the attacker's manifest looks fine: that is the point"
    v = verify(site, allowed)
    assert not v.ok and v.problems == ["signature: the signature does not match the manifest (manifest changed "
                                       "after signing)"] and v.checked == 0


def test_a_manifest_resigned_with_an_unknown_key_is_refused(mirror):
    site, allowed, stranger = mirror
    (site / "index.html").write_text("<script>evil()</script>", encoding="utf-8")
    sign(write_manifest(site, site, 0), stranger)
    v = verify(site, allowed)
    assert not v.ok and v.problems == ["signature: signed by a key that is not in the allowed signers file"]


def test_an_unsigned_copy_is_refused_when_a_signature_is_required(mirror):
    site, allowed, _ = mirror
    signature_path(site / MANIFEST).unlink()
    v = verify(site, allowed)
    assert not v.ok and v.problems[0].startswith("signature: manifest.json.sig is missing")


def test_a_changed_page_is_named_without_a_signature_check(mirror):
    site, _, _ = mirror
    (site / "index.html").write_text("<html>changed</html>", encoding="utf-8")
    (site / "extra.html").write_text("new", encoding="utf-8")
    v = verify(site)
    assert (v.altered, v.extra, v.missing) == (["index.html"], ["extra.html"], [])


@pytest.mark.parametrize("bad", ["../outside.txt", "/etc/passwd", "en/../../outside.txt", "en//x", "C:\\\\x"])
def test_a_manifest_listing_a_path_outside_the_folder_is_refused_without_reading_it(mirror, bad):
    site, _, _ = mirror
    secret = site.parent / "outside.txt"
    secret.write_text("secret", encoding="utf-8")
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    data["files"].append({"path": bad, "size": 6, "sha256": "0" * 64})
    (site / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    v = verify(site)
    assert not v.ok and len(v.problems) == 1 and v.problems[0].startswith(f"unsafe path in manifest: {bad!r}")
    assert v.checked == 0


def test_a_symlink_in_the_mirror_is_reported_and_never_followed(mirror, tmp_path):
    site, _, _ = mirror
    target = tmp_path / "secret.txt"
    target.write_text("secret", encoding="utf-8")
    (site / "en" / "card" / "sword.html").unlink()
    (site / "en" / "card" / "sword.html").symlink_to(target)
    (site / "linked-folder").symlink_to(tmp_path / "keys", target_is_directory=True)
    v = verify(site)
    assert not v.ok
    assert "symlink: en/card/sword.html (a mirror holds plain files only)" in v.problems
    assert "symlink: linked-folder (a mirror holds plain files only)" in v.problems
    assert v.missing == ["en/card/sword.html"] and v.extra == []


def test_a_symlinked_manifest_is_not_read(mirror, tmp_path):
    site, _, _ = mirror
    real = tmp_path / "elsewhere.json"
    shutil.move(site / MANIFEST, real)
    (site / MANIFEST).symlink_to(real)
    v = verify(site)
    assert v.problems == ["manifest: manifest.json is missing or not a plain file"]


def test_the_cli_signs_and_verifies_with_named_reasons(mirror, tmp_path):
    from click.testing import CliRunner

    from rulings.cli.main import main

    site, allowed, stranger = mirror
    project_key = tmp_path / "keys" / "project"
    r = CliRunner().invoke(main, ["sign", str(site), "--key", str(project_key)])
    assert r.exit_code == 0 and "manifest.json.sig" in r.output
    ok = CliRunner().invoke(main, ["verify", str(site), "--allowed-signers", str(allowed)])
    assert ok.exit_code == 0 and "signature good (signed by maintainers@rulings)" in ok.output
    CliRunner().invoke(main, ["sign", str(site), "--key", str(stranger)])
    bad = CliRunner().invoke(main, ["verify", str(site), "--allowed-signers", str(allowed)])
    assert bad.exit_code == 1 and "signature: signed by a key that is not in the allowed signers file" in bad.output


def test_sign_without_a_key_says_how_to_give_one(mirror, monkeypatch):
    from click.testing import CliRunner

    from rulings.cli.main import main

    monkeypatch.delenv("RULINGS_SIGNING_KEY", raising=False)
    r = CliRunner().invoke(main, ["sign", str(mirror[0])])
    assert r.exit_code == 2 and "give --key PATH or set RULINGS_SIGNING_KEY" in r.output


def test_the_committed_allowed_signers_file_is_valid():
    from conftest import REPO

    lines = [x for x in (REPO / "allowed_signers").read_text(encoding="utf-8").splitlines()
             if x.strip() and not x.startswith("#")]
    assert lines and all(f'namespaces="{NAMESPACE}"' in x and " ssh-" in x for x in lines)


@pytest.mark.build
def test_a_build_with_a_configured_key_writes_the_signature_beside_the_manifest(tmp_path, monkeypatch):
    from conftest import REPO, build_tree
    from rulings.build.site_build import build

    key, pub = keypair(tmp_path, "release")
    allowed = tmp_path / "allowed"
    allowed.write_text(f'r@x namespaces="{NAMESPACE}" {pub}\n', encoding="utf-8")
    monkeypatch.setenv("RULINGS_SIGNING_KEY", str(key))
    site = tmp_path / "site"
    build(REPO, site, content_dir=build_tree(tmp_path), work=tmp_path / "build", locales=["en"],
          log=lambda *_: None)
    assert (site / "manifest.json.sig").is_file()
    v = verify(site, allowed)
    assert v.ok and v.signer == "r@x"


# --- a hostile signature file cannot stall or crash verify ---------------------------------------------


def no_subprocess(monkeypatch) -> None:
    def refuse(*_a, **_k):
        raise AssertionError("ssh-keygen must not run for this signature")

    monkeypatch.setattr("rulings.publish.signing.subprocess.run", refuse)


@pytest.mark.parametrize("size", [MAX_SIGNATURE_BYTES + 1, 50_000_000])
def test_a_junk_signature_larger_than_any_ssh_signature_is_refused_before_ssh_keygen_runs(mirror, monkeypatch,
                                                                                          size):
    """The issue's 50 MB junk .sig kept ssh-keygen busy for 60 s and ended in a raw TimeoutExpired."""
    site, allowed, _ = mirror
    with (site / "manifest.json.sig").open("wb") as f:
        f.write(b"-----BEGIN SSH SIGNATURE-----\n")
        f.truncate(size)  # sparse: the test machine writes no 50 MB
    no_subprocess(monkeypatch)
    r = CliRunner().invoke(main, ["verify", str(site), "--allowed-signers", str(allowed)])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.output.splitlines() == [
        "signature: the signature file is larger than the 8,192 bytes of any SSH signature: not a signature of "
        "the project", "0 files checked: 0 missing, 0 extra, 0 altered"]


def test_a_junk_signature_within_the_limit_still_reaches_ssh_keygen_and_is_refused(mirror):
    site, allowed, _ = mirror
    (site / "manifest.json.sig").write_bytes(b"x" * MAX_SIGNATURE_BYTES)
    v = verify(site, allowed)
    assert v.problems == ["signature: the signature file is not an SSH signature"]


def test_the_real_signature_is_far_below_the_limit(mirror):
    assert len((mirror[0] / "manifest.json.sig").read_bytes()) < MAX_SIGNATURE_BYTES // 4


def test_an_ssh_keygen_that_does_not_answer_is_one_line_and_exit_1(mirror, monkeypatch):
    site, allowed, _ = mirror

    def hang(cmd, **kwargs):
        raise subprocess.TimeoutExpired(cmd, kwargs.get("timeout"))

    monkeypatch.setattr("rulings.publish.signing.subprocess.run", hang)
    r = CliRunner().invoke(main, ["verify", str(site), "--allowed-signers", str(allowed)])
    assert r.exit_code == 1 and "TimeoutExpired" not in r.output and "Traceback" not in r.output
    assert r.output.splitlines() == [
        "signature: ssh-keygen did not finish checking the signature within 60 s; the copy is not verified",
        "0 files checked: 0 missing, 0 extra, 0 altered"]


def test_an_ssh_keygen_that_does_not_sign_in_time_is_one_line(mirror, monkeypatch, tmp_path):
    site, _, _ = mirror

    def hang(cmd, **kwargs):
        raise subprocess.TimeoutExpired(cmd, kwargs.get("timeout"))

    monkeypatch.setattr("rulings.publish.signing.subprocess.run", hang)
    r = CliRunner().invoke(main, ["sign", str(site), "--key", str(tmp_path / "keys" / "project")])
    assert r.exit_code == 2 and "TimeoutExpired" not in r.output
    assert r.output.strip().splitlines() == [
        f"Error: {tmp_path / 'keys' / 'project'}: ssh-keygen did not sign within 60 s; nothing was signed"]
