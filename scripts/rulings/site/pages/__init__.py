"""Page renderers: the layout model (:mod:`rulings.site.layout`) written as one locale's Markdown.

One module per page kind; :class:`LocaleRenderer` decides which pages each game gets and the nav
that lists them. Navigation lists only index pages, never every entity, so each page's size stays
bounded as content grows.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulings.content import originals
from rulings.escape import meta_label
from rulings.site import paths as P
from rulings.site.i18n import C_, _
from rulings.site.labels import CHANGELOG, ERRATA, GLOSSARY, HOME, RULES
from rulings.site.layout import GameData, Page, check_unique_paths, page_section
from rulings.site.pages import (
    az_index,
    changelog,
    entity,
    errata,
    glossary,
    home,
    overview,
    rules,
    ruling,
    source,
    translation_status,
    whats_new,
)
from rulings.site.pages.base import LocaleView
from rulings.site.pages.previews import Previews
from rulings.site.render import page_notice, plain

OVERVIEW = C_("menu item: a game's first page (what it is, its sources)", "Overview")


@dataclass
class Rendered:
    """One locale's pages and the nav that lists them (for mkdocs.yml)."""

    pages: list[Page]
    nav: list


class LocaleRenderer(LocaleView):
    """Every page of one locale: the site-wide pages, then each game's, in nav order."""

    def render(self) -> Rendered:
        pages = [home.render(self), translation_status.render(self)]
        nav: list = [{self.t(HOME): P.HOME}, {self.t(_("Translation status")): P.STATUS}]
        for gd in self.m.games.values():
            game_pages, game_nav = self.game_pages(gd)
            pages += game_pages
            nav.append({plain(gd.game.name, self.locale): game_nav})
        check_unique_paths(pages)
        previews = Previews(self)
        return Rendered([previews.with_previews(self.with_notice(p)) for p in pages], nav)

    def with_notice(self, page: Page) -> Page:
        """The page with one notice under its title explaining the markers on it, if it has any."""
        notice = page_notice(page.markdown, self.ui, P.href(page.path, P.TRANSLATING_GUIDE, self.dir_urls))
        if not notice:
            return page
        lines = page.markdown.split("\n")
        at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
        return Page(page.path, page.title, "\n".join([*lines[:at], notice, *lines[at:]]))

    def game_pages(self, gd: GameData) -> tuple[list[Page], list]:
        gid = gd.game.id
        pages = [overview.render(self, gd)]
        nav: list = [{self.t(OVERVIEW): P.game_page(gid)}]
        if gd.entities:
            pages += az_index.render(self, gd)
            nav.append({self.t(_("Index A–Z")): P.index_page(gid)})
            pages += [entity.render(self, gd, e) for e in gd.entities]
        if gd.orphan_chunks:
            pages += ruling.render(self, gd)
            nav.append({self.t(_("Other rulings")): P.other_rulings_page(gid)})
        if gd.terms:
            pages += glossary.render(self, gd)
            nav.append({self.t(GLOSSARY): P.glossary_page(gid)})
        if gd.errata:
            pages += errata.render(self, gd)
            nav.append({self.t(ERRATA): P.errata_page(gid)})
        pages += whats_new.render(self, gd)
        nav.append({self.t(whats_new.TITLE): P.whats_new_page(gid)})
        pages += changelog.render(self, gd)
        nav.append({self.t(CHANGELOG): P.changelog_page(gid)})
        if gd.sections:
            pages.append(rules.render_index(self, gd))
            nav.append({self.t(RULES): P.rules_index_page(gid)})
            pages += [rules.render_section(self, gd, s) for s in gd.sections if page_section(s, self.m.by_id) is s]
        folder = self.m.content.game_files[gid].loaded.path.parent
        pages += [p for d in gd.game.documents
                  for p in source.render(self, gd, d, originals.decode((folder / d.file).read_bytes()))]
        return [self.titled(p, self.game_name(gd)) for p in pages], nav

    @staticmethod
    def titled(page: Page, game: str) -> Page:
        """The page with the game in its document title and header ("Boudicca · Sorcery"), through front
        matter: eight titles (Boudicca, Glossary, Changelog…) repeat across games."""
        title = page.title if page.title == game else f"{page.title} · {game}"
        line = f"title: {meta_label(title)}\n"
        md = page.markdown
        md = f"---\n{line}{md[4:]}" if md.startswith("---\n") else f"---\n{line}---\n\n{md}"
        return Page(page.path, page.title, md)
