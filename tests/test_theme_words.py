"""The theme's own words (mkdocs.yml: footer, ¶ permalinks, palette toggle) reach each locale translated,
and names sort as a reader of their script expects (Chinese by pinyin among Latin names)."""

from __future__ import annotations

import html
import unicodedata
from pathlib import Path

import yaml

from conftest import repo_content
from rulings.model.entries import Entity
from rulings.model.terms import HAN
from rulings.site.layout import initial, sort_key
from rulings.site.mkdocs_config import THEME_WORDS, theme_words
from rulings.site.render import name_title

REPO = Path(__file__).resolve().parents[1]


def test_every_word_mkdocs_yml_shows_readers_is_marked_for_the_catalogs():
    conf = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    shown = [conf["copyright"], *(p["toggle"]["name"] for p in conf["theme"]["palette"] if "toggle" in p),
             *(e["toc"]["permalink_title"] for e in conf["markdown_extensions"] if isinstance(e, dict) and "toc" in e)]
    assert len(conf["theme"]["palette"]) == 2 and all(p.get("media") for p in conf["theme"]["palette"])
    assert sorted(shown) == sorted(THEME_WORDS)


def test_each_locale_config_gets_the_words_translated():
    marked = {w: f"<{w}>" for w in THEME_WORDS}  # a translation with markup in it stays text
    words = theme_words(REPO / "mkdocs.yml", lambda w: marked.get(w, w))
    assert words["copyright"] == html.escape(marked[THEME_WORDS[0]])
    assert [p["toggle"]["name"] for p in words["theme"]["palette"]] == [html.escape(marked[w]) for w in THEME_WORDS[2:]]
    toc = next(e["toc"] for e in words["markdown_extensions"] if isinstance(e, dict) and "toc" in e)
    assert toc["permalink_title"] == marked["Permanent link"] and toc["permalink"] is True


def test_chinese_names_sort_by_pinyin_among_latin_ones():
    names = sorted({name_title(e.name, "zh") for e in repo_content().entries if isinstance(e, Entity) and e.name})
    han = [n for n in names if HAN.search(n)]
    latin = [n for n in names if not HAN.search(n)]
    assert han and latin, "the content has Chinese and Latin names"
    ordered = sorted(names, key=sort_key)
    accentless = [unicodedata.normalize("NFKD", n).encode("ascii", "ignore").decode().casefold().strip() or n
                  for n in latin]
    assert [n for n in ordered if not HAN.search(n)] == [n for _k, n in sorted(zip(accentless, latin, strict=True))]
    assert all(initial(n).isascii() and (initial(n).isalpha() or initial(n) == "#") for n in han), han
    assert sorted(["曹操", "Zhang Fei", "Bao Si", "孙权"], key=sort_key) == ["Bao Si", "曹操", "孙权", "Zhang Fei"]
    assert initial("曹操") == "C" and initial("刘备") == "L"


def test_the_site_name_is_marked_and_each_locale_config_gets_it_translated():
    from rulings.site.mkdocs_config import SITE_NAME, site_labels

    conf = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    assert conf["site_name"] == SITE_NAME
    assert site_labels(REPO / "mkdocs.yml", lambda w: f"<{w}>")["site_name"] == html.escape(f"<{SITE_NAME}>")


def test_a_mirrors_own_site_name_is_kept_as_written(tmp_path):
    from rulings.site.mkdocs_config import site_labels

    (tmp_path / "mkdocs.yml").write_text("site_name: Other rulings\n", encoding="utf-8")
    assert site_labels(tmp_path / "mkdocs.yml", lambda w: f"<{w}>")["site_name"] == "Other rulings"
