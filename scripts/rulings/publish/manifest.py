"""The mirror manifest (``manifest.json``: every file with size and sha256) and ``rulings verify``."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from rulings import __version__
from rulings.site.escape import terminal
from rulings.vcs import head_commit

MANIFEST = "manifest.json"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_manifest(site: Path, repo: Path, epoch: int) -> Path:
    files = [{"path": p.relative_to(site).as_posix(), "size": p.stat().st_size, "sha256": _sha256(p)}
             for p in sorted(site.rglob("*")) if p.is_file() and p.relative_to(site).as_posix() != MANIFEST]
    data = {
        "format": 1,
        "generator": f"rulings {__version__}",
        "commit": head_commit(repo),
        "source_date_epoch": epoch,
        "source_date": dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "files": files,
    }
    path = site / MANIFEST
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


@dataclass
class Verification:
    checked: int = 0
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    altered: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.extra or self.altered)

    def lines(self) -> list[str]:
        """One line per file that differs (names escaped: a hostile file name cannot fake a line)."""
        return [f"{kind}: {terminal(p)}" for kind, paths in
                (("missing", self.missing), ("extra", self.extra), ("altered", self.altered)) for p in paths]

    def summary(self) -> str:
        return (f"{self.checked} files checked: {len(self.missing)} missing, {len(self.extra)} extra, "
                f"{len(self.altered)} altered")


class NotASite(Exception):
    """The folder has no manifest, so it is no copy of a rulings site."""


def verify(site: Path) -> Verification:
    """Compare a copy of the site with its manifest: missing, extra and altered files."""
    if not (site / MANIFEST).is_file():
        raise NotASite(f"{site}/{MANIFEST} not found: is this a rulings site?")
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    expected = {f["path"]: f for f in manifest["files"]}
    present = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {MANIFEST}
    v = Verification()
    v.missing = sorted(set(expected) - present)
    v.extra = sorted(present - set(expected))
    for rel in sorted(set(expected) & present):
        v.checked += 1
        p = site / rel
        f = expected[rel]
        if p.stat().st_size != f["size"] or _sha256(p) != f["sha256"]:
            v.altered.append(rel)
    return v
