"""The search index: word rules in en/it/zh, the worker's JavaScript agreeing with Python on every string
(hostile ones too), shard files that are inert script whatever they hold, and the same bytes twice."""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import BLNS, naughty_strings
from rulings.escape import one_line
from rulings.model.terms import HAN_RANGES
from rulings.site.search import shards
from rulings.site.search.shards import DIGITS, FOLDER, decode_ids, encode_ids, index_files, plain_text, read_js
from rulings.site.search.tokens import (
    HAN_RUN,
    HYPHENS,
    JOIN_MAX,
    JOINERS,
    STOP_WORDS,
    compounds,
    index_tokens,
    query_tokens,
    stemmer,
)

WORKER = Path(__file__).resolve().parents[1] / "site_config" / "assets" / "search-worker.js"


@pytest.mark.parametrize(("text", "expected"), [
    ("“Dodge”, then (Shackled).", ["dodge", "shackled"]),            # curly quotes, brackets
    ("'Windblast' [Sorcery]", ["windblast", "sorcery"]),             # straight quotes, square brackets
    ("「曹操」，张辽。", ["曹操", "操", "张辽", "辽"]),                   # CJK brackets and punctuation
    ("Città PERCHÉ straße", ["citta", "perche", "strasse"]),         # accents and case folded
    ("Ｆｕｌｌ－ｗｉｄｔｈ", ["full", "width"]),                          # compatibility forms
])
def test_words_lose_punctuation_case_and_accents(text, expected):
    assert index_tokens(text) == expected


def test_italian_inflections_share_a_stem():
    stem = stemmer("it")
    assert stem("carta") == stem("carte")
    assert stem("attacco") == stem("attacchi")


def test_a_chinese_word_from_the_middle_of_a_title_is_one_of_its_pairs():
    title = "魏武帝曹操之奸雄"
    assert query_tokens("曹操") == [["曹操"]]
    assert "曹操" in index_tokens(title)
    assert all(t in index_tokens(title) for t in query_tokens("武帝曹操")[0])
    assert query_tokens("操") == [["操"]]  # one character: the last of a run, or a prefix of a pair


def test_stop_words_are_dropped_from_queries():
    assert query_tokens("the figlio del diavolo") == [["figlio"], ["diavolo"]]


def test_results_come_best_first_a_screen_at_a_time_then_whole(tmp_path):
    """While record files load, the best results show (a partial result: no more pages than Material
    renders at once, as its rendering of more measures the list's layout each time); the last result
    has them all, in the same order, the partial's pages first."""
    node = _node()
    many = []
    for i in range(40):  # a page and 7 sections, one of them found: the results are in 20 record files
        many.append({"location": f"game/card/p{i}/", "title": f"Page {i}", "text": "<p>A page.</p>"})
        many += [{"location": f"game/card/p{i}/#ruling-{k}", "title": f"Ruling {k}",
                  "text": "<p>Deals damage.</p>" if k == 3 else "<p>Nothing.</p>"} for k in range(7)]
    _write_index(tmp_path, many)
    posted = _run_worker(node, tmp_path, 'await ask("damage"); return posted;')
    pages = [[group[0]["location"].split("#")[0] for group in p["data"]["items"]] for p in posted]
    partial, final = [pg for p, pg in zip(posted, pages, strict=True) if p["partial"]], pages[-1]
    assert partial and not posted[-1]["partial"]
    assert len(final) > 10 and all(0 < len(pg) <= 10 and final[:len(pg)] == pg for pg in partial)


def _write_index(tmp_path: Path, entries: list[dict], context: dict | None = None) -> None:
    """The index files of ``entries`` (en), under ``tmp_path/search`` as a site has them."""
    for rel, body in index_files(entries, context or CONTEXT, "en").items():
        (tmp_path / "search" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "search" / rel).write_bytes(body)


