"""A ruling no longer in force stays on the page, folded and struck through, under its status, the date and
reason of the step that ended it and a link to the ruling that replaced it; current rulings are not folded."""

from __future__ import annotations

import html
import json
import re

from conftest import REPO, project_locales
from rulings.content.tree import read
from rulings.model.entries import Ruling, RulingStatus, StatusChange
from rulings.model.text import Text
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.labels import RULING_STATUS_LABELS
from rulings.site.layout import build_model
from rulings.site.pages.base import LocaleView
from rulings.site.pages.ruling import ruling_html


def superseded_fixture():
    """The real content, read afresh (it is changed): one ruling of a game superseded by another of that game."""
    content = read(REPO / "content")
    rulings = [e for e in content.entries if isinstance(e, Ruling) and e.status is RulingStatus.CURRENT]
    old, new = rulings[0], next(r for r in rulings[1:] if r.game == rulings[0].game)
    old.status = RulingStatus.SUPERSEDED
    old.history = [StatusChange(RulingStatus.SUPERSEDED, Text("en", "Contradicted by a later erratum."),
                                date="2024-05-01", replaced_by=new.id)]
    return build_model(content), old, new


def test_superseded_ruling_is_folded_with_reason_date_and_successor():
    model, old, new = superseded_fixture()
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        view = LocaleView(model, loc, ui)
        ctx = view.ctx(P.other_rulings_page(old.game), old.game)
        out = "".join(ruling_html(view, old, ctx, 2))
        m = re.search(r'<details class="rl-entry rl-ruling rl-folded rl-superseded"[^>]*><summary[^>]*>(.*?)</summary>',
                      out, re.S)
        assert m, loc
        summary = html.unescape(m.group(1))
        assert ui.t(RULING_STATUS_LABELS[RulingStatus.SUPERSEDED]) in summary
        assert ui.date("2024-05-01") in summary
        assert "Contradicted by a later erratum." in summary
        assert f'href="{html.unescape(ctx.link(new.id))}"' in summary
        current = "".join(ruling_html(view, new, ctx, 2))
        assert "rl-folded" not in current and '<div class="rl-entry rl-ruling"' in current


def test_folded_rulings_are_struck_through():
    css = (REPO / "site_config" / "assets" / "rulings.css").read_text(encoding="utf-8")
    rules = re.findall(r"\.rl-folded [^{]*\{[^}]*\}", css)
    assert any("line-through" in r and ".rl-a" in r for r in rules)


def test_a_successor_must_be_a_ruling_that_exists(tree):
    """``replaced_by`` is checked like every reference, at its position in the file."""
    from test_validate import MODELINE, run  # the validator's own test helpers

    (tree / "demo" / "rulings.yml").write_text(MODELINE + """\
kind: rulings
game: demo
entries:
  - id: demo/ruling/old
    lang: en
    statement: {en: "Old."}
    status: superseded
    history:
      - status: superseded
        replaced_by: demo/ruling/gone
  - id: demo/ruling/older
    lang: en
    statement: {en: "Older."}
    status: reversed
    history:
      - status: reversed
        replaced_by: demo/card/sword
""", encoding="utf-8")
    r = run(["validate", "content", "--format", "json"], tree.parent)
    got = [(d["line"], d["rule"]) for d in json.loads(r.output)["diagnostics"] if d["severity"] == "error"]
    assert got == [(11, "ref-unresolved"), (18, "ref-kind")], r.output
