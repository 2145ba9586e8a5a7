"""Attacks through content, translators' files and the command line are refused (no site is built).

Each test is one attack from the security issue: what a stranger's pull request, PO file or a wrong
command could do, and what must happen instead (a positioned error, nothing written, exit 1).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, alive, build_tree, commit_all, gone, site_inputs
from rulings.build.output import MARKER, MARKER_TEXT, PROJECT_FOLDERS, OutputRefused, check_output
from rulings.build.site_build import BuildError, build
from rulings.cli.main import main
from rulings.content.edit import apply_translations
from rulings.content.tree import read
from rulings.content.validate import validate
from rulings.exchange.po_export import export_po
from rulings.exchange.po_import import import_po
from rulings.publish.manifest import write_manifest
from rulings.site.i18n import TemplateError, fill, placeholders

RULING = "demo/ruling/sword-twice"


def rules(content: Path) -> dict[str, list[str]]:
    """rule → messages of every error and warning in the tree."""
    _c, diags = validate(content)
    out: dict[str, list[str]] = {}
    for d in diags:
        out.setdefault(d.rule, []).append(f"{d.file}:{d.line}:{d.column}: {d.message}")
    return out


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (old, path)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- kept originals are data, never pages -------------------------------------------------------


@pytest.mark.parametrize("name", ["evil.html", "evil.svg", "evil.md", "evil.htm", "evil.xhtml"])
def test_kept_originals_must_be_plain_text(tmp_path, name):
    content = build_tree(tmp_path)
    src = content / "demo" / "sources"
    (src / "doc.txt").rename(src / name)
    replace_in(content / "demo" / "game.yml", "sources/doc.txt", f"sources/{name}")
    found = rules(content)
    assert "source-type" in found and "game.yml" in found["source-type"][0] and "plain text" in found["source-type"][0]
    with pytest.raises(BuildError, match="source-type"):
        build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)
    assert not (tmp_path / "site").exists()


def test_a_kept_original_cannot_escape_the_sources_folder(tmp_path):
    content = build_tree(tmp_path)
    replace_in(content / "demo" / "game.yml", "sources/doc.txt", "sources/../../../etc/hostname")
    assert rules(content)  # the schema or the source rule refuses it, with a position
    _c, diags = validate(content)
    assert any(d.line > 0 for d in diags if d.severity.value == "error")


# --- symlinks -----------------------------------------------------------------------------------


def test_symlinked_content_and_originals_are_refused(tmp_path):
    content = build_tree(tmp_path)
    outside = tmp_path / "outside.yml"
    shutil.copy(content / "demo" / "rulings.yml", outside)
    (content / "demo" / "rulings.yml").unlink()
    (content / "demo" / "rulings.yml").symlink_to(outside)
    secret = tmp_path / "secret.txt"
    secret.write_text("line one\nline two\nline three\nline four\n", encoding="utf-8")
    (content / "demo" / "sources" / "doc.txt").unlink()
    (content / "demo" / "sources" / "doc.txt").symlink_to(secret)
    found = rules(content)
    assert len(found["symlink"]) == 2
    assert any("sources/doc.txt" in m and "symlink" in m for m in found["source-type"])
    # the symlinked file is not read by validation nor by the build: both see the same tree
    c = read(content)
    assert not any(f.loaded.path.name == "rulings.yml" for f in c.files)
    with pytest.raises(BuildError, match="symlink"):
        build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)


# --- reserved ids, lengths, look-alikes, case twins, URLs ----------------------------------------


@pytest.mark.parametrize("game", ["contribute", "translation-status", "index", "assets", "search", "api", "404"])
def test_reserved_game_ids_are_refused(tmp_path, game):
    content = build_tree(tmp_path)
    for f in (content / "demo").glob("*.yml"):
        f.write_text(f.read_text(encoding="utf-8").replace("demo", game), encoding="utf-8")
    (content / "demo").rename(content / game)
    found = rules(content)
    if game.isdigit():  # unquoted, YAML reads a number: the schema refuses it before the reserved check
        assert any("game.yml" in m for ms in found.values() for m in ms)
        return
    assert any(f"'{game}' is reserved" in m for m in found["id-reserved"]), found


def test_reserved_slugs_are_refused(tmp_path):
    content = build_tree(tmp_path)
    replace_in(content / "demo" / "entities.yml", "demo/card/sword", "demo/card/index")
    replace_in(content / "demo" / "rulings.yml", "demo/card/sword", "demo/card/index")
    msg = rules(content)["id-reserved"][0]
    assert "entities.yml:" in msg and "'index' is reserved" in msg


@pytest.mark.parametrize("slug", ["con", "aux", "nul", "prn", "com1", "lpt1", "com9", "lpt9"])
def test_windows_device_names_are_refused_as_slugs(tmp_path, slug):
    """The issue's slugs: each would be a page ``con.html`` (or folder ``con/``) that Windows cannot create,
    so the offline zip could not be extracted there."""
    content = build_tree(tmp_path)
    replace_in(content / "demo" / "entities.yml", "demo/card/sword", f"demo/card/{slug}")
    replace_in(content / "demo" / "rulings.yml", "demo/card/sword", f"demo/card/{slug}")
    found = rules(content)["id-reserved"]
    assert len(found) == 1 and "entities.yml:5:" in found[0], found
    assert f"'{slug}' is a device name on Windows" in found[0] and f"use '{slug}-1'" in found[0], found
    with pytest.raises(BuildError, match="id-reserved"):
        build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)


def test_a_windows_device_name_as_game_id_and_folder_is_refused(tmp_path):
    content = build_tree(tmp_path)
    for f in (content / "demo").glob("*.yml"):
        f.write_text(f.read_text(encoding="utf-8").replace("demo", "aux"), encoding="utf-8")
    (content / "demo").rename(content / "aux")
    found = rules(content)
    assert any("game.yml:" in m and "'aux' is a device name on Windows" in m for m in found["id-reserved"]), found
    assert len(found["file-reserved"]) == len(list((content / "aux").glob("*.yml"))), found
    assert all("aux/" in m and "rename it" in m for m in found["file-reserved"]), found


@pytest.mark.parametrize("name", ["nul.yml", "Com1.yml", "lpt9.rulings.yml"])
def test_content_files_windows_cannot_create_are_refused(tmp_path, name):
    content = build_tree(tmp_path)
    (content / "demo" / "glossary.yml").rename(content / "demo" / name)
    found = rules(content)["file-reserved"]
    assert len(found) == 1 and found[0].startswith(f"{content / 'demo' / name}:1:1: ") and "Windows" in found[0]


def test_the_zip_writer_refuses_a_name_windows_cannot_extract(tmp_path):
    """The last line of defence, should a reserved name ever reach the output past validation."""
    from rulings.publish.bundles import BundleError, write_zip
    site = tmp_path / "site"
    (site / "demo" / "card").mkdir(parents=True)
    (site / "demo" / "card" / "con.html").write_text("x", encoding="utf-8")
    with pytest.raises(BundleError, match=r"rulings-en/demo/card/con\.html' could not be extracted on Windows"):
        write_zip([(site, "rulings-en")], tmp_path / "out.zip", 0)
    (site / "demo" / "card" / "con.html").rename(site / "demo" / "card" / "con-1.html")
    assert write_zip([(site, "rulings-en")], tmp_path / "out.zip", 0) > 0


def test_overlong_ids_are_refused_before_the_build(tmp_path):
    content = build_tree(tmp_path)
    long_id = "demo/card/" + "a" * 250
    replace_in(content / "demo" / "entities.yml", "demo/card/sword", long_id)
    replace_in(content / "demo" / "rulings.yml", "demo/card/sword", long_id)
    assert "id-length" in rules(content)
    with pytest.raises(BuildError, match="id-length"):
        build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)


@pytest.mark.parametrize("name,why", [("Swo\u200brd", "invisible"), ("\u202eSword", "bidirectional"),
                                      ("Sw\u043erd", "mixes CYRILLIC and LATIN")])
def test_look_alike_names_are_warned(tmp_path, name, why):
    content = build_tree(tmp_path)
    replace_in(content / "demo" / "entities.yml", "en: Sword", f'en: "{name}"')
    found = rules(content)
    assert any(why in m and "entities.yml:" in m for m in found["name-lookalike"]), found


def test_case_twin_files_are_refused(tmp_path):
    content = build_tree(tmp_path)
    shutil.copy(content / "demo" / "glossary.yml", content / "demo" / "Glossary.yml")
    found = rules(content)
    assert any("differ only in case" in m for m in found["case-twin"])


@pytest.mark.parametrize("url", ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>",
                                 "JaVaScRiPt:alert(1)", "//evil.example/", "https://ok.example/ x"])
def test_document_urls_must_be_http(tmp_path, url):
    content = build_tree(tmp_path)
    replace_in(content / "demo" / "game.yml", "    file: sources/doc.txt",
               f"    url: '{url}'\n    file: sources/doc.txt")
    assert "url-invalid" in rules(content)


def test_an_http_url_is_accepted(tmp_path):
    content = build_tree(tmp_path)
    replace_in(content / "demo" / "game.yml", "    file: sources/doc.txt",
               "    url: 'https://example.org/faq?a=1&b=%222%22#top'\n    file: sources/doc.txt")
    assert "url-invalid" not in rules(content)


# --- output folders are ours or nothing ----------------------------------------------------------


def test_out_refuses_the_repository_its_parents_and_its_data(tmp_path):
    repo, content = REPO, REPO / "content"
    named = [repo / name for name in PROJECT_FOLDERS]
    for out in (repo, repo.parent, repo.parent.parent, content, content / "demo", repo / "po" / "new",
                repo / "scripts" / "rulings", *named):
        for force in (False, True):  # --force is no way around these, and the refusal never suggests it
            with pytest.raises(OutputRefused, match="use --out site, or an empty folder outside") as e:
                check_output(out, repo, content, force=force)
            assert "pass --force" not in str(e.value)


def project_clone(tmp_path: Path) -> Path:
    """A committed project with every folder a build must never take: content, po, schemas, tests, tools, …
    and a folder of its own (``notes``) that git tracks."""
    clone = site_inputs(tmp_path)
    build_tree(clone)
    for name in ("po/demo", "tests", "tools", "scripts", "notes"):
        (clone / name).mkdir(parents=True)
        (clone / name / "keep.txt").write_text(f"{name}: precious\n", encoding="utf-8")
    commit_all(clone)
    return clone


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("out", ["po", "po/demo", "schemas", "tests", "tools", "docs", "site_config", "locales",
                                 "content", "scripts", ".git", ".git/refs", "notes", "link-to-po"])
def test_build_never_replaces_a_project_folder_even_with_force(tmp_path, monkeypatch, out):
    clone = project_clone(tmp_path)
    (clone / "link-to-po").symlink_to("po")
    before = files_of(clone)
    monkeypatch.chdir(clone)
    for force in ([], ["--force"]):  # was: --out po --force replaced the translators' PO folder (exit 0)
        r = CliRunner().invoke(main, ["build", "--out", out, "--no-bundles", *force])
        assert r.exit_code == 1, r.output
        assert "use --out site, or an empty folder outside the project's files" in r.output, r.output
        assert "pass --force" not in r.output and "Traceback" not in r.output
    assert files_of(clone) == before


def test_build_never_replaces_a_git_checkout_even_with_force(tmp_path, monkeypatch):
    clone = project_clone(tmp_path)
    other = tmp_path / "other-project"
    (other / "src").mkdir(parents=True)
    (other / "src" / "main.c").write_text("int main;\n", encoding="utf-8")
    commit_all(other)
    holder = tmp_path / "projects"
    (holder / "deep" / "er").mkdir(parents=True)
    shutil.copytree(other, holder / "deep" / "er" / "copy", symlinks=True)
    monkeypatch.chdir(clone)
    for out in (other, holder, other / ".git" / "hooks"):
        before = files_of(out)
        r = CliRunner().invoke(main, ["build", "--out", str(out), "--no-bundles", "--force"])
        assert r.exit_code == 1 and "not even with --force: use --out site" in r.output, r.output
        assert files_of(out) == before


def test_a_marked_site_folder_tracked_by_another_repository_may_be_replaced(tmp_path):
    """The deploy workflow: the built site committed in a pages repository of its own, rebuilt in place."""
    clone = project_clone(tmp_path)
    pages = tmp_path / "pages"
    (pages / "site").mkdir(parents=True)
    (pages / "site" / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    commit_all(pages)
    check_output(pages / "site", clone, clone / "content")


def test_out_refuses_a_non_empty_folder_no_build_wrote(tmp_path):
    out = tmp_path / "photos"
    out.mkdir()
    (out / "holiday.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(OutputRefused, match="--force"):
        check_output(out, REPO, REPO / "content")
    check_output(out, REPO, REPO / "content", force=True)
    check_output(tmp_path / "new", REPO, REPO / "content")  # a new folder is fine
    marked = tmp_path / "old-site"
    marked.mkdir()
    (marked / MARKER).write_text("x", encoding="utf-8")
    (marked / "index.html").write_text("x", encoding="utf-8")
    check_output(marked, REPO, REPO / "content")


def test_build_out_dot_in_a_scratch_clone_exits_non_zero_and_keeps_the_clone(tmp_path):
    clone = tmp_path / "clone"
    for name in ("content", "locales", "site_config", "docs", "scripts"):
        shutil.copytree(REPO / name, clone / name, symlinks=True)
    shutil.copy(REPO / "mkdocs.yml", clone / "mkdocs.yml")
    (clone / ".git").mkdir()
    (clone / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    before = sorted(p.relative_to(clone) for p in clone.rglob("*"))
    runner = CliRunner()
    cwd = os.getcwd()
    try:
        os.chdir(clone)
        for out in (".", "..", "content", "scripts"):
            r = runner.invoke(main, ["build", "--out", out, "--no-bundles", "--force"])
            assert r.exit_code == 1, (out, r.output)
            assert "--out" in r.output and "Traceback" not in r.output
    finally:
        os.chdir(cwd)
    assert sorted(p.relative_to(clone) for p in clone.rglob("*")) == before


# --- a killed build does not block the next one --------------------------------------------------


WORKERS = 2
"""Generation workers the killed build forks: one per locale of the tree, at most this many at a time."""


@pytest.mark.build
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc (Linux)")
def test_parent_killed_during_parallel_generation_then_a_build_succeeds(tmp_path):
    """SIGKILL to the build process only (not its group), while its forked workers generate pages.

    Each worker, once it has its first task, says so (a file named by its pid) and then stays in it: the
    kill lands when every worker is mid-generation, however fast or loaded the machine, and a worker can
    only go if it notices that its parent died."""
    content = build_tree(tmp_path)
    locales = read(content).project.locales
    assert len(locales) >= WORKERS, "one generation task per locale: too few locales to fork workers"
    out, work, started = tmp_path / "site", tmp_path / "build", tmp_path / "started"
    started.mkdir()
    script = textwrap.dedent(f"""
        import os, time
        from pathlib import Path
        from rulings.build import workers
        from rulings.build.site_build import build

        def generating(task):  # a worker's task, held once begun
            (Path({str(started)!r}) / str(os.getpid())).touch()
            time.sleep(600)

        workers._call_forked = generating
        build(Path({str(REPO)!r}), Path({str(out)!r}), content_dir=Path({str(content)!r}),
              work=Path({str(work)!r}), workers={WORKERS}, log=lambda *_: None)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script])
    workers: list[int] = []
    try:
        while proc.poll() is None and len(workers) < WORKERS:  # however long the build takes to fork
            workers = [int(p.name) for p in started.iterdir()]
            time.sleep(0.01)
        assert len(workers) == WORKERS, f"the build ended ({proc.returncode}) before its workers all started"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        # The workers must notice and exit. The bound is no speed check: it only turns a worker that never
        # exits into a failure instead of a hung test run.
        assert gone(workers), "workers outlived the killed build"
    finally:
        proc.kill()
        proc.wait()
        for w in workers:  # a failed check leaves none behind
            if alive(w):
                os.kill(w, signal.SIGKILL)
    small = build_tree(tmp_path / "again")
    build(REPO, out, content_dir=small, work=work, locales=["en"], log=lambda *_: None)  # any build will do
    assert (out / "en" / "demo" / "card" / "sword" / "index.html").is_file()


