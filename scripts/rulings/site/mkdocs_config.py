"""One locale's ``mkdocs.yml``.

The config inherits ``site_config/<locale>.yml`` (theme, language, search options) and adds what a
build knows: the generated nav, the language switcher, the site URL, our hooks and, for ``file://``
sites, the offline plugin with a local copy of its shim.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from urllib.parse import urlsplit

import yaml
from mkdocs.utils import yaml_load

from rulings.escape import html_text, nav_label
from rulings.site import template_cache
from rulings.site.i18n import C_, _, autonym
from rulings.site.search import hook as search_hook
from rulings.site.site_config import locale_site_config

SHIM_PATH = "assets/javascripts/iframe-worker-shim.js"  # the name must contain "iframe-worker" (see offline plugin)
THEME_WORDS = (_("Rules texts belong to their publishers and authors; see each game's source documents."),
               _("Permanent link"), _("Switch to dark mode"), _("Switch to light mode"))
"""The words ``mkdocs.yml`` gives the footer (``copyright``), the ¶ permalinks (``toc.permalink_title``) and
the palette toggle (``toggle.name``), in English: marked here so the UI catalogs carry them; each locale's
config gets them translated (:func:`theme_words`)."""
SITE_NAME = C_("the site's name: in every page header and window title, and the offline archive's title",
                "Rulings")
"""``mkdocs.yml``'s ``site_name`` (every header and title, the ZIM title), marked for the catalogs: each
locale's config gets it translated (:func:`site_labels`)."""


def escaped_nav(nav: list) -> list:
    """The nav with every label escaped: Material prints nav titles as HTML (see :mod:`rulings.escape`)."""
    out: list = []
    for item in nav:
        if isinstance(item, dict):
            out.append({nav_label(str(k)): escaped_nav(v) if isinstance(v, list) else v for k, v in item.items()})
        else:
            out.append(item)
    return out


def theme_words(inherited: Path, t: Callable[[str], str]) -> dict:
    """The keys of the inherited config that hold :data:`THEME_WORDS`, translated with ``t``. mkdocs
    replaces lists on INHERIT, so the palette and the Markdown extensions are given whole. Material
    prints the copyright and the toggle names as HTML: they are escaped here (the permalink title is an
    attribute Python-Markdown escapes itself)."""
    conf = _inherited_config(inherited)
    out: dict = {}
    if conf.get("copyright"):
        out["copyright"] = html_text(t(conf["copyright"]))
    palette = (conf.get("theme") or {}).get("palette")
    if isinstance(palette, list):
        out["theme"] = {"palette": [{**p, "toggle": {**p["toggle"], "name": html_text(t(p["toggle"]["name"]))}}
                                    if isinstance(p.get("toggle"), dict) and p["toggle"].get("name") else p
                                    for p in palette]}
    extensions = conf.get("markdown_extensions")
    if isinstance(extensions, list):
        out["markdown_extensions"] = [
            {"toc": {**e["toc"], "permalink_title": t(e["toc"]["permalink_title"])}}
            if isinstance(e, dict) and isinstance(e.get("toc"), dict) and e["toc"].get("permalink_title") else e
            for e in extensions]
    return out


def site_labels(inherited: Path, t: Callable[[str], str] = str) -> dict:
    """The site's name from the inherited config (``mkdocs.yml`` or ``site_config/<locale>.yml``), escaped:
    Material prints it as HTML in every page's header; our ``<title>`` overrides re-escape after
    ``striptags``, as for every label (see :mod:`rulings.escape`). Our name (:data:`SITE_NAME`) is given in the
    locale's words (``t``); a mirror's own name stays as its config writes it (the catalogs' other
    strings are not names: "Other rulings" is a nav label)."""
    name = _inherited_config(inherited).get("site_name")
    if not name:
        return {}
    return {"site_name": nav_label(t(SITE_NAME) if name == SITE_NAME else str(name))}


def _inherited_config(path: Path) -> dict:
    """A config file as mkdocs reads it (its INHERIT chain merged)."""
    with path.open("rb") as f:
        return yaml_load(f) or {}


def locale_config(repo: Path, base: Path, site_dir: Path, locale: str, nav: list, *, offline: bool,
                  alternates: Sequence[str], site_url: str | None,
                  not_found: Mapping[str, str] | None = None, repo_url: str | None = None,
                  t: Callable[[str], str] = str, default_locale: str | None = None,
                  switcher_marks: Sequence[str] = ()) -> str:
    """The text of ``<base>/mkdocs.yml``: the docs in ``<base>/docs``, the site written to
    ``<site_dir>/<locale>``; every path relative to ``base``. ``not_found``:
    the 404 page's translated words (title, text, home). ``repo_url``: the project's forge, linked from the
    header (a plain link: ``overrides/partials/source.html`` drops the script that would fetch the
    repository's stars and forks). ``t`` translates :data:`THEME_WORDS`; ``default_locale``: the
    ``x-default`` of the hreflang alternates; ``switcher_marks``: what the language switcher's partial prints
    before and after it (:mod:`rulings.publish.one_locale` cuts it there), none by default."""
    site = locale_site_config(repo, locale)
    words = theme_words(site.inherit, t)
    config: dict = {**words, **site_labels(site.inherit, t),
        "INHERIT": os.path.relpath(site.inherit, base),
        "docs_dir": "docs",
        "site_dir": os.path.relpath(site_dir / locale, base),
        "use_directory_urls": not offline,
        "theme": {**site.theme, **words.get("theme", {}),
                  "custom_dir": os.path.relpath(repo / "site_config" / "overrides", base)},
        "nav": escaped_nav(nav),
        "extra": {"alternate": [{"name": nav_label(autonym(loc)), "link": f"../{loc}/", "lang": loc}
                                for loc in alternates]},
    }
    if switcher_marks:
        config["extra"]["switcher_marks"] = list(switcher_marks)
    if site_url and not offline:
        config["site_url"] = site_url.rstrip("/") + f"/{locale}/"
        # hreflang alternates need absolute URLs, so only a build that knows its address has them
        # (site_config/overrides/main.html); x-default: the default locale's page
        config["extra"]["hreflang"] = {"root": site_url.rstrip("/") + "/",
                                       "default": default_locale if default_locale in alternates else alternates[0]}
    if repo_url:
        # no edit_uri: the pages are generated, an "edit this page" button would point at no file
        config.update({"repo_url": repo_url, "edit_uri": ""})
    # the 404 page is served at any depth: absolute links, from the locale's folder under the site's path
    # (mkdocs would use the server root without a site_url, where there is no locale's stylesheet)
    root = urlsplit(site_url).path.rstrip("/") if site_url and not offline else ""
    config["extra"]["error_base"] = f"{root}/{locale}/"
    config["extra"]["not_found"] = {k: html_text(v) for k, v in (not_found or {}).items()}
    plugins = site.plugins  # the locale's plugin list, given whole (lists replace on INHERIT)
    if offline:
        plugins.append("offline")  # inlines the search index; turns directory URLs off
        config["extra"]["polyfills"] = [SHIM_PATH]  # a local shim, so the plugin adds no remote one
    config["plugins"] = plugins
    # our sharded search index, from Material's; the theme's templates compiled once (see each hook)
    config["hooks"] = [search_hook.__file__, template_cache.__file__]
    return yaml.safe_dump(config, allow_unicode=True, sort_keys=False)
