"""Pages in Chromium for tests that check many queries: a page per site types query after query into the search
box (each one's results read once the worker marks them final), the sites' pages in step, so a test module
loads a page per site instead of one per case and the pages answer side by side; and a page's requests, to
show that none left the site."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from .conftest import hosts_asked, shared_page
from .test_browser import FINAL, playwright, type_query  # playwright.sync_api, or the module is skipped there

# Each result's link, and the page titles the results show, in order.
SHOWN = """() => ({
  hrefs: [...document.querySelectorAll('.md-search-result__item > a:first-child')].map(a => a.href),
  titles: [...document.querySelectorAll('.md-search-result__item h1')].map(h => h.innerText),
})"""


@dataclass
class Visit:
    """A page in a browser context of its own (conftest's ``shared_page``), and every URL it has asked for."""

    page: playwright.Page

    @property
    def requests(self) -> list[str]:
        return self.page.requests

    def hosts(self, since: int = 0) -> set[str]:
        """The hosts the page asked anything of over the network (none from file://), from its request
        number ``since`` on."""
        return hosts_asked(self.requests[since:])


@contextmanager
def visit(browser) -> Iterator[Visit]:
    with shared_page(browser) as pg:
        yield Visit(pg)


@dataclass(frozen=True)
class Shown:
    """What the search showed for one query: each result's link (absolute) and the pages' titles, in order;
    or, if no result appeared, why."""

    hrefs: list[str]
    titles: list[str]
    error: str | None = None


FINAL_SHOWN = f"() => ({FINAL})().then(() => ({SHOWN})(), e => ({{ error: String(e) }}))"


def type_together(pages: Mapping[Hashable, playwright.Page], queries: Mapping[Hashable, Sequence[str]],
                  key_by_key: Mapping[Hashable, Collection[str]]) -> dict[Hashable, dict[str, Shown]]:
    """Each page's queries typed in turn into its search box, all pages in step: each query typed into every
    page that has it (each page then answers it in its own renderer, side by side), then each page's results
    read once final. A page types the queries of ``key_by_key`` key by key (the latest key's results must
    win over the earlier keys'), the others all but their last character at once, then that key (one query
    to answer instead of one per key, the same ranking). Each page answers on its own: the same results as
    one page alone (they share only the browser)."""
    out: dict[Hashable, dict[str, Shown]] = {key: {} for key in pages}
    for query in dict.fromkeys(q for key in pages for q in queries[key]):
        typing = [key for key in pages if query in queries[key]]
        for key in typing:
            type_query(pages[key], query, key_by_key=query in key_by_key[key])
        for key in typing:
            shown = pages[key].evaluate(FINAL_SHOWN)
            if "error" in shown or not shown["hrefs"]:  # the tests of this query fail, the others go on
                out[key][query] = Shown([], [], shown.get("error") or f"no result appeared for {query!r}")
            else:
                out[key][query] = Shown(**shown)
    return out