# --- PO import is a transaction ------------------------------------------------------------------


@pytest.fixture
def po_tree(tmp_path) -> tuple[Path, Path]:
    content = build_tree(tmp_path)
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    return content, path


def snapshot(content: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(content.rglob("*")) if p.is_file()}


def set_msgstr(path: Path, ctx: str, value: str) -> None:
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(f'msgctxt "{ctx}"\n', 1)
    msgid, tail = rest.split('msgstr ""\n', 1)
    path.write_text(head + f'msgctxt "{ctx}"\n' + msgid + f'msgstr "{value}"\n' + tail, encoding="utf-8")


def refused(content: Path, files: list[Path], match: str) -> list[str]:
    before = snapshot(content)
    rep = import_po(content, files)
    assert rep.problems and any(match in p for p in rep.problems), rep.problems
    assert rep.written == [] and snapshot(content) == before
    return rep.problems


def test_po_language_must_be_a_site_locale(po_tree):
    content, path = po_tree
    set_msgstr(path, f"{RULING}#answer", "Sì.")
    replace_in(path, '"Language: it\\n"', '"Language: xx\\n"')
    refused(content, [path], "not a locale of this site")


def test_po_never_overwrites_an_official_translation(tmp_path):
    content = build_tree(tmp_path)
    rep = apply_translations(content, {"demo/card/sword": {"name": "Spada"}}, "it", "official", "source document")
    assert rep.applied == 1
    (path,) = export_po(content, "it", tmp_path / "po", game="demo")
    replace_in(path, 'msgstr "Spada"', 'msgstr "Spadone"')
    refused(content, [path], "official")


