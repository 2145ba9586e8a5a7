"""The site's layout: which pages exist, at which paths (the same in every locale), and what each lists.

Per game: an overview, an A–Z index of cards/heroes/topics, one page per entity (its rulings, errata,
abilities and a "mentioned in" list), the glossary, the errata (newest first), what's new (the
documents' dated updates), the changelog, the rule sections (one page per top-level section) and the kept
originals. Long listings are split (by letter, or in chunks of a count or a weight) and long originals in parts
(:mod:`.source_parts`), so no page grows with the content. Nothing here depends on the locale:
:mod:`rulings.site.pages` renders this model once per locale.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rulings.content import originals
from rulings.content.dating import Basis, Update, date_entries, newest_first, updates
from rulings.content.tree import Content
from rulings.model.entries import Change, Entity, EntityType, Entry, Erratum, Game, Ruling, Section, Term
from rulings.model.terms import HAN
from rulings.model.text import FALLBACK_LOCALE
from rulings.site import paths as P
from rulings.site.render import Linker
from rulings.site.source_parts import SourceParts, split

INDEX_LIMIT = 400  # entries listed on one index page; beyond, the index is split by letter
GLOSSARY_LIMIT = 60  # terms on one glossary page (up to 2 KB of HTML each with translations)
CHUNK_LIMIT = 80  # loose rulings on one page
ERRATA_LIMIT = 40  # errata on one page (up to 3 KB of HTML each with their originals, target and sources)
LIST_LIMIT = 150
"""Entries listed under one update of What's new; a bigger one (a whole document's) links to the listings instead."""
UPDATES_LIMIT = 200
"""Lines of What's new on one page (each update 5, for its heading, date and text, and one per entry it lists or
card it names): about 400 bytes of HTML each (an entry is linked by its question, a card named brings its
preview), so a page stays near 120 KB however many dated updates the sources have (the Sorcery clarifications'
21 updates made a 213 KB page). The changelog's pages take as many (:func:`change_lines`)."""


@dataclass
class Bucket:
    """One page of a split listing: entries whose name starts with a letter (or a chunk of them)."""

    slug: str
    label: str
    entries: list


def source_name(e: Entry) -> str:
    """The name in the entry's own language: what splitting pages goes by, the same in every locale."""
    t = e.name if isinstance(e, Entity) else e.term if isinstance(e, Term) else None
    return t.source if t else e.id


def buckets(entries: list, limit: int) -> list[Bucket] | None:
    """Split a list alphabetically into pages of at most ``limit`` entries, or None if one page will do."""
    if len(entries) <= limit:
        return None
    by_letter: dict[str, list] = defaultdict(list)
    for e in sorted(entries, key=lambda x: sort_key(source_name(x))):
        by_letter[initial(source_name(e))].append(e)
    out = []
    for letter in sorted(by_letter):
        items = by_letter[letter]
        base = letter.lower() if letter != "#" else "other"
        for i in range(0, len(items), limit):
            n = i // limit + 1
            out.append(Bucket(base if n == 1 else f"{base}-{n}", letter if n == 1 else f"{letter} ({n})",
                              items[i:i + limit]))
    return out


def chunks(items: list, limit: int) -> list[list]:
    return [items[i:i + limit] for i in range(0, len(items), limit)]


@lru_cache(maxsize=65536)
def sort_key(s: str) -> tuple[str, str]:
    """Alphabetical order that ignores accents and case (names from several languages mix). Chinese
    characters sort by their Hanyu Pinyin, as Chinese indexes do, among the Latin names (which keep their
    order): 曹操 files under C as "caocao", not after Z by code point. Kept per name: a listing sorts
    by it and files each name under its initial."""
    folded = unicodedata.normalize("NFKD", romanized(s)).encode("ascii", "ignore").decode().casefold().strip()
    return (folded or s, s)


def romanized(s: str) -> str:
    """``s`` with each Han character spelled in pinyin (without tones); other characters unchanged."""
    if not HAN.search(s):
        return s
    from pypinyin import lazy_pinyin  # loads its dictionaries: only for names that need it

    return "".join(lazy_pinyin(s))


def initial(s: str) -> str:
    k = sort_key(s)[0]
    return k[0].upper() if k and k[0].isalpha() else "#"


