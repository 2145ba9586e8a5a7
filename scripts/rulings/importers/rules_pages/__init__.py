"""Importer for the rules pages of an unidentified game (plain text copied from web pages).

The document is a text dump of rules web pages: headings, paragraphs, "•" bullets whose nesting is
given by indentation (2, 4, 6 spaces), labels followed by bullet lists, two tables printed one cell
per line, and lines holding only (non-breaking) spaces left over from the page layout. Nothing in
the text marks a heading as such and the pages never name the game, so:

- the headings and their nesting are listed in :data:`OUTLINE` (matched against whole lines; a
  heading that is missing or printed twice is an error, so an upstream change is noticed);
- everything else is recognised from the layout (see :func:`.layout.read_blocks`);
- the glossary takes the action types from the action list itself and the other definitions from
  the sentences listed in :data:`DEFINITIONS`, each located in the text (and required to be there).

Every content line ends up in a section; the glossary quotes the same lines again.

The package, one job a module: ``document`` (who the pages belong to, their lines), ``layout`` (lines →
blocks, the printed tables among them), ``sections``, ``glossary``, ``decisions`` (the outline,
definitions and notes named above) and ``importer`` (the steps in order).
"""

from rulings.importers.rules_pages.document import FORMAT, GAME_ID, SOURCE_NAME
from rulings.importers.rules_pages.importer import parse

__all__ = ["FORMAT", "GAME_ID", "SOURCE_NAME", "parse"]
