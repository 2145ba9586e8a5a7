"""The mkdocs hook that turns Material's search index into ours, in every build (site, bundles, preview).

Material's search plugin writes ``search/search_index.json`` (every page and section) when the build
ends; its ``offline`` plugin then inlines that file as ``search_index.js``. Between the two (priority
-50: after the search plugin's 0, before the offline plugin's -100) this hook writes the sharded index
(:mod:`.shards`) and leaves in ``search_index.json`` only the config: the file every online page load
fetches and every ``file://`` search loads becomes a few hundred bytes, whatever the size of the site.
Material also segments the Chinese text of its entries with jieba, for its own lunr index, which ours
replaces: :func:`.shards.plain_text` drops the breaks it puts in, and the shards index Han text by
character pairs. So the hook turns that segmentation off (:func:`on_config`): the index is the same bytes,
and no run loads jieba's dictionaries (the zh locale's runs spent a sixth of their time in them).
The generated ``mkdocs.yml`` lists this file under ``hooks``.
"""

from __future__ import annotations

import json
from pathlib import Path

import material.plugins.search.plugin as material_search
from mkdocs.plugins import event_priority

from rulings.files import atomic_write
from rulings.model.text import FALLBACK_LOCALE
from rulings.site.search.context import FILE
from rulings.site.search.shards import FOLDER, index_files


@event_priority(-50)  # after the search plugin's own on_config: a jieba dictionary configured there still loads
def on_config(config, **_kwargs):
    material_search.jieba = None  # what Material does without jieba installed: no segmentation
    return config


@event_priority(-50)
def on_post_build(config, **_kwargs) -> None:
    path = Path(config["site_dir"]) / "search" / "search_index.json"
    if not path.is_file():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    context_file = Path(config["config_file_path"]).parent / FILE
    context = json.loads(context_file.read_text(encoding="utf-8")) if context_file.is_file() else {}
    lang = str(config["theme"]["language"] or FALLBACK_LOCALE)
    folder = path.parent / FOLDER
    files = index_files(list(data.get("docs", [])), context, lang)
    for old in sorted(folder.rglob("*.js")) if folder.exists() else []:  # a rebuild (serve): none left over
        if old.relative_to(path.parent).as_posix() not in files:
            old.unlink()
    for rel, body in files.items():
        target = path.parent / rel
        if not target.is_file() or target.read_bytes() != body:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(target, body)
    path.write_text(json.dumps({"config": data.get("config", {}), "docs": []}, ensure_ascii=False),
                    encoding="utf-8")
