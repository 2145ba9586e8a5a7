"""Glossary terms and entity names found in text: the one matcher behind the validator's terminology
warning, the glossary lines of exported PO files and the site's term links and tooltips, so all three
agree on which terms a text uses.

The rules (each is tested in ``tests/test_terms.py``):

- **Forms per language.** A term's forms in a language are its name in that language (the source, or
  its translation) and its aliases listed under that language; a text is searched for the forms of its
  own language only. So an English word quoted in an Italian translation is not the Italian term, and
  ``Round`` is found in Italian because the Italian translation is ``Round`` too. Entity names (cards,
  heroes, abilities; not topics) are proper names: every form in every language, with its case. A
  name is matched as written (``Die/Dies`` is the words die dies): alternatives are aliases.
- **Latin script** (any script but Han): a form matches whole words in sequence, whatever separates
  them that is not a letter or digit (``face-up`` is ``face up``, ``“Dodge”`` is ``Dodge``). Term words
  are compared by their Snowball stem in the text's language after case folding, which forgives
  inflection (``adiacenti`` uses ``Adiacente``, ``attacking`` uses ``Attack``) without matching a
  longer word (``Player`` is not ``Play``, ``attach`` is not ``attack``), and a text word may differ
  in length from the term's word by at most ``SLACK`` letters. Languages Snowball has no stemmer for
  compare case-folded words.
- **Han**: Chinese has no spaces, so a form with a Han character matches as a substring, trimmed of
  punctuation at both ends; a Latin letter at the form's edge must not continue a Latin word.
- **Too short to find**: Latin forms of fewer than three letters and digits, Han forms of one
  character (局 is part of 结局, 空 of 空间). A term with no findable form in a language is not
  looked for there, nor checked.
- **Not the term** (a term's ``not_in``): phrases of a language in which the term's words mean something
  else (``game text`` is no Game, ``in play`` no Play, ``Shatter Strike`` a card, not Strike). They
  match exactly as written: the same words, case included and *without* stemming, because stems and
  case folding are what confuse them (``initial`` and ``Initiative`` both stem to ``initi``; the
  ability ``Defend`` is not the verb ``defend``), separated only by spaces or dashes (``this game'
  text`` is not ``game text``); Han phrases as substrings. A match of the term inside one of them is
  dropped before overlaps are settled, in sources and translations alike: not checked, not hinted,
  not linked.
- **Overlaps**: scanning from the left, the longest match at each place wins, names before terms on a
  tie; matches never overlap (``Negative modifier`` hides the ``Modify`` inside it, a card named
  ``Attack Dog`` the term ``Attack``).
- **The check** (:meth:`Glossary.unused`): a term the source uses by its name, not by an alias, should
  be used in a translation by its agreed translation or one of that language's aliases.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Generic, TypeVar

import snowballstemmer
from babel import Locale, UnknownLocaleError

from rulings.model.entries import Entity, EntityType, Term
from rulings.model.text import Text

HAN_RANGES = ("\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
              "\U00016fe2-\U00016fe3\U00016ff0-\U00016ff1\U00020000-\U0003ffff")
"""Unicode's Han script: radicals, 々 〇 and the Hangzhou numerals, CJK Unified Ideographs with every
extension (A in the BMP; B–I and later in planes 2 and 3, which hold nothing else), compatibility
ideographs and their supplement. Whole blocks, so ideographs added in later Unicode versions count."""
HAN = re.compile(f"[{HAN_RANGES}]")
WORD = re.compile(f"[^\\W{HAN_RANGES}]+")
"""A Latin-script (non-Han) word: a run of letters and digits; Han characters and punctuation end it."""
EDGES = re.compile(r"^\W+|\W+$")
PHRASE_GAP = re.compile(r"[\s\-\u2010-\u2015]*")
"""What may separate the words of a ``not_in`` phrase in a text: spaces and dashes, not a quote or a stop."""

MIN_LATIN = 3
MIN_HAN = 2
SLACK = 3
"""A text word matching a term word by stem is at most this many letters longer or shorter: Snowball
also strips derivational endings (effettivamente and effetto share the stem effett)."""

K = TypeVar("K")
Fold = Callable[[str], str]


@dataclass(frozen=True)
class Match(Generic[K]):
    start: int
    end: int
    key: K
    alias: bool = False  # found by one of its aliases rather than by its name


def has_han(s: str) -> bool:
    return HAN.search(s) is not None


def same(word: str) -> str:
    return word


@cache
def word_key(lang: str) -> Fold:
    """How the words of a term are compared in ``lang``: the Snowball stem of the case-folded word."""
    stemmer = _snowball(lang)

    @lru_cache(maxsize=1 << 16)
    def key(word: str) -> str:
        folded = word.casefold()
        return stemmer.stemWord(folded) if stemmer else folded

    return key


def _snowball(lang: str) -> snowballstemmer.BaseStemmer | None:
    """Snowball names its algorithms after the language in English (``italian``); babel gives that name."""
    try:
        name = Locale(Locale.parse(lang, sep="-").language).english_name
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    name = (name or "").casefold()
    return snowballstemmer.stemmer(name) if name in snowballstemmer.algorithms() else None


Token = tuple[int, int, str]


def tokens(text: str) -> list[Token]:
    return [(m.start(), m.end(), m.group()) for m in WORD.finditer(text)]


class Index(Generic[K]):
    """Forms and what they name; finds every occurrence of every form in a text, overlaps included.

    Texts are scanned word by word and character by character with dictionary look-ups, so the cost
    grows with the text, not with the number of forms (games have thousands of card names)."""

    def __init__(self, fold: Fold = same):
        self.fold = fold
        self.words: dict[tuple[str, ...], list[tuple[K, bool, tuple[int, ...]]]] = {}
        self.starts: dict[str, list[int]] = {}  # first word → the word counts of forms starting with it
        self.han: dict[str, list[tuple[K, bool]]] = {}
        self.han_lengths: list[int] = []
        self.han_first: set[str] = set()

    def add(self, form: str, key: K, alias: bool = False) -> bool:
        """Index ``form`` as a name (or an alias) of ``key``; False when it is too short to find."""
        form = EDGES.sub("", form)
        if has_han(form):
            if len(form) < MIN_HAN:
                return False
            self.han.setdefault(form, []).append((key, alias))
            self.han_lengths = sorted({*self.han_lengths, len(form)}, reverse=True)
            self.han_first.add(form[0])
            return True
        words = WORD.findall(form)
        if sum(map(len, words)) < MIN_LATIN:
            return False
        folded = tuple(map(self.fold, words))
        self.words.setdefault(folded, []).append((key, alias, tuple(map(len, words))))
        lengths = self.starts.setdefault(folded[0], [])
        if len(folded) not in lengths:
            lengths.append(len(folded))
            lengths.sort(reverse=True)
        return True

    def occurrences(self, text: str, words: list[Token] | None = None) -> Iterator[Match[K]]:
        if self.words:
            words = tokens(text) if words is None else words
            folded = [self.fold(w) for _, _, w in words]
            for i, first in enumerate(folded):
                for n in self.starts.get(first, ()):
                    span = words[i:i + n]
                    if len(span) < n:
                        continue
                    for key, alias, lengths in self.words.get(tuple(folded[i:i + n]), ()):
                        if all(abs(len(w) - k) <= SLACK for (_, _, w), k in zip(span, lengths, strict=True)):
                            yield Match(span[0][0], span[-1][1], key, alias)
        if self.han and has_han(text):
            for pos, ch in enumerate(text):
                if ch not in self.han_first:
                    continue
                for n in self.han_lengths:
                    form = text[pos:pos + n]
                    if form in self.han and _whole_words(text, pos, pos + n):
                        for key, alias in self.han[form]:
                            yield Match(pos, pos + n, key, alias)


def _whole_words(text: str, start: int, end: int) -> bool:
    """A Han form matched at text[start:end] neither starts nor ends inside a Latin word."""
    def latin(i: int) -> bool:
        return 0 <= i < len(text) and WORD.match(text[i]) is not None
    return not (latin(start) and latin(start - 1)) and not (latin(end - 1) and latin(end))


def tile(matches: Iterable[Match[K]]) -> list[Match[K]]:
    """Non-overlapping matches: from the left, the longest at each place; on a tie, the one given first."""
    out: list[Match[K]] = []
    end = 0
    for m in sorted(matches, key=lambda m: (m.start, m.start - m.end)):
        if m.start >= end:
            out.append(m)
            end = m.end
    return out


def all_forms(t: Text | None, aliases: dict[str, list[str]]) -> list[str]:
    """Every form of a name in every language: the source, its translations and the aliases."""
    forms = [t.source, *(tr.text for tr in t.translations.values())] if t else []
    forms += [a for names in aliases.values() for a in names]
    return list(dict.fromkeys(f for f in forms if f and f.strip()))


class Glossary:
    """One game's glossary terms (and, so that a name hides a term inside it, its entity names)."""

    def __init__(self, terms: Iterable[Term], entities: Iterable[Entity] = ()):
        self.terms = [t for t in terms if t.term is not None]
        self.names: Index[Entity] = Index()
        for e in entities:
            if e.type is not EntityType.TOPIC:  # topics are concepts: glossary terms name those
                for form in all_forms(e.name, e.aliases):
                    self.names.add(form, e)
        self._indexes: dict[str, Index[Term]] = {}
        self._excluded: dict[str, Index[Term]] = {}
        self._findable: dict[str, set[str]] = {}
        self._used: dict[tuple[str, str, bool], list[Term]] = {}

    def forms(self, term: Term, lang: str) -> list[tuple[str, bool]]:
        """(form, is an alias) for the term's name in ``lang`` and its aliases in ``lang``."""
        name = term.term.get(lang) if term.term else None
        forms = [(name, False)] if name and name.strip() else []
        forms += [(a, True) for a in term.aliases.get(lang, []) if a.strip() and a != name]
        return list(dict.fromkeys(forms))

    def index(self, lang: str) -> Index[Term]:
        if lang not in self._indexes:
            index: Index[Term] = Index(word_key(lang))
            excluded: Index[Term] = Index()
            findable = set()
            for t in self.terms:
                for form, alias in self.forms(t, lang):
                    if index.add(form, t, alias):
                        findable.add(t.id)
                for phrase in t.not_in.get(lang, []):
                    excluded.add(phrase, t)
            self._indexes[lang], self._excluded[lang], self._findable[lang] = index, excluded, findable
        return self._indexes[lang]

    def terms_in(self, text: str, lang: str, words: list[Token] | None = None) -> list[Match[Term]]:
        """Every match of a term in ``text`` (overlaps included) but those inside a phrase it is not in."""
        words = tokens(text) if words is None else words
        found = list(self.index(lang).occurrences(text, words))
        if not found:
            return found
        nots = [(x.key.id, x.start, x.end) for x in self._excluded[lang].occurrences(text, words)
                if all(PHRASE_GAP.fullmatch(gap) for gap in WORD.split(text[x.start:x.end])[1:-1])]
        return [m for m in found if not any(k == m.key.id and s <= m.start and m.end <= e for k, s, e in nots)]

    def findable(self, term: Term, lang: str) -> bool:
        self.index(lang)
        return term.id in self._findable[lang]

    def find(self, text: str, lang: str | None) -> list[Match[Term | Entity]]:
        """Names and terms in ``text``, written in ``lang`` (None: names only), as non-overlapping matches."""
        words = tokens(text)
        found: list[Match[Term | Entity]] = list(self.names.occurrences(text, words))
        if lang is not None:
            found += self.terms_in(text, lang, words)
        return tile(found)

    def used(self, text: Text, *, by_name: bool = False) -> list[Term]:
        """The terms the source of ``text`` uses, each once, in order of appearance; with ``by_name``, only
        those it uses by their name (not by an alias). Kept per source text: each is asked for once per
        locale (PO hints, the validator's check)."""
        key = (text.source, text.lang, by_name)
        if key not in self._used:
            seen: dict[str, Term] = {}
            for m in self.find(text.source, text.lang):
                if isinstance(m.key, Term) and not (by_name and m.alias):
                    seen.setdefault(m.key.id, m.key)
            self._used[key] = list(seen.values())
        return list(self._used[key])

    def unused(self, text: Text, locale: str) -> list[Term]:
        """The terms the source uses by their name whose agreed translation (their name or an alias in
        ``locale``) the ``locale`` translation does not use.

        A term used by an alias is not checked: an alias may be another word (Kill: destroy) whose own
        translation is right. Nor is a term without a findable form in ``locale``."""
        tr = text.translations.get(locale)
        if tr is None:
            return []
        terms = [t for t in self.used(text, by_name=True) if t.term and t.term.get(locale) is not None
                 and self.findable(t, locale)]
        if not terms:
            return []
        present = {m.key.id for m in self.terms_in(tr.text, locale)}
        return [t for t in terms if t.id not in present]
