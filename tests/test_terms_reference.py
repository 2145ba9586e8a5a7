"""The term matcher (tries, a skipping scan) finds what a plain reading of its rules finds: a reference
written here, form by form and place by place (slow, simple), on every text of content/ with its game's
glossary and names, and on random glossaries and texts."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import repo_content
from rulings.model.entries import Entity, EntityType, Term
from rulings.model.terms import (
    EDGES,
    MIN_HAN,
    MIN_LATIN,
    PHRASE_GAP,
    SLACK,
    WORD,
    Glossary,
    Match,
    all_forms,
    form_problem,
    has_han,
    same,
    tokens,
    word_key,
)
from rulings.model.text import Text

Row = tuple[int, int, str, bool]


class Reference:
    """Every rule of rulings.model.terms, applied to each form at each place of a text."""

    def __init__(self, glossary: Glossary, entities: list[Entity]):
        self.g = glossary
        self.names = self.table([(f, e, False) for e in entities if e.type is not EntityType.TOPIC
                                 for f in all_forms(e.name, e.aliases)], same)
        self.tables: dict[str, tuple] = {}

    def terms(self, lang: str) -> tuple:
        """The term forms and the not_in phrases of ``lang``."""
        if lang not in self.tables:
            g = self.g
            self.tables[lang] = (
                self.table([(f, t, alias) for t in g.terms for f, alias in g.forms(t, lang)], word_key(lang)),
                self.table([(p, t, False) for t in g.terms for p in t.not_in.get(lang, [])], same))
        return self.tables[lang]

    @staticmethod
    def table(forms, fold) -> tuple:
        """Latin forms by their first word's key, Han forms by their first character: only to keep the
        reference quick; it still tries each of those forms at each place."""
        latin: dict[str, list] = {}
        han: dict[str, list] = {}
        for form, key, alias in forms:
            if form_problem(form):
                continue
            f = EDGES.sub("", form)
            if has_han(f):
                if len(f) >= MIN_HAN:
                    han.setdefault(f[0], []).append((f, key, alias))
                continue
            words = WORD.findall(f)
            if sum(map(len, words)) >= MIN_LATIN:
                latin.setdefault(fold(words[0]), []).append((words, key, alias))
        return latin, han, fold

    @staticmethod
    def occurrences(table, text: str) -> list[Match]:
        latin, han, fold = table
        words = tokens(text)
        out = []
        for i, (start, _, w) in enumerate(words):
            for ws, key, alias in latin.get(fold(w), ()):
                span = words[i:i + len(ws)]
                if len(span) == len(ws) and all(fold(t) == fold(f) and abs(len(t) - len(f)) <= SLACK
                                                for (_, _, t), f in zip(span, ws, strict=True)):
                    out.append(Match(start, span[-1][1], key, alias))
        if has_han(text):
            for pos, ch in enumerate(text):
                for f, key, alias in han.get(ch, ()):
                    end = pos + len(f)
                    if text.startswith(f, pos) and not inside_word(text, pos) and not inside_word(text, end):
                        out.append(Match(pos, end, key, alias))
        return out

    def terms_in(self, text: str, lang: str) -> list[Match]:
        forms, phrases = self.terms(lang)
        nots = [x for x in self.occurrences(phrases, text)
                if all(PHRASE_GAP.fullmatch(gap) for gap in WORD.split(text[x.start:x.end])[1:-1])]
        return [m for m in self.occurrences(forms, text)
                if not any(x.key.id == m.key.id and x.start <= m.start and m.end <= x.end for x in nots)]

    def find(self, text: str, lang: str | None) -> list[Match]:
        found = self.occurrences(self.names, text) + (self.terms_in(text, lang) if lang else [])
        out, end = [], 0
        for m in sorted(found, key=lambda m: (m.start, m.start - m.end)):  # stable: names first on a tie
            if m.start >= end:
                out.append(m)
                end = m.end
        return out

    def unused(self, text: Text, locale: str) -> list[Term]:
        tr = text.translations.get(locale)
        if tr is None:
            return []
        used = {}
        for m in self.find(text.source, text.lang):
            if isinstance(m.key, Term) and not m.alias:
                used.setdefault(m.key.id, m.key)
        present = {m.key.id for m in self.terms_in(tr.text, locale)}
        return [t for t in used.values() if t.term.get(locale) is not None and self.g.findable(t, locale)
                and t.id not in present]


def inside_word(text: str, i: int) -> bool:
    def latin(j: int) -> bool:
        return 0 <= j < len(text) and WORD.match(text[j]) is not None
    return latin(i) and latin(i - 1)


def rows(matches: list[Match]) -> list[Row]:
    return [(m.start, m.end, m.key.id, m.alias) for m in matches]


def agree(g: Glossary, ref: Reference, text: str, lang: str | None) -> None:
    assert rows(g.find(text, lang)) == rows(ref.find(text, lang)), (text, lang)
    if lang is not None:
        assert sorted(rows(g.terms_in(text, lang))) == sorted(rows(ref.terms_in(text, lang))), (text, lang)


# --- the real content ---------------------------------------------------------------------------


def test_the_matcher_agrees_with_the_reference_on_every_text_of_content():
    content = repo_content()
    checked = matched = 0
    for gid in content.games:
        entries = [e for e in content.entries if e.game == gid]
        terms = [e for e in entries if isinstance(e, Term)]
        entities = [e for e in entries if isinstance(e, Entity)]
        g = Glossary(terms, entities)
        ref = Reference(Glossary(terms, entities), entities)
        for e in entries:
            for _path, text in e.texts():
                agree(g, ref, text.source, text.lang)
                agree(g, ref, text.source, None)
                for loc, tr in text.translations.items():
                    agree(g, ref, tr.text, loc)
                    assert g.unused(text, loc) == ref.unused(text, loc), (e.id, loc)
                checked += 1
                matched += bool(g.find(text.source, text.lang))
    assert checked and matched  # texts were read, and terms and names were found in them


# --- random glossaries and texts ----------------------------------------------------------------

# Words that share stems at several lengths (attack, attacks, attacking; attackingly is five letters
# longer than attack: beyond the slack), one-letter and longer words, case, Italian, Han characters (a
# one-character form is never findable) and Latin inside Han.
WORDS = ["attack", "attacks", "Attacked", "attacking", "attackingly", "ATTACK", "play", "player", "plays", "in",
         "game", "text", "foo", "Foo", "fooing", "a", "x", "gioca", "giocare", "giocata", "vita", "effetto",
         "effettivamente", "Dog", "dog"]
HAN = ["相", "邻", "打", "出", "手", "牌", "堆", "回合", "Silence", "a"]
SEPS = [" ", " ", " ", "-", ", ", ". ", "'", "“", "”", "", "\u3000", "：", "\n"]
LANGS = ["en", "it", "zh"]

latin_form = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)
han_form = st.lists(st.sampled_from(HAN), min_size=1, max_size=4).map("".join)
form = st.one_of(latin_form, latin_form, han_form)


def texts_of(pool: list[str]) -> st.SearchStrategy[str]:
    """Texts of words, Han characters and the glossary's own forms, with any separators."""
    piece = st.one_of(st.sampled_from(WORDS + HAN), st.sampled_from(pool))
    return st.lists(st.tuples(piece, st.sampled_from(SEPS)), max_size=40).map(
        lambda pieces: "".join(w + s for w, s in pieces))


