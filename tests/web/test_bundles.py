"""Offline bundles from file://, Kiwix archives, the mirror manifest and `rulings verify`, JSON exports
against their schema, and feeds a real feed parser accepts (reproducibility: test_reproducible.py)."""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import build_tree, project_locales, repo_content, repo_model
from rulings.build.site_build import Variant, generate_all
from rulings.build.workers import run_mkdocs
from rulings.content import originals
from rulings.content.dating import updates
from rulings.content.validate import validate
from rulings.model.entries import Change, Entity
from rulings.model.ids import windows_name_problem
from rulings.publish.feeds import FEED_LIMIT
from rulings.publish.one_locale import MARKS, split_locale
from rulings.site import paths as P
from rulings.site.i18n import UI, human_size
from rulings.site.layout import build_model
from rulings.site.mkdocs_config import SITE_NAME

from .conftest import REPO

LOCALES = project_locales()
LANG3 = {"en": "eng", "it": "ita", "zh": "zho"}  # ISO 639-3, as Kiwix wants it (examples)


def game_entries(game: str) -> dict[str, list]:
    """A game's committed entries, as the exports group them: entities, change log, the rest."""
    entries = [e for f in repo_content().files if f.game == game for e in f.entries]
    return {"entities": [e for e in entries if isinstance(e, Entity)],
            "changelog": [e for e in entries if isinstance(e, Change)],
            "entries": [e for e in entries if not isinstance(e, Entity | Change)]}


def feed_items(game: str) -> int:
    """An Atom feed's entries: the game's dated updates (What's new), the newest of them."""
    gd = repo_model().games[game]
    return min(len(updates(gd.game, gd.entries, repo_content().dates)), FEED_LIMIT)


def test_home_page_lists_the_bundles_with_sizes(built_site):
    names = ["rulings-all.zip", *(f"rulings-{loc}.{kind}" for loc in LOCALES for kind in ("zip", "zim"))]
    assert sorted(p.name for p in (built_site / "downloads").iterdir()) == sorted(names)
    for loc in LOCALES:
        html = (built_site / loc / "index.html").read_text(encoding="utf-8")
        for name in names:
            shown = re.search(rf'href="\.\./downloads/{re.escape(name)}" download>[^<]*</a> '
                              r'<span class="rl-size" data-search-exclude>\(([^)]*)\)</span>', html)
            assert shown, (loc, name)
            assert shown[1] == human_size((built_site / "downloads" / name).stat().st_size), (loc, name)


@pytest.mark.browser
def test_offline_bundle_works_from_file_with_zero_requests(chromium, unzipped):
    from .test_browser import search  # here, not at the top: without Playwright only this test skips

    root = unzipped.resolve().as_uri()
    ctx = chromium.new_context()
    pg = ctx.new_page()
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
    pg.locator(f"#{term.get_attribute('aria-describedby')}").wait_for(state="visible", timeout=5000)
    ctx.close()
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


def test_every_zip_extracts_on_windows(built_site):
    """No member of any offline zip is a Windows device name (``con.html``, ``nul/``), holds a character
    Windows refuses, ends in a dot or space, or differs from another only in case."""
    for bundle in sorted((built_site / "downloads").glob("*.zip")):
        with zipfile.ZipFile(bundle) as z:
            names = z.namelist()
        parts = {part for n in names for part in n.split("/")}
        assert not [(p, why) for p in sorted(parts) if (why := windows_name_problem(p))], bundle.name
        assert len({n.casefold() for n in names}) == len(names), bundle.name


LINK = re.compile(r'(?:href|src)="([^"#?]*)')


