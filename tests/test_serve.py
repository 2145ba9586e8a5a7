"""``rulings serve`` regenerates the previewed locale: its pages, and an mkdocs.yml that names existing files."""

from __future__ import annotations

from pathlib import Path

import yaml

from conftest import build_tree, site_inputs
from rulings.site.serve import PREVIEW, regenerate


def test_serve_writes_the_locale_and_a_config_whose_files_exist(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    build_tree(repo)
    work = repo / "build" / "serve"
    logs: list[str] = []
    assert regenerate(repo, work, "it", logs.append), logs
    base = work / PREVIEW / "it"
    assert (base / "docs" / "demo" / "card" / "sword.md").is_file()
    config = yaml.safe_load((base / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["use_directory_urls"] is True
    assert [a["lang"] for a in config["extra"]["alternate"]] == ["en", "it", "zh"]  # the tree's project.yml
    assert (base / config["INHERIT"]).resolve() == (repo / "site_config" / "it.yml").resolve()
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "jieba_dict_user" in plugin.get("search", {}):
            assert Path(plugin["search"]["jieba_dict_user"]).is_file()
