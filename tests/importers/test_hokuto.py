"""Tests of the Ken il Guerriero (Hokuto no Ken) errata / glossary / Q&A importer, on the kept original."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rulings.content.codec import entry_to_data
from rulings.importers import hokuto
from rulings.importers.hokuto import damage, decisions
from rulings.importers.hokuto.cards import Cards
from rulings.model.entries import ENTRY_ID_RE, Entity, Erratum, ErratumType, Ruling, RulingFlag, Term

ROOT = Path(__file__).parents[2]
GAME_DIR = ROOT / "content" / hokuto.GAME_ID
SOURCE = GAME_DIR / "sources" / hokuto.SOURCE_NAME
P = hokuto.GAME_ID


@pytest.fixture(scope="module")
def text() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def lines(text: str) -> list[str]:
    return text.split("\n")


@pytest.fixture(scope="module")
def result(text: str):
    return hokuto.parse(text)


@pytest.fixture(scope="module")
def by_kind(result) -> dict[str, list]:
    return {f.kind: f.entries for f in result.files}


@pytest.fixture(scope="module")
def by_id(result) -> dict[str, object]:
    return {e.id: e for f in result.files for e in f.entries}


# --- counts (established by reading the document) -------------------------------------------------------


def test_errata_per_series(by_kind):
    # ERRATA part, lines 2-33: Serie Ocra 2 lines (Julia, Energia Elettrica), Bianca 1 (Energia
    # Elettrica), Verde 2 (Lord David, Uomini Liberi), Viola 2 (Psico guerriero, Drago fiammante), Rossa 6
    # (lines 14-19), Nera 5 (lines 21-25), Blu 7 (lines 27-33): one erratum per line.
    errata = by_kind["errata"]
    assert all(isinstance(e, Erratum) for e in errata)
    counts = Counter(e.group.source for e in errata)
    assert list(counts.items()) == [("Serie Ocra", 2), ("Serie Bianca", 1), ("Serie Verde", 2), ("Serie Viola", 2),
                                    ("Serie Rossa", 6), ("Serie Nera", 5), ("Serie Blu", 7)]
    assert len(errata) == 25


def test_term_count(by_kind):
    # APPUNTI ALLE REGOLE, lines 36-91: 26 headings, from "...A DISTANZA" to "+1- # attacco, ...";
    # three definitions have two or three paragraphs (ESTENSIONE o LIMITAZIONE, LA VITA, SFIDA).
    terms = by_kind["glossary"]
    assert len(terms) == 26
    assert [t.term.source for t in terms][:3] == ["...A DISTANZA", "ANNULLA", "ATTACCO SUICIDA"]
    assert terms[-1].term.source == "+1- # attacco, +I~ # difesa, +/-# resistenza"
    multi = [t.term.source for t in terms if "\n\n" in t.definition.source]
    assert multi == ["ESTENSIONE o LIMITAZIONE", "LA VITA", "SFIDA"]
    assert [t.definition.source.count("\n\n") for t in terms if "\n\n" in t.definition.source] == [1, 2, 1]


def test_qa_count(by_kind, lines):
    # POSTA E RISPOSTA, lines 94-275: 182 lines alternating question / answer, one line each: 91 pairs.
    # Questions are marked "D:" (90) and once "P:" (line 192); answers "R:" (90) and once "R." (line 103).
    rulings = by_kind["rulings"]
    assert len(rulings) == 91
    assert all(r.question and r.answer and not r.statement for r in rulings)
    marks = Counter(re.match(r"^(\w)[:.]", ln).group(0) for ln in lines[93:275])
    assert marks == {"D:": 90, "P:": 1, "R:": 90, "R.": 1}


def test_entity_count(by_kind):
    # 25 cards named in the errata (line 28 names two cards, Energia Elettrica is listed twice) and 97 in
    # the Q&A (decisions.CARDS), two of them (Julia, Energia Elettrica) the same: 25 + 97 - 2 = 120.
    ents = by_kind["entities"]
    assert len(decisions.CARDS) == 97
    assert len(ents) == 120
    assert all(isinstance(e, Entity) and e.type.value == "card" for e in ents)


# --- specific entries, field by field -----------------------------------------------------------------


def test_erratum_original_corrected(by_id):
    e = by_id[f"{P}/erratum/il-grande-fiume-rossa"]
    assert e.lang == "it"
    assert e.type is ErratumType.MISPRINT
    assert e.target == f"{P}/card/il-grande-fiume"
    assert e.target_name.source == "Il grande fiume"
    assert e.group.source == "Serie Rossa"
    assert e.text.source == "Il grande fiume: nel commento la parola coretta è portatore non protatore."
    assert e.original.source == "protatore"
    assert e.corrected.source == "portatore"
    assert e.notes.source == "Typo in the source: 'coretta' stands for 'corretta'."
    assert e.origin.document == "errata-qa" and e.origin.lines == (16, 16)


def test_erratum_quoted_and_missing_keyword(by_id):
    e = by_id[f"{P}/erratum/lord-david-verde"]
    assert e.type is ErratumType.WORDING
    assert e.corrected.source == "Un proprio personaggio, non buono e non di scuola..."
    assert e.original is None
    e = by_id[f"{P}/erratum/energia-elettrica-bianca"]
    assert (e.type, e.target, e.corrected.source) == (ErratumType.MISSING_KEYWORD, f"{P}/card/energia-elettrica",
                                                      "Permanente")
    assert by_id[f"{P}/erratum/energia-elettrica-ocra"].target == e.target
    e = by_id[f"{P}/erratum/il-killer-in-azione-rossa"]
    assert (e.type, e.original.source, e.corrected.source) == (ErratumType.NAME, "Il killer in azion",
                                                               "Il killer in azione")
    # line 28 names two cards: one erratum, the second card in related
    e = by_id[f"{P}/erratum/il-coraggio-di-una-donna-blu"]
    assert e.target_name.source == "Il coraggio di una donna e Anche a costo di morire"
    assert e.target == f"{P}/card/il-coraggio-di-una-donna"
    assert e.related == [f"{P}/card/anche-a-costo-di-morire"]


def test_erratum_types(by_kind):
    types = Counter(e.type.value for e in by_kind["errata"])
    # every line matched a rule of decisions.ERRATUM_RULES (none fell back to "other")
    assert types == {"missing-keyword": 3, "wording": 9, "misprint": 6, "name": 1, "symbol": 6}


def test_term(by_id):
    t = by_id[f"{P}/term/multipli-danni"]
    assert isinstance(t, Term)
    assert t.term.source == "MULTIPLI DANNI"
    assert t.aliases == {"it": ["doppi danni"]}
    assert t.definition.source.startswith("Di solito quando si assegnano i danni ci si ferma")
    assert t.definition.source.endswith("non verranno calcolati i punti ocra delle carte vinte o morte.")
    assert t.origin.lines == (77, 78)
    t = by_id[f"{P}/term/estensione-o-limitazione"]
    assert t.definition.source == (
        "La scritta che in una carta segue il simbolo x rappresenta un’eccezione sull’uso e/o sull'assegnazione "
        "della carta in questione.\n\nTale scritta non viene annullata assieme allo capacità speciali, in quanto "
        "no lo è.")
    assert t.notes.source == "Typo in the source: 'allo' stands for 'alle'; 'no' stands for 'non'."
    assert by_id[f"{P}/term/sfida"].related == [f"{P}/term/duello"]


def test_qa_marker_variants(by_id, lines):
    # "D:" / "R:" (the usual pair)
    r = by_id[f"{P}/ruling/tiger-spirito-desiderio-potere-poco-dopo"]
    assert r.question.source == ("Se do a TIGER lo spirito DESIDERIO DI POTERE e poco dopo viene giocato "
                                 "l’IMPERATORE, cosa succede?")
    assert r.answer.source == ("DESIDERIO DI POTERE deve essere scartato (Salvo non ci sia in gioco con la "
                               "capacità speciale attivata JAKO).")
    assert r.about == [f"{P}/card/{s}" for s in ("tiger", "desiderio-di-potere", "imperatore", "jako")]
    assert r.notes is None and r.flags == []
    # "R." (full stop)
    r = by_id[f"{P}/ruling/serve-senza-tregua"]
    assert lines[102].startswith("R. A regole")
    assert r.question.source == "A cosa serve SENZA TREGUA?"
    assert r.answer.source.startswith("A regole non è possibile attaccare un luogo con 2 gruppi")
    assert r.about == [f"{P}/card/senza-tregua"]
    assert r.origin.lines == (102, 103)
    assert r.notes.source == "The answer is marked 'R.' instead of 'R:' in the source."
    # "P:" (misread "D:")
    r = by_id[f"{P}/ruling/capacita-speciale-adepto-cumulabile-agiscono-maniera"]
    assert lines[191].startswith("P: La capacità speciale di ADEPTO")
    assert r.question.source.startswith("La capacità speciale di ADEPTO e il suo cumulabile")
    assert r.answer.source.startswith("Si, ma puoi utilizzarne solo una per combattimento")
    assert r.flags == [RulingFlag.OCR_DAMAGE]
    assert r.notes.source == "The question is marked 'P:' instead of 'D:' in the source (OCR damage)."


def test_marker_variants_synthetic():
    # other spellings of the markers are read too: lower case, words, a further paragraph, no answer
    doc = ("POSTA E RISPOSTA\nd: Posso giocare MAPPA?\nr. No.\nDomanda: Posso usare NOTTE?\n"
           "Risposta: Si.\nSecondo paragrafo.\nD: Senza risposta?\n")
    res = hokuto.parse(doc)
    rulings = next(f.entries for f in res.files if f.kind == "rulings")
    assert [(r.question.source, r.answer.source if r.answer else None) for r in rulings] == [
        ("Posso giocare MAPPA?", "No."), ("Posso usare NOTTE?", "Si.\n\nSecondo paragrafo."),
        ("Senza risposta?", None)]
    assert rulings[1].origin.lines == (4, 6)
    assert rulings[2].flags == [RulingFlag.UNANSWERED]
    assert rulings[0].about == [f"{P}/card/mappa"]


def test_ocr_damage(by_id):
    r = by_id[f"{P}/ruling/assegno-presa-posizione-figlio-diavolo-successivamente"]
    assert isinstance(r, Ruling)
    assert "PRESA Dl POSIZIONE" in r.question.source and "PRESA Dl POSIZlONE" in r.question.source  # kept as printed
    assert r.notes.source == "OCR damage: 'Dl' stands for 'DI'; 'POSIZlONE' stands for 'POSIZIONE'."
    assert r.flags == [RulingFlag.OCR_DAMAGE]
    assert r.about[0] == f"{P}/card/presa-di-posizione"
    e = by_id[f"{P}/card/presa-di-posizione"]
    assert e.name.source == "PRESA DI POSIZIONE"
    assert e.aliases == {"it": ["PRESA Dl POSIZIONE", "PRESA Dl POSIZlONE"]}
    r = by_id[f"{P}/ruling/usando-attacco-generale-vite-valgono-sola"]
    assert "i SUCCESSORE" in r.answer.source and "±1 per lo spirito" in r.answer.source
    assert r.notes.source == "OCR damage: 'i' stands for '1'; '±1' stands for '+1'."
    t = by_id[f"{P}/term/attacco-difesa-resistenza"]
    assert t.notes.source == "OCR damage: '+1-' stands for '+/-'; '+I~' stands for '+/-'."
    # typos alone do not flag a ruling
    r = by_id[f"{P}/ruling/ryuga-spirito-stella-solitaria-utilizzare-spiriti"]
    assert r.flags == [] and r.notes.source == "Typo in the source: 'utlizzare' stands for 'utilizzare'."


def test_every_damage_pattern_is_used(text):
    for d in damage.DAMAGE:
        assert re.search(d.pattern, text), d.pattern


def test_cross_reference(by_id):
    r = by_id[f"{P}/ruling/usare-sopportazione-evitare-scartare-vita-maestro"]
    assert "già spiegato per il FIGLIO DEL DIAVOLO nel Sisdo 2" in r.answer.source
    assert r.related[0] == f"{P}/ruling/capacita-speciali-figlio-diavolo-funzionano-caso"
    assert f"{P}/term/mortale" in r.related
    assert r.about == [f"{P}/card/sopportazione", f"{P}/card/figlio-del-diavolo"]


def test_every_capitalised_name_is_a_card(by_kind):
    cards = Cards()
    for r in by_kind["rulings"]:
        for t in (r.question.source, r.answer.source):
            spans = cards.spans(t)
            for m in re.finditer(r"[A-ZÀ-Ý]{2,}", t):
                inside = any(a <= m.start() and m.end() <= b for a, b in spans)
                assert inside or m.group(0) in decisions.NOT_CARDS, (r.id, m.group(0))


# --- shape, determinism, coverage ---------------------------------------------------------------------


def test_ids(result):
    ids = [e.id for f in result.files for e in f.entries]
    assert len(ids) == len(set(ids))
    for i in ids:
        m = ENTRY_ID_RE.match(i)
        assert m and m.group(1) == P, i


def test_texts_as_printed(by_kind, lines):
    for e in by_kind["errata"]:
        assert lines[e.origin.lines[0] - 1] == e.text.source
    for r in by_kind["rulings"]:
        a, b = r.origin.lines
        assert lines[a - 1].endswith(r.question.source) and lines[b - 1].endswith(r.answer.source)
    for t in by_kind["glossary"]:
        a, b = t.origin.lines
        assert lines[a - 1] == t.term.source
        assert t.definition.source == "\n\n".join(lines[a:b])


def test_deterministic(text):
    a, b = hokuto.parse(text), hokuto.parse(text)
    assert [[entry_to_data(e) for e in f.entries] for f in a.files] == \
        [[entry_to_data(e) for e in f.entries] for f in b.files]


# Lines that carry no entry, with why: part headings (their names make up the document title), the two
# dashed rules between the parts, the sign-off and a page artefact.
DROPPED = {
    1: "| ERRATA",  # part heading (with a page-border artefact)
    34: "-" * 79,  # rule
    35: "APPUNTI ALLE REGOLE",  # part heading
    92: "-" * 79,  # rule
    93: "POSTA E RISPOSTA",  # part heading
    276: "ENJOY!!!",  # sign-off
    277: "|",  # page-border artefact
}


def test_coverage(result, lines, by_kind):
    covered: set[int] = set()
    for f in result.files:
        if f.kind == "entities":
            continue  # entity provenance points at a mention, it does not cover text
        for e in f.entries:
            a, b = e.origin.lines
            covered.update(range(a, b + 1))
    # series headings are carried by the `group` of the errata under them
    groups = {e.group.source for e in by_kind["errata"]}
    for no, ln in enumerate(lines, start=1):
        s = ln.strip()
        if not s or no in covered:
            continue
        if no in DROPPED:
            assert s == DROPPED[no]
            continue
        assert s.rstrip(":") in groups, f"line {no} dropped: {s!r}"
    assert all(no not in covered for no in DROPPED)
