"""``rulings serve``: the preview's pages and config, the events that start a rebuild, the error banner."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from watchdog.events import (
    DirModifiedEvent,
    FileClosedNoWriteEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileOpenedEvent,
)

from conftest import build_tree, project_locales, site_inputs
from rulings.site.serve import PROBLEMS_KEY, Preview, is_change


def test_serve_writes_the_locale_and_a_config_whose_files_exist(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    build_tree(repo)
    logs: list[str] = []
    preview = Preview(repo, "it", logs.append)
    assert preview.regenerate(), logs
    base = preview.base
    assert (base / "docs" / "demo" / "card" / "sword.md").is_file()
    config = yaml.safe_load((base / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["use_directory_urls"] is True
    assert [a["lang"] for a in config["extra"]["alternate"]] == project_locales()  # the tree's project.yml
    assert (base / config["INHERIT"]).resolve() == (repo / "site_config" / "it.yml").resolve()


def test_a_second_regeneration_without_edits_writes_nothing(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    build_tree(repo)
    preview = Preview(repo, "en", lambda _line: None)
    preview.regenerate()
    times = {p: p.stat().st_mtime_ns for p in preview.base.rglob("*") if p.is_file()}
    preview.regenerate()
    assert {p: p.stat().st_mtime_ns for p in preview.base.rglob("*") if p.is_file()} == times


def test_errors_are_logged_once_shown_in_the_banner_and_removed_when_fixed(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    content = build_tree(repo)
    logs: list[str] = []
    preview = Preview(repo, "en", logs.append)
    assert preview.regenerate()
    config = preview.base / "mkdocs.yml"
    rulings = next(content.rglob("rulings.yml"))
    good = rulings.read_text(encoding="utf-8")
    rulings.write_text(good.replace("kind: rulings", "kind: rulings\nbogus_field: 1"), encoding="utf-8")
    assert not preview.regenerate()
    banner = yaml.safe_load(config.read_text(encoding="utf-8"))["extra"][PROBLEMS_KEY]
    assert any("bogus_field" in line and "rulings.yml" in line for line in banner), banner
    assert not any(str(repo) in line for line in banner)  # paths as the contributor sees them
    printed = sum("bogus_field" in line for line in logs)
    assert not preview.regenerate()
    assert sum("bogus_field" in line for line in logs) == printed  # not repeated
    rulings.write_text(good, encoding="utf-8")
    assert preview.regenerate()
    assert PROBLEMS_KEY not in yaml.safe_load(config.read_text(encoding="utf-8"))["extra"]


@pytest.mark.parametrize(("event", "relevant"), [
    (FileModifiedEvent("{repo}/content/g/rulings.yml"), True),
    (FileCreatedEvent("{repo}/content/g/new.yml"), True),
    (FileDeletedEvent("{repo}/locales/it.po"), True),
    (FileMovedEvent("{repo}/content/g/.rulings.yml.42.tmp", "{repo}/content/g/rulings.yml"), True),  # atomic write
    (FileOpenedEvent("{repo}/content/g/rulings.yml"), False),  # a read
    (FileClosedNoWriteEvent("{repo}/content/g/rulings.yml"), False),
    (DirModifiedEvent("{repo}/content/g"), False),
    (FileModifiedEvent("{repo}/content/g/.rulings.yml.swp"), False),
    (FileModifiedEvent("{repo}/content/g/rulings.yml~"), False),
    (FileCreatedEvent("{repo}/content/g/4913"), False),
    (FileModifiedEvent("{repo}/build/serve/preview/en/docs/index.md"), False),
])
def test_only_real_changes_to_inputs_start_a_rebuild(tmp_path: Path, event, relevant: bool) -> None:
    event.src_path = event.src_path.format(repo=tmp_path)
    if event.dest_path:
        event.dest_path = event.dest_path.format(repo=tmp_path)
    assert is_change(event, tmp_path) is relevant
