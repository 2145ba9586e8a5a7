"""Kept originals: safe names, UTF-8 only, and one numbering of lines for the validator, importers and viewer.

The hostile inputs of issue 26 (item 6): names that mkdocs would not publish (``..txt``, ``.htaccess.txt``)
or that links would cut (``#``, ``?``, ``%``, spaces); a lone CR that once shifted the source page's line
numbers by one against the validator's; invalid UTF-8 that the page showed as U+FFFD without a word.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, build_tree
from rulings.build.site_build import BuildError, build
from rulings.cli.main import main
from rulings.content import originals
from rulings.content.tree import read
from rulings.content.validate import validate
from rulings.importers import IMPORTERS, get
from rulings.site import paths as P
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import LocaleRenderer

GAME = Path("demo") / "game.yml"


def diagnostics(content: Path, rule: str) -> list[str]:
    return [f"{d.file}:{d.line}:{d.column}: {d.message}" for d in validate(content)[1] if d.rule == rule]


def errors(content: Path) -> list[str]:
    return [f"{d.file}:{d.line}:{d.column}: {d.message} ({d.rule})" for d in validate(content)[1]
            if d.severity.value == "error"]


def put_original(content: Path, data: bytes, name: str = "doc.txt") -> None:
    """The demo game's kept original replaced by ``data`` under ``name``, its sha256 recorded."""
    src = content / "demo" / "sources"
    (src / "doc.txt").unlink()
    (src / name).write_bytes(data)
    game = content / GAME
    text = game.read_text(encoding="utf-8").replace("file: sources/doc.txt", f"file: '{'sources/' + name}'")
    game.write_text(re.sub(r"sha256: [0-9a-f]{64}", f"sha256: {hashlib.sha256(data).hexdigest()}", text),
                    encoding="utf-8")


def cite(content: Path, first: int, last: int) -> None:
    """Every entry of the demo tree cites lines first-last of the original."""
    for name in ("entities.yml", "glossary.yml", "rulings.yml"):
        p = content / "demo" / name
        p.write_text(re.sub(r"lines: \[\d+, \d+\]", f"lines: [{first}, {last}]", p.read_text(encoding="utf-8")),
                     encoding="utf-8")


def file_position(content: Path) -> str:
    """``line:column`` of the value of the document's ``file:`` in game.yml."""
    for n, line in enumerate((content / GAME).read_text(encoding="utf-8").split("\n"), 1):
        if "file:" in line:
            return f"{n}:{line.index('file:') + len('file: ') + 1}"
    raise AssertionError("no file: field")


def viewer_lines(content: Path) -> dict[int, str]:
    """Line number → text of every ``#LN`` of the demo original's page, as the English site renders it."""
    model = build_model(read(content))
    doc = model.games["demo"].game.documents[0]
    pages = {p.path: p.markdown for p in LocaleRenderer(model, "en", UI.load(REPO / "locales", "en")).render().pages}
    md = pages[P.source_page("demo", doc.file)]
    found = re.findall(r'<span class="rl-line" id="L(\d+)">(?:<span id="[^"]*"></span>)*<a [^>]*>\1</a>(.*?)</span>',
                       md)
    return {int(n): html.unescape(t) for n, t in found}


# --- names -------------------------------------------------------------------------------------------


HOSTILE_NAMES = {
    "..txt": ("hidden file", "sources/doc.txt"),
    ".htaccess.txt": ("hidden file", "sources/htaccess.txt"),
    "a#b.txt": ("'#'", "sources/a-b.txt"),
    "a?b.txt": ("'?'", "sources/a-b.txt"),
    "a%20b.txt": ("'%'", "sources/a-20b.txt"),
    "a b.txt": ("' '", "sources/a-b.txt"),
    "Doc.TXT": ("capital letters", "sources/doc.txt"),
    "faq\u202e.txt": ("'\\u202e'", "sources/faq.txt"),  # the control shown escaped, not applied
    "-faq.txt": ("starts or ends", "sources/faq.txt"),
    "faq..txt": ("starts or ends", "sources/faq.txt"),
    "con.txt": ("device name on Windows", "sources/con-1.txt"),
    "lpt9.backup.txt": ("device name on Windows", "sources/lpt9-backup.txt"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_NAMES))
