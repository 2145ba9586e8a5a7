"""``python -m rulings.cli``: the same as the ``rulings`` command."""

from rulings.cli.main import main

main()
