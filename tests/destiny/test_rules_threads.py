"""Rules §8 (threads and the end of the forecast), §10 (end of the game) and §11 (options)."""

from __future__ import annotations

import pytest
from destiny_helpers import GAME, field, find, kinds, new_game, options, play, position

from grimoire.core.decision import Termination
from grimoire.core.errors import OptionsError
from grimoire.core.game import Setup
from grimoire.core.rng import Chance
from grimoire.games.destiny import actions


# ----- 8 threads ---------------------------------------------------------------------------
def test_rule_8_1_a_cost_needs_that_many_threads_a_zero_cost_always_pays_losses_clamp() -> None:
    s = position(p0={"threads": 3, "hand": ["seal_breaker#0", "thread_spinner#1"]}, p1={"field": ["war_cry#2"]})
    assert options(s) == ["summon:0", "summon:1", "effect:1", "done"]  # 4 > 3, 3 = 3
    s = position(phase="window_attacker", p0={"threads": 0, "field": ["mikoshi_bearers#0:v"]},
                 p1={"field": ["war_cry#1"]}, tail="attacker=0 blocker=1")
    assert options(s) == ["effect:0", "pass"]  # a veteran's own effect costs 0
    events = play(s, "effect:0")
    assert "pay" not in kinds(events) and s.players[0].threads == 0
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]}, p1={"threads": 2, "saved": True})
    events = play(s, "attack:0", "done", "pass", "pass")
    assert find(events, "lose")[0].args == (6, 0)  # no check for a loss; never below 0


def test_rule_8_2_1_a_lucky_reveal_saves_once_and_play_goes_on_at_zero() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]},
                 p1={"threads": 5, "deck": ["stall_bouncer#1", "war_cry#2"]})
    events = play(s, "attack:0", "done", "pass", "pass")
    assert kinds(events)[-3:] == ["direct", "lose", "lucky"]
    assert s.players[1].threads == 0 and s.players[1].saved
    user = s.players[1].field[0]
    assert (user.uid, user.veteran, user.ready) == (1, False, False)
    assert s.summons == 0 and GAME.outcome(s) is None and GAME.decision(s).kind == "fate"  # type: ignore[union-attr]


def test_rule_8_2_2_no_lucky_or_an_empty_deck_ends_the_forecast() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]}, p1={"threads": 5, "deck": ["war_cry#1"]})
    events = play(s, "attack:0", "done", "pass", "pass")
    assert kinds(events)[-2:] == ["reveal", "game_won"] and find(events, "reveal")[0].args == ("war_cry", 1, 5, 6)
    assert GAME.outcome(s).winner == 0  # type: ignore[union-attr]
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]}, p1={"threads": 5, "deck": []})
    play(s, "attack:0", "done", "pass", "pass")
    assert GAME.outcome(s).reason == "empty_deck_at_reveal"  # type: ignore[union-attr]


def test_rule_8_2_3_a_second_zero_in_the_cycle_loses_without_a_reveal() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]},
                 p1={"threads": 5, "saved": True, "deck": ["stall_bouncer#1"]})
    events = play(s, "attack:0", "done", "pass", "pass")
    assert "reveal" not in kinds(events) and "lucky" not in kinds(events)
    assert GAME.outcome(s).reason == "second_zero"  # type: ignore[union-attr]


def test_rule_8_2_4_at_zero_a_further_loss_reaches_zero_again() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0", "war_cry#1"]},
                 p1={"threads": 5, "deck": ["stall_bouncer#2", "war_cry#3"]})
    play(s, "attack:0", "attack:1", "done", "pass", "pass")  # saved by the bouncer
    assert s.players[1].threads == 0 and field(s, 1) == ["stall_bouncer"]
    play(s, "block:2", "pass", "pass")  # 1 vs 2: war_cry leaves, no loss
    assert GAME.outcome(s) is None
    s = position(phase="declare", p0={"field": ["war_cry#0"]}, p1={"threads": 0, "saved": True})
    play(s, "attack:0", "done", "pass", "pass")
    assert GAME.outcome(s).reason == "second_zero"  # type: ignore[union-attr]


