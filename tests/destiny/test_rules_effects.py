"""Rules §7 (effects) of docs/rules/destiny.md."""

from __future__ import annotations

from destiny_helpers import GAME, TEST_GAME, field, find, kinds, options, play, position

from grimoire.games.destiny.state import DestinyState, variant_of


def test_rule_7_1_each_group_only_at_its_timing() -> None:
    # summon step: main groups only (stall_bouncer is battle, veil_of_mist response, mikoshi attack)
    s = position(p0={"hand": ["seal_breaker#0", "stall_bouncer#1", "veil_of_mist#2", "mikoshi_bearers#3"]},
                 p1={"field": ["war_cry#4"]})
    assert [o for o in options(s) if o.startswith("effect")] == ["effect:0"]
    # effect window: battle groups from hand, the attacker's attack group; never main or response
    s = position(phase="window_attacker", p0={"field": ["mikoshi_bearers#0"],
                                              "hand": ["seal_breaker#1", "stall_bouncer#2", "veil_of_mist#3"]},
                 p1={"field": ["war_cry#4"]}, tail="attacker=0 blocker=4")
    assert options(s) == ["effect:0", "effect:2", "pass"]
    # the blocker's own attack group is not offered to the defender
    s = position(phase="window_defender", p0={"field": ["war_cry#0"]},
                 p1={"field": ["mikoshi_bearers#1:v"], "hand": ["veil_of_mist#2"]}, tail="attacker=0 blocker=1")
    assert options(s) == ["pass"]


def test_rule_7_2_cost_is_the_printed_power_and_the_card_goes_to_the_discard_pile() -> None:
    s = position(p0={"hand": ["thread_spinner#0"], "crisis": ["treasure_ship#1"]})
    events = play(s, "effect:0")
    assert find(events, "pay")[0].args == (3, 12) and s.players[0].discard == [0]
    assert "effect:1" in options(s)  # a crisis-zone card is used as if in hand
    play(s, "effect:1")
    assert s.players[0].crisis == [] and s.players[0].discard == [0, 1]
    s = position(p0={"threads": 2, "hand": ["thread_spinner#0"]})
    assert "effect:0" not in options(s)


def test_rule_7_3_cancel_stops_the_use_cost_stays_paid_and_is_not_answered() -> None:
    s = position(p0={"hand": ["crystal_prophet#0", "veil_of_mist#2"]}, p1={"hand": ["mirror_ward#1"]})
    play(s, "effect:0")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind, d.ids()) == (1, "response", ["effect:1", "pass"])
    events = play(s, "effect:1")
    assert kinds(events) == ["use", "pay", "cancel", "draw"]
    assert s.players[0].threads == 11 and s.players[1].threads == 12  # both costs paid, no loss for seat 1
    assert s.players[0].discard == [0] and s.players[1].discard == [1]
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]  # nobody may answer the cancel


def test_rule_7_3_no_response_step_when_public_information_rules_a_response_out() -> None:
    # at 0 threads no cost can be paid; with no hand card only the (public) crisis zone could answer
    s = position(p0={"hand": ["beckoning_kitten#0"]}, p1={"threads": 0, "hand": ["veil_of_mist#1"]})
    events = play(s, "effect:0")
    assert kinds(events) == ["use", "pay", "gain"]
    s = position(p0={"hand": ["beckoning_kitten#0"]}, p1={"crisis": ["fox_fire#1"]})
    events = play(s, "effect:0")
    assert kinds(events) == ["use", "pay", "gain"]
    s = position(p0={"hand": ["beckoning_kitten#0"]}, p1={"crisis": ["veil_of_mist#1"]})
    play(s, "effect:0")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind, d.ids()) == (1, "response", ["effect:1", "pass"])


def test_rule_7_3_the_response_step_does_not_reveal_the_opponents_hand() -> None:
    # the opponent's hand is hidden (§1.3): whether a response step opens must not depend on it
    views = []
    for hand in (["veil_of_mist#1"], ["fox_fire#1"], ["veil_of_mist#1", "fox_fire#2"]):
        s = position(p0={"hand": ["beckoning_kitten#0"]}, p1={"threads": 1, "hand": hand})
        play(s, "effect:0")
        d = GAME.decision(s)
        assert d is not None and (d.player, d.kind, d.ids()) == (1, "response", ["pass"])  # 1 thread: no cancel
        views.append(GAME.view(s, 0))
    for hand in (["veil_of_mist#1"], ["fox_fire#1"]):
        s = position(p0={"hand": ["beckoning_kitten#0"]}, p1={"hand": hand})
        play(s, "effect:0")
        views.append(GAME.view(s, 0))
    assert all(v["waiting"] == {"player": 1, "kind": "response"} for v in views)
    assert views[3] == views[4]


def test_rule_7_3_a_pass_lets_the_use_resolve() -> None:
    s = position(p0={"hand": ["beckoning_kitten#0"]}, p1={"hand": ["veil_of_mist#1"]})
    events = play(s, "effect:0", "pass")
    assert kinds(events) == ["use", "pay", "no_response", "gain"] and s.players[0].threads == 16


