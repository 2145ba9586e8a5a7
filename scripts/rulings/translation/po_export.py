"""Export content translations as gettext PO files (Poedit, Weblate, Lokalize): one file per game and
locale, one message per translatable text field whose source language is not the locale.

``msgctxt`` is ``<entry id>#<field path>`` (what ties a message to its field), ``msgid`` the source text
and ``msgstr`` the current translation. Extracted comments give the translator the entry's title, the
source language, the glossary terms the text uses with their agreed translations (found by
:mod:`rulings.model.terms`, as the site links them and the validator checks them), and the page where
the text appears. A stale translation (made from an older source) is exported ``fuzzy`` with the older
source as ``#| msgid``, recovered from git history since the content stores only its hash.

Exports are deterministic: the header dates come from ``SOURCE_DATE_EPOCH`` or the last commit of the
game's folder, never from the clock.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import normalize, write_po

from rulings.content.tree import Content, read
from rulings.files import atomic_write
from rulings.model.entries import Entity, Entry, Game, Term
from rulings.model.terms import Glossary
from rulings.model.text import Text, TextState
from rulings.site import paths as P
from rulings.site.catalogs import plural_forms
from rulings.site.layout import SiteModel, build_model
from rulings.translation.history import History, source_date
from rulings.translation.items import game_items, one_line
from rulings.translation.po_language import language_name, po_language

NOT_IN_HISTORY = "previous source text not found in history"


def term_hints(glossary: Glossary, text: Text, locale: str) -> list[str]:
    """``term: Adjacent → Adiacente`` for every term the source text uses, in order of appearance."""
    out = []
    for term in glossary.used(text):
        assert term.term is not None
        shown = term.term.get(text.lang) or term.term.source
        agreed = term.term.get(locale)
        if agreed is None:
            out.append(f"term: {one_line(shown)} → (no agreed translation in {locale} yet)")
        else:
            stale = " (stale)" if term.term.state(locale) is TextState.STALE else ""
            out.append(f"term: {one_line(shown)} → {one_line(agreed)}{stale}")
    return out


def page_ref(model: SiteModel, owner: Entry | Game) -> str | None:
    """Where the text is shown on the site: ``anachronism/card/ger/#ruling-…``."""
    if isinstance(owner, Game):
        return P.url_of(P.game_page(owner.id), True)
    found = model.locator.pages.get(owner.id)
    if not found:
        return None
    page, frag = found
    return P.url_of(page, True) + (f"#{frag}" if frag else "")


def _relpath(root: Path, file: Path) -> str:
    try:
        return file.resolve().relative_to(root.resolve().parent).as_posix()
    except ValueError:
        return file.as_posix()