def test_po_message_of_another_game_is_an_error(po_tree):
    content, path = po_tree
    replace_in(path, f'msgctxt "{RULING}#answer"', 'msgctxt "other/ruling/x#answer"')
    set_msgstr(path, "other/ruling/x#answer", "Sì.")
    problems = refused(content, [path], "belongs to game 'other'")
    assert problems[0].startswith(f"{path}:")


def test_po_unterminated_string_is_an_error_with_its_line(po_tree):
    content, path = po_tree
    set_msgstr(path, f"{RULING}#answer", "Sì.")
    text = path.read_text(encoding="utf-8").replace('msgstr "Sì."', 'msgstr "Sì.')
    path.write_text(text, encoding="utf-8")
    line = text.split("\n").index('msgstr "Sì.') + 1
    problems = refused(content, [path], "not PO syntax")
    assert problems[0].startswith(f"{path}:{line}:")


def test_po_charset_mismatch_is_an_error(po_tree):
    content, path = po_tree
    set_msgstr(path, f"{RULING}#answer", "Sì, è così.")
    replace_in(path, "charset=utf-8", "charset=ISO-8859-1")
    refused(content, [path], "must be UTF-8")
    replace_in(path, "charset=ISO-8859-1", "charset=utf-8")
    path.write_bytes(path.read_bytes().replace("è".encode(), b"\xe8"))
    refused(content, [path], "not UTF-8")


