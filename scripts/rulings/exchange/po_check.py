"""What ``rulings validate`` says about ``po/``: warnings when the committed PO exchange no longer agrees with
the content (a new game or locale has no PO files yet, a text changed, a translator's edit is not recorded).

The same question as ``rulings translate sync --check`` (and the CI test on the committed tree), asked
through :func:`~rulings.exchange.sync.sync` itself, so the two never disagree; a contributor learns it
from the command they run anyway, with the one command that fixes it."""

from __future__ import annotations

from pathlib import Path

from rulings.content.diagnostics import Diagnostic, Severity, display_path
from rulings.escape import terminal
from rulings.exchange.sync import po_root_of, sync

RULE = "po-out-of-date"
FIX = "run `rulings translate sync` and commit po/ with the content"
SHOWN = 10
"""Out-of-date files named one per line; more are counted on one line (a new locale touches every game)."""


def po_diagnostics(root: Path) -> list[Diagnostic]:
    """One warning per PO file that ``translate sync`` would write or record from (the first :data:`SHOWN`,
    then one line counting the rest), and one per problem it would leave for a person."""
    report = sync(root, check=True)
    out: list[Diagnostic] = []
    new = [p for p in report.out_of_date if not p.exists()]
    changed = [p for p in report.out_of_date if p.exists()]
    for path in (new + changed)[:SHOWN]:
        what = "missing (a new game, source language or locale)" if not path.exists() else \
            "out of date with the content"
        out.append(Diagnostic(display_path(path), 0, 0, Severity.WARNING, f"{what}: {FIX}", RULE))
    if len(report.out_of_date) > SHOWN:
        out.append(Diagnostic(display_path(po_root_of(root)), 0, 0, Severity.WARNING,
                              f"{len(report.out_of_date) - SHOWN} more PO files are missing or out of date: {FIX}",
                              RULE))
    if report.applied:
        out.append(Diagnostic(display_path(po_root_of(root)), 0, 0, Severity.WARNING,
                              f"{len(report.applied)} translations edited in po/ are not in the content yet "
                              f"(the first: {terminal(report.applied[0])}): {FIX}", RULE))
    out += [Diagnostic(display_path(po_root_of(root)), 0, 0, Severity.WARNING, terminal(problem), "po-sync")
            for problem in report.problems]
    return out
