"""Pointers in the code and the guides lead somewhere: a newcomer told that ``tests/…`` checks a rule finds that
file (``tests/search`` was named for years after it had become ``tests/test_search_index.py``), a link of the
README or a guide opens a file that exists, at a heading that exists, and a path a guide names in backticks is
there."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from conftest import REPO
from rulings.build.site_build import GUIDES

POINTER = re.compile(r"\btests/[\w./-]*\w")
WHERE = ["scripts/rulings", "site_config", "tools", "docs"]


def test_every_tests_path_named_in_code_and_guides_exists():
    missing = []
    paths = [REPO / "README.md", *(p for folder in WHERE for p in sorted((REPO / folder).rglob("*")))]
    for path in paths:
        if path.suffix not in {".py", ".js", ".md", ".html", ".yml", ".css"} or not path.is_file():
            continue
        for m in POINTER.finditer(path.read_text(encoding="utf-8")):
            if not (REPO / m.group()).exists():
                missing.append(f"{path.relative_to(REPO)}: {m.group()}")
    assert not missing, missing


GUIDE_FILES = [REPO / "README.md", REPO / "tools" / "bench" / "README.md", *sorted((REPO / "docs").glob("*.md"))]
"""The Markdown a newcomer reads: the README, the benchmark's notes and the guides of docs/ (their translations in
docs/i18n/ are published beside the English ones and link as those do)."""
PUBLISHED = {REPO / "docs" / name for name, _page, _title in GUIDES}
"""The guides the site publishes too: their anchors must also be the ones mkdocs makes."""

FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.M | re.S)
CODE = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^()\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose(text: str) -> str:
    """The Markdown without its code blocks (their brackets are code, not links)."""
    return FENCE.sub("", text)


def heading_text(md: str) -> str:
    """A heading as it reads: code spans without their backticks, links as their text, no emphasis marks."""
    md = re.sub(r"`+([^`]*)`+", r"\1", md)
    md = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", md)
    return re.sub(r"(?<!\w)[*_]+|[*_]+(?!\w)", "", md)


def forge_slug(text: str) -> str:
    """GitHub's (and GitLab's) anchor of a heading: lower case, punctuation but '-' and '_' dropped, spaces as '-'."""
    return re.sub(r"[^\w\- ]", "", unicodedata.normalize("NFC", text).lower()).replace(" ", "-")


def anchors(path: Path, slug) -> set[str]:
    out: set[str] = set()
    seen: dict[str, int] = {}
    for m in HEADING.finditer(prose(path.read_text(encoding="utf-8"))):
        s = slug(heading_text(m.group(1)))
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    return out


def links(path: Path) -> list[str]:
    return [m.group(1) for m in LINK.finditer(CODE.sub("", prose(path.read_text(encoding="utf-8"))))]


def test_the_link_finder_finds_links_and_skips_code():
    text = "a [b](c.md) `[d](e.md)` [f `g`](h.md#i \"t\")\n```\n[j](k.md)\n```\n  ```sh\n[n](o.md)\n  ```\n![l](m.png)"
    assert [m.group(1) for m in LINK.finditer(CODE.sub("", prose(text)))] == ["c.md", "h.md#i", "m.png"]
    assert forge_slug(heading_text("What's new feeds")) == "whats-new-feeds"
    assert forge_slug(heading_text("Suggest a correction: the project's forge")) == \
        "suggest-a-correction-the-projects-forge"
    assert forge_slug(heading_text("The `po/` files, in *Weblate*")) == "the-po-files-in-weblate"


@pytest.mark.parametrize("path", GUIDE_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(path):
    broken = []
    for target in links(path):
        if SCHEME.match(target) or target.startswith("//"):
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists():
            broken.append(f"{target}: no such file")
            continue
        if not dest.is_relative_to(REPO):
            broken.append(f"{target}: outside the repository")
        if anchor and dest.suffix == ".md":
            if anchor not in anchors(dest, forge_slug):
                broken.append(f"{target}: no heading '#{anchor}' in {dest.relative_to(REPO)}")
            elif path in PUBLISHED and dest in PUBLISHED and anchor not in anchors(dest, lambda t: slugify(t, "-")):
                broken.append(f"{target}: the site's copy of {dest.name} has no '#{anchor}'")
    assert not broken, broken


TOP = ("content/", "docs/", "locales/", "po/", "schemas/", "scripts/", "site_config/", "tests/", "tools/", ".ci/")
PLACEHOLDER = re.compile(r"[<>*{}…|$]")
EXAMPLES = {"po/sorcery/en/zh_Hant.po", "locales/de/LC_MESSAGES/messages.po"}
"""Paths a guide gives as examples of what a step would make (a locale the project does not have)."""


@pytest.mark.parametrize("path", GUIDE_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_path_named_in_backticks_exists(path):
    missing = []
    for m in CODE.finditer(prose(path.read_text(encoding="utf-8"))):
        for word in m.group().strip("`").split():
            name = re.sub(r"(:\d+)+$", "", word.rstrip(",;:.)").split("#")[0])  # file:line:col → file
            if name.startswith(TOP) and not PLACEHOLDER.search(name) and name not in EXAMPLES \
                    and not (REPO / name).exists():
                missing.append(name)
    assert not missing, missing
