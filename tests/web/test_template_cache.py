"""The theme's templates stay compiled between mkdocs runs, and an edited override still shows at once."""

from __future__ import annotations

import tempfile
from pathlib import Path

from mkdocs.theme import Theme

from conftest import REPO
from rulings.build.workers import run_mkdocs
from rulings.site import template_cache


def test_an_edited_override_shows_in_the_next_build_and_is_kept_compiled(tmp_path: Path, monkeypatch) -> None:
    """What a user editing ``site_config/overrides`` does between two builds (or two ``rulings serve``
    rebuilds): the second build shows the edit, and the cache then holds the edited template."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the cache in Jinja's folder of this test's temp directory
    monkeypatch.setattr(tempfile, "tempdir", None)
    overrides, docs = tmp_path / "overrides", tmp_path / "docs"
    overrides.mkdir()
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: t\ndocs_dir: docs\nsite_dir: out\ntheme:\n  name: material\n  custom_dir: overrides\n"
                      f"hooks:\n- {template_cache.__file__}\n", encoding="utf-8")
    main = overrides / "main.html"
    for mark in ("first", "second"):
        main.write_text('{% extends "base.html" %}{% block content %}<p id="mark">' + mark + "</p>{% endblock %}",
                        encoding="utf-8")
        run_mkdocs(REPO, [(mark, config)], log=lambda *_: None)
        assert f'<p id="mark">{mark}</p>' in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    env = Theme(name="material", custom_dir=str(overrides)).get_env()  # what mkdocs makes for this config
    source, filename, _ = env.loader.get_source(env, "main.html")
    assert template_cache.cache_for(env).get_bucket(env, "main.html", filename, source).code is not None
