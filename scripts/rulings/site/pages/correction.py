""""Report a problem" and "Edit source" under each ruling, card and glossary term, when the project names its
forge (``forge:`` in content/project.yml); without one nothing is rendered.

The report link opens the forge's new-issue form prefilled with the entry id, the page's address (absolute
when the build has a site URL) and the text the reader sees (in a code block, so the forge makes no mention,
issue link or markup of it: :func:`rulings.site.forge.code_block`); the edit link opens the entry's YAML file at its
line. Both are plain links (no script builds or fetches anything), so offline bundles keep them as external
links that simply need a network when followed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rulings.content.load import node_position
from rulings.model.entries import Entity, Entry, Forge, Ruling, Term
from rulings.site import paths as P
from rulings.site.forge import file_url, new_issue_url
from rulings.site.i18n import C_, _
from rulings.site.layout import SiteModel
from rulings.site.render import NS, esc
from rulings.translation.display import shown_text

if TYPE_CHECKING:
    from rulings.site.pages.base import LocaleView

REPORT = _("Report a problem")
REPORT_NAMED = _("Report a problem with {name}")
EDIT = _("Edit source")
EDIT_NAMED = _("Edit source of {name}")
TITLE = _("Problem with {id}")
ASK = _("What is wrong, and what should it say?")
ENTRY = C_("field of a problem report (a message to the maintainers): the entry's id", "Entry")
PAGE = C_("field of a problem report: the address of the page", "Page")
NAME_LIMIT = 80  # characters of an entry's name in an accessible name


@dataclass
class Corrections:
    """The forge and where each entry is written (file from the repository root, line of its ``id``)."""

    forge: Forge
    site_url: str | None
    places: dict[str, tuple[str, int | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, model: SiteModel, site_url: str | None) -> Corrections | None:
        forge = model.content.project.forge
        if forge is None:
            return None
        root = model.content.root
        places = {}
        for f in model.content.files:
            rel = (Path(root.name) / f.loaded.path.relative_to(root)).as_posix()  # content/<game>/<file>.yml
            for e in f.entries:
                places[e.id] = (rel, node_position(e.node)[0] if e.node is not None else None)
        return cls(forge, site_url, places)

    def links(self, view: LocaleView, e: Entry) -> str:
        """The paragraph of links under an entry ("" for kinds readers do not report on)."""
        if not isinstance(e, Ruling | Entity | Term):
            return ""
        name = view.name(e)
        name = name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1].rstrip() + "…"
        title = view.t(TITLE, id=e.id)
        body = "\n".join([view.ui.label(ENTRY) + e.id, view.ui.label(PAGE) + self.address(view, e), "",
                          view.ui.label(_("Text shown")), "{text}", "", view.t(ASK)])
        report = new_issue_url(self.forge, title, body, shown_texts(e, view.locale))
        out = [_link("rl-report", report, view.t(REPORT), view.t(REPORT_NAMED, name=name))]
        path, line = self.places.get(e.id, (None, None))
        if path:
            out.append(_link("rl-edit", file_url(self.forge, path, line), view.t(EDIT), view.t(EDIT_NAMED, name=name)))
        return f'<p class="rl-correct"{NS}>{" · ".join(out)}</p>'

    def address(self, view: LocaleView, e: Entry) -> str:
        """Where the entry is read: absolute with the site URL, else the path under the site's root."""
        page = view.m.locator.page_of(e.id) or ""
        fragment = None if isinstance(e, Entity) else P.anchor(e.id)
        if self.site_url:
            return P.site_address(self.site_url, view.locale, page, True, fragment)
        return f"{view.locale}/{P.location(page, True, fragment)}"


def shown_texts(e: Entry, locale: str) -> str:
    """The entry's texts as a reader of ``locale`` sees them, one paragraph each."""
    fields = {Ruling: ("question", "answer", "statement"), Entity: ("name", "text"), Term: ("term", "definition")}
    texts = [shown_text(getattr(e, f), locale) for f in fields[type(e)]]
    return "\n\n".join(t for t in texts if t)


def _link(cls: str, url: str, text: str, label: str) -> str:
    """An external link: a new tab, no access to this page (``noopener``), named for screen readers."""
    return (f'<a class="{cls}" href="{esc(url)}" target="_blank" rel="noopener" aria-label="{esc(label)}">'
            f"{esc(text)}</a>")
