"""Exit codes of every command: 0 clean, 1 problems found in content, 2 the command could not run."""

from __future__ import annotations

import click


class ContentProblem(click.ClickException):
    exit_code = 1


class CouldNotRun(click.ClickException):
    exit_code = 2


class SafeGroup(click.Group):
    """No traceback reaches a user: content problems exit 1 with their position, anything else exits 2."""

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        from rulings.content.diagnostics import ContentError
        from rulings.vcs import SourceDateError

        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except ContentError as e:
            raise ContentProblem(e.diagnostic.format()) from e
        except SourceDateError as e:  # the environment, not the content: one line, exit 2
            raise CouldNotRun(str(e)) from e
        except Exception as e:
            raise CouldNotRun(f"{type(e).__name__}: {e}") from e
