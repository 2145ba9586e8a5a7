"""Repeated runs summed up: min, median and max of each figure over the samples."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable
from typing import Any


def spread(values: Iterable[float | None]) -> dict[str, float | int] | None:
    """``{"min", "median", "max", "n"}`` of the values given (None ones are left out), or None if none is."""
    xs = sorted(v for v in values if v is not None)
    if not xs:
        return None
    return {"min": xs[0], "median": statistics.median(xs), "max": xs[-1], "n": len(xs)}


def ratio(a: float | None, b: float | None) -> float | None:
    """a / b, or None when either is missing or b is zero."""
    return a / b if a is not None and b else None


def phase_names(samples: list[dict[str, Any]]) -> list[str]:
    """Every phase met in the samples, in the order the build ran them."""
    names: dict[str, None] = {}
    for s in samples:
        names.update(dict.fromkeys(s["phases"]))
    return list(names)


PHASE_FIGURES = ("seconds", "cpu_seconds", "self_cpu_seconds", "children_cpu_seconds", "peak_rss_bytes")


def summarize(samples: list[dict[str, Any]], figures: dict[str, Callable[[dict[str, Any]], float | None]]
              ) -> dict[str, Any]:
    """The spread of each phase's figures, and of each named figure computed from a whole sample.

    Derived figures (ratios) are computed in each sample first, then spread: the median of ratios, not a
    ratio of medians, so each ratio compares two measurements taken minutes apart, not hours."""
    return {
        "repeats": len(samples),
        "phases": {name: {f: spread(s["phases"][name].get(f) for s in samples if name in s["phases"])
                          for f in PHASE_FIGURES}
                   for name in phase_names(samples)},
        **{name: spread(get(s) for s in samples) for name, get in figures.items()},
    }
