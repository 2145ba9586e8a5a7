"""Export content translations as gettext PO files (Poedit, Weblate, Lokalize): one file per game and
locale, one message per translatable text field whose source language is not the locale.

``msgctxt`` is ``<entry id>#<field path>`` (what ties a message to its field), ``msgid`` the source text
and ``msgstr`` the current translation. Extracted comments give the translator the entry's title, the
source language, the glossary terms the text uses with their agreed translations (found by
:mod:`rulings.model.terms`, as the site links them and the validator checks them), and the page where
the text appears. A stale translation (made from an older source) is exported ``fuzzy`` with the older
source as ``#| msgid``, recovered from git history since the content stores only its hash.

A text written in another language than English carries its English translation as a reference
(:func:`reference_lines`), so a French translator of a German game works from English or German.

Exports are deterministic: the header dates come from ``SOURCE_DATE_EPOCH`` or the last commit of the
game's folder, never from the clock.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from functools import cache, lru_cache
from itertools import combinations
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import escape, normalize, write_po

from rulings.content.tree import Content, read
from rulings.exchange.po_language import language_name, po_language
from rulings.files import atomic_write
from rulings.model.entries import Entity, Entry, Game, Term, kept_as_printed
from rulings.model.terms import Glossary
from rulings.model.text import Text, TextState, TranslationStatus
from rulings.site import paths as P
from rulings.site.catalogs import plural_forms
from rulings.site.layout import SiteModel, build_model
from rulings.translation.display import FALLBACK
from rulings.translation.history import History, source_date
from rulings.translation.items import Item, game_items, one_line
from rulings.vcs import source_date_env

NOT_IN_HISTORY = "previous source text not found in history"
KEPT_NAME = "name kept as printed: done as it is; write another text only to show it beside the name (a gloss)"
MARKS = ("machine translation", "may be outdated")
"""What a reference translation's comment says of it when it is not a current translation by a person."""


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


def reference_lines(text: Text, locale: str, reference: str = FALLBACK) -> list[str]:
    """The ``reference`` (English) translation of a text, for a translator into ``locale``: translator
    comments, one a line, so paragraphs stay readable (Weblate shows a message's comments as one "source
    string description", a line each). Marked when it is machine-made or made from an older source. None
    for a text written in English, in the English PO itself, or without an English translation.

    Translator comments (``#``), not extracted ones (``#.``): msgmerge, which Weblate runs to update the
    PO files from the POT, takes the extracted comments from the POT, which would then give the English
    PO its own text as a reference."""
    tr = text.translations.get(reference)
    if locale == reference or text.lang == reference or tr is None or not tr.text.strip():
        return []
    marks = [m for m, on in zip(MARKS, (tr.status is TranslationStatus.MACHINE,
                                        text.state(reference) is TextState.STALE), strict=True) if on]
    head = language_name(reference) + (f" ({', '.join(marks)})" if marks else "") + ":"
    lines = tr.text.strip("\n").split("\n")
    if len(lines) == 1:
        return [f"{head} {one_line(lines[0])}"]
    return [head, *(f"> {one_line(line)}".rstrip() for line in lines)]


@cache
def _reference_head(reference: str) -> re.Pattern[str]:
    marks = "|".join(re.escape(", ".join(m)) for n in range(1, len(MARKS) + 1) for m in combinations(MARKS, n))
    return re.compile(rf"^{re.escape(language_name(reference))}(?: \((?:{marks})\))?:(?: |$)")


def with_reference(comments: list[str], lines: list[str], reference: str = FALLBACK) -> list[str]:
    """Translator comments with their reference translation (:func:`reference_lines`) replaced by ``lines``,
    where it was, else before the glossary hints and the sync comment; every other comment (the translators'
    own among them) as it was. A sync refreshes the reference of a message it otherwise leaves alone."""
    head = _reference_head(reference)
    out: list[str] = []
    placed, inside = False, False
    for c in comments:
        if head.match(c):
            inside = True
            if not placed:
                out += lines
                placed = True
            continue
        if inside and (c == ">" or c.startswith("> ")):
            continue
        inside = False
        if not placed and c.startswith(("term: ", "sync: ", NOT_IN_HISTORY)):
            out += lines
            placed = True
        out.append(c)
    return out if placed else out + lines


