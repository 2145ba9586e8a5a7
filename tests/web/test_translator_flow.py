"""The translator's path from the guide, end to end: export a PO file, translate one message, import
it, validate, build, and read the translation (with its original) on the Italian site; then the source
changes and the translation shows as outdated everywhere. The sites built are Italian only: the pages read."""

from __future__ import annotations

import os
import subprocess

from babel.messages.pofile import read_po, write_po

from conftest import build_tree
from rulings.build.site_build import build
from rulings.content.tree import read
from rulings.content.validate import validate
from rulings.exchange.po_export import export_po
from rulings.exchange.po_import import import_po
from rulings.translation.status import rows

from .conftest import REPO
from .test_html import parse


def test_translate_with_po_tools_and_see_it_on_the_site(tmp_path):
    content = build_tree(tmp_path)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", "add", "-A"], cwd=tmp_path, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "c"], cwd=tmp_path, check=True, env=env)

    [po] = export_po(content, "it", tmp_path / "po")
    with po.open("rb") as f:
        cat = read_po(f)
    msg = next(m for m in cat if m.context == "demo/ruling/sword-twice#answer")
    msg.string = "Sì, due volte."
    with po.open("wb") as f:
        write_po(f, cat, width=0)
    report = import_po(content, po, by="Maria")
    assert report.applied == 1 and not report.problems
    assert not [d for d in validate(content)[1] if d.severity == "error"]

    site = tmp_path / "site"
    build(REPO, site, content_dir=content, work=tmp_path / "build", locales=["it"], log=lambda *_: None)
    page = parse(site / "it" / "demo" / "card" / "sword" / "index.html")
    text = "".join(page.text)
    html = (site / "it" / "demo" / "card" / "sword" / "index.html").read_text(encoding="utf-8")
    assert "Sì, due volte." in text and 'aria-label="bozza di traduzione, non ancora rivista"' in html
    assert ("div", "rl-orig", "en") in page.langs and 'data-rl-originals' in html

    # the source changes: validate warns, status counts it stale, the site says "may be outdated",
    # and the next export offers it as fuzzy with the previous source
    rulings = content / "demo" / "rulings.yml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("en: Yes.", "en: Yes, twice per turn."),
                       encoding="utf-8")
    diags = validate(content)[1]
    assert any(d.rule == "translation-stale" for d in diags)
    assert next(r for r in rows(read(content), ["it"]) if r.game == "demo").counts["stale"] == 1
    build(REPO, site, content_dir=content, work=tmp_path / "build", locales=["it"], log=lambda *_: None)
    html = (site / "it" / "demo" / "card" / "sword" / "index.html").read_text(encoding="utf-8")
    # an outdated translation could state the opposite of the new rule: the reader gets the current
    # English, marked as "translation out of date", and the old translation is not shown
    assert '<div class="rl-text" lang="en"><p>Yes, twice per turn.</p>' in html and "Sì, due volte." not in html
    assert "rl-mark-outdated" in html
    subprocess.run(["git", "commit", "-qam", "edit"], cwd=tmp_path, check=True, env=env)
    [po] = export_po(content, "it", tmp_path / "po2")
    with po.open("rb") as f:
        msg = next(m for m in read_po(f) if m.context == "demo/ruling/sword-twice#answer")
    assert msg.fuzzy and msg.string == "Sì, due volte."
    block = po.read_text(encoding="utf-8").split('msgctxt "demo/ruling/sword-twice#answer"')[0].rsplit("\n\n", 1)[1]
    assert '#| msgid "Yes."' in block  # the previous source, for the translator's diff


def test_translate_in_po_with_weblate_saves_and_sync_shows_it_on_the_site(tmp_path):
    """The Weblate path: the committed po/ edited and saved by translate-toolkit (as Weblate saves it),
    `rulings translate sync`, and the Italian page shows the translation as a draft by the translator."""
    import pytest

    po_storage = pytest.importorskip("translate.storage.po")
    from rulings.exchange.sync import agree, sync

    content = build_tree(tmp_path)
    po_root = tmp_path / "po"
    sync(content, po_root)
    it_po = po_root / "demo" / "en" / "it.po"
    store = po_storage.pofile.parsefile(str(it_po))
    unit = next(u for u in store.units if u.getcontext() == "demo/ruling/sword-twice#answer")
    unit.target = "Sì, due volte."
    store.updateheader(add=True, last_translator="Maria Rossi <maria@example.org>")
    it_po.write_bytes(bytes(store))
    report = sync(content, po_root)
    assert report.applied == ["demo/ruling/sword-twice#answer (it)"] and not report.problems
    assert agree(sync(content, po_root, check=True))
    assert not [d for d in validate(content)[1] if d.severity == "error"]

    site = tmp_path / "site"
    build(REPO, site, content_dir=content, work=tmp_path / "build", locales=["it"], log=lambda *_: None)
    html = (site / "it" / "demo" / "card" / "sword" / "index.html").read_text(encoding="utf-8")
    assert "Sì, due volte." in "".join(parse(site / "it" / "demo" / "card" / "sword" / "index.html").text)
    assert 'aria-label="bozza di traduzione, non ancora rivista"' in html
