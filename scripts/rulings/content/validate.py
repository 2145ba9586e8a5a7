"""Cross-file checks over a whole content tree, after each file passed its schema.

Rules (the name in parentheses after every message):

- ``id-unique``, ``id-game``, ``id-kind``: ids are unique, start with their file's game and name
  the right kind;
- ``game-unknown``, ``game-folder``, ``source-missing``, ``source-hash``, ``provenance-document``,
  ``provenance-lines``: games, kept originals and provenance agree;
- ``ref-unresolved``, ``ref-kind``: every reference resolves to an entry of a fitting kind;
- ``locale-unknown``: every locale tag is a BCP-47 tag CLDR knows, and each key of the project's
  ``locale_settings`` is one of its ``locales``; (``rulings validate`` adds ``ui-untranslated`` from the UI
  catalogs: :mod:`rulings.site.completeness`)
- ``date-invalid``: ISO dates are real dates; ``date-future``: no date (a document's, a change's, a history
  step's, hence no ruling's ``as_of``) is after the build's source date (``SOURCE_DATE_EPOCH``, else today),
  unless it is a change's printed date flagged ``suspect_date``; ``changelog-order`` (warning): change log
  dates are in order unless the entry is flagged ``suspect_date``;
- ``text-source``: each text has exactly one source (plain string);
- ``translation-english`` (error): a non-English source text has an English translation;
- ``translation-stale`` and ``translation-missing`` (warnings);
- ``terminology`` (warning): a translation uses the glossary's agreed translation of each term
  its source text uses (terms found as :mod:`rulings.model.terms` finds them for the PO hints and the site);
- ``form-length``, ``form-count``: every form the term matcher looks for (a term's name in each language,
  an alias, a ``not_in`` phrase, a card's or hero's name) is at most ``MAX_FORM_WORDS`` words and
  ``MAX_FORM_CHARS`` characters long, and a game has at most ``MAX_TERM_FORMS`` glossary forms and
  ``MAX_NAME_FORMS`` names: what keeps matching every text cheap whatever the content;
- ``ruling-shape``: a ruling is a question (with an answer, or flagged ``unanswered``) or a statement;
- ``modeline`` (warning): the file starts with the yaml-language-server modeline of its schema;
- ``symlink``, ``source-type``, ``id-reserved``, ``id-length``, ``case-twin``, ``file-reserved``: the tree is
  closed and every output path unambiguous and writable on every system (no Windows device names);
  ``name-lookalike`` (warning): invisible, bidi-control or mixed-script characters in a name (see
  :mod:`rulings.content.safety`);
- ``source-name``, ``source-encoding``, ``source-line-break`` (warning): a kept original has a safe name,
  is UTF-8 and numbers its lines as every program does (see :mod:`rulings.content.originals`);
- ``url-invalid``, ``branch-invalid``, ``edit-uri-invalid``: every address, branch and repository path that
  ends in a link (the forge's, a document's) is what it looks like, parsed as :mod:`rulings.model.urls`
  says (the schemas only approximate it); ``url-lookalike`` (warning): a host whose ``xn--`` form decodes to
  mixed-script letters.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

from rulings.content import originals, safety
from rulings.content.diagnostics import Diagnostic, Severity, did_you_mean, display_path, summary, to_json
from rulings.content.dump import modeline
from rulings.content.load import Loaded, node_position, position
from rulings.content.schema_check import describe_path
from rulings.content.tree import Content, ContentFile, ReadCache, Selection, find_schemas_dir, gc_paused, read
from rulings.model.entries import (
    ID_KINDS,
    Change,
    Entity,
    EntityType,
    Entry,
    Erratum,
    Ruling,
    RulingFlag,
    Section,
    Term,
    field_steps,
    kept_as_printed,
)
from rulings.model.fields import BY_LOCALE, content_fields, is_content_class
from rulings.model.names import display_name
from rulings.model.terms import MAX_NAME_FORMS, MAX_TERM_FORMS, Glossary, form_problem
from rulings.model.text import FALLBACK_LOCALE, Text, TextState, text_hash
from rulings.model.urls import CHECKS, browser_reading, unicode_host
from rulings.vcs import SOURCE_DATE_ENV, source_date_env


@cache
def locale_known(tag: str) -> bool:
    try:
        Locale.parse(tag, sep="-")
    except (UnknownLocaleError, ValueError, TypeError):
        return False
    return True


DATE_EXAMPLE = "2024-03-08"


def _says_kind(path: Path, kind: str) -> bool:
    """Whether a file that could not be read declares ``kind: <kind>`` on a line of its own."""
    try:
        return f"\nkind: {kind}\n" in "\n" + path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def _real_date(value: str) -> bool:
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


_FORM_LIMIT = {"term": MAX_TERM_FORMS, "name": MAX_NAME_FORMS}
_FORM_LABEL = {"term": "this term", "name": "this name", "aliases": "this alias", "not_in": "this not_in phrase"}
_FORM_FIX = {"term": "a longer wording belongs in the definition", "name": "a longer wording belongs in the notes",
             "aliases": "an alias is another spelling of the name, not a description",
             "not_in": "a phrase needs only the words around the term that change what it means"}
_FORM_COUNTED = {"term": "glossary forms (terms in every language, their aliases and not_in phrases)",
                 "name": "names (of cards, heroes, abilities and keywords in every language, with their aliases)"}
_FORM_LESS = {"term": "merge terms, or drop aliases that stemming already finds (plurals, inflections)",
              "name": "split the game, or drop aliases that only differ in case or punctuation"}


def _matched_forms(e: Entry) -> Iterable[tuple[str, list[Any], str]]:
    """(``term`` or ``name``, YAML path, text) of every form of ``e`` the term matcher looks for, as
    written: a glossary term's name in each language, its aliases and not_in phrases; the name and
    aliases of an entity that is not a topic."""
    if isinstance(e, Term):
        kind, field, name = "term", "term", e.term
        lists = {"aliases": e.aliases, "not_in": e.not_in}
    elif isinstance(e, Entity) and e.type is not EntityType.TOPIC:
        kind, field, name = "name", "name", e.name
        lists = {"aliases": e.aliases}
    else:
        return
    if name is not None:
        yield kind, [field, name.lang], name.source
        for loc, tr in name.translations.items():
            yield kind, [field, loc, "text"], tr.text
    for key, by_locale in lists.items():
        for loc, forms in by_locale.items():
            for i, form in enumerate(forms):
                yield kind, [key, loc, i], form


def _not_a_date(value: str) -> str:
    return f"'{value}' is not a real date; write an existing day as year-month-day, like '{DATE_EXAMPLE}'"


def source_day() -> tuple[dt.date, str]:
    """The build's source date and what it is (``SOURCE_DATE_EPOCH``, else today by this machine's clock, UTC):
    no content date may be later. :class:`rulings.vcs.SourceDateError` when the variable is malformed."""
    epoch = source_date_env()
    if epoch is not None:
        return dt.datetime.fromtimestamp(epoch, dt.UTC).date(), SOURCE_DATE_ENV
    return dt.datetime.now(dt.UTC).date(), "today"




class Checker:
    def __init__(self, content: Content, *, list_missing: bool = False, terminology: bool = True):
        self.source_day = source_day()
        self.c = content
        self.list_missing = list_missing
        self.terminology = terminology
        """Whether to look for translations that miss the glossary's terms (warnings only, and two thirds of
        the checks' time)."""
        self.out: list[Diagnostic] = []
        self.ids: dict[str, Entry] = {}
        self.id_file: dict[str, ContentFile] = {}
        self.source_lines: dict[tuple[str, str], list[str]] = {}
        """(game, document) → the lines of its kept original, for provenance (absent: not readable)."""

    def game_file_failed(self, folder: Path) -> bool:
        """Whether a file of kind game in ``folder`` was not read for its own errors (reported already:
        every file of the game saying it has no game file would only bury the cause)."""
        failed = {d.file for d in self.c.diagnostics if d.severity is Severity.ERROR}
        return any(p.parent == folder and display_path(p) in failed and _says_kind(p, "game") for p in self.c.paths)

    def ids_of_game(self, kind: type[Entry] | None, *games: str) -> list[str]:
        """The ids of entries of ``kind`` (any, if None) in the first of ``games`` that has some (a
        reference's own game, else the entry's): what a mistyped reference most likely meant."""
        for game in games:
            ids = [i for i, x in self.ids.items() if i.startswith(f"{game}/") and (kind is None or isinstance(x, kind))]
            if ids:
                return ids
        return []

    def add(self, loaded: Loaded, pos: tuple[int, int], sev: Severity, msg: str, rule: str) -> None:
        self.out.append(Diagnostic(loaded.name, pos[0], pos[1], sev, msg, rule))

    def err(self, loaded: Loaded, pos: tuple[int, int], msg: str, rule: str) -> None:
        self.add(loaded, pos, Severity.ERROR, msg, rule)

    # --- the passes -----------------------------------------------------------------------------

    def run(self) -> list[Diagnostic]:
        self.check_project()
        self.check_case_twins()
        for gid, gf in self.c.game_files.items():
            self.check_game(gid, gf)
        for f in self.c.files:
            self.check_file_game(f)
            for e in f.entries:
                self.check_id(f, e)
        terms: dict[str, list[Term]] = defaultdict(list)
        entities: dict[str, list[Entity]] = defaultdict(list)
        for f in self.c.files:
            terms[f.game or ""] += [e for e in f.entries if isinstance(e, Term)]
            entities[f.game or ""] += [e for e in f.entries if isinstance(e, Entity)]
        too_many = self.check_forms()  # a game over a limit is refused: its terms are not checked
        self.glossaries = {g: Glossary(ts, entities[g]) for g, ts in terms.items()
                           if g not in too_many and self.terminology}
        for f in self.c.files:
            for e in f.entries:
                self.check_entry(f, e)
            if f.kind == "changelog":
                self.check_changelog_order(f)
        pf = [self.c.project_file] if self.c.project_file else []
        for f in [*pf, *self.c.game_files.values(), *self.c.files]:
            self.check_modeline(f)
        return self.out

    def check_forms(self) -> set[str]:
        """``form-length`` at each form too long to look for; ``form-count`` at the first form of a game
        beyond its limit. Returns the games over a count limit."""
        counts: dict[tuple[str, str], int] = defaultdict(int)
        beyond: dict[tuple[str, str], tuple[Loaded, tuple[int, int]]] = {}
        for f in self.c.files:
            for e in f.entries:
                for kind, steps, form in _matched_forms(e):
                    pos = position(e.node, steps)
                    if problem := form_problem(form):
                        self.err(f.loaded, pos, f"{_FORM_LABEL[steps[0]]} {problem} (each form is looked for in "
                                 f"every text); shorten it: {_FORM_FIX[steps[0]]}", "form-length")
                    key = (f.game or "", kind)
                    counts[key] += 1
                    if counts[key] == _FORM_LIMIT[kind] + 1:
                        beyond[key] = (f.loaded, pos)
        for (game, kind), (loaded, pos) in beyond.items():
            self.err(loaded, pos, f"game '{game}' has {counts[game, kind]:,} {_FORM_COUNTED[kind]}, more than the "
                     f"{_FORM_LIMIT[kind]:,} allowed; this is the first beyond: {_FORM_LESS[kind]}", "form-count")
        return {game for game, _ in beyond}

    def check_project(self) -> None:
        p = self.c.project
        pf = self.c.project_file
        if pf is None:
            return
        for i, tag in enumerate(p.locales):
            self.check_locale(pf.loaded, p.node, ["locales", i], tag)
        self.check_locale(pf.loaded, p.node, ["default_locale"], p.default_locale)
        for tag in p.locale_settings:
            pos = position(p.node, ["locale_settings", tag], key=True)
            if not locale_known(tag):
                self.err(pf.loaded, pos, f"unknown locale '{tag}' (a BCP-47 tag such as en, it, zh, zh-Hant)",
                         "locale-unknown")
            elif tag not in p.locales:
                self.err(pf.loaded, pos, f"locale_settings has '{tag}', which is not one of locales "
                         f"({', '.join(p.locales)}): add it to locales or remove its settings", "locale-unknown")
        self.check_links(pf.loaded, p.node, p, [])

    def check_links(self, ld: Loaded, node: Any, obj: Any, path: list[Any]) -> None:
        """Every address, branch and path in ``obj`` (and the objects in it) that ends in a link, parsed by
        its kind's check (the schema passed it on a pattern that only approximates the check)."""
        for f in content_fields(type(obj)):
            value = getattr(obj, f.name)
            at = [*path, f.key]
            if isinstance(value, str) and (checked := CHECKS.get(f.spec.kind)) is not None:
                if problem := checked.problem(value):
                    self.err(ld, position(node, at), f"{describe_path(at)}: {problem}", checked.rule)
                elif (read := browser_reading(value)) and (problem := safety.name_problem(unicode_host(read[0]))):
                    self.add(ld, position(node, at), Severity.WARNING,
                             f"{describe_path(at)}: host '{read[0]}' reads '{unicode_host(read[0])}': {problem}",
                             "url-lookalike")
            elif is_content_class(type(value)):
                self.check_links(ld, node, value, at)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if is_content_class(type(item)):
                        self.check_links(ld, node, item, [*at, i])

    def check_game(self, gid: str, gf: ContentFile) -> None:
        g = self.c.games[gid]
        ld = gf.loaded
        folder = gf.loaded.path.parent
        if folder != self.c.root and folder.name != gid:
            self.add(ld, position(g.node, ["id"]), Severity.WARNING,
                     f"game '{gid}' lives in folder '{folder.name}'; name the folder '{gid}'", "game-folder")
        self.check_locale(ld, g.node, ["lang"], g.lang)
        if problem := safety.id_problem(gid, game=True):
            self.err(ld, position(g.node, ["id"]), problem, "id-reserved")
        for path, text in g.texts():
            self.check_text(ld, g.node, field_steps(path), text)
        self.check_links(ld, g.node, g, [])
        for i, doc in enumerate(g.documents):
            for j, tag in enumerate(doc.languages):
                self.check_locale(ld, g.node, ["documents", i, "languages", j], tag)
            self.check_date(ld, g.node, ["documents", i, "date"], doc.date)
            if problem := safety.source_problem(folder, doc.file):
                self.err(ld, position(g.node, ["documents", i, "file"]), problem, "source-type")
                continue
            if problem := originals.name_problem(doc.file, doc.id):
                self.err(ld, position(g.node, ["documents", i, "file"]), problem, "source-name")
            src = folder / doc.file
            if not src.is_file():
                self.err(ld, position(g.node, ["documents", i, "file"]),
                         f"kept original '{doc.file}' not found in {folder.name}/", "source-missing")
                continue
            data = src.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            if digest != doc.sha256:
                self.err(ld, position(g.node, ["documents", i, "sha256"]),
                         f"sha256 of '{doc.file}' is {digest}, not the one recorded", "source-hash")
            self.check_original(gid, doc.id, src, data)

    def check_original(self, game: str, doc: str, src: Path, data: bytes) -> None:
        """``source-encoding`` and ``source-line-break`` at their place in the original itself; records its
        line count for provenance."""
        try:
            text = originals.decode(data)
        except originals.NotUtf8 as e:
            self.out.append(Diagnostic(display_path(src), e.line, e.column, Severity.ERROR,
                                       f"{e}, then record its new sha256 in the game file", "source-encoding"))
            return
        self.source_lines[game, doc] = originals.lines(text)
        if found := originals.line_break_problem(text):
            line, col, msg = found
            self.out.append(Diagnostic(display_path(src), line, col, Severity.WARNING, msg, "source-line-break"))

    def check_case_twins(self) -> None:
        """File names that a case-insensitive filesystem (macOS, Windows) would merge, or Windows refuses."""
        files = [p.relative_to(self.c.root).as_posix() for p in self.c.paths]
        for p in self.c.paths:
            if problem := safety.path_problem(p.relative_to(self.c.root).as_posix()):
                self.out.append(Diagnostic(display_path(p), 1, 1, Severity.ERROR, problem, "file-reserved"))
        for gid, gf in self.c.game_files.items():
            folder = gf.loaded.path.parent.relative_to(self.c.root).as_posix()
            files += [f"{folder}/{d.file}" for d in self.c.games[gid].documents]
        for a, b in safety.case_twins(sorted(files)):
            self.out.append(Diagnostic(b, 1, 1, Severity.ERROR,
                                       f"'{b}' and '{a}' differ only in case: on macOS and Windows one replaces "
                                       "the other; rename one", "case-twin"))

    def check_file_game(self, f: ContentFile) -> None:
        if f.game not in self.c.games and not self.game_file_failed(f.loaded.path.parent):
            self.err(f.loaded, position(f.loaded.data, ["game"]),
                     f"game '{f.game}' has no game file (kind: game)", "game-unknown")

    def check_id(self, f: ContentFile, e: Entry) -> None:
        pos = position(e.node, ["id"])
        if e.id in self.ids:
            first = self.id_file[e.id]
            fl, fc = position(self.ids[e.id].node, ["id"])
            self.err(f.loaded, pos, f"id '{e.id}' is already used at {first.loaded.name}:{fl}:{fc}", "id-unique")
            return
        self.ids[e.id] = e
        self.id_file[e.id] = f
        if len(e.id) > safety.MAX_ID_LENGTH:
            self.err(f.loaded, pos, safety.id_problem(e.id) or "", "id-length")
        elif problem := safety.id_problem(e.id):
            self.err(f.loaded, pos, problem, "id-reserved")
        name = e.name if isinstance(e, Entity) else e.term if isinstance(e, Term) else None
        for key, value in ([(name.lang, name.source), *((k, t.text) for k, t in name.translations.items())]
                           if name else []):
            if problem := safety.name_problem(value):
                field = "name" if isinstance(e, Entity) else "term"
                self.add(f.loaded, position(e.node, [field, key]), Severity.WARNING, f"{field} {problem}",
                         "name-lookalike")
        game, kind, _ = e.id.split("/")
        if game != f.game:
            self.err(f.loaded, pos, f"id '{e.id}' must start with this file's game '{f.game}/'", "id-game")
        allowed = ID_KINDS[type(e)]
        if isinstance(e, Entity):
            allowed = {e.type.value}
        if kind not in allowed:
            want = " or ".join(sorted(allowed))
            self.err(f.loaded, pos, f"id '{e.id}' must have '{want}' as its middle part", "id-kind")

    def check_locale(self, ld: Loaded, node: Any, path: list[Any], tag: str) -> None:
        if not locale_known(tag):
            self.err(ld, position(node, path), f"unknown locale '{tag}' (a BCP-47 tag such as en, it, zh, zh-Hant)",
                     "locale-unknown")

    def check_text(self, ld: Loaded, node: Any, path: list[Any], text: Text) -> None:
        raw = _get(node, path)
        sources = [k for k, v in raw.items() if isinstance(v, str)] if raw is not None else []
        if len(sources) > 1:
            self.err(ld, position(node, [*path, sources[1]]),
                     f"text has {len(sources)} plain-string values ({', '.join(sources)}); only the source is "
                     "plain, translations are objects with text, source_hash, status and by", "text-source")
        for loc in text.locales:
            if not locale_known(loc):
                self.err(ld, position(node, [*path, loc], key=True), f"unknown locale '{loc}'", "locale-unknown")
        if text.lang != FALLBACK_LOCALE and locale_known(text.lang) and \
                text.state(FALLBACK_LOCALE) is TextState.MISSING:
            self.err(ld, position(node, path),
                     f"{_label(path)} is in '{text.lang}' and has no English translation; add one under it "
                     f"(en: {{text: ..., source_hash: {text_hash(text.source)}, status: draft, by: your-name}}) or "
                     f"with `rulings translate apply`", "translation-english")
        for loc, tr in text.translations.items():
            if (name := display_name(tr.by)) != tr.by:
                self.err(ld, position(node, [*path, loc, "by"]),
                         f"'{loc}' translation of {_label(path)}: by {tr.by[:80]!r} is not a display name only "
                         "(e-mail address, markup, bidi or control characters); "
                         + (f"write by: {name}" if name else "write the translator's name or handle"),
                         "translation-by")
            if text.state(loc) is TextState.STALE:
                self.add(ld, position(node, [*path, loc]), Severity.WARNING,
                         f"'{loc}' translation of {_label(path)} was made from an older source text "
                         f"(source_hash {tr.source_hash}); review it and update source_hash", "translation-stale")

    def check_entry(self, f: ContentFile, e: Entry) -> None:
        ld = f.loaded
        self.check_locale(ld, e.node, ["lang"], e.lang)
        glossary = self.glossaries.get(e.game)
        for path, text in e.texts():
            self.check_text(ld, e.node, field_steps(path), text)
            if glossary is not None and not isinstance(e, Term):
                for loc in text.translations:
                    for term in glossary.unused(text, loc):
                        assert term.term is not None
                        self.add(ld, position(e.node, [*field_steps(path), loc, "text"]), Severity.WARNING,
                                 f"'{loc}' translation of {path} does not use the agreed term "
                                 f"'{term.term.get(loc)}' for '{term.term.get(text.lang) or term.term.source}' "
                                 "(see the glossary)", "terminology")
        for by_locale in (cf for cf in content_fields(type(e)) if cf.spec.kind in BY_LOCALE):
            for k in getattr(e, by_locale.name):
                if not locale_known(k):
                    self.err(ld, position(e.node, [by_locale.key, k], key=True), f"unknown locale '{k}'",
                             "locale-unknown")
        # references
        seen_fields: dict[str, int] = defaultdict(int)
        for fieldname, target in e.references():
            idx = seen_fields[fieldname]
            seen_fields[fieldname] += 1
            path = [fieldname] if fieldname in ("parent", "target") else \
                field_steps(fieldname) if "." in fieldname else [fieldname, idx]
            t = self.ids.get(target)
            want = _ref_kind(e, fieldname)
            if t is None:
                self.err(ld, position(e.node, path), f"{fieldname} '{target}' does not resolve to any entry"
                         + did_you_mean(target, self.ids_of_game(want, target.split("/", 1)[0], e.game),
                                        key=lambda i: i.rsplit("/", 1)[-1]),
                         "ref-unresolved")
                continue
            if want and not isinstance(t, want):
                self.err(ld, position(e.node, path),
                         f"{fieldname} '{target}' is a {t.KIND}, expected a {want.KIND}", "ref-kind")
            if target == e.id:
                self.err(ld, position(e.node, path), f"{fieldname} refers to the entry itself", "ref-kind")
        # provenance: each cited source (a list only when there are several)
        game = self.c.games.get(e.game)
        for i, prov in enumerate(e.provenance):
            at = ["provenance", i] if len(e.provenance) > 1 else ["provenance"]
            doc = next((d for d in game.documents if d.id == prov.document), None) if game else None
            if game and doc is None:
                self.err(ld, position(e.node, [*at, "document"]),
                         f"document '{prov.document}' is not among the documents of game '{game.id}'"
                         + did_you_mean(prov.document, [d.id for d in game.documents]), "provenance-document")
            elif doc is not None:
                a, b = prov.lines
                src = self.source_lines.get((game.id, doc.id))
                if a > b or (src is not None and b > len(src)):
                    self.err(ld, position(e.node, [*at, "lines"]),
                             f"lines {a}-{b} are not a range within '{doc.file}'" + _last_line(src), "provenance-lines")
        # kind-specific
        if isinstance(e, Ruling):
            self.check_ruling(ld, e)
        if isinstance(e, Change):
            self.check_date(ld, e.node, ["date"], e.date, suspect=e.suspect_date, change=True)
        if isinstance(e, Ruling):
            for i, h in enumerate(e.history):
                self.check_date(ld, e.node, ["history", i, "date"], h.date)
        self.check_missing(f, e)

    def check_date(self, ld: Loaded, node: Any, path: list[Any], value: str | None, *, suspect: bool = False,
                   change: bool = False) -> None:
        """A content date is a real day, not after the build's source date (a change's printed date flagged
        suspect may be: it is kept as printed, and shown flagged)."""
        if not value:
            return
        if not _real_date(value):
            self.err(ld, position(node, path), _not_a_date(value), "date-invalid")
            return
        day, what = self.source_day
        if dt.date.fromisoformat(value) > day and not suspect:
            fix = "; if the source prints it so, keep it and set suspect_date: true" if change else ""
            self.err(ld, position(node, path), f"date {value} is after the build's source date {day.isoformat()} "
                     f"({what}): no source dates a ruling in the future; check the year{fix}", "date-future")

    def check_ruling(self, ld: Loaded, r: Ruling) -> None:
        pos = node_position(r.node)
        if r.statement and (r.question or r.answer):
            self.err(ld, pos, "a ruling is either a question with an answer or a statement, not both",
                     "ruling-shape")
        elif not r.statement and not r.question:
            self.err(ld, pos, "a ruling needs a question (with its answer) or a statement", "ruling-shape")
        elif r.question and not r.answer and RulingFlag.UNANSWERED not in r.flags:
            self.err(ld, pos, "question without an answer: add the answer, or flags: [unanswered] if the "
                     "source prints none", "ruling-shape")
        elif r.answer and RulingFlag.UNANSWERED in r.flags:
            self.err(ld, position(r.node, ["flags"]), "flagged unanswered but has an answer", "ruling-shape")

    def check_missing(self, f: ContentFile, e: Entry) -> None:
        if not self.list_missing:
            return
        for loc in self.c.project.locales:
            fields = [p for p, t in e.texts() if t.state(loc) is TextState.MISSING and not kept_as_printed(e, p)]
            if fields and loc != FALLBACK_LOCALE:
                self.add(f.loaded, position(e.node, ["id"]), Severity.WARNING,
                         f"{e.id}: no '{loc}' translation of {', '.join(fields)}", "translation-missing")

    def check_changelog_order(self, f: ContentFile) -> None:
        last: Change | None = None
        for e in f.entries:
            assert isinstance(e, Change)
            if not e.date or not _real_date(e.date):
                continue
            if last and e.date < (last.date or "") and not e.suspect_date:
                self.add(f.loaded, position(e.node, ["date"]), Severity.WARNING,
                         f"date {e.date} comes after {last.date}; if the source prints it so, keep it and set "
                         "suspect_date: true", "changelog-order")
            if not e.suspect_date:
                last = e

    def check_modeline(self, f: ContentFile) -> None:
        ld = f.loaded
        want = modeline(ld.path, f.kind, find_schemas_dir(self.c.root))
        first = ld.text.split("\n", 1)[0].rstrip()
        if first != want:
            self.add(ld, (1, 1), Severity.WARNING, f"first line should be '{want}' so editors validate while "
                     "typing (rulings fmt adds it)", "modeline")


