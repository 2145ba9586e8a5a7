"""Importer for the "Revised Anachronism FAQ" (plain text, updated 3-20-2006).

The document is a flat list of topics. Each topic is a heading line (a card name or a rules
concept) followed by questions and answers, statements, and "See"/"See also" cross-references:

    Adjacent                                   <- heading (after a blank line)
    What spaces are 'adjacent' to my warrior?  <- question
    -Any of the eight spaces next to ...       <- answer ("-" marks its start)
                                               <- blank: a following paragraph that is not a
    Since my warrior is not adjacent ...?         new question continues the answer
    -No on both counts. ...
    See also Behind                            <- cross-reference (Entity.related; "See X": Entity.see)

What it makes:

- one Entity per heading: ``topic`` if the heading is in :data:`TOPIC_HEADINGS` (decided by
  reading the document), ``card`` otherwise; "See X" lines under a heading become the entity's
  ``see`` (read X instead), "See also X" lines its ``related`` (read X as well); targets spelled
  differently from their heading resolve through :data:`SEE_ALIASES` (recorded as aliases of the
  target) or :data:`SEE_MULTI`;
- one Ruling per question with its answer (paragraphs joined with a blank line, lines inside a
  paragraph kept as printed) or per statement; a ruling printed twice under two headings is one
  ruling ``about`` both; references printed inside an answer are in :data:`IN_ANSWER_REFS`;
- the Nemere "edited and reversed" note becomes the ruling's history, not part of its answer;
- corrections printed inside answers are listed in :data:`ERRATA` (each found by its exact text);
- definitions the FAQ gives are listed in :data:`GLOSSARY` (each found by its exact text);
- the ASCII board diagram under "Behind" stays inside the answer and is also kept verbatim as a
  Diagram block of a rules Section linked from the ruling (rulings have no diagram field).

The tables named above are in ``tables`` (what reading the document decided); this module reads the
layout and builds the entries. Everything is derived from the text in document order; nothing depends
on a clock or on set order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulings.content import originals
from rulings.importers.anachronism.tables import (
    ERRATA,
    GLOSSARY,
    IN_ANSWER_REFS,
    NOTES,
    OCR_DAMAGE_LINES,
    SEE_ALIASES,
    SEE_MULTI,
    TEXT_ALIASES,
    TOPIC_HEADINGS,
)
from rulings.importers.result import ImportResult
from rulings.model.entries import (
    Authority,
    Diagram,
    Document,
    Entity,
    EntityType,
    Erratum,
    Game,
    Provenance,
    Ruling,
    RulingFlag,
    RulingStatus,
    Section,
    StatusChange,
    Term,
)
from rulings.model.ids import APOSTROPHES, slugify, unique
from rulings.model.text import Text

FORMAT = "anachronism-faq"
GAME_ID = "anachronism"
SOURCE_NAME = "anachronism-faq-2006-03-20.txt"
DOCUMENT_ID = "faq-2006"
LANG = "en"

# "This post was edited and reversed on 8/24/5": a dated status note printed under a question.
STATUS_NOTE_RE = re.compile(r"^This post was edited and reversed on (?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{1,4})$")

# --- parsing -------------------------------------------------------------------------------------

SEE_RE = re.compile(r"^See (also )?(?P<target>.+)$")


JOIN = APOSTROPHES + "()"
"""Kept inside a word in slugs: apostrophes, and the brackets of plurals printed ``Attack Grid(s)``."""


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


# --- building entries ----------------------------------------------------------------------------


def _prov(a: int, b: int) -> list[Provenance]:
    return [Provenance(DOCUMENT_ID, (a, b))]


def _t(s: str) -> Text:
    return Text(LANG, s)


def _find(text: str, needle: str) -> tuple[int, int]:
    """1-based first and last line of the first occurrence of ``needle`` in ``text``."""
    at = text.find(needle)
    if at < 0:
        raise ValueError(f"text not found in the FAQ: {needle[:60]!r}")
    first = text.count("\n", 0, at) + 1
    return first, first + needle.count("\n")


def _lines(a: int, z: int) -> str:
    return f"line {a}" if a == z else f"lines {a}-{z}"


def _notes_for(a: int, b: int) -> Text | None:
    ns = [NOTES[n] for n in sorted(NOTES) if a <= n <= b]
    return _t(" ".join(ns)) if ns else None


def resolve_see(target: str, headings: dict[str, str]) -> list[str]:
    """Entity ids a "See" target (as printed) refers to."""
    if target in headings:
        return [headings[target]]
    if target in SEE_ALIASES:
        return [headings[SEE_ALIASES[target]]]
    if target in SEE_MULTI:
        return [headings[h] for h in SEE_MULTI[target]]
    raise ValueError(f"unresolved cross-reference 'See {target}'")


def _add(xs: list[str], *items: str) -> None:
    for x in items:
        if x not in xs:
            xs.append(x)


def parse(text: str) -> ImportResult:
    text = originals.normalized(text)  # _find counts lines by "\n"
    src_lines = originals.lines(text)
    blocks = split_blocks(text)

    # entities
    headings: dict[str, str] = {}
    entities: dict[str, Entity] = {}
    for b in blocks:
        etype = EntityType.TOPIC if b.heading in TOPIC_HEADINGS else EntityType.CARD
        eid = f"{GAME_ID}/{etype.value}/{slugify(b.heading, join=JOIN)}"
        if b.heading in headings or eid in entities:
            raise ValueError(f"heading printed twice: {b.heading!r}")
        headings[b.heading] = eid
        entities[eid] = Entity(id=eid, lang=LANG, provenance=_prov(b.line, b.last), type=etype,
                               name=_t(b.heading), notes=_t(NOTES[b.line]) if b.line in NOTES else None)
    unknown = sorted(TOPIC_HEADINGS - set(headings))
    if unknown:
        raise ValueError(f"TOPIC_HEADINGS names headings the FAQ does not have: {unknown}")
    for variant, heading in SEE_ALIASES.items():
        _add(entities[headings[heading]].aliases.setdefault(LANG, []), variant)
    for heading, spellings in TEXT_ALIASES.items():
        _add(entities[headings[heading]].aliases.setdefault(LANG, []), *spellings)
    for b in blocks:
        e = entities[headings[b.heading]]
        for _, target, also in b.see:
            _add(e.related if also else e.see, *resolve_see(target, headings))
        if e.id in e.related or e.id in e.see:
            raise ValueError(f"{b.heading!r} refers to itself")

    # rulings (one per distinct question/answer or statement; repeats are "about" every heading)
    rulings: list[Ruling] = []
    raw_of: dict[str, RawRuling] = {}
    ruling_ids: set[str] = set()
    by_content: dict[tuple[str | None, str, str], Ruling] = {}
    for b in blocks:
        for r in b.rulings:
            answer = "\n\n".join(r.answer)
            statement = "\n\n".join(r.statement)
            key = (r.question, answer, statement)
            about = headings[r.heading]
            if key in by_content:
                same = by_content[key]
                _add(same.about, about)
                a, z = same.origin.lines if same.origin else (0, 0)
                printed = f"Printed twice: under '{raw_of[same.id].heading}' ({_lines(a, z)}) and under " \
                          f"'{r.heading}' ({_lines(r.first, r.last)})."
                same.notes = _t(f"{same.notes.source} {printed}" if same.notes else printed)
                continue
            lead = r.question or statement
            slug = f"{slugify(r.heading, join=JOIN)}-{slugify(lead, join=JOIN, limit=6)}"
            rid = unique(f"{GAME_ID}/ruling/{slug}", ruling_ids)
            ru = Ruling(id=rid, lang=LANG, provenance=_prov(r.first, r.last), about=[about],
                        notes=_notes_for(r.first, r.last))
            if r.question is not None:
                ru.question = _t(r.question)
                if answer:
                    ru.answer = _t(answer)
                else:
                    ru.flags.append(RulingFlag.UNANSWERED)
            else:
                ru.statement = _t(statement)
            if any(r.first <= n <= r.last for n in OCR_DAMAGE_LINES):
                ru.flags.append(RulingFlag.OCR_DAMAGE)
            if r.status_note:
                _, note, m = r.status_note
                y = int(m["y"])
                y = 2000 + y if y < 100 else y
                ru.history.append(StatusChange(RulingStatus.CURRENT, _t(note), f"{y:04d}-{int(m['m']):02d}-"
                                               f"{int(m['d']):02d}", f"{m['m']}/{m['d']}/{m['y']}"))
            rulings.append(ru)
            raw_of[rid] = r
            by_content[key] = ru

    def ruling_at(heading: str, question_start: str) -> Ruling:
        for ru in rulings:
            if headings[heading] in ru.about and ru.question and ru.question.source.startswith(question_start):
                return ru
        raise ValueError(f"no ruling under {heading!r} starting {question_start!r}")

    for needle, targets, rulings_ref in IN_ANSWER_REFS:
        hits = [ru for ru in rulings if any(needle in t.source for _, t in ru.texts() if t is not ru.notes)]
        if not hits:
            raise ValueError(f"in-answer reference not found: {needle!r}")
        for ru in hits:
            _add(ru.related, *(headings[h] for h in targets))
            _add(ru.related, *(ruling_at(h, q).id for h, q in rulings_ref))

    # the diagram under "Behind": a rules section with a verbatim Diagram block
    sections: list[Section] = []
    behind = next(ru for ru in rulings if headings["Behind"] in ru.about)
    a, z = behind.origin.lines if behind.origin else (0, 0)
    rows = [n for n in range(a, z + 1) if re.fullmatch(r"(\|[^|\n]){3}\|", src_lines[n - 1])]
    diagram = "\n".join(src_lines[n - 1] for n in rows)
    caption_line = rows[-1] + 2
    caption = src_lines[caption_line - 1].strip()
    if not rows or diagram not in (behind.answer.source if behind.answer else ""):
        raise ValueError("the diagram under 'Behind' was not found in its answer")
    sec = Section(id=f"{GAME_ID}/section/behind-diagram", lang=LANG, provenance=_prov(rows[0], caption_line),
                  title=_t("Behind"), blocks=[Diagram(diagram, _t(caption))],
                  related=[headings["Behind"], behind.id],
                  notes=_t("The board diagram printed in the answer under 'Behind' (kept there too)."))
    sections.append(sec)
    _add(behind.related, sec.id)

    # errata
    errata: list[Erratum] = []
    for spec in ERRATA:
        a, z = _find(text, spec.text)
        target = headings[spec.heading]
        host = [ru for ru in rulings if target in ru.about and ru.provenance
                and ru.origin.lines[0] <= a and z <= ru.origin.lines[1]]
        tslug = slugify(spec.heading, join=JOIN)
        err = Erratum(id=f"{GAME_ID}/erratum/{tslug}" + (f"-{spec.slug}" if spec.slug else ""), lang=LANG,
                      provenance=_prov(a, z), type=spec.type, target=target, text=_t(spec.text),
                      original=_t(spec.original) if spec.original else None,
                      corrected=_t(spec.corrected) if spec.corrected else None,
                      related=[ru.id for ru in host], notes=_t(spec.note) if spec.note else None)
        errata.append(err)
    errata.sort(key=lambda e: e.origin.lines if e.origin else (0, 0))

    # glossary
    terms: list[Term] = []
    for ts in GLOSSARY:
        a, z = _find(text, ts.definition)
        terms.append(Term(id=f"{GAME_ID}/term/{slugify(ts.term, join=JOIN)}", lang=LANG, provenance=_prov(a, z),
                          term=_t(ts.term), aliases={LANG: list(ts.aliases)} if ts.aliases else {},
                          definition=_t(ts.definition),
                          related=[f"{GAME_ID}/term/{s}" for s in ts.related],
                          notes=_t(ts.note) if ts.note else None))
    term_ids = {t.id for t in terms}
    for t in terms:
        missing = [r for r in t.related if r not in term_ids]
        if missing:
            raise ValueError(f"term {t.id} relates to unknown terms {missing}")
    terms.sort(key=lambda t: t.origin.lines if t.origin else (0, 0))

    title, updated = src_lines[0].strip(), src_lines[1].strip()
    m = re.fullmatch(r"Updated: (?P<m>\d{1,2})-(?P<d>\d{1,2})-(?P<y>\d{4})", updated)
    if not m:
        raise ValueError(f"second line is not the 'Updated:' date: {updated!r}")
    game = Game(
        id=GAME_ID, lang=LANG, name=_t("Anachronism"), identified=True, publisher=None,
        documents=[Document(id=DOCUMENT_ID, title=_t(title), languages=[LANG], file=f"sources/{SOURCE_NAME}",
                            sha256="", date_printed=updated.removeprefix("Updated: "),
                            date=f"{m['y']}-{int(m['m']):02d}-{int(m['d']):02d}",
                            # the publisher's voice: "In Set 4, since we key card abilities off of the trait,
                            # we decided…", "no plans to errata … the Bokken"
                            authority=Authority.OFFICIAL_FAQ)],
    )
    return ImportResult.of(game, DOCUMENT_ID, {
        "entities": entities.values(),
        "rulings": rulings,
        "glossary": terms,
        "errata": errata,
        "sections": sections,
    })
