"""Importer for the fan-maintained "Sorcery Comprehensive Rulebook Clarifications (Unofficial)".

The source is a plain-text export of a Google Doc (maintained by Ira Fay). The export keeps one
paragraph per line, separates most paragraphs by a blank line, and writes bullets and list items as
consecutive lines; it loses heading levels, bullets and numbering (except where the author typed
"1)" or "done)" by hand). The document has four parts, in this order:

1. a preamble (title + one paragraph) and a dated **change log** (``changelog.yml``);
2. **Intercept vs. Defend**, a two-column comparison (a :class:`Table` in ``sections.yml``);
3. **Rule Clarifications**: rules prose, one :class:`Section` per heading (``sections.yml``), with
   examples as :class:`Example` blocks and step lists as ordered :class:`ListBlock`;
   questions and answers printed there are also rulings (``clarifications``);
4. **Comprehensive FAQ**: one card heading after another, each followed by questions and answers
   (``entities.yml`` cards, ``rulings.yml`` Q&A).

Definitions the document gives become glossary terms (``glossary.yml``).

Because the export has no heading markup, the outline of part 3 (which lines are headings and how
they nest) is stated in ``decisions.OUTLINE`` and checked against the text; card headings of part 4 are
recognised by their shape (a short line on its own, followed by a question).

The package, one job a module: ``document`` (the export's lines), ``parts`` (where the four parts
begin); the parts read: ``changelog`` (part 1's dated lines), ``intercept`` (part 2's table),
``sections`` with ``blocks`` (part 3's outline; section bodies → blocks), ``faq`` (part 4's headings
and questions); the entries built: ``cards``, ``rulings`` (the FAQ's), ``clarifications`` (part 3's
questions and answers → rulings), ``glossary`` and ``links`` (cross-references); ``decisions`` (what
reading the document established); ``importer`` runs the steps in order.
"""

from rulings.importers.sorcery.document import FORMAT, GAME_ID, SOURCE_NAME
from rulings.importers.sorcery.importer import parse

__all__ = ["FORMAT", "GAME_ID", "SOURCE_NAME", "parse"]
