"""What a build's output is made of, as one digest: the parts of a split build (:mod:`.part`) are built on separate
machines, and the merge (:mod:`.merge`) takes only parts made of the same inputs as its own checkout.

The commit alone would not do: a tarball has none, and a runner could build from a dirty tree or another
install. So the digest covers every file a build reads (the content, the UI catalogs, the site config, the
guides, ``mkdocs.yml``), the generator's own code, and the versions of the packages that write the pages and
bundles.
"""

from __future__ import annotations

import hashlib
from importlib import metadata
from pathlib import Path

import rulings

FOLDERS = ("locales", "site_config", "docs")
"""The repository's folders a build reads, besides the content."""
FILES = ("mkdocs.yml",)
PACKAGES = ("mkdocs", "mkdocs-material", "Markdown", "pymdown-extensions", "Pygments", "libzim", "babel")
"""The packages whose versions change the bytes of a page or bundle (the lock file pins them; an install may not)."""


def _files(folder: Path) -> list[Path]:
    """The files of ``folder`` a build can read: none hidden, no bytecode."""
    return [p for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts
            and not any(part.startswith(".") for part in p.relative_to(folder).parts)]


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "-"


def inputs_digest(repo: Path, content: Path) -> str:
    """The sha256 of the build's inputs: each file as its place and its bytes' digest, then each package's version."""
    h = hashlib.sha256()
    trees = [("content", content), *((name, repo / name) for name in FOLDERS),
             ("code", Path(rulings.__file__).resolve().parent)]
    for label, folder in trees:
        for p in _files(folder) if folder.is_dir() else []:
            h.update(f"{label}/{p.relative_to(folder).as_posix()}\0".encode() + hashlib.sha256(p.read_bytes()).digest())
    for name in FILES:
        if (repo / name).is_file():
            h.update(f"{name}\0".encode() + hashlib.sha256((repo / name).read_bytes()).digest())
    for package in PACKAGES:
        h.update(f"package {package} {_version(package)}\0".encode())
    return h.hexdigest()
