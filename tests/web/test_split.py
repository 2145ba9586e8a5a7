"""Long listings are split into pages (A–Z index and glossary by letter, errata and loose rulings in
chunks) so no page grows with the content; every link and anchor still resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulings.site.layout as layout
from rulings.site.build import build

from .conftest import REPO
from .test_html import _target, parse


@pytest.fixture(scope="module")
def split_site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("split")
    mp = pytest.MonkeyPatch()
    mp.setattr(layout, "INDEX_LIMIT", 30)
    mp.setattr(layout, "GLOSSARY_LIMIT", 10)
    mp.setattr(layout, "CHUNK_LIMIT", 5)
    try:
        build(REPO, tmp / "site", work=tmp / "build", locales=["en"], log=lambda *_: None)
    finally:
        mp.undo()
    return tmp / "site" / "en"


def test_listings_are_split_and_every_link_resolves(split_site):
    assert (split_site / "anachronism" / "entries" / "z" / "index.html").exists()
    assert (split_site / "sorcery" / "glossary" / "d" / "index.html").exists()
    assert (split_site / "hokuto-no-ken" / "errata" / "5" / "index.html").exists()
    docs = {p: parse(p) for p in split_site.rglob("*.html")}
    broken = []
    for page, doc in docs.items():
        if page.name == "404.html":
            continue
        for _tag, _attr, url in doc.links:
            t = _target(split_site, page.resolve(), url)
            if t is None or t[0].suffix not in (".html", ""):
                continue
            path, frag = t
            if "/en/" not in str(path) and not str(path).startswith(str(split_site.resolve())):
                continue  # other locales were not built here
            if not path.exists():
                broken.append(f"{page}: {url}")
            elif frag and path.suffix == ".html" and frag not in (docs[path] if path in docs else parse(path)).ids:
                broken.append(f"{page}: {url} (anchor)")
    assert broken == [], broken[:10]
    # a term links to its letter page, with its anchor
    disabled = docs[split_site / "sorcery" / "glossary" / "d" / "index.html"]
    assert "term-disabled" in disabled.ids
