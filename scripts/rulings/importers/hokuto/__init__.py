"""Importer for the Italian errata and Q&A sheet of the *Ken il Guerriero* card game (Hokuto no Ken).

The document (plain text, OCR'd from a print original) has three parts, each opened by a heading line
and the first two closed by a rule of dashes:

1. ``ERRATA`` (the first line prints it as ``| ERRATA``): headings ``Serie Ocra:``, ``Serie Bianca:``…
   (one, ``Serie Viola``, without the colon), each followed by lines ``<card name>: <erratum>``.
   One line → one :class:`Erratum` whose ``group`` is the series heading and whose ``target`` is a card
   entity; its type and the ``original``/``corrected`` parts come from the wording of the line
   (``decisions.ERRATUM_RULES``).
2. ``APPUNTI ALLE REGOLE``: a glossary of special abilities. A short line without a final full stop is
   a term heading; the lines after it, up to the next heading, are the paragraphs of its definition.
3. ``POSTA E RISPOSTA``: questions and answers, one line each. Questions are marked ``D:`` (once
   ``P:``, an OCR misreading of ``D:``), answers ``R:`` (once ``R.``). Card names are printed in capitals;
   ``decisions.CARDS`` lists them (with the damaged spellings the OCR left) so each ruling is linked to the
   cards it names.

The last lines, ``ENJOY!!!`` and a lone ``|``, are a sign-off and a page artefact (see
:data:`NOISE_LINES`).

Damage to the text (OCR misreadings such as ``Dl`` for ``DI``, ``i`` for ``1``; typos of the original)
is kept as printed; ``damage.DAMAGE`` recognises each known case and the importer writes an English note
on the entry, and flags rulings whose text has OCR damage.

The package, one job a module: ``parts`` reads the three parts line by line; ``cards``, ``errata``,
``glossary`` and ``rulings`` build the entries; ``damage`` knows the damaged spots; ``decisions`` holds
what reading the document established (cards, erratum wordings, glossary links); ``document`` names the
document and its ids, and ``importer`` runs the steps in order.
"""

from rulings.importers.hokuto.document import FORMAT, GAME_ID, SOURCE_NAME
from rulings.importers.hokuto.importer import parse

__all__ = ["FORMAT", "GAME_ID", "SOURCE_NAME", "parse"]
