"""Known damage to the OCR'd text: recognising it, repairing it for ids and matching, and noting it.

The document's text is kept as printed; each known damaged spot (an OCR misreading or a slip of the
original) is listed in :data:`DAMAGE`, and every entry that contains one gets an English note saying
what was meant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulings.model.text import Text

OCR = "OCR damage"
TYPO = "Typo in the source"


@dataclass(frozen=True)
class Damage:
    pattern: str  # regex; the match is exactly the damaged token
    meant: str  # what was meant
    kind: str  # OCR or TYPO
    note: str | None = None  # explanation replacing the default "'x' stands for 'y'"


DAMAGE: list[Damage] = [
    # OCR misreadings (character confusions of the scan)
    Damage(r"\bDl\b", "DI", OCR),
    Damage(r"POSIZlONE", "POSIZIONE", OCR),
    Damage(r"\bi(?= di resistenza)", "1", OCR),
    Damage(r"\bi(?= SUCCESSORE)", "1", OCR),
    Damage(r"±1", "+1", OCR),
    Damage(r"\bSOPFORTAZIONE\b", "SOPPORTAZIONE", OCR),
    Damage(r"\blo(?= possiedo)", "Io", OCR),
    Damage(r"(?<=\. )lo(?= normale)", "Il", OCR,
           "'lo' at the start of the sentence probably stands for 'Il'"),
    Damage(r"\bcambiario\b", "cambiarlo", OCR),
    Damage(r"\ba!(?= gioco)", "al", OCR),
    Damage(r"\bdci\b", "dei", OCR),
    Damage(r"\bdì(?= (?:sfidare|scartarla))", "di", OCR),
    Damage(r"\besercito\.(?= personaggio)", "esercito,", OCR),
    Damage(r"\bRAOUL\.(?= che usa)", "RAOUL,", OCR),
    Damage(r"\bNo\.(?= perché evitando)", "No,", OCR),
    Damage(r"\bE\.(?= se sì)", "E,", OCR),
    Damage(r"\bregolamento\.(?= si prendono)", "regolamento,", OCR),
    Damage(r"\+1-(?= # attacco)", "+/-", OCR),
    Damage(r"\+I~(?= # difesa)", "+/-", OCR),
    # misspellings and slips of the original
    Damage(r"\bcoretta\b", "corretta", TYPO),
    Damage(r"\bDISTRZIONE\b", "DISTRAZIONE", TYPO),
    Damage(r"\ballo(?= capacità)", "alle", TYPO),
    Damage(r"\bno(?= lo è)", "non", TYPO),
    Damage(r"\bmaniere(?= della sfida)", "maniera", TYPO),
    Damage(r"\bi i\b", "i", TYPO, "'i i' repeats the article 'i'"),
    Damage(r"\blegate quella\b", "legate a quella", TYPO),
    Damage(r"\butlizzare\b", "utilizzare", TYPO),
    Damage(r"\bdi(?= comandare)", "a", TYPO, "'di comandare' stands for 'a comandare'"),
    Damage(r"\borca\b", "ocra", TYPO),
    Damage(r"\bnon sarà i bonus\b", "non avrà i bonus", TYPO,
           "'non sarà i bonus' is garbled; it probably stands for 'non avrà i bonus' (will not get the bonuses)"),
    Damage(r"\binfiggere\b", "infliggere", TYPO),
    Damage(r"\busato usato\b", "usato", TYPO, "'usato usato' repeats the word 'usato'"),
    Damage(r"\baltra scuole\b", "altre scuole", TYPO),
    Damage(r"\bavvesari\b", "avversari", TYPO),
    Damage(r"\bper attivare per attivare\b", "per attivare", TYPO,
           "'per attivare per attivare' repeats 'per attivare'"),
    Damage(r"\bmaestre\b", "maestro", TYPO),
    Damage(r"\bposizione(?= l’esercito)", "posiziono", TYPO),
    Damage(r"\bdifeso automaticamente\b", "difeso è automaticamente", TYPO,
           "'non difeso automaticamente conquistato' lacks the verb: 'non difeso è automaticamente conquistato'"),
    Damage(r"\bsuddece\b", "succede", TYPO),
    Damage(r"\bche una carta malvagia\b", "che è una carta malvagia", TYPO,
           "'che una carta malvagia' lacks the verb: 'che è una carta malvagia'"),
]
"""Every known damaged spot of the document. Each pattern must match somewhere (a test checks it)."""

_DAMAGE_RES = [(d, re.compile(d.pattern)) for d in DAMAGE]


def damage_in(texts: list[str]) -> list[tuple[Damage, str]]:
    """(damage, matched text) found in ``texts``, in :data:`DAMAGE` order, each distinct match once."""
    out: list[tuple[Damage, str]] = []
    for d, rx in _DAMAGE_RES:
        for s in texts:
            for m in rx.finditer(s):
                if (d, m.group(0)) not in out:
                    out.append((d, m.group(0)))
    return out


def repaired(s: str) -> str:
    """The text with every known damage replaced by what was meant (for slugs and matching only)."""
    for d, rx in _DAMAGE_RES:
        s = rx.sub(d.meant, s)
    return s


def damage_note(found: list[tuple[Damage, str]], extra: list[str] | None = None) -> Text | None:
    parts: list[str] = []
    for kind in (OCR, TYPO):
        items = [d.note or f"'{m}' stands for '{d.meant}'" for d, m in found if d.kind == kind]
        if items:
            parts.append(f"{kind}: " + "; ".join(items) + ".")
    parts += extra or []
    return Text("en", " ".join(parts)) if parts else None
