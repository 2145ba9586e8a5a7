"""Content text → escaped HTML fragments and Markdown headings.

Everything from content is contributed by strangers, so every string is HTML-escaped here and only
here; the only markup in the output is the markup this module writes. Bodies are raw HTML blocks
(inert to Markdown); headings are Markdown (for the table of contents and search sections) with
every Markdown-significant character escaped and an explicit ``{#anchor}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.escape import html_text, md_heading, visible  # noqa: F401 - visible re-exported
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
from rulings.site.i18n import C_, UI, _
from rulings.site.paths import Locator
from rulings.site.raw_html import raw
from rulings.translation.display import Display, Shown, name_shown, shown, shown_text

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
    """What a found name links to: an entity (always previewed) or a term (previewed by its definition)."""

    entry_id: str
    tooltip: str | None = None  # a term's definition in the page's locale, shortened
    entity: bool = False

    @property
    def previewed(self) -> bool:
        return self.entity or self.tooltip is not None


class Linker:
    """Finds card/hero/ability names and glossary terms in a page's texts, to link them (each with a preview:
    see :mod:`rulings.site.pages.previews`). What it finds is what :class:`rulings.model.terms.Glossary`
    finds, the same terms the PO hints list and the validator checks."""

    def __init__(self, terms: list[Term], entities: list[Entity], locale: str):
        self.glossary = Glossary(terms, entities)
        self._found: dict[tuple[str, str | None], list[tuple[int, int, Target]]] = {}
        self.targets: dict[str, Target] = {e.id: Target(e.id, entity=True) for e in entities}
        for term in terms:
            definition = shown_text(term.definition, locale) if term.definition else None
            self.targets[term.id] = Target(term.id, shorten(definition) if definition else None)

    def find(self, text: str, lang: str | None = None) -> list[tuple[int, int, Target]]:
        """Non-overlapping (start, end, target) matches in ``text``, written in ``lang`` (None: names only).

        Found once per text: a ruling is shown on the page of each entity it is about, a fallback text in
        several places (the caller only reads the list)."""
        key = (text, lang)
        if (found := self._found.get(key)) is None:
            found = self._found[key] = [(m.start, m.end, self.targets[m.key.id])
                                        for m in self.glossary.find(text, lang)]
        return found


def shorten(s: str, limit: int = TOOLTIP_CHARS) -> str:
    """``s`` on one line, cut to ``limit`` characters with an ellipsis (tooltips, previews)."""
    s = " ".join(s.split())
    return s if len(s) <= limit else s[: limit - 1].rstrip() + "…"


PREVIEW_PREFIX = "rlpv-"
"""Starts the element id of every preview, which the links it previews name in ``aria-describedby``; the
pages embed the previews their links name (:mod:`.pages.previews`)."""


def preview_id(entry_id: str) -> str:
    """The element id of an entry's preview on its game's pages (``rlpv-card-ger``), apart from every anchor."""
    _game, kind, slug = entry_id.split("/")
    return f"{PREVIEW_PREFIX}{kind}-{slug}"


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
        klass = "rl-term" if target.tooltip else "rl-name"
        preview = f' aria-describedby="{esc(preview_id(target.entry_id))}"' if target.previewed else ""
        out.append(f'<a class="{klass}" href="{esc(href)}"{preview}>{word}</a>')
        pos = end
    out.append(esc(s[pos:]))
    return "".join(out)


def _paragraphs(s: str, ctx: Ctx, lang: str) -> str:
    parts = [p for p in s.split("\n\n") if p.strip()] or [s]
    return "".join(f"<p>{'<br>'.join(linked(line, ctx, lang) for line in p.split(chr(10)))}</p>" for p in parts)


MARKS = {
    "machine": ("⚙", _("machine translation")),
    "draft": ("✎", _("draft translation, not yet reviewed")),
    "fallback": ("⇄", _("not yet translated into this language")),
    "outdated": ("⇄", _("the translation into this language is out of date: the original changed since")),
    "stale": ("⚠", _("the original changed after this translation was made")),
    "untranslated": ("⇄", _("not yet translated into this language")),
}
"""A small per-text marker (symbol, tooltip) where the reader does not get a current human translation.
One notice per page explains them (:func:`page_notice`); the marker itself only points."""


def _mark_kinds(d: Display) -> list[str]:
    kinds = []
    if d.shown is Shown.FALLBACK and d.own is TextState.STALE:
        kinds.append("outdated")
    elif d.shown in (Shown.FALLBACK, Shown.STALE, Shown.UNTRANSLATED):
        kinds.append(d.shown.value)
    if d.status is TranslationStatus.MACHINE:
        kinds.append("machine")
    elif d.status is TranslationStatus.DRAFT:
        kinds.append("draft")
    return kinds


def marker(d: Display, ctx: Ctx | UI) -> str:
    """The marker of a displayed text ("" when it is the source or a current reviewed translation): a
    symbol with its meaning as tooltip and accessible name, kept out of the search index."""
    kinds = _mark_kinds(d)
    if not kinds:
        return ""
    ui = ctx.ui if isinstance(ctx, Ctx) else ctx
    label = "; ".join(ui.t(MARKS[k][1]) for k in kinds)
    classes = " ".join(f"rl-mark-{k}" for k in kinds)
    return (f'<span class="rl-mark {classes}" role="img" aria-label="{esc(label)}" title="{esc(label)}"{NS}>'
            f"{MARKS[kinds[0]][0]}</span>")


NOTICES = {
    "machine": _("Some texts on this page are machine translations (marked ⚙)."),
    "draft": _("Some translations on this page are drafts not yet reviewed (marked ✎)."),
    "fallback": _("Some texts are not yet translated into {language} and are shown in English or in their "
                  "original language (marked ⇄)."),
    "stale": _("Some originals changed after they were translated (marked ⚠)."),
}
NOTICE_HELP = _("Help translate")
ORIGINALS_SWITCH = _("Show the originals")
ORIGINALS_TITLE = _("Show each text also as written in its original language")
MARK_RE = re.compile(r'<span class="rl-mark ([a-z -]+)" role="img"')
ORIGINAL_CLASS = "rl-orig"
"""The class of every folded original (:func:`_original`, :func:`text_inline`): hidden until the page's one
switch (:func:`page_notice`) shows them all; ``site_config/assets/rulings.css`` and ``originals.js`` know it."""


def page_notice(markdown: str, ui: UI, help_href: str) -> str:
    """One notice for a page (after its title): what its markers mean, and the one switch that shows every
    original on the page; "" when it has neither markers nor originals.

    Found from the generated page: content is escaped, so only this module writes markers and originals.
    The switch is a checkbox that CSS alone reads (``:has``), so it works without scripts, from ``file://``
    and in Kiwix; ``originals.js`` only remembers it from page to page."""
    kinds = {c.removeprefix("rl-mark-") for m in MARK_RE.finditer(markdown) for c in m.group(1).split()}
    kinds = {"fallback" if k in ("untranslated", "outdated") else k for k in kinds if k != "rl-mark"}
    originals = f'class="{ORIGINAL_CLASS}' in markdown
    if not kinds and not originals:
        return ""
    language = ui.language_name(ui.locale)
    sentences = [ui.t(NOTICES[k], language=language) for k in NOTICES if k in kinds]
    switch = (f' <label class="rl-orig-switch" title="{esc(ui.t(ORIGINALS_TITLE))}"><input type="checkbox" '
              f'data-rl-originals> {esc(ui.t(ORIGINALS_SWITCH))}</label>') if originals else ""
    text = f"{esc(' '.join(sentences))} " if sentences else ""
    return raw(f'<aside class="rl-notice" role="note"{NS}><p>{text}'
               f'<a href="{esc(help_href)}">{esc(ui.t(NOTICE_HELP))}</a>{switch}</p></aside>')


ORIGINAL_LABEL = _("Original ({language})")


def _original(d: Display, ctx: Ctx) -> str:
    """The original beside a translated or fallback text: hidden until the page's switch shows the originals,
    labelled with its language, kept out of the search text (the index has it apart, at a lower weight:
    :mod:`rulings.site.search.context`) and not linked (the links belong to the text the reader reads)."""
    if d.is_original:
        return ""
    label = ctx.ui.t(ORIGINAL_LABEL, language=ctx.ui.language_name(d.original_lang))
    paragraphs = [p for p in d.original.split("\n\n") if p.strip()] or [d.original]
    body = "".join(f"<p>{'<br>'.join(esc(line) for line in p.split(chr(10)))}</p>" for p in paragraphs)
    return (f'<div class="{ORIGINAL_CLASS}" lang="{esc(d.original_lang)}"{NS}>'
            f'<p class="rl-orig-label" lang="{esc(ctx.ui.lang_of(ORIGINAL_LABEL))}">{esc(label)}</p>{body}</div>')


def text_block(t: Text | None, ctx: Ctx, cls: str = "") -> str:
    """A text as paragraphs in the reader's language (the display policy), its marker, and the original."""
    if t is None:
        return ""
    d = shown(t, ctx.locale)
    klass = f"rl-text {cls}".strip()
    return (f'<div class="{klass}" lang="{esc(d.lang)}">{_paragraphs(d.text, ctx, d.lang)}{marker(d, ctx)}</div>'
            f"{_original(d, ctx)}")


