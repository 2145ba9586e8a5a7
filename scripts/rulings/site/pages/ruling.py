"""A ruling as HTML (on its card's page, or a copy under every other card it is about), and the pages
of rulings about no card."""

from __future__ import annotations

from rulings.model.entries import Ruling, RulingStatus
from rulings.site import paths as P
from rulings.site.i18n import C_, _
from rulings.site.labels import RULING_STATUS_LABELS
from rulings.site.layout import GameData, Page
from rulings.site.pages.base import LocaleView
from rulings.site.render import Ctx, esc, heading, plain, raw, text_block, text_extras, text_inline

UNANSWERED = _("The source prints this question without an answer.")
COPY_LINK = _("Copy link")
COPY_LINK_TITLE = _("Copy the link to this ruling")
LINK_COPIED = _("Link copied")
ANSWER = C_("label before a ruling's answer: A for Answer, as in Q & A", "A")
HISTORY = C_("heading over the steps of a ruling's history (made, replaced…)", "History")


def copy_button(view: LocaleView, r: Ruling, ctx: Ctx) -> str:
    """A button that copies the ruling's permalink (site_config/assets/copy-link.js makes it absolute
    and copies it; the status beside it says it did). A copy under another card links to its home page."""
    return (f'<p class="rl-copy" data-search-exclude><button type="button" class="rl-copy-link" '
            f'data-rl-permalink="{esc(ctx.link(r.id) or "#" + P.anchor(r.id))}" '
            f'data-rl-copied="{esc(view.t(LINK_COPIED))}" title="{esc(view.t(COPY_LINK_TITLE))}">'
            f'{esc(view.t(COPY_LINK))}</button> <span class="rl-copy-status" role="status"></span></p>')


def ruling_html(view: LocaleView, r: Ruling, ctx: Ctx, level: int = 2) -> list[str]:
    ctx.seen = set()
    title = plain(r.question or r.statement, view.locale)
    home = view.m.locator.page_of(r.id) == ctx.page  # else a copy, listed under another card
    out = [heading(level, title, P.anchor(r.id), searchable=home)]
    body = [copy_button(view, r, ctx)]
    if r.question:
        extras = text_extras(r.question, ctx)
        if extras:
            body.append(f'<section class="rl-q">{extras}</section>')
        if r.answer:
            body.append(f'<section class="rl-a"><span class="rl-qa-label" data-search-exclude>'
                        f'{esc(view.t(ANSWER))}</span>{text_block(r.answer, ctx)}</section>')
        else:
            body.append(f'<p class="rl-warning">{esc(view.t(UNANSWERED))}</p>')
    elif r.statement:
        # the heading holds the statement already: the body copy stays out of the search index.
        # (Material's search parser tracks exclusions by tag name, so an excluded element must
        # not contain elements of its own tag: <section> around <div>s.)
        body.append(f'<section data-search-exclude>{text_block(r.statement, ctx)}</section>')
    if r.history:
        items = []
        for h in r.history:
            when = esc(view.ui.date(h.date)) if h.date else esc(h.date_printed or "")
            note = text_inline(h.note, ctx) if h.note else ""
            items.append(f"<li>{when}{': ' if when and note else ''}{note}</li>")
        body.append(f'<div class="rl-history"><p>{esc(view.t(HISTORY))}</p><ul>{"".join(items)}</ul></div>')
    body += view.meta(r, ctx, [x for x in r.about if x != ctx.self_id], r.related)
    skip = "" if home else " data-search-exclude"
    if r.status is RulingStatus.CURRENT:
        out.append(raw(f'<div class="rl-entry rl-ruling"{skip}>{"".join(body)}</div>'))
    else:  # no longer in force: kept on the page, folded under why, when and what replaced it
        out.append(raw(f'<details class="rl-entry rl-ruling rl-folded rl-{r.status.value}"{skip}>'
                       f'{folded_summary(view, r, ctx)}{"".join(body)}</details>'))
    return out


def folded_summary(view: LocaleView, r: Ruling, ctx: Ctx) -> str:
    """The line a superseded or reversed ruling is folded under: its status, the latest step's date and
    reason, and a link to the ruling that replaced it."""
    step = next((h for h in reversed(r.history) if h.status is r.status), None)
    parts = [f'<span class="rl-status rl-{r.status.value}">{esc(view.t(RULING_STATUS_LABELS[r.status]))}</span>']
    if step and (step.date or step.date_printed):
        parts.append(esc(view.ui.date(step.date) if step.date else step.date_printed or ""))
    if step and step.note:
        parts.append(text_inline(step.note, ctx))
    if step and step.replaced_by:
        parts.append(f'{esc(view.t(_("Replaced by")))}: {view.a(ctx, step.replaced_by)}')
    return '<summary data-search-exclude>' + " · ".join(parts) + "</summary>"


def render(view: LocaleView, gd: GameData) -> list[Page]:
    """The pages of the rulings about no card (each other ruling is on the page of the card it is about)."""

    def body(rulings: list[Ruling], ctx: Ctx) -> list[str]:
        return [line for r in rulings for line in ruling_html(view, r, ctx, 2)]

    return view.chunk_pages(gd, P.other_rulings_page(gd.game.id), view.t(_("Other rulings")), "other-rulings",
                            gd.orphan_chunks, body)
