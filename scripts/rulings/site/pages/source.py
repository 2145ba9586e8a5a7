"""A kept original as a page: every line numbered and anchored (``#L12``), so provenance can point at it.

The raw ``.txt`` stays beside it for download; this page declares its charset (servers such as
``python3 -m http.server`` and kiwix-serve send ``.txt`` without one) and the document's language.
Each line range a provenance cites also gets an anchor of its own (``#L12-L14``) on its first line: the
browser scrolls there without a script, and ``assets/source-lines.js`` highlights the whole range.

A long original is shown in parts (:mod:`rulings.site.source_parts`), each a page: the first at the
original's own address, the others below it. Every part lists the parts with their lines (the index of
parts; with the previous and next part below the lines), and ``assets/source-parts.js`` sends a link to a
line another part shows (an old link to the one-page original, ``…/sources/faq/#L1234``) on to that part.
"""

from __future__ import annotations

from rulings.content import originals
from rulings.model.entries import Document
from rulings.site import paths as P
from rulings.site.i18n import C_, _
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import NO_SEARCH, LocaleView
from rulings.site.render import Ctx, esc, heading, plain, raw
from rulings.site.source_parts import Part, SourceParts

DOWNLOAD = _("Download the original (plain text)")
PARTS = C_("label before the line ranges of a long source document shown in parts, one page each", "Parts")
LINES = _("lines {first}–{last}")
PART_TITLE = _("{title}, lines {first}–{last}")
PREVIOUS = C_("link to the previous part of a long source document", "Previous part")
NEXT = C_("link to the next part of a long source document", "Next part")


def cited_ranges(gd: GameData, doc: Document) -> dict[int, set[int]]:
    """first line → last lines of every multi-line range the game's entries cite in ``doc``."""
    out: dict[int, set[int]] = {}
    for e in gd.entries:
        for p in e.provenance:
            if p.document == doc.id and p.lines[0] != p.lines[1]:
                out.setdefault(p.lines[0], set()).add(p.lines[1])
    return out


def render(view: LocaleView, gd: GameData, doc: Document, text: str) -> list[Page]:
    """The pages of one kept original (its text decoded from the file), lines as the validator counts them:
    one page, or one per part."""
    all_lines = originals.lines(text)
    parts = gd.sources.get(doc.id) or SourceParts((Part(1, len(all_lines)),))
    ranges = cited_ranges(gd, doc)
    return [part_page(view, gd, doc, all_lines, parts, i, ranges) for i in range(len(parts.parts))]


def part_page(view: LocaleView, gd: GameData, doc: Document, all_lines: list[str], parts: SourceParts, i: int,
              ranges: dict[int, set[int]]) -> Page:
    part = parts.parts[i]
    page = P.source_part_page(gd.game.id, doc.file, i)
    ctx = view.ctx(page, gd.game.id)
    title = plain(doc.title, view.locale)
    lines = []
    for n in range(part.first, part.last + 1):
        marks = "".join(f'<span id="L{n}-L{last}"></span>' for last in sorted(ranges.get(n, ())))
        # the number is a link to the line for pointers; hidden from screen readers, so out of the tab order too
        lines.append(f'<span class="rl-line" id="L{n}">{marks}<a class="rl-ln" href="#L{n}" aria-hidden="true" '
                     f'tabindex="-1">{n}</a>{esc(all_lines[n - 1])}</span>')
    download = P.href(page, f"{gd.game.id}/{doc.file}", view.dir_urls)
    lang = doc.languages[0] if doc.languages else gd.game.lang
    shown = view.t(LINES, first=part.first, last=part.last)
    trail = [(title, None)] if i == 0 else [(title, P.source_page(gd.game.id, doc.file)), (shown, None)]
    out = [view.crumbs(ctx, gd, trail), heading(1, title, "source"),
           raw(f'<p class="rl-download"><a href="{esc(download)}" download>{esc(view.t(DOWNLOAD))}</a></p>')]
    if parts.several:
        out.append(raw(index(view, ctx, gd, doc, parts, i)))
    out.append(raw(f'<div class="rl-source" lang="{esc(lang)}" translate="no">{"".join(lines)}</div>'))
    if parts.several:
        out.append(raw(pager(view, ctx, gd, doc, parts, i)))
    page_title = title if i == 0 else view.t(PART_TITLE, title=title, first=part.first, last=part.last)
    return Page(page, page_title, NO_SEARCH + "\n".join(out) + "\n")


def index(view: LocaleView, ctx: Ctx, gd: GameData, doc: Document, parts: SourceParts, i: int) -> str:
    """The parts with their lines, each linked but the one shown. ``data-rl-parts``: each part's first line,
    for ``assets/source-parts.js`` (the links, in the same order, are where it sends a line)."""
    items = []
    for n, p in enumerate(parts.parts):
        shown = esc(view.t(LINES, first=p.first, last=p.last))
        href = P.href(ctx.page, P.source_part_page(gd.game.id, doc.file, n), view.dir_urls)
        items.append(f'<li aria-current="page"><strong>{shown}</strong></li>' if n == i
                     else f'<li><a href="{esc(href)}">{shown}</a></li>')
    firsts = " ".join(str(p.first) for p in parts.parts)
    return (f'<nav class="rl-parts" aria-label="{esc(view.t(PARTS))}" data-search-exclude>'
            f'<span class="rl-label">{esc(view.ui.label(PARTS))}</span>'
            f'<ol data-rl-parts="{firsts}">{"".join(items)}</ol></nav>')


def pager(view: LocaleView, ctx: Ctx, gd: GameData, doc: Document, parts: SourceParts, i: int) -> str:
    """Links to the previous and the next part, below the lines, where a reader reaches the end of one."""
    links = []
    for n, rel, label in ((i - 1, "prev", PREVIOUS), (i + 1, "next", NEXT)):
        if 0 <= n < len(parts.parts):
            p = parts.parts[n]
            href = P.href(ctx.page, P.source_part_page(gd.game.id, doc.file, n), view.dir_urls)
            lines = view.t(LINES, first=p.first, last=p.last)
            links.append(f'<a class="rl-part-{rel}" rel="{rel}" href="{esc(href)}">{esc(view.ui.label(label))}'
                         f"{esc(lines)}</a>")
    return f'<p class="rl-part-pager" data-search-exclude>{"".join(links)}</p>'
