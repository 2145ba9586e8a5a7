"""The page at the site root, above every locale's mkdocs site: plain HTML, generated once per build."""

from __future__ import annotations

import html

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
