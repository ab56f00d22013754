"""The one decision protocol.

At every moment a game is finished or waits on exactly one :class:`Decision`: which
seat must answer, what kind of choice it is, and a finite tuple of :class:`Option` s,
each with a stable id and a message key (+ arguments) for its readable label.
Multi-picks are sequences of single picks with a ``done`` option. Terminal UI, web,
AI, simulation and RL all answer with an option id — nothing else is input.

>>> d = Decision(0, "main", (Option("pass", "opt.pass"), Option("place:3", "opt.place", ("fireball",))))
>>> d.ids()
['pass', 'place:3']
>>> d.find("place:3").args
('fireball',)
>>> d.find("nope") is None
True

Option ids follow one grammar, ``<key>`` or ``<key>:<argument>`` (``end``,
``place:12``, ``use:battle``); :func:`split_option` is the one way to read them:

>>> split_option("place:12"), split_option("end")
(('place', '12'), ('end', ''))
>>> option_uid("target:7")
7
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, Generic

from .kinds import KIND

#: ``winner`` of a state while the game goes on, and for a drawn game (a seat otherwise).
ONGOING = -2
DRAWN = -1


def split_option(option_id: str) -> tuple[str, str]:
    """An option id as ``(key, argument)``; the argument is ``""`` when there is none."""
    key, _, arg = option_id.partition(":")
    return key, arg


def option_uid(option_id: str) -> int:
    """The card instance (uid) an option like ``place:12`` names."""
    return int(option_id.partition(":")[2])


class Termination(StrEnum):
    """Why a game ended (like python-chess's ``Termination``); the value is the recorded reason.

    >>> Termination("deck_out") is Termination.DECK_OUT, Termination.LIFE == "life"
    (True, True)
    """

    #: life (Chant) reached 0
    LIFE = "life"
    #: Chant: the runaway's damage took a life to 0 (6.3.2)
    RUNAWAY = "runaway"
    #: a player had to draw from an empty library or deck
    DECK_OUT = "deck_out"
    #: the rules option's turn limit was reached: a draw
    TURN_LIMIT = "turn_limit"
    #: a simulation stopped the game after the game's step bound
    STEP_LIMIT = "step_limit"
    #: a player conceded
    CONCESSION = "concession"
    #: a player's clock ran out
    TIMEOUT = "timeout"
    #: a player left an untimed game and the other claimed the win
    ABANDONED = "abandoned"
    #: Destiny: threads reached 0 and the revealed card was not Lucky!
    NO_LUCKY = "no_lucky"
    #: Destiny: threads reached 0 with no card left to reveal
    EMPTY_REVEAL = "empty_deck_at_reveal"
    #: Destiny: threads reached 0 a second time in one cycle
    SECOND_ZERO = "second_zero"


class Option:
    """One answer to a decision: a stable ``id`` and a label message ``key`` with ``args``.

    Options, decisions, events and outcomes are small immutable value objects (equal when
    their fields are equal, hashable, with a readable repr).
    """

    __slots__ = ("args", "id", "key")

    def __init__(self, id: str, key: str, args: tuple[Any, ...] = ()) -> None:
        self.id: Final = id
        self.key: Final = key
        self.args: Final = args

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Option) and self.id == other.id and self.key == other.key
                and self.args == other.args)

    def __hash__(self) -> int:
        return hash((self.id, self.key, self.args))

    def __reduce__(self) -> tuple[type[Option], tuple[Any, ...]]:
        return (Option, (self.id, self.key, self.args))

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, key={self.key!r}, args={self.args!r})"


class Decision(Generic[KIND]):
    """A pending choice: ``player`` (seat 0 or 1) must pick one of ``options``.

    Generic in its ``kind``: a game declares its decision kinds as a ``Literal`` and makes
    ``Decision[ItsKinds]`` so that mypy refuses a kind it did not declare (see
    :mod:`grimoire.core.kinds`); a bare ``Decision`` takes any kind.
    """

    __slots__ = ("kind", "options", "player", "prompt_args")

    def __init__(self, player: int, kind: KIND, options: tuple[Option, ...], prompt_args: tuple[Any, ...] = ()
                 ) -> None:
        self.player: Final = player
        self.kind: Final = kind
        self.options: Final = options
        self.prompt_args: Final = prompt_args

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Decision) and self.player == other.player and self.kind == other.kind
                and self.options == other.options and self.prompt_args == other.prompt_args)

    def __hash__(self) -> int:
        return hash((self.player, self.kind, self.options, self.prompt_args))

    def __reduce__(self) -> tuple[type[Decision[Any]], tuple[Any, ...]]:
        return (Decision, (self.player, self.kind, self.options, self.prompt_args))

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, kind={self.kind!r}, options={self.options!r}, "
                f"prompt_args={self.prompt_args!r})")

    def ids(self) -> list[str]:
        """The option ids in order."""
        return [o.id for o in self.options]

    def find(self, option_id: str) -> Option | None:
        """The option with this id, or None."""
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def resolve(self, answer: str) -> Option | None:
        """An option by id or by 1-based number as typed by a person (``"2"``)."""
        found = self.find(answer)
        if found is not None:
            return found
        if answer.isdigit() and 1 <= int(answer) <= len(self.options):
            return self.options[int(answer) - 1]
        return None


class Outcome:
    """How a finished game ended: ``winner`` is a seat, or None for a draw; ``reason`` is a
    :class:`Termination` value (a game of a third-party plugin may use reasons of its own)."""

    __slots__ = ("reason", "winner")

    def __init__(self, winner: int | None, reason: str) -> None:
        self.winner: Final = winner
        self.reason: Final = reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and self.winner == other.winner and self.reason == other.reason

    def __hash__(self) -> int:
        return hash((self.winner, self.reason))

    def __reduce__(self) -> tuple[type[Outcome], tuple[Any, ...]]:
        return (Outcome, (self.winner, self.reason))

    def __repr__(self) -> str:
        return f"Outcome(winner={self.winner!r}, reason={self.reason!r})"

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": str(self.reason)}

    @classmethod
    def of(cls, winner: int, reason: str) -> Outcome | None:
        """The outcome of a state's ``winner`` field (:data:`ONGOING`, :data:`DRAWN` or a seat)."""
        if winner == ONGOING:
            return None
        return cls(None if winner == DRAWN else winner, str(reason))


class Event(Generic[KIND]):
    """A frozen record of one transition (card placed, chant advanced, damage dealt…).

    Generic in its ``kind``: a game declares its event kinds as a ``Literal`` and collects
    ``Event[ItsKinds]`` so that mypy refuses a misspelt kind where the event is made (see
    :mod:`grimoire.core.kinds`); a bare ``Event`` takes any kind.

    ``private_to`` >= 0 marks an event whose ``args`` only that seat may see (a draw);
    other seats see it with ``args`` removed.

    >>> Event("draw", 1, ("fireball",), 1).redacted_for(0)
    Event(kind='draw', player=1, args=(), private_to=1)
    """

    __slots__ = ("args", "kind", "player", "private_to")

    def __init__(self, kind: KIND, player: int, args: tuple[Any, ...] = (), private_to: int = -1) -> None:
        self.kind: Final = kind
        self.player: Final = player
        self.args: Final = args
        self.private_to: Final = private_to

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.kind == other.kind and self.player == other.player
                and self.args == other.args and self.private_to == other.private_to)

    def __hash__(self) -> int:
        return hash((self.kind, self.player, self.args, self.private_to))

    def __reduce__(self) -> tuple[type[Event[Any]], tuple[Any, ...]]:
        return (Event, (self.kind, self.player, self.args, self.private_to))

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, player={self.player!r}, args={self.args!r}, "
                f"private_to={self.private_to!r})")

    def redacted_for(self, seat: int | None) -> Event[KIND]:
        """This event as ``seat`` (None = spectator) may see it."""
        if self.private_to < 0 or self.private_to == seat:
            return self
        return Event(self.kind, self.player, (), self.private_to)

    def to_json(self) -> list[Any]:
        return [self.kind, self.player, list(self.args), self.private_to]
