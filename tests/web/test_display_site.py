"""The display policy on built pages: an Italian ruling without a Chinese translation reads in English on
the Chinese site, with the Italian original one click away, one notice per page and one marker per text."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from conftest import REPO, build_tree, project_locales
from rulings.build.site_build import build
from rulings.content.tree import read
from rulings.model.entries import Provenance, Ruling
from rulings.model.text import Text
from rulings.site.i18n import UI
from rulings.site.render import MARKS, NOTICES, ORIGINAL_LABEL


def translated(locale: str, msgid: str) -> bool:
    """Whether the locale's catalog file translates ``msgid`` (read with babel: a locale may be partial)."""
    with (REPO / "locales" / locale / "LC_MESSAGES" / "messages.po").open("rb") as f:
        m = read_po(f, locale=locale).get(msgid)
    return m is not None and bool(m.string) and not m.fuzzy


def italian_ruling() -> Ruling:
    q = Text("it", "Posso usare la Spada due volte?")
    q.translate("en", "Can I use the Sword twice?", "machine", "ai:test")
    a = Text("it", "Sì, una volta per turno.")
    a.translate("en", "Yes, once per turn.", "machine", "ai:test")
    return Ruling("demo/ruling/spada-due-volte", "it", [Provenance("doc", (1, 2))], question=q, answer=a,
                  about=["demo/card/sword"])


def test_an_italian_ruling_without_chinese_reads_in_english_with_the_original_a_click_away(tmp_path):
    content = build_tree(tmp_path, rulings=[italian_ruling()])
    locales = [loc for loc in project_locales() if loc not in ("en", "it")] or ["zh"]
    site = tmp_path / "site"
    build(REPO, site, content_dir=content, work=tmp_path / "build", locales=["en", *locales], log=lambda *_: None)
    assert read(content).project.locales  # the tree is valid
    for loc in locales:
        ui = UI.load(REPO / "locales", loc)
        html = (site / loc / "demo" / "card" / "sword" / "index.html").read_text(encoding="utf-8")
        assert '<div class="rl-text" lang="en"><p>Yes, once per turn.' in html, loc
        original = re.search(r'<div class="rl-orig" lang="it" data-search-exclude><p class="rl-orig-label" '
                             r'lang="([^"]+)">(.*?)</p><p>Sì, una volta per turno.</p></div>', html)
        assert original and original.group(1) == (loc if translated(loc, ORIGINAL_LABEL) else "en")  # as shown
        assert ui.t("Original ({language})", language=ui.language_name("it")) in original.group(2)
        assert html.count("data-rl-originals") == 1  # one switch for the page's originals
        assert html.count('class="rl-notice"') == 1
        assert ui.t(NOTICES["fallback"], language=ui.language_name(loc)) in html
        assert ui.t(NOTICES["machine"]) in html
        assert not re.search(r'class="rl-badge(?! rl-authority)', html)  # no badge but the source's authority
        # one marker per displayed text, named for screen readers
        label = f'{ui.t(MARKS["fallback"][1])}; {ui.t(MARKS["machine"][1])}'
        assert html.count(f'aria-label="{label}"') >= 2
