"""A kept original as a page: every line numbered and anchored (``#L12``), so provenance can point at it.

The raw ``.txt`` stays beside it for download; this page declares its charset (servers such as
``python3 -m http.server`` and kiwix-serve send ``.txt`` without one) and the document's language.
Each line range a provenance cites also gets an anchor of its own (``#L12-L14``) on its first line: the
browser scrolls there without a script, and ``assets/source-lines.js`` highlights the whole range.
"""

from __future__ import annotations

from rulings.content import originals
from rulings.model.entries import Document
from rulings.site import paths as P
from rulings.site.i18n import _
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import NO_SEARCH, LocaleView
from rulings.site.render import esc, heading, plain, raw

DOWNLOAD = _("Download the original (plain text)")


def cited_ranges(gd: GameData, doc: Document) -> dict[int, set[int]]:
    """first line → last lines of every multi-line range the game's entries cite in ``doc``."""
    out: dict[int, set[int]] = {}
    for e in gd.entries:
        for p in e.provenance:
            if p.document == doc.id and p.lines[0] != p.lines[1]:
                out.setdefault(p.lines[0], set()).add(p.lines[1])
    return out


def render(view: LocaleView, gd: GameData, doc: Document, text: str) -> Page:
    """The page of one kept original (its text decoded from the file), lines as the validator counts them."""
    page = P.source_page(gd.game.id, doc.file)
    ctx = view.ctx(page, gd.game.id)
    title = plain(doc.title, view.locale)
    ranges = cited_ranges(gd, doc)
    lines = []
    for n, line in enumerate(originals.lines(text), start=1):
        marks = "".join(f'<span id="L{n}-L{last}"></span>' for last in sorted(ranges.get(n, ())))
        # the number is a link to the line for pointers; hidden from screen readers, so out of the tab order too
        lines.append(f'<span class="rl-line" id="L{n}">{marks}<a class="rl-ln" href="#L{n}" aria-hidden="true" '
                     f'tabindex="-1">{n}</a>{esc(line)}</span>')
    download = P.href(page, f"{gd.game.id}/{doc.file}", view.dir_urls)
    lang = doc.languages[0] if doc.languages else gd.game.lang
    out = [view.crumbs(ctx, gd, [(title, None)]), heading(1, title, "source"),
           raw(f'<p class="rl-download"><a href="{esc(download)}" download>{esc(view.t(DOWNLOAD))}</a></p>'),
           raw(f'<div class="rl-source" lang="{esc(lang)}" translate="no">{"".join(lines)}</div>')]
    return Page(page, title, NO_SEARCH + "\n".join(out) + "\n")
