"""`rulings fmt`: canonical form that keeps comments, key order and quoting; idempotent; --check."""

from __future__ import annotations

import re
from pathlib import Path

from test_validate import run

MESSY = """kind: rulings   # the file kind
game: demo
entries:
# a comment before the first entry
- id: demo/ruling/sword-twice
  lang: en
  question:
        en: 'Can I use the Sword twice?'   # single quotes stay
  answer: {en: "Yes."}
  about:
  - demo/card/sword
  provenance: {document: doc, lines: [1, 2]}
"""


def test_fmt_keeps_comments_order_quotes_and_adds_modeline(tree: Path):
    path = tree / "demo" / "rulings.yml"
    path.write_text(MESSY, encoding="utf-8")
    r = run(["fmt", "--check", "content"], tree.parent)
    assert r.exit_code == 1 and "would reformat content/demo/rulings.yml" in r.output
    assert path.read_text(encoding="utf-8") == MESSY  # --check changes nothing
    r = run(["fmt", "content"], tree.parent)
    assert r.exit_code == 0
    out = path.read_text(encoding="utf-8")
    assert out.splitlines()[0] == "# yaml-language-server: $schema=../../schemas/rulings.schema.json"
    assert "kind: rulings   # the file kind" in out
    assert "# a comment before the first entry" in out
    assert re.search(r"en: 'Can I use the Sword twice\?' +# single quotes stay", out)
    assert 'answer: {en: "Yes."}' in out
    assert "  - id: demo/ruling/sword-twice\n    lang: en\n    question:\n      en:" in out
    keys = [ln.split(":")[0].strip() for ln in out.splitlines()
            if ln.startswith("    ") and not ln.startswith("      ")]
    assert keys == ["lang", "question", "answer", "about", "provenance"]
    # twice changes nothing, and the check now passes
    r = run(["fmt", "content"], tree.parent)
    assert path.read_text(encoding="utf-8") == out and "0 of" in r.output
    assert run(["fmt", "--check", "content"], tree.parent).exit_code == 0
    assert run(["validate", "content", "--no-warnings"], tree.parent).exit_code == 0


def test_fmt_refuses_a_broken_file_and_leaves_it(tree: Path):
    path = tree / "demo" / "rulings.yml"
    path.write_text("kind: rulings\nkind: twice\n", encoding="utf-8")
    r = run(["fmt", "content"], tree.parent)
    assert r.exit_code == 1
    assert "content/demo/rulings.yml:2:1: error: " in r.output and "(yaml-duplicate-key)" in r.output
    assert path.read_text(encoding="utf-8") == "kind: rulings\nkind: twice\n"
