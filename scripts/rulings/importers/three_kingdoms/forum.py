"""The forum copy: the lines of the thread the parser reads, without its repeats and chatter.

The forum copy repeats most blocks verbatim right after themselves (each post was pasted twice):
:func:`find_repeats` finds these tandem copies, and only the first copy is read. Forum chatter is
dropped by exact text (:data:`NOISE_LINES`, :data:`NOISE_FRAGMENTS`); everything else is kept for the
parser, which fails on any line it does not understand, so nothing is lost silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TITLE_LINE = 1
"""The thread title: it becomes the document's title (game.yml), not an entry."""

# Forum noise: whole lines dropped from the import, matched by their exact (stripped) text.
# Each is thread chatter or forum meta-talk, not rules content.
NOISE_LINES: dict[str, str] = {
    # "Let me do a FAQ of the things Americans often ask" - the poster introducing the thread.
    "来个美国人会经常问的FAQ吧": "greeting / thread chatter",
    # "Please ignore post 487" - a note about another forum post (floor 487), not about the game.
    "请忽略487L": "reply meta-talk about a forum post number",
}

# Forum noise inside a line that is otherwise kept: (line text, dropped fragment, why).
NOISE_FRAGMENTS: list[tuple[str, str, str]] = [
    # "Hero rule set - posting slowly": the heading is kept, the poster's aside is not.
    ("武将规则集 慢慢发", "慢慢发", "poster's aside 'posting slowly'"),
]


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
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    a = Analysis(lines, find_repeats(lines), [])
    for no, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s or no == TITLE_LINE or a.repeated(no):
            continue
        if s in NOISE_LINES:
            a.noise.append(no)
            continue
        for whole, frag, _why in NOISE_FRAGMENTS:
            if s == whole:
                s = s.replace(frag, "").strip()
        a.kept.append((no, s))
    return a