@dataclass
class GameData:
    """One game's entries, indexed the ways the pages need them."""

    game: Game
    entities: list[Entity] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    rulings_about: dict[str, list[Ruling]] = field(default_factory=lambda: defaultdict(list))
    errata_of: dict[str, list[Erratum]] = field(default_factory=lambda: defaultdict(list))
    children: dict[str, list[Entity]] = field(default_factory=lambda: defaultdict(list))
    subsections: dict[str, list[Section]] = field(default_factory=lambda: defaultdict(list))
    mentioned_in: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    index_buckets: list[Bucket] | None = None  # None: the A–Z index fits on one page
    glossary_buckets: list[Bucket] | None = None
    errata_chunks: list[list[Erratum]] = field(default_factory=list)
    orphan_chunks: list[list[Ruling]] = field(default_factory=list)
    change_chunks: list[list[Change]] = field(default_factory=lambda: [[]])
    """The change log, newest first, on pages of at most :data:`UPDATES_LIMIT` lines (:func:`change_lines`)."""
    update_chunks: list[list[Update]] = field(default_factory=lambda: [[]])
    """The game's updates (What's new), newest first, on pages of at most :data:`UPDATES_LIMIT` lines."""
    update_page: dict[tuple[str, str, str], int] = field(default_factory=dict)
    """Each update's page (its index in :attr:`update_chunks`), by :func:`update_key`."""
    sources: dict[str, SourceParts] = field(default_factory=dict)
    """Each kept original's parts, by document id (:mod:`.source_parts`): where its source page shows each line."""

    @property
    def entries(self) -> list[Entry]:
        """Every entry of the game, kind by kind (entities, rulings, terms, errata, changes, sections)."""
        return [*self.entities, *self.rulings, *self.terms, *self.errata, *self.changes, *self.sections]

    @property
    def indexed(self) -> list[Entity]:
        """The entities the A–Z index lists: all but abilities, which are shown on their hero's page."""
        return [e for e in self.entities if not (e.type is EntityType.ABILITY and e.parent)]

    def whats_new_page(self, u: Update) -> str:
        """The page of What's new that shows update ``u``."""
        return P.chunk_page(P.whats_new_page(self.game.id), self.update_page.get(update_key(u), 0))

    def whats_new_page_of_change(self, change_id: str) -> str:
        """The page of What's new that shows the update of a change log entry (the changelog links to it)."""
        key = (Basis.CHANGE.value, change_id, "")
        return P.chunk_page(P.whats_new_page(self.game.id), self.update_page.get(key, 0))

    @property
    def top_sections(self) -> list[Section]:
        return [s for s in self.sections if not s.parent]


@dataclass
class SiteModel:
    """Locale-independent structure of the site: games, page layout, backlinks."""

    content: Content
    games: dict[str, GameData]
    locator: P.Locator
    by_id: dict[str, Entry]


def build_model(content: Content) -> SiteModel:
    content.dates = date_entries(content)  # again: a tree put together by hand (tests, the preview) is dated too
    by_id = content.by_id()
    games = {gid: GameData(g) for gid, g in sorted(content.games.items())}
    for e in content.entries:
        gd = games.get(e.game)
        if gd is None:
            continue
        if isinstance(e, Entity):
            gd.entities.append(e)
            if e.parent:
                gd.children[e.parent].append(e)
        elif isinstance(e, Ruling):
            gd.rulings.append(e)
            for a in e.about:
                gd.rulings_about[a].append(e)
        elif isinstance(e, Term):
            gd.terms.append(e)
        elif isinstance(e, Erratum):
            gd.errata.append(e)
            if e.target:
                gd.errata_of[e.target].append(e)
        elif isinstance(e, Change):
            gd.changes.append(e)
        elif isinstance(e, Section):
            gd.sections.append(e)
            if e.parent:
                gd.subsections[e.parent].append(e)
    for gd in games.values():  # newest first, those of one date as the source prints them (undated last)
        for errata in (gd.errata, *gd.errata_of.values()):
            errata.sort(key=lambda er: er.as_of or "", reverse=True)
    loc = P.Locator()
    for gid, gd in games.items():
        for ent in gd.entities:
            loc.place(ent.id, P.entity_page(ent), whole_page=True)
        orphans = []
        for r in gd.rulings:
            if r.about and isinstance(by_id.get(r.about[0]), Entity):
                loc.place(r.id, P.entity_page(by_id[r.about[0]]))  # type: ignore[arg-type]
            else:
                orphans.append(r)
        gd.orphan_chunks = chunks(orphans, CHUNK_LIMIT)
        for i, chunk in enumerate(gd.orphan_chunks):
            for r in chunk:
                loc.place(r.id, P.chunk_page(P.other_rulings_page(gid), i))
        gd.index_buckets = buckets(gd.indexed, INDEX_LIMIT)
        gd.glossary_buckets = buckets(gd.terms, GLOSSARY_LIMIT)
        for b in gd.glossary_buckets or [Bucket("", "", gd.terms)]:
            for t in b.entries:
                loc.place(t.id, P.bucket_page(P.glossary_page(gid), b.slug))
        gd.errata_chunks = chunks(gd.errata, ERRATA_LIMIT)
        for i, chunk in enumerate(gd.errata_chunks):
            for er in chunk:
                loc.place(er.id, P.chunk_page(P.errata_page(gid), i))
        gd.change_chunks = weighed_chunks(newest_first(gd.changes), change_lines, UPDATES_LIMIT)
        for i, chunk in enumerate(gd.change_chunks):
            for c in chunk:
                loc.place(c.id, P.chunk_page(P.changelog_page(gid), i))
        gd.sources = source_parts(content, gd)
        gd.update_chunks = weighed_chunks(updates(gd.game, gd.entries, content.dates), update_lines, UPDATES_LIMIT)
        gd.update_page = {update_key(u): i for i, chunk in enumerate(gd.update_chunks) for u in chunk}
        for s in gd.sections:
            top = page_section(s, by_id)
            loc.place(s.id, P.section_page(top), whole_page=top is s)
        # backlinks: explicit references, plus names found in the source texts
        linker = Linker(gd.terms, gd.entities, FALLBACK_LOCALE)
        for e in gd.entries:
            targets = {ref for _field, ref in e.references()}
            for _path, text in e.texts():
                targets.update(hit[2].entry_id for hit in linker.find(text.source))
            for t in sorted(targets):
                if t != e.id and isinstance(by_id.get(t), Entity):
                    gd.mentioned_in[t].append(e.id)
    return SiteModel(content, games, loc, by_id)


