"""Exchange content translations with gettext PO tools (Poedit, Weblate, Lokalize).

``export_po`` writes one PO file per game and locale: one message per translatable text field whose
source language is not the locale. ``msgctxt`` is ``<entry id>#<field path>`` (what ties a message to
its field), ``msgid`` the source text and ``msgstr`` the current translation. Extracted comments give
the translator the entry's title, the source language, the glossary terms the text uses with their
agreed translations, and the page where the text appears. A stale translation (made from an older
source) is exported ``fuzzy`` with the older source as ``#| msgid``, recovered from git history since
the content stores only its hash.

``import_po`` writes the translated messages back through :class:`~rulings.edit.Editor` (comments,
key order and quoting of the YAML are kept). A message whose source text changed since the export is
reported, not applied; fuzzy and untranslated messages are skipped.

Exports are deterministic: the header dates come from ``SOURCE_DATE_EPOCH`` or the last commit of the
game's folder, never from the clock.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import normalize, read_po, write_po

from rulings.content.diagnostics import ContentError
from rulings.content.edit import Editor, tally
from rulings.content.load import load_text, position
from rulings.content.tree import Content, read
from rulings.files import atomic_write
from rulings.model.entries import Change, Entity, Entry, Erratum, Game, Ruling, Section, Term, field_steps
from rulings.model.text import Text, TextState, text_hash
from rulings.site import paths as P
from rulings.site.catalogs import plural_forms
from rulings.site.pages import SiteModel, build_model
from rulings.site.render import HAN
from rulings.vcs import git

TITLE_CHARS = 80
NOT_IN_HISTORY = "previous source text not found in history"
PLACEHOLDER_TRANSLATOR = "FULL NAME <EMAIL@ADDRESS>"
DEFAULT_BY = "po-import"


# --- locales ------------------------------------------------------------------------------------


def po_language(locale: str) -> str:
    """BCP-47 ``zh-Hant`` → gettext ``zh_Hant`` (the PO ``Language`` header)."""
    return locale.replace("-", "_")


def content_locale(language: str, known: list[str]) -> str:
    """A PO ``Language`` header → the content's locale tag.

    Tools may write a region the project does not use (``it_IT``, ``zh_CN``): it is dropped when the
    project has the language (in that script) without it. ``zh_TW`` is Traditional Chinese, so it maps
    to ``zh-Hant`` if the project has that, never to ``zh``.
    """
    tag = language.strip().replace("_", "-")
    if tag in known:
        return tag
    try:
        loc = Locale.parse(tag, sep="-")
        likely = get_global("likely_subtags").get(loc.language, loc.language)
        default_script = Locale.parse(likely).script
    except (UnknownLocaleError, ValueError, TypeError):
        return tag
    candidates = [f"{loc.language}-{loc.script}"] if loc.script else []
    if loc.script in (None, default_script):
        candidates.append(loc.language)
    return next((c for c in candidates if c in known), tag)


def language_name(tag: str) -> str:
    try:
        return Locale.parse(tag, sep="-").english_name or tag
    except (UnknownLocaleError, ValueError, TypeError):
        return tag


# --- what is translatable -----------------------------------------------------------------------


@dataclass
class Item:
    """One translatable text field: where it lives and what it says."""

    ctx: str  # "<entry id>#<field path>"
    owner_id: str  # entry id, or the game id for the game file's texts
    path: str
    text: Text
    file: Path
    line: int | None
    title: str
    entry: Entry | Game


def _one_line(s: str, limit: int | None = None) -> str:
    s = " ".join(s.split())
    if limit and len(s) > limit:
        s = s[: limit - 1].rstrip() + "…"
    return s


def entry_title(e: Entry | Game) -> str:
    """The entry's name as a reader sees it in the source language (its name/term/question/title)."""
    t: Text | None = None
    if isinstance(e, (Game, Entity)):
        t = e.name
    elif isinstance(e, Term):
        t = e.term
    elif isinstance(e, Ruling):
        t = e.question or e.statement
    elif isinstance(e, Section):
        t = e.title
    elif isinstance(e, Erratum):
        t = e.target_name or e.group or e.text
    elif isinstance(e, Change):
        t = e.text
    if t is None:
        return e.id
    return _one_line(t.source, TITLE_CHARS)



