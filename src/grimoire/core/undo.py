"""Taking answers back, but never past new information.

A player may take back their own last answers, one at a time, back to the last point
where they learned something new: an answer of the opponent, a chance result (a coin, a
shuffle, a random pick) or a card revealed to them (a draw, a reveal). Nothing before that
point can be taken back, since the player would answer again knowing what came of it.

Every game gets this without a hook of its own: the engine decides whether one step told
a seat something by playing it again from positions that seat cannot tell apart from the
real one (:meth:`Game.resample_hidden` redraws what it cannot see). If the seat's view or
the events it is shown come out differently from any of them, or the step drew on the
game's chance source, the step revealed something. A game is a set-up and its answers,
so taking answers back replays the ones that stand (:meth:`Match.take_back`): the record
keeps only those and verifies as any other.

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.game import Setup
>>> from grimoire.core.match import Match
>>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
>>> m = Match(game, Setup((deck, deck), seed=2))
>>> takeback_limit(m, 0), takeback_limit(m, 1)  # nothing answered yet
(0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .decision import Event
from .errors import GrimoireError
from .game import Game
from .rng import Chance

if TYPE_CHECKING:
    from .match import Match

S = TypeVar("S")

#: How many positions the seat cannot tell from the real one each step is replayed from.
SAMPLES = 4
#: The seeds of those positions (fixed: the same game always allows the same take-backs).
_SEED = 0x7A4E_BAC4


class TakeBackError(GrimoireError):
    """Nothing (or not that much) may be taken back; ``key`` names why (``nothing``, ``over``,
    ``new_info``, ``not_yours``) for a message in the player's language."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def _seen(game: Game[Any], state: Any, seat: int, events: list[Event]) -> tuple[dict[str, Any], list[Event]]:
    return game.view(state, seat), [e.redacted_for(seat) for e in events]


def reveals(game: Game[S], state: S, answer: str, seat: int, samples: int = SAMPLES) -> bool:
    """Whether answering ``answer`` in ``state`` tells ``seat`` something it could not know before.

    True when the step draws on the chance source, or when ``seat``'s view after it (or the
    events it is shown) differ when it is played from a position ``seat`` cannot tell apart
    from ``state`` (everything hidden from ``seat`` redrawn). ``state`` is not changed.
    """
    after = game.clone(state)
    events: list[Event] = []
    game.apply_unchecked(after, answer, events)
    if game.chance(after) != game.chance(state):
        return True
    seen = _seen(game, after, seat, events)
    before = game.view(state, seat)
    for k in range(samples):
        other = game.resample_hidden(state, seat, Chance.seeded(_SEED + k))
        if game.view(other, seat) != before:  # the redraw is not one the seat cannot tell apart: skip it
            continue
        decision = game.decision(other)
        if decision is None or decision.find(answer) is None:
            return True
        other_events: list[Event] = []
        game.apply_unchecked(other, answer, other_events)
        if _seen(game, other, seat, other_events) != seen:
            return True
    return False


def takeback_limit(match: Match[Any], seat: int) -> int:
    """How many of the last answers ``seat`` may take back now (0: none).

    They are the answers at the end of the game that ``seat`` gave, after the last answer of
    the other seat and after the last step that revealed something to ``seat``
    (:func:`reveals`). A finished game allows none.
    """
    if match.decision is None or match.outcome is not None:
        return 0
    deciders = match.deciders
    first = len(deciders)
    while first > 0 and deciders[first - 1] == seat:
        first -= 1
    if first == len(deciders):
        return 0
    game = match.game
    state = match.replayed(first)
    limit = 0
    for step in range(first, len(deciders)):
        answer = match.answers[step]
        if reveals(game, state, answer, seat):
            limit = 0
        else:
            limit += 1
        game.apply_unchecked(state, answer, [])
    return limit


class TakeBackCounter:
    """:func:`takeback_limit` for one seat of one match, kept up to date step by step: a server asks it
    after every answer, and replaying the game from its start each time would cost more with every step.

    It keeps a copy of the game at the last step it has looked at and the limit there; a new answer costs
    one :func:`reveals`, the other seat's answers one application each. After answers are taken back
    (``Match.truncate``) call :meth:`reset`. It always agrees with :func:`takeback_limit`.

    >>> from grimoire.core.registry import load_game
    >>> from grimoire.core.game import Setup
    >>> from grimoire.core.match import Match
    >>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
    >>> m = Match(game, Setup((deck, deck), seed=2)); counter = TakeBackCounter(0)
    >>> for _ in range(30):
    ...     _ = m.answer(m.decision.options[0].id)
    ...     assert counter.limit(m) == takeback_limit(m, 0)
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._pos = -1  # the answers applied to the kept state (-1: none kept)
        self._state: Any = None
        self._limit = 0

    def reset(self) -> None:
        """Forget the kept state (answers were taken back)."""
        self._pos = -1
        self._state = None
        self._limit = 0

    def _sync_posts(self, match: Match[Any]) -> None:
        """Give the kept state the post times the match's tosses were given since it was copied (a board
        coin asked at the toss: the match adds each one to its chance script before the answer that reads it)."""
        game = match.game
        kept = game.chance(self._state).script
        given = game.chance(match.state).script
        if len(kept) < len(given):
            kept.extend(given[len(kept):])

    def limit(self, match: Match[Any]) -> int:
        """How many of the last answers the seat may take back now."""
        if match.decision is None or match.outcome is not None:
            return 0
        deciders = match.deciders
        n = len(deciders)
        first = n
        while first > 0 and deciders[first - 1] == self.seat:
            first -= 1
        if first == n:
            return 0
        game = match.game
        answers = match.answers
        if self._state is None or self._pos > n:
            self._state = match.replayed(first)
            self._pos = first
            self._limit = 0
        elif self._pos < first:  # the other seat answered since: the count starts again at ``first``
            self._sync_posts(match)
            for step in range(self._pos, first):
                game.apply_unchecked(self._state, answers[step], [])
            self._pos = first
            self._limit = 0
        # here first <= self._pos <= n: the kept state is inside this seat's run of answers
        self._sync_posts(match)
        for step in range(self._pos, n):
            answer = answers[step]
            self._limit = 0 if reveals(game, self._state, answer, self.seat) else self._limit + 1
            game.apply_unchecked(self._state, answer, [])
        self._pos = n
        return self._limit


def take_back(match: Match[Any], seat: int, count: int = 1) -> int:
    """Take back ``seat``'s last ``count`` answers (see the module docstring); returns how many
    more it may take back after that. Raises :class:`TakeBackError` and changes nothing when
    that is more than :func:`takeback_limit` allows.
    """
    if count < 1:
        raise TakeBackError("nothing", f"cannot take back {count} answers")
    if match.decision is None or match.outcome is not None:
        raise TakeBackError("over", "the game is over: nothing can be taken back")
    if not match.deciders or match.deciders[-1] != seat:
        raise TakeBackError("not_yours", "the last answer is not this seat's: nothing to take back")
    limit = takeback_limit(match, seat)
    if limit == 0:
        raise TakeBackError("new_info", "something new was revealed since this seat's last answer: "
                                        "it cannot be taken back")
    if count > limit:
        raise TakeBackError("new_info", f"only {limit} answer(s) can be taken back; before them something "
                                        f"new was revealed")
    match.truncate(len(match.answers) - count)
    return limit - count