def test_single_locale_bundles_link_to_no_other_locale(built_site):
    """Every page of a one-locale bundle (cut out of the all-locale site) links only within its own locale:
    no switcher, no link into another locale's folder; and no bundle keeps the marks it was cut at."""
    for loc in LOCALES:
        with zipfile.ZipFile(built_site / "downloads" / f"rulings-{loc}.zip") as z:
            for name in z.namelist():
                if not name.endswith(".html"):
                    continue
                page = z.read(name).decode()
                assert "md-select__link" not in page and not any(m in page for m in MARKS), name
                for link in LINK.findall(page):
                    if "://" in link or link.startswith(("data:", "mailto:")) or not link:
                        continue
                    # from the bundle's folder: a path from a server's root (the 404 page's) too
                    start = f"rulings-{loc}" if link.startswith("/") else posixpath.dirname(name)
                    target = posixpath.normpath(posixpath.join(start, link.lstrip("/")))
                    assert target.split("/")[:2] in ([f"rulings-{loc}", loc], [f"rulings-{loc}", "index.html"]), \
                        (name, link)
    with zipfile.ZipFile(built_site / "downloads" / "rulings-all.zip") as z:
        page = z.read(f"rulings-all/{LOCALES[0]}/index.html").decode()
    assert "md-select__link" in page and not any(m in page for m in MARKS)


def test_a_locale_cut_out_of_the_all_locale_site_is_what_mkdocs_builds_for_it_alone(tmp_path):
    """The switcher cut out of a marked all-locale page gives the bytes mkdocs writes for the locale alone,
    and the marks taken out give those it writes for all locales unmarked: every file of both sites."""
    content, _ = validate(build_tree(tmp_path))
    model = build_model(content)
    loc = LOCALES[0]
    variants = [Variant("marked", True, tuple(LOCALES), marked=True), Variant("every", True, tuple(LOCALES)),
                Variant("alone", True, ())]
    sites = tmp_path / "sites"
    results = generate_all(model, REPO,
                           [(tmp_path / v.name, sites / v.name, loc, v, None, b"/* shim */") for v in variants])
    run_mkdocs(REPO, [(v.name, r.config) for v, r in zip(variants, results, strict=True)], log=lambda _line: None)

    def tree(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}

    marked = tree(sites / "marked" / loc)
    assert any(MARKS[0].encode() in page for page in marked.values())
    split_locale(sites / "marked" / loc, tmp_path / "marked" / loc / "docs", tmp_path / "cut")
    assert tree(tmp_path / "cut") == tree(sites / "alone" / loc)
    assert tree(sites / "marked" / loc) == tree(sites / "every" / loc)


def test_kiwix_archive_opens_and_finds(built_site):
    from libzim.reader import Archive
    from libzim.search import Query, Searcher

    for loc in LOCALES:
        z = Archive(str(built_site / "downloads" / f"rulings-{loc}.zim"))
        assert z.check()
        assert z.main_entry.get_item().path == "index.html"
        assert z.get_metadata("Language").decode() == LANG3.get(loc, z.get_metadata("Language").decode())
        # the site's name in the archive's language, as Kiwix's library lists it
        assert z.get_metadata("Title").decode() == UI.load(REPO / "locales", loc).t(SITE_NAME)
        assert z.get_metadata("Description")
        assert z.has_illustration(48)
        assert z.has_fulltext_index and z.has_title_index
        assert z.get_entry_by_path("anachronism/card/zhad.html").title.startswith("Zhad")
        results = list(Searcher(z).search(Query().set_query("Zhad")).getResults(0, 10))
        assert "anachronism/card/zhad.html" in results
        assert not z.has_entry_by_path("404.html")  # a server's error page: no article of a Kiwix archive