def page_ref(model: SiteModel, owner: Entry | Game) -> str | None:
    """Where the text is shown on the site: ``anachronism/card/ger/#ruling-…``."""
    if isinstance(owner, Game):
        return P.location(P.game_page(owner.id), True)
    found = model.locator.pages.get(owner.id)
    if not found:
        return None
    page, frag = found
    return P.location(page, True, frag)


@lru_cache(maxsize=1024)  # a game's thousands of messages live in a few files: resolve each once
def _relpath(root: Path, file: Path) -> str:
    try:
        return file.resolve().relative_to(root.resolve().parent).as_posix()
    except ValueError:
        return file.as_posix()


def game_glossary(content: Content, game: str) -> Glossary:
    entries = [e for cf in content.files if cf.game == game for e in cf.entries]
    return Glossary([e for e in entries if isinstance(e, Term)], [e for e in entries if isinstance(e, Entity)])


def translatable(it: Item, locale: str) -> bool:
    """Whether the item gets a message in a PO for ``locale``: not written in it already, not empty, and
    without U+0004 (it separates msgctxt from msgid in gettext: no PO can hold it)."""
    return it.text.lang != locale and bool(it.text.source) and "\x04" not in it.text.source


def exported_fuzzy(text: Text, locale: str) -> bool:
    """A translation no person has confirmed for the current source: machine-made or stale. PO editors
    and Weblate show it as "needs editing"; a person's save without the flag makes it a draft."""
    tr = text.translations.get(locale)
    return tr is not None and (tr.status is TranslationStatus.MACHINE or text.state(locale) is TextState.STALE)


def kept_name(it: Item, locale: str) -> bool:
    """A printed name without a translation into ``locale``: kept as printed by the policy, so its message is
    done, with the name itself as msgstr, and not "not translated" in Weblate or Poedit. (A ``read-only``
    flag, which Weblate honours, would not last: msgmerge drops the flags it does not know.)"""
    return not isinstance(it.entry, Game) and kept_as_printed(it.entry, it.path) and \
        locale not in it.text.translations


def po_string(it: Item, locale: str) -> str:
    """The msgstr the content gives: the translation, the name itself for a name kept as printed, else ""."""
    tr = it.text.translations.get(locale)
    return tr.text if tr is not None else it.text.source if kept_name(it, locale) else ""


def build_message(root: Path, it: Item, locale: str, glossary: Glossary, model: SiteModel,
                  previous: str | None, extra: list[str] | None = None) -> Message:
    """One item's message for ``locale``. Extracted comments (``#.``) say what does not depend on the
    locale, so a PO and the POT carry the same ones and msgmerge leaves them alone; the translation's
    state and the glossary's agreed translations are translator comments (``#``), which msgmerge keeps.
    The location names the file without a line: a line number would change with every edit above it."""
    text = it.text
    kind = it.owner_id.split("/")[1] if "/" in it.owner_id else None
    auto = [f"entry ({kind}): {it.title}" if kind else f"game: {it.title}",
            f"source language: {language_name(text.lang)} ({text.lang})"]
    page = page_ref(model, it.entry)
    if page:
        auto.append(f"page: {page}")
    user = []
    tr = text.translations.get(locale)
    if tr is not None:
        user.append(f"machine translation (by {one_line(tr.by)})" if tr.status is TranslationStatus.MACHINE
                    else f"translation: {tr.status.value} by {one_line(tr.by)}")
        if tr.note:
            user.append(f"translation note: {one_line(tr.note)}")
    elif kept_name(it, locale):
        user.append(KEPT_NAME)
    user += reference_lines(text, locale)
    user += term_hints(glossary, text, locale)
    stale = tr is not None and text.state(locale) is TextState.STALE
    if stale and previous is None:
        user.append(NOT_IN_HISTORY)
    user += extra or []
    msg = Message(text.source, po_string(it, locale), locations=[(_relpath(root, it.file), None)],
                  flags={"fuzzy"} if exported_fuzzy(text, locale) else set(), auto_comments=auto,
                  user_comments=user, previous_id=[previous] if stale and previous is not None else [],
                  context=it.ctx)
    msg.flags.discard("python-format")  # a "%" in rules text is not a format string
    return msg


