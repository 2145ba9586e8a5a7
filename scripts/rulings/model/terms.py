"""Glossary terms and entity names found in text: the one matcher behind the validator's terminology
warning, the glossary lines of exported PO files and the site's term links and tooltips, so all three
agree on which terms a text uses.

The rules (each is tested in ``tests/test_terms.py``, and ``tests/test_terms_reference.py`` checks that
the matcher finds what a plain form-by-form reading of them finds):

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
- **Too long to find**: forms (names, aliases, ``not_in`` phrases) of more than ``MAX_FORM_WORDS``
  words or ``MAX_FORM_CHARS`` characters are not looked for either, and ``rulings validate`` refuses
  them (``form-length``), so the build never meets one. That bounds the cost: forms are kept in tries
  (:mod:`rulings.model.tries`), and each place of a text is a walk of at most that many steps, however
  many forms a glossary has and however they nest (``Foo``, ``Foo Foo`` …).
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
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from heapq import merge
from itertools import accumulate, groupby
from operator import itemgetter
from typing import Generic, NamedTuple, TypeVar

import snowballstemmer
from babel import Locale, UnknownLocaleError

from rulings.model.entries import Entity, EntityType, Term
from rulings.model.text import Text
from rulings.model.tries import CharTrie, WordTrie

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

MAX_FORM_WORDS = 32
MAX_FORM_CHARS = 200
"""The longest form looked for: a term, alias, ``not_in`` phrase or name of more words or characters is
not (and ``rulings validate`` refuses it, ``form-length``). Every place of a text costs at most that many
steps. The longest today is a 13-word, 77-character Italian term; names reach 6 words and 30 characters."""
MAX_TERM_FORMS = 5_000
MAX_NAME_FORMS = 100_000
"""Forms per game the validator allows (``form-count``): the terms' names in every language, their aliases
and ``not_in`` phrases; and the names and aliases of cards, heroes, abilities and keywords in every
language. Today's largest game has 146 and 229: the limits leave room for games with thousands of cards
while keeping a glossary's index, and the matches one form repeated by many terms makes, bounded."""

K = TypeVar("K")
Fold = Callable[[str], str]


class Match(NamedTuple, Generic[K]):
    """Where a form of ``key`` is in a text (a tuple: texts have many, made fast)."""

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


def form_problem(form: str) -> str | None:
    """Why ``form`` is too long to look for (the validator's ``form-length``), or None."""
    if len(form) > MAX_FORM_CHARS:
        return f"has {len(form):,} characters, more than the {MAX_FORM_CHARS} a form may have"
    if (n := len(WORD.findall(form))) > MAX_FORM_WORDS:
        return f"has {n:,} words, more than the {MAX_FORM_WORDS} a form may have"
    return None


class Scan:
    """One text as the indexes search it: its words, their keys per fold, where ``not_in`` gaps break."""

    def __init__(self, text: str, words: list[Token] | None = None):
        self.text = text
        self.words = tokens(text) if words is None else words
        self.lengths = [len(w) for _, _, w in self.words]
        self.han = has_han(text)
        self._keys: dict[Fold, list[str]] = {}
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._bad: list[int] | None = None

    def keys(self, fold: Fold) -> list[str]:
        if fold not in self._keys:
            self._keys[fold] = [fold(w) for _, _, w in self.words]
        return self._keys[fold]

    def phrase_gaps(self, start: int, end: int) -> bool:
        """Whether the words in text[start:end] are separated by spaces and dashes only (``PHRASE_GAP``):
        what the separators between its words, ``WORD.split(text[start:end])[1:-1]``, all are."""
        if self._bad is None:  # word starts, word ends, and bad[t]: gaps before words 1..t that are not PHRASE_GAP
            self._starts, self._ends = [w[0] for w in self.words], [w[1] for w in self.words]
            self._bad = [0, *accumulate(PHRASE_GAP.fullmatch(self.text, a, b) is None
                                        for a, b in zip(self._ends, self._starts[1:], strict=False))]
        first = bisect_right(self._ends, start)  # the first word ending inside, the last starting inside
        last = bisect_left(self._starts, end) - 1
        return last <= first or self._bad[last] == self._bad[first]


