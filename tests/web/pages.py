"""Pages in Chromium for tests that check many queries: one page types query after query into the search box
(cleared between two, each one's results settled before they are read), so a test module loads one page per
site and locale instead of one per case; and a page's requests, to show that none left the site."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .test_browser import playwright, search  # playwright.sync_api, or the module is skipped there

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


def clear(pg: playwright.Page) -> None:
    """Empty the search box with keys (Material reads the box on key events) and wait for the results to go."""
    box = pg.locator("input.md-search__input")
    box.fill("")
    pg.keyboard.press("End")
    pg.wait_for_selector(".md-search-result__item", state="detached", timeout=15000)


def type_each(pg: playwright.Page, queries: Sequence[str]) -> dict[str, Shown]:
    """Each query typed in turn into the search box of the page ``pg`` shows, with the results it settled on."""
    out: dict[str, Shown] = {}
    for query in dict.fromkeys(queries):
        if out:
            clear(pg)
        try:
            search(pg, query)  # settled: the results of the whole query
        except playwright.TimeoutError as e:  # no result at all: the tests of this query fail, the others go on
            out[query] = Shown([], [], f"no result appeared for {query!r}: {e}")
            continue
        out[query] = Shown(**pg.evaluate(SHOWN))
    return out
