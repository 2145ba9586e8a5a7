"""The sheet's three parts, each opened by a heading line: the lines of each read as what they are.

``ERRATA`` gives erratum lines under series headings, ``APPUNTI ALLE REGOLE`` term headings with the
paragraphs of their definitions, ``POSTA E RISPOSTA`` marked questions and answers. Any other line
(outside the parts, or of no known shape) is an error, so nothing is lost silently; entries are built
from :class:`Parts` afterwards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PART_ERRATA = "ERRATA"
PART_GLOSSARY = "APPUNTI ALLE REGOLE"
PART_QA = "POSTA E RISPOSTA"
PARTS = (PART_ERRATA, PART_GLOSSARY, PART_QA)

RULE_RE = re.compile(r"^-{5,}$")
SERIES_RE = re.compile(r"^(?P<name>Serie \w+):?$")
ERRATUM_RE = re.compile(r"^(?P<name>[^:]+?):\s+(?P<body>.+)$")
# Question and answer markers as the document prints them: "D:" (domanda), "R:" (risposta), and the
# variants "R." (full stop instead of colon) and "P:" (OCR misreading of "D:"). Case-insensitive, so a
# "d:" or "Domanda:" would be read too.
QA_MARK_RE = re.compile(r"^(?P<mark>Domanda|Risposta|[DPR])\s*(?P<punct>[:.])\s*(?P<text>.*)$", re.IGNORECASE)
QUESTION_MARKS = {"d", "p", "domanda"}

NOISE_LINES = {
    "ENJOY!!!": "sign-off after the last answer",
    "|": "page-border artefact of the conversion (the first line is '| ERRATA')",
}
"""Content-free lines, by their stripped text. Part headings and the dashed rules are markup too."""


def part_heading(line: str) -> str | None:
    s = line.strip().lstrip("|").strip()
    return s if s in PARTS else None


def is_term_heading(line: str) -> bool:
    s = line.strip()
    return len(s) < 60 and not s.endswith(".")


@dataclass
class ErratumLine:
    """One line of the errata part: the card name(s) and the erratum as printed, under a series heading."""

    line: str
    name: str
    body: str
    group: str
    no: int


@dataclass
class TermLines:
    """A term heading of the glossary part and the paragraphs of its definition (line number, text)."""

    heading: str
    first: int
    paras: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class QA:
    """One marked question or answer as read: marker as printed, line range, text (paragraphs joined)."""

    question: bool
    mark: str
    first: int
    last: int
    text: str


@dataclass
class Parts:
    errata: list[ErratumLine] = field(default_factory=list)
    terms: list[TermLines] = field(default_factory=list)
    qa: list[QA] = field(default_factory=list)


def split_parts(lines: list[str]) -> Parts:
    """Every content line of the sheet, in document order, read by the part it is printed in."""
    out = Parts()
    part: str | None = None
    group: tuple[str, int] | None = None
    term_open = False  # a term heading of the glossary part has been read since the part began
    for no, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or RULE_RE.match(line) or line in NOISE_LINES:
            continue
        heading = part_heading(line)
        if heading:
            term_open = False
            part = heading
            continue
        if part == PART_ERRATA:
            m = SERIES_RE.match(line)
            if m:
                group = (m.group("name"), no)
                continue
            m = ERRATUM_RE.match(line)
            if not m or group is None:
                raise ValueError(f"line {no}: not an erratum line: {line!r}")
            out.errata.append(ErratumLine(line, m.group("name"), m.group("body"), group[0], no))
        elif part == PART_GLOSSARY:
            if is_term_heading(line):
                out.terms.append(TermLines(line, no))
                term_open = True
            elif not term_open:
                raise ValueError(f"line {no}: definition without a term: {line!r}")
            else:
                out.terms[-1].paras.append((no, line))
        elif part == PART_QA:
            m = QA_MARK_RE.match(line)
            if m:
                is_q = m.group("mark").lower() in QUESTION_MARKS
                out.qa.append(QA(is_q, m.group("mark") + m.group("punct"), no, no, m.group("text").strip()))
            elif out.qa:
                out.qa[-1].text += "\n\n" + line  # a further paragraph (none in this issue)
                out.qa[-1].last = no
            else:
                raise ValueError(f"line {no}: text before the first question: {line!r}")
        else:
            raise ValueError(f"line {no}: text outside the three parts: {line!r}")
    return out