def missing_summary(content: Content) -> list[Diagnostic]:
    """One warning per file and locale that lacks translations (``--list-missing`` lists each entry)."""
    out = []
    for f in content.files:
        for loc in content.project.locales:
            if loc == FALLBACK_LOCALE:
                continue
            missing = [(e, p) for e in f.entries for p, t in e.texts()
                       if t.state(loc) is TextState.MISSING and not kept_as_printed(e, p)]
            if missing:
                first = missing[0][0]
                entries = len({e.id for e, _ in missing})
                line, col = position(first.node, ["id"])
                out.append(Diagnostic(f.loaded.name, line, col, Severity.WARNING,
                                      f"{len(missing)} texts in {entries} entries have no '{loc}' translation "
                                      f"(first: {first.id}; --list-missing lists them all)", "translation-missing"))
    return out


def _get(node: Any, path: list[Any]) -> Any:
    for p in path:
        try:
            node = node[p]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _label(path: list[Any]) -> str:
    return ".".join(str(p) for p in path)


def _ref_kind(e: Entry, fieldname: str) -> type[Entry] | None:
    if fieldname.endswith(".replaced_by"):
        return Ruling
    if fieldname == "about" or (isinstance(e, Entity | Erratum) and fieldname in ("parent", "target")):
        return Entity
    if isinstance(e, Section) and fieldname == "parent":
        return Section
    return None


