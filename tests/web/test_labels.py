"""Enumerated values read in the reader's language: attribute values (faction, gender…), attribute names and
erratum kinds come from the UI catalogs; the codes stay in the JSON."""

from __future__ import annotations

import html
import json
import re

from conftest import REPO, project_locales, repo_content
from rulings.model.entries import Entity, Erratum
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.labels import ATTRIBUTE_LABELS, ATTRIBUTE_VALUE_LABELS, ERRATUM_TYPE_LABELS

CONTENT = repo_content()  # the tree the other modules read: not read again while collecting


def page(site, locale: str, md: str) -> str:
    return (site / locale / P.url_of(md, True) / "index.html").read_text(encoding="utf-8")


def facts(text: str) -> dict[str, str]:
    block = re.search(r'<dl class="rl-facts">(.*?)</dl>', text, re.S).group(1)
    return {html.unescape(k): html.unescape(v) for k, v in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", block)}


def test_attribute_names_and_coded_values_are_localised_on_every_locale(built_site):
    labelled = [e for e in CONTENT.entries if isinstance(e, Entity)
                and any((k, str(v)) in ATTRIBUTE_VALUE_LABELS for k, v in e.attributes.items())]
    assert labelled, "content has coded attribute values (e.g. a hero's faction)"
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        for e in labelled:
            shown = facts(page(built_site, loc, P.entity_page(e)))
            for k, v in e.attributes.items():
                name = ui.t(ATTRIBUTE_LABELS[k]) if k in ATTRIBUTE_LABELS else k.replace("_", " ")
                label = ATTRIBUTE_VALUE_LABELS.get((k, str(v)))
                assert shown[name] == (ui.t(label) if label else str(v)), (loc, e.id, k)
                assert "_" not in name, "no raw keys such as ability_type"


def test_chinese_hero_pages_read_wei_and_male_where_the_catalog_says_so(built_site):
    ui = UI.load(REPO / "locales", "zh")
    hero = next(e for e in CONTENT.entries if isinstance(e, Entity) and e.attributes.get("faction") == "wei")
    shown = facts(page(built_site, "zh", P.entity_page(hero)))
    assert shown[ui.t(ATTRIBUTE_LABELS["faction"])] == ui.t(ATTRIBUTE_VALUE_LABELS[("faction", "wei")]) != "Wei"


def test_erratum_kinds_are_localised_and_the_json_keeps_the_codes(built_site):
    errata = [e for e in CONTENT.entries if isinstance(e, Erratum)]
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        for game in sorted({e.game for e in errata}):
            text = "".join(p.read_text(encoding="utf-8") for p in (built_site / loc / game).glob("errata*/**/*.html"))
            for kind in {e.type for e in errata if e.game == game}:
                assert f"· {html.escape(ui.t(ERRATUM_TYPE_LABELS[kind]), quote=False)}</p>" in text, (loc, kind)
            data = json.loads((built_site / "api" / "v1" / f"{game}.{loc}.json").read_text(encoding="utf-8"))
            codes = {e["type"] for e in data["entries"] if e["kind"] == "erratum"}
            assert codes == {e.type.value for e in errata if e.game == game}