def build_catalog(content: Content, game: str, locale: str, *, model: SiteModel | None = None,
                  history: History | None = None, date: dt.datetime | None = None) -> Catalog:
    """The catalog of one game's texts to translate into ``locale``."""
    model = model or build_model(content)
    history = history or History()
    date = date or source_date(content.root, game)
    g = content.games.get(game)
    glossary = game_glossary(content, game)
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
        if not translatable(it, locale):
            continue
        tr = it.text.translations.get(locale)
        previous = None
        if it.text.state(locale) is TextState.STALE and tr is not None:
            previous = history.previous_source(it.file, it.owner_id, it.path, tr.source_hash)
        msg = build_message(content.root, it, locale, glossary, model, previous)
        cat[msg.id] = msg  # keyed by (msgid, msgctxt): the context keeps equal source texts apart
    return cat


def render_po(cat: Catalog, header: list[str] | None = None) -> bytes:
    """The PO text of a catalog: babel's ``write_po`` with two repairs, and ``header`` (comment lines,
    ``msgid ""``, ``msgstr ""`` and its fields, see :func:`header_lines`) instead of babel's when given.

    babel wraps ``#`` and ``#.`` comments and ``#|`` previous msgids at 76 columns even with
    ``width=0``, breaking page paths at hyphens and multi-line previous msgids into invalid PO. Each
    message's comments and previous msgid are written as a unique marker line and replaced by the
    unwrapped lines afterwards.
    """
    lines: dict[str, list[str]] = {}
    saved = []
    for i, msg in enumerate(m for m in cat if m.id):
        saved.append((msg, msg.user_comments, msg.auto_comments, msg.previous_id))
        if msg.user_comments:
            lines[f"# @@rulings-user-{i}@@"] = [f"# {one_line(c)}" for c in msg.user_comments]
            msg.user_comments = [f"@@rulings-user-{i}@@"]
        if msg.auto_comments:
            lines[f"#. @@rulings-comments-{i}@@"] = [f"#. {one_line(c)}" for c in msg.auto_comments]
            msg.auto_comments = [f"@@rulings-comments-{i}@@"]
        if msg.previous_id:
            lines[f'#| msgid "@@rulings-previous-{i}@@"'] = [
                "#| msgid " + normalize(msg.previous_id[0], prefix="#| ", width=0)]
            msg.previous_id = [f"@@rulings-previous-{i}@@"]
    buf = io.BytesIO()
    try:
        write_po(buf, cat, width=0, include_previous=True, omit_header=header is not None)
    finally:
        for msg, uc, ac, prev in saved:
            msg.user_comments, msg.auto_comments, msg.previous_id = uc, ac, prev
    out = [*header, ""] if header is not None else []
    for line in buf.getvalue().decode("utf-8").split("\n"):
        out += lines.get(line, [line])
    return ("\n".join(out).rstrip("\n") + "\n").encode("utf-8")


def header_lines(comment: list[str], fields: list[tuple[str, str]]) -> list[str]:
    """A PO header entry written as gettext tools write it: comment lines, then one field a line."""
    return [*(f"# {c}".rstrip() for c in comment), 'msgid ""', 'msgstr ""',
            *(f'"{escape(f"{k}: {v}")[1:-1]}\\n"' for k, v in fields)]


def export_po(root: Path, locale: str, out_dir: Path, game: str | None = None) -> list[Path]:
    """Write ``<out_dir>/<game>.<locale>.po`` for every game (or one); returns the files written.

    Raises ValueError for an unknown game, :class:`~rulings.vcs.SourceDateError` for a malformed
    SOURCE_DATE_EPOCH (before anything is read or written)."""
    source_date_env()
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