def _last_line(lines: list[str] | None) -> str:
    """`` (12 lines, the last: "…")``: how long the original is, with the text of its last line as the source
    page shows it at ``#L12`` (for a file whose breaks an editor counts otherwise)."""
    if lines is None:
        return ""
    last = lines[-1] if lines else ""
    return f" ({len(lines)} lines, the last: {last[:60] + '…' if len(last) > 60 else last!r})"


def validate(root: Path, *, list_missing: bool = False,
             phase: Callable[[str], AbstractContextManager[object]] = nullcontext, cache: ReadCache | None = None,
             errors_only: bool = False) -> tuple[Content, list[Diagnostic]]:
    """Read the tree at ``root`` and return it with every problem found, sorted by file and position.

    The reading runs inside ``phase("load")`` and the checks inside ``phase("validate")`` (the benchmark
    times them apart). ``cache``: see :data:`~rulings.content.tree.ReadCache`. ``errors_only``: only the
    errors, without the passes that can only warn (what the preview needs after every edit)."""
    with phase("load"):
        content = read(root, cache)
    with phase("validate"):
        diags = list(content.diagnostics)
        with gc_paused():
            diags += Checker(content, list_missing=list_missing, terminology=not errors_only).run()
        if not list_missing and not errors_only:
            diags += missing_summary(content)
        if errors_only:
            diags = [d for d in diags if d.severity is Severity.ERROR]
        return content, sorted(set(diags), key=lambda d: (d.file, d.line, d.column, d.rule, d.message))