def test_rule_8_3_the_save_works_once_per_cycle_and_resets_at_the_own_turn() -> None:
    s = position(phase="fate", p0={"field": ["fire_festival_giant#0:v"]},
                 p1={"threads": 0, "saved": True, "deck": ["war_cry#1", "fox_fire#2", "war_cry#3"]})
    play(s, "skip")  # seat 1's own turn begins: the save is back
    assert not s.players[1].saved and s.players[1].threads == 2
    play(s, "done", "skip", "pay:0", "done", "attack:0", "done", "pass", "pass")
    assert s.players[1].saved and field(s, 1) == ["fox_fire"] and GAME.outcome(s) is None


def test_rule_8_4_a_lucky_user_blocks_in_the_same_attack_step_and_needs_upkeep() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0", "war_cry#1"]},
                 p1={"threads": 5, "deck": ["stall_bouncer#2", "fox_fire#3", "war_cry#4"]})
    play(s, "attack:0", "attack:1", "done", "pass", "pass")
    assert options(s) == ["block:2"]
    play(s, "block:2", "pass", "pass", "skip")  # seat 1's turn: draw fox_fire, recover 2
    assert GAME.decision(s).kind == "upkeep" and options(s) == ["pay:2", "release:2"]  # type: ignore[union-attr]


def test_rule_8_5_a_lucky_card_in_hand_is_ordinary() -> None:
    s = position(phase="fate", p0={"hand": ["festival_drummer#0"]})
    assert options(s) == ["select:0", "skip"]
    s = position(p0={"hand": ["festival_drummer#0"]})
    assert options(s) == ["summon:0", "done"]


# ----- 10 end of the game ---------------------------------------------------------------------
def test_rule_10_1_the_opponent_of_the_loser_wins() -> None:
    for loser in (0, 1):
        s = position(phase="fate", active=loser, p1={"deck": []}, p0={"deck": []})
        play(s, "skip")
        outcome = GAME.outcome(s)
        assert outcome is not None and outcome.winner == loser and outcome.reason == "deck_out"


def test_rule_10_2_a_game_both_would_lose_is_a_draw() -> None:
    s = position()
    with pytest.raises(actions.GameEnded):
        actions.end_game(s, -1, Termination.TURN_LIMIT, [])
    assert GAME.outcome(s) is not None and GAME.outcome(s).winner is None  # type: ignore[union-attr]


def test_rule_10_3_turn_limit_draw() -> None:
    s = new_game(turn_limit=2, first_player="0")
    play(s, "none", "none", "keep", "keep", "done", "skip", "done")
    assert GAME.outcome(s) is None
    events = play(s, "skip")
    assert kinds(events)[-1] == "game_drawn" and GAME.outcome(s).reason == "turn_limit"  # type: ignore[union-attr]


# ----- 11 options --------------------------------------------------------------------------------
def test_rule_11_options_defaults_and_checks() -> None:
    assert GAME.options() == {"deck_size": 30, "max_copies": 3, "starting_threads": 15, "first_player": "coin",
                              "turn_limit": 120, "attribute_wheel": "on", "hako_trigger": "summon_or_use",
                              "crisis_expiry": True, "sense_timing": "main", "kijutsu_timing": "main_battle",
                              "sense_scope": "side", "hako_turn": "either", "blocker_leaves": "no_damage",
                              "hako_limit": "every", "omni_direct": False, "user_effects": "attack",
                              "lucky_limit": 0}
    for bad in ({"deck_size": 9}, {"max_copies": 0}, {"starting_threads": 0}, {"first_player": "2"},
                {"turn_limit": 1}, {"hand_size": 5}, {"kijutsu_timing": "battle"}, {"sense_scope": "all"},
                {"hako_turn": "opponent"}, {"blocker_leaves": "yes"}, {"hako_limit": "first"},
                {"hako_limit": "once"}, {"omni_direct": "sometimes"}, {"user_effects": "main"}):
        with pytest.raises(OptionsError):
            GAME.options(bad)


def test_rule_11_1_default_games_end_before_turn_47() -> None:
    decks = [GAME.cards.starter_deck(name) for name in sorted(GAME.cards.starter_decks())]
    chooser = Chance.seeded(11)
    for i in range(120):
        s = GAME.new_state(Setup((decks[i % 4], decks[(i // 4) % 4]), GAME.options(), seed=i))
        while (d := GAME.decision(s)) is not None:
            GAME.apply_unchecked(s, d.options[chooser.below(len(d.options))].id, [])
        assert s.turn <= 47 and s.reason != "turn_limit"
