"""Suggest a correction: the new-issue and file URLs of each forge, prefilled, encoded and kept short, and the
links under rulings, cards and terms, only when content/project.yml names a forge."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import markdown
import pytest
import yaml

from conftest import REPO, build_tree, naughty_strings, project_locales
from rulings.content.tree import read
from rulings.model.entries import Forge, ForgeType, Provenance, Ruling
from rulings.model.text import Text
from rulings.site.forge import QUOTE_CHARS, URL_LIMIT, file_url, new_issue_url
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.mkdocs_config import locale_config
from rulings.site.pages import correction
from rulings.site.pages.base import LocaleView
from rulings.site.pages.entity import render as entity_page
from rulings.site.pages.glossary import terms_html
from rulings.site.pages.ruling import ruling_html
from test_validate import run

GITHUB = Forge("https://github.com/owner/rulings")


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


@pytest.mark.parametrize(("forge", "start", "title", "body"), [
    (GITHUB, "https://github.com/owner/rulings/issues/new?", "title", "body"),
    (Forge("https://gitlab.com/g/sub/rulings/", ForgeType.GITLAB), "https://gitlab.com/g/sub/rulings/-/issues/new?",
     "issue[title]", "issue[description]"),
    (Forge("https://codeberg.org/o/r", ForgeType.FORGEJO), "https://codeberg.org/o/r/issues/new?", "title", "body"),
    (Forge("https://gitea.example.org/o/r", ForgeType.GITEA), "https://gitea.example.org/o/r/issues/new?",
     "title", "body"),
    (Forge("https://x.org/o/r", new_issue="https://bugs.example.org/new?summary={title}&text={body}"),
     "https://bugs.example.org/new?", "summary", "text"),
])
def test_each_forge_gets_its_own_prefilled_new_issue_form(forge, start, title, body):
    url = new_issue_url(forge, "Problem with g/ruling/x", "Entry: g/ruling/x\n{text}\nEnd", "> 100% & more?#")
    assert url.startswith(start)
    assert query(url) == {title: "Problem with g/ruling/x",
                          body: "Entry: g/ruling/x\n```text\n> 100% & more?#\n```\nEnd"}


@pytest.mark.parametrize("hostile", ['"><script>alert(1)</script>', "a&b=c#frag", "javascript:alert(1)",
                                     "\ud800 lone surrogate", "line\r\nbreak\x00nul", "曹操 ‮rtl",
                                     *naughty_strings()[:200]])
def test_hostile_text_is_only_data_in_the_query(hostile):
    url = new_issue_url(GITHUB, hostile, "{text}", hostile)
    assert re.fullmatch(r"https://github\.com/owner/rulings/issues/new\?title=[A-Za-z0-9%._~-]*&body=[A-Za-z0-9%._~-]*",
                        url), url
    assert set(query(url)) == {"title", "body"}


def quoted_text(body: str, before: str = "before\n", after: str = "\nafter") -> str:
    """The text inside the code block a report body quotes between ``before`` and ``after``."""
    block = body.removeprefix(before).removesuffix(after)
    fence = re.match(r"`{3,}", block).group(0)
    assert block.startswith(fence + "text\n") and block.endswith("\n" + fence), block
    return block[len(fence) + 5:-len(fence) - 1]


def test_a_long_text_is_quoted_only_in_part():
    long = "曹操 " * 5000 + "THE END"
    url = new_issue_url(GITHUB, "t", "before\n{text}\nafter", long)
    assert len(url) <= URL_LIMIT
    kept = quoted_text(query(url)["body"])
    assert kept.startswith("曹操") and kept.endswith("…") and "THE END" not in kept
    assert len(kept) <= QUOTE_CHARS and long.startswith(kept.removesuffix("…").rstrip())
    short = new_issue_url(GITHUB, "t", "{text}", "short")
    assert quoted_text(query(short)["body"], "", "") == "short"


def test_the_quote_is_cut_further_when_the_url_would_be_too_long():
    text = "曹操" * QUOTE_CHARS
    limit = 600
    url = new_issue_url(GITHUB, "t", "before\n{text}\nafter", text, limit=limit)
    assert len(url) <= limit
    kept = quoted_text(query(url)["body"]).removesuffix("…")
    assert kept and text.startswith(kept)  # cut as late as fits: one more character would not
    uncut = new_issue_url(GITHUB, "t", "before\n{text}\nafter", text[:len(kept) + 1] + "…", limit=10**9)
    assert len(uncut) > limit


MARKDOWN_IN_TEXT = [
    "@octocat and @org/team, see #123, GH-7 and owner/repo#9",
    "<b>bold</b> **bold** [link](https://evil.example) ![img](https://evil.example/x.png) <img src=x onerror=alert(1)>",
    "```\n@octocat\n```\n#1 after a fence of its own",
    "````` five, `` two and a last one`",
    "~~~\n@octocat\n~~~",
]


def rendered_report(text: str) -> tuple[list[str], str]:
    """A report body with ``text`` as the forge's Markdown shows it: the code blocks' texts, and the rest."""
    body = query(new_issue_url(GITHUB, "t", "Text shown:\n{text}\n\nWhat is wrong?", text))["body"]
    out = markdown.markdown(body, extensions=["fenced_code"])
    codes = [html.unescape(c) for c in re.findall(r"<pre><code[^>]*>(.*?)</code></pre>", out, re.S)]
    return codes, re.sub(r"<pre>.*?</pre>", "", out, flags=re.S)


@pytest.mark.parametrize("text", MARKDOWN_IN_TEXT)
def test_a_reported_text_is_one_code_block_with_no_mention_link_or_markup(text):
    """Forges render an issue's body as Markdown: quoted as a code block, a text's @mention notifies nobody,
    its #123 links no issue and its markup stays text, whatever fences or backticks the text has itself."""
    codes, rest = rendered_report(text)
    assert codes == [text + "\n"], codes
    assert "@" not in rest and "#" not in rest and "<a" not in rest and "<img" not in rest and "<b>" not in rest, rest
    assert "Text shown:" in rest and "What is wrong?" in rest


