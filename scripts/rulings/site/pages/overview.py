"""A game's overview page: its description, the pages it has, and its source documents."""

from __future__ import annotations

from rulings.site import paths as P
from rulings.site.i18n import C_, N_, _
from rulings.site.labels import AUTHORITY_LABELS, CHANGELOG, CONTENTS, ERRATA, GLOSSARY, MAINTAINER, RULES
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import LocaleView
from rulings.site.pages.source import DOWNLOAD
from rulings.site.render import esc, heading, plain, raw, text_block, text_inline

PUBLISHER = C_("fact about a game: who published it", "Publisher")
TITLE = C_("fact about a source document: its title", "Title")
AUTHOR = C_("fact about a source document: who wrote it", "Author")
AUTHORITY = C_("fact about a source document: how official it is (official rules, FAQ, community…)", "Authority")
DATE = C_("fact about a source document: when it was published", "Date")
VERSION = C_("fact about a source document: its version or edition", "Version")
REMARKS = C_("fact about a source document: what it prints beside the rules", "Remarks")
LANGUAGES = C_("fact about a source document: the languages it is written in", "Languages")
ORIGINAL = C_("fact about a source document: a link to the original text, kept as published", "Original")

UNIDENTIFIED = _("The source documents never name this game; it is listed under a name describing it from its "
                 "own text until someone identifies it.")


def render(view: LocaleView, gd: GameData) -> Page:
    g = gd.game
    page = P.game_page(g.id)
    ctx = view.ctx(page, g.id)
    out = [heading(1, plain(g.name, view.locale), f"game-{g.id}")]
    if g.name.state(view.locale).value in ("current", "stale"):
        out.append(raw(f'<p class="rl-names">{text_inline(g.name, ctx, link=False)}</p>'))
    if not g.identified:
        out.append(raw(f'<p class="rl-warning">{esc(view.t(UNIDENTIFIED))}</p>'))
    if g.description:
        out.append(raw(text_block(g.description, ctx)))
    facts = []
    if g.publisher:
        facts.append((view.t(PUBLISHER), esc(g.publisher)))
    if g.maintainer:
        facts.append((view.t(MAINTAINER), esc(g.maintainer)))
    if facts:
        out.append(raw("<dl class=\"rl-facts\">" + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in facts)
                       + "</dl>"))
    out.append(heading(2, view.t(CONTENTS), "contents"))
    items = []
    for label, pg, n in (
        (view.t(_("Index A–Z")), P.index_page(g.id), len(gd.entities)),
        (view.t(_("Other rulings")), P.other_rulings_page(g.id),
         sum(len(c) for c in gd.orphan_chunks)),
        (view.t(GLOSSARY), P.glossary_page(g.id), len(gd.terms)),
        (view.t(ERRATA), P.errata_page(g.id), len(gd.errata)),
        (view.t(CHANGELOG), P.changelog_page(g.id), len(gd.changes) + 1),
        (view.t(RULES), P.rules_index_page(g.id), len(gd.sections)),
    ):
        if n:
            items.append(f"<li>{view.page_link(ctx, pg, label)}</li>")
    out.append(raw(f"<ul>{''.join(items)}</ul>"))
    out.append(raw(f'<p>{esc(view.ui.n(N_("{n} ruling", "{n} rulings"), len(gd.rulings)))}</p>'))
    out.append(heading(2, view.t(_("Source documents")), "sources"))
    for d in g.documents:
        rows = [(view.t(TITLE), text_inline(d.title, ctx, link=False))]
        if d.author:
            rows.append((view.t(AUTHOR), esc(d.author)))
        if d.maintainer:
            rows.append((view.t(MAINTAINER), esc(d.maintainer)))
        if d.authority:
            rows.append((view.t(AUTHORITY), esc(view.t(AUTHORITY_LABELS[d.authority]))))
        if d.date_printed or d.date:
            shown = esc(view.ui.date(d.date)) if d.date else ""
            printed = f' <span class="rl-printed">({esc(view.t(_("printed as")))} “{esc(d.date_printed)}”)</span>' \
                if d.date_printed else ""
            rows.append((view.t(DATE), shown + printed))
        if d.version:
            rows.append((view.t(VERSION), esc(d.version)))
        if d.notes:  # the document's own remarks, e.g. a poster's asides
            rows.append((view.t(REMARKS),
                         text_block(d.notes, ctx)))
        rows.append((view.t(LANGUAGES),
                     esc(view.ui.listed([view.ui.language_name(x) for x in d.languages]))))
        rows.append((view.t(ORIGINAL), view.page_link(ctx, P.source_page(g.id, d.file), d.file.rsplit("/", 1)[-1])
                     + f' (<a href="{esc(P.href(ctx.page, f"{g.id}/{d.file}", view.dir_urls))}" download>'
                     f'{esc(view.t(DOWNLOAD))}</a>)'))
        rows.append(("SHA-256", f"<code>{esc(d.sha256)}</code>"))
        out.append(raw('<dl class="rl-facts">' + "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
                       + "</dl>"))
    return Page(page, plain(g.name, view.locale), "\n".join(out) + "\n")