def test_po_huge_translation_is_refused(po_tree):
    content, path = po_tree
    set_msgstr(path, f"{RULING}#answer", "x" * 200_000)
    refused(content, [path], "characters long")


def test_po_failure_in_one_file_writes_none(tmp_path):
    content = build_tree(tmp_path)
    paths = [export_po(content, "it", tmp_path / f"po{i}", game="demo")[0] for i in range(3)]
    set_msgstr(paths[0], f"{RULING}#answer", "Sì.")
    set_msgstr(paths[1], f"{RULING}#question", "Posso?")
    replace_in(paths[1], 'msgid "Yes."\nmsgstr ""', 'msgid "Yes!"\nmsgstr "Sì!"')  # an edited source: refused
    set_msgstr(paths[2], "demo/term/adjacent#term", "Adiacente")
    refused(content, paths, "source changed since export")


def test_po_import_cli_exits_1_and_says_nothing_was_written(po_tree):
    content, path = po_tree
    set_msgstr(path, f"{RULING}#answer", "Sì.")
    replace_in(path, '"Language: it\\n"', '"Language: en\\n"')  # the source language
    r = CliRunner().invoke(main, ["translate", "import", str(path), "--content", str(content)])
    assert r.exit_code == 1 and "nothing written" in r.output


def test_po_translator_email_is_never_stored(po_tree):
    content, path = po_tree
    set_msgstr(path, f"{RULING}#answer", "Sì.")
    replace_in(path, '"Last-Translator: \\n"', '"Last-Translator: Maria Rossi <maria@example.org>\\n"')
    rep = import_po(content, [path])
    assert rep.applied == 1 and not rep.problems
    text = (content / "demo" / "rulings.yml").read_text(encoding="utf-8")
    assert "Maria Rossi" in text and "@" not in text


