"""Long listings are split into pages (A–Z index and glossary by letter; errata, loose rulings, the changelog
and What's new in chunks) so no page grows with the content; every link and anchor still resolves, the feed's
too. A generated tree with low limits is enough to split every listing: the real content is not needed."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import rulings.site.layout as layout
from bench import synth
from rulings.build.site_build import build
from rulings.content.tree import read
from rulings.site import paths as P
from rulings.site.pages import whats_new

from .conftest import REPO
from .test_html import _target, parse
from .test_pages_placed import html_of


@pytest.fixture(scope="module")
def split_site(tmp_path_factory) -> tuple[Path, layout.SiteModel]:
    tmp = tmp_path_factory.mktemp("split")
    content = tmp / "content"
    synth.generate(content, 40, seed=5, games=1)  # at these limits, enough to split every listing of its game
    mp = pytest.MonkeyPatch()
    mp.setattr(layout, "INDEX_LIMIT", 8)
    mp.setattr(layout, "GLOSSARY_LIMIT", 10)
    mp.setattr(layout, "CHUNK_LIMIT", 2)
    mp.setattr(layout, "ERRATA_LIMIT", 2)
    mp.setattr(layout, "UPDATES_LIMIT", 12)
    try:
        build(REPO, tmp / "site", content_dir=content, work=tmp / "build", locales=["en"], log=lambda *_: None)
        model = layout.build_model(read(content))  # where the split pages must be, at these limits
    finally:
        mp.undo()
    return tmp / "site" / "en", model


def test_listings_are_split_and_every_link_resolves(split_site):
    site, model = split_site
    games = model.games.values()
    assert any(gd.index_buckets for gd in games) and any(gd.glossary_buckets for gd in games)
    assert any(len(gd.errata_chunks) > 1 for gd in games) and any(len(gd.update_chunks) > 1 for gd in games)
    assert any(len(gd.change_chunks) > 1 for gd in games)
    letters = [P.bucket_page(P.index_page(gid), b.slug) for gid, gd in model.games.items()
               for b in gd.index_buckets or []]
    shown = [(P.bucket_page(P.glossary_page(gid), b.slug), b.entries) for gid, gd in model.games.items()
             for b in gd.glossary_buckets or []]
    shown += [(P.chunk_page(P.errata_page(gid), i), c) for gid, gd in model.games.items()
              for i, c in enumerate(gd.errata_chunks)]
    shown += [(P.chunk_page(P.changelog_page(gid), i), c) for gid, gd in model.games.items()
              for i, c in enumerate(gd.change_chunks)]
    docs = {p: parse(p) for p in site.rglob("*.html")}
    broken = []
    for page, doc in docs.items():
        if page.name == "404.html":
            continue
        for _tag, _attr, url in doc.links:
            t = _target(site, page.resolve(), url)
            if t is None or t[0].suffix not in (".html", ""):
                continue
            path, frag = t
            if "/en/" not in str(path) and not str(path).startswith(str(site.resolve())):
                continue  # other locales were not built here
            if not path.exists():
                broken.append(f"{page}: {url}")
            elif frag and path.suffix == ".html" and frag not in (docs[path] if path in docs else parse(path)).ids:
                broken.append(f"{page}: {url} (anchor)")
    assert broken == [], broken[:10]
    assert all(html_of(site, md) in docs for md in letters), letters
    # each glossary letter and errata chunk shows its share of the entries, each with its anchor
    for md, entries in shown:
        ids = docs[html_of(site, md)].ids
        missing = [e.id for e in entries if P.anchor(e.id) not in ids]
        assert missing == [], (md, missing[:5])
    # each page of What's new shows its updates, and the feed links to each on its page
    for gid, gd in model.games.items():
        for i, chunk in enumerate(gd.update_chunks):
            ids = docs[html_of(site, P.chunk_page(P.whats_new_page(gid), i))].ids
            assert [whats_new.anchor(u) for u in chunk if whats_new.anchor(u) not in ids] == [], i
        feed = (site / P.feed_file(gid)).read_text(encoding="utf-8")
        links = re.findall(r'<entry>.*?<link rel="alternate" type="text/html" href="([^"]+)"/>', feed, re.S)
        assert links and len({urlsplit(u).path for u in links}) > 1  # the newest updates are on several pages
        for url in links:
            path, frag = _target(site, html_of(site, P.game_page(gid)).resolve(), html.unescape(url))
            assert frag in parse(path).ids, url
