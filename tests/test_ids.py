"""The one slugify: ids made from printed names, with the options published ids depend on."""

from __future__ import annotations

import pytest

from rulings.model.entries import GAME_ID_RE
from rulings.model.ids import APOSTROPHES, slugify, unique


@pytest.mark.parametrize(("text", "slug"), [
    ("Timing of Death's Door Check", "timing-of-deaths-door-check"),  # an apostrophe joins by default
    ("[X]bound, Silence, and Disable Don’t Remove Themselves", "x-bound-silence-and-disable-dont-remove-themselves"),
    ("Waköán Töánka", "wakoan-toanka"),  # accents folded
    ("Bonuses\u00a0 – Speed", "bonuses-speed"),  # no-break space and dash separate
    ("三国杀 Legends", "legends"),  # what has no ASCII form separates
])
def test_slugify_defaults(text, slug):
    assert slugify(text) == slug
    assert GAME_ID_RE.match(slugify(text))


def test_join_decides_what_stays_inside_a_word():
    assert slugify("L'armata di Raoul", join="") == "l-armata-di-raoul"  # Italian elision splits
    assert slugify("Attack Grid(s)") == "attack-grid-s"
    assert slugify("Attack Grid(s)", join=APOSTROPHES + "()") == "attack-grids"


def test_drop_limit_and_fallback():
    q = "Can I target the same site twice with Craterize?"
    assert slugify(q, drop={"can", "i", "the", "with"}, limit=4) == "target-same-site-twice"
    assert slugify("Is it?", drop={"is", "it"}, fallback="q") == "q"
    with pytest.raises(ValueError, match="no slug"):
        slugify("“…”")


def test_unique_keeps_the_first_and_numbers_the_rest():
    taken: set[str] = set()
    assert [unique("a", taken) for _ in range(3)] == ["a", "a-2", "a-3"]
    assert unique("a-2", taken) == "a-2-2"
