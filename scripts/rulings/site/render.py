"""Content text → escaped HTML fragments and Markdown headings.

Everything from content is contributed by strangers, so every string is HTML-escaped here and only
here; the only markup in the output is the markup this module writes. Bodies are raw HTML blocks
(inert to Markdown); headings are Markdown (for the table of contents and search sections) with
every Markdown-significant character escaped and an explicit ``{#anchor}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.model.entries import (
    Block,
    Diagram,
    Entity,
    Example,
    ListBlock,
    ListItem,
    Paragraph,
    Table,
    Term,
)
from rulings.model.terms import Glossary
from rulings.model.text import Text, TextState, TranslationStatus
from rulings.site.escape import html_text, md_heading, visible  # noqa: F401 - visible re-exported
from rulings.site.i18n import UI, _
from rulings.site.paths import Locator

TOOLTIP_CHARS = 240

NS = " data-search-exclude"
"""Keeps an element's text out of the search index (labels, badges, provenance: noise for search)."""

esc = html_text
md_heading_text = md_heading


def heading(level: int, text: str, anchor: str | None = None, lang: str | None = None, *,
            searchable: bool = True) -> str:
    """A Markdown heading; ``searchable=False`` keeps the section out of the search index (used where an
    entry is repeated on another page, so each entry is found once, on its own page)."""
    attrs = []
    if anchor:
        attrs.append(f"#{anchor}")
    if lang:
        attrs.append(f"lang={lang}")
    if not searchable:
        attrs.append("data-search-exclude")
    suffix = f" {{ {' '.join(attrs)} }}" if attrs else ""
    return f"{'#' * level} {md_heading_text(text) or '&nbsp;'}{suffix}"


# --- linking names and glossary terms -----------------------------------------------------------


@dataclass(frozen=True)
class Target:
    entry_id: str
    tooltip: str | None = None


class Linker:
    """Finds card/hero/ability names and glossary terms in a page's texts, to link them (terms with their
    definition in the page's locale as a tooltip). What it finds is what :class:`rulings.model.terms.Glossary`
    finds, the same terms the PO hints list and the validator checks."""

    def __init__(self, terms: list[Term], entities: list[Entity], locale: str):
        self.glossary = Glossary(terms, entities)
        self.targets: dict[str, Target] = {e.id: Target(e.id) for e in entities}
        for term in terms:
            definition = term.definition.get(locale) or term.definition.source if term.definition else None
            self.targets[term.id] = Target(term.id, _truncate(definition) if definition else None)

    def find(self, text: str, lang: str | None = None) -> list[tuple[int, int, Target]]:
        """Non-overlapping (start, end, target) matches in ``text``, written in ``lang`` (None: names only)."""
        return [(m.start, m.end, self.targets[m.key.id]) for m in self.glossary.find(text, lang)]


def _truncate(s: str) -> str:
    s = " ".join(s.split())
    return s if len(s) <= TOOLTIP_CHARS else s[: TOOLTIP_CHARS - 1].rstrip() + "…"


# --- rendering context --------------------------------------------------------------------------


@dataclass
class Ctx:
    """What rendering one page in one locale needs."""

    locale: str
    ui: UI
    page: str
    locator: Locator
    linker: Linker | None
    directory_urls: bool = True
    self_id: str | None = None  # the entry the page is about: never linked to itself
    seen: set[str] = field(default_factory=set)  # targets linked already in the current entry

    def link(self, entry_id: str) -> str | None:
        return self.locator.link(self.page, entry_id, self.directory_urls)


def linked(s: str, ctx: Ctx, lang: str) -> str:
    """Escape ``s``, written in ``lang``, and link names and terms in it (each target once per entry)."""
    if ctx.linker is None:
        return esc(s)
    out, pos = [], 0
    for start, end, target in ctx.linker.find(s, lang):
        if target.entry_id in ctx.seen or target.entry_id == ctx.self_id:
            continue
        href = ctx.link(target.entry_id)
        if href is None:
            continue
        ctx.seen.add(target.entry_id)
        out.append(esc(s[pos:start]))
        word = esc(s[start:end])
        if target.tooltip:
            out.append(f'<a class="rl-term" href="{esc(href)}" title="{esc(target.tooltip)}">{word}</a>')
        else:
            out.append(f'<a class="rl-name" href="{esc(href)}">{word}</a>')
        pos = end
    out.append(esc(s[pos:]))
    return "".join(out)


def _paragraphs(s: str, ctx: Ctx, lang: str) -> str:
    parts = [p for p in s.split("\n\n") if p.strip()] or [s]
    return "".join(f"<p>{'<br>'.join(linked(line, ctx, lang) for line in p.split(chr(10)))}</p>" for p in parts)


def _badges(t: Text, ctx: Ctx) -> str:
    state = t.state(ctx.locale)
    ui = ctx.ui
    badges = []
    if state is TextState.MISSING:
        badges.append(("rl-missing", ui.t(_("not yet translated"))))
    elif state is TextState.STALE:
        badges.append(("rl-stale", ui.t(_("may be outdated"))))
    if state in (TextState.CURRENT, TextState.STALE):
        status = t.translations[ctx.locale].status
        if status is TranslationStatus.MACHINE:
            badges.append(("rl-machine", ui.t(_("machine translation"))))
        elif status is TranslationStatus.DRAFT:
            badges.append(("rl-draft", ui.t(_("draft translation"))))
    return "".join(f'<span class="rl-badge {c}" data-search-exclude>{esc(label)}</span>' for c, label in badges)


