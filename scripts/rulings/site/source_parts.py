"""A long kept original split into parts of a bounded size, so its source page never grows with the content.

The source viewer shows every line of an original with its anchor (``#L12``); a 10 MB original would be a
10 MB page. So an original whose lines weigh more than :data:`BOUND` bytes of HTML is cut into parts, each a
page of its own (:func:`rulings.site.paths.source_part_page`). The cuts fall where the text shows a break:
before a heading, else at a paragraph break (after a blank line; in a text without blank lines every line is
a paragraph), never inside a range of lines an entry cites; a paragraph alone over the bound is cut between
its lines. The parts depend on the text and the cited ranges only, so they are the same in every locale
(the language switch keeps the part) and from build to build.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rulings.escape import html_text

BOUND = 60_000
"""Bytes of line markup (the lines' HTML, see :func:`weight`) on one part: about 60 KB, so a part's page with
Material's header, navigation and the index of parts stays near 100 KB, and a 10 MB original (50,000 rulings
of the benchmark's synthetic content) makes about 250 parts."""
MIN_FILL = 0.5
"""A cut at a better break (a heading over a paragraph break, a paragraph break over a line break) is taken
only if the part it ends holds at least this share of the parts' even size."""
LINE_MARKUP = len('<span class="rl-line" id="L"><a class="rl-ln" href="#L" aria-hidden="true" tabindex="-1">'
                  "</a></span>")
"""The markup of one line besides its number (three times) and text: what :mod:`.pages.source` writes."""
HEADING_CHARS = 80
"""A line this short that starts a paragraph and ends without a sentence's punctuation is taken for a heading."""
ATX = re.compile(r"#{1,6}\s")
SENTENCE_END = tuple(".,;!?…。，；！？、")

LINE, PARAGRAPH, HEADING = 1, 2, 3
"""How good a break is: between two lines of a paragraph, between paragraphs, before a heading."""


@dataclass(frozen=True)
class Part:
    """Lines ``first`` to ``last`` (1-based, inclusive) of an original, shown on one page."""

    first: int
    last: int


@dataclass(frozen=True)
class SourceParts:
    """The parts of one original, in order; one part (all of its lines) when it fits on one page."""

    parts: tuple[Part, ...]
    firsts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "firsts", tuple(p.first for p in self.parts))

    def index_of(self, line: int) -> int:
        """The part (0-based) showing ``line``; the last for a line past the end, the first before line 1."""
        return max(0, min(bisect.bisect_right(self.firsts, line) - 1, len(self.parts) - 1))

    @property
    def several(self) -> bool:
        return len(self.parts) > 1


def weight(n: int, line: str) -> int:
    """Bytes of HTML that line ``n`` becomes on the source page (its cited-range marks aside)."""
    return LINE_MARKUP + 3 * len(str(n)) + len(html_text(line).encode())


def blank(line: str) -> bool:
    return not line.strip()


def heading(line: str, before: str | None) -> bool:
    """Whether ``line`` reads as a heading: a Markdown one (``## Title``), or a short line that starts a
    paragraph (after a blank line or a rule, or after a line that ends a sentence) and ends without a
    sentence's punctuation (``Intercept vs. Defend``, ``Serie Ocra:``)."""
    text = line.strip()
    if ATX.match(text):
        return True
    if not any(c.isalnum() for c in text) or len(text) > HEADING_CHARS or text.endswith(SENTENCE_END):
        return False
    return before is None or separator(before) or before.rstrip().endswith(SENTENCE_END)


def separator(line: str) -> bool:
    """A blank line, or a rule drawn with punctuation (``-----``, ``* * *``): a line that ends what precedes."""
    return not any(c.isalnum() for c in line)


def break_scores(lines: Sequence[str], cited: Iterable[tuple[int, int]] = ()) -> list[int]:
    """``scores[k]``: how good a cut before line ``k`` (2 ≤ k ≤ len(lines)) is, 0 where no cut may fall
    (inside a cited range: its lines stay on one page unless it alone is over the bound)."""
    n = len(lines)
    paragraphs_by_blank = any(blank(s) for s in lines)
    inside = [0] * (n + 2)  # a difference array: + at a range's second line, - after its last
    for first, last in cited:
        if 1 <= first < last and first < n:
            inside[first + 1] += 1
            inside[min(last + 1, n + 1)] -= 1
    scores = [0] * (n + 1)
    depth = 0
    for k in range(2, n + 1):
        depth += inside[k]
        before, line = lines[k - 2], lines[k - 1]
        if depth > 0 or blank(line):
            continue  # a cut before a blank line would start the next page with it
        if heading(line, before):
            scores[k] = HEADING
        elif blank(before) or not paragraphs_by_blank:
            scores[k] = PARAGRAPH
        else:
            scores[k] = LINE
    return scores


def split(lines: Sequence[str], cited: Iterable[tuple[int, int]] = (), bound: int = BOUND) -> SourceParts:
    """The parts of an original's ``lines`` (as :func:`rulings.content.originals.lines` counts them), each at
    most ``bound`` bytes of line markup unless one line alone is over it, and about the same size (the fewest
    parts the bound allows, rather than full parts and a short last one); ``cited``: the (first, last) line
    ranges entries cite, kept whole where they can be."""
    n = len(lines)
    w = [0] + [weight(i, s) for i, s in enumerate(lines, start=1)]
    total = sum(w)
    if total <= bound:
        return SourceParts((Part(1, n),))
    target = total / math.ceil(total / bound)
    scores = break_scores(lines, cited)
    parts, start = [], 1
    while start <= n:
        fill, j = w[start], start + 1  # the first line always goes in, however long
        while j <= n and fill + w[j] <= bound:
            fill += w[j]
            j += 1
        if j > n:
            parts.append(Part(start, n))
            break
        cut = best_cut(scores, w, start, j, target)
        parts.append(Part(start, cut - 1))
        start = cut
    return SourceParts(tuple(parts))


def best_cut(scores: Sequence[int], w: Sequence[int], start: int, end: int, target: float) -> int:
    """Where the part from ``start`` ends (the first line of the next), lines ``start`` to ``end - 1`` fitting
    the bound: the best kind of break among those that leave the part at least :data:`MIN_FILL` of ``target``,
    the one nearest ``target`` of them; else the latest break of any kind; else as full as the bound allows (a
    paragraph alone over it)."""
    best, best_key, fallback = end, (0, 0.0), 0
    fill = sum(w[start:end])
    for k in range(end, start, -1):  # the cut before k ends the part with lines start..k-1
        if k < end:
            fill -= w[k]
        s = scores[k]
        if s and not fallback:
            fallback = k
        key = (s, -abs(fill - target))
        if s and fill >= MIN_FILL * target and key > best_key:
            best, best_key = k, key
    if best_key[0]:
        return best
    return fallback or end
