"""Pages in Chromium for tests that check many queries: one page per site and locale types query after query
into the search box (each one's results read once the worker marks them final), all pages in step, so a test
module loads one page per site and locale instead of one per case and the pages' waits overlap; and a page's
requests, to show that none left the site."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .test_browser import FINAL, playwright, type_query  # playwright.sync_api, or the module is skipped there

NETWORK = ("http", "https", "ws", "wss")
# Each result's link, and the page titles the results show, in order.
SHOWN = """() => ({
  hrefs: [...document.querySelectorAll('.md-search-result__item > a:first-child')].map(a => a.href),
  titles: [...document.querySelectorAll('.md-search-result__item h1')].map(h => h.innerText),
})"""


@dataclass
class Visit:
    """A page in a browser context of its own, and every URL it has asked for so far."""

    page: playwright.Page
    requests: list[str] = field(default_factory=list)

    def hosts(self) -> set[str]:
        """The hosts the page asked anything of over the network (none from file://)."""
        return {urlsplit(u).netloc for u in self.requests if urlsplit(u).scheme in NETWORK}


@contextmanager
def visit(browser) -> Iterator[Visit]:
    ctx = browser.new_context()
    try:
        v = Visit(ctx.new_page())
        v.page.on("request", lambda r: v.requests.append(r.url))
        yield v
    finally:
        ctx.close()


@dataclass(frozen=True)
class Shown:
    """What the search showed for one query: each result's link (absolute) and the pages' titles, in order;
    or, if no result appeared, why."""

    hrefs: list[str]
    titles: list[str]
    error: str | None = None


START_WAITING = f"() => {{ window.__rlFinal = ({FINAL})().then(() => null, e => String(e)); }}"


def type_together(pages: Mapping[Hashable, playwright.Page],
                  queries: Mapping[Hashable, Sequence[str]]) -> dict[Hashable, dict[str, Shown]]:
    """Each page's queries typed in turn into its search box, all pages in step: each query typed into every
    page that has it, then those pages' results awaited at the same time (pages wait side by side), then read.
    Each query is typed key by key into one of those pages, in turn (so every query once, the pages in turn:
    the latest key's results must win over the earlier keys'), and into the others all but its last
    character at once, then that key (one query: the same ranking, one query to answer instead of one per
    key). Each page answers on its own: the same results as one page alone (they share only the browser)."""
    out: dict[Hashable, dict[str, Shown]] = {key: {} for key in pages}
    for n, query in enumerate(dict.fromkeys(q for key in pages for q in queries[key])):
        typing = [key for key in pages if query in queries[key]]
        for key in typing:
            type_query(pages[key], query, key_by_key=key == typing[n % len(typing)])
            pages[key].evaluate(START_WAITING)  # returns at once: the page waits for its results as the others do
        for key in typing:
            error = pages[key].evaluate("() => window.__rlFinal")
            shown = pages[key].evaluate(SHOWN)
            if error or not shown["hrefs"]:  # the tests of this query fail, the others go on
                out[key][query] = Shown([], [], error or f"no result appeared for {query!r}")
            else:
                out[key][query] = Shown(**shown)
    return out
