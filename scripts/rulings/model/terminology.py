"""Agreed terminology: where a source text uses a glossary term, its translation should use the
term's agreed translation in that locale (the glossary entry's own translation).

Matching is forgiving about inflection (a translation may say "adiacenti" for "Adiacente"): words of
five letters or more are compared by their stem (all but the last two letters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulings.model.entries import Term
from rulings.model.text import Text

HAN = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"\w+")


def _stem(word: str) -> str:
    return word[:-2] if len(word) >= 5 and word.isalpha() else word


def _forms_regex(forms: set[str]) -> re.Pattern[str] | None:
    parts = []
    for f in sorted(forms, key=lambda x: (-len(x), x)):
        if HAN.search(f):
            parts.append(re.escape(f))
        else:
            words = f.casefold().split()
            parts.append(r"(?<!\w)" + r"\s+".join(re.escape(_stem(w)) + r"\w*" for w in words))
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


@dataclass
class Rule:
    term: Term
    source_pattern: re.Pattern[str]
    agreed: dict[str, tuple[str, re.Pattern[str]]]  # locale → (agreed form, matcher)


class Terminology:
    """The agreed translations of one game's glossary."""

    def __init__(self, terms: list[Term]):
        self.rules: list[Rule] = []
        for t in terms:
            if t.term is None:
                continue
            # the term itself (inflections match by stem); aliases may be other words whose translation
            # the glossary does not give, so they do not trigger the check
            source = t.term.source
            src = _forms_regex({source}) if len(source) >= 3 or HAN.search(source) else None
            if src is None:
                continue
            agreed = {}
            for loc, tr in t.term.translations.items():
                pat = _forms_regex({tr.text, *t.aliases.get(loc, [])})
                if pat is not None:
                    agreed[loc] = (tr.text, pat)
            if agreed:
                self.rules.append(Rule(t, src, agreed))
        # index by the stem of each term's first word, so a text is only matched against terms whose
        # first word it contains (a glossary of hundreds of terms would otherwise cost a regex each)
        self.by_stem: dict[str, list[Rule]] = {}
        self.han: list[Rule] = []
        for r in self.rules:
            assert r.term.term is not None
            if HAN.search(r.term.term.source):
                self.han.append(r)
            else:
                words = r.term.term.source.casefold().split()
                self.by_stem.setdefault(_stem(words[0]) if words else "", []).append(r)
        self.stem_lengths = sorted({len(k) for k in self.by_stem})
        self.stems = set(self.by_stem)


    def check(self, text: Text, locale: str) -> list[tuple[str, str]]:
        """(source term, agreed translation) pairs the locale's translation of ``text`` fails to use."""
        tr = text.translations.get(locale)
        if tr is None:
            return []
        src = text.source
        folded = set(WORD.findall(src.casefold()))
        candidates = [r for r in self.han if r.term.term and r.term.term.source in src]
        lengths = self.stem_lengths
        prefixes = {w[:k] for w in folded for k in lengths if k <= len(w)}
        for stem in prefixes & self.stems:
            candidates += self.by_stem[stem]
        missing = []
        for rule in {id(r): r for r in candidates}.values():
            if rule.term.term is None or rule.term.term.lang != text.lang or locale not in rule.agreed:
                continue
            if rule.source_pattern.search(text.source):
                agreed, pat = rule.agreed[locale]
                if not pat.search(tr.text):
                    missing.append((rule.term.term.source, agreed))
        return missing
