"""Lay the content out as pages (the same paths in every locale) and write each page's Markdown.

Page layout per game: an overview, an A–Z index of cards/heroes/topics, one page per entity (its
rulings, errata, abilities and a "mentioned in" list), the glossary, the errata, the changelog and
the rule sections (one page per top-level section). Navigation lists only these index pages, never
every entity, so each page's size stays bounded as content grows.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from rulings.content.tree import Content
from rulings.model.entries import Change, Entity, EntityType, Entry, Erratum, Game, Ruling, RulingStatus, Section, Term
from rulings.model.text import Text
from rulings.publish.bundles import human_size
from rulings.site import paths as P
from rulings.site.i18n import N_, SOURCE_LOCALE, UI, _, po_path
from rulings.site.render import (
    NS,
    Ctx,
    Linker,
    all_names,
    blocks_html,
    esc,
    heading,
    plain,
    raw,
    text_block,
    text_extras,
    text_inline,
)
from rulings.translation.status import rows as status_rows
from rulings.translation.status import todo as status_todo

ENTITY_TYPE_LABELS = {
    EntityType.CARD: N_("Card", "Cards"),
    EntityType.HERO: N_("Hero", "Heroes"),
    EntityType.ABILITY: N_("Ability", "Abilities"),
    EntityType.KEYWORD: N_("Keyword", "Keywords"),
    EntityType.TOPIC: N_("Topic", "Topics"),
}
LEAD = _("Rulings, glossaries, errata and rules clarifications for tabletop card games, with the original texts "
         "beside every translation.")
UNIDENTIFIED = _("The source documents never name this game; it is listed under a neutral name until someone "
                 "identifies it.")
UNANSWERED = _("The source prints this question without an answer.")
SUSPECT = _("Suspect date: printed as “{printed}”, out of order in the source.")
OFFLINE_LEAD = _("Read the rules with no connection: unzip a bundle and open index.html, or open the ZIM file in "
                 "any Kiwix reader (desktop, Android, iOS).")
STATUS_LEAD = _("How much of each game you can read in {language}: texts written in it or translated and up to "
                "date, translations made by a program, translations whose original has changed since, and texts "
                "not yet translated (shown in their original language).")
STATUS_HOWTO = _("To help, edit the YAML files in content/ or export a PO file for Poedit or Weblate with "
                 "rulings translate export; the contributor guide explains both.")
UI_STATUS = _("Menus, headings and labels: {translated} of {total} translated, the rest shown in English "
              "(catalog: {file}).")
ATTRIBUTE_LABELS = {"faction": _("Faction"), "gender": _("Gender"), "health": _("Health"), "set": _("Set")}


NO_SEARCH = "---\nsearch:\n  exclude: true\n---\n\n"
"""Front matter keeping a page out of the search index: listings only repeat names found elsewhere."""
FULL_TEXT_SEARCH_LIMIT = 3000
"""Above this many rulings, the browser's search index holds questions, statements, names and terms
but not the answers: lunr builds its index in the reader's browser on every page load, and with full
answers 10,000 rulings took seconds (see the benchmark). The ZIM archives, the JSON exports and the
pages themselves keep every answer."""
INDEX_LIMIT = 400  # entries listed on one index page; beyond, the index is split by letter
GLOSSARY_LIMIT = 60  # terms on one glossary page (up to 2 KB of HTML each with translations)
CHUNK_LIMIT = 80  # errata or loose rulings on one page


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
    search_answers: bool = True  # False for very large sites: answers stay out of the search index


def build_model(content: Content) -> SiteModel:
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
        gd.index_buckets = buckets([e for e in gd.entities if not (e.type is EntityType.ABILITY and e.parent)],
                                   INDEX_LIMIT)
        gd.glossary_buckets = buckets(gd.terms, GLOSSARY_LIMIT)
        for b in gd.glossary_buckets or [Bucket("", "", gd.terms)]:
            for t in b.entries:
                loc.place(t.id, P.bucket_page(P.glossary_page(gid), b.slug))
        gd.errata_chunks = chunks(gd.errata, CHUNK_LIMIT)
        for i, chunk in enumerate(gd.errata_chunks):
            for er in chunk:
                loc.place(er.id, P.chunk_page(P.errata_page(gid), i))
        for c in gd.changes:
            loc.place(c.id, P.changelog_page(gid))
        for s in gd.sections:
            top = page_section(s, by_id)
            loc.place(s.id, P.section_page(top), whole_page=top is s)
        # backlinks: explicit references, plus names found in the source texts
        linker = Linker(gd.terms, gd.entities, "en")
        for e in [*gd.entities, *gd.rulings, *gd.terms, *gd.errata, *gd.changes, *gd.sections]:
            targets = {ref for _field, ref in e.references()}
            for _path, text in e.texts():
                targets.update(hit[2].entry_id for hit in linker.find(text.source))
            for t in sorted(targets):
                if t != e.id and isinstance(by_id.get(t), Entity):
                    gd.mentioned_in[t].append(e.id)
    rulings = sum(len(gd.rulings) for gd in games.values())
    return SiteModel(content, games, loc, by_id, search_answers=rulings <= FULL_TEXT_SEARCH_LIMIT)


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


# --- per-locale rendering -----------------------------------------------------------------------


@dataclass
class Page:
    path: str
    title: str
    markdown: str


@dataclass
class Rendered:
    pages: list[Page]
    nav: list
    files: dict[str, bytes] = field(default_factory=dict)


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


def sort_key(s: str) -> tuple[str, str]:
    folded = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().casefold().strip()
    return (folded or s, s)


def initial(s: str) -> str:
    k = sort_key(s)[0]
    return k[0].upper() if k and k[0].isalpha() else "#"


class LocaleRenderer:
    def __init__(self, model: SiteModel, locale: str, ui: UI, directory_urls: bool = True,
                 downloads: list | None = None):
        self.downloads = downloads or []
        self.m = model
        self.locale = locale
        self.ui = ui
        self.dir_urls = directory_urls
        self.linkers = {gid: Linker(gd.terms, gd.entities, locale) for gid, gd in model.games.items()}

    # helpers
    def ctx(self, page: str, game: str | None = None, self_id: str | None = None) -> Ctx:
        return Ctx(self.locale, self.ui, page, self.m.locator, self.linkers.get(game) if game else None,
                   self.dir_urls, self_id)

    def t(self, msg: str, **kw: object) -> str:
        return self.ui.t(msg, **kw)

    def name(self, e: Entry) -> str:
        if isinstance(e, Entity):
            return plain(e.name, self.locale)
        if isinstance(e, Term):
            return plain(e.term, self.locale)
        if isinstance(e, Section):
            return plain(e.title, self.locale)
        if isinstance(e, Ruling):
            return plain(e.question or e.statement, self.locale)
        if isinstance(e, Erratum):
            if e.target_name:
                return plain(e.target_name, self.locale)
            target = self.m.by_id.get(e.target) if e.target else None
            return self.name(target) if target else plain(e.text, self.locale)
        if isinstance(e, Change):
            return e.date_printed or e.date or e.id
        return e.id

    def a(self, ctx: Ctx, entry_id: str, label: str | None = None) -> str:
        href = ctx.link(entry_id)
        e = self.m.by_id.get(entry_id)
        text = esc(label if label is not None else (self.name(e) if e else entry_id))
        return f'<a href="{esc(href)}">{text}</a>' if href else text

    def page_link(self, ctx: Ctx, page: str, label: str) -> str:
        return f'<a href="{esc(P.href(ctx.page, page, self.dir_urls))}">{esc(label)}</a>'

    # pages
    def render(self) -> Rendered:
        pages = [self.home(), self.translation_status()]
        nav: list = [{self.t(_("Home")): P.HOME}, {self.t(_("Translation status")): P.STATUS}]
        for gd in self.m.games.values():
            game_pages, game_nav = self.game_pages(gd)
            pages += game_pages
            nav.append({plain(gd.game.name, self.locale): game_nav})
        check_unique_paths(pages)
        return Rendered(pages, nav)

    def home(self) -> Page:
        ctx = self.ctx(P.HOME)
        lines = [heading(1, self.t(_("Card game rulings")), "home"), raw(
            f'<p class="rl-lead">{esc(self.t(LEAD))}</p>')]
        rows = []
        latest: tuple[str, str, str] | None = None
        for gid, gd in self.m.games.items():
            g = gd.game
            langs = sorted({lang for d in g.documents for lang in d.languages})
            counts = ", ".join(x for x in (
                self.ui.n(N_("{n} ruling", "{n} rulings"), len(gd.rulings)) if gd.rulings else "",
                self.ui.n(N_("{n} glossary term", "{n} glossary terms"), len(gd.terms)) if gd.terms else "",
                self.ui.n(N_("{n} erratum", "{n} errata"), len(gd.errata)) if gd.errata else "",
                self.ui.n(N_("{n} rule section", "{n} rule sections"), len(gd.sections)) if gd.sections else "",
            ) if x)
            badge = "" if g.identified else f' <span class="rl-badge">{esc(self.t(_("unidentified game")))}</span>'
            rows.append(f"<tr><td>{self.page_link(ctx, P.game_page(gid), plain(g.name, self.locale))}{badge}"
                        f"</td><td>{esc(counts)}</td>"
                        f"<td>{esc(', '.join(self.ui.language_name(x) for x in langs))}</td></tr>")
            for date, label in self.dated(gd):
                if latest is None or date > latest[0]:
                    latest = (date, gid, label)
        lines.append(raw(
            f'<table class="rl-table rl-games"><thead><tr><th>{esc(self.t(_("Game")))}</th>'
            f'<th>{esc(self.t(_("Contents")))}</th><th>{esc(self.t(_("Source languages")))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'))
        if latest:
            date, gid, label = latest
            lines.append(raw(
                f'<p class="rl-latest">{esc(self.t(_("Latest change")))}: {esc(self.ui.date(date))} — '
                f'{self.page_link(ctx, P.changelog_page(gid), plain(self.m.games[gid].game.name, self.locale))}: '
                f'{esc(label)}</p>'))
        if self.downloads:
            lines.append(heading(2, self.t(_("Offline")), "downloads"))
            lines.append(raw(f'<p>{esc(self.t(OFFLINE_LEAD))}</p>'))
            items = []
            for d in self.downloads:
                who = self.t(_("all languages")) if d.locale == "all" else self.ui.language_name(d.locale)
                what = self.t(_("Offline bundle (zip)")) if d.kind == "zip" else self.t(_("Kiwix archive (ZIM)"))
                items.append(f'<li><a href="../downloads/{esc(d.filename)}" download>{esc(what)} — {esc(who)}</a> '
                             f'<span class="rl-size">({esc(human_size(d.size))})</span></li>')
            lines.append(raw(f'<ul class="rl-downloads">{"".join(items)}</ul>'))
        return Page(P.HOME, self.t(_("Home")), "\n".join(lines) + "\n")

    def translation_status(self) -> Page:
        """How much of each game a reader of this locale gets in their language, as SVG bars, and what
        translators should do next."""
        ctx = self.ctx(P.STATUS)
        rows = status_rows(self.m.content, [self.locale])
        labels = {"reviewed": self.t(_("source or reviewed")), "draft": self.t(_("draft translation")),
                  "machine": self.t(_("machine translation")), "stale": self.t(_("may be outdated")),
                  "missing": self.t(_("not yet translated"))}
        out = [heading(1, self.t(_("Translation status")), "translation-status"),
               raw(f"<p>{esc(self.t(STATUS_LEAD, language=self.ui.language_name(self.locale)))}</p>")]
        legend = "".join(f'<span class="rl-legend"><svg width="12" height="12" aria-hidden="true"><rect width="12" '
                         f'height="12" class="rl-bar-{k}"/></svg> {esc(v)}</span>' for k, v in labels.items())
        out.append(raw(f'<p class="rl-legend-row">{legend}</p>'))
        if (cov := self.ui.coverage) and self.locale != SOURCE_LOCALE:
            ui_status = self.t(UI_STATUS, translated=cov.translated, total=cov.total,
                               file=po_path(PurePosixPath("locales"), self.locale).as_posix())
            out.append(raw(f'<p class="rl-ui-status">{esc(ui_status)}</p>'))
        bars = []
        for r in rows:
            name = plain(self.m.games[r.game].game.name, self.locale)
            x, rects = 0.0, []
            for k, n in r.parts().items():
                if n:
                    w = 600.0 * n / r.texts if r.texts else 0
                    rects.append(f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="22" class="rl-bar-{k}">'
                                 f"<title>{esc(labels[k])}: {n}</title></rect>")
                    x += w
            summary = self.t(_("{percent} of {total} texts"), percent=f"{r.percent:.0f}%", total=r.texts)
            bars.append(f'<figure class="rl-bar"><figcaption>{self.page_link(ctx, P.game_page(r.game), name)} — '
                        f'{esc(summary)}</figcaption><svg viewBox="0 0 600 22" width="100%" height="22" role="img" '
                        f'aria-label="{esc(name)}: {esc(summary)}">{"".join(rects)}</svg></figure>')
        out.append(raw("".join(bars)))
        items = status_todo(self.m.content, self.locale, 40)
        out.append(heading(2, self.t(_("What to translate next")), "next"))
        if items:
            stale_badge = f' <span class="rl-badge rl-stale">{esc(labels["stale"])}</span>'
            lis = "".join(f"<li>{self.a(ctx, t.entry.id)} — {esc(', '.join(t.fields))}"
                          f"{stale_badge if t.stale else ''}</li>" for t in items)
            out.append(raw(f'<ol class="rl-todo">{lis}</ol>'))
        else:
            out.append(raw(f"<p>{esc(self.t(_('Everything is translated and up to date.')))}</p>"))
        out.append(raw(f"<p>{esc(self.t(STATUS_HOWTO))}</p>"))
        return Page(P.STATUS, self.t(_("Translation status")), NO_SEARCH + "\n".join(out) + "\n")

    def dated(self, gd: GameData) -> list[tuple[str, str]]:
        """(ISO date, label) of the game's dated items: change log lines and source documents."""
        out = [(c.date, plain(c.text, self.locale)) for c in gd.changes if c.date]
        out += [(d.date, plain(d.title, self.locale)) for d in gd.game.documents if d.date]
        return out

    def game_pages(self, gd: GameData) -> tuple[list[Page], list]:
        gid = gd.game.id
        pages = [self.overview(gd)]
        nav: list = [{self.t(_("Overview")): P.game_page(gid)}]
        if gd.entities:
            pages.append(self.index(gd))
            pages += [self.index_bucket(gd, b) for b in gd.index_buckets or []]
            nav.append({self.t(_("Index A–Z")): P.index_page(gid)})
            pages += [self.entity(gd, e) for e in gd.entities]
        if gd.orphan_chunks:
            pages += [self.other_rulings(gd, i) for i in range(len(gd.orphan_chunks))]
            nav.append({self.t(_("Other rulings")): P.other_rulings_page(gid)})
        if gd.terms:
            pages.append(self.glossary(gd))
            pages += [self.glossary_bucket(gd, b) for b in gd.glossary_buckets or []]
            nav.append({self.t(_("Glossary")): P.glossary_page(gid)})
        if gd.errata:
            pages += [self.errata(gd, i) for i in range(len(gd.errata_chunks))]
            nav.append({self.t(_("Errata")): P.errata_page(gid)})
        pages.append(self.changelog(gd))
        nav.append({self.t(_("Changelog")): P.changelog_page(gid)})
        if gd.sections:
            pages.append(self.rules_index(gd))
            nav.append({self.t(_("Rules")): P.rules_index_page(gid)})
            pages += [self.section_page(gd, s) for s in gd.sections if page_section(s, self.m.by_id) is s]
        return pages, nav

    def overview(self, gd: GameData) -> Page:
        g = gd.game
        page = P.game_page(g.id)
        ctx = self.ctx(page, g.id)
        out = [heading(1, plain(g.name, self.locale), f"game-{g.id}")]
        if g.name.state(self.locale).value in ("current", "stale"):
            out.append(raw(f'<p class="rl-names">{text_inline(g.name, ctx, link=False)}</p>'))
        if not g.identified:
            out.append(raw(f'<p class="rl-warning">{esc(self.t(UNIDENTIFIED))}</p>'))
        if g.description:
            out.append(raw(text_block(g.description, ctx)))
        facts = []
        if g.publisher:
            facts.append((self.t(_("Publisher")), esc(g.publisher)))
        if g.maintainer:
            facts.append((self.t(_("Maintainer")), esc(g.maintainer)))
        if facts:
            out.append(raw("<dl class=\"rl-facts\">" + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in facts)
                           + "</dl>"))
        out.append(heading(2, self.t(_("Contents")), "contents"))
        items = []
        for label, pg, n in (
            (self.t(_("Index A–Z")), P.index_page(g.id), len(gd.entities)),
            (self.t(_("Other rulings")), P.other_rulings_page(g.id),
             sum(len(c) for c in gd.orphan_chunks)),
            (self.t(_("Glossary")), P.glossary_page(g.id), len(gd.terms)),
            (self.t(_("Errata")), P.errata_page(g.id), len(gd.errata)),
            (self.t(_("Changelog")), P.changelog_page(g.id), len(gd.changes) + 1),
            (self.t(_("Rules")), P.rules_index_page(g.id), len(gd.sections)),
        ):
            if n:
                items.append(f"<li>{self.page_link(ctx, pg, label)}</li>")
        out.append(raw(f"<ul>{''.join(items)}</ul>"))
        out.append(raw(f'<p>{esc(self.ui.n(N_("{n} ruling", "{n} rulings"), len(gd.rulings)))}</p>'))
        out.append(heading(2, self.t(_("Source documents")), "sources"))
        for d in g.documents:
            rows = [(self.t(_("Title")), text_inline(d.title, ctx, link=False))]
            if d.author:
                rows.append((self.t(_("Author")), esc(d.author)))
            if d.maintainer:
                rows.append((self.t(_("Maintainer")), esc(d.maintainer)))
            if d.date_printed or d.date:
                shown = esc(self.ui.date(d.date)) if d.date else ""
                printed = f' <span class="rl-printed">({esc(self.t(_("printed as")))} “{esc(d.date_printed)}”)</span>' \
                    if d.date_printed else ""
                rows.append((self.t(_("Date")), shown + printed))
            if d.version:
                rows.append((self.t(_("Version")), esc(d.version)))
            rows.append((self.t(_("Languages")), esc(", ".join(self.ui.language_name(x) for x in d.languages))))
            rows.append((self.t(_("Original")), self.page_link(ctx, f"{g.id}/{d.file}", d.file.rsplit("/", 1)[-1])))
            rows.append(("SHA-256", f"<code>{esc(d.sha256)}</code>"))
            out.append(raw('<dl class="rl-facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
                           + "</dl>"))
        return Page(page, plain(g.name, self.locale), "\n".join(out) + "\n")

    def index(self, gd: GameData) -> Page:
        page = P.index_page(gd.game.id)
        ctx = self.ctx(page, gd.game.id)
        out = [heading(1, self.t(_("Index A–Z")), "index")]
        if gd.index_buckets is not None:
            out.append(self.letter_links(ctx, page, gd.index_buckets))
            return Page(page, self.t(_("Index A–Z")), NO_SEARCH + "\n".join(out) + "\n")
        out += self.index_html([e for e in gd.entities if not (e.type is EntityType.ABILITY and e.parent)],
                               gd, ctx)
        return Page(page, self.t(_("Index A–Z")), NO_SEARCH + "\n".join(out) + "\n")

    def index_bucket(self, gd: GameData, b: Bucket) -> Page:
        listing = P.index_page(gd.game.id)
        page = P.bucket_page(listing, b.slug)
        ctx = self.ctx(page, gd.game.id)
        title = f"{self.t(_('Index A–Z'))}: {b.label}"
        out = [raw(f'<p class="rl-up">↑ {self.page_link(ctx, listing, self.t(_("Index A–Z")))}</p>'),
               heading(1, title, "index")]
        out += self.index_html(b.entries, gd, ctx)
        return Page(page, title, NO_SEARCH + "\n".join(out) + "\n")

    def index_html(self, entities: list[Entity], gd: GameData, ctx: Ctx) -> list[str]:
        """Entities grouped by the initial of their name in this locale (abilities are on their hero's page)."""
        out = []
        by_letter: dict[str, list[Entity]] = defaultdict(list)
        for e in entities:
            by_letter[initial(self.name(e))].append(e)
        letters = sorted(by_letter)
        out.append(raw('<p class="rl-letters">' + " ".join(
            f'<a href="#letter-{esc(x.lower() if x != "#" else "other")}">{esc(x)}</a>' for x in letters) + "</p>"))
        for letter in letters:
            out.append(heading(2, letter, f"letter-{letter.lower() if letter != '#' else 'other'}"))
            items = []
            for e in sorted(by_letter[letter], key=lambda x: sort_key(self.name(x))):
                n = len(gd.rulings_about.get(e.id, []))
                kind = self.ui.n(ENTITY_TYPE_LABELS[e.type], 1)
                extra = f" — {esc(self.ui.n(N_('{n} ruling', '{n} rulings'), n))}" if n else ""
                orig = ""
                if e.name and e.name.lang != self.locale and e.name.get(self.locale):
                    orig = f' <span class="rl-original-inline" lang="{esc(e.name.lang)}">{esc(e.name.source)}</span>'
                items.append(f'<li>{self.a(ctx, e.id)}{orig} <span class="rl-kind">{esc(kind)}</span>{extra}</li>')
            out.append(raw(f'<ul class="rl-index">{"".join(items)}</ul>'))
        return out

    def ruling_html(self, r: Ruling, ctx: Ctx, level: int = 2) -> list[str]:
        ctx.seen = set()
        title = plain(r.question or r.statement, self.locale)
        home = self.m.locator.page_of(r.id) == ctx.page  # else a copy, listed under another card
        out = [heading(level, title, P.anchor(r.id), searchable=home)]
        body = []
        if r.question:
            extras = text_extras(r.question, ctx)
            if extras:
                skip_original = "" if self.m.search_answers else " data-search-exclude"
                body.append(f'<section class="rl-q"{skip_original}>{extras}</section>')
            if r.answer:
                skip_answer = "" if self.m.search_answers else " data-search-exclude"
                body.append(f'<section class="rl-a"{skip_answer}><span class="rl-qa-label" data-search-exclude>'
                            f'{esc(self.t(_("A")))}</span>{text_block(r.answer, ctx)}</section>')
            else:
                body.append(f'<p class="rl-warning">{esc(self.t(UNANSWERED))}</p>')
        elif r.statement:
            # the heading holds the statement already: the body copy stays out of the search index.
            # (Material's search parser tracks exclusions by tag name, so an excluded element must
            # not contain elements of its own tag: <section> around <div>s.)
            body.append(f'<section data-search-exclude>{text_block(r.statement, ctx)}</section>')
        if r.status is not RulingStatus.CURRENT:
            label = {RulingStatus.SUPERSEDED: _("Superseded"), RulingStatus.REVERSED: _("Reversed")}[r.status]
            body.append(f'<p class="rl-status rl-{r.status.value}">{esc(self.t(label))}</p>')
        if r.history:
            items = []
            for h in r.history:
                when = esc(self.ui.date(h.date)) if h.date else esc(h.date_printed or "")
                note = text_inline(h.note, ctx) if h.note else ""
                items.append(f"<li>{when}{': ' if when and note else ''}{note}</li>")
            body.append(f'<div class="rl-history"><p>{esc(self.t(_("History")))}</p><ul>{"".join(items)}</ul></div>')
        body += self.meta(r, ctx, [x for x in r.about if x != ctx.self_id], r.related)
        skip = "" if home else " data-search-exclude"
        out.append(raw(f'<div class="rl-entry rl-ruling"{skip}>{"".join(body)}</div>'))
        return out

    def meta(self, e: Entry, ctx: Ctx, also: list[str], related: list[str]) -> list[str]:
        out = []
        if also:
            out.append(f'<p class="rl-also" data-search-exclude>{esc(self.t(_("Also about")))}: '
                       + ", ".join(self.a(ctx, x) for x in also) + "</p>")
        if related:
            out.append(f'<p class="rl-related" data-search-exclude>{esc(self.t(_("See also")))}: '
                       + ", ".join(self.a(ctx, x) for x in related) + "</p>")
        if e.notes:
            out.append(f'<div class="rl-notes"><span class="rl-label"{NS}>{esc(self.t(_("Note")))}</span>'
                       f"{text_block(e.notes, ctx)}</div>")
        if e.provenance:
            first, last = e.provenance.lines
            where = self.t(_("line {first}"), first=first) if first == last else \
                self.t(_("lines {first}–{last}"), first=first, last=last)
            out.append(f'<p class="rl-provenance"{NS}>{esc(self.t(_("Source")))}: {esc(e.provenance.document)}, '
                       f"{esc(where)}</p>")
        return out

    def entity(self, gd: GameData, e: Entity) -> Page:
        page = P.entity_page(e)
        ctx = self.ctx(page, gd.game.id, e.id)
        title = self.name(e)
        out = [heading(1, title, P.anchor(e.id))]
        head = [f'<p class="rl-kind">{esc(self.ui.n(ENTITY_TYPE_LABELS[e.type], 1))}</p>']
        if e.name and (e.name.lang != self.locale or e.name.translations):
            head.append(f'<p class="rl-names">{all_names(e.name)}</p>')
        if e.aliases:
            names = sorted({a for v in e.aliases.values() for a in v})
            head.append(f'<p class="rl-aliases">{esc(self.t(_("Also written")))}: {esc(", ".join(names))}</p>')
        if e.attributes:
            rows = "".join(f"<dt>{esc(self.t(ATTRIBUTE_LABELS.get(k, k)))}</dt><dd>{esc(str(v))}</dd>"
                           for k, v in e.attributes.items())
            head.append(f'<dl class="rl-facts">{rows}</dl>')
        if e.parent:
            head.append(f'<p class="rl-parent">{esc(self.t(_("Belongs to")))}: {self.a(ctx, e.parent)}</p>')
        if e.text:
            head.append(text_block(e.text, ctx))
        head += self.meta(e, ctx, [], e.related)
        out.append(raw(f'<div class="rl-entry rl-entity">{"".join(head)}</div>'))
        kids = gd.children.get(e.id, [])
        if kids:
            out.append(heading(2, self.ui.n(ENTITY_TYPE_LABELS[EntityType.ABILITY], 2), "abilities", searchable=False))
            for k in kids:
                ctx.seen = set()
                out.append(heading(3, self.name(k), f"sub-{P.anchor(k.id)}"))
                out.append(raw(f'<div class="rl-entry">{text_block(k.text, ctx)}<p>{self.a(ctx, k.id)}</p></div>'))
        rulings = gd.rulings_about.get(e.id, [])
        if rulings:
            out.append(heading(2, self.ui.n(N_("Ruling", "Rulings"), len(rulings)), "rulings", searchable=False))
            for r in rulings:
                out += self.ruling_html(r, ctx, 3)
        errata = gd.errata_of.get(e.id, [])
        if errata:
            out.append(heading(2, self.t(_("Errata")), "errata", searchable=False))
            for er in errata:
                out += self.erratum_html(er, ctx, 3)
        mentions = [m for m in gd.mentioned_in.get(e.id, [])
                    if m not in {r.id for r in rulings} and m not in {x.id for x in errata} and m != e.parent]
        if mentions:
            out.append(heading(2, self.t(_("Mentioned in")), "mentioned-in", searchable=False))
            items = "".join(f"<li>{self.a(ctx, m)}</li>" for m in mentions)
            out.append(raw(f'<ul class="rl-backlinks"{NS}>{items}</ul>'))
        return Page(page, title, "\n".join(out) + "\n")

    def pager(self, ctx: Ctx, listing: str, count: int, current: int) -> str:
        """Links to every page of a listing split into ``count`` pages."""
        if count <= 1:
            return ""
        links = [f"<strong>{i + 1}</strong>" if i == current else
                 self.page_link(ctx, P.chunk_page(listing, i), str(i + 1)) for i in range(count)]
        return raw(f'<p class="rl-pager">{esc(self.t(_("Pages")))}: {" ".join(links)}</p>')

    def other_rulings(self, gd: GameData, i: int = 0) -> Page:
        listing = P.other_rulings_page(gd.game.id)
        page = P.chunk_page(listing, i)
        ctx = self.ctx(page, gd.game.id)
        out = [heading(1, self.t(_("Other rulings")), "other-rulings"),
               self.pager(ctx, listing, len(gd.orphan_chunks), i)]
        for r in gd.orphan_chunks[i]:
            out += self.ruling_html(r, ctx, 2)
        return Page(page, self.t(_("Other rulings")), "\n".join(out) + "\n")

    def letter_links(self, ctx: Ctx, listing: str, bucket_list: list[Bucket]) -> str:
        return raw('<ul class="rl-letter-pages">' + "".join(
            f"<li>{self.page_link(ctx, P.bucket_page(listing, b.slug), b.label)} ({len(b.entries)})</li>"
            for b in bucket_list) + "</ul>")

    def glossary(self, gd: GameData) -> Page:
        page = P.glossary_page(gd.game.id)
        ctx = self.ctx(page, gd.game.id)
        out = [heading(1, self.t(_("Glossary")), "glossary")]
        if gd.glossary_buckets is not None:
            out.append(self.letter_links(ctx, page, gd.glossary_buckets))
            return Page(page, self.t(_("Glossary")), "\n".join(out) + "\n")
        out += self.terms_html(gd.terms, ctx)
        return Page(page, self.t(_("Glossary")), "\n".join(out) + "\n")

    def glossary_bucket(self, gd: GameData, b: Bucket) -> Page:
        listing = P.glossary_page(gd.game.id)
        page = P.bucket_page(listing, b.slug)
        ctx = self.ctx(page, gd.game.id)
        out = [raw(f'<p class="rl-up">↑ {self.page_link(ctx, listing, self.t(_("Glossary")))}</p>'),
               heading(1, f"{self.t(_('Glossary'))}: {b.label}", "glossary")]
        out += self.terms_html(b.entries, ctx)
        return Page(page, f"{self.t(_('Glossary'))}: {b.label}", "\n".join(out) + "\n")

    def terms_html(self, terms: list[Term], ctx: Ctx) -> list[str]:
        out = []
        for t in sorted(terms, key=lambda x: sort_key(self.name(x))):
            ctx.seen = set()
            ctx.self_id = t.id
            out.append(heading(2, self.name(t), P.anchor(t.id)))
            body = []
            if t.term and (t.term.lang != self.locale or t.term.translations):
                body.append(f'<p class="rl-names">{all_names(t.term)}</p>')
            if t.aliases:
                names = sorted({a for v in t.aliases.values() for a in v})
                body.append(f'<p class="rl-aliases">{esc(self.t(_("Also written")))}: {esc(", ".join(names))}</p>')
            body.append(text_block(t.definition, ctx))
            body += self.meta(t, ctx, [], t.related)
            out.append(raw(f'<div class="rl-entry rl-term-entry">{"".join(body)}</div>'))
        return out

    def erratum_html(self, er: Erratum, ctx: Ctx, level: int) -> list[str]:
        ctx.seen = set()
        out = [heading(level, self.name(er), P.anchor(er.id))]
        body = [f'<p class="rl-kind">{esc(self.t(_("Erratum")))} · {esc(er.type.value)}</p>']
        if er.target and ctx.self_id != er.target:
            body.append(f'<p>{esc(self.t(_("Corrects")))}: {self.a(ctx, er.target)}</p>')
        body.append(text_block(er.text, ctx))
        if er.original:
            body.append(f'<div class="rl-was"><span class="rl-label"{NS}>{esc(self.t(_("Printed")))}</span>'
                        f"{text_block(er.original, ctx)}</div>")
        if er.corrected:
            body.append(f'<div class="rl-now"><span class="rl-label"{NS}>{esc(self.t(_("Corrected")))}</span>'
                        f"{text_block(er.corrected, ctx)}</div>")
        body += self.meta(er, ctx, [], er.related)
        out.append(raw(f'<div class="rl-entry rl-erratum">{"".join(body)}</div>'))
        return out

    def errata(self, gd: GameData, chunk: int = 0) -> Page:
        listing = P.errata_page(gd.game.id)
        page = P.chunk_page(listing, chunk)
        ctx = self.ctx(page, gd.game.id)
        out = [heading(1, self.t(_("Errata")), "errata"), self.pager(ctx, listing, len(gd.errata_chunks), chunk)]
        groups: dict[str, list[Erratum]] = defaultdict(list)
        group_text: dict[str, Text | None] = {}
        for er in gd.errata_chunks[chunk]:
            key = er.group.source if er.group else ""
            groups[key].append(er)
            group_text.setdefault(key, er.group)
        for i, (key, items) in enumerate(groups.items()):
            level = 3
            if key:
                out.append(heading(2, plain(group_text[key], self.locale), f"group-{i + 1}"))
            else:
                level = 2
            for er in items:
                out += self.erratum_html(er, ctx, level)
        return Page(page, self.t(_("Errata")), "\n".join(out) + "\n")

    def changelog(self, gd: GameData) -> Page:
        gid = gd.game.id
        page = P.changelog_page(gid)
        ctx = self.ctx(page, gid)
        out = [heading(1, self.t(_("Changelog")), "changelog")]
        out.append(raw(f'<p class="rl-feed">{self.page_link(ctx, P.feed_file(gid), self.t(_("Atom feed")))}</p>'))
        changes = sorted(gd.changes, key=lambda c: (c.date or "", c.id), reverse=True)
        if not changes:
            out.append(raw(f"<p>{esc(self.t(_('The source documents of this game print no dated changes.')))}</p>"))
        for c in changes:
            ctx.seen = set()
            when = self.ui.date(c.date) if c.date else (c.date_printed or "")
            out.append(heading(2, when, P.anchor(c.id)))
            body = []
            if c.suspect_date:
                warning = self.t(SUSPECT, printed=c.date_printed or "")
                body.append(f'<p class="rl-warning rl-suspect">{esc(warning)}</p>')
                if c.suspect_note:
                    body.append(text_block(c.suspect_note, ctx, "rl-suspect-note"))
            elif c.date_printed:
                body.append(f'<p class="rl-printed">{esc(self.t(_("printed as")))} “{esc(c.date_printed)}”</p>')
            body.append(text_block(c.text, ctx))
            if c.touches:
                body.append(f'<p class="rl-touches">{esc(self.t(_("Changed")))}: '
                            + ", ".join(self.a(ctx, x) for x in c.touches) + "</p>")
            out.append(raw(f'<div class="rl-entry rl-change">{"".join(body)}</div>'))
        docs = [d for d in gd.game.documents if d.date]
        if docs:
            out.append(heading(2, self.t(_("Source documents")), "documents"))
            out.append(raw("<ul>" + "".join(
                f"<li>{esc(self.ui.date(d.date))} — {text_inline(d.title, ctx, link=False)}</li>" for d in docs)
                + "</ul>"))
        return Page(page, self.t(_("Changelog")), "\n".join(out) + "\n")

    def rules_index(self, gd: GameData) -> Page:
        page = P.rules_index_page(gd.game.id)
        ctx = self.ctx(page, gd.game.id)
        out = [heading(1, self.t(_("Rules")), "rules")]

        def tree(sections: list[Section]) -> str:
            return "<ul>" + "".join(
                f"<li>{self.a(ctx, s.id)}{tree(gd.subsections[s.id]) if gd.subsections.get(s.id) else ''}</li>"
                for s in sections) + "</ul>"

        out.append(raw(tree(gd.top_sections)))
        return Page(page, self.t(_("Rules")), "\n".join(out) + "\n")

    def section_page(self, gd: GameData, top: Section) -> Page:
        page = P.section_page(top)
        ctx = self.ctx(page, gd.game.id)
        out: list[str] = []

        def emit(s: Section, level: int) -> None:
            ctx.seen = set()
            ctx.self_id = None
            out.append(heading(min(level, 6), self.name(s), P.anchor(s.id)))
            body = []
            if s.title and s.title.state(self.locale).value in ("current", "stale"):
                body.append(f'<p class="rl-names">{text_inline(s.title, ctx, link=False)}</p>')
            body.append(blocks_html(s.blocks, ctx))
            body += self.meta(s, ctx, [], s.related)
            out.append(raw(f'<div class="rl-entry rl-section">{"".join(body)}</div>'))
            subs = gd.subsections.get(s.id, [])
            own_page = [x for x in subs if page_section(x, self.m.by_id) is x]
            if own_page:
                out.append(raw('<ul class="rl-subsections">' + "".join(f"<li>{self.a(ctx, x.id)}</li>"
                                                                      for x in own_page) + "</ul>"))
            for sub in subs:
                if sub not in own_page:
                    emit(sub, level + 1)

        parent = self.m.by_id.get(top.parent) if top.parent else None
        if parent:
            out.append(raw(f'<p class="rl-up">↑ {self.a(ctx, parent.id)}</p>'))
        emit(top, 1)
        return Page(page, self.name(top), "\n".join(out) + "\n")
