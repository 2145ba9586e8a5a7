"""The forum copy: the lines of the thread the parser reads, without its repeats and chatter.

The forum copy repeats most blocks verbatim right after themselves (each post was pasted twice):
:func:`find_repeats` finds these tandem copies, and only the first copy is read. Forum chatter is
set aside by exact text: the poster's own remarks (:data:`ASIDE_LINES`, :data:`ASIDE_FRAGMENTS`) become
the document's notes, meta-talk about other posts (:data:`NOISE_LINES`) is dropped; everything else is
kept for the parser, which fails on any line it does not understand, so nothing is lost silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.content import originals

TITLE_LINE = 1
"""The thread title: it becomes the document's title (game.yml), not an entry."""

# The poster's remarks, not rules content, kept as the document's notes (with their English): whole lines,
# matched by their exact (stripped) text ...
ASIDE_LINES: dict[str, str] = {
    "来个美国人会经常问的FAQ吧": "Here is an FAQ of the questions Americans will often ask.",  # introducing the thread
}
# ... and remarks at the end of a line that is otherwise read: (line text, remark, its English).
ASIDE_FRAGMENTS: list[tuple[str, str, str]] = [
    ("武将规则集 慢慢发", "慢慢发", "Posting this bit by bit."),  # "Hero rule set - posting slowly"
]

# Forum noise: whole lines dropped from the import, matched by their exact (stripped) text: forum
# meta-talk about the thread's posts, neither rules content nor a remark about it.
NOISE_LINES: dict[str, str] = {
    # "Please ignore post 487" - a note about another forum post (floor 487), not about the game.
    "请忽略487L": "reply meta-talk about a forum post number",
}


@dataclass
class Repeat:
    """Lines ``copy`` (1-based, inclusive) repeat lines ``original`` verbatim."""

    original: tuple[int, int]
    copy: tuple[int, int]


@dataclass
class Analysis:
    lines: list[str]
    repeats: list[Repeat]
    noise: list[int]  # 1-based numbers of dropped noise lines
    kept: list[tuple[int, str]] = field(default_factory=list)  # (line number, text) the parser reads
    asides: list[tuple[int, str, str]] = field(default_factory=list)  # (line number, remark, its English)

    def repeated(self, n: int) -> bool:
        return any(r.copy[0] <= n <= r.copy[1] for r in self.repeats)


MIN_REPEAT = 2  # a single line that happens to follow an identical line is not a pasted block


def find_repeats(lines: list[str]) -> list[Repeat]:
    """Tandem repeats: a block of lines followed at once by an identical copy of itself.

    Scans top to bottom; at each line takes the longest block (at least :data:`MIN_REPEAT` non-blank
    lines) that the following lines repeat, records the copy and continues after it.
    """
    norm = [s.strip() for s in lines]
    out: list[Repeat] = []
    i, n = 0, len(norm)
    while i < n:
        best = 0
        for k in range((n - i) // 2, 0, -1):
            if norm[i:i + k] == norm[i + k:i + 2 * k] and sum(1 for s in norm[i:i + k] if s) >= MIN_REPEAT:
                best = k
                break
        if best:
            out.append(Repeat((i + 1, i + best), (i + best + 1, i + 2 * best)))
            i += 2 * best
        else:
            i += 1
    return out


def analyse(text: str) -> Analysis:
    lines = originals.lines(text)
    a = Analysis(lines, find_repeats(lines), [])
    for no, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s or no == TITLE_LINE or a.repeated(no):
            continue
        if s in NOISE_LINES:
            a.noise.append(no)
            continue
        if s in ASIDE_LINES:
            a.asides.append((no, s, ASIDE_LINES[s]))
            continue
        for whole, remark, english in ASIDE_FRAGMENTS:
            if s == whole:
                s = s.removesuffix(remark).strip()
                a.asides.append((no, remark, english))
        a.kept.append((no, s))
    return a
