"""A new locale starts at 0 %: printed names kept as printed are counted apart, never as progress, in
`rulings i18n status` and on the site's "Translation status" page alike."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, new_locale, project_locales
from rulings.cli.main import main
from rulings.content.tree import read
from rulings.model.entries import kept_as_printed
from rulings.site.i18n import UI
from rulings.site.layout import build_model
from rulings.site.pages import translation_status
from rulings.site.pages.base import LocaleView

NEW_LOCALE = new_locale()


@pytest.fixture(scope="module")
def with_new_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository's content/ with one more locale in project.yml, as a contributor adds it."""
    root = tmp_path_factory.mktemp("new-locale")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copytree(REPO / "schemas", root / "schemas")
    project = root / "content" / "project.yml"
    text = project.read_text(encoding="utf-8")
    edited = re.sub(r"^locales: \[(.*)\]$", lambda m: f"locales: [{m.group(1)}, {NEW_LOCALE}]", text, flags=re.M)
    assert edited != text
    project.write_text(edited, encoding="utf-8")
    return root / "content"


def printed_names(content_dir: Path) -> dict[str, int]:
    """Per game, the printed-name fields (none has a translation in a new locale)."""
    out: dict[str, int] = {}
    for e in read(content_dir).entries:
        out[e.game] = out.get(e.game, 0) + sum(1 for p, _t in e.texts() if kept_as_printed(e, p))
    return out


def test_a_new_locale_is_at_zero_percent_with_the_kept_names_apart(with_new_locale: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    names = printed_names(with_new_locale)
    assert any(names.values()), "the content has printed names (what used to count as done)"
    monkeypatch.chdir(with_new_locale.parent)
    r = CliRunner().invoke(main, ["i18n", "status", "--locale", NEW_LOCALE, "--json"])
    assert r.exit_code == 0, r.output
    data = {x["game"]: x for x in json.loads(r.output)["texts"]}
    assert set(data) == set(read(with_new_locale).games)
    for game, x in data.items():
        assert (x["percent"], x["done"], x["kept"]) == (0.0, 0, names.get(game, 0)), game
        assert x["to_translate"] == x["texts"] - x["kept"] == x["missing"], game
    text = CliRunner().invoke(main, ["i18n", "status", "--locale", NEW_LOCALE]).output
    lines = [line for line in text.splitlines() if line.startswith(NEW_LOCALE) and " UI strings " not in line]
    assert len(lines) == len(data) and all("  0.0%" in line for line in lines), text
    assert all(f"names kept as printed {data[line.split()[1]]['kept']:>4}" in line for line in lines), text


def test_the_status_page_of_a_new_locale_says_zero_and_counts_the_names_apart(with_new_locale: Path) -> None:
    model = build_model(read(with_new_locale))
    names = printed_names(with_new_locale)
    ui = UI.load(REPO / "locales", NEW_LOCALE)  # no catalog yet: the English UI
    md = translation_status.render(LocaleView(model, NEW_LOCALE, ui)).markdown
    captions = [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<figcaption>(.*?)</figcaption>", md)]
    assert len(captions) == len(model.games)
    for caption in captions:
        assert re.search(r" — 0% of \d+ texts", caption), caption
    kept = sorted(int(m) for c in captions for m in re.findall(r"(\d+) names? kept as printed", c))
    assert kept == sorted(n for n in names.values() if n)
    assert "counted apart, not as progress" in md
    for loc in project_locales():  # the shipped locales: none at 0 % because of kept names, none above 100 %
        page = translation_status.render(LocaleView(model, loc, UI.load(REPO / "locales", loc))).markdown
        assert all(0 <= int(p) <= 100 for p in re.findall(r" — (\d+)% of", page)), loc
