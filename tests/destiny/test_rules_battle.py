"""Rules §6 (battle) of docs/rules/destiny.md, including the seed's worked examples."""

from __future__ import annotations

import pytest
from destiny_helpers import GAME, TEST_GAME, field, find, kinds, options, play, position

from grimoire.games.destiny.battle import battle_values, clash, compare, modifiers, unblocked_loss
from grimoire.games.destiny.state import DestinyState, variant_of


def declare(attacker: str, blockers: list[str], p0: dict[str, object] | None = None,
            p1: dict[str, object] | None = None) -> DestinyState:
    """Seat 0 (turn 3) in its attack declaration with ``attacker`` as uid 0; seat 1's users from uid 1."""
    name, sep, flags = attacker.partition(":")
    spec0 = {"field": [f"{name}#0{sep}{flags}"], **(p0 or {})}
    spec1 = {"field": [f"{b}#{i + 1}" for i, b in enumerate(blockers)], **(p1 or {})}
    return position(phase="declare", p0=spec0, p1=spec1)


def fight(attacker: str, blocker: str) -> tuple[DestinyState, list[str], list[object]]:
    """Declare uid 0, block with uid 1, both pass: returns state, event kinds and the clash args."""
    s = declare(attacker, [blocker])
    events = play(s, "attack:0", "done", "block:1", "pass", "pass")
    clash_events = find(events, "clash")
    assert len(clash_events) == 1
    return s, kinds(events), list(clash_events[0].args)


# ----- 6.7 the seed's examples, through the whole engine ---------------------------------
def test_rule_6_7_1_power_2_attacks_power_1_defender_loses_1() -> None:
    """例）カードパワー２の能力者で、カードパワー１の能力者を攻撃。→カードパワーの差である１点分相手予報士の糸が減る。"""
    s, _, args = fight("mikoshi_bearers", "war_cry")  # 気魄 2 vs 気魄 1
    assert (args[2], args[5]) == (2, 1)
    assert field(s, 0) == ["mikoshi_bearers"] and field(s, 1) == []
    assert s.players[1].discard == [1]
    assert s.players[1].threads == 14


def test_rule_6_7_2_example_1_shinpi_2_attacks_kiryoku_3_both_leave() -> None:
    """例１）神秘属性カードパワー２の能力者で気魄属性カードパワー３の能力者を攻撃
    →神秘は相性により＋１で３ →相打ちで両者運命の糸が切れて捨て札に。"""
    s, _, args = fight("tea_leaf_maiden", "iron_fist_diviner")  # 神秘 2 (+1) vs 気魄 3
    assert (args[2], args[5]) == (3, 3)
    assert field(s, 0) == [] and field(s, 1) == []
    assert s.players[0].discard == [0] and s.players[1].discard == [1]
    assert s.players[1].threads == 15 and s.players[0].threads == 15


def test_rule_6_7_3_example_2_1_zenno_2_attacks_kiryoku_2_blocker_leaves_defender_loses_1() -> None:
    """例２－１）全能属性カードパワー２の能力者で気魄属性カードパワー２の能力者を攻撃
    全能は攻撃時相性により＋１で３ →気魄能力者、運命の糸が切れて捨て札に、相手予報士に１ダメージ"""
    s, _, args = fight("wandering_luck_god", "stall_bouncer")  # 全能 2 (+1) vs 気魄 2
    assert (args[2], args[5]) == (3, 2)
    assert field(s, 0) == ["wandering_luck_god"] and field(s, 1) == []
    assert s.players[1].threads == 14


def test_rule_6_7_4_example_2_2_kiryoku_3_attacks_zenno_4_both_leave() -> None:
    """例２－２）気魄属性のカードパワー３の能力者で全能属性カードパワー４の能力者を攻撃
    →全能は防御相性により－１で３ →相打ちとなり、両者捨て札に。"""
    s, _, args = fight("iron_fist_diviner", "treasure_ship")  # 気魄 3 vs 全能 4 (−1)
    assert (args[2], args[5]) == (3, 3)
    assert field(s, 0) == [] and field(s, 1) == []
    assert s.players[1].threads == 15


