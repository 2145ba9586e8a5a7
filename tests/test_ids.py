"""The one slugify: ids made from printed names, with the options published ids depend on."""

from __future__ import annotations

import pytest

from rulings.model.entries import GAME_ID_RE
from rulings.model.ids import (
    APOSTROPHES,
    RESERVED_SUFFIX,
    slugify,
    unique,
    windows_name_problem,
    windows_reserved,
)


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


@pytest.mark.parametrize("name", ["con", "CON", "Aux", "nul.txt", "prn.tar.gz", "com1", "COM9.md", "lpt1", "lpt9.html",
                                  "com0", "lpt0", "con ", "nul .txt", "com¹", "LPT³.txt", "conin$", "CONOUT$.log"])
def test_windows_device_names_are_reserved_with_any_extension_and_case(name):
    assert windows_reserved(name)
    assert "device name on Windows" in (windows_name_problem(name) or "")


@pytest.mark.parametrize("name", ["cons", "con-1", "aux-1.md", "icon", "nul1", "com10", "lpt", "com", "econ.txt",
                                  "x.con", "a.nul.txt"])
def test_names_that_only_contain_a_device_name_are_fine(name):
    assert not windows_reserved(name) and windows_name_problem(name) is None


@pytest.mark.parametrize(("name", "why"), [("a:b", "':'"), ("a?b", "'?'"), ('a"b', "'\"'"), ("a\x01", "'\\x01'"),
                                           ("end.", "ends with a dot"), ("end ", "ends with a dot or a space")])
def test_other_names_windows_refuses(name, why):
    assert why in (windows_name_problem(name) or "")


@pytest.mark.parametrize(("text", "slug"), [("Con", "con-1"), ("AUX", "aux-1"), ("Nul!", "nul-1"), ("PRN", "prn-1"),
                                            ("COM1", "com1-1"), ("lpt 9", "lpt-9"), ("LPT9", "lpt9-1"),
                                            ("Con Artist", "con-artist"), ("Is it?", "q")])
def test_slugify_never_makes_a_device_name(text, slug):
    got = slugify(text, drop={"is", "it"}, fallback="q")
    assert got == slug and not windows_reserved(got) and GAME_ID_RE.match(got)


def test_a_reserved_fallback_or_limited_slug_gets_the_suffix_too():
    assert slugify("?", fallback="nul") == "nul-1"
    assert slugify("Aux Ports Everywhere", limit=1) == "aux-1"
    assert slugify("con", drop={"the"}) == "con" + RESERVED_SUFFIX