def _line_of(node: Any, path: str) -> int | None:
    if node is None:
        return None
    line, _col = position(node, field_steps(path), key=True)
    return line


def _items_of(owner: Entry | Game, file: Path) -> list[Item]:
    out = []
    for path, text in owner.texts():
        out.append(Item(f"{owner.id}#{path}", owner.id, path, text, file, _line_of(owner.node, path),
                        entry_title(owner), owner))
    return out


def game_items(content: Content, game: str) -> list[Item]:
    """Every text field of a game in content order: the game file's, then each file's entries'."""
    out: list[Item] = []
    gf = content.game_files.get(game)
    if gf is not None:
        out += _items_of(content.games[game], gf.loaded.path)
    for cf in content.files:
        if cf.game == game:
            for e in cf.entries:
                out += _items_of(e, cf.loaded.path)
    return out


def all_items(content: Content) -> dict[str, Item]:
    games = list(content.games) + sorted({cf.game for cf in content.files if cf.game} - set(content.games))
    return {it.ctx: it for g in games for it in game_items(content, g)}


# --- glossary hints -----------------------------------------------------------------------------


class Glossary:
    """A game's terms, found in source texts by their source form, their form in the text's language
    or their aliases (Latin forms on word boundaries ignoring case, plural -s allowed; Han anywhere)."""

    MIN_LATIN = 2
    MIN_HAN = 2

    def __init__(self, terms: list[Term]):
        self.terms = [t for t in terms if t.term is not None]
        self._patterns: dict[str, list[tuple[Term, re.Pattern[str]]]] = {}

    def _forms(self, term: Term, lang: str) -> set[str]:
        assert term.term is not None
        forms = {term.term.source}
        in_lang = term.term.get(lang)
        if in_lang:
            forms.add(in_lang)
        for names in term.aliases.values():
            forms.update(names)
        out = set()
        for f in (f.strip() for f in forms if f):
            if HAN.search(f):
                if len(f) >= self.MIN_HAN:
                    out.add(f)
            elif len(f) >= self.MIN_LATIN:
                out.add(f)
        return out

    def _compiled(self, lang: str) -> list[tuple[Term, re.Pattern[str]]]:
        if lang not in self._patterns:
            pats = []
            for term in self.terms:
                alts = []
                for f in sorted(self._forms(term, lang), key=lambda x: (-len(x), x)):
                    if HAN.search(f):
                        alts.append(re.escape(f))
                    else:
                        alts.append(r"(?<!\w)" + re.escape(f) + r"(?:e?s)?(?!\w)")
                if alts:
                    pats.append((term, re.compile("|".join(alts), re.IGNORECASE)))
            self._patterns[lang] = pats
        return self._patterns[lang]

    def hints(self, text: Text, locale: str) -> list[str]:
        """``term: Adjacent → Adiacente`` for every term the source text uses, in order of appearance."""
        found = []
        for term, pat in self._compiled(text.lang):
            m = pat.search(text.source)
            if m:
                found.append((m.start(), term))
        out = []
        for _pos, term in sorted(found, key=lambda x: x[0]):
            assert term.term is not None
            shown = term.term.get(text.lang) or term.term.source
            agreed = term.term.get(locale)
            if agreed is None:
                out.append(f"term: {_one_line(shown)} → (no agreed translation in {locale} yet)")
            else:
                stale = " (stale)" if term.term.state(locale) is TextState.STALE else ""
                out.append(f"term: {_one_line(shown)} → {_one_line(agreed)}{stale}")
        return out


# --- git history --------------------------------------------------------------------------------


