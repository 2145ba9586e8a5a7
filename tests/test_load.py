"""The loader rejects each class of bad input with a message, a rule and an exact position."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.content import load as load_mod
from rulings.content.diagnostics import ContentError
from rulings.content.load import load, position


def _load_error(tmp_path: Path, content: bytes | str) -> ContentError:
    p = tmp_path / "bad.yml"
    p.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    with pytest.raises(ContentError) as exc:
        load(p)
    return exc.value


CASES = [
    # (name, content, rule, line, column, words in the message)
    ("syntax", "kind: rulings\nentries:\n  - id: a\n   bad: [\n", "yaml-syntax", 4, 4,
     "did not find expected '-' indicator"),
    ("unclosed-quote", 'kind: "rulings\n', "yaml-syntax", 2, 1, "end of stream"),
    ("duplicate-key", "kind: rulings\ngame: x\nkind: glossary\n", "yaml-duplicate-key", 3, 1, "duplicate key"),
    ("anchor", "kind: rulings\nentries:\n  - &e {id: a}\n", "yaml-anchor", 3, 5, "anchor '&e'"),
    ("alias", "kind: rulings\na: x\nb: *a\n", "yaml-alias", 3, 4, "alias '*a'"),
    ("tag", "kind: rulings\ngame: !!python/object:os.system x\n", "yaml-tag", 2, 7, "tag"),
    ("custom-tag", "kind: rulings\ngame: !secret x\n", "yaml-tag", 2, 7, "tag '!secret'"),
    ("two-documents", "kind: rulings\n---\nkind: glossary\n", "yaml-documents", 2, 1, "one YAML document"),
    ("empty", "# only a comment\n", "yaml-empty", 1, 1, "empty"),
    ("control-char", "kind: rulings\ngame: a\x07b\n", "yaml-character", 2, 8, "not allowed"),
    ("deep", "a: " + "[" * 70 + "]" * 70 + "\n", "yaml-depth", 1, 67, "nesting deeper"),
]


@pytest.mark.parametrize(("name", "content", "rule", "line", "col", "words"), CASES, ids=[c[0] for c in CASES])
def test_rejections_are_positioned(tmp_path, name, content, rule, line, col, words):
    d = _load_error(tmp_path, content).diagnostic
    assert (d.rule, d.line, d.column) == (rule, line, col), d.format()
    assert words in d.message
    assert d.format().startswith(f"{d.file}:{line}:{col}: error: ")
    assert "Traceback" not in d.message and 'in "<' not in d.message


def test_alias_with_anchor_defined_is_rejected_at_the_anchor(tmp_path):
    d = _load_error(tmp_path, "kind: rulings\na: &x [1, 2]\nb: *x\n").diagnostic
    assert (d.rule, d.line, d.column) == ("yaml-anchor", 2, 4)


def test_billion_laughs_is_rejected_fast(tmp_path):
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    d = _load_error(tmp_path, "\n".join(lines) + "\n").diagnostic
    assert d.rule == "yaml-anchor" and (d.line, d.column) == (1, 5)


def test_not_utf8_names_the_byte_and_its_position(tmp_path):
    d = _load_error(tmp_path, b"kind: rulings\ngame: caf" + b"\xe9\n").diagnostic
    assert (d.rule, d.line, d.column) == ("encoding", 2, 10)
    assert "0xe9" in d.message


def test_too_large(tmp_path, monkeypatch):
    monkeypatch.setattr(load_mod, "MAX_BYTES", 100)
    d = _load_error(tmp_path, "kind: rulings\n" + "# padding\n" * 20).diagnostic
    assert d.rule == "file-size" and "more than the 100 allowed" in d.message


def test_utf8_bom_is_accepted(tmp_path):
    p = tmp_path / "bom.yml"
    p.write_bytes("\ufeffkind: rulings\n".encode())
    assert load(p).data == {"kind": "rulings"}


def test_positions_of_values_and_keys(tmp_path):
    p = tmp_path / "ok.yml"
    p.write_text("kind: rulings\nentries:\n  - id: a\n    lang: en\n  - id: b\n")
    data = load(p).data
    assert position(data, ["entries", 1, "id"]) == (5, 9)
    assert position(data, ["entries", 0, "lang"], key=True) == (4, 5)
    assert position(data, ["entries", 7, "id"]) == (3, 3)  # nearest ancestor: the list