def build_catalog(content: Content, game: str, locale: str, *, model: SiteModel | None = None,
                  history: History | None = None, date: dt.datetime | None = None) -> Catalog:
    """The catalog of one game's texts to translate into ``locale``."""
    model = model or build_model(content)
    history = history or History()
    date = date or source_date(content.root, game)
    g = content.games.get(game)
    entries = [e for cf in content.files if cf.game == game for e in cf.entries]
    glossary = Glossary([e for e in entries if isinstance(e, Term)], [e for e in entries if isinstance(e, Entity)])
    lang_name = language_name(locale)
    cat = Catalog(locale=po_language(locale), project="rulings", version=game, fuzzy=False,
                  creation_date=date, revision_date=date, language_team=lang_name,
                  copyright_holder="rulings contributors",
                  header_comment=(
                      f"# {lang_name} ({locale}) translations of the content of {g.name.source if g else game}.\n"
                      "# Made by `rulings translate export`; bring it back with `rulings translate import`.\n"
                      "# msgctxt names the field (entry id#field path): keep it. Fuzzy messages are not\n"
                      "# imported: check the translation against the changed source, then clear fuzzy.\n"
                      "# Guide: docs/translating.md"))
    cat.msgid_bugs_address = ""  # babel's default is a placeholder address
    cat.last_translator = ""  # PO editors fill in the translator; import reads it as --by
    cat.mime_headers = [(k, v) for k, v in cat.mime_headers if k.lower() != "plural-forms"] + [
        ("Plural-Forms", plural_forms(locale))]
    for it in game_items(content, game):
        text = it.text
        if text.lang == locale or not text.source or "\x04" in text.source:
            continue  # nothing to translate; U+0004 separates msgctxt from msgid in gettext, no PO can hold it
        kind = it.owner_id.split("/")[1] if "/" in it.owner_id else None
        comments = [f"entry ({kind}): {it.title}" if kind else f"game: {it.title}",
                    f"source language: {language_name(text.lang)} ({text.lang})"]
        tr = text.translations.get(locale)
        if tr is not None:
            comments.append(f"translation: {tr.status.value} by {one_line(tr.by)}")
            if tr.note:
                comments.append(f"translation note: {one_line(tr.note)}")
        comments += term_hints(glossary, text, locale)
        page = page_ref(model, it.entry)
        if page:
            comments.append(f"page: {page}")
        flags = set()
        previous = None
        if text.state(locale) is TextState.STALE and tr is not None:
            flags.add("fuzzy")
            previous = history.previous_source(it.file, it.owner_id, it.path, tr.source_hash)
            if previous is None:
                comments.append(NOT_IN_HISTORY)
        msg = Message(text.source, tr.text if tr else "", locations=[(_relpath(content.root, it.file), it.line)],
                      flags=flags, auto_comments=comments, previous_id=[previous] if previous is not None else [],
                      context=it.ctx)
        msg.flags.discard("python-format")  # a "%" in rules text is not a format string
        cat[msg.id] = msg  # keyed by (msgid, msgctxt): the context keeps equal source texts apart
    return cat


def render_po(cat: Catalog) -> bytes:
    """The PO text of a catalog: babel's ``write_po`` with two repairs.

    babel wraps ``#.`` comments and ``#|`` previous msgids at 76 columns even with ``width=0``,
    breaking page paths at hyphens and multi-line previous msgids into invalid PO. Each message's
    comments and previous msgid are written as a unique marker line and replaced by the unwrapped
    lines afterwards.
    """
    comments: dict[str, list[str]] = {}
    previous: dict[str, str] = {}
    saved = []
    for i, msg in enumerate(m for m in cat if m.id):
        saved.append((msg, msg.auto_comments, msg.previous_id))
        if msg.auto_comments:
            key = f"@@rulings-comments-{i}@@"
            comments[f"#. {key}"] = [f"#. {one_line(c)}" for c in msg.auto_comments]
            msg.auto_comments = [key]
        if msg.previous_id:
            key = f"@@rulings-previous-{i}@@"
            previous[f'#| msgid "{key}"'] = msg.previous_id[0]
            msg.previous_id = [key]
    buf = io.BytesIO()
    try:
        write_po(buf, cat, width=0, include_previous=True)
    finally:
        for msg, ac, prev in saved:
            msg.auto_comments, msg.previous_id = ac, prev
    out = []
    for line in buf.getvalue().decode("utf-8").split("\n"):
        if line in comments:
            out += comments[line]
        elif line in previous:
            out.append("#| msgid " + normalize(previous[line], prefix="#| ", width=0))
        else:
            out.append(line)
    return "\n".join(out).encode("utf-8")


def export_po(root: Path, locale: str, out_dir: Path, game: str | None = None) -> list[Path]:
    """Write ``<out_dir>/<game>.<locale>.po`` for every game (or one); returns the files written.

    Raises ValueError for an unknown game."""
    locale = locale.replace("_", "-")
    content = read(root)
    if game is not None and game not in content.games:
        raise ValueError(f"unknown game '{game}' (games: {', '.join(content.games) or 'none'})")
    games = [game] if game else list(content.games)
    model = build_model(content)
    history = History()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for gid in games:
        cat = build_catalog(content, gid, locale, model=model, history=history)
        path = out_dir / f"{gid}.{locale}.po"
        atomic_write(path, render_po(cat))
        written.append(path)
    return written
