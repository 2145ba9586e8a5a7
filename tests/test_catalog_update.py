"""``rulings i18n update`` over a translator's saved catalog: the file is left as the translator's tool saved
it (header order, wrapping, comments, a final blank line or none), and only the entries the template
changed are rewritten. The catalog here is written as Poedit 3.4 saves one, from the repository's template."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import REPO, project_locales
from rulings.site.catalogs import extract, update

POEDIT_WIDTH = 79
"""Poedit wraps a string whose line would be longer (its default), breaking after spaces."""
TRANSLATED = 0.15
"""How much of the template the saved catalog translates: a locale under way."""
COMMENT = "# Marie : « fiche » plutôt que « carte » ? à revoir"


def quoted(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def poedit_string(keyword: str, s: str) -> list[str]:
    """``msgid "…"`` as Poedit writes it: one line if it fits, else an empty first line and the string in
    pieces broken after spaces."""
    one = f"{keyword} {quoted(s)}"
    if len(one) <= POEDIT_WIDTH:
        return [one]
    pieces, piece = [], ""
    for word in re.findall(r"\S+\s*|\s+", s):
        if piece and len(quoted(piece + word)) > POEDIT_WIDTH:
            pieces.append(piece)
            piece = ""
        piece += word
    return [f'{keyword} ""', *(quoted(p) for p in [*pieces, piece] if p)]


def poedit_catalog(pot: Path, translate: dict[str, str | tuple[str, ...]], fuzzy: dict[str, str],
                   final_blank_line: bool) -> str:
    """A French catalog as Poedit 3.4 saves it: its header fields in Poedit's order, the template's order,
    comments and flags, one translator comment, a fuzzy entry with the previous source, long strings wrapped."""
    with pot.open("rb") as f:
        template = read_po(f)
    head = ["# French translations for rulings.", "# Marie Dupont <marie@example.org>, 2026.", "#",
            'msgid ""', 'msgstr ""', *(quoted(f"{k}: {v}\n") for k, v in (
                ("Project-Id-Version", "rulings"), ("Report-Msgid-Bugs-To", ""),
                ("POT-Creation-Date", "2026-11-29 17:18+0000"), ("PO-Revision-Date", "2026-12-02 09:41+0100"),
                ("Last-Translator", "Marie Dupont <marie@example.org>"), ("Language-Team", ""), ("Language", "fr"),
                ("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=UTF-8"),
                ("Content-Transfer-Encoding", "8bit"), ("Plural-Forms", "nplurals=2; plural=(n > 1);"),
                ("X-Generator", "Poedit 3.4")))]
    entries = ["\n".join(head)]
    for m in template:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        lines = [COMMENT] if key == next(iter(translate)) else []
        lines += [f"#. {c}" for c in m.auto_comments]
        flags = sorted(m.flags | ({"fuzzy"} if key in fuzzy else set()))
        if flags:
            lines.append("#, " + ", ".join(flags))
        if key in fuzzy:
            lines.append(f"#| msgid {quoted(fuzzy[key])}")
        if m.context:
            lines += poedit_string("msgctxt", m.context)
        done = translate.get(key)
        if isinstance(m.id, str):
            lines += poedit_string("msgid", m.id) + poedit_string("msgstr", done if isinstance(done, str) else "")
        else:
            lines += poedit_string("msgid", m.id[0]) + poedit_string("msgid_plural", m.id[1])
            for i in range(2):
                lines += poedit_string(f"msgstr[{i}]", done[i] if isinstance(done, tuple) else "")
        entries.append("\n".join(lines))
    return "\n\n".join(entries) + ("\n\n" if final_blank_line else "\n")


def entries(text: str) -> dict[tuple[bool, str], str]:
    """The entries of a PO text by (obsolete, msgid as escaped however wrapped, after its msgctxt and U+0004 if it
    has one), each as written (read without babel, so the test does not check the code with itself)."""
    out = {}
    for block in re.split(r"\n[ \t]*\n", text.strip("\n")):
        lines = [line.removeprefix("#~ ") for line in block.split("\n")]
        obsolete = block.startswith("#~ ") or "\n#~ " in block
        msgid, msgctxt = string_of(lines, "msgid"), string_of(lines, "msgctxt")
        out[(obsolete, f"{msgctxt}\x04{msgid}" if msgctxt else msgid or "")] = block
    return out


def string_of(lines: list[str], keyword: str) -> str | None:
    """The string after ``keyword`` (and on the continuation lines below it), as escaped."""
    first = next((n for n, line in enumerate(lines) if line.startswith(f"{keyword} ")), None)
    if first is None:
        return None
    parts = [lines[first].removeprefix(f"{keyword} ")]
    for line in lines[first + 1:]:
        if not line.startswith('"'):
            break
        parts.append(line)
    return "".join(p.strip()[1:-1] for p in parts)


@pytest.fixture
def repo(tmp_path) -> Path:
    repo = tmp_path / "repo"
    (repo / "locales").mkdir(parents=True)
    shutil.copy(REPO / "locales" / "messages.pot", repo / "locales" / "messages.pot")
    return repo


def saved_catalog(repo: Path, final_blank_line: bool) -> tuple[Path, bytes]:
    """A French catalog about 15 % translated, with a wrapped long translation, saved as Poedit saves it."""
    with (repo / "locales" / "messages.pot").open("rb") as f:
        ids = [m.id for m in read_po(f) if m.id]
    singular = [i for i in ids if isinstance(i, str)]
    longest = max(singular, key=len)
    chosen = [i for n, i in enumerate(ids) if n % round(1 / TRANSLATED) == 0 and i != longest]
    translate: dict[str, str | tuple[str, ...]] = {
        (i if isinstance(i, str) else i[0]): (f"« {i} »" if isinstance(i, str) else (f"« {i[0]} »", f"« {i[1]} »"))
        for i in chosen}
    translate[longest] = "Traduction française d'une longue phrase, " * 4 + "coupée par Poedit."
    fuzzy = {next(i for i in singular if i not in translate and len(i) > 4): "Une ancienne source"}
    translate.update({k: "Brouillon" for k in fuzzy})
    po = repo / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(poedit_catalog(repo / "locales" / "messages.pot", translate, fuzzy, final_blank_line),
                  encoding="utf-8")
    data = po.read_bytes()
    assert b'msgstr ""\n"Traduction' in data and b"#| msgid" in data and COMMENT.encode() in data  # as Poedit
    return po, data


@pytest.mark.parametrize("final_blank_line", [False, True], ids=["no-final-blank-line", "final-blank-line"])
def test_an_unchanged_template_leaves_a_poedit_catalog_byte_for_byte(repo, final_blank_line):
    po, data = saved_catalog(repo, final_blank_line)
    update(repo, ["fr"])
    assert po.read_bytes() == data


@pytest.mark.parametrize("final_blank_line", [False, True], ids=["no-final-blank-line", "final-blank-line"])
def test_a_changed_template_rewrites_only_the_entries_it_changed(repo, final_blank_line):
    po, data = saved_catalog(repo, final_blank_line)
    saved = data.decode("utf-8")
    pot = repo / "locales" / "messages.pot"
    template = pot.read_text(encoding="utf-8")
    translated = [k for (_obsolete, k), block in entries(saved).items()
                  if k and re.search(r'^msgstr "[^"]', block, re.M) and "fuzzy" not in block]
    removed = translated[len(translated) // 2]
    template_entries = entries(template)
    template = template.replace(template_entries[(False, removed)] + "\n\n", "")
    added = "A sentence no version of the site had before"
    template = template.rstrip("\n") + f'\n\nmsgid "{added}"\nmsgstr ""\n\n'
    pot.write_text(template, encoding="utf-8")

    update(repo, ["fr"])
    after = po.read_text(encoding="utf-8")
    before_entries, after_entries = entries(saved), entries(after)
    changed = {k for k in before_entries.keys() | after_entries.keys() if before_entries.get(k) != after_entries.get(k)}
    assert changed == {(False, removed), (True, removed), (False, added)}, changed
    # the translator's work kept, as obsolete
    assert after_entries[(True, removed)].startswith(("#~ msgid", "#~ msgctxt"))
    assert after.endswith("\n\n") == final_blank_line
    kept = [k for k in before_entries if k in after_entries]
    assert kept == [k for k in after_entries if k in before_entries]  # in the order saved

    update(repo, ["fr"])
    assert po.read_text(encoding="utf-8") == after  # and updating again changes nothing


def test_a_new_catalog_is_written_whole(repo):
    [po] = update(repo, ["fr"])
    text = po.read_text(encoding="utf-8")
    with (repo / "locales" / "messages.pot").open("rb") as f:
        total = sum(1 for m in read_po(f) if m.id)
    assert 'msgid ""' in text and "Plural-Forms: nplurals=2; plural=(n > 1);" in text
    assert len(entries(text)) == total + 1


def test_extract_and_update_leave_the_shipped_catalogs_as_committed(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "locales", repo / "locales")
    shutil.copy(REPO / "babel.cfg", repo / "babel.cfg")
    (repo / "scripts").symlink_to(REPO / "scripts")
    committed = {p.relative_to(repo): p.read_bytes() for p in (repo / "locales").rglob("*.po*")}
    extract(repo)
    update(repo, project_locales())
    assert {p.relative_to(repo): p.read_bytes() for p in (repo / "locales").rglob("*.po*")} == committed


def test_a_header_field_the_update_sets_is_rewritten_in_its_own_line(repo):
    po, data = saved_catalog(repo, final_blank_line=False)
    saved = data.decode("utf-8")
    po.write_text(saved.replace('"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
                                '"Plural-Forms: nplurals=2; plural=n>1;\\n"'), encoding="utf-8")
    update(repo, ["fr"])
    assert po.read_text(encoding="utf-8") == saved  # gettext's rule for French, where the translator had it