def text_block(t: Text | None, ctx: Ctx, cls: str = "") -> str:
    """A text as paragraphs in the reader's locale, with its original beneath when it is a translation."""
    if t is None:
        return ""
    state = t.state(ctx.locale)
    klass = f"rl-text {cls}".strip()
    if state in (TextState.SOURCE, TextState.MISSING):
        body = f'<div class="{klass}" lang="{esc(t.lang)}">{_paragraphs(t.source, ctx, t.lang)}{_badges(t, ctx)}</div>'
        return body
    tr = t.translations[ctx.locale]
    label = ctx.ui.t(_("Original ({language})"), language=ctx.ui.language_name(t.lang))
    return (f'<div class="{klass}" lang="{esc(ctx.locale)}">{_paragraphs(tr.text, ctx, ctx.locale)}'
            f'{_badges(t, ctx)}</div>'
            f'<div class="rl-original" lang="{esc(t.lang)}"><span class="rl-label" lang="{esc(ctx.locale)}"{NS}>'
            f"{esc(label)}</span>{_paragraphs(t.source, ctx, t.lang)}</div>")


def text_extras(t: Text | None, ctx: Ctx) -> str:
    """What goes under a heading that already shows the text: its badges and, if translated, the original."""
    if t is None:
        return ""
    state = t.state(ctx.locale)
    if state is TextState.SOURCE:
        return ""
    badges = f'<p class="rl-badges">{_badges(t, ctx)}</p>'
    if state is TextState.MISSING:
        return badges
    label = ctx.ui.t(_("Original ({language})"), language=ctx.ui.language_name(t.lang))
    return (badges + f'<div class="rl-original" lang="{esc(t.lang)}">'
            f'<span class="rl-label" lang="{esc(ctx.locale)}"{NS}>{esc(label)}</span>'
            f"{_paragraphs(t.source, ctx, t.lang)}</div>")


def all_names(t: Text | None) -> str:
    """Every form of a name (source and translations), each marked with its language."""
    if t is None:
        return ""
    forms = [(t.lang, t.source)] + [(loc, tr.text) for loc, tr in t.translations.items()]
    seen, out = set(), []
    for loc, s in forms:
        if s not in seen:
            seen.add(s)
            out.append(f'<span lang="{esc(loc)}">{esc(s)}</span>')
    return " · ".join(out)


def text_inline(t: Text | None, ctx: Ctx, *, link: bool = True) -> str:
    """A short text on one line (names, cells, list items): the reader's text, then the original."""
    if t is None:
        return ""
    def fmt(s: str, lang: str) -> str:
        return "<br>".join(linked(x, ctx, lang) if link else esc(x) for x in s.split("\n"))

    state = t.state(ctx.locale)
    if state in (TextState.SOURCE, TextState.MISSING):
        return f'<span lang="{esc(t.lang)}">{fmt(t.source, t.lang)}</span>{_badges(t, ctx)}'
    tr = t.translations[ctx.locale]
    return (f'<span lang="{esc(ctx.locale)}">{fmt(tr.text, ctx.locale)}</span>{_badges(t, ctx)} '
            f'<span class="rl-original-inline" lang="{esc(t.lang)}">{fmt(t.source, t.lang)}</span>')


def plain(t: Text | None, locale: str) -> str:
    """The text a reader of ``locale`` sees, as plain text (titles, feeds, tooltips)."""
    if t is None:
        return ""
    return t.get(locale) or t.source


# --- blocks -------------------------------------------------------------------------------------


def _items(items: list[ListItem], ordered: bool, ctx: Ctx) -> str:
    tag = "ol" if ordered else "ul"
    inner = "".join(f"<li>{text_inline(i.text, ctx)}{_items(i.items, ordered, ctx) if i.items else ''}</li>"
                    for i in items)
    return f"<{tag}>{inner}</{tag}>"


def blocks_html(blocks: list[Block], ctx: Ctx) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Paragraph):
            out.append(text_block(b.text, ctx))
        elif isinstance(b, ListBlock):
            out.append(_items(b.items, b.ordered, ctx))
        elif isinstance(b, Table):
            cap = f"<caption>{text_inline(b.caption, ctx)}</caption>" if b.caption else ""
            head = "".join(f"<th>{text_inline(c, ctx)}</th>" for c in b.header)
            rows = "".join("<tr>" + "".join(f"<td>{text_inline(c, ctx)}</td>" for c in r) + "</tr>" for r in b.rows)
            out.append(f'<table class="rl-table">{cap}<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>')
        elif isinstance(b, Example):
            title = f'<p class="rl-example-title">{text_inline(b.title, ctx)}</p>' if b.title else ""
            out.append(f'<div class="rl-example">{title}{blocks_html(b.blocks, ctx)}</div>')
        elif isinstance(b, Diagram):
            cap = f'<p class="rl-caption">{text_inline(b.caption, ctx)}</p>' if b.caption else ""
            out.append(f'<figure class="rl-diagram"><pre>{esc(b.text)}</pre>{cap}</figure>')
    return "".join(out)


def raw(html_fragment: str) -> str:
    """A raw HTML block for Markdown: one line, no blank lines inside, blank lines around it."""
    return "\n" + html_fragment.replace("\n", "&#10;") + "\n"
