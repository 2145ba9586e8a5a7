"""The synthetic content generator and the scale benchmark, at a small size (one game, two locales, one repeat).

The benchmark is tested for what it reports (every phase and figure, consistent with each other and with
the files it built), never for how fast anything ran: speed is what the benchmark measures, not a test."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from bench import run as bench
from bench import synth
from rulings.content.diagnostics import Severity
from rulings.content.validate import validate
from rulings.model.entries import Entity, EntityType, Ruling, Term
from rulings.model.text import TextState

REPO = Path(__file__).resolve().parents[1]
N = 200


def _digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_synthetic_tree_is_valid_multilingual_and_linked(tmp_path: Path) -> None:
    counts = synth.generate(tmp_path / "content", N, seed=3)
    content, diags = validate(tmp_path / "content")
    errors = [d.format() for d in diags if d.severity is Severity.ERROR]
    assert errors == []
    rulings = [e for e in content.entries if isinstance(e, Ruling)]
    assert len(rulings) == counts["rulings"] == N
    assert counts["entries"] == len(content.entries)
    assert len(content.games) == counts["games"] == 2
    by_id = content.by_id()
    cards = [e for e in content.entries if isinstance(e, Entity) and e.type is EntityType.CARD]
    heroes = [e for e in content.entries if isinstance(e, Entity) and e.type is EntityType.HERO]
    terms = [e for e in content.entries if isinstance(e, Term)]
    assert len(cards) + len(heroes) == pytest.approx(N / 5, abs=2)
    assert heroes and all(h.name.lang == "zh" and h.name.state("en") is TextState.CURRENT for h in heroes)
    assert len(terms) == counts["terms"] >= 100  # 50 + N/100 per game
    assert all(t.term.get("it") and t.term.get("zh") for t in terms)
    # a third Italian (with current English), some Chinese, the rest English
    it = [r for r in rulings if r.lang == "it"]
    zh = [r for r in rulings if r.lang == "zh"]
    assert 0.2 < len(it) / N < 0.45 and zh
    for r in it + zh:
        for _path, t in r.texts():
            if t.lang != "en":
                assert t.state("en") is TextState.CURRENT
    # texts of realistic length, naming what they are about
    for r in rulings:
        main = r.question or r.statement
        assert main is not None
        if r.lang == "en":
            assert 20 <= len(main.source.split()) <= 90
        for a in r.about:
            target = by_id[a]
            assert isinstance(target, Entity)
            assert target.name.get("en") in (main.get("en") or "") or target.name.source in main.source
    assert sum(1 for r in rulings if not r.about) == 20  # ten general rulings per game, on "Other rulings"
    assert sum(1 for r in rulings if r.related) > 0.2 * N
    assert any(e for e in content.entries if e.id_kind == "section" and e.blocks)


def test_synthetic_tree_is_deterministic_and_split_into_files(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    synth.generate(tmp_path / "a" / "content", 60, seed=7)
    synth.generate(tmp_path / "b" / "content", 60, seed=7)
    a = _digest(tmp_path / "a" / "content")
    assert a == _digest(tmp_path / "b" / "content")
    monkeypatch.setattr(synth, "FILE_ENTRIES", 12)
    synth.generate(tmp_path / "c" / "content", 60, seed=8)  # another seed, in files of 12 entries
    files = sorted(p.name for p in (tmp_path / "c" / "content" / "synth-one").glob("rulings-*.yml"))
    assert files == ["rulings-001.yml", "rulings-002.yml", "rulings-003.yml"]
    c = _digest(tmp_path / "c" / "content")
    unsplit = [f for f in a.keys() & c.keys() if f.endswith(".yml") and "rulings" not in f and f != "project.yml"]
    assert unsplit and all(a[f] != c[f] for f in unsplit)  # the seed, not the split, changed them
    _content, diags = validate(tmp_path / "c" / "content")
    assert not [d for d in diags if d.severity is Severity.ERROR]


SMOKE = 20
"""Rulings of the benchmark's run: a handful of pages per locale, enough for names, terms and backlinks."""


