"""What reading the errata and Q&A sheet established: the cards it names, how each erratum line is worded,
the glossary's aliases and links, and the words left out of ruling ids.
"""

from __future__ import annotations

from rulings.model.entries import ErratumType

STOPWORDS = frozenset((
    "a", "ad", "agli", "ai", "al", "all", "alla", "alle", "allo", "anche", "avendo", "c", "certe", "che",
    "chi", "ci", "come", "con", "cosa", "d", "da", "dal", "dall", "dalla", "de", "dei", "del", "dell",
    "della", "delle", "dello", "devo", "di", "do", "dove", "e", "ed", "gli", "ha", "hai", "ho", "i", "il",
    "in", "io", "l", "la", "le", "lo", "loro", "ma", "mi", "mio", "mia", "ne", "nel", "nell", "nella", "nei",
    "o", "od", "oppure", "per", "piu", "posso", "puo", "possono", "quale", "quali", "quando", "quanti",
    "quanto", "questa", "questo", "se", "si", "sia", "su", "sul", "sull", "sulla", "sono", "sua", "suo",
    "tra", "tu", "tua", "tuo", "un", "una", "uno",
))
"""Italian function words left out of ruling slugs (after accent folding)."""

CARDS: list[tuple[str, ...]] = [
    # (name, other spellings printed in the document...), in order of first mention in the Q&A.
    # Names the document prints only damaged are given repaired; the printed forms become aliases.
    ("TIGER",), ("DESIDERIO DI POTERE",), ("IMPERATORE",), ("JAKO",), ("PIRAMIDE DELLA CROCE",),
    ("REY",), ("SHU",), ("RYUGA",), ("STELLA SOLITARIA",), ("JULIA",), ("SENTENZA FINALE",),
    ("SENZA TREGUA",), ("FIGLIO DEL DIAVOLO",), ("FORTUNA",), ("SOPPORTAZIONE", "SOPFORTAZIONE"),
    ("SUCCESSORE",), ("SAUZER",), ("LUPO DEL CIELO",), ("VOLO A CROCE DELLA FENICE",), ("ZARIA",),
    ("NOMADI",), ("LANCE",), ("CATTEDRALE DI ZARIA",), ("ATTACCO A 100 MANI",), ("SHIN",), ("JAGGER",),
    ("TROTTOLA",), ("ANIBA",), ("KENSHIRO",), ("BURT, ADULTO",), ("CARISMA",),
    ("DEVOZIONE DI CENTO", "DEVOZIONE Dl CENTO"), ("ATTACCO GENERALE",), ("STELLA DELLA DITTATURA",),
    ("PUNTI SEGRETI INVERTITI",), ("JEM KEN",), ("JENNIFER",), ("CANNONE NANTO",), ("ARCHI",),
    ("DOTTOR DULAN",), ("IL COLONELLO",), ("GENERALE BALKOM",), ("UOMO SERPENTE",), ("AMICIZIA",),
    ("PRESA DI POSIZIONE", "PRESA Dl POSIZIONE", "PRESA Dl POSIZlONE"), ("LYNN, ADULTA",),
    ("LA CADUTA DELLE STELLE NANTO",), ("VOLO NANTO",), ("ACQUA CALMA",), ("BERRETTI ROSSI",),
    ("LAIGA E FUGA",), ("RAOUL",), ("COLPO HARAT DI HOKUTO", "COLPO HARAT Dl HOKUTO"), ("ANTICIPAZIONE",),
    ("DUALITÀ",), ("ADEPTO",), ("CASSANDRA",), ("AIN",), ("CONSIGLIO DELLE LUCI",), ("IMPERO",),
    ("RESIDENZA DI TOKI", "RESIDENZA Dl TOKI"), ("TOKI",), ("BOMBA ATOMICA",), ("SFIDA AL CIELO",),
    ("SCUOLA DI ADDESTRAMENTO", "SCUOLA Dl ADDESTRAMENTO"), ("STENDARDO",), ("PASSAGGIO OBBLIGATO",),
    ("FALCHI DI NANTO",), ("GARO",), ("BANDA COBRA",), ("IL LIBERATORE",), ("ENERGIA ELETTRICA",),
    ("MAPPA",), ("MILIZIA CITTADINA",), ("PRIGIONIA",), ("CAPO DISTRETTO",), ("AGGUATO",),
    ("GLI ASTRI E I GUARDIANI",), ("POSTA E RISPOSTA",), ("ARDITO",), ("CORAZZATA YAMATO",), ("RE NERO",),
    ("CAVALCATURA",), ("INSURREZIONE",), ("SACRO CONDOTTIERO",), ("RIBELLIONE",),
    ("RIBELLI DI SHU", "RIBELLI Dl SHU"), ("BURT E LYNN, BAMBINI",), ("CONTADINI",), ("CICLO DELLA COSTA",),
    ("PROFUGHI",), ("PUNTO DEBOLE",), ("SPIRITO DEL TERZO DEMONIO",), ("NOTTE",), ("LANCIA BLU",),
    ("SACCHEGGIO",), ("TOMBE DI CASSANDRA",),
]
"""Cards named in the Q&A (in capitals there). Capitalised words that are not cards: see NOT_CARDS."""

