"""Exit codes of every command: 0 clean, 1 problems found in content, 2 the command could not run."""

from __future__ import annotations

import os
import sys
import traceback

import click


class ContentProblem(click.ClickException):
    exit_code = 1


class CouldNotRun(click.ClickException):
    exit_code = 2


DEBUG_ENV = "RULINGS_DEBUG"
"""``RULINGS_DEBUG=1`` does what ``--traceback`` does, for a command run by a script or a hook."""


def debugging(ctx: click.Context) -> bool:
    """Whether the stack of an unexpected error is wanted: ``rulings --traceback …`` or ``RULINGS_DEBUG=1``."""
    return bool(ctx.params.get("traceback")) or os.environ.get(DEBUG_ENV, "") not in ("", "0")


class SafeGroup(click.Group):
    """No traceback reaches a user unasked: content problems exit 1 with their position, anything else exits 2
    with one line; ``--traceback`` (or ``RULINGS_DEBUG=1``) prints the stack of an unexpected error first."""

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        from rulings.content.diagnostics import ContentError
        from rulings.vcs import SourceDateError

        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.Abort):
            raise
        except click.ClickException as e:
            if isinstance(e, CouldNotRun) and e.__cause__ is not None and debugging(ctx):
                traceback.print_exception(e.__cause__, file=sys.stderr)
            raise
        except ContentError as e:
            raise ContentProblem(e.diagnostic.format()) from e
        except SourceDateError as e:  # the environment, not the content: one line, exit 2
            raise CouldNotRun(str(e)) from e
        except Exception as e:
            if debugging(ctx):
                traceback.print_exception(e, file=sys.stderr)
                raise CouldNotRun(f"{type(e).__name__}: {e}") from e
            raise CouldNotRun(f"{type(e).__name__}: {e} (an unexpected error: `rulings --traceback …` or "
                              f"{DEBUG_ENV}=1 shows where)") from e
