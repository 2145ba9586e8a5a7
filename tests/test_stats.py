"""`rulings stats`: counts per game and kind, translations per locale and status."""

from __future__ import annotations

import json

from rulings.content.edit import apply_translations
from test_validate import run


def test_stats_counts_kinds_and_translations(tree):
    apply_translations(tree, {"demo/ruling/sword-twice": {"question": "Posso usare la Spada due volte?",
                                                          "answer": "Sì."},
                              "demo/card/sword": {"name": "Spada"}}, "it", "machine", "test")
    apply_translations(tree, {"demo/card/sword": {"name": "剑"}}, "zh", "draft", "test")
    r = run(["stats", "--json", "content"], tree.parent)
    assert r.exit_code == 0
    data = json.loads(r.output)
    demo = data["games"]["demo"]
    assert demo["kinds"] == {"card": 1, "ruling": 1, "term": 1}
    assert demo["translations"]["it"] == {"current": 3, "machine": 3, "missing": 2, "texts": 5}
    assert demo["translations"]["zh"] == {"current": 1, "draft": 1, "missing": 4, "texts": 5}
    assert demo["translations"]["en"] == {"source": 5, "texts": 5}
    # editing a source makes its translation count as stale
    path = tree / "demo" / "rulings.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("en: Yes.", "en: Yes, twice."), encoding="utf-8")
    it = json.loads(run(["stats", "--json", "content"], tree.parent).output)["games"]["demo"]["translations"]["it"]
    assert it["stale"] == 1 and it["current"] == 2
    text = run(["stats", "content"], tree.parent).output
    assert text.splitlines()[1].split() == ["demo", "1", "1", "1"]


def test_translate_apply_reports_unknown_entries_and_fields(tree, tmp_path):
    mapping = tmp_path / "it.yml"
    mapping.write_text("demo/ruling/nope:\n  answer: x\ndemo/card/sword:\n  nope: x\n  name: Spada\n")
    r = run(["translate", "apply", str(mapping), "--locale", "it", "--status", "draft", "--by", "me"], tree.parent)
    assert r.exit_code == 1
    assert "demo/ruling/nope: no such entry" in r.output and "demo/card/sword: no text field 'nope'" in r.output
    assert "1 applied" in r.output
    text = (tree / "demo" / "entities.yml").read_text(encoding="utf-8")
    assert "it:\n        text: Spada\n        source_hash:" in text and "status: draft\n        by: me" in text


def test_i18n_status_counts_match_the_content(tree):
    from rulings.content.tree import read
    from rulings.translation.status import rows, todo

    apply_translations(tree, {"demo/ruling/sword-twice": {"question": "Posso usare la Spada due volte?"},
                              "demo/term/adjacent": {"term": "Adiacente"}}, "it", "machine", "test")
    path = tree / "demo" / "glossary.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("en: Adjacent", "en: Adjacency"), encoding="utf-8")
    content = read(tree)
    it = next(r for r in rows(content, ["it"]) if r.game == "demo")
    # the card's name has no translation: kept as printed by policy, counted apart (neither missing nor done)
    assert (it.texts, it.counts["current"], it.counts["stale"], it.counts["missing"], it.counts["machine"],
            it.kept) == (5, 1, 1, 2, 2, 1)
    assert (it.done, it.to_translate, round(it.percent)) == (1, 4, 25)
    nxt = todo(content, "it")
    assert nxt[0].entry.id == "demo/term/adjacent" and nxt[0].stale  # stale work first


def i18n_status(tree, monkeypatch, *args: str):
    """``rulings i18n status ARGS`` run in the folder holding ``tree`` (content/)."""
    from click.testing import CliRunner

    from rulings.cli.main import main

    monkeypatch.chdir(tree.parent)
    r = CliRunner().invoke(main, ["i18n", "status", *args])
    assert r.exit_code == 0, r.output
    return r


def test_i18n_status_command(tree, monkeypatch):
    r = i18n_status(tree, monkeypatch, "--todo")
    line = next(x for x in r.output.splitlines() if x.startswith("it") and "demo" in x)
    assert "░" in line and "missing     4" in line and "(of 4)  names kept as printed    1" in line
    assert "  0.0%" in line  # nothing translated: the kept card name is no progress
    assert "next in it:" in r.output and "missing demo/term/adjacent: term, definition" in r.output


def test_i18n_status_json_gives_the_figures_per_locale_and_game(tree, monkeypatch):
    """The oracle is what this test does to the demo tree (its five texts: a ruling's question and answer, a
    card's name kept as printed, a term and its definition), not the status code itself."""
    import json

    apply_translations(tree, {"demo/ruling/sword-twice": {"question": "Posso usare la Spada due volte?"},
                              "demo/term/adjacent": {"term": "Adiacente", "definition": "Accanto."}},
                       "it", "draft", "test")
    apply_translations(tree, {"demo/term/adjacent": {"term": "相邻"}}, "zh", "machine", "test")
    r = i18n_status(tree, monkeypatch, "--json")
    data = {(x["locale"], x["game"]): x for x in json.loads(r.output)["texts"]}
    figures = {loc: (x["texts"], x["kept"], x["to_translate"], x["done"], x["percent"])
               for (loc, game), x in data.items() if game == "demo" and loc != "en"}
    assert figures["it"] == (5, 1, 4, 3, 75.0)  # three of the four texts to translate; the card's name apart
    assert figures["zh"] == (5, 1, 4, 1, 25.0)
    assert all(f == (5, 1, 4, 0, 0.0) for loc, f in figures.items() if loc not in ("it", "zh"))
