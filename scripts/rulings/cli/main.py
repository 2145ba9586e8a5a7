"""The ``rulings`` command line: the group, and the commands of each stage registered on it.

Each ``cli`` module holds the commands of one stage (options and calls only); exit codes everywhere:
0 clean, 1 problems found in content, 2 the command could not run (:mod:`rulings.cli.exits`).
"""

from __future__ import annotations

import click

from rulings import __version__
from rulings.cli import content, i18n, site, translate
from rulings.cli.exits import SafeGroup


@click.group(cls=SafeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulings")
@click.option("--traceback", is_flag=True, help="On an unexpected error, print its stack (also: RULINGS_DEBUG=1).")
def main(traceback: bool) -> None:  # the flag is read by SafeGroup from the context
    """Rules knowledge base for tabletop card games: validate, format and build content."""


for command in (content.validate, content.fmt, content.stats, content.schemas, content.import_,
                translate.translate, i18n.i18n, site.build, site.merge, site.sign, site.verify, site.serve):
    main.add_command(command)


if __name__ == "__main__":
    main()