@pytest.mark.build
def test_benchmark_measures_every_phase_of_a_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny run (one game, two locales: the fewest that fork generation workers; one repeat) of the default
    build, whose phases include every phase of the online one (the served site, after the bundles): its phases
    in wall and CPU time, plain mkdocs on the same runs, the derived figures consistent with the measured ones,
    the output as on disk. (The online build is the same measurement of ``build(bundles=False)``.)"""
    locales = list(synth.LOCALES[:2])
    out = tmp_path / "out" / "bench.json"
    report = bench.run([SMOKE], out, repo=REPO, locales=locales, games=1, repeat=1, keep=True, tmp_dir=tmp_path,
                       builds=["default"])
    printed = capsys.readouterr()
    r = report["runs"][0]
    kept = [Path(b["kept"]) for b in r["builds"].values()]
    try:
        assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(report))
        assert r["rulings"] == SMOKE and r["locales"] == locales and set(r["builds"]) == {"default"}
        default = r["builds"]["default"]
        served = ["load", "validate", "model", "generate", "mkdocs", "finish", "other"]
        bundles = ["shim", "bundles.generate", "bundles.mkdocs", "bundles.split", "bundles.pack"]
        assert list(default["summary"]["phases"]) == served[:3] + bundles + served[3:]
        # mkdocs runs: one per locale for the served site, and the offline site (all together; each alone is cut
        # out of it)
        (s,) = default["samples"]
        assert s["mkdocs"]["runs_per_phase"] == {"bundles.mkdocs": len(locales), "mkdocs": len(locales)}
        assert default["mkdocs_runs"] == 2 * len(locales)
        for kind, b in r["builds"].items():
            (s,) = b["samples"]
            ph = s["phases"]
            for name, p in ph.items():
                assert p["seconds"] >= 0 and p["cpu_seconds"] >= 0, (kind, name)
                assert p["cpu_seconds"] == pytest.approx(p["self_cpu_seconds"] + p["children_cpu_seconds"])
                assert b["summary"]["phases"][name]["seconds"]["n"] == 1
            for fig in ("seconds", "cpu_seconds"):  # the phases and the rest add up to the whole build
                assert sum(p[fig] for p in ph.values()) == pytest.approx(s["build"][fig])
            assert ph["generate"]["children_cpu_seconds"] > 0  # the forked workers' time is counted
            assert sum(s["mkdocs"]["runs_per_phase"].values()) == b["mkdocs_runs"] == len(s["mkdocs"]["runs"])
            # each mkdocs run's CPU time (os.wait4) is counted in its phase, and so is the warm mkdocs server
            # the runs fork from (its imports are mkdocs's cost too): the phases' children never count less
            runs_cpu = sum(x["cpu_seconds"] for x in s["mkdocs"]["runs"].values())
            assert 0 < runs_cpu <= sum(ph[n]["children_cpu_seconds"] for n in s["mkdocs"]["phases"]) + 0.05
            assert set(s["plain_mkdocs"]["runs"]) == set(s["mkdocs"]["runs"])
            assert all(x["peak_rss_bytes"] > 10 * bench.MIB for x in s["mkdocs"]["runs"].values())
            assert s["own_cpu_seconds"] == pytest.approx(s["build"]["cpu_seconds"] - s["mkdocs"]["cpu_seconds"])
            assert s["own_vs_plain_cpu"] == pytest.approx(s["own_cpu_seconds"] / s["plain_mkdocs"]["cpu_seconds"])
            assert s["build_vs_plain_seconds"] == pytest.approx(s["build"]["seconds"] / s["plain_mkdocs"]["seconds"])

            # the tables: every phase with wall and CPU figures, the ratios with their definitions
            text = printed.out
            assert f"{kind} build: {b['description']}; {b['mkdocs_runs']} mkdocs runs" in text
            for name in ph:
                assert any(line.startswith(name) and len(line.split()) >= 7 for line in text.splitlines()), name
        assert "own share" in printed.out and f"report: {out}" in printed.out
        assert "run 1 of 1" in printed.err and "run 1 of 1" not in printed.out  # progress in words, on stderr

        # output: the numbers are those of the files on disk
        site = Path(default["kept"]) / "site"
        o = default["output"]
        files = [p for p in site.rglob("*") if p.is_file()]
        assert o["output_bytes"] == sum(p.stat().st_size for p in files) and o["output_files"] == len(files)
        for loc in locales:
            x = o["per_locale"][loc]
            assert x["search_index_bytes"] == (site / loc / "search" / "search_index.json").stat().st_size > 0
            assert x["pages"] > SMOKE / 5 and x["html_files"] == sum(1 for _ in (site / loc).rglob("*.html"))
        dl = site / "downloads"
        assert o["downloads"] == {p.name: p.stat().st_size for p in dl.iterdir()}
        assert {p.suffix for p in dl.iterdir()} == {".zip", ".zim"}

        # the site really links names and terms and lists backlinks
        html = "".join(p.read_text(encoding="utf-8") for p in (site / locales[0]).rglob("*.html"))
        assert 'class="rl-name"' in html and 'class="rl-term"' in html and 'id="mentioned-in"' in html
    finally:
        for k in kept:
            shutil.rmtree(k.parent, ignore_errors=True)
