"""Importer for the Italian errata and Q&A sheet of the *Ken il Guerriero* card game (Hokuto no Ken).

The document (plain text, OCR'd from a print original) has three parts, each opened by a heading line
and the first two closed by a rule of dashes:

1. ``ERRATA`` (the first line prints it as ``| ERRATA``): headings ``Serie Ocra:``, ``Serie Bianca:``…
   (one, ``Serie Viola``, without the colon), each followed by lines ``<card name>: <erratum>``.
   One line → one :class:`Erratum` whose ``group`` is the series heading and whose ``target`` is a card
   entity; its type and the ``original``/``corrected`` parts come from the wording of the line
   (``tables.ERRATUM_RULES``).
2. ``APPUNTI ALLE REGOLE``: a glossary of special abilities. A short line without a final full stop is
   a term heading; the lines after it, up to the next heading, are the paragraphs of its definition.
3. ``POSTA E RISPOSTA``: questions and answers, one line each. Questions are marked ``D:`` (once
   ``P:``, an OCR misreading of ``D:``), answers ``R:`` (once ``R.``). Card names are printed in capitals;
   ``tables.CARDS`` lists them (with the damaged spellings the OCR left) so each ruling is linked to the
   cards it names.

The last lines, ``ENJOY!!!`` and a lone ``|``, are a sign-off and a page artefact (see
:data:`NOISE_LINES`).

Damage to the text (OCR misreadings such as ``Dl`` for ``DI``, ``i`` for ``1``; typos of the original)
is kept as printed; ``damage.DAMAGE`` recognises each known case and the importer writes an English note
on the entry, and flags rulings whose text has OCR damage.

The package: this module reads the three parts and builds the entries; ``damage`` knows the damaged
spots; ``tables`` holds what reading the document established (cards, erratum wordings, glossary links).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulings.content import originals
from rulings.importers.hokuto.damage import OCR, damage_in, damage_note, repaired
from rulings.importers.hokuto.decisions import (
    CARDS,
    CROSS_REFS,
    ERRATUM_RULES,
    STOPWORDS,
    TERM_ALIASES,
    TERM_MENTIONS,
    TERM_RELATED,
)
from rulings.importers.result import ImportResult
from rulings.model.entries import (
    Authority,
    Document,
    Entity,
    EntityType,
    Erratum,
    ErratumType,
    Game,
    Provenance,
    Ruling,
    RulingFlag,
    Term,
)
from rulings.model.ids import slug_words, slugify, unique
from rulings.model.text import Text

FORMAT = "hokuto-errata"
GAME_ID = "hokuto-no-ken"
DOCUMENT_ID = "errata-qa"
SOURCE_NAME = "ken-il-guerriero-errata-posta-e-risposta.txt"
LANG = "it"

# --- the three parts --------------------------------------------------------------------------------

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


# --- ids ----------------------------------------------------------------------------------------------

JOIN = ""
"""Nothing is kept inside a word in slugs: an apostrophe elides an Italian article (``l'avversario``)."""

RULING_SLUG_WORDS = 6


def ruling_slug(question: str) -> str:
    return slugify(repaired(question), join=JOIN, drop=STOPWORDS, limit=RULING_SLUG_WORDS, fallback="domanda")


def eid(kind: str, slug: str) -> str:
    return f"{GAME_ID}/{kind}/{slug}"


# --- cards ---------------------------------------------------------------------------------------------


def card_slug(name: str) -> str:
    return slugify(repaired(name), join=JOIN)


class Cards:
    """The card entities of the document, created on first mention, in document order."""

    def __init__(self) -> None:
        self.by_slug: dict[str, Entity] = {}
        self.printed: dict[str, list[str]] = {}
        self.series: dict[str, list[str]] = {}
        variants = sorted({v for c in CARDS for v in c}, key=lambda v: (-len(v), v))
        self.canonical = {v: c[0] for c in CARDS for v in c}
        self.rx = re.compile(r"(?<!\w)(?:{})(?!\w)".format("|".join(re.escape(v) for v in variants)))

    def mention(self, printed: str, line: int, series: str | None = None) -> str:
        """Record that the card is named (as ``printed``) on ``line``; return its entity id."""
        name = self.canonical.get(printed, printed)
        slug = card_slug(name)
        e = self.by_slug.get(slug)
        if e is None:
            e = Entity(id=eid("card", slug), lang=LANG, provenance=[Provenance(DOCUMENT_ID, (line, line))],
                       type=EntityType.CARD, name=Text(LANG, name))
            self.by_slug[slug] = e
        forms = self.printed.setdefault(slug, [])
        if printed not in forms:
            forms.append(printed)
        if series and series not in self.series.setdefault(slug, []):
            self.series[slug].append(series)
        return e.id

    def find(self, text: str) -> list[str]:
        """Every card name printed in ``text`` (as printed), the longest name winning at a position."""
        return [m.group(0) for m in self.rx.finditer(text)]

    def spans(self, text: str) -> list[tuple[int, int]]:
        return [m.span() for m in self.rx.finditer(text)]

    def entities(self) -> list[Entity]:
        out = []
        for slug, e in self.by_slug.items():
            assert e.name is not None
            forms = self.printed[slug]
            others = [f for f in forms if f != e.name.source]
            e.aliases = {LANG: others} if others else {}
            ser = self.series.get(slug, [])
            # a card listed under two series (Energia Elettrica) gets no single set
            e.attributes = {"set": slugify(ser[0].removeprefix("Serie "), join=JOIN)} if len(ser) == 1 else {}
            bad = [f for f in forms if damage_in([f])]
            if e.name.source not in forms:
                e.notes = Text("en", "The document prints this name only damaged, as "
                               + ", ".join(f"'{f}'" for f in forms) + "; the name is given repaired.")
            elif bad:
                e.notes = Text("en", "Damaged spellings in the document: " + ", ".join(f"'{f}'" for f in bad) + ".")
            out.append(e)
        return out


# --- errata --------------------------------------------------------------------------------------------

_ERRATUM_RES = [(re.compile(p), t) for p, t in ERRATUM_RULES]

MULTI_CARD_RE = re.compile(r" e (?=[A-Z])")
"""'Il coraggio di una donna e Anche a costo di morire': two cards joined by ' e ' + a capital."""


def classify(name: str, body: str) -> tuple[ErratumType, str | None, str | None]:
    for rx, typ in _ERRATUM_RES:
        m = rx.search(body)
        if m:
            g = m.groupdict()
            corrected = g.get("c")
            if typ is ErratumType.NAME and corrected is None:
                corrected = name
            return typ, g.get("o"), corrected
    return ErratumType.OTHER, None, None


# --- glossary ------------------------------------------------------------------------------------------


def term_slug(heading: str) -> str:
    """Slug of a term heading: quoted placeholders, parentheses, a leading article and stray letters left out."""
    s = re.sub(r"“[^”]*”|\([^)]*\)", " ", repaired(heading))
    words = slug_words(s, join=JOIN)
    if words and words[0] in ("il", "la"):
        words = words[1:]
    return "-".join(w for w in words if len(w) > 1 or w == "o") or "termine"


def is_term_heading(line: str) -> bool:
    s = line.strip()
    return len(s) < 60 and not s.endswith(".")


# --- the parser ----------------------------------------------------------------------------------------


def parse(text: str) -> ImportResult:
    lines = originals.lines(text)
    cards = Cards()
    errata: list[Erratum] = []
    terms: list[Term] = []
    rulings: list[Ruling] = []

    part: str | None = None
    group: tuple[str, int] | None = None
    term_open: tuple[str, int, list[tuple[int, str]]] | None = None
    qa: list[QA] = []

    def close_term() -> None:
        nonlocal term_open
        if term_open:
            heading, first, paras = term_open
            terms.append(make_term(heading, first, paras))
            term_open = None

    for no, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or RULE_RE.match(line) or line in NOISE_LINES:
            continue
        heading = part_heading(line)
        if heading:
            close_term()
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
            errata.append(make_erratum(line, m.group("name"), m.group("body"), group[0], no, cards))
        elif part == PART_GLOSSARY:
            if is_term_heading(line):
                close_term()
                term_open = (line, no, [])
            elif term_open is None:
                raise ValueError(f"line {no}: definition without a term: {line!r}")
            else:
                term_open[2].append((no, line))
        elif part == PART_QA:
            m = QA_MARK_RE.match(line)
            if m:
                is_q = m.group("mark").lower() in QUESTION_MARKS
                qa.append(QA(is_q, m.group("mark") + m.group("punct"), no, no, m.group("text").strip()))
            elif qa:
                qa[-1].text += "\n\n" + line  # a further paragraph (none in this issue)
                qa[-1].last = no
            else:
                raise ValueError(f"line {no}: text before the first question: {line!r}")
        else:
            raise ValueError(f"line {no}: text outside the three parts: {line!r}")
    close_term()

    link_terms(terms)
    rulings = make_rulings(qa, cards, terms)

    game = Game(
        id=GAME_ID,
        lang=LANG,
        name=Text(LANG, "Ken il Guerriero"),
        identified=True,
        description=Text("en", "Ken il Guerriero is an Italian collectible card game based on Hokuto no Ken "
                               "(Fist of the North Star). Its cards were published in colour series "
                               "(Serie Ocra, Serie Bianca, Serie Verde, Serie Viola, Serie Rossa, Serie Nera, "
                               "Serie Blu)."),
        documents=[Document(
            id=DOCUMENT_ID,
            title=Text(LANG, "ERRATA – APPUNTI ALLE REGOLE – POSTA E RISPOSTA"),
            languages=[LANG],
            file="sources/" + SOURCE_NAME,
            sha256="",
            authority=Authority.UNKNOWN,  # card errata and a letters column, but no publisher named in the text
        )],
    )
    return ImportResult.of(game, DOCUMENT_ID, {
        "entities": cards.entities(),
        "errata": errata,
        "glossary": terms,
        "rulings": rulings,
    })


def make_erratum(line: str, name: str, body: str, group: str, no: int, cards: Cards) -> Erratum:
    names = MULTI_CARD_RE.split(name)
    targets = [cards.mention(n, no, series=group) for n in names]
    typ, original, corrected = classify(name, body)
    series_slug = slugify(group.removeprefix("Serie "), join=JOIN)
    return Erratum(
        id=eid("erratum", f"{card_slug(names[0])}-{series_slug}"),
        lang=LANG,
        provenance=[Provenance(DOCUMENT_ID, (no, no))],
        notes=damage_note(damage_in([line])),
        type=typ,
        target=targets[0],
        target_name=Text(LANG, name),
        group=Text(LANG, group),
        text=Text(LANG, line),
        original=Text(LANG, original) if original else None,
        corrected=Text(LANG, corrected) if corrected else None,
        related=targets[1:],
    )


def make_term(heading: str, first: int, paras: list[tuple[int, str]]) -> Term:
    slug = term_slug(heading)
    last = paras[-1][0] if paras else first
    definition = "\n\n".join(p for _, p in paras)
    aliases = TERM_ALIASES.get(slug)
    return Term(
        id=eid("term", slug),
        lang=LANG,
        provenance=[Provenance(DOCUMENT_ID, (first, last))],
        notes=damage_note(damage_in([heading, definition])),
        term=Text(LANG, heading),
        aliases={LANG: list(aliases)} if aliases else {},
        definition=Text(LANG, definition) if definition else None,
    )


def link_terms(terms: list[Term]) -> None:
    order = {t.slug: i for i, t in enumerate(terms)}
    by_slug = {t.slug: t for t in terms}
    for a, b in TERM_RELATED:
        if a in by_slug and b in by_slug:
            by_slug[a].related.append(by_slug[b].id)
            by_slug[b].related.append(by_slug[a].id)
    for t in terms:
        t.related = sorted(dict.fromkeys(t.related), key=lambda r: order[r.rsplit("/", 1)[1]])


@dataclass
class QA:
    """One marked question or answer as read: marker as printed, line range, text (paragraphs joined)."""

    question: bool
    mark: str
    first: int
    last: int
    text: str


def make_rulings(qa: list[QA], cards: Cards, terms: list[Term]) -> list[Ruling]:
    term_ids = {t.slug: t.id for t in terms}
    mentions = [(term_ids[s], re.compile(rx)) for s, rx in TERM_MENTIONS.items() if s in term_ids]
    out: list[Ruling] = []
    used: set[str] = set()
    i = 0
    while i < len(qa):
        q = qa[i]
        if not q.question:
            raise ValueError(f"line {q.first}: answer without a question")
        a = qa[i + 1] if i + 1 < len(qa) and not qa[i + 1].question else None
        i += 2 if a else 1
        slug = unique(ruling_slug(q.text), used)
        texts = [q.text] + ([a.text] if a else [])
        about: list[str] = []
        for part in (q, a):
            for printed in cards.find(part.text) if part else []:
                ref = cards.mention(printed, part.first)
                if ref not in about:
                    about.append(ref)
        related = [tid for tid, rx in mentions if any(rx.search(t) for t in texts)]
        found = damage_in(texts)
        extra = []
        flags = []
        if q.mark.upper() != "D:":
            extra.append(f"The question is marked '{q.mark}' instead of 'D:' in the source"
                         + (" (OCR damage)." if q.mark.upper() == "P:" else "."))
        if a and a.mark.upper() != "R:":
            extra.append(f"The answer is marked '{a.mark}' instead of 'R:' in the source.")
        if any(d.kind == OCR for d, _ in found) or q.mark.upper() == "P:":
            flags.append(RulingFlag.OCR_DAMAGE)
        if a is None:
            flags.append(RulingFlag.UNANSWERED)
        out.append(Ruling(
            id=eid("ruling", slug),
            lang=LANG,
            provenance=[Provenance(DOCUMENT_ID, (q.first, a.last if a else q.last))],
            notes=damage_note(found, extra),
            question=Text(LANG, q.text),
            answer=Text(LANG, a.text) if a else None,
            about=about,
            related=related,
            flags=flags,
        ))
    for needle, target in CROSS_REFS:
        src = next((r for r in out if r.answer and needle in r.answer.source), None)
        dst = next((r for r in out if r.question and target in r.question.source), None)
        if src and dst:
            src.related.insert(0, dst.id)
    return out