def test_rule_6_7_examples_as_pure_functions() -> None:
    assert clash(2, "kiryoku", 1, "kiryoku").loss == 1
    assert clash(2, "shinpi", 3, "kiryoku")[:2] == (3, 3)
    assert clash(2, "zenno", 2, "kiryoku")[:2] == (3, 2)
    assert clash(3, "kiryoku", 4, "zenno")[:2] == (3, 3)


# ----- 6.1 block ---------------------------------------------------------------------------
def test_rule_6_1_block_is_mandatory_when_the_defender_has_users() -> None:
    s = declare("mikoshi_bearers", ["war_cry", "paper_shikigami"])
    play(s, "attack:0", "done")
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and d.kind == "block"
    assert d.ids() == ["block:1", "block:2"]  # no way to decline


def test_rule_6_1_a_user_may_block_again_and_direct_attacks_need_an_empty_field() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0", "festival_drummer#1"]},
                 p1={"field": ["fire_festival_giant#2"]})
    events = play(s, "attack:0", "attack:1", "done", "block:2", "pass", "pass")
    assert options(s) == ["block:2"]  # the same giant blocks the second attack too
    events += play(s, "block:2", "pass", "pass")
    assert "unblocked" not in kinds(events) and "direct" not in kinds(events)
    assert s.players[1].threads == 15
    s2 = position(phase="declare", p0={"field": ["war_cry#0"]})
    events = play(s2, "attack:0", "done")
    assert "unblocked" in kinds(events)
    events += play(s2, "pass", "pass")
    assert find(events, "direct")[0].args[2] == 1
    assert s2.players[1].threads == 14


# ----- 6.2 effect window --------------------------------------------------------------------
def test_rule_6_2_1_attacker_phase_battle_cards_and_own_effect_once_each_followed_by_response() -> None:
    s = declare("mikoshi_bearers:v", ["fire_festival_giant"], p0={"hand": ["stall_bouncer#2"]},
                p1={"hand": ["veil_of_mist#3"]})
    play(s, "attack:0", "done", "block:1")
    d = GAME.decision(s)
    assert d is not None and d.player == 0 and d.kind == "window"
    assert d.ids() == ["effect:0", "effect:2", "pass"]  # the attacker's own effect first
    play(s, "effect:0")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind) == (1, "response")
    play(s, "pass")
    assert options(s) == ["effect:2", "pass"]  # the own effect is spent for this battle
    assert s.players[0].threads == 15  # a veteran's own effect is free


def test_rule_6_2_2_defender_phase_battle_cards_then_attacker_response() -> None:
    s = declare("war_cry", ["festival_drummer"], p0={"hand": ["veil_of_mist#2"]},
                p1={"hand": ["stall_bouncer#3"]})
    play(s, "attack:0", "done", "block:1", "pass")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind) == (1, "window") and d.ids() == ["effect:3", "pass"]
    play(s, "effect:3", "target:1")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind) == (0, "response")


def test_rule_6_2_3_window_does_not_return_to_the_attacker() -> None:
    s = declare("war_cry", ["festival_drummer"], p0={"hand": ["stall_bouncer#2"]})
    events = play(s, "attack:0", "done", "block:1", "pass", "pass")
    assert "clash" in kinds(events)  # damage right after the defender passes


def test_rule_6_2_4_blocker_leaving_during_the_window_ends_the_battle_without_damage() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0"], "hand": ["trial_smite#2"]},
                 p1={"field": ["festival_drummer#1"]}, game=TEST_GAME)
    events = play(s, "attack:0", "done", "block:1", "effect:2", "target:1")
    assert kinds(events)[-2:] == ["destroyed", "battle_void"]
    assert "clash" not in kinds(events) and s.players[1].threads == 15
    assert TEST_GAME.decision(s) is not None and TEST_GAME.decision(s).kind == "fate"  # type: ignore[union-attr]