@st.composite
def glossaries(draw) -> tuple[list[Term], list[Entity], list[str]]:
    """Terms, names and texts drawing on one small pool of forms, so that names and terms share forms, a
    not_in phrase is often a term's own form or holds it, and texts use them."""
    pool = draw(st.lists(form, min_size=2, max_size=6))
    some = st.one_of(st.sampled_from(pool), form)
    phrase = st.one_of(st.sampled_from(pool), st.tuples(st.sampled_from(pool), st.sampled_from(SEPS), some).map(
        "".join), st.tuples(some, st.sampled_from(SEPS), st.sampled_from(pool)).map("".join))
    terms = []
    for i in range(draw(st.integers(1, 8))):
        lang = draw(st.sampled_from(LANGS))
        t = Term(f"g/term/t{i}", lang, term=Text(lang, draw(some)),
                 aliases={draw(st.sampled_from(LANGS)): draw(st.lists(some, max_size=2))},
                 not_in={draw(st.sampled_from(LANGS)): draw(st.lists(phrase, max_size=2))})
        for loc in draw(st.lists(st.sampled_from(LANGS), max_size=2, unique=True)):
            if loc != lang:
                t.term.translate(loc, draw(some), "machine", "test")
        terms.append(t)
    entities = [Entity(f"g/card/c{i}", "en", type=draw(st.sampled_from([EntityType.CARD, EntityType.TOPIC])),
                       name=Text("en", draw(some))) for i in range(draw(st.integers(0, 3)))]
    return terms, entities, draw(st.lists(texts_of(pool), min_size=1, max_size=3))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(glossaries())
def test_the_matcher_agrees_with_the_reference_on_random_glossaries(glossary):
    terms, entities, texts = glossary
    g, ref = Glossary(terms, entities), Reference(Glossary(terms, entities), entities)
    for s in texts:
        for lang in (*LANGS, None):
            agree(g, ref, s, lang)
        source = Text("en", texts[0])
        source.translate("it", s, "machine", "test")
        source.translate("zh", s, "machine", "test")
        for loc in ("it", "zh"):
            assert g.unused(source, loc) == ref.unused(source, loc)


@pytest.mark.parametrize("n", [5, 40])
def test_nested_forms_of_one_word_agree_with_the_reference(n):
    """The hostile shape: Foo, Foo Foo … (and attack / attacks / attacking, one stem at three lengths)."""
    terms = [Term(f"g/term/f{k}", "en", term=Text("en", " ".join(["Foo"] * k))) for k in range(1, n + 1)]
    terms += [Term(f"g/term/a{k}", "en", term=Text("en", " ".join(re.split(" ", "attack attacks attacking")[:k])))
              for k in range(1, 4)]
    g = Glossary(terms)
    ref = Reference(g, [])
    for s in ["Foo " * (n + 3), "Foo Foo, attack attacks attacking Foo-Foo attacked attacking", "foo " * n]:
        agree(g, ref, s, "en")
