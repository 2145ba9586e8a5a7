"""Signed manifests: ``manifest.json.sig``, an OpenSSH signature only the project's key can make.

A manifest alone proves nothing against a hostile mirror (whoever changes a file can re-hash it), so releases
sign it with ``ssh-keygen -Y sign`` under a namespace of our own, the way git signs commits with SSH keys:
no new dependency, keys every maintainer already has, and readers verify with the stock ``ssh-keygen`` and
the project's ``allowed_signers`` file (committed at the repository root).

The private key is never in the repository: it comes from ``--key PATH`` or ``RULINGS_SIGNING_KEY`` (a path).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

NAMESPACE = "rulings-manifest@rulings"
"""The ssh-keygen signature namespace: a signature made for anything else (a git commit, a file) never
verifies as a manifest signature."""

SIGNATURE_SUFFIX = ".sig"
KEY_ENV = "RULINGS_SIGNING_KEY"
MAX_SIGNATURE_BYTES = 8 * 1024
"""An armoured SSH signature is under 1 KB for ed25519 and about 2 KB for RSA-4096: anything larger is
refused before ssh-keygen sees it (a 50 MB junk file kept it busy past its time limit)."""
TIMEOUT_SECONDS = 60


class SigningError(Exception):
    """Signing or checking a signature could not be done (message says why and what to do)."""


@dataclass(frozen=True)
class Signature:
    ok: bool
    signer: str | None  # the principal of allowed_signers whose key made the signature
    reason: str  # why not, for the reader ("" when ok)


def _ssh_keygen() -> str:
    exe = shutil.which("ssh-keygen")
    if exe is None:
        raise SigningError("ssh-keygen not found: install OpenSSH (Debian: apt install openssh-client)")
    return exe


def signature_path(manifest: Path) -> Path:
    return manifest.with_name(manifest.name + SIGNATURE_SUFFIX)


def signing_key(explicit: Path | None) -> Path | None:
    """The private key to sign with: ``explicit``, else the path in $RULINGS_SIGNING_KEY, else None."""
    if explicit is not None:
        return explicit
    env = os.environ.get(KEY_ENV, "").strip()
    return Path(env) if env else None


def repository_of(path: Path) -> Path | None:
    """The top level of the git checkout ``path`` is in, or None."""
    from rulings.vcs import git

    folder = path if path.is_dir() else path.parent
    top = (git(folder, "rev-parse", "--show-toplevel") or "").strip() if folder.is_dir() else ""
    return Path(top) if top else None


def check_key_place(key: Path, places: dict[Path, str]) -> None:
    """Raise :class:`SigningError` when the private ``key`` (the path given, or the file it links to) is inside
    one of ``places`` (folder: what it is, e.g. the repository, the site): from there it could be committed or
    published."""
    given, real = Path(os.path.abspath(key)), key.resolve()
    for folder, what in places.items():
        for p in (given, real):
            for f in {Path(os.path.abspath(folder)), folder.resolve()}:
                if p == f or f in p.parents:
                    raise SigningError(f"{key}: the private key is inside {what} ({folder}), where it could be "
                                       f"committed or published: move it out (e.g. to ~/.ssh/) and give that path "
                                       f"to --key or {KEY_ENV}")


def sign(manifest: Path, key: Path) -> Path:
    """Sign ``manifest`` with the OpenSSH private ``key``; returns the signature file beside it."""
    if not key.is_file():
        raise SigningError(f"{key}: signing key not found (give --key PATH or set {KEY_ENV})")
    sig = signature_path(manifest)
    sig.unlink(missing_ok=True)  # ssh-keygen refuses to overwrite, and a stale signature must not survive
    try:
        r = subprocess.run([_ssh_keygen(), "-Y", "sign", "-q", "-f", str(key), "-n", NAMESPACE, str(manifest)],
                           capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL,
                           timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired as e:
        raise SigningError(f"{key}: ssh-keygen did not sign within {TIMEOUT_SECONDS} s; nothing was signed") from e
    if r.returncode != 0 or not sig.is_file():
        raise SigningError(f"{key}: ssh-keygen could not sign: {r.stderr.strip() or 'no signature written'}")
    return sig


def check(data: bytes, sig: bytes, allowed_signers: Path) -> Signature:
    """Check ``sig`` over ``data`` against the keys in ``allowed_signers``; never raises for a bad signature.

    Data and signature are passed as bytes (read by the caller with the mirror's own safety rules), so
    ssh-keygen never opens a path inside the mirror. A signature larger than any SSH signature is refused
    before ssh-keygen runs; an ssh-keygen that does not answer in time is a failed check, not a crash."""
    if not allowed_signers.is_file():
        raise SigningError(f"{allowed_signers}: allowed signers file not found")
    if len(sig) > MAX_SIGNATURE_BYTES:
        return Signature(False, None, f"the signature file is larger than the {MAX_SIGNATURE_BYTES:,} bytes of "
                                      "any SSH signature: not a signature of the project")
    exe = _ssh_keygen()
    try:
        return _check(exe, data, sig, allowed_signers)
    except subprocess.TimeoutExpired:
        return Signature(False, None, f"ssh-keygen did not finish checking the signature within "
                                      f"{TIMEOUT_SECONDS} s; the copy is not verified")


def _check(exe: str, data: bytes, sig: bytes, allowed_signers: Path) -> Signature:
    with tempfile.TemporaryDirectory(prefix="rulings-verify-") as tmp:
        sig_file = Path(tmp) / "manifest.sig"
        sig_file.write_bytes(sig)
        found = subprocess.run([exe, "-Y", "find-principals", "-s", str(sig_file), "-f", str(allowed_signers)],
                               capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL,
                               timeout=TIMEOUT_SECONDS)
        principals = [p for p in found.stdout.splitlines() if p.strip()]
        if found.returncode != 0 or not principals:
            return Signature(False, None, "signed by a key that is not in the allowed signers file"
                             if b"BEGIN SSH SIGNATURE" in sig else "the signature file is not an SSH signature")
        for principal in principals:
            r = subprocess.run([exe, "-Y", "verify", "-f", str(allowed_signers), "-I", principal, "-n", NAMESPACE,
                                "-s", str(sig_file)], input=data, capture_output=True, check=False,
                               timeout=TIMEOUT_SECONDS)
            if r.returncode == 0:
                return Signature(True, principal, "")
    return Signature(False, None, "the signature does not match the manifest (manifest changed after signing)")
