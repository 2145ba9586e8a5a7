"""The mirror manifest (``manifest.json``: every file with size and sha256) and ``rulings verify``.

Verification treats the copy as hostile: paths come from a manifest anyone could have written, so each is
checked before use (one entry per file: no duplicates, no names that a case- or normalisation-insensitive
file system would merge) and opened step by step without following symlinks (``O_NOFOLLOW``); anything in
the copy that is not a plain file or folder (symlink, FIFO, socket, device) is reported and never opened.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import stat
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from rulings import __version__
from rulings.escape import terminal
from rulings.publish.signing import MAX_SIGNATURE_BYTES, SIGNATURE_SUFFIX, check
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


def listing(folder: Path, unlisted: frozenset[str] = UNLISTED) -> list[dict[str, Any]]:
    """Every file below ``folder`` but ``unlisted`` (relative paths) as {path, size, sha256}, sorted: the file list of
    a manifest (and of a build part's, :mod:`rulings.build.part`)."""
    return [{"path": rel, "size": p.stat().st_size, "sha256": _sha256(p)} for p in sorted(folder.rglob("*"))
            if p.is_file() and (rel := p.relative_to(folder).as_posix()) not in unlisted]


def write_manifest(site: Path, repo: Path, epoch: int) -> Path:
    files = listing(site)
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
    odd: dict[str, str] = field(default_factory=dict)  # path → what it is, for entries that are no plain file

    @property
    def ok(self) -> bool:
        return not (self.problems or self.missing or self.extra or self.altered)

    def lines(self) -> list[str]:
        """The problems, then one line per file that differs (names escaped: a hostile file name cannot
        fake a line)."""
        return [terminal(p) for p in self.problems] + [
            f"{kind}: {terminal(p)}" + (f" ({self.odd[p]}, not a plain file: never opened)" if p in self.odd else "")
            for kind, paths in (("missing", self.missing), ("extra", self.extra), ("altered", self.altered))
            for p in paths]

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
        return "a path that leaves the folder or is not written the one way a build writes it (./, .., //)"
    if any(unicodedata.category(c) == "Cc" for c in rel):
        return "a path with control characters (no build writes one)"
    return None


SHA256 = re.compile(r"^[0-9a-f]{64}$")


def entry_problem(n: int, entry: object) -> str | None:
    """Why the ``n``-th entry of ``files`` is not one a build writes ({path, size, sha256})."""
    if not isinstance(entry, dict) or "path" not in entry:
        return f"entry {n} is not a {{path, size, sha256}} object"
    why = unsafe_path(entry["path"])
    if why:
        return f"{entry['path']!r} is {why}"
    size, digest = entry.get("size"), entry.get("sha256")
    if not isinstance(size, int) or isinstance(size, bool) or size < 0 or not isinstance(digest, str) \
            or not SHA256.match(digest):
        return f"{entry['path']!r} has no valid size and sha256"
    return None


def listing_problems(entries: list[Any]) -> list[str]:
    """Why the manifest's file list cannot be trusted: bad entries, a path listed twice (one entry could
    hide another's hash), or two paths that name one file where case, Unicode normalisation or trailing
    dots are ignored (macOS, Windows), so the copy a reader gets depends on which was written last."""
    out = [f"unsafe path in manifest: {why}" for n, e in enumerate(entries, 1) if (why := entry_problem(n, e))]
    if out:
        return out
    paths = [e["path"] for e in entries]
    out += [f"duplicate path in manifest: {p!r} is listed {k} times (one entry could hide another's hash)"
            for p, k in sorted(Counter(paths).items()) if k > 1]
    seen: dict[str, str] = {}
    for p in sorted(set(paths)):
        first = seen.setdefault(_merged(p), p)
        if first != p:
            out.append(f"twin paths in manifest: {first!r} and {p!r} differ only in {_how(first, p)}, so they "
                       "name one file on macOS or Windows (no build writes both)")
    return out


def _merged(rel: str) -> str:
    """The name a case-insensitive, normalisation-insensitive file system that drops trailing dots and
    spaces (Windows; macOS for the first two) would use."""
    return "/".join(part.rstrip(". ") for part in unicodedata.normalize("NFC", rel).casefold().split("/"))


def _how(a: str, b: str) -> str:
    nfc = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
    if nfc[0] == nfc[1]:
        return "Unicode normalisation (NFC/NFD)"
    return "case" if nfc[0].casefold() == nfc[1].casefold() else "trailing dots or spaces (Windows drops them)"


def _kind(mode: int) -> str | None:
    """What a directory entry is, when it is neither a plain file nor a folder."""
    for test, name in ((stat.S_ISLNK, "a symlink"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else "an unknown kind of file"


def open_inside(site: Path, rel: str) -> BinaryIO | None:
    """``site/rel`` open for reading if every step is a real folder and the last a plain file (no symlink,
    FIFO or device: each is looked at before it is opened, and opened non-blocking in case it was
    swapped since), else None; the caller closes it."""
    fd = os.open(site, os.O_RDONLY | os.O_DIRECTORY)
    try:
        parts = rel.split("/")
        for part in parts[:-1]:
            nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = nxt
        if not stat.S_ISREG(os.stat(parts[-1], dir_fd=fd, follow_symlinks=False).st_mode):
            return None
        f = os.fdopen(os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd), "rb")
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            f.close()
            return None
        return f
    except OSError:
        return None
    finally:
        os.close(fd)


def read_inside(site: Path, rel: str, limit: int | None = None) -> bytes | None:
    """The bytes of ``site/rel`` as :func:`open_inside` finds it, else None. With ``limit``, at most ``limit + 1``
    bytes are read (enough to tell the file is too large without holding all of it)."""
    f = open_inside(site, rel)
    if f is None:
        return None
    with f:
        try:
            return f.read() if limit is None else f.read(limit + 1)
        except OSError:
            return None


def plain_files(site: Path, v: Verification) -> set[str]:
    """Every regular file below ``site`` (relative POSIX paths). Symlinks are reported as problems, other
    entries that are not plain files (FIFOs, sockets, devices) kept in ``v.odd``; none is followed or
    opened (only ``lstat``)."""
    present: set[str] = set()
    for folder, dirs, files in os.walk(site, followlinks=False):
        base = Path(folder)
        for name in sorted(dirs + files):
            p = base / name
            rel = p.relative_to(site).as_posix()
            try:
                kind = _kind(os.lstat(p).st_mode)
            except OSError:
                continue  # gone since the folder was listed
            if kind == "a symlink":
                v.problems.append(f"symlink: {rel} (a mirror holds plain files only)")
            elif kind:
                v.odd[rel] = kind
            elif name in files:
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
    raw = read_inside(site, MANIFEST)
    if raw is None:
        v.problems.append(f"manifest: {MANIFEST} is missing or not a plain file")
        return v
    if allowed_signers is not None:
        sig = read_inside(site, MANIFEST + SIGNATURE_SUFFIX, MAX_SIGNATURE_BYTES)
        if sig is None:
            v.problems.append(f"signature: {MANIFEST}{SIGNATURE_SUFFIX} is missing (the copy is not signed)")
            return v
        result = check(raw, sig, allowed_signers)
        if not result.ok:
            v.problems.append(f"signature: {result.reason}")
            return v
        v.signer = result.signer
    try:
        entries = json.loads(raw.decode("utf-8"))["files"]
        if not isinstance(entries, list):
            raise TypeError
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        v.problems.append(f"manifest: {MANIFEST} is not a rulings manifest (unreadable JSON or no file list)")
        return v
    v.problems += listing_problems(entries)
    if v.problems:
        return v
    listed = {f["path"]: f for f in entries}
    present = plain_files(site, v) - UNLISTED
    odd = set(v.odd) - UNLISTED
    v.missing = sorted(set(listed) - present - odd)
    v.extra = sorted((present | odd) - set(listed))
    v.altered = sorted(set(listed) & odd)
    for rel in sorted(set(listed) & present):
        v.checked += 1
        data = read_inside(site, rel)
        f = listed[rel]
        if data is None or len(data) != f["size"] or hashlib.sha256(data).hexdigest() != f["sha256"]:
            v.altered.append(rel)
    v.altered.sort()
    return v
