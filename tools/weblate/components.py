"""Create (or list) the Weblate components of this repository's po/ layout through Weblate's REST API: one per
game and source language, with the settings docs/translating.md gives, so nobody types a file mask per game.

    python tools/weblate/components.py --list
    python tools/weblate/components.py --url https://hosted.weblate.org --token wlu_… --project rulings \\
        --repo https://github.com/OWNER/rulings.git --push git@github.com:OWNER/rulings.git

The project must exist in Weblate already (its owner creates it); components that exist are left alone.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api import Weblate, WeblateError

ROOT = Path(__file__).resolve().parents[2]

FILE_FORMAT_PARAMS = {
    "po_line_wrap": 65535,  # "Only wrap lines at newlines": the files are written so ("No line wrapping" is -1)
    "po_keep_previous": True,  # "Keep previous msgids": a changed source shows what changed
    "po_no_location": False,  # keep the `#:` lines (Weblate's default strips them, the next sync adds them back)
    "po_fuzzy_matching": False,  # no guessed translations for new messages
}
"""Weblate's four file-format options for gettext PO, as the sync writes the files."""

SETTINGS: dict[str, Any] = {
    "vcs": "git",
    "file_format": "po",
    "template": "",  # bilingual: the msgid is the source; no monolingual base file
    "file_format_params": FILE_FORMAT_PARAMS,
    "new_lang": "contact",  # "Contact maintainers": a new language starts in content/project.yml, not here
    "push_branch": "weblate",  # never main: a maintainer syncs and merges it (tools/weblate/merge.sh)
    "manage_units": False,  # the sync owns the messages: "Manage strings" off
    "edit_template": False,
    "merge_style": "rebase",
}
"""Settings every component gets, beside its name, file mask, template and source language."""

ADDON = "weblate.gettext.msgmerge"
"""Update PO files to match POT (msgmerge): new languages and sources reach every file without a sync."""


@dataclass(frozen=True)
class Component:
    """One game's texts written in one language: ``po/<game>/<source>/``."""

    game: str
    source: str

    @property
    def slug(self) -> str:
        return f"{self.game}-{self.source}"

    @property
    def filemask(self) -> str:
        return f"po/{self.game}/{self.source}/*.po"

    @property
    def new_base(self) -> str:
        return f"po/{self.game}/{self.source}/{self.game}.pot"

    def data(self, repo: str, push: str, branch: str) -> dict[str, Any]:
        return {**SETTINGS, "name": f"{self.game} ({self.source})", "slug": self.slug, "repo": repo, "push": push,
                "branch": branch, "filemask": self.filemask, "new_base": self.new_base,
                "source_language": {"code": self.source}}


def layout(root: Path = ROOT) -> list[Component]:
    """The components po/ calls for: every folder with its template."""
    return [Component(pot.parent.parent.name, pot.parent.name) for pot in sorted((root / "po").glob("*/*/*.pot"))
            if pot.stem == pot.parent.parent.name]


def create(api: Weblate, project: str, component: Component, repo: str, push: str, branch: str) -> bool:
    """Create the component and its msgmerge add-on; False when it existed (left as it is)."""
    try:
        api.get(f"components/{project}/{component.slug}/")
        return False
    except WeblateError as e:
        if "HTTP 404" not in str(e):
            raise
    api.post(f"projects/{project}/components/", component.data(repo, push, branch))
    api.post(f"components/{project}/{component.slug}/addons/", {"name": ADDON, "configuration": {}})
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="print the components and their masks, create nothing")
    ap.add_argument("--url", help="Weblate's address, e.g. https://hosted.weblate.org")
    ap.add_argument("--token", help="a project admin's API token (Weblate: your profile, API access)")
    ap.add_argument("--project", default="rulings", help="the Weblate project's slug")
    ap.add_argument("--repo", help="the repository Weblate pulls from")
    ap.add_argument("--push", help="the repository Weblate pushes its `weblate` branch to (default: --repo)")
    ap.add_argument("--branch", default="main", help="the branch Weblate pulls (default main)")
    args = ap.parse_args(argv)
    found = layout()
    if args.list:
        for c in found:
            print(f"{c.slug:28} file mask {c.filemask:34} template {c.new_base}")
        return 0
    if not (args.url and args.token and args.repo):
        ap.error("--url, --token and --repo are needed (or --list)")
    api = Weblate(args.url.rstrip("/"), args.token)
    for c in found:
        made = create(api, args.project, c, args.repo, args.push or args.repo, args.branch)
        print(f"{c.slug}: {'created' if made else 'exists, left as it is'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
