"""Relative links between pages resolve to their target in both URL styles, from any folder depth, and never
depend on the folder the build runs in (a top-level page once linked to ``work/main/anachronism/…``)."""

from __future__ import annotations

import os
import posixpath

import pytest

from rulings.site import paths as P

PAGES = ["index.md", "translation-status.md", "demo/index.md", "demo/card/sword.md", "demo/a/b/index.md"]
FILES = ["demo/sources/doc.txt", "api/v1/all.json"]


def target_url(page: str, directory_urls: bool) -> str:
    url = P.url_of(page, directory_urls) if page.endswith(".md") else page
    return url + "index.html" if not directory_urls and (url == "" or url.endswith("/")) else url


@pytest.mark.parametrize("directory_urls", [True, False])
@pytest.mark.parametrize("start", PAGES)
def test_every_link_resolves_from_the_page_it_is_on(directory_urls, start, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the build's folder must play no part
    src = P.url_of(start, directory_urls)
    base = src if src.endswith("/") or src == "" else posixpath.dirname(src) + "/"
    for to in PAGES + FILES:
        rel = P.href(start, to, directory_urls)
        assert not rel.startswith("/") and os.path.basename(str(tmp_path)) not in rel
        resolved = posixpath.normpath(posixpath.join(base.rstrip("/") or ".", rel))
        expected = target_url(to, directory_urls)
        assert resolved == (posixpath.normpath(expected) if expected else "."), (start, to, rel)
