"""Running a Typer command line the way ``grimoire`` does, for every program that has one.

``grimoire`` (:func:`grimoire.cli.main.run`) and ``python -m grimoire.web``
(:func:`grimoire.web.command.main`) both run their commands through :func:`run_app`: a command's
own exit code is returned; Ctrl-C or a refused prompt is ``grimoire: interrupted`` or ``grimoire:
aborted`` and 130; bad input — a :class:`~grimoire.core.errors.GrimoireError`, an ``OSError`` or
one of Typer's usage errors — is one line ``grimoire: error: ...`` on stderr and 2.

>>> import typer
>>> app = typer.Typer(add_completion=False)
>>> @app.command()
... def hello(n: int) -> None:
...     if n > 9:
...         raise GrimoireError(f"n must be a digit,\\n got {n}")
>>> run_app(app, ["12"], "demo", stderr=sys.stdout)
grimoire: error: n must be a digit, got 12
2
>>> run_app(app, ["x"], "demo", stderr=sys.stdout)
grimoire: error: Invalid value for 'n': 'x' is not a valid int.
2
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO

import typer

from grimoire.core.errors import GrimoireError
from grimoire.core.safeio import printable

#: the exit code of bad input, and of a command stopped by Ctrl-C or a refused prompt
USAGE, INTERRUPTED = 2, 130


def error_line(exc: BaseException) -> str:
    """An error as ``grimoire`` words it: one printable line (a refused choice without pydantic's prefix, a
    file error with its file name).

    >>> error_line(FileNotFoundError(2, "No such file or directory", "deck.txt"))
    'deck.txt: No such file or directory'
    """
    if isinstance(exc, typer.TyperException):
        text = exc.format_message().replace(": Value error, ", ": ")
    elif isinstance(exc, OSError):
        text = f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc.strerror or exc)
    else:
        text = str(exc)
    return printable(" ".join(text.split()))


def run_app(app: typer.Typer, argv: Sequence[str], prog_name: str, stderr: IO[str] | None = None) -> int:
    """Run ``app`` with the arguments ``argv``; returns the exit code (see the module docstring)."""
    err = stderr or sys.stderr
    try:
        result = app(args=list(argv), prog_name=prog_name, standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except typer.Abort:
        print("grimoire: aborted", file=err)
        return INTERRUPTED
    except KeyboardInterrupt:
        print("grimoire: interrupted", file=err)
        return INTERRUPTED
    except (GrimoireError, OSError, typer.TyperException) as exc:
        print(f"grimoire: error: {error_line(exc)}", file=err)
        return USAGE
    return result if isinstance(result, int) else 0