NOT_CARDS = frozenset({"TUO"})
"""Capitalised words in the Q&A that name no card ("un TUO maestro" is emphasis)."""

ERRATUM_RULES: list[tuple[str, ErratumType]] = [
    # (regex over the text after "<card>: ", type); named groups "o"/"c" give original/corrected.
    (r"^manca la scritta (?P<c>\w+)\.$", ErratumType.MISSING_KEYWORD),
    (r"^la frase (?:esatta|corretta) .*?è: “(?P<c>.+)”\.?$", ErratumType.WORDING),
    (r"^è una (?P<c>\w+) e non una (?P<o>\w+)\.$", ErratumType.MISPRINT),  # wrong card type printed
    (r"^non deve avere profilo\.$", ErratumType.MISPRINT),  # a profile printed that should not be
    (r"^il profilo esatto è (?P<c>.+)\.$", ErratumType.MISPRINT),
    (r"^sostituisci l'equipaggiamento (?P<o>.+?) indicato nella carta con (?P<c>.+)\.$", ErratumType.WORDING),
    (r"^il commento è stato scritto erroneamente con il carattere sbagliato\.$", ErratumType.MISPRINT),
    (r"^nel commento la parola coretta è (?P<c>\w+) non (?P<o>\w+)\.$", ErratumType.MISPRINT),
    (r"^è il nome corretto della carta invece de (?P<o>.+)\.$", ErratumType.NAME),  # corrected: the name
    (r"^la scritta nella carta (?P<o>\w+) indica il (?P<c>\w+)\.$", ErratumType.MISPRINT),
    (r"^il simbolo di scuola corretto è quello di (?P<c>\w+)\.$", ErratumType.SYMBOL),
    (r"simbolo di scuola", ErratumType.SYMBOL),
    (r"^le vite per l'attivazione .* devono essere (?P<c>di \w+)\.$", ErratumType.SYMBOL),
    (r"^(?P<c>Questa carta .+)$", ErratumType.WORDING),  # the corrected text itself
    (r"^riportano la stessa capacità", ErratumType.WORDING),
    (r"^durata (?P<c>\w+)\.$", ErratumType.WORDING),  # the duration keyword
    (r"^la scritta (?P<o>\w+) è di troppo\.$", ErratumType.WORDING),
    (r"^I tondi gialli dei valori sono di troppo\.$", ErratumType.SYMBOL),
]

TERM_ALIASES: dict[str, list[str]] = {
    # term slug -> other forms the document uses for the term (Italian)
    "distanza": ["a distanza"],
    "annulla": ["annullare"],
    "azzera": ["azzerare"],
    "blocca": ["blocca"],
    "ciclo-di": ["ciclo di"],
    "contemporaneita-per-soggetto": ["contemporaneità"],
    "distrazione": ["DISTRAZIONE", "distrarre"],
    "estensione-o-limitazione": ["estensione", "limitazione"],
    "cognome": ["cognome"],
    "protagonista": ["protagonista"],
    "vita": ["vita"],
    "multipli-danni": ["doppi danni"],
    "terrore": ["terrore"],
    "supremo": ["tecnica suprema"],
    "autocontrollo": ["spirito autocontrollo"],
    "vita-generica": ["(V)"],
    "attacco-difesa-resistenza": ["+/- # attacco", "+/- # difesa", "+/- # resistenza"],
}

TERM_RELATED: list[tuple[str, str]] = [
    # pairs of terms whose definitions lean on each other (linked both ways)
    ("autocontrollo", "supremo"),  # the same rule for spirits and for techniques
    ("duello", "sfida"),  # a duel is defined by its difference from a challenge
    ("distrazione", "terrore"),  # terror distracts
    ("massacratore", "mortale"),  # the same "each life counts as 1 resistance" rule
    ("vita", "vita-generica"),
    ("annulla", "blocca"),  # block cancels the blocked card
    ("ciclo-di", "cognome"),  # the surname complements the cycles
]

TERM_MENTIONS: dict[str, str] = {
    # term slug -> regex (case-sensitive) for its use in a Q&A; such rulings list the term in `related`
    "attacco-suicida": r"\battacco suicida\b",
    "multipli-danni": r"\b[Dd]oppi [Dd]anni\b",
    "mortale": r"\bmortal[ei]\b",
    "sfida": r"\b[Ss]fid(?:a|e|are)\b",
    "cobra": r"\b[Cc]obra\b",
    "distrazione": r"\bdistrarre\b",
    "azzera": r"\bazzera(?:ta|re)?\b",
    "protagonista": r"\bprotagonist[ai]\b",
}

CROSS_REFS: list[tuple[str, str]] = [
    # (text in an answer, text in the question it points back to)
    ("già spiegato per il FIGLIO DEL DIAVOLO", "FIGLIO DEL DIAVOLO funzionano anche in caso di danni mortali"),
]
