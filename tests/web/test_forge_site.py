"""Suggest a correction, on a built site: with a forge in content/project.yml every ruling links to a new
issue carrying its id and to its line in the YAML, and the header shows the repository."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from conftest import REPO, build_tree, project_locales
from rulings.build.site_build import build
from rulings.site.i18n import UI
from rulings.site.pages import correction

REPO_URL = "https://codeberg.org/owner/rulings"
RULING = "demo/ruling/sword-twice"


def test_a_built_ruling_reports_its_id_and_edits_its_line(tmp_path):
    content = build_tree(tmp_path)
    project = content / "project.yml"
    project.write_text(project.read_text(encoding="utf-8") + f"forge: {{repo_url: '{REPO_URL}', type: forgejo}}\n",
                       encoding="utf-8")
    yaml_lines = (content / "demo" / "rulings.yml").read_text(encoding="utf-8").split("\n")
    line = next(i for i, s in enumerate(yaml_lines, start=1) if s.strip() == f"- id: {RULING}")
    site = tmp_path / "site"
    build(REPO, site, content_dir=content, work=tmp_path / "build", locales=project_locales(),
          site_url="https://rules.example.org/mirror/", log=lambda *_: None)
    for loc in project_locales():
        ui = UI.load(REPO / "locales", loc)
        page = (site / loc / "demo" / "card" / "sword" / "index.html").read_text(encoding="utf-8")
        entry = page[page.index('id="ruling-sword-twice"'):]  # the ruling's heading, then its links
        report = html.unescape(re.search(r'<a class="rl-report" href="([^"]+)" target="_blank" rel="noopener"',
                                         entry).group(1))
        assert report.startswith(f"{REPO_URL}/issues/new?"), loc
        q = {k: v[0] for k, v in parse_qs(urlsplit(report).query).items()}
        assert q["title"] == ui.t(correction.TITLE, id=RULING)
        assert RULING in q["body"]
        assert f"https://rules.example.org/mirror/{loc}/demo/card/sword/#" in q["body"]
        assert "Can I use the Sword twice?" in q["body"]
        edit = html.unescape(re.search(r'<a class="rl-edit" href="([^"]+)"', entry).group(1))
        assert edit == f"{REPO_URL}/src/branch/main/content/demo/rulings.yml#L{line}", loc
        assert f'href="{REPO_URL}" title="' in page and 'class="md-source"' in page  # Material's header link