def test_rule_6_2_4_blocker_leaves_unblocked_variant_lets_the_attack_through() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0"], "hand": ["trial_smite#2"]},
                 p1={"field": ["festival_drummer#1"]}, game=TEST_GAME)
    s.variant = variant_of({"blocker_leaves": "unblocked"})
    events = play(s, "attack:0", "done", "block:1", "effect:2", "target:1")
    assert kinds(events)[-2:] == ["destroyed", "blocker_left"] and s.blocker == -1
    assert find(events, "blocker_left")[0].args == ("war_cry", 0)
    events = play(s, "pass", "pass")  # the window goes on; then the damage step, as for an unblocked attack
    assert "direct" in kinds(events) and "battle_void" not in kinds(events)
    assert s.players[1].threads == 15 - 1


def test_rule_6_2_4_attacker_leaving_ends_the_battle_and_the_next_attack_follows() -> None:
    s = position(phase="declare", p0={"field": ["war_cry#0", "festival_drummer#1"]},
                 p1={"field": ["tea_leaf_maiden#2"], "hand": ["trial_smite#3"]}, game=TEST_GAME)
    events = play(s, "attack:0", "attack:1", "done", "block:2", "pass", "effect:3", "target:0")
    assert kinds(events)[-3:] == ["destroyed", "battle_void", "battle"]
    assert "clash" not in kinds(events)
    assert TEST_GAME.decision(s).ids() == ["block:2"]  # type: ignore[union-attr]


# ----- 6.3–6.5 damage -----------------------------------------------------------------------
def test_rule_6_3_battle_values_are_at_least_zero() -> None:
    assert battle_values(0, "jutsushiki", 0, "zenno") == (0, 0)
    s = position(phase="window_defender", p0={"field": ["war_cry#0:-3"]},
                 p1={"field": ["treasure_ship#1:-6"]}, tail="attacker=0 blocker=1")
    events = play(s, "pass")
    assert find(events, "clash")[0].args[2] == 0 and find(events, "clash")[0].args[5] == 0
    assert field(s, 0) == [] and field(s, 1) == []  # 0 = 0: both leave


@pytest.mark.parametrize(("att", "blk", "expected"), [
    ("kiryoku", "jutsushiki", (1, 0)), ("jutsushiki", "shinpi", (1, 0)), ("shinpi", "kiryoku", (1, 0)),
    ("jutsushiki", "kiryoku", (0, 1)), ("shinpi", "jutsushiki", (0, 1)), ("kiryoku", "shinpi", (0, 1)),
    ("kiryoku", "kiryoku", (0, 0)), ("shinpi", "shinpi", (0, 0)),
])
def test_rule_6_4_1_the_wheel_gives_the_advantaged_side_plus_one(att: str, blk: str,
                                                                  expected: tuple[int, int]) -> None:
    assert modifiers(att, blk) == expected


def test_rule_6_4_2_zenno_plus_one_attacking_minus_one_blocking() -> None:
    assert modifiers("zenno", "kiryoku") == (1, 0)
    assert modifiers("zenno", "zenno") == (1, -1)
    for attribute in ("kiryoku", "jutsushiki", "shinpi"):
        assert modifiers(attribute, "zenno") == (0, -1)


def test_rule_6_4_3_ja_removes_the_blockers_plus_one_not_zennos_minus_one() -> None:
    assert modifiers("kiryoku", "shinpi", ja=True) == (0, 0)
    assert modifiers("kiryoku", "zenno", ja=True) == (0, -1)
    # lantern_artificer (術式 3, JA) against 気魄 3: without JA 3 vs 4, with JA 3 vs 3
    s = declare("lantern_artificer:v", ["taiko_ronin"])
    events = play(s, "attack:0", "done", "block:1", "effect:0", "pass", "pass")
    clash_args = find(events, "clash")[0].args
    assert (clash_args[2], clash_args[5]) == (3, 3)


def test_rule_6_5_1_attacker_wins_blocker_leaves_owner_loses_the_difference() -> None:
    s, _, _ = fight("fire_festival_giant", "war_cry")  # 6 vs 1
    assert s.players[1].threads == 10 and field(s, 1) == []


