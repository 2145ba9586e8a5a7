"""Links to the project's forge (``forge:`` in content/project.yml): a prefilled new issue for a reader who
finds a problem, and an entry's place in the content files for one who would fix it.

Pure URL building, no markup: the page renderers put the URLs into ``href`` attributes through the
escape boundary (:func:`rulings.escape.html_text`). Every value is percent-encoded here (``quote``
with no safe characters), so text from content, however hostile, is only ever data in a query string;
the forge's own values (``repo_url``, ``edit_uri``, ``new_issue``) are plain addresses and paths, as
validation checks (:mod:`rulings.model.urls`), and the branch is encoded part by part.

The forge renders the new issue's body as Markdown, where a quoted ``@name`` would notify that user, ``#12``
link an issue and ``<b>`` or ``[x](y)`` become markup: the entry's text goes into a fenced code block
(:func:`code_block`), which GitHub, GitLab, Gitea and Forgejo show as it is, mentions and references
included.
Browsers, proxies and forges refuse very long URLs (GitHub answers 414 somewhat above 8 KB), so the
quoted text is cut until the whole URL fits in :data:`URL_LIMIT` characters. Every ruling on every page
carries such a link, so the quote is also kept to :data:`QUOTE_CHARS` characters: enough for the forge's
reader to see which text is meant (the entry id and page address say exactly), without the links making
pages half as large again (measured: +50 % of the Markdown with whole texts quoted).
"""

from __future__ import annotations

import re
from urllib.parse import quote

from rulings.escape import visible
from rulings.model.entries import Forge, ForgeType

URL_LIMIT = 6000
"""The longest new-issue URL made: well under what browsers and forges accept."""
QUOTE_CHARS = 160
"""The most characters of an entry's text quoted in a new issue; the id and page address identify it."""
ELLIPSIS = "…"

NEW_ISSUE = {
    ForgeType.GITHUB: "{repo}/issues/new?title={title}&body={body}",
    ForgeType.GITLAB: "{repo}/-/issues/new?issue%5Btitle%5D={title}&issue%5Bdescription%5D={body}",
    ForgeType.GITEA: "{repo}/issues/new?title={title}&body={body}",
    ForgeType.FORGEJO: "{repo}/issues/new?title={title}&body={body}",
}
"""Each forge's new-issue form, prefilled from its query string."""

FILE_PAGE = {
    ForgeType.GITHUB: "blob/{branch}/",
    ForgeType.GITLAB: "-/blob/{branch}/",
    ForgeType.GITEA: "src/branch/{branch}/",
    ForgeType.FORGEJO: "src/branch/{branch}/",
}
"""Each forge's page of a file on a branch (all of them take ``#L<line>``), relative to ``repo_url``."""


def _q(s: str) -> str:
    # visible(): a lone surrogate (possible through a YAML escape) cannot be encoded as UTF-8
    return quote(visible(s), safe="")


def code_block(text: str) -> str:
    """``text`` as a CommonMark fenced code block, which no forge turns into mentions, links or markup: its
    fence is longer than any run of backticks in the text, so nothing in the text can close it."""
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return f"{fence}text\n{text}\n{fence}"


def _path(path: str) -> str:
    """A path with each of its parts percent-encoded (its slashes kept)."""
    return "/".join(quote(visible(part), safe="") for part in path.split("/"))


def new_issue_url(forge: Forge, title: str, body: str, quoted: str = "", limit: int = URL_LIMIT) -> str:
    """The forge's new-issue form with ``title`` and ``body`` filled in; ``{text}`` in ``body`` is replaced
    by ``quoted`` (the entry's text as shown) in a :func:`code_block`, the text cut at the end with "…" as
    far as the URL needs to stay within ``limit`` characters (the rest of the body is never cut)."""
    if len(quoted) > QUOTE_CHARS:
        quoted = quoted[:QUOTE_CHARS - 1].rstrip() + ELLIPSIS
    template = forge.new_issue or NEW_ISSUE[forge.type].replace("{repo}", forge.repo_url.rstrip("/"))

    def url(text: str) -> str:
        return template.replace("{title}", _q(title)).replace("{body}",
                                                              _q(body.replace("{text}", code_block(text))))

    if len(url(quoted)) <= limit:
        return url(quoted)
    lo, hi = 0, len(quoted)  # the longest cut that fits: lo fits, hi does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if len(url(quoted[:mid] + ELLIPSIS)) <= limit else (lo, mid)
    return url(quoted[:lo] + ELLIPSIS)


def file_url(forge: Forge, path: str, line: int | None = None) -> str:
    """The page of a file of the repository (``path`` from its root) at ``line``: the forge's file view on the
    configured branch, or ``edit_uri`` when one is set (Material's convention, from the repository root)."""
    branch = _path(forge.branch)  # git allows '#', '%' or '"' in a branch name: data in the path, nothing more
    base = forge.edit_uri if forge.edit_uri is not None else FILE_PAGE[forge.type].replace("{branch}", branch)
    rel = _path(path)
    return f"{forge.repo_url.rstrip('/')}/{base.strip('/') + '/' if base.strip('/') else ''}{rel}" + (
        f"#L{line}" if line else "")
