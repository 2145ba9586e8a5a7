"""Importer for the fan-maintained "Sorcery Comprehensive Rulebook Clarifications (Unofficial)".

The source is a plain-text export of a Google Doc (maintained by Ira Fay). The export keeps one
paragraph per line, separates most paragraphs by a blank line, and writes bullets and list items as
consecutive lines; it loses heading levels, bullets and numbering (except where the author typed
"1)" or "done)" by hand). The document has four parts, in this order:

1. a preamble (title + one paragraph) and a dated **change log** (``changelog.yml``);
2. **Intercept vs. Defend**, a two-column comparison (a :class:`Table` in ``sections.yml``);
3. **Rule Clarifications**: rules prose, one :class:`Section` per heading (``sections.yml``), with
   examples as :class:`Example` blocks and step lists as ordered :class:`ListBlock`;
   questions and answers printed there are also rulings (``clarifications``);
4. **Comprehensive FAQ**: one card heading after another, each followed by questions and answers
   (``entities.yml`` cards, ``rulings.yml`` Q&A).

Definitions the document gives become glossary terms (``glossary.yml``).

Because the export has no heading markup, the outline of part 3 (which lines are headings and how
they nest) is stated in ``tables.OUTLINE`` and checked against the text; card headings of part 4 are
recognised by their shape (a short line on its own, followed by a question).

This module reads parts 2 and 4 and puts the entries together; the package holds the other jobs:
``document`` (the export's lines), ``blocks`` (section bodies → blocks), ``clarifications`` (part 3's
questions and answers → rulings), ``changelog`` (part 1's dated lines) and ``tables`` (what reading
the document established).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.content import originals
from rulings.importers.result import ImportResult
from rulings.importers.sorcery.blocks import Placed, build_blocks, step_blocks, with_examples
from rulings.importers.sorcery.changelog import add_dated, build_changes, parse_changelog
from rulings.importers.sorcery.clarifications import section_rulings
from rulings.importers.sorcery.decisions import (
    EXAMPLE_TITLES,
    NEAR_DUPLICATES,
    OUTLINE,
    RULING_NOTES,
    RULING_RELATED,
    SECTION_NOTES,
    SECTION_RELATED,
    STEP_SECTIONS,
    STOPWORDS,
    TERMS,
)
from rulings.importers.sorcery.document import (
    DOC_ID,
    GAME_ID,
    LANG,
    SOURCE_NAME,
    Line,
    SourceError,
    chunks,
    find_heading,
    join_lines,
    last_nonblank,
    norm,
    numbered,
    prov,
    resolve,
    tx,
)
from rulings.model.entries import (
    Authority,
    Document,
    Entity,
    EntityType,
    Example,
    Game,
    Ruling,
    RulingFlag,
    Section,
    Table,
    Term,
)
from rulings.model.ids import slugify, unique
from rulings.model.terms import Glossary

__all__ = ["FORMAT", "GAME_ID", "SOURCE_NAME", "parse"]

FORMAT = "sorcery-clarifications"

PUBLISHER_RE = re.compile(r"If/when (.+?) publishes an official")
CHANGELOG_HEADING = "Change Log"
INTERCEPT_HEADING = "Intercept vs. Defend"
RULES_HEADING = "Rule Clarifications"
FAQ_HEADING = "Comprehensive FAQ"
# "Change Log" and "Comprehensive FAQ" are part headings whose content is a whole file; they carry
# no content of their own. "Rule Clarifications" is kept as a section: its subsections point at it.


def short_slug(question: str, drop: set[str], n: int = 5) -> str:
    """The slug of a question: its first ``n`` words that are neither stop words nor in ``drop``."""
    return slugify(question, drop=STOPWORDS | drop, limit=n, fallback="q")


def parse_intercept(lines: list[str], a: int, b: int, sid: str) -> Section:
    """The Intercept vs. Defend comparison: an intro paragraph and a two-column table."""
    body = numbered(lines, a + 1, b)
    i_col = next(k for k, (_, t) in enumerate(body) if t.strip() == "Intercept")
    d_col = next(k for k, (_, t) in enumerate(body) if t.strip() == "Defend")
    intro = build_blocks(body[:i_col])
    row_label = re.compile(r"^(When to use \w+|Can you move\?|What happens\?)$")

    def cells(col: list[Line]) -> list[str]:
        starts = [k for k, (_, t) in enumerate(col) if row_label.match(t.strip())]
        out = []
        for k, s in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(col)
            out.append(join_lines([(n, t) for n, t in col[s:end] if t.strip()]))
        return out

    left, right = cells(body[i_col + 1:d_col]), cells(body[d_col + 1:])
    if len(left) != len(right):
        raise SourceError("Intercept vs. Defend: the two columns have different numbers of rows")
    table = Table(header=[tx(body[i_col][1].strip()), tx(body[d_col][1].strip())],
                  rows=[[tx(x), tx(y)] for x, y in zip(left, right, strict=True)])
    return Section(id=sid, lang=LANG, provenance=prov(a + 1, last_nonblank(lines, a, b)),
                   title=tx(lines[a].strip()), blocks=[p.block for p in intro] + [table])


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


def parse(text: str) -> ImportResult:
    lines = originals.lines(text)
    title = lines[0].strip()

    i_log = find_heading(lines, CHANGELOG_HEADING)
    i_int = find_heading(lines, INTERCEPT_HEADING, i_log + 1)
    i_rules = find_heading(lines, RULES_HEADING, i_int + 1)
    i_faq = find_heading(lines, FAQ_HEADING, i_rules + 1)

    sections: list[Section] = []
    section_ids: dict[str, str] = {}  # norm(title) -> id
    placed_by_title: dict[str, list[Placed]] = {}

    taken: set[str] = set()

    def new_section_id(t: str, parent_slug: str | None = None) -> str:
        sid = f"{GAME_ID}/section/{slugify(t)}"
        if sid in taken and parent_slug:  # a subsection named like another section: prefix its parent
            sid = f"{GAME_ID}/section/{parent_slug}-{slugify(t)}"
        sid = section_ids[norm(t)] = unique(sid, taken)
        return sid

    # preamble
    intro_id = new_section_id(title)
    intro_blocks = build_blocks(numbered(lines, 1, i_log))
    sections.append(Section(id=intro_id, lang=LANG, provenance=prov(1, last_nonblank(lines, 0, i_log)),
                            title=tx(title), blocks=[p.block for p in intro_blocks]))

    # Intercept vs. Defend
    sections.append(parse_intercept(lines, i_int, i_rules, new_section_id(INTERCEPT_HEADING)))

    # Rule Clarifications
    rules_id = new_section_id(RULES_HEADING)
    starts: list[int] = []
    pos = i_rules + 1
    for t, _parent in OUTLINE:
        pos = find_heading(lines, t, pos)
        starts.append(pos)
        pos += 1
    rules_end = last_nonblank(lines, i_rules, starts[0]) if starts else i_rules + 1
    sections.append(Section(id=rules_id, lang=LANG, provenance=prov(i_rules + 1, rules_end),
                            title=tx(RULES_HEADING),
                            blocks=[p.block for p in build_blocks(numbered(lines, i_rules + 1, starts[0]))]))
    for k, (t, parent) in enumerate(OUTLINE):
        a = starts[k]
        b = starts[k + 1] if k + 1 < len(starts) else i_faq
        parent_id = section_ids[norm(parent)] if parent else rules_id
        sid = new_section_id(t, slugify(parent) if parent else None)
        body = numbered(lines, a + 1, b)
        if t in STEP_SECTIONS:
            placed = step_blocks(body, STEP_SECTIONS[t])
        else:
            placed = with_examples(body, EXAMPLE_TITLES.get(t))
        placed_by_title[t] = placed
        sections.append(Section(id=sid, lang=LANG, provenance=prov(a + 1, last_nonblank(lines, a, b)),
                                title=tx(t), parent=parent_id, blocks=[p.block for p in placed],
                                notes=tx(SECTION_NOTES[t]) if t in SECTION_NOTES else None))

    # Comprehensive FAQ
    cards_raw, qas = parse_faq(lines, i_faq, len(lines))
    entities: list[Entity] = []
    card_ids: dict[str, str] = {}
    for c in cards_raw:
        (n0, name), *others = c["names"]
        cid = f"{GAME_ID}/card/{slugify(name)}"
        if cid in card_ids.values():
            raise SourceError(f"two cards with the slug of {name!r}")
        card_ids[c["key"]] = cid
        aliases = [o for _, o in others if o != name]
        last = c["names"][-1][0]
        between = [lines[i].strip() for i in range(n0, last - 1)]
        first_last = (n0, last) if all(not x or norm(x) == c["key"] for x in between) else (n0, n0)
        entities.append(Entity(id=cid, lang=LANG, provenance=prov(*first_last), type=EntityType.CARD,
                               name=tx(name), aliases={LANG: aliases} if aliases else {}))

    rulings: list[Ruling] = []
    ruling_by_key: dict[tuple[str, str | None], Ruling] = {}
    also_printed: dict[str, list[str]] = {}
    qa_ruling: dict[tuple[str, str], Ruling] = {}  # (card key, question) -> ruling
    used: set[str] = set()
    for qa in qas:
        card = cards_raw[qa.card]
        cid = card_ids[card["key"]]
        question = qa.q[1]
        answer = join_lines(qa.answer) if qa.answer else None
        key = (question, answer)
        if key in ruling_by_key:
            r = ruling_by_key[key]
            if cid not in r.about:
                r.about.append(cid)
                also_printed[r.id].append(card["names"][0][1])
            qa_ruling[(card["key"], question)] = r
            continue
        drop = set(slugify(card["names"][0][1]).split("-"))
        slug = f"{slugify(card['names'][0][1])}-{short_slug(question, drop)}"
        rid = unique(f"{GAME_ID}/ruling/{slug}", used)
        last = qa.answer[-1][0] if qa.answer else qa.q[0]
        r = Ruling(id=rid, lang=LANG, provenance=prov(qa.q[0], last), question=tx(question),
                   answer=tx(answer) if answer else None, about=[cid],
                   flags=[] if answer else [RulingFlag.UNANSWERED])
        ruling_by_key[key] = r
        also_printed[rid] = [card["names"][0][1]]
        qa_ruling[(card["key"], question)] = r
        rulings.append(r)

    def find_ruling(card: str, prefix: str) -> Ruling:
        ck = norm(card)
        hits = [r for (k, q), r in qa_ruling.items() if k == ck and q.startswith(prefix)]
        if len(hits) != 1:
            raise SourceError(f"no single ruling under {card!r} starting {prefix!r}")
        return hits[0]

    notes: dict[str, list[str]] = {}
    for r in rulings:
        if len(r.about) > 1:
            notes.setdefault(r.id, []).append(
                "Printed identically under: " + ", ".join(also_printed[r.id]) + ".")
    for card, prefix, note in RULING_NOTES:
        notes.setdefault(find_ruling(card, prefix).id, []).append(note)

    # glossary
    term_ids = {slugify(ts.term): f"{GAME_ID}/term/{slugify(ts.term)}" for ts in TERMS}
    terms: list[Term] = []
    for ts in TERMS:
        if ts.where[0] == "section":
            _, stitle, idx = ts.where
            ps = [placed_by_title[stitle][i] for i in idx]
            if idx != list(range(idx[0], idx[-1] + 1)) or isinstance(ps[0].block, Example):
                raise SourceError(f"definition of {ts.term!r}: expected consecutive blocks in {stitle!r}")
            first, last = ps[0].first, ps[-1].last
            # the definition as printed (these blocks are paragraphs or unnumbered lists)
            definition = join_lines([(i, lines[i - 1]) for i in range(first, last + 1) if lines[i - 1].strip()])
        else:
            _, card, prefix, para = ts.where
            r = find_ruling(card, prefix)
            paras = r.answer.source.split("\n\n")
            definition = paras[para]
            qa_lines = next(qa for qa in qas if qa.q[0] == r.origin.lines[0]).answer
            first = last = next(n for n, t in qa_lines if t == definition)
        terms.append(Term(id=term_ids[slugify(ts.term)], lang=LANG, provenance=prov(first, last),
                          term=tx(ts.term), aliases={LANG: ts.aliases}, definition=tx(definition),
                          related=[term_ids[s] for s in ts.related]))

    ids = {"section": section_ids, "card": card_ids, "term": term_ids}

    def target(spec: tuple[str, ...]) -> str:
        if spec[0] == "ruling":
            return find_ruling(spec[1], spec[2]).id
        return resolve(spec[0], spec[1], ids)

    for card, prefix, specs in RULING_RELATED:
        r = find_ruling(card, prefix)
        for s in specs:
            t = target(s)
            if t not in r.related:
                r.related.append(t)
    card_name = {e.id: e.name.source for e in entities}
    for pair in NEAR_DUPLICATES:
        r1, r2 = (find_ruling(*x) for x in pair)
        for a, b in ((r1, r2), (r2, r1)):
            a.related.append(b.id)
            notes.setdefault(a.id, []).append(
                "Printed in slightly different words under " + ", ".join(card_name[c] for c in b.about)
                + "; kept as a separate ruling (see related).")
    for r in rulings:
        if r.id in notes:
            r.notes = tx(" ".join(notes[r.id]))
    for s in sections:
        for spec in SECTION_RELATED.get(s.title.source, []):
            s.related.append(target(spec))

    # questions and answers printed in rule sections: rulings too, after the FAQ's (their ids stay)
    names = Glossary([], entities)
    section_questions: dict[str, list[Ruling]] = {}
    for t, _parent in OUTLINE:
        if t not in STEP_SECTIONS:
            asked = section_rulings(lines, placed_by_title[t], section_ids[norm(t)], short_slug(t, set(), 3),
                                    names, used)
            section_questions[section_ids[norm(t)]] = asked
            rulings += asked

    # change log, and what each change dates
    changes = build_changes(parse_changelog(lines, i_log + 1, i_int), sections, entities, ids)
    card_questions: dict[str, list[Ruling]] = {}
    for (key, _q), r in qa_ruling.items():
        card_questions.setdefault(card_ids[key], [])
        if r not in card_questions[card_ids[key]]:
            card_questions[card_ids[key]].append(r)
    defined_in: dict[str, list[str]] = {}
    for ts in TERMS:
        where = (section_ids[norm(ts.where[1])] if ts.where[0] == "section"
                 else find_ruling(ts.where[1], ts.where[2]).id)
        defined_in.setdefault(where, []).append(term_ids[slugify(ts.term)])
    add_dated(changes, card_questions, section_questions, defined_in, find_ruling,
              lambda name: resolve("card", name, ids), card_name)

    # The publisher as the preamble names it ("If/when Erik’s Curiosa HQ publishes an official
    # comprehensive rulebook"). The document prints no date of its own: only its change log is dated,
    # so it gets none (its latest change is on the change log page, not the document's date).
    preamble = " ".join(lines[1:i_log])
    m = PUBLISHER_RE.search(preamble)
    if not m:
        raise SourceError("the preamble no longer names the publisher")
    # "These are unofficial rule clarifications …, with significant support from the Sorcery League judge team"
    if "unofficial rule clarifications" not in preamble or "judge team" not in preamble:
        raise SourceError("the preamble no longer says who stands behind the document")
    authority = Authority.JUDGE_TEAM
    game = Game(
        id=GAME_ID, lang=LANG, name=tx("Sorcery: Contested Realm"), identified=True,
        publisher=m.group(1), maintainer="Ira Fay",
        documents=[Document(
            id=DOC_ID, title=tx(title), languages=[LANG], file=f"sources/{SOURCE_NAME}", sha256="",
            maintainer="Ira Fay", authority=authority)],
    )
    return ImportResult.of(game, DOC_ID, {
        "changelog": changes,
        "sections": sections,
        "entities": entities,
        "rulings": rulings,
        "glossary": terms,
    })