def update_key(u: Update) -> tuple[str, str, str]:
    """What tells one update from another (as :func:`rulings.content.dating.updates` keys them)."""
    return (u.basis.value, u.source, "" if u.basis is Basis.CHANGE else u.date)


def update_lines(u: Update) -> int:
    """The lines an update takes on What's new: its heading, date and text, and each entry it lists."""
    return 5 + len(u.named) + (len(u.entries) if len(u.entries) <= LIST_LIMIT else 1)


def change_lines(c: Change) -> int:
    """The lines a change log entry takes on the changelog: its heading and date, its text (a line per 100
    characters, with the cards it names linked) and each entry it names."""
    return 5 + len(c.touches) + (len(c.text.source) // 100 if c.text else 0)


def weighed_chunks(items: list, lines: Callable[[Any], int], limit: int) -> list[list]:
    """``items``, in order, on pages of at most ``limit`` lines each (as ``lines`` counts an item's; one alone
    over it on a page of its own); one page, maybe empty, when they fit."""
    out: list[list] = [[]]
    used = 0
    for x in items:
        n = lines(x)
        if out[-1] and used + n > limit:
            out.append([])
            used = 0
        out[-1].append(x)
        used += n
    return out


def source_parts(content: Content, gd: GameData) -> dict[str, SourceParts]:
    """The parts of each of the game's kept originals, read from beside its game file, with the line ranges
    its entries cite (kept on one page where they can be); none for a tree put together without files."""
    cf = content.game_files.get(gd.game.id)
    if cf is None:
        return {}
    folder = cf.loaded.path.parent
    cited: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for e in gd.entries:
        for p in e.provenance:
            cited[p.document].append(p.lines)
    out = {}
    for d in gd.game.documents:
        path = folder / d.file
        if path.is_file():
            out[d.id] = split(originals.lines(originals.decode(path.read_bytes())), cited[d.id])
    return out


def section_depth(s: Section, by_id: dict[str, Entry]) -> int:
    depth, cur = 0, s
    while cur.parent and isinstance(by_id.get(cur.parent), Section) and depth < 50:
        cur = by_id[cur.parent]  # type: ignore[assignment]
        depth += 1
    return depth


def page_section(s: Section, by_id: dict[str, Entry]) -> Section:
    """Sections of depth 0 and 1 get pages of their own; deeper ones are shown inside their ancestor's.

    A document whose whole body sits under one heading (Sorcery's "Rule Clarifications") would
    otherwise become a single huge page."""
    cur = s
    while section_depth(cur, by_id) > 1:
        cur = by_id[cur.parent]  # type: ignore[assignment, index]
    return cur


@dataclass
class Page:
    """One generated page: its Markdown path (the same in every locale), title and text."""

    path: str
    title: str
    markdown: str


class PageCollision(Exception):
    """Two generated pages would be written to one file (also on case-insensitive filesystems)."""


def check_unique_paths(pages: list[Page]) -> None:
    seen: dict[str, Page] = {}
    for p in pages:
        key = p.path.casefold()
        if key in seen:
            raise PageCollision(f"pages '{seen[key].title}' and '{p.title}' would both be written to {p.path}; "
                                "give one of the entries another id")
        seen[key] = p
