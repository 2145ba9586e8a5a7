"""File-system plumbing of a build: write only what changed, swap the new site in whole, one build at a time.

A build writes the new site into a staging folder beside the output and swaps it into place only when
every locale built cleanly, so a failed or interrupted build never leaves a half-written site; a lock
beside the output keeps a second build from mixing its files in.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import shutil
from pathlib import Path


class BuildError(Exception):
    """The build stopped; the previous site is untouched."""


def write_file(path: Path, data: str | bytes) -> None:
    """Write a file of the work or staging folder (text as UTF-8), creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``path`` unless it holds ``data`` already (its time stays, so no watcher rebuilds it)."""
    if path.exists() and path.read_bytes() == data:
        return False
    write_file(path, data)
    return True


def sync_tree(root: Path, files: dict[str, bytes]) -> list[str]:
    """Make ``root`` hold exactly ``files``, writing only what changed (so a watching server rebuilds
    only what it must); returns the paths (relative, with ``/``) written or removed."""
    changed = [rel for rel, data in files.items() if write_if_changed(root / rel, data)]
    if root.exists():
        for path in sorted(root.rglob("*"), reverse=True):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and rel not in files:
                path.unlink()
                changed.append(rel)
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return changed


def staging_folder(out: Path) -> Path:
    """A new, empty folder beside ``out`` to build the next site in. Call it holding the build lock: the
    staging folders of builds that were killed are garbage then, and removed."""
    for leftover in out.parent.glob(f".{out.name}.building-*"):
        shutil.rmtree(leftover, ignore_errors=True)
    staging = out.with_name(f".{out.name}.building-{os.getpid()}")
    staging.mkdir(parents=True)
    return staging


AT_FDCWD = -100
RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0


def swap_in(new: Path, out: Path) -> None:
    """Put the freshly built folder in place of the old one. Readers see either the old site or the new
    one, never a mix or nothing: an atomic exchange where the system has it, else two quick renames."""
    if not out.exists():
        new.rename(out)
        return
    if _exchange(new, out):
        shutil.rmtree(new, ignore_errors=True)  # now holds the old site; published already, so never fail here
        return
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)


_LOCK_FDS: set[int] = set()
"""File descriptors of the build locks this process holds (forked workers close their copies)."""


def close_inherited_locks() -> None:
    """In a forked child: let go of the build locks inherited from the build process, so that they are
    released when the build process dies, even if the child lives on (see :func:`.workers.die_with_parent`)."""
    for fd in list(_LOCK_FDS):
        with contextlib.suppress(OSError):
            os.close(fd)
    _LOCK_FDS.clear()


class BuildLock:
    """One build at a time per output folder: an exclusive lock on ``.<out>.lock`` beside it.

    The system releases the lock when every descriptor of it is closed: the build process's when it
    dies, and its forked workers close their inherited copies at start (:func:`close_inherited_locks`),
    so a killed build never blocks the next one."""

    def __init__(self, out: Path, path: Path | None = None):
        self.path = path or out.with_name(f".{out.name}.lock")
        self.target = out
        self.fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 200).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise BuildError(f"another build into {self.target} is running ({holder}); wait for it to finish"
                             ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"pid {os.getpid()}".encode())
        self.fd = fd
        _LOCK_FDS.add(fd)

    def release(self) -> None:
        if self.fd is not None:
            _LOCK_FDS.discard(self.fd)
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None
