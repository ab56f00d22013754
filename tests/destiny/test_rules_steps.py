"""Rules §5 (the steps of a turn) of docs/rules/destiny.md."""

from __future__ import annotations

from destiny_helpers import GAME, TEST_GAME, field, find, kinds, options, play, position


# ----- 5.1 draw step -------------------------------------------------------------------------
def test_rule_5_1_empty_deck_at_the_draw_step_loses_effect_draws_never_do() -> None:
    s = position(phase="fate", active=1, p0={"deck": []})
    events = play(s, "skip")
    assert kinds(events)[-1] == "game_won"
    outcome = GAME.outcome(s)
    assert outcome is not None and (outcome.winner, outcome.reason) == (1, "deck_out")
    s = position(p0={"hand": ["tea_leaf_maiden#0"], "deck": ["war_cry#1"]})
    events = play(s, "effect:0")  # draw 2 from a 1-card deck
    assert len(find(events, "draw")) == 1 and GAME.outcome(s) is None
    assert s.players[0].hand == [1]


# ----- 5.2 recovery ----------------------------------------------------------------------------
def test_rule_5_2_recover_two_except_the_first_turn_no_maximum() -> None:
    s = position(phase="fate", active=1, p0={"threads": 40})
    events = play(s, "skip")
    assert find(events, "recover")[0].args == (2, 42)
    s = position(phase="fate", active=0, turn=1, p1={"turns": 0})
    events = play(s, "skip")
    assert "recover" not in kinds(events) and s.players[1].threads == 15


# ----- 5.3 upkeep ------------------------------------------------------------------------------
def test_rule_5_3_upkeep_oldest_first_pay_printed_power_or_leave() -> None:
    s = position(phase="fate", active=1, p0={"threads": 4, "field": ["oni_mask_champion#0:+3", "war_cry#1"]})
    play(s, "skip")  # seat 0: 4 + 2 = 6 threads
    d = GAME.decision(s)
    assert d is not None and d.kind == "upkeep" and d.ids() == ["pay:0", "release:0"]
    events = play(s, "pay:0")
    assert find(events, "pay")[0].args == (5, 1)  # printed power, not modified power
    assert options(s) == ["pay:1", "release:1"]  # 1 thread left: war_cry can still be paid
    events = play(s, "release:1")
    assert field(s, 0) == ["oni_mask_champion"] and s.players[0].discard == [1]
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]


def test_rule_5_3_upkeep_comes_every_turn() -> None:
    s = position(phase="fate", active=1, p0={"field": ["war_cry#0"]})
    play(s, "skip")
    assert GAME.decision(s).kind == "upkeep"  # type: ignore[union-attr]
    play(s, "pay:0", "done", "done", "skip")  # seat 0's turn; then seat 1's: no users, no upkeep
    assert GAME.decision(s).kind == "summon" and s.active == 1  # type: ignore[union-attr]
    play(s, "done", "skip")
    assert options(s) == ["pay:0", "release:0"] and s.active == 0  # a veteran still pays, every turn


def test_rule_5_3_without_enough_threads_the_only_option_is_to_let_it_leave() -> None:
    s = position(phase="fate", active=1, p0={"threads": 1, "field": ["fire_festival_giant#0"]})
    play(s, "skip")
    assert options(s) == ["release:0"]


def test_rule_5_3_paying_to_zero_triggers_the_lucky_check_and_late_arrivals_skip_upkeep() -> None:
    s = position(phase="fate", active=1, p0={"threads": 1, "field": ["iron_fist_diviner#0", "war_cry#1"],
                                             "deck": ["fire_festival_giant#5", "fox_fire#2"]})
    play(s, "skip")  # draws the giant; 3 threads
    events = play(s, "pay:0")
    assert kinds(events) == ["upkeep", "pay", "lucky", "veteran"]
    assert field(s, 0) == ["iron_fist_diviner", "war_cry", "fox_fire"]
    d = GAME.decision(s)
    assert d is not None and d.ids() == ["release:1"]  # at 0 threads
    play(s, "release:1")
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]  # fox_fire is not upkept this turn


# ----- 5.4 summon step --------------------------------------------------------------------------
def test_rule_5_4_1_summon_from_hand_or_crisis_zone_at_most_two_no_cost() -> None:
    s = position(p0={"hand": ["war_cry#0", "fox_fire#1"], "crisis": ["festival_child#2"]})
    assert options(s) == ["summon:0", "summon:1", "summon:2", "done"]
    events = play(s, "summon:2", "summon:0")
    assert kinds(events) == ["summon", "summon"] and s.players[0].threads == 15
    assert options(s) == ["done"]
    assert field(s, 0) == ["festival_child", "war_cry"]


def test_rule_5_4_2_main_effects_any_number_between_summons() -> None:
    s = position(p0={"hand": ["beckoning_kitten#0", "beckoning_kitten#1", "war_cry#2"]})
    assert options(s) == ["summon:0", "summon:1", "summon:2", "effect:0", "effect:1", "done"]
    play(s, "effect:0", "summon:2", "effect:1")
    assert s.players[0].threads == 15 - 1 + 2 - 1 + 2
    assert options(s) == ["done"]
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]