@pytest.mark.parametrize(("forge", "expected"), [
    (GITHUB, "https://github.com/owner/rulings/blob/main/content/demo/rulings.yml#L12"),
    (Forge("https://gitlab.com/g/r", ForgeType.GITLAB, branch="trunk"),
     "https://gitlab.com/g/r/-/blob/trunk/content/demo/rulings.yml#L12"),
    (Forge("https://codeberg.org/o/r", ForgeType.FORGEJO), "https://codeberg.org/o/r/src/branch/main/content/demo/rulings.yml#L12"),
    (Forge("https://github.com/o/r/", edit_uri="edit/main/"), "https://github.com/o/r/edit/main/content/demo/rulings.yml#L12"),
])
def test_the_edit_link_opens_the_file_at_the_entry_line(forge, expected):
    assert file_url(forge, "content/demo/rulings.yml", 12) == expected


def with_forge(content: Path, forge: str | None) -> Path:
    if forge:
        p = content / "project.yml"
        p.write_text(p.read_text(encoding="utf-8") + forge, encoding="utf-8")
    return content


def pages_of(content: Path, locale: str, site_url: str | None = None) -> list[str]:
    """The HTML of the small tree's ruling, card and glossary term as the renderers write them."""
    model = build_model(read(content))
    view = LocaleView(model, locale, UI.load(REPO / "locales", locale), site_url=site_url)
    gd = model.games["demo"]
    card = gd.entities[0]
    ctx = view.ctx(model.locator.page_of(card.id), "demo", card.id)
    return ["".join(ruling_html(view, gd.rulings[0], ctx, 3)), entity_page(view, gd, card).markdown,
            "".join(terms_html(view, gd.terms, view.ctx(model.locator.page_of(gd.terms[0].id), "demo")))]