def test_kiwix_archive_holds_each_part_of_a_long_original_and_finds_its_text(built_site):
    """A long original shown in parts (rulings.site.source_parts): each part an article of the archive with
    a title of its own (its lines), found by the words on it."""
    from libzim.reader import Archive
    from libzim.search import Query, Searcher

    gid, doc, parts = next((gid, d, gd.sources[d.id]) for gid, gd in repo_model().games.items()
                           for d in gd.game.documents if d.id in gd.sources and gd.sources[d.id].several)
    folder = repo_content().game_files[gid].loaded.path.parent
    lines = originals.lines((folder / doc.file).read_text(encoding="utf-8"))
    last = parts.parts[-1]
    word = max((w for line in lines[last.first - 1:last.last] for w in re.findall(r"[A-Za-z]{6,}", line)
                if not any(w in x for x in lines[:last.first - 1])), key=lambda w: (len(w), w))
    for loc in LOCALES:
        z = Archive(str(built_site / "downloads" / f"rulings-{loc}.zim"))
        paths = [P.url_of(P.source_part_page(gid, doc.file, i), False) for i in range(len(parts.parts))]
        titles = [z.get_entry_by_path(p).title for p in paths]
        assert len(set(titles)) == len(paths), titles
        for p, part in zip(paths, parts.parts, strict=True):
            page = bytes(z.get_entry_by_path(p).get_item().content).decode()
            assert f'id="L{part.first}"' in page and f'id="L{part.last}"' in page
            assert f'id="L{part.first - 1}"' not in page and f'id="L{part.last + 1}"' not in page
        assert paths[-1] in list(Searcher(z).search(Query().set_query(word)).getResults(0, 50)), word


def _verify(folder: Path):
    return subprocess.run([sys.executable, "-m", "rulings.cli", "verify", str(folder)], capture_output=True, text=True)


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:  # another file system
        shutil.copy2(src, dst)


def test_verify_catches_a_changed_byte_a_missing_and_an_extra_file(built_site, tmp_path):
    mirror = tmp_path / "mirror"
    shutil.copytree(built_site, mirror, copy_function=_link_or_copy)  # hard links: a file is replaced, never edited
    manifest = json.loads((mirror / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["source_date_epoch"] > 0 and len(manifest["commit"] or "x" * 40) == 40
    on_disk = {p.relative_to(mirror).as_posix() for p in mirror.rglob("*") if p.is_file()}
    assert {f["path"] for f in manifest["files"]} == on_disk - {"manifest.json"}
    ok = _verify(mirror)
    assert ok.returncode == 0, ok.stdout
    page = mirror / "en" / "anachronism" / "card" / "ger" / "index.html"
    data = bytearray(page.read_bytes())
    data[1000] ^= 1
    page.unlink()  # a new file: the session's site keeps its bytes
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
    exports = sorted(p for p in api.glob("*.json") if not p.name.endswith(".schema.json") and p.name != "meta.json")
    games = repo_content().games
    assert [p.name for p in exports] == sorted(["all.json", *(f"{g}.{loc}.json" for g in games for loc in LOCALES)])
    checker = Path(sys.executable).with_name("check-jsonschema")
    r = subprocess.run([str(checker), "--schemafile", str(api / "export.schema.json"), *map(str, exports)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for p in exports:
        digest, name = (api / f"{p.name}.sha256").read_text().split()
        assert name == p.name and digest == hashlib.sha256(p.read_bytes()).hexdigest()
    for game in games:
        committed = game_entries(game)
        for loc in LOCALES:
            data = json.loads((api / f"{game}.{loc}.json").read_text(encoding="utf-8"))
            assert data["locale"] == loc
            for key, entries in committed.items():
                assert sorted(e["id"] for e in data[key]) == sorted(e.id for e in entries), (game, loc, key)
    hokuto = json.loads((api / "hokuto-no-ken.en.json").read_text(encoding="utf-8"))
    q = hokuto["entries"][0]["question"]
    assert q["lang"] == "en" and q["original_lang"] == "it" and q["status"] == "machine"


def test_feeds_parse_with_a_real_feed_parser(built_site):
    import feedparser

    for loc in LOCALES:
        for game in repo_content().games:
            feed = feedparser.parse((built_site / loc / game / "feed.xml").read_bytes())
            assert not feed.bozo, (loc, game, feed.get("bozo_exception"))
            assert feed.version == "atom10"
            assert len(feed.entries) == feed_items(game), (loc, game)
        sorcery = feedparser.parse((built_site / loc / "sorcery" / "feed.xml").read_bytes())
        assert sorcery.entries[0].updated.startswith("2025-03-12")
