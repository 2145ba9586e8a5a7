"""``parse``: the thread without its repeats and chatter, cut at its headings, read, then cross-referenced."""

from __future__ import annotations

from rulings.importers.result import ImportResult
from rulings.importers.three_kingdoms.decisions import HEADING_EN
from rulings.importers.three_kingdoms.document import DOCUMENT_ID, GAME_ID, MACHINE_BY, OFFICIAL_BY, SOURCE_NAME, en
from rulings.importers.three_kingdoms.forum import TITLE_LINE, Analysis, analyse
from rulings.importers.three_kingdoms.headings import split_blocks
from rulings.importers.three_kingdoms.refs import link, link_early, names_of
from rulings.importers.three_kingdoms.sections import read_blocks
from rulings.model.entries import Authority, Document, Game
from rulings.model.text import Text


def parse(text: str) -> ImportResult:
    a = analyse(text)
    title = a.lines[TITLE_LINE - 1].strip()
    r = read_blocks(split_blocks(a.kept))
    refs = names_of(r.entities, r.term_by_head)
    link(refs, r.terms, r.term_by_head, r.pending)
    if r.early is not None:
        link_early(refs, r.early, r.term_by_head)
    ids = [e.id for e in [*r.entities, *r.rulings, *r.terms, *r.errata, *r.sections]]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"duplicate ids: {dup}")
    return ImportResult.of(game(title, a), DOCUMENT_ID, {
        "entities": r.entities,
        "rulings": r.rulings,
        "glossary": r.terms,
        "errata": r.errata,
        "sections": r.sections,
    })


def game(title: str, a: Analysis) -> Game:
    """The game (the English edition) and its document, titled by line 1, with the poster's remarks as notes.

    The game's card, ability and rules texts are English, so the name's source is the English title (as
    published; line 1 prints "Legends of The Three Kingdoms"), and the Chinese name printed beside it in line 1
    ("三国杀英文版 …", "Sanguosha English edition") is official."""
    name = en("Legends of the Three Kingdoms")
    name.translate("zh", "三国杀", "official", by=OFFICIAL_BY)
    if title not in HEADING_EN:
        raise ValueError(f"line {TITLE_LINE}: new document title {title!r}: add its English to HEADING_EN")
    doc_title = Text("zh", title)
    doc_title.translate("en", HEADING_EN[title], "machine", by=MACHINE_BY)
    # the poster's remarks (line 2, the end of the hero rule set heading): the document's notes
    notes = Text("zh", "\n\n".join(remark for _, remark, _ in a.asides)) if a.asides else None
    if notes:
        notes.translate("en", "\n\n".join(english for _, _, english in a.asides), "machine", by=MACHINE_BY)
    return Game(id=GAME_ID, lang="en", name=name, identified=True, documents=[
        Document(id=DOCUMENT_ID, title=doc_title, languages=["en", "zh"], file="sources/" + SOURCE_NAME,
                 sha256="", notes=notes, authority=Authority.COMMUNITY)])  # a player's forum thread
