"""The public scenario API (grimoire.games.chant.scenario) and positions between steps."""

from __future__ import annotations

import pytest

from grimoire.core.errors import GrimoireError
from grimoire.games.chant import Area, ChantGame, Side, scenario, settle
from grimoire.games.chant.state import Phase

GAME = ChantGame()
READY = Side(area=[Area("fireball", 2)], hand=["flame_sphere"])


@pytest.mark.parametrize("phase", ["R", "E"])
def test_rule_7_1_a_position_between_steps_offers_no_activation(phase: str) -> None:
    # a ready fireball in seat 0's area, the A phase already over: nothing may be activated
    s = scenario(READY, phase=phase)
    before = GAME.encode_position(s)
    with pytest.raises(GrimoireError, match="settle"):
        GAME.decision(s)
    with pytest.raises(GrimoireError, match="settle"):
        GAME.apply(s, "activate:4")
    assert GAME.encode_position(s) == before
    events = settle(s)
    kinds = [e.kind for e in events]
    assert "activate" not in kinds and "attack" not in kinds
    assert kinds[:2] == (["phase", "turn"] if phase == "R" else ["turn", "phase"])
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and d.kind == "chant" and s.turn == 4


def test_scenario_sides_accept_dataclasses_and_mappings_alike() -> None:
    a = scenario(READY, Side(life=7), turn=5)
    b = scenario({"area": [("fireball", 2)], "hand": ["flame_sphere"]}, {"life": 7}, turn=5)
    assert GAME.encode_position(a) == GAME.encode_position(b)
    assert a.players[1].life == 7 and a.turn == 5 and a.phase == Phase.C


def test_settle_on_a_position_waiting_on_a_decision_changes_nothing() -> None:
    s = scenario(READY)
    before = GAME.encode_position(s)
    assert settle(s) == [] and GAME.encode_position(s) == before
    assert GAME.decision(s).ids() == ["place:3", "discard:3", "end"]  # type: ignore[union-attr]
