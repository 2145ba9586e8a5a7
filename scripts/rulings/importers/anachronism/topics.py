"""The FAQ's layout: a flat list of topics, each a heading line followed by questions, answers,
statements and "See"/"See also" lines, read into blocks (:class:`Block`) of raw rulings (:class:`RawRuling`).

Nothing here builds entries; it only says which printed lines are what (a heading, a question, the
paragraphs of an answer, a cross-reference), with their line numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.content import originals

SEE_RE = re.compile(r"^See (also )?(?P<target>.+)$")

# "This post was edited and reversed on 8/24/5": a dated status note printed under a question.
STATUS_NOTE_RE = re.compile(r"^This post was edited and reversed on (?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{1,4})$")


@dataclass
class Para:
    lines: list[tuple[int, str]]  # (1-based line number, line with trailing whitespace removed)

    @property
    def first(self) -> int:
        return self.lines[0][0]

    @property
    def last(self) -> int:
        return self.lines[-1][0]

    def text(self, strip_marker: bool = False) -> str:
        out = [t for _, t in self.lines]
        if strip_marker and out[0].startswith("-"):
            out[0] = out[0][1:]
        return "\n".join(out).strip()


@dataclass
class RawRuling:
    heading: str
    first: int
    last: int
    question: str | None = None
    answer: list[str] = field(default_factory=list)  # paragraphs
    statement: list[str] = field(default_factory=list)
    status_note: tuple[int, str, re.Match[str]] | None = None

    @property
    def answered(self) -> bool:
        return bool(self.answer)


@dataclass
class Block:
    heading: str
    line: int
    last: int
    see: list[tuple[int, str, bool]] = field(default_factory=list)  # (line, target as printed, "See also")
    rulings: list[RawRuling] = field(default_factory=list)


def _is_blank(s: str) -> bool:
    return s.strip() == ""


def _is_heading(lines: list[str], i: int) -> bool:
    """A heading: a short line after a blank line, followed directly by content, that is not itself
    a question, an answer, a cross-reference or a sentence."""
    s = lines[i].strip()
    if not s or i < 2 or not _is_blank(lines[i - 1]) or i + 1 >= len(lines) or _is_blank(lines[i + 1]):
        return False
    return not (len(s) > 40 or "?" in s or s[0] in "-([|" or SEE_RE.match(s) or s[-1] in ".:")


def split_blocks(text: str) -> list[Block]:
    lines = originals.lines(text)
    heads = [i for i in range(len(lines)) if _is_heading(lines, i)]
    blocks = []
    for k, i in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(lines)
        last = max(j for j in range(i, end) if not _is_blank(lines[j]))
        b = Block(lines[i].strip(), i + 1, last + 1)
        paras: list[Para] = []
        cur: list[tuple[int, str]] = []
        for j in range(i + 1, last + 1):
            s = lines[j].rstrip()  # str.rstrip also removes the no-break spaces ending many lines
            if _is_blank(s):
                if cur:
                    paras.append(Para(cur))
                cur = []
                continue
            m = SEE_RE.match(s.strip())
            if m:
                b.see.append((j + 1, m.group("target").strip(), bool(m.group(1))))
                continue
            cur.append((j + 1, s))
        if cur:
            paras.append(Para(cur))
        _read_rulings(b, paras)
        blocks.append(b)
    return blocks


def _read_rulings(b: Block, paras: list[Para]) -> None:
    cur: RawRuling | None = None
    for p in paras:
        first = p.lines[0][1]
        starts_q = "?" in first or (cur is None and not first.startswith("-") and len(p.lines) > 1)
        if starts_q:
            cur = RawRuling(b.heading, p.first, p.last)
            b.rulings.append(cur)
            rest = _read_question(cur, p)
            if rest:
                cur.answer.append(rest)
        elif cur is None or cur.statement:
            if cur is None:
                cur = RawRuling(b.heading, p.first, p.last)
                b.rulings.append(cur)
            cur.statement.append(p.text(strip_marker=True))
            cur.last = p.last
        else:  # the answer starts (after a blank line) or continues
            cur.answer.append(p.text(strip_marker=not cur.answer))
            cur.last = p.last


def _read_question(r: RawRuling, p: Para) -> str:
    """Set the question from the start of paragraph ``p``; return the answer text it starts, if any."""
    lines = list(p.lines)
    first = lines[0][1]
    if first.endswith("?"):
        k = 0
    elif "?" in first:  # question and answer on one line, without the "-" marker
        cut = first.rindex("?") + 1
        r.question = first[:cut].strip()
        return Para([(lines[0][0], first[cut:].strip()), *lines[1:]]).text()
    else:  # the question ends on a later line, or is a request ("Please help me understand ...")
        k = next((n for n, (_, t) in enumerate(lines) if t.endswith("?")), 0)
    r.question = Para(lines[: k + 1]).text()
    rest = lines[k + 1:]
    if rest:
        m = STATUS_NOTE_RE.match(rest[0][1].strip())
        if m:
            r.status_note = (rest[0][0], rest[0][1].strip(), m)
            rest = rest[1:]
    return Para(rest).text(strip_marker=True) if rest else ""
