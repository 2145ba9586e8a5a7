"""Keep the committed PO exchange (``po/``) and the content YAML in agreement, both ways.

``po/<game>/<source language>/<locale>.po`` holds one game's texts written in one source language with
their translations into one locale, and ``<game>.pot`` beside it the same messages untranslated: the
layout a hosted Weblate (one component per game and source language) or Poedit works on as it is.

Each message carries a translator comment ``sync: source <hash> translation <hash>``: the hashes of the
msgid and msgstr the last sync wrote. They tell which side changed since: a msgstr that differs from it
was edited in the PO, a source or translation in the YAML that differs from it was edited in the YAML.
An edit on one side is carried to the other; the same text edited on both sides, or a translation made
for a msgid that is not the YAML's source, is reported and both sides are left as they are.

A text written in another language than English carries its English translation as translator comments
(``English: …``, see :func:`~rulings.exchange.po_export.reference_lines`), refreshed by every sync, also
in messages it otherwise leaves as the PO has them.

States mean the same in both worlds: a machine or stale translation is fuzzy in the PO; a person's save
without the fuzzy flag comes back as ``draft`` by whoever changed that message since the last sync (the
authors and co-authors of its commits, :mod:`~rulings.exchange.credit`; the PO's Last-Translator for an
edit git does not know); a fuzzy message stays as the YAML has it, even with its msgstr edited.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, unescape

from rulings.content.edit import Editor
from rulings.content.tree import Content, read
from rulings.exchange.credit import FileHistory
from rulings.exchange.po_export import (
    build_message,
    exported_fuzzy,
    game_glossary,
    header_lines,
    po_string,
    reference_lines,
    render_po,
    translatable,
    with_reference,
)
from rulings.exchange.po_import import MAX_TRANSLATION_CHARS, translator_of
from rulings.exchange.po_language import language_name, po_language
from rulings.exchange.po_syntax import syntax_problems
from rulings.files import atomic_write
from rulings.model.text import TextState, TranslationStatus, text_hash
from rulings.site.catalogs import plural_forms
from rulings.site.layout import SiteModel, build_model
from rulings.translation.history import History
from rulings.translation.items import Item, game_items

DEFAULT_BY = "po-sync"
BUGS_TO = "docs/translating.md#a-source-text-is-wrong"
"""Where a translator reports a wrong source text: the guide says how (the project names no tracker URL)."""
SYNC = re.compile(r"^sync: source ([0-9a-f]+) translation ([0-9a-f]+)$")
OWN_FIELDS = ("Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date", "Language", "MIME-Version",
              "Content-Type", "Content-Transfer-Encoding", "Plural-Forms")
"""Header fields the sync writes; the others (Last-Translator, Language-Team, PO-Revision-Date,
X-Generator…) belong to the translators' tools and are kept as they left them."""
TRANSLATOR_FIELDS = ("PO-Revision-Date", "Last-Translator", "Language-Team")
"""Kept where gettext puts them, before Language; any other kept field (X-Generator…) goes before
Plural-Forms, last but one, where Weblate leaves it after msgmerge: in any other place a pull would move it."""


def po_root_of(root: Path) -> Path:
    """``po/`` beside the content folder."""
    return root.resolve().parent / "po"


@dataclass
class Existing:
    """A PO file as it is on disk: its messages by msgctxt, header fields, its Last-Translator (who is
    credited for an edit git does not know) and its git history (who is credited for the others)."""

    messages: dict[str, Message]
    fields: list[tuple[str, str]]
    who: str
    history: FileHistory

    def credit(self, msg: Message, synced: tuple[str, str], fuzzy: bool) -> str:
        """Who changed ``msg`` since the last sync wrote it (hashes ``synced``, flagged ``fuzzy`` or not):
        the people of the commits that changed it, then the Last-Translator for an edit not committed yet;
        the Last-Translator alone when git says nothing."""
        def settled(m: Message | None) -> bool:
            return m is None or (base_of(m) or synced) != synced or (
                text_hash(m.string if isinstance(m.string, str) else "") == synced[1] and m.fuzzy == fuzzy)
        names, uncommitted = self.history.credit(msg.context or "", msg, settled)
        if uncommitted and self.who != DEFAULT_BY:
            names.append(self.who)
        return ", ".join(dict.fromkeys(names)) or self.who


@dataclass
class Planned:
    """What one sync would do: the bytes of every file under ``po/`` and the translations to record."""

    files: dict[Path, bytes] = field(default_factory=dict)
    applies: list[tuple[Item, str, str, str]] = field(default_factory=list)  # item, locale, text, by
    pending: int = 0
    problems: list[str] = field(default_factory=list)
    unreadable: set[Path] = field(default_factory=set)  # left as they are: a person must repair them


