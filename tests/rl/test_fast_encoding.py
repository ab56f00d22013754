"""The observation read straight from the state equals the one encoded from the seat's view."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from grimoire.core.rng import Chance
from grimoire.rl import raw_env

CASES = [("chant", {}), ("chant", {"starting_life": 300, "first_turn_draw": True, "chant_cap": 7}),
         ("destiny", {}), ("destiny", {"starting_threads": 400, "attribute_wheel": "off", "crisis_expiry": False})]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_state_encoding_equals_view_encoding_at_every_step(name: str, options: dict[str, Any]) -> None:
    e = raw_env(name, options=options, observation="full")
    table = e.table
    assert table.fast is not None
    encoding, game = table.encoding, table.game
    pick = Chance.seeded(11)
    compared = 0
    clipped = False
    for seed in range(8):
        e.reset(seed=seed)
        while (decision := game.decision(table.state)) is not None:
            for seat in (0, 1):
                fast = table.observe(seat)
                mine = decision if decision.player == seat else None
                raw = np.asarray(encoding.observe(game, game.view(table.state, seat), mine, table.options), np.float32)
                slow = np.clip(raw, -10, 10)
                clipped |= bool((raw != slow).any())
                assert fast["observation"].shape == table.observation_space["observation"].shape
                assert np.array_equal(fast["observation"], slow), (seed, seat)
                assert int(fast["action_mask"].sum()) == (len(decision.options) if mine else 0)
                compared += 1
            legal = np.flatnonzero(table.observe(decision.player)["action_mask"])
            e.step(int(legal[pick.below(len(legal))]))
    assert compared > 500
    assert clipped == (options != {})  # the large life / threads are clipped alike on both paths


def test_the_view_path_serves_an_encoding_without_a_state_encoding() -> None:
    e = raw_env("chant", observation="full")
    e.reset(seed=5)
    fast = e.table.observe(0)
    e.table.fast = None
    slow = e.table.observe(0)
    assert np.array_equal(fast["observation"], slow["observation"])
    assert np.array_equal(fast["action_mask"], slow["action_mask"])


def test_an_observation_is_built_once_per_step_and_is_the_seats_own() -> None:
    e = raw_env("destiny")
    e.reset(seed=2)
    agent = e.agent_selection
    first = e.observe(agent)
    assert e.observe(agent) is first and e.last()[0] is first  # last() and observe() share it
    other = "player_1" if agent == "player_0" else "player_0"
    assert e.observe(other)["action_mask"].sum() == 0  # the waiting seat has no options
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    assert e.observe(e.agent_selection) is not first
