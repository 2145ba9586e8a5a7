"""The synthetic content generator and the scale benchmark, at a small size (one locale, mkdocs on).

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
    synth.generate(tmp_path / "a" / "content", 120, seed=7)
    synth.generate(tmp_path / "b" / "content", 120, seed=7)
    assert _digest(tmp_path / "a" / "content") == _digest(tmp_path / "b" / "content")
    synth.generate(tmp_path / "c" / "content", 120, seed=8)
    assert _digest(tmp_path / "a" / "content") != _digest(tmp_path / "c" / "content")
    monkeypatch.setattr(synth, "FILE_ENTRIES", 25)
    synth.generate(tmp_path / "d" / "content", 120, seed=7)
    files = sorted(p.name for p in (tmp_path / "d" / "content" / "synth-one").glob("rulings-*.yml"))
    assert files == ["rulings-001.yml", "rulings-002.yml", "rulings-003.yml"]
    _content, diags = validate(tmp_path / "d" / "content")
    assert not [d for d in diags if d.severity is Severity.ERROR]


@pytest.mark.build
def test_benchmark_measures_every_phase(tmp_path: Path) -> None:
    out = tmp_path / "out" / "bench.json"
    logs: list[str] = []
    report = bench.run([N], out, repo=REPO, locales=("en",), mkdocs=True, log=logs.append, keep=True,
                       tmp_dir=tmp_path)
    r = report["runs"][0]
    kept = Path(r["kept"])
    try:
        site = kept / "site"
        assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(report))
        assert r["rulings"] == N and r["locales"] == ["en"]
        assert r["entries"] == r["counts"]["entries"]

        ph = r["phases"]
        assert set(ph) == {"load", "validate", "model", "generate", "mkdocs", "finish"}
        for name, p in ph.items():
            assert isinstance(p["seconds"], float) and p["seconds"] >= 0, name
            assert p["peak_rss_bytes"] > 0 and p["rss_start_bytes"] > 0, name
            if name != "mkdocs":
                assert p["traced_peak_bytes"] > 0 and p["traced_growth_bytes"] >= 0, name
        # the derived figures are computed from the measured ones
        assert r["phase_sum_seconds"] == pytest.approx(sum(p["seconds"] for p in ph.values()))
        assert r["own_seconds"] + ph["mkdocs"]["seconds"] == pytest.approx(r["phase_sum_seconds"])
        assert r["entries_per_second"] == pytest.approx(
            r["entries"] / (ph["load"]["seconds"] + ph["validate"]["seconds"]))
        for share in ("own_share", "own_core_share"):
            assert isinstance(r[share], float), share

        # mkdocs: the build's run and a plain rebuild, each with its process's figures
        mk, plain = r["mkdocs"], r["plain_mkdocs"]
        for m in (mk, plain):
            assert m["seconds"] >= 0 and m["cpu_seconds"] >= 0 and m["max_peak_rss_bytes"] > 10 * bench.MIB
            assert set(m["locales"]) == {"en"} and m["locales"]["en"]["rss_samples"] > 0
            assert m["max_peak_rss_bytes"] == m["locales"]["en"]["peak_rss_bytes"] == m["sum_peak_rss_bytes"]
        assert r["build_vs_plain_mkdocs"] == pytest.approx(r["build_seconds"] / plain["seconds"])
        assert isinstance(r["own_cpu_vs_plain_mkdocs_cpu"], float)

        # output: the numbers are those of the files on disk
        files = [p for p in site.rglob("*") if p.is_file()]
        assert r["output_bytes"] == sum(p.stat().st_size for p in files)
        assert r["output_files"] == len(files)
        en = r["per_locale"]["en"]
        assert en["output_bytes"] == sum(p.stat().st_size for p in (site / "en").rglob("*") if p.is_file())
        assert en["search_index_bytes"] == (site / "en" / "search" / "search_index.json").stat().st_size > 0
        assert en["pages"] > N / 5  # one page per card, at least
        assert r["bytes_per_ruling"] == pytest.approx(r["output_bytes"] / N)
        htmls = sorted(((p.stat().st_size, p.relative_to(site).as_posix()) for p in site.rglob("*.html")),
                       key=lambda x: (-x[0], x[1]))
        assert r["largest_page"] == {"path": htmls[0][1], "bytes": htmls[0][0]}
        assert en["html_files"] == sum(1 for p in (site / "en").rglob("*.html"))

        # the site really links names and terms and lists backlinks
        html = "".join(p.read_text(encoding="utf-8") for p in (site / "en").rglob("*.html"))
        assert 'class="rl-name"' in html and 'class="rl-term"' in html and 'id="mentioned-in"' in html
        assert "lang=\"zh\"" in html and "lang=\"it\"" in html

        table = "\n".join(logs)
        assert "entries/s" in table and f"{N:>7,}" in table and str(out) in table
    finally:
        shutil.rmtree(kept, ignore_errors=True)


def test_main_runs_without_mkdocs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.json"
    assert bench.main(["--sizes", "30", "--out", str(out), "--locales", "en,it", "--no-mkdocs",
                       "--no-tracemalloc", "--tmp", str(tmp_path)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    r = data["runs"][0]
    assert r["mkdocs"] is None and r["plain_mkdocs"] is None and r["largest_page"] is None
    assert set(r["phases"]) == {"load", "validate", "model", "generate", "finish"}
    assert "traced_peak_bytes" not in r["phases"]["load"]
    assert [p.name for p in tmp_path.iterdir()] == ["b.json"]  # the temporary tree is gone
    assert "rulings" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["--sizes", "many"])