def text_extras(t: Text | None, ctx: Ctx) -> str:
    """What goes under a heading that already shows the text: its marker and the original (hidden)."""
    if t is None:
        return ""
    d = shown(t, ctx.locale)
    mark = marker(d, ctx)
    return (f'<p class="rl-marks">{mark}</p>' if mark else "") + _original(d, ctx)


def all_names(t: Text | None) -> str:
    """Every printed form of a name (the source and official translations), each marked with its language;
    other translations are glosses (:func:`name_gloss`), not names."""
    if t is None:
        return ""
    forms = [(t.lang, t.source)] + [(loc, tr.text) for loc, tr in t.translations.items()
                                    if tr.status is TranslationStatus.OFFICIAL]
    seen, out = set(), []
    for loc, s in forms:
        if s not in seen:
            seen.add(s)
            out.append(f'<span lang="{esc(loc)}">{esc(s)}</span>')
    return " · ".join(out)


def text_inline(t: Text | None, ctx: Ctx, *, link: bool = True) -> str:
    """A short text on one line (cells, list items, captions): the reader's text, its marker, then the
    original, hidden (:func:`original_inline`)."""
    if t is None:
        return ""

    def fmt(s: str, lang: str) -> str:
        return "<br>".join(linked(x, ctx, lang) if link else esc(x) for x in s.split("\n"))

    d = shown(t, ctx.locale)
    out = f'<span lang="{esc(d.lang)}">{fmt(d.text, d.lang)}</span>{marker(d, ctx)}'
    if not d.is_original:
        out += original_inline(d.original, d.original_lang)
    return out