def test_rule_5_4_3_ending_the_summon_step_goes_to_the_attack_step() -> None:
    s = position(p0={"field": ["war_cry#0"]})
    play(s, "done")
    d = GAME.decision(s)
    assert d is not None and d.kind == "attackers" and d.ids() == ["attack:0", "done"]


def test_rule_5_4_4_no_summoning_sickness() -> None:
    s = position(p0={"hand": ["war_cry#0"]})
    play(s, "summon:0", "done")
    assert options(s) == ["attack:0", "done"]


def test_rule_5_4_5_a_lucky_entry_does_not_count_toward_two_summons() -> None:
    s = position(p0={"threads": 1, "hand": ["beckoning_kitten#0", "war_cry#1", "war_cry#2"],
                     "deck": ["fox_fire#3"]})
    play(s, "summon:1")
    events = play(s, "effect:0")  # pays 1: 0 threads → Lucky! fox_fire enters
    assert "lucky" in kinds(events) and s.summons == 1
    assert options(s)[0] == "summon:2"


# ----- 5.5 attack step -----------------------------------------------------------------------------
def test_rule_5_5_1_declare_one_at_a_time_none_means_no_attack() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0", "fox_fire#1"]})
    assert options(s) == ["attack:0", "attack:1", "done"]
    play(s, "attack:1")
    assert options(s) == ["attack:0", "done"]
    events = play(s, "done")
    assert [e.args[1] for e in find(events, "battle")] == [1]
    s = position(phase="declare", p0={"field": ["war_cry#0"]})
    events = play(s, "done")
    assert "battle" not in kinds(events) and GAME.decision(s).kind == "fate"  # type: ignore[union-attr]


def test_rule_5_5_2_battles_in_declared_order_defender_sees_all_attackers() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0", "fox_fire#1"]}, p1={"field": ["moon_rabbit#2"]})
    play(s, "attack:1", "attack:0", "done")
    assert GAME.view(s, 1)["declared"] == [1, 0]
    assert GAME.view(s, 1)["battle"]["attacker"] == {"uid": 1, "card": "fox_fire"}


def test_rule_5_5_3_a_declared_attacker_gone_is_skipped() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0", "festival_drummer#1"]},
                 p1={"field": ["fire_festival_giant#2"], "hand": ["trial_smite#3"]}, game=TEST_GAME)
    play(s, "attack:0", "attack:1", "done", "block:2", "pass", "effect:3", "target:1")
    assert field(s, 0) == ["war_cry"]  # the second declared attacker is destroyed in the first battle
    events = play(s, "pass")
    assert kinds(events)[-2:] == ["leave", "attack_skipped"]
    assert TEST_GAME.decision(s).kind == "fate"  # type: ignore[union-attr]


def test_rule_5_5_3_a_user_entering_after_the_declaration_does_not_attack() -> None:
    s = position(phase="declare", p0={"threads": 1, "field": ["war_cry#0"], "hand": ["fox_fire#1"],
                                      "deck": ["festival_drummer#3"]}, p1={"field": ["fire_festival_giant#2"]})
    play(s, "attack:0", "done", "block:2")
    events = play(s, "effect:1")  # fox_fire costs 1: 0 threads, Lucky! drummer enters
    assert "lucky" in kinds(events)
    events = play(s, "pass", "pass")
    assert len(find(events, "battle")) == 0 and GAME.decision(s).kind == "fate"  # type: ignore[union-attr]


# ----- 5.6 fate selection ------------------------------------------------------------------------
def test_rule_5_6_fate_selection_one_card_for_its_power_or_nothing() -> None:
    s = position(phase="fate", p0={"threads": 3, "hand": ["oni_mask_champion#0", "war_cry#1"],
                                   "crisis": ["festival_child#2"]})
    assert options(s) == ["select:0", "select:1", "select:2", "skip"]
    events = play(s, "select:0")
    assert find(events, "fate")[0].args == ("oni_mask_champion", 0) and find(events, "fate")[0].private_to == -1
    assert s.players[0].threads == 8 and s.players[0].discard == [0]
    assert s.active == 1  # only one card: the turn is over
    s = position(phase="fate")
    events = play(s, "skip")
    assert "fate_skip" in kinds(events) and s.players[0].threads == 15


# ----- 5.7 end of the turn -------------------------------------------------------------------------
def test_rule_5_7_modifiers_end_crisis_goes_under_the_deck_turn_limit() -> None:
    s = position(phase="fate", p0={"field": ["war_cry#0:+2"], "crisis": ["festival_child#1", "fox_fire#2"],
                                   "deck": ["moon_rabbit#3"]}, p1={"field": ["war_cry#4:-1"]})
    events = play(s, "skip")
    assert s.players[0].field[0].mod == 0 and s.players[1].field[0].mod == 0
    assert find(events, "crisis_back")[0].args == (2,)
    assert s.players[0].crisis == [] and s.players[0].deck == [2, 1, 3]  # bottom: drawn order, top last
    s = position(phase="fate", turn=120)
    events = play(s, "skip")
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winner is None and outcome.reason == "turn_limit"
    assert kinds(events)[-1] == "game_drawn"
