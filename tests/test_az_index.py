"""The A–Z index names each entry once: the original is shown beside a name only where it reads differently
("Edelsteine (Edelsteine)" only repeated the name), in every locale."""

from __future__ import annotations

import html
import re
from pathlib import Path

from conftest import REPO, build_tree, project_locales, repo_model, write
from rulings.content.codec import entries_file_to_data
from rulings.content.tree import read
from rulings.model.entries import Entity, EntityType, Provenance
from rulings.model.text import Text, TranslationStatus
from rulings.site.i18n import UI
from rulings.site.layout import SiteModel, build_model
from rulings.site.pages import az_index
from rulings.site.pages.base import LocaleView
from rulings.translation.display import reads_alike

ITEM = re.compile(r'<li><a [^>]*>(?P<name>.*?)</a>(?: <span class="[^"]*rl-orig-inline" lang="[^"]*"[^>]*>'
                  r"(?P<orig>.*?)</span>)? <span")


def index_items(model: SiteModel, locale: str) -> list[tuple[str, str | None]]:
    """Every index entry of every game in ``locale``: its link text and the original shown beside it (None:
    none)."""
    view = LocaleView(model, locale, UI.load(REPO / "locales", locale))
    out = []
    for gid, gd in model.games.items():
        md = "\n".join(az_index.index_html(view, gd.indexed, gd, view.ctx("index.md", gid)))
        found = ITEM.findall(md)
        assert len(found) == len(gd.indexed), (locale, gid)
        out += [(html.unescape(name), html.unescape(orig) if orig else None) for name, orig in found]
    return out


def test_the_repository_index_never_repeats_a_name_and_keeps_the_originals_that_differ() -> None:
    model = repo_model()
    alike = [e for gd in model.games.values() for e in gd.indexed for loc in project_locales()
             if e.name and e.name.lang != loc and (tr := e.name.get(loc)) is not None
             and reads_alike(tr, e.name.source)]
    assert alike, "the content has names translated as they are written (the case this covers)"
    for loc in project_locales():
        view = LocaleView(model, loc, UI.load(REPO / "locales", loc))
        items = index_items(model, loc)
        assert not [(n, o) for n, o in items if o is not None and reads_alike(n, o)], loc
        differ = sorted(view.name(e) for gd in model.games.values() for e in gd.indexed
                        if e.name and e.name.lang != loc and not reads_alike(view.name(e), e.name.source))
        assert sorted(n for n, o in items if o is not None) == differ, loc


def synthetic(tmp_path: Path) -> SiteModel:
    """The demo tree with a German card translated as written (in two spellings) and one translated apart."""
    content = build_tree(tmp_path)
    prov = [Provenance("doc", (1, 2))]
    locales = [loc for loc in project_locales() if loc != "de"]

    def card(slug: str, source: str, tr: dict[str, str], status: dict[str, TranslationStatus]) -> Entity:
        t = Text("de", source)
        for loc, text in tr.items():
            t.translate(loc, text, status[loc], "t")
        return Entity(f"demo/card/{slug}", "de", prov, type=EntityType.CARD, name=t)

    # an official translation titles the entry, a draft one does not (a printed name): both paths
    status = {loc: TranslationStatus.OFFICIAL if i % 2 else TranslationStatus.DRAFT for i, loc in enumerate(locales)}
    same = card("edelsteine", "Edelsteine", {loc: "edelsteine" if i % 2 else "Edelsteine  "
                                            for i, loc in enumerate(locales)}, status)
    other = card("schwert", "Schwert", {loc: f"Schwert ({loc})" for loc in locales},
                 dict.fromkeys(locales, TranslationStatus.OFFICIAL))
    sword = Entity("demo/card/sword", "en", prov, type=EntityType.CARD, name=Text("en", "Sword"))
    write(content / "demo" / "entities.yml", entries_file_to_data("entities", "demo", [sword, same, other]),
          tmp_path / "schemas")
    return build_model(read(content))


def test_a_name_translated_as_written_is_shown_once_in_every_locale(tmp_path: Path) -> None:
    model = synthetic(tmp_path)
    for loc in project_locales():
        items = dict(index_items(model, loc))
        assert {n.strip().casefold() for n in items} >= {"edelsteine", f"schwert ({loc})"}, (loc, items)
        assert [o for n, o in items.items() if n.strip().casefold() == "edelsteine"] == [None], (loc, items)
        assert items[f"Schwert ({loc})"] == "Schwert", (loc, items)