@dataclass
class SyncReport:
    """What a sync did (or, with ``check``, would do): translations recorded from po/ into the content,
    files written on either side, PO files that differ from what the content gives, fuzzy edits left
    pending in po/, and the problems it left for a person to resolve."""

    applied: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    content_written: list[Path] = field(default_factory=list)
    out_of_date: list[Path] = field(default_factory=list)
    pending: int = 0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{len(self.applied)} translations recorded from po/, {len(self.written)} PO files written, "
                f"{len(self.content_written)} content files written, {self.pending} fuzzy edits left in po/, "
                f"{len(self.problems)} problems")


def sync_comment(source: str, translation: str) -> str:
    return f"sync: source {text_hash(source)} translation {text_hash(translation)}"


def base_of(msg: Message) -> tuple[str, str] | None:
    """(source hash, translation hash) the last sync wrote for the message, if its comment is there."""
    for c in msg.user_comments:
        m = SYNC.match(c.strip())
        if m:
            return m.group(1), m.group(2)
    return None


def previous_of(msg: Message) -> list[str]:
    """The ``#| msgid`` of a message: babel reads previous msgids as translator comments ``| …``."""
    parts: list[str] = []
    for c in msg.user_comments:
        if c.startswith("| msgid "):
            parts = [c[len("| msgid "):].strip()]
        elif c.startswith('| "') and parts:
            parts.append(c[2:].strip())
    return ["".join(unescape(p) for p in parts)] if parts else []


def read_existing(path: Path, problems: list[str]) -> Existing | None:
    if not path.is_file():
        return None
    data = path.read_bytes()
    found = syntax_problems(path, data)
    if found:
        problems += found
        return None
    try:
        cat = read_po(io.BytesIO(data), abort_invalid=True)
    except Exception as e:  # noqa: BLE001 - babel raises several kinds of errors on bad input
        problems.append(f"{path}: error: not a readable PO file ({e})")
        return None
    messages = {m.context or "": m for m in cat if m.id and isinstance(m.id, str) and isinstance(m.string, str)}
    return Existing(messages, header_fields(data.decode("utf-8")), translator_of(cat) or DEFAULT_BY,
                    FileHistory(path))


def header_fields(po_text: str) -> list[tuple[str, str]]:
    """The fields of a PO file's header entry in their order, as written (babel rebuilds its own set)."""
    m = re.search(r'^msgid ""\r?\nmsgstr ((?:"(?:[^"\\]|\\.)*"[ \t]*\r?\n?)+)', po_text, re.M)
    if not m:
        return []
    value = "".join(unescape(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(1)))
    out = []
    for line in value.split("\n"):
        key, sep, v = line.partition(":")
        if sep and key.strip():
            out.append((key.strip(), v.strip()))
    return out


def _header(game: str, source: str, locale: str | None, existing: Existing | None) -> list[str]:
    name = language_name(source)
    own = [("Project-Id-Version", f"rulings {game}"), ("Report-Msgid-Bugs-To", BUGS_TO)]
    if locale is None:
        return header_lines(
            [f"Texts of the game {game} written in {name} ({source}): the template for new translations.",
             "Made by `rulings translate sync`; do not edit. Guide: docs/translating.md"],
            [*own, ("Language", ""), ("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=UTF-8"),
             ("Content-Transfer-Encoding", "8bit")])
    kept = [(k, v) for k, v in (existing.fields if existing else []) if k not in OWN_FIELDS]
    tools = [(k, v) for k, v in kept if k not in TRANSLATOR_FIELDS]  # X-Generator…: where Weblate keeps them
    kept = [(k, v) for k, v in kept if k in TRANSLATOR_FIELDS]
    if not any(k == "Last-Translator" for k, _ in kept):
        kept.insert(0, ("Last-Translator", ""))
    if not any(k == "Language-Team" for k, _ in kept):
        kept.insert(1, ("Language-Team", language_name(locale)))
    return header_lines(
        [f"{language_name(locale)} ({locale}) translations of the texts of the game {game} written in {name}.",
         "Kept in agreement with content/ by `rulings translate sync`: keep msgctxt and the sync comments.",
         "Clear fuzzy when a translation is right for the source. Guide: docs/translating.md"],
        [*own, *kept, ("Language", po_language(locale)), ("MIME-Version", "1.0"),
         ("Content-Type", "text/plain; charset=UTF-8"), ("Content-Transfer-Encoding", "8bit"), *tools,
         ("Plural-Forms", plural_forms(locale))])


