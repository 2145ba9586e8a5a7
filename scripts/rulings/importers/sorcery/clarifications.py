"""Questions and answers printed inside the "Rule Clarifications" sections → rulings.

Part 3 of the document is rules prose, but some sections ask and answer questions: most mark them
"Q: …" / "A: …", some print a bare question (a paragraph ending with "?") followed by its answer.
The section keeps them as paragraphs (the document's text, read in order); each pair is also a
ruling, so it is listed on the pages of the cards it names, found by search and in the JSON, and
links back to its section.

A pair is a top-level paragraph of a section (not inside a worked example, whose dialogue asks
questions too) that is a question, and the blocks after it up to the next question or the end of the
section. Paragraphs printed before a section's first question set up its scenario ("Player 1
controls…"): they belong to that question.
"""

from __future__ import annotations

import re

from rulings.importers.sorcery.blocks import Placed
from rulings.importers.sorcery.decisions import OUTLINE, STEP_SECTIONS, STOPWORDS
from rulings.importers.sorcery.document import GAME_ID, LANG, SourceError, join_lines, norm, prov, tx
from rulings.importers.sorcery.rulings import short_slug
from rulings.model.entries import Paragraph, Ruling
from rulings.model.ids import slugify, unique
from rulings.model.terms import Glossary

Q_MARK = re.compile(r"^Q:\s*")
A_MARK = re.compile(r"^A:\s*")


def is_question(p: Placed) -> bool:
    if not isinstance(p.block, Paragraph):
        return False
    t = p.block.text.source
    return bool(Q_MARK.match(t)) or t.rstrip().endswith("?")


def printed(lines: list[str], first: int, last: int, mark: re.Pattern[str] | None = None) -> str:
    """Lines first..last (1-based) as printed, blank lines as paragraph breaks, without a leading mark."""
    text = join_lines([(n, lines[n - 1]) for n in range(first, last + 1) if lines[n - 1].strip()])
    return mark.sub("", text, count=1) if mark else text


def section_rulings(lines: list[str], placed: list[Placed], section_id: str, slug_prefix: str,
                    names: Glossary, used: set[str]) -> list[Ruling]:
    """The question/answer pairs of one section, as rulings about the cards they name (``names``: a
    glossary of the cards alone, made once for every section)."""
    starts = [k for k, p in enumerate(placed) if is_question(p)]
    out: list[Ruling] = []
    for j, k in enumerate(starts):
        end = starts[j + 1] if j + 1 < len(starts) else len(placed)
        answer = placed[k + 1:end]
        if not answer:
            raise SourceError(f"line {placed[k].first}: a clarification question without an answer")
        setup = placed[:k] if j == 0 and all(isinstance(p.block, Paragraph) for p in placed[:k]) else []
        first = setup[0].first if setup else placed[k].first
        asked = printed(lines, placed[k].first, placed[k].last, Q_MARK)
        question = printed(lines, first, setup[-1].last) + "\n\n" + asked if setup else asked
        text = printed(lines, answer[0].first, answer[-1].last, A_MARK)
        slug = slugify(asked, drop=STOPWORDS | set(slug_prefix.split("-")), limit=5, fallback="q")
        rid = unique(f"{GAME_ID}/ruling/{slug_prefix}-{slug}", used)
        about = list(dict.fromkeys(m.key.id for m in names.find(question + "\n\n" + text, None)))
        out.append(Ruling(id=rid, lang=LANG, provenance=prov(first, answer[-1].last), question=tx(question),
                          answer=tx(text), about=about, related=[section_id]))
    return out



def outline_rulings(lines: list[str], placed: dict[str, list[Placed]], section_ids: dict[str, str],
                    names: Glossary, used: set[str]) -> tuple[list[Ruling], dict[str, list[Ruling]]]:
    """The rulings of every outline section but the step lists, in outline order, and those of each section
    (by section id)."""
    rulings: list[Ruling] = []
    by_section: dict[str, list[Ruling]] = {}
    for t, _parent in OUTLINE:
        if t not in STEP_SECTIONS:
            asked = section_rulings(lines, placed[t], section_ids[norm(t)], short_slug(t, set(), 3), names, used)
            by_section[section_ids[norm(t)]] = asked
            rulings += asked
    return rulings, by_section