class History:
    """Older versions of content files from git, to recover the source a stale translation was made from."""

    def __init__(self) -> None:
        self.logs: dict[Path, list[tuple[str, str]]] = {}
        self.tops: dict[Path, Path | None] = {}
        self.data: dict[tuple[Path, str], Any] = {}

    def _top(self, d: Path) -> Path | None:
        if d not in self.tops:
            out = git(d, "rev-parse", "--show-toplevel")
            self.tops[d] = Path(out.strip()) if out and out.strip() else None
        return self.tops[d]

    def _log(self, file: Path) -> list[tuple[str, str]]:
        """(commit, path at that commit relative to the repository) pairs, newest first."""
        if file not in self.logs:
            pairs: list[tuple[str, str]] = []
            out = git(file.parent, "log", "--follow", "--format=commit %H", "--name-only", "--", file.name)
            commit = None
            for line in (out or "").splitlines():
                if line.startswith("commit "):
                    commit = line[7:].strip()
                elif line.strip() and commit:
                    pairs.append((commit, line.strip()))
                    commit = None
            self.logs[file] = pairs
        return self.logs[file]

    def _load(self, file: Path, commit: str, path: str) -> Any:
        key = (file, commit)
        if key not in self.data:
            top = self._top(file.parent)
            text = git(top, "show", f"{commit}:{path}") if top else None
            data = None
            if text is not None:
                try:
                    data = load_text(Path(path), text).data
                except ContentError:
                    data = None
            self.data[key] = data
        return self.data[key]

    def previous_source(self, file: Path, owner_id: str, field_path: str, source_hash: str) -> str | None:
        """The newest committed source text of the field whose hash is ``source_hash``."""
        for commit, path in self._log(file):
            data = self._load(file, commit, path)
            for value in _sources_at(data, owner_id, field_path):
                if text_hash(value) == source_hash:
                    return value
        return None


def _sources_at(data: Any, owner_id: str, field_path: str) -> list[str]:
    if not isinstance(data, dict):
        return []
    node: Any = None
    if data.get("kind") == "game":
        node = data if data.get("id") == owner_id else None
    elif isinstance(data.get("entries"), list):
        node = next((e for e in data["entries"] if isinstance(e, dict) and e.get("id") == owner_id), None)
    for step in field_steps(field_path):
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return []
    if not isinstance(node, dict):
        return []
    return [v for v in node.values() if isinstance(v, str)]


def source_date(root: Path, game: str | None = None) -> dt.datetime:
    """The fixed date written into PO headers: SOURCE_DATE_EPOCH, else the last commit of the game's
    folder (or of the content), else 1970-01-01."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit():
        where = root / game if game and (root / game).is_dir() else root
        out = git(where, "log", "-1", "--format=%ct", "--", ".") if where.is_dir() else None
        epoch = out.strip() if out and out.strip().isdigit() else "0"
    return dt.datetime.fromtimestamp(int(epoch), dt.UTC)


# --- export -------------------------------------------------------------------------------------


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
    terms = [e for cf in content.files if cf.game == game for e in cf.entries if isinstance(e, Term)]
    glossary = Glossary(terms)
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
            comments.append(f"translation: {tr.status.value} by {_one_line(tr.by)}")
            if tr.note:
                comments.append(f"translation note: {_one_line(tr.note)}")
        comments += glossary.hints(text, locale)
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
            comments[f"#. {key}"] = [f"#. {_one_line(c)}" for c in msg.auto_comments]
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


# --- import -------------------------------------------------------------------------------------


MAX_TRANSLATION_CHARS = 50_000
"""A translation longer than this, or than 10 times its source plus 1,000 characters, is refused:
no real translation is, and one would push a content file over the loader's size limit."""


@dataclass
class ImportReport:
    locale: str = ""
    applied: int = 0
    unchanged: int = 0
    skipped_fuzzy: int = 0
    skipped_empty: int = 0
    problems: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    files: int = 0

    def summary(self) -> str:
        """What was done, or (with problems) why nothing was."""
        if self.problems:
            return f"nothing written: {len(self.problems)} problems in {self.files} files; fix them and import again"
        return (f"{self.applied} applied, {self.unchanged} unchanged, {self.skipped_fuzzy} fuzzy skipped, "
                f"{self.skipped_empty} untranslated, {len(self.written)} content files written")