def _decide(it: Item, locale: str, msg: Message, base: tuple[str, str] | None) -> tuple[str, str | None]:
    """("write" | "keep" | "suggest" | "apply", problem) for an existing message: write what the YAML says,
    keep the PO's message as it is, keep the PO's msgstr as a fuzzy suggestion for the YAML's new source, or
    record its msgstr in the YAML."""
    text = it.text
    tr = text.translations.get(locale)
    yaml_text = po_string(it, locale)
    src_h, tr_h = base or (text_hash(text.source), text_hash(yaml_text))
    po_edited = text_hash(msg.string) != tr_h
    source_changed = text_hash(text.source) != src_h
    yaml_edited = source_changed or text_hash(yaml_text) != tr_h
    confirmed = (base is not None and not msg.fuzzy and bool(msg.string) and msg.string == yaml_text
                 and not yaml_edited and exported_fuzzy(text, locale))  # a person cleared the fuzzy flag
    if not (po_edited or confirmed or text_hash(msg.id) != src_h):
        return "write", None
    where = f"{it.ctx} ({locale})"
    if msg.id != text.source:
        if not source_changed:
            return ("keep", f"{where}: msgid differs from the YAML source (the msgid was edited in the PO); "
                    "restore it or delete the message") if not po_edited else (
                "keep", f"{where}: translation not applied: its msgid differs from the YAML source (the msgid "
                        "was edited in the PO); restore the msgid")
        if not po_edited or not msg.string:
            return "write", None
        if msg.fuzzy or text_hash(yaml_text) == tr_h:
            return "suggest", None  # made for the old source: the translator finishes it for the new one
        return "keep", (f"{where}: conflict: the translation was edited in the PO and the text in the YAML "
                        "since the last sync; make them agree on one side")
    if msg.string == yaml_text and not confirmed:
        return "write", None  # both sides agree
    if not po_edited:
        return "apply", None
    if yaml_edited:
        return "keep", (f"{where}: conflict: the translation was edited in the PO and the text in the YAML "
                        "since the last sync; make them agree on one side")
    if msg.fuzzy:
        return "keep", None  # work in progress in the PO: not a translation yet
    if not msg.string:
        if tr is None:
            return "write", None  # a name kept as printed, emptied: there is no translation to remove
        return "keep", f"{where}: translation emptied in the PO; remove it in the YAML or restore it"
    if tr is not None and tr.status is TranslationStatus.OFFICIAL:
        return "keep", f"{where}: an official translation (printed in the source) is never overwritten"
    if len(msg.string) > min(MAX_TRANSLATION_CHARS, 10 * len(text.source) + 1000):
        return "keep", f"{where}: translation is {len(msg.string):,} characters long, too long for this text"
    return "apply", None


def _suggestion(desired: Message, msg: Message) -> Message:
    """The message for the YAML's new source with the PO's msgstr, made for the old one, as a fuzzy
    suggestion: Weblate shows it as "needs editing" with the change of the source."""
    return Message(desired.id, msg.string, locations=desired.locations, flags=set(desired.flags) | {"fuzzy"},
                   auto_comments=desired.auto_comments, user_comments=desired.user_comments,
                   previous_id=[msg.id], context=desired.context)


def _previous(it: Item, locale: str, msg: Message | None, history: History) -> str | None:
    """The source a stale translation was made from: the msgid (or previous msgid) the PO has for it,
    else from git history."""
    tr = it.text.translations.get(locale)
    if tr is None or it.text.state(locale) is not TextState.STALE:
        return None
    for candidate in [msg.id, *previous_of(msg)] if msg is not None else []:
        if text_hash(candidate) == tr.source_hash:
            return candidate
    return history.previous_source(it.file, it.owner_id, it.path, tr.source_hash)


def _kept(desired: Message, msg: Message, reference: list[str]) -> Message:
    """The PO's own message (msgid, msgstr, flags, comments, previous msgid) with fresh extracted comments
    and the current reference translation (``reference``: :func:`reference_lines`)."""
    own = [c for c in msg.user_comments if not c.startswith("|")]
    return Message(msg.id, msg.string, locations=desired.locations, flags=set(msg.flags) - {"python-format"},
                   auto_comments=desired.auto_comments, user_comments=with_reference(own, reference),
                   previous_id=previous_of(msg), context=msg.context)


def _catalog(messages: list[Message]) -> Catalog:
    cat = Catalog(fuzzy=False)
    for m in messages:
        cat[m.id] = m
    return cat