def test_unsafe_original_names_are_refused_at_the_file_field_with_a_safe_name(tmp_path, name):
    why, suggested = HOSTILE_NAMES[name]
    content = build_tree(tmp_path)
    put_original(content, b"line one\nline two\n", name)
    found = diagnostics(content, "source-name")
    assert len(found) == 1 and found[0].startswith(f"{content / GAME}:{file_position(content)}: "), found
    assert why in found[0] and f"rename the file to '{suggested}'" in found[0], found
    # the name suggested is accepted: renaming as told leaves no error at all
    again = build_tree(tmp_path / "renamed")
    put_original(again, b"line one\nline two\n", suggested.removeprefix("sources/"))
    assert errors(again) == []


@pytest.mark.parametrize("name", ["doc.txt", "anachronism-faq-2006-03-20.txt", "rules_v2.1.txt", "0.txt"])
def test_safe_names_pass(tmp_path, name):
    content = build_tree(tmp_path)
    put_original(content, b"line one\nline two\n", name)
    assert errors(content) == []


def test_today_s_originals_all_have_safe_names():
    names = [(g, d.file) for g, gd in read(REPO / "content").games.items() for d in gd.documents]
    assert names and all(originals.name_problem(f, "doc") is None for _g, f in names), names


def test_the_build_refuses_a_hidden_original_before_writing_anything(tmp_path):
    content = build_tree(tmp_path)
    put_original(content, b"line one\nline two\n", "..txt")
    with pytest.raises(BuildError, match="source-name"):
        build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(("target", "link"), [
    ("demo/sources/a#b.txt", "sources/a%23b.txt"),
    ("demo/sources/a?b.txt", "sources/a%3Fb.txt"),
    ("demo/sources/a%20b.txt", "sources/a%2520b.txt"),
    ("demo/sources/a b.txt", "sources/a%20b.txt"),
    ("demo/sources/été.txt", "sources/%C3%A9t%C3%A9.txt"),
])
def test_links_to_files_and_pages_are_percent_encoded(target, link):
    """Validation refuses such names; the links are encoded all the same (one helper makes every link)."""
    assert P.href("demo/card/sword.md", target, True) == "../../" + link
    assert P.href("demo/index.md", target[:-4] + ".md", False, "L3") == link[:-4] + ".html#L3"
    assert P.site_address("https://x.example/", "en", target[:-4] + ".md", True, "L3") == \
        f"https://x.example/en/demo/{link[:-4]}/#L3"
    assert P.location(target[:-4] + ".md", True) == f"demo/{link[:-4]}/"


# --- encoding ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "where", "byte"), [
    (b"one\ntw\xff\xfeo\nthree\n", "2:3", "byte 6 "),  # the case: bytes no UTF-8 text has
    (b"caf\xe9\r\n", "1:4", "byte 3 "),  # Latin-1 saved as is
    (b"\xef\xbb\xbfok\rstill ok\r\xc3(", "3:1", "byte 15 "),  # a byte order mark, lone CRs, a cut sequence
    (b"a\n\xed\xa0\x80", "2:1", "byte 2 "),  # an encoded surrogate
])
def test_invalid_utf8_is_an_error_at_its_line_with_the_byte_offset(tmp_path, data, where, byte):
    content = build_tree(tmp_path)
    put_original(content, data)
    cite(content, 1, 1)
    found = diagnostics(content, "source-encoding")
    assert len(found) == 1 and found[0].startswith(f"{content}/demo/sources/doc.txt:{where}: "), found
    assert byte in found[0] and "not UTF-8" in found[0] and "iconv" in found[0], found
    with pytest.raises(BuildError, match="source-encoding"):
        build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)


def test_rulings_import_of_invalid_utf8_names_the_file_and_byte(tmp_path):
    bad = tmp_path / "faq.txt"
    bad.write_bytes(b"Rules pages\n\nA caf\xe9 rule\n")
    r = CliRunner().invoke(main, ["import", "rules-pages", str(bad), "--into", str(tmp_path / "game")])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"{bad}: byte 18 (line 3, column 6) is 0xe9, not UTF-8" in r.output, r.output
    assert not (tmp_path / "game").exists()


# --- one numbering of lines --------------------------------------------------------------------------


