"""Problems found in content, reported like a compiler: ``file:line:col: severity: message (rule)``."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path


def did_you_mean(word: str, choices: Iterable[str], n: int = 3, key: Callable[[str], str] = str) -> str:
    """``"; did you mean 'x' or 'y'?"`` with the closest of ``choices`` by difflib's ratio, or ``""``.

    ``key`` picks the part compared (an id's slug: the shared ``game/kind/`` would make every id look close)."""
    keyed: dict[str, list[str]] = {}
    for c in choices:
        keyed.setdefault(key(c), []).append(c)
    close = [c for k in difflib.get_close_matches(key(word), list(keyed), n=n, cutoff=0.6) for c in keyed[k]][:n]
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem. ``line`` and ``column`` are 1-based; 0 means "the whole file"."""

    file: str
    line: int
    column: int
    severity: Severity
    message: str
    rule: str

    def format(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.severity.value}: {self.message} ({self.rule})"

    def to_json(self) -> dict[str, object]:
        d = asdict(self)
        d["severity"] = self.severity.value
        return d


class ContentError(Exception):
    """A problem that stops a file from being read at all (raised by the loader)."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.format())
        self.diagnostic = diagnostic


def display_path(path: Path) -> str:
    """Paths relative to the working directory when possible, as editors expect."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def counted(n: int, word: str) -> str:
    """``1 error``, ``3 errors``: an English count for terminal summaries (never for the site)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary(diags: Iterable[Diagnostic], files: int, hidden_warnings: int = 0) -> str:
    """``0 errors, 2 warnings in 27 files``; with warnings left out (``--no-warnings``) it says how many
    instead of a "0 warnings" that would read as none."""
    diags = list(diags)
    errors = sum(d.severity is Severity.ERROR for d in diags)
    warnings = len(diags) - errors
    where = f"in {counted(files, 'file')}"
    if hidden_warnings:
        return (f"{counted(errors, 'error')} {where} ({counted(hidden_warnings, 'warning')} not shown: "
                "run without --no-warnings)")
    return f"{counted(errors, 'error')}, {counted(warnings, 'warning')} {where}"


def to_json(diags: Iterable[Diagnostic], files: int, hidden_warnings: int = 0) -> str:
    diags = list(diags)
    return json.dumps({
        "files": files,
        "errors": sum(d.severity is Severity.ERROR for d in diags),
        "warnings": sum(d.severity is Severity.WARNING for d in diags),
        "warnings_not_shown": hidden_warnings,
        "diagnostics": [d.to_json() for d in diags],
    }, ensure_ascii=False, indent=2)