class Index(Generic[K]):
    """Forms and what they name; finds every occurrence of every form in a text, overlaps included.

    Forms are kept in tries (:mod:`rulings.model.tries`): word keys for Latin script, characters for
    Han. At each word (each Han character) of a text the walk takes at most as many steps as the
    longest form has words (characters), so a text costs its length times that, whatever the number of
    forms (games have thousands of card names) and however they overlap (``Foo``, ``Foo Foo``…)."""

    def __init__(self, fold: Fold = same):
        self.fold = fold
        self.latin: WordTrie[tuple[K, bool]] = WordTrie(SLACK)
        self.han: CharTrie[tuple[K, bool]] = CharTrie()

    def add(self, form: str, key: K, alias: bool = False) -> bool:
        """Index ``form`` as a name (or an alias) of ``key``; False when it is too short or too long to find."""
        if form_problem(form):
            return False
        form = EDGES.sub("", form)
        if has_han(form):
            if len(form) < MIN_HAN:
                return False
            self.han.add(form, (key, alias))
            return True
        words = WORD.findall(form)
        if sum(map(len, words)) < MIN_LATIN:
            return False
        self.latin.add(tuple(map(self.fold, words)), tuple(map(len, words)), (key, alias))
        return True

    def latin_at(self, scan: Scan, i: int) -> list[Match[K]]:
        """The Latin-script forms starting at the text's word ``i``, longest first."""
        keys = scan.keys(self.fold)
        if keys[i] not in self.latin.root.next:  # most words start no form: no walk
            return []
        found = self.latin.at(keys, scan.lengths, i)
        start, words = scan.words[i][0], scan.words
        return [Match(start, words[j][1], key, alias) for j, values in reversed(found) for key, alias in values]

    def han_at(self, scan: Scan, pos: int) -> list[Match[K]]:
        """The Han forms starting at character ``pos`` of the text, longest first."""
        text = scan.text
        if not scan.han or text[pos] not in self.han.first or _in_word(text, pos):
            return []
        return [Match(pos, end, key, alias) for end, values in reversed(self.han.at(text, pos))
                if not _in_word(text, end) for key, alias in values]

    def scan(self, scan: Scan) -> Iterator[Match[K]]:
        """Every occurrence: the Latin ones from left to right, then the Han ones."""
        if self.latin:
            first, at = self.latin.root.next, self.latin_at
            for i, key in enumerate(scan.keys(self.fold)):
                if key in first:
                    yield from at(scan, i)
        if self.han and scan.han:
            first, han_at = self.han.first, self.han_at
            for pos, ch in enumerate(scan.text):
                if ch in first:
                    yield from han_at(scan, pos)


def _in_word(text: str, i: int) -> bool:
    """Whether ``i`` falls inside a Latin word of ``text`` (a Latin letter or digit on both sides): where a
    Han form must neither start nor end."""
    return 0 < i < len(text) and _latin(text[i]) and _latin(text[i - 1])


