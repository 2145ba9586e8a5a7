"""Writing files so that a reader never sees half of one: the one atomic write of the project.

A file is written to a hidden temporary file beside it and renamed into place (``os.replace`` is atomic on
one file system). :class:`Staged` does the same for several files at once: every file is written first, and
only when all were written are they renamed, so a failure while writing leaves every target as it was.
"""

from __future__ import annotations

import os
from pathlib import Path


def _temp_for(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def _write(path: Path, data: str | bytes) -> None:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", newline="")
    else:
        path.write_bytes(data)


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8, newlines as given) to ``path`` atomically."""
    tmp = _temp_for(path)
    try:
        _write(tmp, data)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class Staged:
    """Several files written as one change: ``stage`` each, then ``commit`` renames them all into place.

    Used as a context manager, anything staged but not committed (an exception, a refusal) is removed.
    """

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []

    def stage(self, path: Path, data: str | bytes) -> None:
        tmp = _temp_for(path)
        self._staged.append((tmp, path))
        _write(tmp, data)

    def commit(self) -> list[Path]:
        done = [path for _tmp, path in self._staged]
        for tmp, path in self._staged:
            tmp.replace(path)
        self._staged.clear()
        return done

    def discard(self) -> None:
        for tmp, _path in self._staged:
            tmp.unlink(missing_ok=True)
        self._staged.clear()

    def __enter__(self) -> Staged:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()