def test_rule_6_5_2_equal_values_both_leave_nobody_loses() -> None:
    s, _, _ = fight("stall_bouncer", "mikoshi_bearers")
    assert field(s, 0) == [] and field(s, 1) == []
    assert (s.players[0].threads, s.players[1].threads) == (15, 15)


def test_rule_6_5_3_attacker_loses_only_its_user() -> None:
    s, _, _ = fight("war_cry", "fire_festival_giant")
    assert field(s, 0) == [] and field(s, 1) == ["fire_festival_giant"]
    assert (s.players[0].threads, s.players[1].threads) == (15, 15)


def test_rule_6_5_4_unblocked_attack_costs_power_without_attribute_modifier() -> None:
    assert unblocked_loss(2) == 2
    s = position(phase="declare", p0={"field": ["wandering_luck_god#0"]})  # 全能 2: no +1 unblocked
    play(s, "attack:0", "done", "pass", "pass")
    assert s.players[1].threads == 13


def test_rule_6_5_4_omni_direct_variant_gives_zenno_its_plus_one_unblocked() -> None:
    def direct(attacker: str, **rules: object) -> int:
        s = position(phase="declare", p0={"field": [f"{attacker}#0"]})
        s.variant = variant_of(rules)
        play(s, "attack:0", "done", "pass", "pass")
        return s.players[1].threads
    assert direct("wandering_luck_god") == 13  # the default: no defender to be strong against
    assert direct("wandering_luck_god", omni_direct=True) == 12  # 全能 2 + 1
    assert direct("stall_bouncer", omni_direct=True) == 13  # only 全能 gets it
    assert direct("wandering_luck_god", omni_direct=True, attribute_wheel="none") == 13  # no modifier at all


def test_rule_6_5_5_ca_adds_to_the_same_loss() -> None:
    assert compare(5, 3, ca=2).loss == 4
    s = declare("taiko_ronin:v", ["war_cry"])  # 気魄 3 vs 気魄 1, CA 1
    events = play(s, "attack:0", "done", "block:1", "effect:0", "pass", "pass")
    losses = find(events, "lose")
    assert [e.args[0] for e in losses] == [3]
    s = position(phase="declare", p0={"field": ["taiko_ronin#0:v"]})
    events = play(s, "attack:0", "done", "effect:0", "pass", "pass")
    assert [e.args[0] for e in find(events, "lose")] == [4]
    s = declare("taiko_ronin:v", ["fire_festival_giant"])  # a losing attack: CA does nothing
    play(s, "attack:0", "done", "block:1", "effect:0", "pass", "pass")
    assert s.players[1].threads == 15


def test_rule_6_5_6_users_leave_then_threads_then_the_lucky_check() -> None:
    s = declare("fire_festival_giant", ["war_cry"], p1={"threads": 3, "deck": ["fox_fire"]})
    events = play(s, "attack:0", "done", "block:1", "pass", "pass")
    order = [k for k in kinds(events) if k in ("leave", "lose", "lucky")]
    assert order == ["leave", "lose", "lucky"]
    assert field(s, 1) == ["fox_fire"] and s.players[1].threads == 0


def test_rule_6_6_power_resets_after_every_battle() -> None:
    s = position(phase="declare", p0={"field": ["mikoshi_bearers#0:v", "war_cry#1"]},
                 p1={"field": ["fire_festival_giant#2"]})
    play(s, "attack:0", "done", "block:2", "effect:0", "pass", "pass")  # 4 vs 6
    assert field(s, 1) == ["fire_festival_giant"]
    s = position(phase="declare", p0={"field": ["war_cry#0", "war_cry#1"]},
                 p1={"field": ["festival_drummer#2:+3"]})
    events = play(s, "attack:0", "attack:1", "done", "block:2", "pass", "pass")
    assert find(events, "clash")[0].args[5] == 4  # the +3 given before lasts into its battle …
    events = play(s, "block:2", "pass", "pass")
    assert find(events, "clash")[0].args[5] == 1  # … and ends with it
