"""What the pages say about each source document: its remarks (lines that are neither rules nor rulings) in
the reader's language, a date only where the document prints one of its own, and who stands behind it,
beside every ruling's source line."""

from __future__ import annotations

import html
import re

from conftest import REPO, project_locales, repo_content, repo_model
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.labels import AUTHORITY_LABELS
from rulings.site.pages import home, overview
from rulings.site.pages.base import LocaleView
from rulings.site.pages.ruling import ruling_html
from rulings.site.render import plain


def rows(markdown: str) -> list[dict[str, str]]:
    """The facts (label → HTML value) of each document on an overview page, in order."""
    sources = markdown.split("{ #sources }", 1)[1]
    return [{k: html.unescape(v) for k, v in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", dl, re.S)}
            for dl in re.findall(r'<dl class="rl-facts">(.*?)</dl>', sources, re.S)]


def test_documents_show_their_remarks_and_only_their_own_dates():
    content, model = repo_content(), repo_model()
    with_notes = [d for g in content.games.values() for d in g.documents if d.notes]
    assert with_notes, "a document keeps remarks (the Three Kingdoms poster's lines)"
    undated = [g for g in content.games.values() if any(not d.date for d in g.documents)
               and any(c.game == g.id and c.date for c in model.games[g.id].changes)]
    assert undated, "a game whose change log is dated though its document prints no date (Sorcery)"
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        view = LocaleView(model, loc, ui)
        for gid, gd in model.games.items():
            docs = rows(overview.render(view, gd).markdown)
            for d, facts in zip(gd.game.documents, docs, strict=True):
                assert (ui.t(overview.DATE) in facts) == bool(d.date), (loc, gid, d.id)
                if d.notes:
                    tr = d.notes.translations.get(loc)
                    shown = tr.text if loc != d.notes.lang and tr else d.notes.source
                    for para in shown.split("\n\n"):
                        assert para in facts[ui.t(overview.REMARKS)], (loc, gid)
                else:
                    assert ui.t(overview.REMARKS) not in facts
            # the home page's "latest change" reads dated items only: an undated document is not one
            dated = {label for _, label in home.dated(view, gd)}
            assert all((plain(d.title, loc) in dated) == bool(d.date) for d in gd.game.documents), (loc, gid)


def test_every_ruling_shows_its_source_with_the_documents_authority():
    content, model = repo_content(), repo_model()
    docs = {(g.id, d.id): d for g in content.games.values() for d in g.documents}
    assert all(d.authority for d in docs.values()), "every source document records who stands behind it"
    assert len({d.authority for d in docs.values()}) > 1
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        view = LocaleView(model, loc, ui)
        for gid, gd in model.games.items():
            ctx = view.ctx(P.other_rulings_page(gid), gid)
            for r in gd.rulings[:: max(1, len(gd.rulings) // 20)]:  # a spread of each game's rulings
                html_ = "".join(ruling_html(view, r, ctx, 2))
                line = re.search(r'<p class="rl-provenance"[^>]*>(.*?)</p>', html_).group(1)
                label = ui.t(AUTHORITY_LABELS[docs[(gid, r.origin.document)].authority])
                assert html.escape(label, quote=False) in line, (loc, r.id)
            facts = rows(overview.render(view, gd).markdown)
            assert [f[ui.t(overview.AUTHORITY)] for f in facts] == [ui.t(AUTHORITY_LABELS[d.authority])
                                                             for d in gd.game.documents]
