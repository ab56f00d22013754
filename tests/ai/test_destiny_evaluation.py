"""Destiny's search heuristic: which positions it prefers."""

from __future__ import annotations

import math
from typing import Any

from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.games.destiny.search import HOOKS
from grimoire.games.destiny.state import DestinyState


def midgame(seed: int = 3, steps: int = 30) -> tuple[Game[Any], DestinyState]:
    """A seeded Destiny game played by random answers for ``steps`` decisions (or until one more would end it)."""
    game = load_game("destiny")
    starters = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[0]), game.cards.starter_deck(starters[1]))
    state: DestinyState = game.new_state(Setup(decks, game.options(), seed=seed))
    chance = Chance.seeded(seed)
    for _ in range(steps):
        d = game.decision(state)
        assert d is not None
        after = game.clone(state)
        game.apply(after, d.options[chance.below(len(d.options))].id)
        if game.decision(after) is None:
            break
        state = after
    return game, state


def test_scores_of_the_two_seats_add_up_to_one() -> None:
    for seed in range(4):
        game, state = midgame(seed)
        assert math.isclose(HOOKS.evaluate(game, state, 0) + HOOKS.evaluate(game, state, 1), 1.0)


def test_more_threads_and_an_unused_lucky_save_score_higher() -> None:
    game, state = midgame()
    before = HOOKS.evaluate(game, state, 0)
    richer = game.clone(state)
    richer.players[0].threads += 3
    assert HOOKS.evaluate(game, richer, 0) > before
    used = game.clone(state)
    used.players[0].saved = True
    unused = game.clone(state)
    unused.players[0].saved = False
    assert HOOKS.evaluate(game, unused, 0) > HOOKS.evaluate(game, used, 0)