def test_no_forge_no_links(tmp_path):
    for loc in project_locales():
        for out in pages_of(build_tree(tmp_path / loc), loc):
            assert "rl-correct" not in out and "issues/new" not in out


def test_rulings_cards_and_terms_link_to_a_prefilled_issue_and_their_line(tmp_path):
    hostile = 'Sword "twice" <script>alert(1)</script> & more'
    content = with_forge(build_tree(tmp_path, rulings=[
        Ruling("demo/ruling/sword-twice", "en", [Provenance("doc", (1, 2))], question=Text("en", hostile),
               answer=Text("en", "Yes."), about=["demo/card/sword"])]),
        "forge: {repo_url: 'https://github.com/owner/rulings'}\n")
    files = {k: (content / "demo" / f"{k}.yml").read_text(encoding="utf-8").split("\n")
             for k in ("rulings", "entities", "glossary")}
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        ruling, card, term = pages_of(content, loc, site_url="https://rules.example.org/")
        for out, kind, entry_id in [(ruling, "rulings", "demo/ruling/sword-twice"),
                                    (card, "entities", "demo/card/sword"), (term, "glossary", "demo/term/adjacent")]:
            links = re.findall(r'<a class="rl-(report|edit)" href="([^"]+)" target="_blank" rel="noopener" '
                               r'aria-label="([^"]+)">([^<]+)</a>', out)[:2]  # a card's own, then its rulings'
            assert [(k, html.unescape(text)) for k, _, _, text in links] == \
                [("report", ui.t(correction.REPORT)), ("edit", ui.t(correction.EDIT))], (loc, kind)
            for _, _, label, text in links:  # named for the entry, holding the visible words (WCAG 2.5.3)
                assert html.unescape(text) in html.unescape(label), (loc, label)
                assert (hostile if kind == "rulings" else "Sword" if kind == "entities" else "Adjacent") \
                    in html.unescape(label), (loc, label)
            report, edit = (html.unescape(h) for _, h, _, _ in links)
            q = query(report)
            assert q["title"] == ui.t(correction.TITLE, id=entry_id)
            assert entry_id in q["body"] and "https://rules.example.org/" + loc + "/demo/" in q["body"]
            line = next(i for i, s in enumerate(files[kind], start=1) if s.strip() == f"- id: {entry_id}")
            assert edit == f"https://github.com/owner/rulings/blob/main/content/demo/{kind}.yml#L{line}"
        assert hostile in query(html.unescape(re.search(r'class="rl-report" href="([^"]+)"', ruling).group(1)))["body"]
        assert "<script>" not in ruling.replace(html.escape(hostile), "")


def test_a_forge_url_must_be_a_web_address(tmp_path):
    content = with_forge(build_tree(tmp_path), "forge: {repo_url: 'javascript:alert(1)'}\n")
    lines = (content / "project.yml").read_text(encoding="utf-8").split("\n")
    at = next(i for i, s in enumerate(lines, start=1) if s.startswith("forge:"))
    r = run(["validate", "content"], content.parent)
    assert r.exit_code == 1, r.output
    assert f"content/project.yml:{at}:{lines[at - 1].index('javascript')}: error: forge.repo_url" in r.output, r.output


def test_the_header_links_the_forge_without_a_script_that_fetches(tmp_path):
    """Material's header link fetches the repository's stars and forks by script; ours is a plain link, online
    and offline."""
    def config(offline: bool) -> dict:
        return yaml.safe_load(locale_config(REPO, tmp_path, tmp_path / "site", "en", [], offline=offline,
                                            alternates=["en"], site_url=None,
                                            repo_url=GITHUB.repo_url))

    for offline in (False, True):
        assert config(offline)["repo_url"] == GITHUB.repo_url and config(offline)["edit_uri"] == ""
    partial = (REPO / "site_config" / "overrides" / "partials" / "source.html").read_text(encoding="utf-8")
    assert 'class="md-source"' in partial and "data-md-component" not in partial.split("#}", 1)[1]