CONVENTIONS = {
    "LF": b"one\ntwo\nthree\nfour\n",
    "LF, no final break": b"one\ntwo\nthree\nfour",
    "CRLF": b"one\r\ntwo\r\nthree\r\nfour\r\n",
    "lone CR": b"one\rtwo\rthree\rfour\r",
    "lone CR, no final break": b"one\rtwo\rthree\rfour",
    "one lone CR among LF (the issue's case)": b"one\rtwo\nthree\nfour\n",
    "CRLF and LF mixed": b"one\r\ntwo\nthree\r\nfour",
    "blank lines": b"one\n\r\n\rfour\n",
}
LINES = {k: ["one", "", "", "four"] if k == "blank lines" else ["one", "two", "three", "four"] for k in CONVENTIONS}


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
def test_line_n_is_the_same_text_for_the_validator_and_the_source_page(tmp_path, convention):
    content = build_tree(tmp_path)
    put_original(content, CONVENTIONS[convention])
    cite(content, 2, 4)  # the last line exists for the validator...
    assert not [e for e in errors(content) if "provenance-lines" in e]
    shown = viewer_lines(content)
    assert shown == dict(enumerate(LINES[convention], 1))  # ...and the page numbers the same four lines
    cite(content, 2, 5)  # one past the end: the validator says so, quoting the text the page shows at #L4
    found = diagnostics(content, "provenance-lines")
    assert found and all(f"(4 lines, the last: {shown[4]!r})" in m for m in found), found


@functools.cache
def imported(fmt: str) -> tuple[str, list[list[object]]]:
    """An importer's kept original (LF throughout, as committed) and the entries it imports from it."""
    imp = get(fmt)
    text = (REPO / "content" / imp.GAME_ID / "sources" / imp.SOURCE_NAME).read_text(encoding="utf-8")
    assert "\r" not in text
    return text, [f.entries for f in imp.parse(text).files]


@pytest.mark.parametrize("fmt", sorted(IMPORTERS))
@pytest.mark.parametrize("breaks", [["\r\n"], ["\r"], ["\n", "\r\n", "\r", "\r\n"]], ids=["CRLF", "CR", "mixed"])
def test_every_importer_numbers_lines_the_same_in_every_convention(fmt, breaks):
    """Each importer reads its own kept original rewritten with other breaks (mixed: LF, CRLF and CR in turn,
    never a CR before an LF, which would be one CRLF): the same entries, citing the same lines."""
    text, entries = imported(fmt)
    lines = text.split("\n")
    rewritten = "".join(line + breaks[i % len(breaks)] for i, line in enumerate(lines[:-1])) + lines[-1]
    assert rewritten != text and originals.lines(rewritten) == originals.lines(text)
    assert [f.entries for f in get(fmt).parse(rewritten).files] == entries


@pytest.mark.parametrize(("data", "where", "says"), [
    (b"one\rtwo\rthree\r", "1:4", "lone CR"),
    (b"one\ntwo\rthree\n", "2:4", "lone CR"),
    (b"one\r\ntwo\r\nthree\nfour\r\n", "3:6", "line ends with LF but earlier lines with CRLF"),
    ("one\ntwo\u2028still two\n".encode(), "2:4", "line separator (U+2028)"),
    (b"one\ntwo\x0cstill two\n", "2:4", "form feed"),
    ("one\n\x85\n".encode(), "2:1", "next line (U+0085)"),
])
def test_line_breaks_editors_count_otherwise_are_warned_where_they_are(tmp_path, data, where, says):
    content = build_tree(tmp_path)
    put_original(content, data)
    cite(content, 1, 1)
    found = diagnostics(content, "source-line-break")
    assert len(found) == 1 and found[0].startswith(f"{content}/demo/sources/doc.txt:{where}: "), found
    assert says in found[0], found
    assert errors(content) == []  # a warning: the site still builds, numbered as the validator counts


@pytest.mark.parametrize("data", [b"one\ntwo\n", b"one\r\ntwo\r\n", b"one\ttwo", b""])
def test_one_convention_throughout_is_not_warned(tmp_path, data):
    content = build_tree(tmp_path)
    put_original(content, data)
    assert diagnostics(content, "source-line-break") == []
