"""The one escaping boundary: every text from content or catalogs reaches an output through here.

Content and translations come from strangers. Each output context has one function, and nothing
else in the generator writes a content string into markup:

- :func:`html_text` — HTML text and attribute values (quotes escaped too);
- :func:`md_heading` — a Markdown heading's text (HTML-escaped, then Markdown punctuation escaped);
- :func:`nav_label` — a label handed to mkdocs/Material (nav titles, site name): Material prints these
  as HTML without escaping, so they are given pre-escaped; our ``<title>`` override re-escapes
  after Material's ``striptags`` (which would otherwise turn ``&lt;`` back into ``<``);
- :func:`meta_label` — the same, as a quoted string for a page's front matter (``title:``), which
  Material prints in the header and our ``<title>`` override re-escapes;
- :func:`xml_text` — Atom feeds (XML 1.0 forbids most control characters, even escaped);
- :func:`one_line` — plain metadata (ZIM Title/Description, verify output): no controls, one line;
- :func:`csv_cell` — a cell of a CSV export, which a spreadsheet must show and never evaluate.

JSON outputs (and the SQLite export) use :func:`json.dumps` (which escapes by construction; SQLite binds
parameters) and need nothing from here: they keep every text exactly as written. What mkdocs
computes and our theme overrides print (``config.repo_url``, ``page.canonical_url``, the site's path) is
escaped by the overrides themselves: each autoescapes (Jinja's markupsafe) and marks ``| safe`` only the
labels escaped here (tests/test_templates.py reads every override); the addresses are also parsed when
validating (:mod:`rulings.model.urls`).
"""

from __future__ import annotations

import html
import json
import re

CONTROLS = {c: 0x2400 + c for c in range(0x20) if c not in (0x09, 0x0A)} | {0x7F: 0x2421} | {
    c: 0xFFFD for c in range(0x80, 0xA0)} | {c: 0xFFFD for c in range(0xD800, 0xE000)} | {
    0xFFFE: 0xFFFD, 0xFFFF: 0xFFFD}
"""Characters that cannot appear in HTML or XML text: C0/C1 controls are shown as Unicode control
pictures (␁) or U+FFFD, so they stay visible; lone surrogates (possible through YAML escapes) and
the non-characters U+FFFE/U+FFFF become U+FFFD."""

_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

MD_ESCAPABLE = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")
"""Python-Markdown's backslash-escapable characters (``|`` with the tables extension that mkdocs
enables); others, like ``~``, would keep a visible backslash."""


def visible(s: str) -> str:
    """``s`` with every character HTML and XML cannot carry replaced by a visible stand-in.

    ``isprintable()`` first: no character of :data:`CONTROLS` is printable, and that C loop is about twice as
    fast as the search, on the hundreds of thousands of strings a build escapes (most of them printable)."""
    if s.isprintable():
        return s
    return s.translate(CONTROLS) if _CONTROL_RE.search(s) else s


def html_text(s: str) -> str:
    """Text for HTML element content or a quoted attribute value."""
    return html.escape(visible(s), quote=True)


def md_heading(s: str) -> str:
    """Plain text safe inside a Markdown heading: one line, HTML-escaped, Markdown punctuation escaped."""
    s = " ".join(visible(s).split())
    return MD_ESCAPABLE.sub(r"\\\1", html.escape(s, quote=False))


def nav_label(s: str) -> str:
    """A nav/site label for mkdocs: Material prints it as HTML, so it is escaped here, once."""
    return html_text(" ".join(visible(s).split()))  # visible first: str.split() also splits at \x1c-\x1f


def meta_label(s: str) -> str:
    """A :func:`nav_label` as a YAML scalar for front matter: JSON's quoting is valid YAML, and
    :func:`visible` already removed every character YAML could not read."""
    return json.dumps(nav_label(s), ensure_ascii=False)


def xml_text(s: str) -> str:
    """Text for XML element content or a double-quoted attribute (feeds)."""
    return html.escape(visible(s), quote=True)


def one_line(s: str, limit: int | None = None) -> str:
    """Plain single-line text without control characters (metadata, terminal reports)."""
    s = " ".join(visible(s).split())
    return s if limit is None or len(s) <= limit else s[: limit - 1].rstrip() + "…"


def terminal(s: str) -> str:
    """Text for one line of terminal output: unprintable characters (newlines, escapes, bidi controls)
    shown as ``\\uXXXX``, so a hostile file name cannot fake or recolour a report line."""
    if s.isprintable():
        return s
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in s)


FORMULA_STARTS = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
"""What makes a spreadsheet read a cell as a formula (OWASP, CSV injection): ``= + - @`` and their
full-width forms ``＝ ＋ － ＠``, which some spreadsheets also evaluate."""
CONTROL_STARTS = ("\t", "\r")
"""OWASP's other two: a cell that begins with a tab or a carriage return."""


def csv_cell(s: str) -> str:
    """A CSV cell a spreadsheet shows as text: a cell that could start a formula, also after leading
    whitespace (some spreadsheets skip it), gets a single quote before it, as OWASP recommends. The
    writer quotes every cell (``csv.QUOTE_ALL``, the other half of the advice). A legitimate text that
    starts so (``-1 damage``) gets the quote too. Not reversible in every case (a text may itself begin
    with ``'=``): the JSON and SQLite exports keep the exact text for programs."""
    if s.startswith(CONTROL_STARTS) or s.lstrip()[:1] in FORMULA_STARTS:
        return "'" + s
    return s
