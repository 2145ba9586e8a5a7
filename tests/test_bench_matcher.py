"""The term matcher benchmark (tools/bench/matcher.py) at a small scale: it reports every case with figures
consistent with what the matcher finds; how fast is what it measures, never a test."""

from __future__ import annotations

import json

from bench import matcher as bench
from rulings.model.terms import MAX_FORM_WORDS


def test_every_case_is_reported_with_its_figures(tmp_path, capsys):
    out = tmp_path / "matcher.json"
    assert bench.main(["--scale", "0.02", "--repeat", "1", "--memory", "--json", str(out)]) == 0
    rows = json.loads(out.read_text(encoding="utf-8"))
    cases = bench.cases(0.02)
    assert [r["case"] for r in rows] == [c.name for c in cases]
    table = capsys.readouterr().out
    for r, case in zip(rows, cases, strict=True):
        assert r["case"] in table and r["terms"] == len(case.forms) and r["text_chars"] == len(case.text)
        g = bench.glossary_of(case.forms, case.lang)
        assert r["find_matches"] == len(g.find(case.text, case.lang)) > 0
        assert r["terms_in_matches"] == len(g.terms_in(case.text, case.lang)) >= r["find_matches"]
        assert all(r[k] >= 0 for k in ("index_s", "find_s", "terms_in_s", "peak_mib"))


def test_the_hostile_case_meets_the_limits_unless_lifted(monkeypatch):
    """foo-400 has forms longer than the matcher looks for: found only up to the limit, unless lifted."""
    case = next(c for c in bench.cases(0.1) if c.name == "foo-400")
    assert len(case.forms) > MAX_FORM_WORDS
    longest = max(len(case.text[m.start:m.end].split()) for m in bench.glossary_of(case.forms, "en").find(
        case.text, "en"))
    assert longest == MAX_FORM_WORDS
    monkeypatch.setattr("rulings.model.terms.MAX_FORM_WORDS", 10_000)
    lifted = max(len(case.text[m.start:m.end].split()) for m in bench.glossary_of(case.forms, "en").find(
        case.text, "en"))
    assert lifted == len(case.forms)