def plan(content: Content, po_root: Path, *, model: SiteModel | None = None,
         history: History | None = None) -> Planned:
    """Everything one sync would write, without writing it."""
    model = model or build_model(content)
    history = history or History()
    out = Planned()
    for game in content.games:
        items = game_items(content, game)
        glossary = game_glossary(content, game)
        for source in sorted({it.text.lang for it in items}):
            folder = po_root / game / source
            own = [it for it in items if it.text.lang == source]
            template = []
            for it in own:
                if translatable(it, ""):  # "" is no locale: only the source's own checks apply
                    m = build_message(content.root, it, source, glossary, model, None)
                    template.append(Message(m.id, "", locations=m.locations, auto_comments=m.auto_comments,
                                            context=m.context))
            out.files[folder / f"{game}.pot"] = render_po(_catalog(template), _header(game, source, None, None))
            for locale in content.project.locales:
                if locale == source:
                    continue
                path = folder / f"{po_language(locale)}.po"  # gettext file names: zh_Hant.po
                existing = read_existing(path, out.problems)
                if existing is None and path.is_file():
                    out.unreadable.add(path)
                    continue
                old = dict(existing.messages) if existing else {}
                messages = []
                for it in own:
                    if not translatable(it, locale):
                        continue
                    msg = old.pop(it.ctx, None)
                    base = base_of(msg) if msg is not None else None
                    action, problem = _decide(it, locale, msg, base) if msg is not None else ("write", None)
                    if problem:
                        out.problems.append(f"{path}: {problem}")
                    if action == "apply":
                        assert msg is not None and existing is not None
                        synced = base or (text_hash(it.text.source), text_hash(po_string(it, locale)))
                        by = existing.credit(msg, synced, exported_fuzzy(it.text, locale))
                        out.applies.append((it, locale, msg.string, by))
                    desired = build_message(content.root, it, locale, glossary, model,
                                            _previous(it, locale, msg, history),
                                            [sync_comment(it.text.source, po_string(it, locale))])
                    if action == "suggest":
                        assert msg is not None
                        out.pending += 1
                        desired = _suggestion(desired, msg)
                    if action == "keep":
                        assert msg is not None
                        out.pending += problem is None
                        desired = _kept(desired, msg, reference_lines(it.text, locale))
                    messages.append(desired)
                for ctx, msg in old.items():  # messages of fields the YAML no longer has
                    base = base_of(msg)
                    if msg.string and (base is None or text_hash(msg.string) != base[1]):
                        out.problems.append(f"{path}: {ctx}: translation edited in the PO for a text the YAML no "
                                            "longer has; not applied (delete the message to drop it)")
                        messages.append(msg)
                out.files[path] = render_po(_catalog(messages), _header(game, source, locale, existing))
    return out


def _stray(po_root: Path, planned: Planned) -> list[Path]:
    if not po_root.is_dir():
        return []
    return sorted(p for p in po_root.rglob("*") if p.suffix in (".po", ".pot") and p not in planned.files
                  and p not in planned.unreadable)


def sync(root: Path, po_root: Path | None = None, *, check: bool = False) -> SyncReport:
    """Bring ``po/`` and the content into agreement (or, with ``check``, only say whether they are).

    PO → YAML first (translations edited in the PO are recorded in the content through
    :class:`~rulings.content.edit.Editor`, which keeps comments and formatting), then YAML → PO from the
    content as it then is. Running it twice changes nothing the second time."""
    po_root = po_root or po_root_of(root)
    content = read(root)
    history = History()
    planned = plan(content, po_root, history=history)
    report = SyncReport(problems=list(planned.problems), pending=planned.pending)
    report.problems += [f"{p}: not a file of the synced layout (po/<game>/<source language>/<locale>.po); "
                        "delete it" for p in _stray(po_root, planned)]
    if planned.applies and not check:
        editor = Editor(content)
        for it, locale, text, by in planned.applies:
            outcome = editor.set_translation(it.owner_id, it.path, locale, text, TranslationStatus.DRAFT, by)
            if outcome == "applied":
                report.applied.append(f"{it.ctx} ({locale})")
            elif outcome != "unchanged":
                report.problems.append(outcome)
        report.content_written = editor.save()
        content = read(root)
        planned = plan(content, po_root, history=history)
    elif planned.applies:
        report.applied = [f"{it.ctx} ({locale})" for it, locale, _t, _b in planned.applies]
    for path, data in planned.files.items():
        if not path.is_file() or path.read_bytes() != data:
            report.out_of_date.append(path)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write(path, data)
                report.written.append(path)
    return report


def agree(report: SyncReport) -> bool:
    """Whether ``po/`` and the content agree: nothing to record, nothing to write, nothing to report."""
    return not (report.applied or report.out_of_date or report.problems)

