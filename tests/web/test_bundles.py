"""Offline bundles from file://, Kiwix archives, reproducible builds, the mirror manifest and
`rulings verify`, JSON exports against their schema, and feeds a real feed parser accepts."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .test_browser import ARGS, CHROMIUM, search

LOCALES = ["en", "it", "zh"]


@pytest.fixture(scope="module")
def unzipped(built_site, tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("bundle")
    with zipfile.ZipFile(built_site / "downloads" / "rulings-all.zip") as z:
        z.extractall(tmp)
    return tmp / "rulings-all"


def test_home_page_lists_the_bundles_with_sizes(built_site):
    html = (built_site / "en" / "index.html").read_text(encoding="utf-8")
    for name in ("rulings-all.zip", "rulings-en.zip", "rulings-it.zip", "rulings-zh.zip", "rulings-en.zim"):
        assert f'href="../downloads/{name}"' in html
        assert (built_site / "downloads" / name).stat().st_size > 100_000
    assert " MB)</span>" in html


def test_offline_bundle_works_from_file_with_zero_requests(unzipped):
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed (.ci/run installs it)")
    root = unzipped.resolve().as_uri()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = browser.new_page()
        requests: list[str] = []
        pg.on("request", lambda r: requests.append(r.url))
        pg.goto(f"{root}/index.html")
        pg.wait_for_url("**/en/index.html")
        for loc, query, expected in (("en", "Zhad", "/en/anachronism/card/zhad.html"),
                                     ("it", "Distrazione", "/it/hokuto-no-ken/glossary.html"),
                                     ("zh", "曹操", "/zh/three-kingdoms/hero/cao-cao.html")):
            pg.goto(f"{root}/{loc}/index.html")
            hrefs = search(pg, query)
            assert any(expected in h for h in hrefs[:10]), (loc, hrefs[:10])
        pg.goto(f"{root}/en/anachronism/card/ger.html")
        pg.locator(".md-header__option .md-select button").hover()
        pg.locator("a.md-select__link[hreflang=zh]").click()
        pg.wait_for_url(f"{root}/zh/anachronism/card/ger.html")
        term = pg.locator("a.rl-term").first
        term.hover()
        pg.locator(".md-tooltip2--active").wait_for(timeout=5000)
        browser.close()
    assert requests and all(u.startswith("file://") for u in requests), [u for u in requests
                                                                         if not u.startswith("file://")][:5]


def test_single_locale_bundle_has_one_language_and_no_switcher(built_site):
    with zipfile.ZipFile(built_site / "downloads" / "rulings-it.zip") as z:
        names = z.namelist()
        assert all(n.startswith("rulings-it/") for n in names)
        assert {n.split("/")[1] for n in names} == {"index.html", "it"}
        page = z.read("rulings-it/it/anachronism/card/ger.html").decode()
    assert "md-select__link" not in page and 'lang="it"' in page
    assert "iframe-worker-shim.js" in page and "unpkg.com" not in page


def test_kiwix_archive_opens_and_finds(built_site):
    from libzim.reader import Archive
    from libzim.search import Query, Searcher

    for loc, lang3 in (("en", "eng"), ("it", "ita"), ("zh", "zho")):
        z = Archive(str(built_site / "downloads" / f"rulings-{loc}.zim"))
        assert z.check()
        assert z.main_entry.get_item().path == "index.html"
        assert z.get_metadata("Language").decode() == lang3
        assert z.get_metadata("Title").decode() == "Rulings" and z.get_metadata("Description")
        assert z.has_illustration(48)
        assert z.has_fulltext_index and z.has_title_index
        assert z.get_entry_by_path("anachronism/card/zhad.html").title.startswith("Zhad")
        results = list(Searcher(z).search(Query().set_query("Zhad")).getResults(0, 10))
        assert "anachronism/card/zhad.html" in results


def _verify(folder: Path):
    return subprocess.run([sys.executable, "-m", "rulings.cli", "verify", str(folder)], capture_output=True, text=True)


def test_verify_catches_a_changed_byte_a_missing_and_an_extra_file(built_site, tmp_path):
    mirror = tmp_path / "mirror"
    shutil.copytree(built_site, mirror)
    manifest = json.loads((mirror / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["source_date_epoch"] > 0 and len(manifest["commit"] or "x" * 40) == 40
    assert len(manifest["files"]) > 1500
    ok = _verify(mirror)
    assert ok.returncode == 0, ok.stdout
    page = mirror / "en" / "anachronism" / "card" / "ger" / "index.html"
    data = bytearray(page.read_bytes())
    data[1000] ^= 1
    page.write_bytes(bytes(data))
    (mirror / "it" / "index.html").unlink()
    (mirror / "zh" / "extra.html").write_text("hello", encoding="utf-8")
    r = _verify(mirror)
    assert r.returncode == 1
    assert "altered: en/anachronism/card/ger/index.html" in r.stdout
    assert "missing: it/index.html" in r.stdout
    assert "extra: zh/extra.html" in r.stdout


def test_exports_validate_with_check_jsonschema(built_site):
    api = built_site / "api" / "v1"
    exports = sorted(p for p in api.glob("*.json") if p.name != "export.schema.json")
    assert len(exports) == 5 * 3 + 1
    checker = Path(sys.executable).with_name("check-jsonschema")
    r = subprocess.run([str(checker), "--schemafile", str(api / "export.schema.json"), *map(str, exports)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for p in exports:
        digest, name = (api / f"{p.name}.sha256").read_text().split()
        assert name == p.name and digest == hashlib.sha256(p.read_bytes()).hexdigest()
    sorcery = json.loads((api / "sorcery.it.json").read_text(encoding="utf-8"))
    assert len(sorcery["changelog"]) == 21 and len(sorcery["entities"]) == 142
    kinds = {e["kind"] for e in sorcery["entries"]}
    assert kinds == {"ruling", "term", "section"}
    hokuto = json.loads((api / "hokuto-no-ken.en.json").read_text(encoding="utf-8"))
    q = hokuto["entries"][0]["question"]
    assert q["lang"] == "en" and q["original_lang"] == "it" and q["status"] == "machine"


def test_feeds_parse_with_a_real_feed_parser(built_site):
    import feedparser

    for loc in LOCALES:
        for game in ("anachronism", "hokuto-no-ken", "sorcery", "three-kingdoms", "unidentified-1"):
            feed = feedparser.parse((built_site / loc / game / "feed.xml").read_bytes())
            assert not feed.bozo, (loc, game, feed.get("bozo_exception"))
            assert feed.version == "atom10"
        sorcery = feedparser.parse((built_site / loc / "sorcery" / "feed.xml").read_bytes())
        assert len(sorcery.entries) == 22 and sorcery.entries[0].updated.startswith("2025-03-12")
