"""Helpers shared by the commands: games, decks, options, seeds and the one error format.

Every bad input ends as a :class:`GrimoireUsageError`: one line ``grimoire: error: ...``
on stderr and exit code 2.

>>> check_seed(-1)
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: seed must be a non-negative integer, got -1
>>> GrimoireUsageError("no such\\n  deck").format_message()
'no such deck'
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

import typer

from grimoire.core.decks import Deck
from grimoire.core.errors import DeckError, GrimoireError
from grimoire.core.game import Game
from grimoire.core.options import parse_option_pairs
from grimoire.core.registry import load_game
from grimoire.core.safeio import printable
from grimoire.core.setup_choices import check_choices

F = TypeVar("F", bound=Callable[..., Any])


class GrimoireUsageError(typer.TyperException):
    """Bad input on the command line: one line ``grimoire: error: MESSAGE`` on stderr, exit code 2.

    A subclass of :class:`typer.TyperException`, the base of every error Typer raises
    itself (``No such option``, ``Invalid value for ...``): :func:`grimoire.cli.main.run`
    shows both kinds the same way.
    """

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(printable(" ".join(str(message).split())))  # a name from a file may hold escapes

    @classmethod
    def of(cls, exc: typer.TyperException) -> GrimoireUsageError:
        """Typer's own error ``exc`` in Grimoire's form (ours pass through unchanged)."""
        if isinstance(exc, GrimoireUsageError):
            return exc
        # Typer reports a refused choice through pydantic, whose message starts "Value error, "
        return cls(exc.format_message().replace(": Value error, ", ": "))

    def show(self, file: IO[str] | None = None) -> None:
        """Print the one line (on stderr unless ``file`` is given)."""
        print(f"grimoire: error: {self.format_message()}", file=file or sys.stderr)


def guard(func: F) -> F:
    """Turn bad input (:class:`GrimoireError`, :class:`OSError`) into a :class:`GrimoireUsageError`."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except GrimoireError as exc:
            raise GrimoireUsageError(str(exc)) from None
        except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
            sys.stderr.close()
            raise SystemExit(0) from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise GrimoireUsageError(f"{where}{exc.strerror or exc}") from None

    return wrapper  # type: ignore[return-value]


def check_seed(seed: int | None) -> int:
    """A seed given on the command line, or a fresh one from the system when None."""
    if seed is None:
        return int.from_bytes(os.urandom(4), "big")
    if seed < 0:
        raise GrimoireError(f"seed must be a non-negative integer, got {seed}")
    return seed


def open_game(name: str, cards: Sequence[str | Path] = ()) -> Game[Any]:
    """A game by name with its built-in cards, the user's card folder and ``cards``."""
    return load_game(name, card_paths=list(cards), user_cards=True)


def game_options(game: Game[Any], pairs: Sequence[str]) -> dict[str, Any]:
    """Rules options from ``name=value`` strings, checked by the game."""
    return game.options(parse_option_pairs(list(pairs)))


def resolve_deck(game: Game[Any], spec: str | None, default_index: int = 0) -> Deck:
    """A deck from a file path or a starter deck name; None picks a starter by position.
    A declared set-up choice the game does not know (``# ability: chimyaku_foo``) is refused."""
    deck = _find_deck(game, spec, default_index)
    check_choices(game, deck.choices, f"deck {deck.name}", any_kind=True)
    return deck


def _find_deck(game: Game[Any], spec: str | None, default_index: int) -> Deck:
    starters = game.cards.starter_decks()
    if spec is None:
        if not starters:
            raise DeckError(game.name, None, "no starter decks; give --deck FILE")
        names = list(starters)
        return game.cards.deck_from_file(starters[names[default_index % len(names)]])
    path = Path(spec)
    if path.is_file():
        return game.cards.deck_from_file(path)
    if spec in starters:
        return game.cards.deck_from_file(starters[spec])
    if path.suffix or os.sep in spec or "/" in spec:
        return game.cards.deck_from_file(path)
    raise DeckError(spec, None, f"no such deck file or starter deck; starters: {', '.join(starters) or 'none'}")
