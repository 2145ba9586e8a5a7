"""The page at the site root, above every locale's mkdocs site: plain HTML, generated once per build."""

from __future__ import annotations

import html
import json

from rulings.site.i18n import autonym


def root_index(locales: list[str], default: str) -> str:
    """The site root: sends the reader to their browser's language (works offline, from file://)."""
    links = "".join(f'<li><a href="{html.escape(loc)}/index.html" hreflang="{html.escape(loc)}" '
                    f'lang="{html.escape(loc)}">{html.escape(autonym(loc))}</a></li>' for loc in locales)
    js_locales = ",".join(f'"{loc}"' for loc in locales)
    return f"""<!doctype html>
<html lang="{default}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rulings</title>
<script>
(function () {{
  var have = [{js_locales}], pick = "{default}";
  var wanted = (navigator.languages || [navigator.language || ""]);
  outer: for (var i = 0; i < wanted.length; i++) {{
    var w = (wanted[i] || "").toLowerCase();
    for (var j = 0; j < have.length; j++) {{
      var h = have[j].toLowerCase();
      if (w === h || w.split("-")[0] === h.split("-")[0]) {{ pick = have[j]; break outer; }}
    }}
  }}
  location.replace(pick + "/index.html");
}})();
</script>
</head>
<body>
<ul>{links}</ul>
</body>
</html>
"""


NOT_FOUND_STYLE = """body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC",
sans-serif;max-width:40em;margin:0 auto;padding:3em 1.2em;color:rgba(0,0,0,.87);background:#fff}
h1{font-weight:400;font-size:2em;margin:0 0 .6em}a{color:#3f51b5}section[data-rl-404]{display:none}
section[data-rl-404].rl-on{display:block}.rl-langs{margin-top:2em;font-size:.85em;color:rgba(0,0,0,.6)}
.rl-langs a{margin-right:.8em}@media (prefers-color-scheme:dark){body{background:#1e2129;
color:rgba(255,255,255,.87)}a{color:#8c9eff}.rl-langs{color:rgba(255,255,255,.6)}}"""
"""The root 404's own look: inline, so it is styled at any depth and under any sub-path (a static host sends
this one page for every missing path; a stylesheet link cannot know where the site's folders are)."""


def root_not_found(locales: list[str], default: str, words: dict[str, dict[str, str]], base: str) -> str:
    """The root's 404 (GitHub Pages, Netlify and most static hosts send it for every missing path): in the
    language of the locale folder the missing path is under (found by a small script, whatever sub-path the
    site is served from), the default locale's without scripts; its home links lead to that locale's home
    under the same prefix. ``words``: each locale's title, text and home link (from its catalog, escaped
    here); ``base``: where the locales' folders are without scripts (the site URL's path, else ``/``)."""
    def section(loc: str) -> str:
        w = {k: html.escape(v) for k, v in words[loc].items()}
        on = ' class="rl-on"' if loc == default else ""
        return (f'<section data-rl-404="{html.escape(loc)}" lang="{html.escape(loc)}"{on}><h1>{w["title"]}</h1>'
                f'<p>{w["text"]}</p><p><a data-rl-home href="{html.escape(base + loc)}/">{w["home"]}</a></p>'
                "</section>")

    langs = " ".join(f'<a data-rl-lang="{html.escape(loc)}" href="{html.escape(base + loc)}/" hreflang='
                     f'"{html.escape(loc)}" lang="{html.escape(loc)}">{html.escape(autonym(loc))}</a>'
                     for loc in locales)
    data = json.dumps({"locales": locales, "default": default,
                       "titles": {loc: words[loc]["title"] for loc in locales}}).replace("<", "\\u003c")
    return f"""<!doctype html>
<html lang="{html.escape(default)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{html.escape(words[default]["title"])}</title>
<style>{NOT_FOUND_STYLE}</style>
</head>
<body>
<main>{"".join(section(loc) for loc in locales)}<p class="rl-langs">{langs}</p></main>
<script>
(function () {{
  var d = {data};
  var parts = location.pathname.split("/"), at = -1;
  for (var i = 0; i < parts.length - 1; i++) if (d.locales.indexOf(parts[i]) >= 0) {{ at = i; break; }}
  if (at < 0) return;  // no locale folder in the path: the default locale's words, the links as built
  var loc = parts[at], prefix = parts.slice(0, at).join("/") + "/";
  var sections = document.querySelectorAll("section[data-rl-404]");
  for (var k = 0; k < sections.length; k++)
    sections[k].className = sections[k].getAttribute("data-rl-404") === loc ? "rl-on" : "";
  document.documentElement.lang = loc;
  document.title = d.titles[loc];
  var links = document.querySelectorAll("a[data-rl-home], a[data-rl-lang]");
  for (var n = 0; n < links.length; n++) {{
    var a = links[n];
    a.href = prefix + (a.getAttribute("data-rl-lang") || loc) + "/";
  }}
}})();
</script>
</body>
</html>
"""
