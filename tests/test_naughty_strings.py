"""Every string of the Big List of Naughty Strings survives dump → load → fmt unchanged.

Corpus: ../shared/corpora/naughty-strings/blns.json (MIT).
"""

from __future__ import annotations

import pytest

from conftest import BLNS, build_tree, naughty_strings
from rulings.content.fmt import format_file
from rulings.content.load import load
from rulings.content.validate import validate
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text

STRINGS = naughty_strings()


@pytest.mark.skipif(not BLNS.exists(), reason="naughty strings corpus not present")
def test_every_naughty_string_round_trips_through_fmt(tmp_path):
    strings = [s for s in STRINGS if s]  # an empty source text is not a text
    assert len(strings) > 500
    rulings = [Ruling(f"demo/ruling/n{i}", "en", [Provenance("doc", (1, 1))], question=Text("en", s),
                      answer=Text("en", s + "\n" + s), about=["demo/card/sword"])
               for i, s in enumerate(strings)]
    content = build_tree(tmp_path, rulings=rulings)
    path = content / "demo" / "rulings.yml"

    def texts():
        data = load(path).data
        return [(e["question"]["en"], e["answer"]["en"]) for e in data["entries"]]

    assert texts() == [(s, s + "\n" + s) for s in strings]
    # written as importers write: already fmt's canonical form, so fmt keeps every text and is idempotent
    result = format_file(path, content, check=False)
    assert result.error is None and not result.changed
    # and the whole tree still validates and reads into the model unchanged
    tree, diags = validate(content)
    assert [d for d in diags if d.severity == "error"] == []
    got = {e.id: e.question.source for e in tree.entries if e.id.startswith("demo/ruling/")}
    assert [got[f"demo/ruling/n{i}"] for i in range(len(strings))] == strings