def test_rule_7_4_targets_chosen_on_use_needed_to_use_and_checked_on_resolution() -> None:
    s = position(p0={"hand": ["seal_breaker#0"]}, p1={"field": ["fire_festival_giant#1"]})
    assert "effect:0" not in options(s)  # no opposing user of power 3 or less
    s = position(p0={"hand": ["nine_seal_master#0"], "field": ["war_cry#1"]}, p1={"field": ["moon_rabbit#2"]})
    play(s, "effect:0")
    d = GAME.decision(s)
    assert d is not None and (d.kind, d.ids()) == ("target", ["target:1", "target:2"])  # own side first
    s = position(p0={"hand": ["trial_combo#0"]}, p1={"field": ["stall_bouncer#1"]}, game=TEST_GAME)
    events = play(s, "effect:0", "target:1", "target:1")  # +2 makes it 4: no longer ≤ 3
    assert "destroyed" not in kinds(events) and field(s, 1) == ["stall_bouncer"]


def test_rule_7_5_own_effect_only_in_own_attack_once_free_for_veterans_else_power() -> None:
    s = position(phase="declare", p0={"field": ["mikoshi_bearers#0"]}, p1={"field": ["fire_festival_giant#1"]})
    play(s, "attack:0", "done", "block:1")
    assert options(s) == ["effect:0", "pass"]
    d = GAME.decision(s)
    assert d is not None and d.options[0].args == ("mikoshi_bearers", 2)  # not a veteran: costs its power
    events = play(s, "effect:0")
    assert find(events, "pay")[0].args == (2, 13)
    assert find(events, "power")[0].args[2:] == (2, 4)
    assert options(s) == ["pass"]  # once per battle
    s = position(phase="declare", p0={"field": ["mikoshi_bearers#0:r"]}, p1={"field": ["fire_festival_giant#1"]})
    events = play(s, "attack:0", "done", "block:1", "effect:0")
    assert "pay" not in kinds(events)  # effect-ready: free
    s = position(phase="declare", p0={"threads": 1, "field": ["mikoshi_bearers#0"]},
                 p1={"field": ["fire_festival_giant#1"]})
    play(s, "attack:0", "done", "block:1")
    assert options(s) == ["pass"]  # cannot pay 2


def test_rule_7_5_user_effects_any_variant_lets_a_user_use_its_battle_or_main_group() -> None:
    def attacking(attacker: str, **rules: str) -> DestinyState:
        s = position(phase="declare", p0={"field": [f"{attacker}#0"]},
                     p1={"field": ["moon_rabbit#1"], "hand": ["veil_of_mist#2"]})
        s.variant = variant_of(rules)
        play(s, "attack:0", "done", "block:1")
        return s
    assert options(attacking("stall_bouncer")) == ["pass"]  # the default: attack groups only
    s = attacking("stall_bouncer", user_effects="any")  # 夜店の用心棒's battle group: +2 to an own user
    assert options(s) == ["effect:0", "pass"]
    events = play(s, "effect:0")
    assert find(events, "use_user")[0].args == ("stall_bouncer", 0, "battle")
    assert GAME.decision(s).kind == "target"  # type: ignore[union-attr]
    events = play(s, "target:0")
    assert find(events, "pay")[0].args == (2, 13)  # not a veteran: costs its power, as an attack group would
    assert GAME.decision(s).kind == "response"  # type: ignore[union-attr]  # answered like any use
    events = play(s, "pass")
    assert find(events, "power")[0].args[2:] == (2, 4) and options(s) == ["pass"]  # once per battle
    assert 0 in [u.uid for u in s.players[0].field]  # the user stays on the field
    s = attacking("seal_breaker", user_effects="any")  # a main group (destroy power <= 3) in its own attack
    events = play(s, "effect:0", "target:1", "pass")
    assert find(events, "destroyed")[0].args[:2] == ("moon_rabbit", 1) and "battle_void" in kinds(events)


def test_rule_7_6_modifiers_last_until_their_users_next_battle_or_the_end_of_the_turn() -> None:
    s = position(p0={"hand": ["trial_combo#0"], "field": ["war_cry#1", "fire_festival_giant#2"]},
                 p1={"field": ["festival_drummer#3", "stall_bouncer#4"]}, game=TEST_GAME)
    play(s, "effect:0", "target:1", "target:3")  # +2 on war_cry; destroy the drummer
    assert s.players[0].field[0].mod == 2
    play(s, "done", "attack:2", "done", "block:4", "pass", "pass")  # war_cry does not fight
    assert s.players[0].field[0].mod == 2
    play(s, "skip")  # end of the turn
    assert s.players[0].field[0].mod == 0


def test_rule_7_7_the_lucky_check_interrupts_an_effect() -> None:
    s = position(p0={"hand": ["crystal_prophet#0"]}, p1={"threads": 2, "deck": ["fox_fire#1"]})
    events = play(s, "effect:0")  # lose 2, then draw 1
    assert kinds(events) == ["use", "pay", "lose", "lucky", "draw"]
