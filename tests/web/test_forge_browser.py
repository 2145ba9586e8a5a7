"""Suggest a correction, in Chromium: a site whose project names a GitHub forge shows each ruling's report and
edit links, found by their accessible names and large enough to tap, and the header's repository link, while
the page asks no other host for anything (Material's own header link would ask GitHub's API)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import REPO, build_tree
from rulings.build.site_build import build

from .test_browser import browser, page, serving  # noqa: F401  (fixtures: Chromium, a page that records requests)

pytestmark = pytest.mark.browser
REPO_URL = "https://github.com/owner/rulings"


@pytest.fixture(scope="module")
def forge_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("forge")
    content = build_tree(root)
    project = content / "project.yml"
    project.write_text(project.read_text(encoding="utf-8") + f"forge: {{repo_url: '{REPO_URL}'}}\n", encoding="utf-8")
    build(REPO, root / "site", content_dir=content, work=root / "build", locales=["en"], log=lambda *_: None)
    return root / "site"


@pytest.fixture(scope="module")
def server(forge_site: Path):
    yield from serving(forge_site)


def test_report_and_edit_links_are_named_tappable_and_fetch_nothing(page, server):  # noqa: F811
    page.goto(f"{server}/en/demo/card/sword/")
    report = page.get_by_role("link", name="Report a problem with Can I use the Sword twice?")
    edit = page.get_by_role("link", name="Edit source of Can I use the Sword twice?")
    assert report.get_attribute("href").startswith(f"{REPO_URL}/issues/new?title=Problem%20with%20demo%2Fruling%2F")
    assert re.fullmatch(rf"{REPO_URL}/blob/main/content/demo/rulings\.yml#L\d+", edit.get_attribute("href"))
    for link in (report, edit):
        assert link.is_visible() and link.get_attribute("rel") == "noopener"
        assert link.bounding_box()["height"] >= 24  # WCAG 2.5.8: at least 24 × 24 CSS pixels to tap
    assert page.locator(".md-header .md-source").get_attribute("href") == REPO_URL
    page.wait_for_load_state("networkidle")  # the page fixture then checks that no other host was asked
