"""The term matcher alone (:mod:`rulings.model.terms`) on glossaries and texts of chosen sizes: figures, no verdict.

Each case is a glossary and one text in one language; for each, ``--repeat`` times, in this process:

- ``index_s``: building the glossary's index for the language (:meth:`Glossary.index`);
- ``find_s``: :meth:`Glossary.find` on the text, what the site's links, the PO hints and the check's
  source side use (names and terms, no overlaps);
- ``terms_in_s``: :meth:`Glossary.terms_in`, every term match with overlaps, what the check uses on a
  translation;

each as wall seconds (``perf_counter``) and CPU seconds of this process (``process_time``), the best
of the repeats (the least disturbed by the rest of the machine), with the number of matches found and,
with ``--memory``, the peak Python heap of one more run of find and terms_in under :mod:`tracemalloc`
(which slows them, so its run is not timed).

The cases (``--scale`` multiplies every count, for a quick run):

- ``real-en``/``real-it``/``real-zh``: 1,000 terms made of the synthetic vocabulary (:mod:`bench.synth`:
  a concept, or one or two modifiers and a concept) and a text of 20,000 words (Chinese: 20,000
  characters) with one term in ten words;
- ``foo-400``: the hostile tester's 400 terms ``Foo``, ``Foo Foo`` … (400 words) and a 32 KB answer
  ``Foo Foo …``;
- ``foo-200``: 200 such terms on 4,000 words, and ``han-200``: 200 terms ``甲甲`` … (201 characters) on
  4,000 characters ``甲``.

The matcher does not look for forms over its length limits (``MAX_FORM_WORDS``, ``MAX_FORM_CHARS``;
``rulings validate`` refuses them), so ``foo-400`` finds only the first 32 terms; ``--no-limits`` lifts
the limits for the run, to time the matcher on forms as long as the hostile glossary's.

``python tools/bench/matcher.py`` prints a table; ``--json PATH`` writes the figures too; ``--cases``
picks cases by name.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make ``bench`` importable as a package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import synth
from rulings.model import terms
from rulings.model.entries import Term
from rulings.model.terms import Glossary
from rulings.model.text import Text


@dataclass(frozen=True)
class Case:
    name: str
    lang: str
    forms: list[str]
    text: str
    what: str


@dataclass
class Figures:
    case: str
    what: str
    terms: int
    text_chars: int
    text_words: int
    index_s: float
    index_cpu_s: float
    find_s: float
    find_cpu_s: float
    find_matches: int
    terms_in_s: float
    terms_in_cpu_s: float
    terms_in_matches: int
    peak_mib: float | None = None


def glossary_of(forms: list[str], lang: str) -> Glossary:
    """One term per form, written in ``lang`` (ids from the term's number: forms may share words)."""
    return Glossary([Term(f"bench/term/t{i}", lang, term=Text(lang, f)) for i, f in enumerate(forms)])


def vocabulary_terms(n: int, lang: str) -> list[str]:
    """``n`` distinct terms: the synthetic concepts, then one and then two modifiers before each."""
    col = {"en": 0, "it": 1, "zh": 2}[lang]
    concepts = [c[col] for c in synth.CONCEPTS]
    mods = [m[col] for m in synth.MODIFIERS]
    join = (lambda *ws: "".join(ws)) if lang == "zh" else (lambda *ws: " ".join(ws))
    out = list(concepts)
    out += [join(m, c) for m in mods for c in concepts]
    out += [join(m1, m2, c) for m1 in mods for m2 in mods if m1 != m2 for c in concepts]
    if n > len(out):
        raise ValueError(f"at most {len(out)} vocabulary terms")
    return list(dict.fromkeys(out))[:n]


def vocabulary_text(rng: random.Random, words: int, terms: list[str], lang: str) -> str:
    """``words`` filler words (characters in Chinese, in two-character words) with a term every ten."""
    if lang == "zh":
        chars: list[str] = []
        while len(chars) < words:
            chars += list(rng.choice(terms) if len(chars) % 20 == 0 else rng.choice(synth.ZH_WORDS))
        return "".join(chars[:words])
    filler = synth.EN_WORDS if lang == "en" else synth.IT_WORDS
    out = [rng.choice(terms) if i % 10 == 0 else rng.choice(filler) for i in range(words)]
    return " ".join(out)


def cases(scale: float = 1.0, seed: int = 1) -> list[Case]:
    def n(x: int) -> int:
        return max(2, round(x * scale))

    rng = random.Random(seed)
    out = []
    for lang in ("en", "it", "zh"):
        forms = vocabulary_terms(n(1000), lang)
        unit = "characters" if lang == "zh" else "words"
        out.append(Case(f"real-{lang}", lang, forms, vocabulary_text(rng, n(20_000), forms, lang),
                        f"{len(forms)} terms x {n(20_000):,} {unit}"))
    foo, answer = n(400), "Foo " * n(8192)
    out.append(Case("foo-400", "en", [" ".join(["Foo"] * k) for k in range(1, foo + 1)], answer,
                    f"{foo} terms Foo x k x one {len(answer.encode()) / 1024:.0f} KB answer"))
    foo = n(200)
    out.append(Case("foo-200", "en", [" ".join(["Foo"] * k) for k in range(1, foo + 1)],
                    " ".join(["Foo"] * n(4000)), f"{foo} terms Foo x k x {n(4000):,} words"))
    out.append(Case("han-200", "zh", ["甲" * k for k in range(2, foo + 2)], "甲" * n(4000),
                    f"{foo} terms 甲 x k x {n(4000):,} characters"))
    return out


def _timed(fn: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """Best wall and CPU seconds of ``repeat`` calls, and what the last returned."""
    wall, cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        result = fn()
        wall, cpu = min(wall, time.perf_counter() - w0), min(cpu, time.process_time() - c0)
    return wall, cpu, result


def measure(case: Case, repeat: int = 3, memory: bool = False) -> Figures:
    index_s, index_cpu, _ = _timed(lambda: glossary_of(case.forms, case.lang).index(case.lang), repeat)
    g = glossary_of(case.forms, case.lang)
    g.index(case.lang)
    find_s, find_cpu, found = _timed(lambda: g.find(case.text, case.lang), repeat)
    terms_s, terms_cpu, every = _timed(lambda: g.terms_in(case.text, case.lang), repeat)
    peak = None
    if memory:
        tracemalloc.start()
        g.find(case.text, case.lang)
        g.terms_in(case.text, case.lang)
        peak = tracemalloc.get_traced_memory()[1] / (1024 * 1024)
        tracemalloc.stop()
    return Figures(case.name, case.what, len(case.forms), len(case.text), len(case.text.split()),
                   index_s, index_cpu, find_s, find_cpu, len(found), terms_s, terms_cpu, len(every), peak)


def table(rows: list[Figures]) -> str:
    head = ("case", "what", "index s", "find s (cpu)", "found", "terms_in s (cpu)", "matches", "peak MiB")
    lines = [head]
    for f in rows:
        lines.append((f.case, f.what, f"{f.index_s:.3f}", f"{f.find_s:.3f} ({f.find_cpu_s:.3f})", str(f.find_matches),
                      f"{f.terms_in_s:.3f} ({f.terms_in_cpu_s:.3f})", str(f.terms_in_matches),
                      "" if f.peak_mib is None else f"{f.peak_mib:.1f}"))
    widths = [max(len(r[i]) for r in lines) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Time the glossary term matcher on large and hostile glossaries.")
    p.add_argument("--cases", default="", help="comma-separated case names (default: all)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every count (default 1)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each step; the best is kept (default 3)")
    p.add_argument("--memory", action="store_true", help="also the peak Python heap (one more, untimed run)")
    p.add_argument("--json", type=Path, default=None, help="write the figures to this file")
    p.add_argument("--no-limits", action="store_true", help="look for forms of any length (as before the limits)")
    a = p.parse_args(argv)
    limits = getattr(terms, "MAX_FORM_WORDS", None), getattr(terms, "MAX_FORM_CHARS", None)  # none before them
    if a.no_limits:
        terms.MAX_FORM_WORDS = terms.MAX_FORM_CHARS = sys.maxsize
    try:
        wanted = {c for c in a.cases.split(",") if c}
        chosen = [c for c in cases(a.scale) if not wanted or c.name in wanted]
        if wanted - {c.name for c in chosen}:
            p.error(f"unknown cases: {', '.join(sorted(wanted - {c.name for c in chosen}))}")
        rows = []
        for case in chosen:
            rows.append(measure(case, max(1, a.repeat), a.memory))
            print(f"{case.name}: done", file=sys.stderr, flush=True)
    finally:
        if a.no_limits:
            terms.MAX_FORM_WORDS, terms.MAX_FORM_CHARS = limits
    print(table(rows))
    if a.json:
        a.json.parent.mkdir(parents=True, exist_ok=True)
        a.json.write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
