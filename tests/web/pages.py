"""Pages in Chromium for tests that check many queries: one page per site and locale types query after query
into the search box (cleared between two, each one's results settled before they are read), all pages in step,
so a test module loads one page per site and locale instead of one per case and the pages' waits overlap;
and a page's requests, to show that none left the site."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .test_browser import SETTLED, playwright, type_query  # playwright.sync_api, or the module is skipped there

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


@contextmanager
def visits(browser, count: int) -> Iterator[list[Visit]]:
    """``count`` pages, each in a browser context of its own (see :func:`visit`)."""
    with ExitStack() as stack:
        yield [stack.enter_context(visit(browser)) for _ in range(count)]


START_SETTLING = f"() => {{ window.__rlSettled = ({SETTLED})(); }}"


def type_together(pages: Mapping[Hashable, playwright.Page],
                  queries: Sequence[str]) -> dict[Hashable, dict[str, Shown]]:
    """Each query typed in turn into the search box of every page, in step: typed into every page, then every
    page's results are left to settle at the same time (the wait for the last re-render is most of a query's
    time, and pages wait side by side), then read. Each page answers on its own: the same results as one page
    alone (the pages share nothing but the browser)."""
    out: dict[Hashable, dict[str, Shown]] = {key: {} for key in pages}
    for n, query in enumerate(dict.fromkeys(queries)):
        for pg in pages.values():
            if n:
                clear(pg)
            type_query(pg, query)
        waiting = []
        for key, pg in pages.items():
            try:
                pg.wait_for_selector(".md-search-result__item", timeout=15000)
            except playwright.TimeoutError as e:  # no result at all: the tests of this query fail, the others go on
                out[key][query] = Shown([], [], f"no result appeared for {query!r}: {e}")
                continue
            pg.evaluate(START_SETTLING)  # returns at once: the page watches its list while the others do
            waiting.append(key)
        for key in waiting:
            pages[key].evaluate("() => window.__rlSettled")
            out[key][query] = Shown(**pages[key].evaluate(SHOWN))
    return out
