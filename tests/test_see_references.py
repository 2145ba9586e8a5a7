"""A "See X" cross-reference sends the reader to X instead; a "See also X" one adds X to read as well. The
source keeps the two apart (Anachronism prints both), so the entity pages show them apart, in every locale."""

from __future__ import annotations

import html
import re

from conftest import REPO, project_locales, repo_content, repo_model
from rulings.model.entries import Entity
from rulings.site.i18n import COLON, UI
from rulings.site.pages import entity
from rulings.site.pages.base import SEE, LocaleView


def linked(markdown: str, cls: str, colon: str) -> tuple[str | None, list[str]]:
    """The label and the link texts of the ``<p class="cls">`` paragraph, if the entity has one."""
    m = re.search(rf'<p class="{cls}"[^>]*>(.*?){re.escape(html.escape(colon))}(.*?)</p>', markdown)
    if not m:
        return None, []
    return html.unescape(m.group(1)), [html.unescape(t) for t in re.findall(r"<a [^>]*>(.*?)</a>", m.group(2))]


def test_see_and_see_also_render_apart():
    content, model = repo_content(), repo_model()
    entities = [e for e in content.entries if isinstance(e, Entity) and (e.see or e.related)]
    assert any(e.see for e in entities) and any(e.related for e in entities)
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        view = LocaleView(model, loc, ui)
        for e in entities:
            gd = model.games[e.game]
            md = entity.render(view, gd, e).markdown
            head = re.search(r'<div class="rl-entry rl-entity">(.*?)</div>\n', md, re.S).group(1)
            for cls, refs, label in (("rl-see", e.see, SEE), ("rl-related", e.related, "See also")):
                shown_label, shown = linked(head, cls, ui.t(COLON))
                if refs:
                    assert shown_label == ui.t(label), (loc, e.id, cls)
                    assert shown == [view.name(model.by_id[r]) for r in refs], (loc, e.id, cls)
                else:
                    assert shown_label is None, (loc, e.id, cls)
