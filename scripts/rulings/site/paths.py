"""Where every page and entry lives: paths identical in every locale, anchors derived from ids.

A page is named by its Markdown path (``anachronism/card/ger.md``); its URL depends on whether the
build uses directory URLs (served sites) or not (``file://`` bundles), so links are computed here,
relative, never absolute. Every link made from an id or a file name goes through :func:`quoted`.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

from mkdocs.utils import get_relative_url

from rulings.model.entries import Change, Entity, Entry, Erratum, Ruling, Section, Term

HOME = "index.md"
STATUS = "translation-status.md"
TRANSLATING_GUIDE = "contribute/translating.md"
"""Where the translators' guide (``docs/translating.md``) is published; the page notices link to it."""


def anchor(entry_id: str) -> str:
    """``anachronism/ruling/adjacent-to-itself`` → ``ruling-adjacent-to-itself`` (same in every locale)."""
    _, kind, slug = entry_id.split("/")
    return f"{kind}-{slug}"


def game_page(game: str) -> str:
    return f"{game}/index.md"


def index_page(game: str) -> str:
    return f"{game}/entries.md"


def glossary_page(game: str) -> str:
    return f"{game}/glossary.md"


def errata_page(game: str) -> str:
    return f"{game}/errata.md"


def changelog_page(game: str) -> str:
    return f"{game}/changelog.md"


def whats_new_page(game: str) -> str:
    return f"{game}/whats-new.md"


def rules_index_page(game: str) -> str:
    return f"{game}/rules/index.md"


def other_rulings_page(game: str) -> str:
    return f"{game}/rulings.md"


def bucket_page(listing: str, slug: str) -> str:
    """``anachronism/glossary.md`` split by letter: ``anachronism/glossary/a.md``; no slug: the listing."""
    return listing if not slug else f"{listing[:-3]}/{slug}.md"


def chunk_page(listing: str, i: int) -> str:
    """The i-th page of a listing split into chunks (the first chunk is the listing itself)."""
    return listing if i == 0 else f"{listing[:-3]}/{i + 1}.md"


def entity_page(e: Entity) -> str:
    return f"{e.game}/{e.type.value}/{e.slug}.md"


def section_page(top: Section) -> str:
    return f"{top.game}/rules/{top.slug}.md"


def source_page(game: str, file: str) -> str:
    """The page showing a kept original (``sources/faq.txt`` → ``<game>/sources/faq.md``), beside the file."""
    return f"{game}/{file.rsplit('.', 1)[0]}.md"


def source_part_page(game: str, file: str, i: int) -> str:
    """The page of part ``i`` (0-based) of a kept original split into parts (see :mod:`.source_parts`): the
    first part at the original's page (``<game>/sources/faq.md``: old links keep working), the others below it
    (``<game>/sources/faq/2.md``), as the chunks of a listing."""
    return chunk_page(source_page(game, file), i)


def feed_file(game: str) -> str:
    return f"{game}/feed.xml"


def url_of(page: str, directory_urls: bool) -> str:
    """The URL (relative to the site root) mkdocs gives a Markdown page."""
    base = page[:-3]
    if base == "index" or base.endswith("/index"):
        return base[:-5]
    return base + "/" if directory_urls else base + ".html"


def quoted(path: str, fragment: str | None = None) -> str:
    """``path`` (and ``#fragment``) as written in a link: every character but ASCII letters, digits, ``-._~``
    and the ``/`` between folders percent-encoded (as UTF-8), so that ``#``, ``?``, ``%`` or a space in a
    name cannot cut the link short, start a query or decode to another file (mkdocs encodes its own the same)."""
    return quote(path, safe="/") + (f"#{quote(fragment, safe='')}" if fragment else "")


def location(page: str, directory_urls: bool, fragment: str | None = None) -> str:
    """A page's link relative to its locale's root (search results, PO comments, issue reports)."""
    return quoted(url_of(page, directory_urls), fragment)


def site_address(site_url: str, locale: str, page: str, directory_urls: bool, fragment: str | None = None) -> str:
    """A page's absolute address on the published site (feeds, issue reports): ``site_url`` is the site's root."""
    return site_url.rstrip("/") + "/" + quoted(f"{locale}/{url_of(page, directory_urls)}", fragment)


def href(from_page: str, to: str, directory_urls: bool, fragment: str | None = None) -> str:
    """A relative link from one page to a page (``.md``) or a plain file, with an optional anchor."""
    return quoted(_relative(from_page, to, directory_urls), fragment)


@lru_cache(maxsize=65536)
def _relative(from_page: str, to: str, directory_urls: bool) -> str:
    """mkdocs' own ``get_relative_url`` on the two URLs, so our links are computed exactly as mkdocs
    computes its own (a hand-written version once resolved top-level pages against the build folder)."""
    src = url_of(from_page, directory_urls)
    if to.endswith(".md"):
        dst = url_of(to, directory_urls)
        if not directory_urls and (dst == "" or dst.endswith("/")):
            dst += "index.html"
    else:
        dst = to
    rel = get_relative_url(dst or ".", src or ".")
    if (dst == "" or dst.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel


class Locator:
    """The page (and anchor) of every entry, after the pages have been laid out."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[str, str | None]] = {}

    def place(self, entry_id: str, page: str, *, whole_page: bool = False) -> None:
        """Record where an entry is shown first; ``whole_page`` when the page is about it (no anchor)."""
        self.pages.setdefault(entry_id, (page, None if whole_page else anchor(entry_id)))

    def page_of(self, entry_id: str) -> str | None:
        found = self.pages.get(entry_id)
        return found[0] if found else None

    def link(self, from_page: str, entry_id: str, directory_urls: bool) -> str | None:
        found = self.pages.get(entry_id)
        if found is None:
            return None
        page, frag = found
        return href(from_page, page, directory_urls, frag)


def kind_order(e: Entry) -> int:
    order = (Entity, Ruling, Term, Erratum, Change, Section)
    return next(i for i, c in enumerate(order) if isinstance(e, c))