# --- UI catalogs are templates with named placeholders only ---------------------------------------


@pytest.mark.parametrize("bad", ["{percent.__class__.__mro__}", "{Total}", "stray {", "{percent:>300000000}",
                                 "{percent!r}", "{0}", "{percent[0]}"])
def test_catalog_templates_allow_only_plain_names(bad):
    with pytest.raises(TemplateError):
        placeholders(bad)


def test_fill_never_formats():
    assert fill("{a} {{b}}", {"a": "<x>"}) == "<x> {b}"


@pytest.mark.parametrize("bad", ["{percent.__class__.__mro__} di {total} testi", "{Total}",
                                 "{percent:>300000000} di {total}", "{percent} di {total"])
def test_a_broken_catalog_stops_the_build_with_file_and_line(tmp_path, bad):
    repo = site_inputs(tmp_path)
    po = repo / "locales" / "it" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    head, tail = text.split('msgid "{percent} of {total} texts"\n', 1)
    old = tail.split("\n", 1)[0]
    po.write_text(head + 'msgid "{percent} of {total} texts"\n' + f'msgstr "{bad}"' + "\n" + tail.split("\n", 1)[1],
                  encoding="utf-8")
    line = head.count("\n") + 1  # the message's msgid line, where the PO editor shows it
    assert old.startswith("msgstr")
    content = build_tree(tmp_path)
    with pytest.raises(BuildError, match=rf"messages\.po:{line}: error"):
        build(repo, tmp_path / "site", content_dir=content, work=tmp_path / "build", log=lambda *_: None)
    assert not (tmp_path / "site").exists()


