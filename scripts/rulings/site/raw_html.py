"""Raw HTML blocks: how the generator writes them into a page's Markdown, and how Markdown takes them back.

Every page body is HTML the generator wrote (and escaped, :mod:`rulings.escape`), written into the Markdown as
raw blocks by :func:`raw`. Python-Markdown would parse every one of them again with its HTML extractor
(``html_block``), and mkdocs with a second parser that collects their ``id`` attributes: about a third of
each mkdocs run. :class:`RawHtmlExtension` stashes those blocks itself, with one regular expression per
tag: it stores exactly what ``html_block`` would have stored and leaves exactly the lines it would have left,
so the HTML of every page is the same, byte for byte, whoever parsed it. It takes a page only when every
tag in it is one of the plain forms our generator writes (lowercase names, double-quoted attributes, one
block per line, nothing after it on that line); any other page (a hand-written guide, an inline tag, a
comment) is left whole to Python-Markdown. Nothing reaches the stash that ``html_block`` would not have
stashed: escaping stays :mod:`rulings.escape`'s job.
"""

from __future__ import annotations

import html
import re

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import HtmlBlockPreprocessor, Preprocessor


def raw(html_fragment: str) -> str:
    """A raw HTML block for Markdown: one line, no blank lines inside, blank lines around it."""
    return "\n" + html_fragment.replace("\n", "&#10;") + "\n"


TAG = re.compile(r'<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?: [a-zA-Z][a-zA-Z0-9-]*(?:="[^"<>]*")?)*)( ?/?)>')
"""A tag in the one form the generator writes (SVG's too); ``html.parser`` reads it the same way."""
ATTR = re.compile(r' ([a-zA-Z][a-zA-Z0-9-]*)(?:="([^"<>]*)")?')
CHANGED_CHARREF = re.compile(r"&#(?:[0-9]+|[xX][0-9a-fA-F]+)(?![0-9a-fA-F;])")
"""A character reference without its ``;``, which ``html_block`` would give one: such a line is left to it."""
BLANK_LINE = re.compile(r"^([ ]*\n){2}")
"""What ``html_block`` requires after a raw block to end it with a line break (its ``blank_line_re``)."""
OTHER_TEXT = {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
              "plaintext"}
"""Elements whose content ``html.parser`` reads as text (some versions only ``script`` and ``style``): taken only
when their end tag is the next tag, so every version reads the same."""
EMPTY = {"hr"}
"""Tags ``html_block`` never expects to close (its ``empty_tags``)."""


class RawLine:
    """One line of raw HTML split as ``html_block`` splits it: its top-level elements, each with the number of
    line breaks ``html_block`` writes before it, and the ``id``s (and ``<a name>``s) mkdocs collects."""

    def __init__(self, line: str, block_level: frozenset[str]):
        self.blocks: list[tuple[int, str]] = []
        self.ids: set[str | None] = set()
        self.ok = line.startswith("<") and not CHANGED_CHARREF.search(line) and self._split(line, block_level)

    def _split(self, line: str, block_level: frozenset[str]) -> bool:
        stack: list[str] = []
        start = pos = breaks = 0
        while pos < len(line):
            lt = line.find("<", pos)
            if lt == -1 or (lt != pos and not stack):
                return False  # text after a block (html_block would leave it to Markdown)
            m = TAG.match(line, lt)
            if m is None:
                return False
            closing, tag, attrs, end = m.groups()
            tag, pos = tag.lower(), m.end()  # html.parser's names are lower case
            if closing:
                if attrs or end or not stack:
                    return False
                if tag in stack:
                    while stack.pop() != tag:
                        pass
                if not stack:
                    self.blocks.append((breaks, line[start:pos]))
                continue
            if tag in OTHER_TEXT and not line.startswith(f"</{tag}>", line.find("<", pos)):
                return False  # its text holds a tag, which html.parser reads as text there
            if attrs and (" id" in (low := attrs.lower()) or " name" in low):
                self._collect_ids(tag, attrs)
            if end.endswith("/") or tag in EMPTY:
                if not stack:
                    return False
                continue
            if not stack:
                if tag not in block_level:
                    return False
                start, breaks = lt, 1
            elif self.blocks and tag in block_level:
                breaks += 1  # html_block's quirk inside every block after the first on a line
            stack.append(tag)
        return not stack and bool(self.blocks)

    def _collect_ids(self, tag: str, attrs: str) -> None:
        for m in ATTR.finditer(attrs):
            name, value = m[1].lower(), m[2]
            if name == "id" or (name == "name" and tag == "a"):
                self.ids.add(None if value is None else html.unescape(value))  # as html.parser reads it


class RawBlockPreprocessor(Preprocessor):
    """Stashes every raw HTML line of a page as ``html_block`` would, or none (see the module's docstring).

    Runs after fenced code is stashed (25) and before mkdocs's anchor scan (21) and ``html_block`` (20),
    which then find no HTML left; :class:`RawIdsPreprocessor` gives mkdocs the ids of the stashed blocks."""

    def __init__(self, md: Markdown):
        super().__init__(md)
        self.ids: set[str | None] = set()

    def run(self, lines: list[str]) -> list[str]:
        self.ids = set()
        if type(self.md.preprocessors["html_block"]) is not HtmlBlockPreprocessor:
            return lines  # another extension (md_in_html) reads raw HTML its own way: leave it to it
        block_level = frozenset(self.md.block_level_elements)  # what md.is_block_level asks, as a set
        raws = {}
        for i, line in enumerate(lines):
            if "<" in line:
                found = RawLine(line, block_level)
                if not found.ok:
                    return lines
                raws[i] = found
        out: list[str] = []
        for i, line in enumerate(lines):
            found = raws.get(i)
            if found is None:
                out.append(line)
                continue
            ends_block = BLANK_LINE.match("\n" + "\n".join(lines[i + 1:i + 3])) is not None
            parts = []
            for n, (breaks, block) in enumerate(found.blocks, 1):
                if n == len(found.blocks) and ends_block:
                    block += "\n"
                parts.append("\n" * breaks + self.md.htmlStash.store(block) + "\n\n")
            out.extend("".join(parts).split("\n"))
            self.ids |= found.ids
        return out


class RawIdsPreprocessor(Preprocessor):
    """Adds the ids of the blocks :class:`RawBlockPreprocessor` stashed to those mkdocs's anchor scan found
    (``mkdocs_raw_html``, which validates links to anchors with them), as if it had read them itself."""

    def __init__(self, md: Markdown, stashed: RawBlockPreprocessor):
        super().__init__(md)
        self.stashed = stashed

    def run(self, lines: list[str]) -> list[str]:
        if self.stashed.ids and "mkdocs_raw_html" in self.md.preprocessors:
            scan = self.md.preprocessors["mkdocs_raw_html"]
            scan.present_anchor_ids = scan.present_anchor_ids | self.stashed.ids
        return lines


class RawHtmlExtension(Extension):
    """The generator's raw HTML blocks, stashed without parsing them again (listed in ``mkdocs.yml``)."""

    def extendMarkdown(self, md: Markdown) -> None:
        stash = RawBlockPreprocessor(md)
        md.preprocessors.register(stash, "rulings_raw_html", 24)
        md.preprocessors.register(RawIdsPreprocessor(md, stash), "rulings_raw_ids", 20.5)


def makeExtension(**kwargs) -> RawHtmlExtension:
    return RawHtmlExtension(**kwargs)
