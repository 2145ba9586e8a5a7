"""Importer for the forum copy of the Legends of the Three Kingdoms FAQ (三国杀英文版).

The source is a forum thread copied as plain text: Chinese headings, an English body. Its shape:

- line 1, the thread title (becomes the document title);
- 先是用语 ("first, terminology"): an early list of ten circled items (①…⑩);
- 简易英文版规则集（不包含武将） ("simplified English-edition rule set, heroes not included") with
  "Rules of calculating effects:" (precedence rules), "Word Using:", "Concepts:" and
  "Game Elements:" / "Playing Cards:" (card clarifications, two of them translation corrections);
- 武将规则集 ("hero rule set"): numbered heroes ("1 步练师"), each with an English line
  ``BU Lianshi (WU F 3 YJ 101)`` = name (faction gender health set-code), then abilities (a name
  line, the ability text) each followed by its Q:/A: pairs.

The forum copy repeats most blocks verbatim right after themselves (each post was pasted twice) and
holds some chatter: ``forum`` drops both (the poster's remarks become the document's ``notes``), so
only the first copy is imported and every entry's provenance points at it; any other line the parser
does not understand is an error, so nothing is lost silently. ``decisions`` holds what reading the
thread established (heading translations, card groups, notes). The other modules, one job each:
``headings`` cuts the thread at its headings, ``sections`` reads what each heading holds with
``items`` (circled lists), ``glossary``, ``cards`` and ``heroes``; ``refs`` finds the cross-references;
``document`` names the document and ``importer`` runs the steps in order.

Mapping:

- the heroes are entities (type ``hero``): Chinese name with the printed English name as an
  ``official`` translation; ``attributes`` from ``(WU F 3 YJ 101)``: faction ``wu`` (lower case, as
  the schema's examples), gender ``female`` (printed M / F), health ``3`` and set ``YJ 101`` (the
  printed set code with its card number, kept whole: for base-set heroes the prefix is the faction,
  e.g. ``WEI 001``, so it cannot be split into a set name);
- their abilities are entities (type ``ability``, ``parent`` = the hero, ``text`` = ability text), with
  ``naming: printed``: an ability's name is printed on the hero card of each edition (奸雄 on the Chinese
  card, Treachery on the English one), so Chinese readers get the Chinese edition's name (an ``official``
  translation of the English, added by the translation pass), not a translation of the English;
- faction ``qun`` for the English edition's NEUTRAL (the Chinese game's 群, as the set codes QUN say);
- the Q&A are rulings ``about`` the hero and the ability they are printed under;
- the precedence rules are a section with an ordered list (circled-number order kept);
- every "Word Using" and "Concepts" item defines a word or concept: each is a glossary term, and
  the two lists are sections whose ``related`` keeps the terms in printed order;
- the early 先是用语 list is an earlier draft of ten of those terms (same headings, partly older
  wording): it is kept as a section with an ordered list, ``related`` to the later terms, instead of
  a second, conflicting set of glossary terms;
- each "Playing Cards" item is a card (or, for a heading naming several cards, a topic) entity with
  its clarification as a ruling; the two "(Translation correction)" items are errata of type
  ``translation``;
- Chinese headings get an English ``machine`` translation by ``ai:claude`` from the small
  ``decisions.HEADING_EN`` table (the headings are fixed); nothing else in the document is Chinese.
"""

from rulings.importers.three_kingdoms.document import FORMAT, GAME_ID, SOURCE_NAME
from rulings.importers.three_kingdoms.importer import parse

__all__ = ["FORMAT", "GAME_ID", "SOURCE_NAME", "parse"]
