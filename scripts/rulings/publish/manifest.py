"""The mirror manifest (``manifest.json``: every file with size and sha256) and ``rulings verify``.

Verification treats the copy as hostile: paths come from a manifest anyone could have written, so each is
checked before use and opened step by step without following symlinks (``O_NOFOLLOW``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from rulings import __version__
from rulings.publish.signing import SIGNATURE_SUFFIX, check
from rulings.site.escape import terminal
from rulings.vcs import head_commit

MANIFEST = "manifest.json"
UNLISTED = frozenset({MANIFEST, MANIFEST + SIGNATURE_SUFFIX})
"""The manifest cannot list itself, nor the signature made of it afterwards."""


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_manifest(site: Path, repo: Path, epoch: int) -> Path:
    files = [{"path": p.relative_to(site).as_posix(), "size": p.stat().st_size, "sha256": _sha256(p)}
             for p in sorted(site.rglob("*")) if p.is_file() and p.relative_to(site).as_posix() not in UNLISTED]
    data = {
        "format": 1,
        "generator": f"rulings {__version__}",
        "commit": head_commit(repo / "content"),
        "source_date_epoch": epoch,
        "source_date": dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "files": files,
    }
    path = site / MANIFEST
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


@dataclass
class Verification:
    """What ``rulings verify`` found. ``problems`` are about the copy as a whole (signature, manifest,
    symlinks, unsafe paths); when one of them means the manifest cannot be trusted, no file is compared."""

    checked: int = 0
    signer: str | None = None
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    altered: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.problems or self.missing or self.extra or self.altered)

    def lines(self) -> list[str]:
        """The problems, then one line per file that differs (names escaped: a hostile file name cannot
        fake a line)."""
        return [terminal(p) for p in self.problems] + [
            f"{kind}: {terminal(p)}" for kind, paths in
            (("missing", self.missing), ("extra", self.extra), ("altered", self.altered)) for p in paths]

    def summary(self) -> str:
        signed = f"signature good (signed by {terminal(self.signer)}); " if self.signer else ""
        return (f"{signed}{self.checked} files checked: {len(self.missing)} missing, {len(self.extra)} extra, "
                f"{len(self.altered)} altered")


class NotASite(Exception):
    """The folder has no manifest, so it is no copy of a rulings site."""


def unsafe_path(rel: object) -> str | None:
    """Why a path listed in a manifest must not be opened (None when it is a plain path inside the copy)."""
    if not isinstance(rel, str) or not rel:
        return "not a path"
    if "\\" in rel or "\0" in rel or rel.startswith("/") or (len(rel) > 1 and rel[1] == ":"):
        return "an absolute or non-POSIX path"
    if any(part in ("", ".", "..") for part in rel.split("/")):
        return "a path that leaves the folder (.. or empty parts)"
    return None


def _read_inside(site: Path, rel: str) -> bytes | None:
    """The bytes of ``site/rel`` if every step is a real folder or file (no symlink), else None."""
    fd = os.open(site, os.O_RDONLY | os.O_DIRECTORY)
    try:
        parts = rel.split("/")
        for part in parts[:-1]:
            nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = nxt
        ffd = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW, dir_fd=fd)
        with os.fdopen(ffd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            return f.read()
    except OSError:
        return None
    finally:
        os.close(fd)


def _walk(site: Path, v: Verification) -> set[str]:
    """Every regular file below ``site`` (relative POSIX paths); symlinks are reported, never followed."""
    present: set[str] = set()
    for folder, dirs, files in os.walk(site, followlinks=False):
        base = Path(folder)
        for name in sorted(dirs + files):
            p = base / name
            rel = p.relative_to(site).as_posix()
            if p.is_symlink():
                v.problems.append(f"symlink: {rel} (a mirror holds plain files only)")
            elif name in files and p.is_file():
                present.add(rel)
        dirs[:] = [d for d in dirs if not (base / d).is_symlink()]
    return present


def verify(site: Path, allowed_signers: Path | None = None) -> Verification:
    """Check a copy of the site: its signature first (when ``allowed_signers`` is given), then every file
    the manifest lists (missing, altered) and every file it does not (extra). Nothing outside ``site`` is
    read: listed paths that leave the folder are refused, symlinks are reported and not followed."""
    if not os.path.lexists(site / MANIFEST):
        raise NotASite(f"{site}/{MANIFEST} not found: is this a rulings site?")
    v = Verification()
    raw = _read_inside(site, MANIFEST)
    if raw is None:
        v.problems.append(f"manifest: {MANIFEST} is missing or not a plain file")
        return v
    if allowed_signers is not None:
        sig = _read_inside(site, MANIFEST + SIGNATURE_SUFFIX)
        if sig is None:
            v.problems.append(f"signature: {MANIFEST}{SIGNATURE_SUFFIX} is missing (the copy is not signed)")
            return v
        result = check(raw, sig, allowed_signers)
        if not result.ok:
            v.problems.append(f"signature: {result.reason}")
            return v
        v.signer = result.signer
    try:
        manifest = json.loads(raw.decode("utf-8"))
        listed = {f["path"]: f for f in manifest["files"]}
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        v.problems.append(f"manifest: {MANIFEST} is not a rulings manifest (unreadable JSON or no file list)")
        return v
    for rel in sorted(str(r) for r in listed):
        why = unsafe_path(rel)
        if why:
            v.problems.append(f"unsafe path in manifest: {rel!r} is {why}")
    if v.problems:
        return v
    present = _walk(site, v) - UNLISTED
    v.missing = sorted(set(listed) - present)
    v.extra = sorted(present - set(listed))
    for rel in sorted(set(listed) & present):
        v.checked += 1
        data = _read_inside(site, rel)
        f = listed[rel]
        if data is None or len(data) != f.get("size") or hashlib.sha256(data).hexdigest() != f.get("sha256"):
            v.altered.append(rel)
    return v