@lru_cache(maxsize=1 << 12)
def _latin(ch: str) -> bool:
    return WORD.match(ch) is not None


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
        self._checked_indexes: dict[tuple[str, ...], Index[Term]] = {}

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

    def _exclusions(self, scan: Scan, lang: str) -> Exclusions:
        """Where each term's ``not_in`` phrases are in the text (those whose words only spaces and dashes
        separate): per term id, their starts in order and the furthest end reached by any starting there
        or before, so whether a match lies inside one is two look-ups (:func:`_excluded`)."""
        self.index(lang)
        phrases = self._excluded[lang]
        if not (phrases.latin or (phrases.han and scan.han)):
            return {}
        spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for x in phrases.scan(scan):
            if scan.phrase_gaps(x.start, x.end):
                spans[x.key.id].append((x.start, x.end))
        out: Exclusions = {}
        for term_id, found in spans.items():
            found.sort()
            out[term_id] = ([a for a, _ in found], list(accumulate((b for _, b in found), max)))
        return out

    def _terms(self, scan: Scan, lang: str) -> Iterator[Match[Term]]:
        index = self.index(lang)
        nots = self._exclusions(scan, lang)
        return (m for m in index.scan(scan) if not _excluded(nots, m))

    def terms_in(self, text: str, lang: str, words: list[Token] | None = None) -> list[Match[Term]]:
        """Every match of a term in ``text`` (overlaps included) but those inside a phrase it is not in."""
        return list(self._terms(Scan(text, words), lang))

    def findable(self, term: Term, lang: str) -> bool:
        self.index(lang)
        return term.id in self._findable[lang]

    def find(self, text: str, lang: str | None) -> list[Match[Term | Entity]]:
        """Names and terms in ``text``, written in ``lang`` (None: names only), as non-overlapping matches.

        From the left, at each place no match covers yet, the longest of the names and terms starting
        there (names first on a tie, then the form added first) that no ``not_in`` phrase hides; the places
        inside it are skipped, so overlapping matches are never listed."""
        scan = Scan(text)
        indexes: list[Index[Term | Entity]] = [self.names]  # type: ignore[list-item]
        nots: Exclusions = {}
        if lang is not None:
            indexes.append(self.index(lang))  # type: ignore[arg-type]
            nots = self._exclusions(scan, lang)
        active = [(n, ix, scan.keys(ix.fold) if ix.latin else [], ix.latin.root.next, ix.han.first if scan.han else {})
                  for n, ix in enumerate(indexes) if ix.latin or (ix.han and scan.han)]
        words: Iterable[tuple[int, int]] = ((w[0], i) for i, w in enumerate(scan.words))
        first = {ch for ix in indexes for ch in ix.han.first} if scan.han else ()
        if first:  # places where a Han form may start too, merged in (a word's start may be both)
            words = ((pos, max(i for _, i in same)) for pos, same in groupby(
                merge(words, ((pos, -1) for pos, ch in enumerate(text) if ch in first)), key=itemgetter(0)))
        out: list[Match[Term | Entity]] = []
        end = 0
        for pos, word in words if active else ():  # word: the index of the word starting at pos, or -1
            if pos < end:
                continue
            best: Match[Term | Entity] | None = None
            for n, index, keys, latin, han in active:
                here = index.latin_at(scan, word) if word >= 0 and keys and keys[word] in latin else []
                if text[pos] in han:
                    here += index.han_at(scan, pos)
                for m in here:
                    if (best is None or m.end > best.end) and not (n and _excluded(nots, m)):
                        best = m
            if best is not None:
                out.append(best)
                end = best.end
        return out

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
        missing = {t.id for t in terms}
        scan = Scan(tr.text)
        nots = self._exclusions(scan, locale)
        for m in self._checked(tuple(missing), locale).scan(scan):  # until every checked term is seen
            if not _excluded(nots, m):
                missing.discard(m.key.id)
                if not missing:
                    break
        return [t for t in terms if t.id in missing]

    def _checked(self, ids: tuple[str, ...], locale: str) -> Index[Term]:
        """An index of the forms in ``locale`` of the terms ``ids`` only, so that a check walks and lists
        only theirs (in a text of ``Foo Foo …``, a glossary of ``Foo``, ``Foo Foo`` … has a match of every
        term at every word). Kept per set of terms: many texts use the same ones."""
        key = (locale, *sorted(ids))
        if key not in self._checked_indexes:
            index: Index[Term] = Index(word_key(locale))
            for t in self.terms:
                if t.id in ids:
                    for form, alias in self.forms(t, locale):
                        index.add(form, t, alias)
            self._checked_indexes[key] = index
        return self._checked_indexes[key]


Exclusions = dict[str, tuple[list[int], list[int]]]


def _excluded(nots: Exclusions, m: Match[K]) -> bool:
    """Whether ``m`` lies inside a ``not_in`` phrase of its own term: one starting at or before it and
    ending at or after it."""
    spans = nots.get(getattr(m.key, "id", "")) if nots else None
    if spans is None:
        return False
    i = bisect_right(spans[0], m.start) - 1
    return i >= 0 and spans[1][i] >= m.end
