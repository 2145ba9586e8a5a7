"""The contributor guides of ``docs/`` as site pages, in the reader's language where a current translation is.

``docs/`` is written in English (:data:`GUIDE_LANG`), the version the project keeps. A translation lives in
``docs/i18n/<locale>/<name>`` and starts with front matter saying what it was made from (``source_hash``:
:func:`rulings.model.text.text_hash` of the English file), how (``status``, e.g. ``machine``) and by whom
(``by``). The staleness rule of every content text holds: a translation made from another version of the
English guide is not shown (it may contradict the current one); the English is, under a note saying the
translation is out of date. Guides are trusted project text, so Markdown (reviewed like code).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulings.model.text import FALLBACK_LOCALE, text_hash
from rulings.site.i18n import UI, _

GUIDE_LANG = FALLBACK_LOCALE  # the language docs/ is written in
TRANSLATIONS = "i18n"  # docs/i18n/<locale>/<name>
GUIDE_NOTE = _("This guide is written in English.")
GUIDE_MACHINE = _("This guide is a machine translation of the English one, which remains the reference.")
GUIDE_STALE = _("This guide is shown in English: its translation into {language} is out of date.")


@dataclass(frozen=True)
class Translation:
    text: str
    source_hash: str
    status: str
    by: str


def read_translation(path: Path) -> Translation | None:
    """A translated guide with its front matter, or None where there is none (or it is not a translation)."""
    if not path.is_file():
        return None
    raw = path.read_text(encoding="utf-8")
    if not raw.startswith("---\n"):
        return None
    head, sep, body = raw[4:].partition("\n---\n")
    meta = yaml.load(head, Loader=yaml.BaseLoader) if sep else None  # every value a string: a hash of digits too
    if not isinstance(meta, dict) or not isinstance(meta.get("source_hash"), str):
        return None
    return Translation(body.lstrip("\n"), meta["source_hash"], str(meta.get("status", "machine")),
                       str(meta.get("by", "")))


def guide_page(docs: Path, name: str, locale: str, ui: UI) -> str:
    """The Markdown of guide ``name`` as a reader of ``locale`` gets it: the source in English, a current
    translation (machine ones under a note saying so), else the English under a note (and, for screen
    readers, marked English: ``rl_text_lang``, see site_config/overrides/main.html)."""
    english = (docs / name).read_text(encoding="utf-8")
    if locale == GUIDE_LANG:
        return english
    tr = read_translation(docs / TRANSLATIONS / locale / name)
    if tr is not None and tr.source_hash == text_hash(english):
        note = f'<p class="rl-note">⚙ {html.escape(ui.t(GUIDE_MACHINE))}</p>\n\n' if tr.status == "machine" else ""
        return note + tr.text
    note = GUIDE_STALE if tr is not None else GUIDE_NOTE
    message = ui.t(note, language=ui.language_name(locale))
    return (f'---\nrl_text_lang: {GUIDE_LANG}\n---\n\n<p class="rl-note" lang="{html.escape(ui.lang_of(note))}">'
            f"{html.escape(message)}</p>\n\n{english}")