def only_under(diags: Iterable[Diagnostic], paths: list[Path]) -> list[Diagnostic]:
    """Keep diagnostics of files at or under the given paths."""
    from rulings.content.diagnostics import display_path
    prefixes = [display_path(p) for p in paths]
    # "." is the working folder itself (`rulings validate .` inside content/): every file is under it
    return [d for d in diags if any(p == "." or d.file == p or d.file.startswith(p.rstrip("/") + "/")
                                    for p in prefixes)]


@dataclass
class Checked:
    """What ``rulings validate`` reports: the diagnostics of the selected files, and how many files those are."""

    diagnostics: list[Diagnostic]
    files: int
    hidden_warnings: int = 0
    """Warnings left out by ``--no-warnings``: counted in the summary, so "0 warnings" never hides 33."""

    @property
    def ok(self) -> bool:
        """No error (warnings do not fail a check)."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def summary(self) -> str:
        return summary(self.diagnostics, self.files, self.hidden_warnings)

    def to_json(self) -> str:
        return to_json(self.diagnostics, self.files, self.hidden_warnings)


def check(selection: Selection, *, list_missing: bool = False, errors_only: bool = False,
          catalogs: Callable[[Content], list[Diagnostic]] | None = None,
          beside: Callable[[Path], list[Diagnostic]] | None = None) -> Checked:
    """Validate the whole tree of ``selection`` (so references resolve); keep the problems of its paths.

    Two later stages add theirs, passed in rather than imported (they sit above this one): ``catalogs``
    the problems of the UI catalogs the project's settings ask for (the command passes
    :func:`rulings.site.completeness.diagnostics`), when the selection holds content/project.yml;
    ``beside`` what is found about files kept beside the content (po/ out of date), asked only of content
    without errors."""
    content, diags = validate(selection.root, list_missing=list_missing)
    diags = only_under(diags, selection.paths)
    if catalogs is not None and content.project_file is not None and selection.covers(content.project_file.loaded.path):
        diags += catalogs(content)
    if beside is not None and not any(d.severity is Severity.ERROR for d in diags):
        diags += beside(selection.root)
    shown = [d for d in diags if d.severity is Severity.ERROR] if errors_only else diags
    return Checked(shown, sum(1 for p in content.paths if selection.covers(p)), len(diags) - len(shown))
