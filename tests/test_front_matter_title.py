"""Page titles reach mkdocs through front matter: whatever a name holds, mkdocs reads back exactly the
escaped label Material prints (so the header and <title> show the name as text)."""

from __future__ import annotations

import pytest
from mkdocs.utils.meta import get_data

from conftest import naughty_strings
from rulings.escape import meta_label, nav_label

HOSTILE = ['</title><script>x()</script>', "a: b\n---\nsearch: {exclude: true}", '"quoted" \\ back',
           "\x1f\x7f\x85\u2028", "\ud800 lone", "#comment", "- list", "😀 astral", *naughty_strings()[:300]]


@pytest.mark.parametrize("name", HOSTILE)
def test_front_matter_title_reads_back_as_the_escaped_label(name):
    _body, meta = get_data(f"---\ntitle: {meta_label(name)}\n---\n\n# x\n")
    assert meta == {"title": nav_label(name)}
    assert "<" not in meta["title"]