# --- verify output cannot be faked -----------------------------------------------------------------


def test_verify_output_shows_control_characters_escaped(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<p>a mirror</p>", encoding="utf-8")
    write_manifest(out, tmp_path, 0)
    (out / "x\n0 files checked: 0 missing, 0 extra, 0 altered\x1b[2K").write_text("x", encoding="utf-8")
    r = CliRunner().invoke(main, ["verify", str(out)])
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert lines[0].startswith("extra: x\\u000a0 files checked") and "\x1b" not in r.output
    assert lines[-1].endswith("0 missing, 1 extra, 0 altered")


def test_two_pages_on_one_path_stop_the_build():
    from rulings.site.layout import Page, PageCollision, check_unique_paths

    check_unique_paths([Page("demo/card/a.md", "A", ""), Page("demo/card/b.md", "B", "")])
    with pytest.raises(PageCollision, match=r"demo/card/A\.md"):
        check_unique_paths([Page("demo/card/a.md", "A", ""), Page("demo/card/A.md", "A twin", "")])


def test_headings_escape_only_what_markdown_unescapes():
    from rulings.escape import md_heading

    assert md_heading("a~b|c") == "a~b\\|c"  # no visible backslash before ~ (live once on the it glossary)
    assert md_heading("<b>*x*</b> {#id}") == "&lt;b&gt;\\*x\\*&lt;/b&gt; \\{\\#id\\}"


# --- the signing key stays out of the repository and the site --------------------------------------


def signable(tmp_path: Path) -> tuple[Path, Path]:
    """A committed project with a built-looking site (a manifest) in ``site/``; and a folder outside both."""
    clone = project_clone(tmp_path)
    (clone / "site").mkdir()
    write_manifest(clone / "site", clone, 0)
    outside = tmp_path / "home" / ".ssh"
    outside.mkdir(parents=True)
    return clone, outside


def new_key(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "release", "-f", str(path)], check=True)
    return path


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="needs ssh-keygen (openssh-client)")
def test_sign_refuses_a_key_inside_the_repository_or_the_site(tmp_path, monkeypatch):
    clone, outside = signable(tmp_path)
    link = clone / "keys" / "link"
    link.parent.mkdir()
    link.symlink_to(new_key(outside / "linked"))
    keys = {"in the repository": new_key(clone / "keys" / "release"),  # was: accepted, signature written
            "in the site": new_key(clone / "site" / "release"),
            "deep in the repository": new_key(clone / "content" / "demo" / "k"),
            "a link in the repository": link}
    for cwd in (clone, tmp_path):  # from the project, or from anywhere with the site's path
        monkeypatch.chdir(cwd)
        for what, key in keys.items():
            r = CliRunner().invoke(main, ["sign", str(clone / "site"), "--key", str(key)])
            assert r.exit_code == 2, (what, r.output)
            assert len(r.output.strip().splitlines()) == 1 and "move it out" in r.output, (what, r.output)
            assert not (clone / "site" / "manifest.json.sig").exists()
    r = CliRunner().invoke(main, ["sign", str(clone / "site"), "--key", str(new_key(outside / "release"))])
    assert r.exit_code == 0 and (clone / "site" / "manifest.json.sig").is_file(), r.output


def test_a_release_build_refuses_a_key_inside_the_repository_before_any_work(tmp_path, monkeypatch):
    clone, _ = signable(tmp_path)
    key = clone / "release-key"
    key.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n", encoding="utf-8")  # never read: refused by place
    monkeypatch.chdir(clone)
    for env_key in (str(key), "site/key"):
        r = CliRunner().invoke(main, ["build", "--out", "site", "--no-bundles"], env={"RULINGS_SIGNING_KEY": env_key})
        assert r.exit_code == 1 and "move it out" in r.output and "nothing was built" in r.output, r.output
        assert "validating" not in r.output
