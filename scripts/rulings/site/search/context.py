"""What the search index needs to know about a locale's pages that their HTML does not say.

Material's search plugin gives each page and section as title and text; the index adds the game and
kind each result shows (and filters by), the names a card, hero or term is found by in every
language (printed names, translations, aliases), which rank first, and the originals of the texts an
entry shows translated: the pages hide them (and keep them out of Material's text, so a result's
snippet is the reader's text), the index finds them at the lowest weight. Written by the generator beside
the locale's ``mkdocs.yml`` and read by :mod:`rulings.site.search.hook`.
"""

from __future__ import annotations

import json

from rulings.model.entries import Change, Entity, Entry, Erratum, Ruling, Section, Term
from rulings.model.terms import all_forms
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.labels import CHANGELOG, ENTITY_TYPE_LABELS, ERRATUM, GAME, GLOSSARY, RULES, RULINGS
from rulings.site.layout import SiteModel
from rulings.site.render import plain
from rulings.translation.display import shown

FILE = "search-context.json"
"""Its name, beside the generated ``mkdocs.yml``."""

KIND_LABELS = {"ruling": RULINGS, "term": GLOSSARY, "erratum": ERRATUM, "change": CHANGELOG, "section": RULES}
"""The reader's name of each kind of entry that is not an entity (entities: their type's label)."""


def kind_of(e: Entry) -> str:
    """The kind a result shows and filters by: the entity's type, else the entry's kind."""
    if isinstance(e, Entity):
        return e.type.value
    return {Ruling: "ruling", Term: "term", Erratum: "erratum", Change: "change", Section: "section"}[type(e)]


def kind_label(ui: UI, kind: str) -> str:
    types = {t.value: label for t, label in ENTITY_TYPE_LABELS.items()}
    label = types.get(kind) or KIND_LABELS[kind]
    return ui.n(label, 1) if isinstance(label, tuple) else ui.t(label)


def search_context(model: SiteModel, locale: str, ui: UI, dir_urls: bool) -> bytes:
    """The locale's games, kinds, the kind at each entry's location and the names each is found by."""
    where: dict[str, str] = {}
    names: dict[str, list[str]] = {}
    originals: dict[str, list[str]] = {}
    kinds: set[str] = set()
    for gd in model.games.values():
        for e in gd.entries:
            found = model.locator.pages.get(e.id)
            if found is None:
                continue
            page, anchor = found
            location = P.location(page, dir_urls, anchor)
            kind = kind_of(e)
            kinds.add(kind)
            where.setdefault(location, kind)
            if isinstance(e, Entity):
                names[location] = all_forms(e.name, e.aliases)
            elif isinstance(e, Term):
                names[location] = all_forms(e.term, e.aliases)
            texts = [d.original for _, t in e.texts() if not (d := shown(t, locale)).is_original]
            if texts:
                originals.setdefault(location, []).extend(texts)
    data = {
        "games": {gid: plain(gd.game.name, locale) for gid, gd in model.games.items()},
        "kinds": {k: kind_label(ui, k) for k in sorted(kinds)},
        "labels": {"game": ui.t(GAME)},
        "where": where,
        "names": {loc: forms for loc, forms in names.items() if forms},
        "originals": originals,
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0).encode("utf-8")
