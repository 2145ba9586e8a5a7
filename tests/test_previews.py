"""A page carries the previews of the cards and terms its texts link to: once each however often they are
linked, every link naming one that is there, with the card's type line and first ruling (or a term's
definition) as text, escaped like everything else from content."""

from __future__ import annotations

import html
import re

from conftest import REPO, build_tree, project_locales
from rulings.content.tree import read
from rulings.model.entries import EntityType, Provenance, Ruling
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.labels import ENTITY_TYPE_LABELS
from rulings.site.layout import build_model
from rulings.site.pages import LocaleRenderer

HOSTILE = 'Does the Sword hit <img src=x onerror=alert(1)> & "quotes"?'


def pages(tmp_path) -> dict[str, dict[str, str]]:
    prov = [Provenance("doc", (1, 2))]
    rulings = [
        Ruling("demo/ruling/about-sword", "en", prov, question=Text("en", HOSTILE), answer=Text("en", "It does."),
               about=["demo/card/sword"]),
        Ruling("demo/ruling/loose-one", "en", prov, question=Text("en", "Is the Sword adjacent to itself?"),
               answer=Text("en", "No, the Sword is never adjacent to itself.")),
        Ruling("demo/ruling/loose-two", "en", prov, statement=Text("en", "A Sword adjacent to a Sword is fine.")),
    ]
    model = build_model(read(build_tree(tmp_path, rulings=rulings)))
    return {loc: {p.path: p.markdown for p in LocaleRenderer(model, loc, UI.load(REPO / "locales", loc)).render().pages}
            for loc in project_locales()}


def previews(markdown: str) -> dict[str, str]:
    return dict(re.findall(r'<div class="rl-preview" id="([^"]+)" role="tooltip" hidden>(.*?)</div>', markdown))


def test_each_linked_card_and_term_has_one_preview_on_the_page(tmp_path):
    for loc, by_path in pages(tmp_path).items():
        md = by_path[P.other_rulings_page("demo")]
        named = re.findall(r'aria-describedby="(rlpv-[^"]+)"', md.split('<aside class="rl-previews"')[0])
        assert named.count("rlpv-card-sword") == 2 and "rlpv-term-adjacent" in named  # once per ruling
        found = previews(md)
        assert sorted(found) == sorted(set(named)), loc
        assert md.count('id="rlpv-card-sword"') == 1
        ui = UI.load(REPO / "locales", loc)
        sword = found["rlpv-card-sword"]
        assert ui.n(ENTITY_TYPE_LABELS[EntityType.CARD], 1) in sword and 'href="../card/sword/"' in sword
        assert html.escape(HOSTILE, quote=True) in sword and "<img" not in sword  # its first ruling, escaped
        assert "Next to." in found["rlpv-term-adjacent"]  # the term's definition
        # a preview says what a page would: English shown to another locale's reader is marked so
        fallback = 'class="rl-mark rl-mark-fallback"' in sword
        assert fallback == (loc != "en"), loc
        assert '<aside class="rl-previews" data-search-exclude>' in md  # not searchable: a copy


def test_a_page_without_links_carries_no_previews(tmp_path):
    for by_path in pages(tmp_path).values():
        # the card's own page: its ruling names only the card itself, which is never linked there
        assert "rl-previews" not in by_path[P.HOME] and "rl-previews" not in by_path["demo/card/sword.md"]
