"""Import translated PO files back into the content.

``import_po`` writes the translated messages through :class:`~rulings.content.edit.Editor` (comments,
key order and quoting of the YAML are kept). A message whose source text changed since the export is
reported, not applied; fuzzy and untranslated messages are skipped. All files or none: nothing is
written unless every file passed.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from rulings.content.edit import Editor, tally
from rulings.content.tree import read
from rulings.exchange.po_export import kept_name
from rulings.exchange.po_language import content_locale
from rulings.exchange.po_syntax import syntax_problems
from rulings.model.names import display_name
from rulings.model.text import TextState
from rulings.translation.items import all_items

PLACEHOLDER_TRANSLATOR = "FULL NAME <EMAIL@ADDRESS>"
DEFAULT_BY = "po-import"


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


def translator_of(cat: Catalog) -> str | None:
    """The PO's Last-Translator as a display name, unless it is empty, gettext's placeholder, or nothing of
    a name is left once addresses, markup and controls are gone."""
    v = (cat.last_translator or "").strip()
    if not v or v == PLACEHOLDER_TRANSLATOR or "EMAIL@ADDRESS" in v:
        return None
    return display_name(v) or None


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
        who = (display_name(by) if by else translator_of(cat)) or DEFAULT_BY
        for msg in cat:
            if not msg.id:
                continue
            where = f"{po_file}:{msg.lineno}"
            ctx = msg.context or ""
            if not (isinstance(msg.id, str) and isinstance(msg.string, str)):
                continue  # a plural message: refused by syntax_problems already
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
            if msg.string == it.text.source and kept_name(it, locale):
                report.skipped_empty += 1  # a name kept as printed, as exported: no translation
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
