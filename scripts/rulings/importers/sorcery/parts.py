"""Where the document's four parts begin: each is opened by a heading line printed as a line of its own."""

from __future__ import annotations

from dataclasses import dataclass

from rulings.importers.sorcery.document import find_heading

CHANGELOG_HEADING = "Change Log"
INTERCEPT_HEADING = "Intercept vs. Defend"
RULES_HEADING = "Rule Clarifications"
FAQ_HEADING = "Comprehensive FAQ"
# "Change Log" and "Comprehensive FAQ" are part headings whose content is a whole file; they carry
# no content of their own. "Rule Clarifications" is kept as a section: its subsections point at it.


@dataclass(frozen=True)
class Parts:
    """0-based indexes of the four part headings, in document order (the preamble is before the first)."""

    changelog: int
    intercept: int
    rules: int
    faq: int


def find_parts(lines: list[str]) -> Parts:
    """The part headings, each searched for after the one before (a missing or reordered part is an error)."""
    i_log = find_heading(lines, CHANGELOG_HEADING)
    i_int = find_heading(lines, INTERCEPT_HEADING, i_log + 1)
    i_rules = find_heading(lines, RULES_HEADING, i_int + 1)
    i_faq = find_heading(lines, FAQ_HEADING, i_rules + 1)
    return Parts(i_log, i_int, i_rules, i_faq)