EMAIL = re.compile(r"<[^<>]*>|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def display_name(who: str) -> str:
    """A translator's display name or handle, without any e-mail address (they are never published)."""
    return " ".join(EMAIL.sub(" ", who).split()).strip(" ,;") or DEFAULT_BY


def translator_of(cat: Catalog) -> str | None:
    """The PO's Last-Translator as a display name, unless it is empty or gettext's placeholder."""
    v = (cat.last_translator or "").strip()
    if not v or v == PLACEHOLDER_TRANSLATOR or "EMAIL@ADDRESS" in v:
        return None
    return display_name(v)


def po_game(cat: Catalog) -> str | None:
    """The game a PO file was exported for (``Project-Id-Version: rulings <game>``)."""
    project, version = (cat.project or "").strip(), (cat.version or "").strip()
    if project == "rulings" and version:  # babel splits the header at the last space
        return version
    return project.split(" ", 1)[1].strip() if project.startswith("rulings ") else None


def import_po(root: Path, po_files: Path | list[Path], *, status: str = "draft", by: str | None = None
              ) -> ImportReport:
    """Record the translated, non-fuzzy messages of the PO files as translations in the content.

    A transaction: every file is checked first (syntax, UTF-8, ``Language`` a site locale, messages
    of the file's own game and of existing fields, sources unchanged, lengths), and the content is
    written only if nothing was refused; otherwise nothing is written and ``problems`` says why.
    Source texts and ``official`` translations are never overwritten."""
    from rulings.translation.po_syntax import syntax_problems

    files = [po_files] if isinstance(po_files, Path) else list(po_files)
    content = read(root)
    report = ImportReport(files=len(files))
    items = all_items(content)
    editor = Editor(content)
    locales = content.project.locales
    for po_file in files:
        data = po_file.read_bytes()
        problems = syntax_problems(po_file, data)
        if problems:
            report.problems += problems
            continue
        try:
            cat = read_po(io.BytesIO(data), abort_invalid=True)
        except Exception as e:  # noqa: BLE001 - babel raises several kinds of errors on bad input
            report.problems.append(f"{po_file}: error: not a readable PO file ({e})")
            continue
        language = cat.locale_identifier
        if not language:
            report.problems.append(f"{po_file}: error: no Language header; set the language of the file in "
                                   "your PO editor")
            continue
        locale = content_locale(str(language), locales)
        if locale not in locales:
            report.problems.append(f"{po_file}: error: Language '{language}' is not a locale of this site "
                                   f"({', '.join(locales)}); add it to content/project.yml first")
            continue
        if report.locale and report.locale != locale:
            report.problems.append(f"{po_file}: error: Language '{locale}' differs from the other files' "
                                   f"'{report.locale}'; import one locale at a time")
            continue
        report.locale = locale
        game = po_game(cat)
        who = display_name(by) if by else translator_of(cat) or DEFAULT_BY
        for msg in cat:
            if not msg.id:
                continue
            where = f"{po_file}:{msg.lineno}"
            ctx = msg.context or ""
            if isinstance(msg.id, tuple) or isinstance(msg.string, tuple):
                report.problems.append(f"{where}: error: plural message is not a content text: {ctx or msg.id[0]}")
                continue
            msg_game = ctx.split("#", 1)[0].split("/", 1)[0]
            if game and msg_game != game:
                report.problems.append(f"{where}: error: message {ctx!r} belongs to game '{msg_game}', but "
                                       f"this file is for '{game}'")
                continue
            if msg.fuzzy:
                report.skipped_fuzzy += 1
                continue
            if not msg.string:
                report.skipped_empty += 1
                continue
            it = items.get(ctx)
            if it is None:
                report.problems.append(f"{where}: error: unknown message context (entry or field no longer "
                                       f"exists): {ctx or msg.id}")
                continue
            if msg.id != it.text.source:
                report.problems.append(f"{where}: error: source changed since export: {ctx}")
                continue
            if it.text.lang == locale:
                report.problems.append(f"{where}: error: {ctx}: the source is written in '{locale}' already")
                continue
            limit = min(MAX_TRANSLATION_CHARS, 10 * len(it.text.source) + 1000)
            if len(msg.string) > limit:
                report.problems.append(f"{where}: error: {ctx}: translation is {len(msg.string):,} characters "
                                       f"long, more than the {limit:,} allowed for this text")
                continue
            tr = it.text.translations.get(locale)
            if tr is not None and tr.text == msg.string and it.text.state(locale) is TextState.CURRENT:
                report.unchanged += 1
                continue
            outcome = editor.set_translation(it.owner_id, it.path, locale, msg.string, status, who)
            if outcome not in ("applied", "unchanged"):
                outcome = f"{where}: error: {outcome}"
            tally(report, outcome)
    if report.problems:
        report.applied = 0
        return report  # nothing written: all files or none
    report.written = editor.save()
    return report
