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

The package, one job a module: ``topics`` reads the layout (headings, questions, answers, "See"
lines); ``entities``, ``rulings``, ``sections``, ``errata`` and ``glossary`` build the entries of the
content file each is named for; ``decisions`` holds the tables named above (what reading the document
decided); ``document`` names the document and ``importer`` runs the steps in order. Everything is
derived from the text in document order; nothing depends on a clock or on set order.
"""

from rulings.importers.anachronism.document import FORMAT, GAME_ID, SOURCE_NAME
from rulings.importers.anachronism.importer import parse

__all__ = ["FORMAT", "GAME_ID", "SOURCE_NAME", "parse"]
