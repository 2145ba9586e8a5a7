"""Part 4, "Comprehensive FAQ", as printed: card headings and the questions and answers under each.

Nothing here builds entries: :mod:`.cards` and :mod:`.rulings` do, from what :func:`parse_faq` reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.importers.sorcery.document import Line, SourceError, chunks, norm, numbered


def is_card_heading(t: str) -> bool:
    return (len(t) <= 40 and "?" not in t and ":" not in t and ". " not in t
            and not t.endswith((".", ",")) and not t.isupper())


@dataclass
class CardQA:
    card: int  # index into cards
    q: Line
    answer: list[Line] = field(default_factory=list)


def parse_faq(lines: list[str], a: int, b: int) -> tuple[list[dict], list[CardQA]]:
    """Card headings and their questions and answers.

    A card heading is a short line on its own, followed by a question or by another heading (the
    same card printed again in another spelling). A question is a line with a question mark; the
    lines after it, up to the next question or heading, are its answer.
    """
    cs = chunks(numbered(lines, a + 1, b))
    cards: list[dict] = []  # {"names": [(line, name)], "key": norm(name)}
    by_key: dict[str, int] = {}
    qas: list[CardQA] = []
    current: int | None = None
    for k, ch in enumerate(cs):
        if len(ch) == 1 and is_card_heading(ch[0][1]):
            nxt = cs[k + 1][0][1] if k + 1 < len(cs) else ""
            if "?" in nxt or is_card_heading(nxt):
                n, name = ch[0]
                key = norm(name)
                if key in by_key:
                    cards[by_key[key]]["names"].append((n, name))
                else:
                    by_key[key] = len(cards)
                    cards.append({"names": [(n, name)], "key": key})
                current = by_key[key]
                continue
        for n, t in ch:
            if current is None:
                raise SourceError(f"line {n}: FAQ text before the first card heading")
            if "?" in t:
                qas.append(CardQA(current, (n, t)))
            elif qas and qas[-1].card == current:
                qas[-1].answer.append((n, t))
            else:
                raise SourceError(f"line {n}: FAQ text that is neither a question nor an answer: {t!r}")
    return cards, qas
