"""The generator's raw HTML blocks come out of Markdown exactly as written, hostile text still escaped, and the
pages are byte for byte what Python-Markdown alone makes of them (:mod:`rulings.site.raw_html` only saves the
work of parsing the blocks again)."""

from __future__ import annotations

import markdown
import pytest
from mkdocs.structure.pages import _RawHTMLPreprocessor
from mkdocs.utils import meta, yaml_load

from conftest import REPO, build_tree, naughty_strings, project_locales, write
from rulings.content.codec import entries_file_to_data
from rulings.content.tree import read
from rulings.model.entries import Diagram, Paragraph, Provenance, Ruling, Section
from rulings.model.text import Text
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import LocaleRenderer
from rulings.site.raw_html import RawBlockPreprocessor

EXTENSION = "rulings.site.raw_html"
HOSTILE = ["<script>alert(1)</script>", '</div><img src=x onerror="alert(1)">', "&#10 &#x41 &amp &lt;b&gt;",
           "tab\there\tand\tthere", "<!-- open comment", "*em* `code` {#fake-id} [link](http://x)", "<hr>",
           '<a name="x" id="y">', "line one\nline two\n\nparagraph"]
MARKUP = set("<>&\t\r\n")
"""What a text needs to matter to an HTML parser: the naughty strings with one of these."""


def converter(ours: bool) -> tuple[markdown.Markdown, _RawHTMLPreprocessor]:
    """Markdown as mkdocs sets it up for our pages (its default extensions, then ``mkdocs.yml``'s), with or
    without ours, and mkdocs's scan of the anchors a link may name."""
    names, configs = ["toc", "tables", "fenced_code"], {}
    for ext in yaml_load((REPO / "mkdocs.yml").read_bytes())["markdown_extensions"]:
        name, config = next(iter(ext.items())) if isinstance(ext, dict) else (ext, {})
        if ours or name != EXTENSION:
            names.append(name)
            configs[name] = config or {}
    md = markdown.Markdown(extensions=names, extension_configs=configs)
    scan = _RawHTMLPreprocessor()
    scan._register(md)
    return md, scan


def rendered(markdown_text: str, ours: bool) -> tuple[str, set]:
    md, scan = converter(ours)
    return md.convert(meta.get_data(markdown_text)[0]), scan.present_anchor_ids


def site_pages(tmp_path) -> dict[tuple[str, str], str]:
    """Every page of a small site whose texts are hostile (the naughty strings with markup too), in every locale."""
    prov = [Provenance("doc", (1, 2))]
    texts = HOSTILE + [s for s in naughty_strings() if set(s) & MARKUP]
    rulings = [Ruling(f"demo/ruling/h{i}", "en", prov, question=Text("en", s), answer=Text("en", s + "\n" + s),
                      about=["demo/card/sword"]) for i, s in enumerate(texts)]
    content = build_tree(tmp_path, rulings=rulings)
    diagram = Diagram("\n".join(HOSTILE), Text("en", HOSTILE[1]))  # verbatim lines (raw() keeps them one block)
    section = Section("demo/section/hostile", "en", prov, title=Text("en", HOSTILE[0]),
                      blocks=[diagram, Paragraph(Text("en", HOSTILE[-1]))])
    write(content / "demo" / "sections.yml", entries_file_to_data("sections", "demo", [section]), tmp_path / "schemas")
    model = build_model(read(content))
    return {(loc, p.path): p.markdown for loc in project_locales()
            for p in LocaleRenderer(model, loc, UI.load(REPO / "locales", loc)).render().pages}


def test_the_build_stashes_our_blocks_itself():
    assert EXTENSION in [next(iter(e)) if isinstance(e, dict) else e
                         for e in yaml_load((REPO / "mkdocs.yml").read_bytes())["markdown_extensions"]]


def test_generated_blocks_come_out_as_written_and_hostile_text_escaped(tmp_path):
    pages = site_pages(tmp_path)
    assert len(pages) > 10
    for (loc, path), text in pages.items():
        html, ids = rendered(text, ours=True)
        assert (html, ids) == rendered(text, ours=False), (loc, path)  # the page Python-Markdown makes alone
        blocks = [line for line in meta.get_data(text)[0].split("\n") if line.startswith("<")]
        assert blocks, (loc, path)
        joined = html.replace("\n", "")  # Markdown puts a line break between a line's top-level elements
        for block in blocks:  # each block verbatim: nothing of it parsed, re-escaped or turned into Markdown
            assert block.expandtabs(4) in joined, (loc, path, block[:200])  # (Markdown expands every tab)
        for bad in ("<script", "<img", "<hr", "<!--", '<a name="x"', "<b>"):
            assert bad not in html, (loc, path, bad)  # every hostile text still escaped
        # and no HTML of the page was left for Python-Markdown's parser: the speed this module is for
        md = converter(ours=True)[0]
        assert not any("<" in line for line in RawBlockPreprocessor(md).run(meta.get_data(text)[0].split("\n")))


@pytest.mark.parametrize("text", [
    '<div class="a">one</div>\n\n## Heading { #h }\n\n<p>two</p><p>three</p>\n\n<ul><li>x<br>y</li></ul>',
    '<p>a</p><div><p>nested</p><div id="d">x</div></div><section>s</section>\n\nend',
    '<div>no blank line after</div>\nplain text\n<div>last</div>',
    '<div>text after</div> tail\n\n<p>x</p>',
    '<span>inline first</span>\n\n<p>x</p>',
    '<div>\nspread over lines\n</div>\n\n<p>x</p>',
    '<div>a</div><hr><div>b</div>\n\n<div>c<hr>d<br/>e</div>',
    '<div>&#10 no semicolon</div>\n\n<p>&#10;&amp;&copy;</p>',
    "<DIV CLASS='x'>upper, single quotes</DIV>\n\n<p>x</p>",
    '<div><script>if (a < b) {}</script></div>\n\n<p>x</p>',
    '<div><!-- comment --></div>\n\n<p>x</p>',
    '<p id="a&amp;b">x</p><p id>bare</p><p id="">empty</p><a name="n">n</a>',
    '```\n<div>in a fence</div>\n```\n\n<div>after</div>',
    '    <div>indented code</div>\n\n<div>x</div>',
    '<p>a</p></div>\n\n<p>x</p>',
    '<div>unclosed\n\n<p>x</p>',
    '<div>last line of the document</div>',
])
def test_any_markdown_gives_the_page_python_markdown_gives(text):
    assert rendered(text, ours=True) == rendered(text, ours=False)


def test_markdown_in_html_keeps_its_own_reading():
    md = markdown.Markdown(extensions=["md_in_html", EXTENSION])
    assert md.convert('<div markdown="1">*em*</div>') == markdown.Markdown(extensions=["md_in_html"]).convert(
        '<div markdown="1">*em*</div>')