def original_inline(text: str, lang: str) -> str:
    """An original on one line, after the text shown (list items, cells, index entries): hidden with the
    others until the page's switch shows them, in brackets then; no links, no search text (see
    :func:`_original`)."""
    body = "<br>".join(esc(x) for x in text.split("\n"))
    return f' <span class="{ORIGINAL_CLASS} rl-orig-inline" lang="{esc(lang)}"{NS}>{body}</span>'


def plain(t: Text | None, locale: str) -> str:
    """The text a reader of ``locale`` sees (the display policy), as plain text (titles, feeds, tooltips)."""
    return shown_text(t, locale)


def name_title(t: Text | None, locale: str, *, printed: bool = True) -> str:
    """A name as it titles a page or a link (:func:`rulings.translation.display.name_shown`)."""
    return name_shown(t, locale, printed=printed).title.text if t is not None else ""


def name_gloss(t: Text | None, ctx: Ctx, *, printed: bool = True) -> str:
    """A gloss beside a printed name, in the reader's language and marked as a gloss ("" if none)."""
    if t is None:
        return ""
    g = name_shown(t, ctx.locale, printed=printed).gloss
    if g is None:
        return ""
    label = ctx.ui.t(C_("label before a translation given beside a printed name (the name stays as printed)",
                        "gloss"))
    return (f'<p class="rl-gloss"><span class="rl-label"{NS}>{esc(label)}:</span> '
            f'<span lang="{esc(g.lang)}">{esc(g.text)}</span>{marker(g, ctx)}</p>')


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
