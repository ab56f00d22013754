"""Branching from the past: a new game that starts at a position of a recorded one.

A :class:`Branch` names a step of a game (the answers that led to it), the seat a player
takes there and a seed. The position is rebuilt from the record's set-up and those
answers; then everything hidden from that seat is re-dealt (``Game.resample_hidden``: the
opponent's hand and deck, the order of the seat's own library) and the game's chance
source is reseeded, so the player practises the position they watched without knowing
what the record shows of the other side or of the coin tosses to come. The seat's view is
the same as in the record at that step.

A branched game is recorded like any other, with its branch: the set-up, the prefix of
answers and the seed reproduce its start exactly, so ``grimoire replay --verify`` checks it.

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.game import Setup
>>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
>>> setup = Setup((deck, deck), game.options(), seed=3)
>>> state = game.new_state(setup)
>>> first = game.decision(state).options[0].id
>>> b = Branch((first,), seat=1, seed=9)
>>> start = branch_state(game, setup, b)
>>> game.view(start, 1) == game.view(position(game, setup, b.prefix), 1)
True
>>> Branch.from_json(b.to_json()) == b
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import GameOver, GrimoireError, IllegalAnswer, RecordError
from .game import Game, Setup
from .rng import Chance

S = TypeVar("S")

#: The re-deal and the new chance source draw from two streams of the branch's seed.
_RESEED = 0x5EED_B7A4_C4ED


@dataclass(frozen=True)
class Branch:
    """Where a branched game starts: after the answers ``prefix``, as ``seat``, re-dealt with ``seed``."""

    prefix: tuple[str, ...]
    seat: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"prefix": list(self.prefix), "seat": self.seat, "seed": self.seed}

    @classmethod
    def from_json(cls, data: Any) -> Branch:
        """Read a branch; anything missing or mistyped is a one-line RecordError."""
        if not isinstance(data, dict):
            raise RecordError("record field 'branch' must be an object")
        prefix, seat, seed = data.get("prefix"), data.get("seat"), data.get("seed")
        if not isinstance(prefix, list) or not all(isinstance(a, str) for a in prefix):
            raise RecordError("record field 'branch.prefix' must be a list of answers")
        if seat not in (0, 1) or isinstance(seat, bool):
            raise RecordError("record field 'branch.seat' must be 0 or 1")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
            raise RecordError("record field 'branch.seed' must be between 0 and 2**64 - 1")
        return cls(tuple(prefix), seat, seed)


def position(game: Game[S], setup: Setup, answers: Sequence[str]) -> S:
    """The state after ``answers`` from ``setup``; an answer that is not an option is a GrimoireError
    naming its step."""
    state = game.new_state(setup)
    for step, answer in enumerate(answers, start=1):
        try:
            game.apply(state, answer)
        except (IllegalAnswer, GameOver) as exc:
            raise GrimoireError(f"step {step}: {exc}") from None
    return state


def branch_state(game: Game[S], setup: Setup, branch: Branch) -> S:
    """The first state of a branched game (see the module docstring).

    A finished position, or a seat that is not 0 or 1, is a GrimoireError.
    """
    if branch.seat not in (0, 1):
        raise GrimoireError(f"seat must be 0 or 1, not {branch.seat}")
    state = position(game, setup, branch.prefix)
    if game.outcome(state) is not None:
        raise GrimoireError(f"the game is over at step {len(branch.prefix)}: nothing to play from there")
    start = game.resample_hidden(state, branch.seat, Chance.seeded(branch.seed))
    game.chance(start).reseed(branch.seed ^ _RESEED)
    return start
