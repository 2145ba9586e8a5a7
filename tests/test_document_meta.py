"""What the overview page says about each source document: its remarks (lines that are neither rules nor
rulings) in the reader's language, and a date only where the document prints one of its own."""

from __future__ import annotations

import html
import re

from conftest import REPO, project_locales
from rulings.content.tree import read
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import home, overview
from rulings.site.pages.base import LocaleView
from rulings.site.render import plain

CONTENT = read(REPO / "content")
MODEL = build_model(CONTENT)


def rows(markdown: str) -> list[dict[str, str]]:
    """The facts (label → HTML value) of each document on an overview page, in order."""
    sources = markdown.split("{ #sources }", 1)[1]
    return [{k: html.unescape(v) for k, v in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", dl, re.S)}
            for dl in re.findall(r'<dl class="rl-facts">(.*?)</dl>', sources, re.S)]


def test_documents_show_their_remarks_and_only_their_own_dates():
    with_notes = [d for g in CONTENT.games.values() for d in g.documents if d.notes]
    assert with_notes, "a document keeps remarks (the Three Kingdoms poster's lines)"
    undated = [g for g in CONTENT.games.values() if any(not d.date for d in g.documents)
               and any(c.game == g.id and c.date for c in MODEL.games[g.id].changes)]
    assert undated, "a game whose change log is dated though its document prints no date (Sorcery)"
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        view = LocaleView(MODEL, loc, ui)
        for gid, gd in MODEL.games.items():
            docs = rows(overview.render(view, gd).markdown)
            for d, facts in zip(gd.game.documents, docs, strict=True):
                assert (ui.t("Date") in facts) == bool(d.date), (loc, gid, d.id)
                if d.notes:
                    tr = d.notes.translations.get(loc)
                    shown = tr.text if loc != d.notes.lang and tr else d.notes.source
                    for para in shown.split("\n\n"):
                        assert para in facts[ui.t("Remarks")], (loc, gid)
                else:
                    assert ui.t("Remarks") not in facts
            # the home page's "latest change" reads dated items only: an undated document is not one
            dated = {label for _, label in home.dated(view, gd)}
            assert all((plain(d.title, loc) in dated) == bool(d.date) for d in gd.game.documents), (loc, gid)