def _run_worker(node: str, tmp_path: Path, body: str, *args: str) -> object:
    """``body`` (JavaScript, awaited; what it returns printed as JSON) run in node with the worker loaded as
    in ``tmp_path/assets`` on :func:`_write_index`'s files, fetched from disk: ``ask(q)`` sends a query,
    ``ask(q, page)`` as typed on ``page`` (a path under the locale's home: ``game/card/x/``), ``asked``
    lists the files fetched, ``posted`` every result ``{partial, data}``, ``args`` are ``args``."""
    script = f"""
    const fs = require("fs"), url = require("url"), [root, ...args] = process.argv.slice(1);
    global.self = global; self.location = {{href: url.pathToFileURL(root + "/assets/search-worker.js").href}};
    const asked = [], posted = []; let handler = null;
    global.fetch = async (u) => {{ asked.push(u.slice(u.indexOf("/rl/") + 4));
      return {{ok: true, text: async () => fs.readFileSync(url.fileURLToPath(u), "utf8")}}; }};
    global.addEventListener = (type, h) => {{ handler = h; }};
    global.postMessage = (m) => {{ if (m.type === 3) posted.push({{partial: !!m.partial, data: m.data}}); }};
    const ask = (q, page) => handler({{data: {{type: 2, data: q,
      rlPage: page && url.pathToFileURL(root + "/" + page).href}}}});
    require({json.dumps(str(WORKER))});
    (async () => {{ process.stdout.write(JSON.stringify(await (async () => {{ {body} }})())); }})();
    """
    out = subprocess.run([node, "-e", script, str(tmp_path), *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            raise RuntimeError("node is not installed: the worker's JavaScript cannot be compared with Python")
        pytest.skip("node is not installed (apt-get install nodejs): the worker's word rules are not compared")
    return node


def _in_worker(node: str, tmp_path, expr: str) -> object:
    """``expr`` evaluated in node with the worker loaded (its word rules as T, given in.json's meta as
    the index's; in.json as data), as JSON."""
    script = f"""
    global.self = global; global.addEventListener = () => {{}}; global.postMessage = () => {{}};
    self.location = {{href: "http://localhost/en/assets/search-worker.js"}};
    require({json.dumps(str(WORKER))});
    const T = self.__rulingsSearchTokens, data = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    T.useMeta(data.meta);
    process.stdout.write(JSON.stringify({expr}));
    """
    out = subprocess.run([node, "-e", script, str(tmp_path / "in.json")], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


SAMPLES = ["“Dodge”, (Shackled) 「曹操」，张辽。", "carte Città dell'attacco Erik’s", "ΣΊΣΥΦΟΣ ΌΣΟΣ", "İstanbul ǅemal",
           "𠀀𠀁 mixed曹操abc", "ﬁne ½ ①②", "x\u2028y\u2029z </script><script>alert(1)</script>", "ß ẞ ς Σ"]


COMPOUNDS = ["counter clock wise", "counter-clockwise", "Counter‑Clock—wise", "counter - clock\u00adwise",
             "counter, clock", "the counter of 2 clock wise", "曹操 fire ball", "fire曹操 ball x", "a-b-c-d-e",
             "Ｆｉｒｅ－ｂａｌｌ", "x2 y3"]
"""Compounds written apart: spaces, hyphens (ASCII, U+2011, fullwidth, soft), a dash, a comma, stop words, Han."""


def test_the_worker_splits_every_string_as_python_does(tmp_path):
    """Its words, and the runs of words a compound may be written apart as (tokens.compounds)."""
    node = _node()
    strings = SAMPLES + COMPOUNDS + (naughty_strings() if BLNS.exists() else [])
    meta = {"keys": [], "stop": sorted(STOP_WORDS), "han": HAN_RANGES, "docs": 0,
            "compound": {"joiners": JOINERS, "hyphens": HYPHENS, "max": JOIN_MAX}}
    (tmp_path / "in.json").write_text(json.dumps({"meta": meta, "strings": strings}), encoding="utf-8")
    got = _in_worker(node, tmp_path, "data.strings.map(s => [T.queryTokens(s), T.compounds(s)])")
    expected = [[query_tokens(s), [list(c) for c in compounds(s)]] for s in strings]
    mismatches = [(s, g, e) for s, g, e in zip(strings, got, expected, strict=True) if g != e]
    assert not mismatches, mismatches[:5]
    assert any(c for _t, c in expected[len(SAMPLES):len(SAMPLES) + len(COMPOUNDS)])  # compounds were compared


@pytest.mark.parametrize(("text", "expected"), [
    ("counter clock wise", [(0, 1, "counterclock", False), (1, 2, "clockwise", False),
                            (0, 2, "counterclockwise", False)]),
    ("Counter‑clockwise", [(0, 1, "counterclockwise", True)]),  # a non-breaking hyphen, folded
    ("counter, clock-wise", [(1, 2, "clockwise", True)]),       # a comma ends a compound
    ("fire of the ball", []),                                  # so does a stop word
    ("the fire ball", [(0, 1, "fireball", False)]),            # numbered as the query's words
    ("level 2 fire", []),                                      # a number never joins
])
def test_compounds_are_runs_of_words_joined_by_spaces_or_hyphens(text, expected):
    assert compounds(text) == expected



ID_SETS = [[], [0], [0, 1, 2, 3], [31, 32, 33, 1023, 1024, 1025], [5, 70_000, 1_048_575, 1_048_576, 40_000_000],
           list(range(0, 3000, 7))]


def test_the_worker_reads_the_document_ids_python_writes(tmp_path):
    """Postings are written as strings of base-32 gaps (shards.encode_ids): the worker must read back
    exactly the ids, at every digit count (gaps of 0, 31/32, 1023/1024 and beyond a million)."""
    node = _node()
    encoded = [encode_ids(ids) for ids in ID_SETS]
    assert [decode_ids(t) for t in encoded] == ID_SETS
    assert all(set(t) <= set(DIGITS) for t in encoded)
    (tmp_path / "in.json").write_text(json.dumps({"meta": {"keys": [], "stop": [], "han": HAN_RANGES,
                                                           "docs": 0, "digits": DIGITS}, "texts": encoded}))
    assert _in_worker(node, tmp_path, "data.texts.map(T.decodeIds)") == ID_SETS

HOSTILE = ['</script><script>alert(1)</script>', 'a\u2028b\u2029c', '"quoted" \'single\' `back`',
           '<img src=x onerror=1>']


def _entries() -> list[dict]:
    out = [{"location": "game/card/x/", "title": "Windblast", "text": "<p>Deals damage.</p>"}]
    for i, s in enumerate(HOSTILE):
        # as Material's search plugin gives them: HTML, so content arrives escaped
        out.append({"location": f"game/card/x/#ruling-{i}", "title": html.escape(s),
                    "text": f"<p>{html.escape(s)} 曹操 carta</p>"})
    return out


CONTEXT = {"games": {"game": 'The "Game" </script>'}, "kinds": {"card": "Card", "ruling": "Ruling"},
           "where": {"game/card/x/": "card"}, "names": {"game/card/x/": ["Windblast", "</script>"]}}


def test_index_files_are_inert_script_that_registers_its_data(tmp_path):
    node = _node()
    files = index_files(_entries(), CONTEXT, "en")
    for rel, body in files.items():
        text = body.decode("utf-8")
        assert text.startswith("__rulingsSearch(") and text.endswith(");\n"), rel
        assert "<" not in text and "\u2028" not in text and "\u2029" not in text, rel
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(body)
    script = """
    const seen = []; global.__rulingsSearch = (x) => seen.push(x);
    for (const f of process.argv.slice(1)) require(f);
    process.stdout.write(JSON.stringify(seen));
    """
    paths = [str(tmp_path / rel) for rel in sorted(files)]
    out = subprocess.run([node, "-e", script, *paths], capture_output=True, text=True, check=True)
    calls = json.loads(out.stdout)
    assert len(calls) == len(files)  # each file made exactly one call and nothing else ran
    docs = [d for kind, _key, chunk in calls if kind == "docs" for d in chunk["r"]]
    assert [d[1] for d in docs[1:]] == [one_line(s) for s in HOSTILE]  # as data, on one line


def test_the_same_input_gives_the_same_bytes():
    assert index_files(_entries(), CONTEXT, "it") == index_files(_entries(), CONTEXT, "it")


def test_names_answers_and_chinese_are_all_in_the_index():
    files = index_files(_entries(), CONTEXT, "en")
    shards = [read_js(b)[2] for r, b in files.items() if "/s/" in r]
    surfaces = {s for sh in shards for s in sh["s"]}
    assert {"windblast", "damage", "曹操", "carta"} <= surfaces
    assert all(r.startswith(f"{FOLDER}/") for r in files)


def test_plain_text_drops_markup_and_zero_width_spaces():
    assert plain_text("<p>曹操\u200b之 &amp; <b>x</b></p>") == "曹操之 & x"


def test_the_index_is_the_same_whether_material_segmented_chinese_or_not():
    """Why the search hook turns Material's jieba segmentation off: the zero-width spaces it puts around
    and between Chinese words (anywhere in a Han run) change no byte of the index."""
    def segmented(text: str) -> str:  # as Material's plugin does, with a break between every two characters
        return HAN_RUN.sub(lambda m: "\u200b" + "\u200b".join(m.group()) + "\u200b", text).strip("\u200b")

    plain = [{**e, "title": e["title"] + " 张辽", "text": e["text"].replace("曹操", "曹操之战")} for e in _entries()]
    cut = [{**e, "title": segmented(e["title"]), "text": segmented(e["text"])} for e in plain]
    assert cut != plain and index_files(cut, CONTEXT, "zh") == index_files(plain, CONTEXT, "zh")


def _calls(files: dict[str, bytes], part: str) -> list:
    return [read_js(b) for r, b in sorted(files.items()) if part in r]


def test_a_shard_shows_the_names_it_finds_and_a_record_file_the_pages_of_its_sections():
    """The best results (names) show from the query's shards alone, and any result from its own record
    file: no request waits for another."""
    many = [{"location": "game/card/x/", "title": "Windblast", "text": "<p>Deals damage.</p>"}]
    many += [{"location": f"game/card/x/#ruling-{i}", "title": f"Ruling {i}", "text": "<p>damage</p>"}
             for i in range(40)]
    files = index_files(many, CONTEXT, "en")
    for _kind, _key, shard in _calls(files, "/s/"):
        for fields in shard["p"].values():
            named = decode_ids(fields[0])
            assert all(str(n) in shard["r"] and str(shard["r"][str(n)][5]) in shard["r"] for n in named)
    assert any(shard["r"] for _k, _key, shard in _calls(files, "/s/"))  # "windblast" names the card
    chunks = _calls(files, "/d/")
    assert len(chunks) > 1
    for _kind, n, chunk in chunks:
        ids = range(n * len(chunks[0][2]["r"]), n * len(chunks[0][2]["r"]) + len(chunk["r"]))
        assert all(r[5] in ids or str(r[5]) in chunk["p"] for r in chunk["r"])


def test_the_warm_up_requests_nothing_and_leaves_no_trace_in_the_results(tmp_path):
    """The worker warms its code on a made-up index while the page is idle: it must load no file of the
    index but the meta, and the queries after it answer exactly as the same queries sent at once."""
    node = _node()
    many = _entries() + [{"location": f"game/card/x/#ruling-w{i}", "title": f"Windblast {i}",
                          "text": "<p>damage 曹操 carta</p>"} for i in range(40)]
    _write_index(tmp_path, many)
    body = """
      await new Promise(r => setTimeout(r, +args[0]));
      const before = [...asked];
      for (const q of ["windblast", "windblst", "damage", "曹操", "carta 曹操", "wind"]) await ask(q);
      return {before, posted: posted.filter(p => !p.partial).map(p => p.data)};
    """
    at_once, warmed = (_run_worker(node, tmp_path, body, wait) for wait in ("0", "300"))
    assert warmed["before"] == ["meta.js"]
    assert warmed["posted"] == at_once["posted"]
    assert all(item["location"].startswith("game/") for result in warmed["posted"] for group in result["items"]
               for item in group)
    assert any(result["items"] for result in warmed["posted"])


def test_an_original_the_page_hides_is_found_after_the_text_and_never_its_snippet(tmp_path):
    """A translated page's original (hidden on the page, kept out of Material's text) is in the index at the
    lowest weight: a word only it has finds the page, a page having the word in its text ranks first, and the
    snippet is the reader's text, not the original."""
    node = _node()
    entries = [{"location": "game/card/a/", "title": "Carta A", "text": "<p>Il alleato si teletrasporta.</p>"},
               {"location": "game/card/b/", "title": "Carta B", "text": "<p>Nessun teleport qui, teleport.</p>"}]
    context = {**CONTEXT, "originals": {"game/card/a/": ["Does the ally teleport itself?"]}}
    for rel, body in index_files(entries, context, "it").items():
        (tmp_path / "search" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "search" / rel).write_bytes(body)
    posted = _run_worker(node, tmp_path, 'await ask("teleport"); return posted;')
    items = [group[0] for group in posted[-1]["data"]["items"]]
    assert [i["location"] for i in items] == ["game/card/b/", "game/card/a/"]
    alone = _run_worker(node, tmp_path, 'await ask("itself"); return posted;')
    found = [group[0] for group in alone[-1]["data"]["items"]]
    assert [i["location"] for i in found] == ["game/card/a/"]
    assert "Does the ally" not in json.dumps(found) and "teletrasporta" in json.dumps(found)


TWO_GAMES = {"games": {"alpha": "Alpha", "beta": "Beta"}, "kinds": {"card": "Card", "ruling": "Ruling"},
             "where": {"alpha/card/diagonal/": "card", "beta/card/x/": "card"},
             "names": {"alpha/card/diagonal/": ["Diagonal"]}}


def _first_pages(posted: list) -> list[str]:
    return [group[0]["location"] for group in posted[-1]["data"]["items"]]


def test_on_a_games_page_that_games_results_rank_first(tmp_path):
    """Typed on one game's page, a query shows that game's results before another game's that match as many
    of its words, however much better those score (a name); elsewhere the order is the index's, and the
    game filter still narrows to another game."""
    node = _node()
    entries = [{"location": "alpha/card/diagonal/", "title": "Diagonal", "text": "<p>Moves diagonal.</p>"},
               {"location": "alpha/card/diagonal/#ruling-1", "title": "Diagonal steps", "text": "<p>Diagonal.</p>"},
               {"location": "beta/card/x/", "title": "X", "text": "<p>A card.</p>"},
               {"location": "beta/card/x/#ruling-2", "title": "Moving", "text": "<p>Not diagonal but forward.</p>"},
               {"location": "beta/card/x/#ruling-3", "title": "Forward", "text": "<p>Only forward.</p>"}]
    _write_index(tmp_path, entries, TWO_GAMES)
    body = """const out = {};
      for (const [name, q, page] of JSON.parse(args[0])) { await ask(q, page); out[name] = posted.at(-1); }
      return out;"""
    cases = [["home", "diagonal", "index.html"], ["alpha", "diagonal", "alpha/card/diagonal/"],
             ["beta", "diagonal", "beta/card/x/"], ["beta-deep", "diagonal", "beta/rules/a/b/"],
             ["filtered", "game:alpha diagonal", "beta/card/x/"], ["words", "diagonal steps", "beta/card/x/"],
             ["elsewhere", "diagonal", "../other-site/beta/card/x/"]]
    got = {k: _first_pages([v]) for k, v in _run_worker(node, tmp_path, body, json.dumps(cases)).items()}
    assert got["home"] == got["alpha"] == got["elsewhere"] == ["alpha/card/diagonal/", "beta/card/x/#ruling-2"]
    assert got["beta"] == got["beta-deep"] == ["beta/card/x/#ruling-2", "alpha/card/diagonal/"]
    assert got["filtered"] == ["alpha/card/diagonal/"]             # a filter, not a boost: others gone
    assert got["words"][0] == "alpha/card/diagonal/#ruling-1"      # both words beat one word of the page's game


def test_a_compound_is_found_whole_apart_or_hyphenated(tmp_path):
    """counterclockwise ≈ counter clock wise ≈ counter-clockwise, whichever a text and a query write: each
    query finds the three texts before one that has only a piece."""
    node = _node()
    texts = {"apart": "In counter clock wise order.", "whole": "Turn counterclockwise.",
             "hyphen": "A counter-clockwise turn.", "piece": "Put a counter on it."}
    entries = [{"location": "game/card/x/", "title": "X", "text": "<p>A card.</p>"}]
    entries += [{"location": f"game/card/x/#ruling-{k}", "title": k, "text": f"<p>{t}</p>"} for k, t in texts.items()]
    _write_index(tmp_path, entries)
    body = """const out = {};
      for (const q of JSON.parse(args[0])) {
        await ask(q);
        out[q] = posted.at(-1).data.items.flat().map(i => i.location);
      }
      return out;"""
    queries = ["counterclockwise", "counter clock wise", "counter-clockwise", "Counter‑Clockwise"]
    got = _run_worker(node, tmp_path, body, json.dumps(queries))
    three = {f"game/card/x/#ruling-{k}" for k in ("apart", "whole", "hyphen")}
    for q in queries:
        assert set(got[q][:3]) == three, (q, got[q])


def test_a_word_the_index_lacks_is_found_as_its_pieces(tmp_path):
    """Where no text writes the compound whole, a query that does finds the text writing it apart (the worker
    reads it as two or three of the index's words), and a word of the index is never read as pieces."""
    node = _node()
    entries = [{"location": "game/card/a/", "title": "A", "text": "<p>In counter clock wise order.</p>"},
               {"location": "game/card/b/", "title": "B", "text": "<p>The wind blast and windblast.</p>"},
               {"location": "game/card/c/", "title": "C", "text": "<p>The wind and a blast.</p>"}]
    _write_index(tmp_path, entries)
    body = """const out = {};
      for (const q of JSON.parse(args[0])) { await ask(q); out[q] = posted.at(-1).data.items.map(g => g[0]); }
      return out;"""
    got = _run_worker(node, tmp_path, body, json.dumps(["counterclockwise", "clockwise", "windblast"]))
    assert [i["location"] for i in got["counterclockwise"]] == ["game/card/a/"]
    assert "<mark>counter</mark> <mark>clock</mark> <mark>wise</mark>" in got["counterclockwise"][0]["text"]
    assert [i["location"] for i in got["clockwise"]] == ["game/card/a/"]
    assert [i["location"] for i in got["windblast"]] == ["game/card/b/"]  # not c: "windblast" is a word here


def test_a_compound_written_apart_is_indexed_where_the_index_has_it_whole():
    """Written apart, a compound is found by its joined form where a name or text has that form as a word
    (fire ball: fireball, a card's name); a hyphenated one always; never across two names of one entry."""
    entries = [{"location": "game/card/fireball/", "title": "Fireball", "text": "<p>Deals damage.</p>"},
               {"location": "game/card/x/", "title": "X", "text": "<p>Cast a fire ball, a deep-sea storm.</p>"},
               {"location": "game/card/y/", "title": "Y", "text": "<p>Wind blast.</p>"}]
    names = {"game/card/fireball/": ["Fireball"], "game/card/y/": ["Wind", "Blast"]}
    context = {**CONTEXT, "where": {}, "names": names}
    files = index_files(entries, context, "en")
    shards = [read_js(b)[2] for r, b in files.items() if "/s/" in r]
    postings = {stem: [decode_ids(f) for f in fields] for sh in shards for stem, fields in sh["p"].items()}
    stem_of = {s: (s if st == 1 else st) for sh in shards for s, st in sh["s"].items()}
    assert 1 in postings[stem_of["fireball"]][2]        # x's text, by its name's word
    assert 1 in postings[stem_of["deepsea"]][2]         # hyphenated
    assert "windblast" not in stem_of                   # two names, not one
    assert "castafire" not in stem_of and "firebal" not in stem_of


COUNTER = ["counterweight", "counterpoint", "countermand", "counterfeit", "countersign", "counterpart",
           "counterattack", "countdown", "country", "county"]


@pytest.mark.parametrize("layout", ["max_key", "record", "fields"])
def test_the_worker_reads_the_index_layout_from_its_meta(tmp_path, monkeypatch, layout):
    """What the worker must agree on with Python (how long a shard key grows, the order of a record's and a
    posting's fields) comes from meta.js: an index written another way is still read right. Shards split to
    8-character keys (``counterw``) were not found by a worker that stopped at 6."""
    node = _node()
    monkeypatch.setattr(shards, "SHARD_BYTES", 1)  # every shard splits as far as keys may grow
    if layout == "max_key":
        monkeypatch.setattr(shards, "MAX_KEY", 8)
    elif layout == "record":
        monkeypatch.setattr(shards, "RECORD", tuple(reversed(shards.RECORD)))
    else:
        monkeypatch.setattr(shards, "FIELDS", tuple(reversed(shards.FIELDS)))
    # the text first: were a name weighed as a text, the two would tie and the first document win
    entries = [{"location": "game/card/plain/", "title": "Plain", "text": "<p>Nothing counterweight.</p>"}]
    entries += [{"location": f"game/card/{w}/", "title": f"Card {w}", "text": f"<p>It reads {w} twice.</p>"}
                for w in COUNTER]
    context = {**CONTEXT, "where": {e["location"]: "card" for e in entries},
               "names": {f"game/card/{w}/": [w.title()] for w in COUNTER}}
    _write_index(tmp_path, entries, context)
    meta = read_js((tmp_path / "search" / FOLDER / "meta.js").read_bytes())[2]
    if layout == "max_key":
        assert max(len(k) for k in meta["keys"]) == 8
    posted = _run_worker(node, tmp_path, 'await ask("counterw"); return posted;')
    items = [group[0] for group in posted[-1]["data"]["items"]]
    # the name first, then the text that has it; each shown with its own title, snippet and kind
    assert [i["location"] for i in items] == ["game/card/counterweight/", "game/card/plain/"]
    assert "Card <mark>counterweight</mark>" in items[0]["title"] and "Card" in items[0]["title"]
    assert "Nothing <mark>counterweight</mark>" in items[1]["text"]


def test_the_worker_weighs_every_field_python_writes(tmp_path):
    """A field Python adds to the postings and the worker does not know would weigh nothing: a word there would
    find nothing."""
    node = _node()
    (tmp_path / "in.json").write_text(json.dumps({"meta": {"keys": [], "stop": [], "han": HAN_RANGES, "docs": 0}}))
    assert sorted(_in_worker(node, tmp_path, "Object.keys(T.WEIGHTS)")) == sorted(shards.FIELDS)
