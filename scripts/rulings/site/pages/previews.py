"""Previews of the cards, heroes and terms a page links to: its name, type line and first ruling (or its
text, or a term's definition), shortened.

A page carries the previews its links name, once each, in one hidden block at its end: no fetch, so they
work from ``file://`` too. ``site_config/assets/previews.js`` shows one on hover, keyboard focus or a first
tap (a second tap follows the link) and hides it on Escape; without the script each link still describes
itself through ``aria-describedby``. The links are found in the generated page, like the markers of
:func:`rulings.site.render.page_notice`: content is escaped, so only the renderer writes a preview's id.
"""

from __future__ import annotations

import re

from rulings.model.entries import DatedEntry, Entity, Term
from rulings.model.text import Text
from rulings.site.i18n import COLON, UI
from rulings.site.labels import attribute_name, attribute_value
from rulings.site.layout import Page
from rulings.site.pages.base import AS_OF, LocaleView
from rulings.site.render import NS, PREVIEW_PREFIX, esc, marker, preview_id, raw, shorten
from rulings.translation.display import shown

PREVIEW_RE = re.compile(f'aria-describedby="({PREVIEW_PREFIX}[^"]+)"')
QUESTION_CHARS = 120
TEXT_CHARS = 160


class Previews:
    """One locale's previews: each entry's rendered once, its link made relative to each page it is on."""

    def __init__(self, view: LocaleView):
        self.view = view
        self.bodies: dict[str, str | None] = {}
        self.ids = {gid: {preview_id(e.id): e.id for e in gd.entries} for gid, gd in view.m.games.items()}

    def body(self, entry_id: str) -> str | None:
        """The preview's type line and text (None for an entry without a preview)."""
        if entry_id not in self.bodies:
            self.bodies[entry_id] = self._body(entry_id)
        return self.bodies[entry_id]

    def _body(self, entry_id: str) -> str | None:
        v = self.view
        e = v.m.by_id.get(entry_id)
        if isinstance(e, Term):
            kind, text = v.kind_label(e), _para(e.definition, v.ui, TEXT_CHARS) + self.date(e)
        elif isinstance(e, Entity):
            facts = [attribute_name(v.ui, k) + v.t(COLON) + attribute_value(v.ui, k, x)
                     for k, x in e.attributes.items()]
            kind = " · ".join([v.kind_label(e), *facts])
            first = next(iter(v.m.games[e.game].rulings_about.get(e.id, [])), None)
            if first is not None:
                text = (_para(first.question or first.statement, v.ui, QUESTION_CHARS, "rl-pv-q")
                        + (_para(first.answer, v.ui, TEXT_CHARS) if first.question else "") + self.date(first))
            else:
                text = _para(e.text, v.ui, TEXT_CHARS)
        else:
            return None
        return f'<p class="rl-pv-kind">{esc(kind)}</p>{text}'

    def date(self, e: DatedEntry) -> str:
        """The previewed ruling's or term's date ("as of 12 March 2025"), unlinked: a preview is written once
        for every page that shows it."""
        d = self.view.m.content.dates.get(e.id)
        if d is None:
            return ""
        return (f'<p class="rl-pv-date"><time datetime="{esc(d.date)}">'
                f'{esc(self.view.t(AS_OF, date=self.view.ui.date(d.date)))}</time></p>')

    def block(self, page: str, markdown: str) -> str:
        """The hidden block of previews a page's links name ("" when it has none)."""
        out = []
        ids = self.ids.get(page.split("/", 1)[0], {})  # a page links the entries of its own game
        for pid in dict.fromkeys(PREVIEW_RE.findall(markdown)):
            entry_id = ids.get(pid)
            e = self.view.m.by_id.get(entry_id) if entry_id else None
            body = self.body(entry_id) if entry_id else None
            href = self.view.m.locator.link(page, entry_id, self.view.dir_urls) if entry_id else None
            if e is None or body is None or href is None:
                continue
            out.append(f'<div class="rl-preview" id="{esc(pid)}" role="tooltip" hidden>'
                       f'<p class="rl-pv-title"><a href="{esc(href)}">{esc(self.view.name(e))}</a></p>{body}</div>')
        return raw(f'<aside class="rl-previews"{NS}>{"".join(out)}</aside>') if out else ""

    def with_previews(self, page: Page) -> Page:
        block = self.block(page.path, page.markdown)
        return Page(page.path, page.title, page.markdown + block) if block else page


def _para(t: Text | None, ui: UI, limit: int, cls: str = "") -> str:
    """A preview's paragraph: the text the reader gets, shortened, with its marker (machine, fallback…)."""
    if t is None:
        return ""
    d = shown(t, ui.locale)
    klass = f' class="{cls}"' if cls else ""
    return f'<p{klass} lang="{esc(d.lang)}">{esc(shorten(d.text, limit))}{marker(d, ui)}</p>'
