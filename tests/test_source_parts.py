"""A long kept original split into parts: each part under the bound, cut where the text breaks (before a
heading, after a blank line), never inside a cited range unless it alone is over the bound; a short
original stays whole. The site that shows the parts is tested in tests/web/test_source_parts_site.py."""

from __future__ import annotations

import itertools
import random

from conftest import paragraphs, sentence
from rulings.site.source_parts import BOUND, Part, SourceParts, split, weight


def weighed(lines: list[str], part: Part) -> int:
    return sum(weight(n, lines[n - 1]) for n in range(part.first, part.last + 1))


def contiguous(parts: SourceParts, n: int) -> bool:
    p = parts.parts
    return p[0].first == 1 and p[-1].last == n and all(a.last + 1 == b.first for a, b in itertools.pairwise(p))


def test_a_long_original_is_cut_at_blank_lines_into_parts_under_the_bound():
    lines = paragraphs(3000)
    parts = split(lines)
    assert len(parts.parts) >= 3 and contiguous(parts, len(lines))
    for p in parts.parts:
        assert weighed(lines, p) <= BOUND
    for p in parts.parts[1:]:  # each part starts a paragraph: after a blank line, with text
        assert lines[p.first - 2] == "" and lines[p.first - 1] != ""
    sizes = [weighed(lines, p) for p in parts.parts]
    assert min(sizes) > max(sizes) / 2  # about even: no short last part


def test_the_cuts_fall_before_headings_when_the_text_has_them():
    lines = paragraphs(3000, heading_every=8)
    parts = split(lines)
    assert len(parts.parts) >= 3
    for p in parts.parts[1:]:
        assert lines[p.first - 1].startswith("Section "), lines[p.first - 1]


def test_a_text_without_blank_lines_is_cut_between_lines_and_every_line_is_shown_once():
    rng = random.Random(2)
    lines = [sentence(rng) for _ in range(4000)]
    parts = split(lines)
    assert len(parts.parts) >= 3 and contiguous(parts, len(lines))
    assert all(weighed(lines, p) <= BOUND for p in parts.parts)


def test_a_paragraph_alone_over_the_bound_is_cut_between_its_lines():
    rng = random.Random(3)
    lines = ["Intro.", "", *(sentence(rng) for _ in range(2000)), "", "Outro."]
    parts = split(lines)
    assert len(parts.parts) >= 3 and contiguous(parts, len(lines))
    assert all(weighed(lines, p) <= BOUND for p in parts.parts)


def test_a_line_alone_over_the_bound_is_a_part_of_its_own():
    lines = ["Short.", "x" * (2 * BOUND), "Short again."]
    parts = split(lines)
    assert contiguous(parts, 3) and Part(2, 2) in parts.parts


def test_cited_ranges_stay_on_one_page():
    rng = random.Random(4)
    lines = [sentence(rng) for _ in range(4000)]  # a line break is a paragraph break here: any line may start a part
    free = split(lines)
    cited = [(p.first - 1, p.first + 1) for p in free.parts[1:]]  # each across a cut made without them
    parts = split(lines, cited)
    assert contiguous(parts, len(lines))
    for first, last in cited:
        assert parts.index_of(first) == parts.index_of(last), (first, last)


def test_a_short_original_stays_one_page():
    lines = paragraphs(20)
    assert split(lines).parts == (Part(1, len(lines)),)
    assert not split(lines).several and split([]).parts == (Part(1, 0),)


def test_each_line_is_found_in_the_part_that_shows_it():
    lines = paragraphs(3000)
    parts = split(lines)
    for i, p in enumerate(parts.parts):
        assert parts.index_of(p.first) == parts.index_of(p.last) == i
    assert parts.index_of(len(lines) + 50) == len(parts.parts) - 1 and parts.index_of(0) == 0
