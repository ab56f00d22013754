"""Rules 4 (overload) and 5 (the A phase: activation, counter, damage) of docs/rules/chant.md."""

from __future__ import annotations

import pytest
from chant_helpers import GAME, area_cards, build, find, ids, kinds, play, uid

from grimoire.core.errors import OptionsError
from grimoire.games.chant import ChantGame, rules
from grimoire.games.chant.scenario import scenario
from grimoire.games.chant.state import DEFAULT_VARIANT, ChantState

BOOK = "heavenly_conflagration"


def activate(s: object, card: str, p: int = 0, nth: int = 0) -> list:
    return play(s, f"activate:{uid(s, p, 'area', card, nth)}")


# ----------------------------------------------------------------- 4 overload

def test_rule_4_1_depth_counts_every_card_in_the_chant_area() -> None:
    s = build({"area": [("fireball", 2)] * 3 + [("railgun", 0)] * 2})
    assert GAME.view(s, 0)["players"][0]["depth"] == 0
    s = build({"area": [("fireball", 2)] * 3 + [("railgun", 0)] * 3})
    assert GAME.view(s, 0)["players"][0]["depth"] == 1


def test_rule_4_1_1_seed_example_two_cards_and_a_book_on_three() -> None:
    s = build({"area": [("fireball", 2), ("railgun", 1), (BOOK, 0, ["fireball", "ice_lance", "ice_lance"])]})
    assert GAME.view(s, 1)["players"][0]["depth"] == 1  # 2 + 1 + 3 = 6


def test_rule_4_1_2_seed_example_seven_cards_depth_2() -> None:
    s = build({"area": [("fireball", 2)] * 4 + [("railgun", 3)] * 3})
    assert GAME.view(s, None)["players"][0]["depth"] == 2


def test_rule_4_2_overflow_moves_forward_when_a_front_slot_frees() -> None:
    s = build({"area": [("fireball", 2), ("railgun", 1), ("railgun", 1), ("railgun", 1), ("railgun", 1),
                        ("ice_lance", 1)]}, phase="A")
    before = GAME.view(s, 0)["players"][0]["area"]
    assert [(c["card"], c["slot"]) for c in before][4:] == [("railgun", "front"), ("ice_lance", "overflow")]
    activate(s, "fireball")
    after = GAME.view(s, 0)["players"][0]["area"]
    assert [(c["card"], c["slot"], c["index"]) for c in after][-1] == ("ice_lance", "front", 4)
    # a new card is added at the end
    s = build({"hand": ["fireball", "ice_lance"], "area": [("railgun", 1)]})
    play(s, f"place:{uid(s, 0, 'hand', 'fireball')}")
    assert [c for c, _ in area_cards(s, 0)] == ["railgun", "fireball"]


def test_rule_4_3_overload_forbids_counter_and_raises_damage() -> None:
    opponent = {"area": [("fireball", 2)] * 4 + [("railgun", 1)] * 3}  # depth 2
    s = build({"area": [("thunderbolt", 5), ("fireball", 2)]}, opponent, phase="A")
    ev = activate(s, "thunderbolt")
    assert "counter" not in kinds(ev) and GAME.decision(s).kind == "activate"
    assert find(ev, "damage")[0].args == (3, "x1.5", 4, 16, 2, "a_phase")  # depth 2, in the A phase


# ----------------------------------------------------------------- 5.1 activation

def test_rule_5_1_1_activate_ready_cards_one_at_a_time_or_not_at_all() -> None:
    s = build({"area": [("fireball", 2), ("ice_lance", 3), ("railgun", 1)]}, phase="A")
    assert ids(s) == [f"activate:{uid(s, 0, 'area', 'fireball')}", f"activate:{uid(s, 0, 'area', 'ice_lance')}",
                      "end"]
    activate(s, "ice_lance")
    assert ids(s) == [f"activate:{uid(s, 0, 'area', 'fireball')}", "end"]
    ev = play(s, "end")
    assert area_cards(s, 0)[0] == ("fireball", 2) and ev[0].kind == "phase" and ev[0].args == ("E",)


def test_rule_5_1_2_each_card_at_most_once_per_turn() -> None:
    s = build({"area": [(BOOK, 6, ["fireball", "fireball", "fireball"]), ("ice_lance", 3)]}, phase="A")
    book = uid(s, 0, "area", BOOK)
    activate(s, BOOK)
    assert book in s.players[0].area and s.progress[book] == 6  # stays ready
    assert f"activate:{book}" not in ids(s)
    # counters are not limited: the opponent may counter with the same book in consecutive attacks
    s = build({"area": [("fireball", 2), ("fireball", 2)]},
              {"area": [(BOOK, 6, ["fireball", "fireball", "fireball"])]}, phase="A")
    book = uid(s, 1, "area", BOOK)
    activate(s, "fireball")
    play(s, f"counter:{book}")
    activate(s, "fireball")
    assert f"counter:{book}" in ids(s)


def test_rule_5_1_3_effects_then_attack_then_put_away() -> None:
    s = build({"area": [("purgatory_sphere", 7)]}, phase="A")
    ev = activate(s, "purgatory_sphere")
    assert kinds(ev)[:6] == ["activate", "damage", "attack", "damage", "leave", "phase"]
    assert [e.player for e in find(ev, "damage")] == [0, 1]


# ----------------------------------------------------------------- 5.2 power

def test_rule_5_2_1_power_with_static_modifiers_never_below_zero() -> None:
    s = build({"area": [("whetstone", 0), ("longbow", 4)]}, {"area": [("peace_of_mind", 0)]}, phase="A")
    assert [c["power"] for c in GAME.view(s, 0)["players"][0]["area"]] == [None, 2]  # +1 −1
    ev = activate(s, "longbow")
    assert find(ev, "attack")[0].args[2] == 2
    s = build({"area": [("prototype_laser", 1)]}, {"area": [("peace_of_mind", 0), ("peace_of_mind", 0)]}, phase="A")
    assert GAME.view(s, 0)["players"][0]["area"][0]["power"] == 0


# ----------------------------------------------------------------- 5.3 counter

def test_rule_5_3_1_opponent_may_counter_with_a_ready_card() -> None:
    s = build({"area": [("thunderbolt", 5)]}, {"area": [("ice_lance", 3), ("fireball", 2), ("railgun", 1)]},
              phase="A")
    activate(s, "thunderbolt")
    d = GAME.decision(s)
    assert d.player == 1 and d.kind == "counter" and d.prompt_args == ("thunderbolt", 3)
    assert d.ids() == [f"counter:{uid(s, 1, 'area', 'ice_lance')}", f"counter:{uid(s, 1, 'area', 'fireball')}",
                       "nocounter"]


def test_rule_5_3_2_no_counter_at_depth_1_or_more() -> None:
    s = build({"area": [("thunderbolt", 5), ("fireball", 2)]}, {"area": [("ice_lance", 3)] + [("railgun", 1)] * 5},
              phase="A")
    ev = activate(s, "thunderbolt")
    assert find(ev, "damage")[0].player == 1 and GAME.decision(s).player == 0


def test_rule_5_3_3_counter_card_is_activated_and_put_away() -> None:
    # 妖精の悪戯 as a counter: its "opponent" is the attacker
    s = build({"area": [("thunderbolt", 5), ("railgun", 2)]}, {"area": [("fairy_prank", 3)]}, phase="A")
    activate(s, "thunderbolt")
    ev = play(s, f"counter:{uid(s, 1, 'area', 'fairy_prank')}")
    d = GAME.decision(s)
    assert kinds(ev) == ["counter"] and d.player == 1 and d.kind == "target"
    assert d.ids() == [f"target:{uid(s, 0, 'area', 'thunderbolt')}", f"target:{uid(s, 0, 'area', 'railgun')}"]
    ev = play(s, f"target:{uid(s, 0, 'area', 'railgun')}")
    assert kinds(ev)[0] == "rewind" and ev[0].args[0] == "railgun" and ev[0].player == 0
    assert find(ev, "damage")[0].args[:3] == (3, "x1", 3) and find(ev, "damage")[0].player == 1
    assert s.ids[s.players[1].blank[0]] == "fairy_prank"


def test_rule_5_3_4_counter_without_power_counts_zero() -> None:
    s = build({"area": [("ice_lance", 3)]}, {"area": [("deep_breath", 0)]}, phase="A")
    activate(s, "ice_lance")
    ev = play(s, f"counter:{uid(s, 1, 'area', 'deep_breath')}")
    assert find(ev, "clash")[0].args == ("ice_lance", 2, "deep_breath", 0)
    assert [e.args for e in find(ev, "gain_life")] == [(1, 21)]
    assert find(ev, "damage")[0].args == (2, "x1", 2, 19, 0, "a_phase")


def test_rule_5_3_5_only_attacks_are_countered_and_counters_are_not() -> None:
    s = build({"area": [("cringe_notebook", 1), ("fireball", 2)]}, {"area": [("ice_lance", 3)]}, phase="A")
    ev = activate(s, "cringe_notebook")  # its effect damage comes first, without a counter decision
    assert kinds(ev)[:4] == ["activate", "damage", "damage", "attack"]
    assert GAME.decision(s).kind == "counter"
    ev = play(s, f"counter:{uid(s, 1, 'area', 'ice_lance')}")
    assert GAME.decision(s).kind == "activate" and "clash" in kinds(ev)


# ----------------------------------------------------------------- 5.4 attack damage

def test_rule_5_4_1_without_counter_the_opponent_takes_the_power() -> None:
    s = build({"area": [("railgun", 6)]}, {"area": [("fireball", 2)]}, phase="A")
    activate(s, "railgun")
    ev = play(s, "nocounter")
    assert kinds(ev)[:2] == ["nocounter", "damage"] and s.players[1].life == 16


def test_rule_5_4_2_lower_power_takes_the_difference() -> None:
    s = build({"area": [("railgun", 6)]}, {"area": [("fireball", 2)]}, phase="A")
    activate(s, "railgun")
    play(s, f"counter:{uid(s, 1, 'area', 'fireball')}")
    assert [p.life for p in s.players] == [20, 17]
    s = build({"area": [("fireball", 2)]}, {"area": [("railgun", 6)]}, phase="A")
    activate(s, "fireball")
    play(s, f"counter:{uid(s, 1, 'area', 'railgun')}")
    assert [p.life for p in s.players] == [17, 20]
    s = build({"area": [("ice_lance", 3)]}, {"area": [("rocket_punch", 3)]}, phase="A")
    activate(s, "ice_lance")
    ev = play(s, f"counter:{uid(s, 1, 'area', 'rocket_punch')}")
    assert "damage" not in kinds(ev) and [p.life for p in s.players] == [20, 20]


def test_rule_5_4_3_damage_first_then_attacker_then_counter_put_away() -> None:
    s = build({"area": [("powder_keg", 5)]}, {"area": [("particle_cannon", 9)]}, phase="A")
    activate(s, "powder_keg")
    ev = play(s, f"counter:{uid(s, 1, 'area', 'particle_cannon')}")
    # the counter's effect rewinds the attacker's only card, which is put away all the same
    assert kinds(ev)[:8] == ["counter", "rewind", "chanting", "clash", "damage", "leave", "damage", "damage"]
    assert [e.args[0] for e in find(ev, "leave")][:2] == ["powder_keg", "particle_cannon"]
    # clash 6 − 5 = 1 to the attacker, then 火薬樽's leave damage 1 to each player
    assert [p.life for p in s.players] == [18, 19]


# ----------------------------------------------------------------- 5.5 multiplier

def test_rule_5_5_1_multiplier_by_the_damaged_players_depth() -> None:
    for extra, expected in ((0, (7, "x1", 7)), (1, (7, "x1", 7)), (2, (7, "x1.5", 10)), (3, (7, "x2", 14)),
                            (6, (7, "x2", 14))):
        opponent = {"area": [("railgun", 1)] * (5 + extra)}
        s = build({"area": [("starfall_night", 9, ["fireball"] * 3)]}, opponent, phase="A")
        ev = activate(s, "starfall_night")
        attack = find(ev, "damage")[-1]
        assert attack.args[:3] == expected, extra


def test_rule_5_5_2_a_phase_damage_is_multiplied_never_life_paid() -> None:
    deep = [("railgun", 1)] * 8  # depth 3 with the card itself
    s = build({"area": [("cursed_demon_blade", 8, ["fireball"] * 3), *deep[:5]],
               "library": ["fireball"]}, {"area": [("fireball", 1)] * 8}, phase="A")
    ev = activate(s, "cursed_demon_blade")
    assert find(ev, "pay_life")[0].args == (2, 18)  # a cost: never doubled
    assert find(ev, "damage")[0].args == (9, "x2", 18, 2, 3, "a_phase")  # the attack: the opponent is at depth 3
    s = build({"area": [("cringe_notebook", 1)] + [("railgun", 1)] * 6}, {"area": [("railgun", 1)] * 7},
              phase="A")
    ev = activate(s, "cringe_notebook")
    assert [e.args[:3] for e in find(ev, "damage")] == [(1, "x1.5", 1), (1, "x1.5", 1), (1, "x1.5", 1)]


#: Test cards that deal damage outside the A phase (no shipped card does): 2 to the opponent at the
#: end of their owner's turn, and 2 to the opponent when placed (a chant-start effect in the C phase).
EMBER_CLOCK = {"id": "ember_clock", "kind": "library", "name": {"ja": "残り火の時計", "en": "Ember Clock"},
               "attribute": "fantasy", "chant": 1, "text": {"ja": "燃やす。", "en": "Burns."},
               "effects": [{"on": "end_phase", "op": "damage", "n": 2, "to": "opponent"}]}
SPARK_SEED = {"id": "spark_seed", "kind": "library", "name": {"ja": "火花の種", "en": "Spark Seed"},
              "attribute": "fantasy", "chant": 3, "text": {"ja": "燃やす。", "en": "Burns."},
              "effects": [{"on": "chant_start", "op": "damage", "n": 2, "to": "opponent"}]}
BURN_GAME = ChantGame(tables={"ember_clock": EMBER_CLOCK, "spark_seed": SPARK_SEED})
DEEP = [("railgun", 1)] * 8  # depth 3, nothing ready


def _burn_state(p0: dict[str, object], phase: str, depth_damage: str = "a_phase") -> ChantState:
    s = scenario(p0, {"area": DEEP}, game=BURN_GAME, phase=phase)
    s.variant = rules.variant_of(BURN_GAME.options({"depth_damage": depth_damage}))
    return s


def test_rule_5_5_2_end_phase_damage_is_not_multiplied() -> None:
    s = _burn_state({"area": [("ember_clock", 1)]}, "A")
    ev = BURN_GAME.apply(s, "end")
    assert [e.args for e in find(ev, "damage")] == [(2, "x1", 2, 18, 3, "not_a_phase")]  # the opponent: depth 3


def test_rule_5_5_2_c_phase_damage_is_not_multiplied() -> None:
    s = _burn_state({"hand": ["spark_seed"]}, "C")
    ev = BURN_GAME.apply(s, f"place:{uid(s, 0, 'hand', 'spark_seed')}")
    assert [e.args[:4] for e in find(ev, "damage")] == [(2, "x1", 2, 18)]


def test_rule_5_5_2_a_phase_effect_and_attack_are_multiplied() -> None:
    # 星降りの夜: 1 effect damage, then a 7 attack; the opponent at depth 3 takes both doubled
    s = build({"area": [("starfall_night", 9, ["fireball"] * 3)]}, {"area": DEEP}, phase="A")
    ev = activate(s, "starfall_night")
    assert [e.args[:4] for e in find(ev, "damage")] == [(1, "x2", 2, 18), (7, "x2", 14, 4)]


def test_rule_5_5_2_runaway_damage_is_multiplied_by_the_noted_depth() -> None:
    # the runaway check at the A phase's end: seat 0 (depth 3) blanks 6 ready cards, takes 6 × 2
    s = build({"area": [("fireball", 2)] * 6 + [("railgun", 1)] * 2}, {"area": [("ice_lance", 3)] * 5},
              phase="A", chance="scripted,7,0,[0]")
    ev = play(s, "end")
    assert find(ev, "damage")[0].args[:4] == (6, "x2", 12, 8)


def test_rule_5_5_2_option_all_multiplies_every_damage() -> None:
    s = _burn_state({"area": [("ember_clock", 1)]}, "A", "all")
    assert [e.args[:4] for e in find(BURN_GAME.apply(s, "end"), "damage")] == [(2, "x2", 4, 16)]
    s = _burn_state({"hand": ["spark_seed"]}, "C", "all")
    ev = BURN_GAME.apply(s, f"place:{uid(s, 0, 'hand', 'spark_seed')}")
    assert [e.args[:4] for e in find(ev, "damage")] == [(2, "x2", 4, 16)]


def test_rule_5_5_2_option_depth_damage_values() -> None:
    assert GAME.options()["depth_damage"] == "a_phase"
    assert rules.variant_of(GAME.options()) is DEFAULT_VARIANT
    assert rules.variant_of(GAME.options({"depth_damage": "all"}))[rules.V_DEPTH_ALL] == 1
    with pytest.raises(OptionsError) as exc:
        GAME.options({"depth_damage": "c_phase"})
    assert str(exc.value) == "rules option 'depth_damage' must be one of a_phase, all, got 'c_phase'"
    with pytest.raises(OptionsError, match="depth_damage must be one of a_phase, all"):
        rules.variant_of({"depth_damage": "e_phase"})
    # the position notation names the option only when it is not the default; views name it then too
    s = _burn_state({}, "A", "all")
    assert "~d0,r10,c5,m2.2.3.4,a1 " in BURN_GAME.encode_position(s)
    assert BURN_GAME.decode_position(BURN_GAME.encode_position(s)).variant == s.variant
    assert BURN_GAME.view(s, 0)["rules"]["depth_damage"] == "all"
    assert "depth_damage" not in BURN_GAME.view(_burn_state({}, "A"), 0)["rules"]
    with pytest.raises(OptionsError, match="a must be 1"):
        rules.parse_variant_text("d0,r10,c5,m2.2.3.4,a2")


# ----------------------------------------------------------------- 5.6 after activation

def test_rule_5_6_1_library_card_goes_to_the_blank_pile() -> None:
    s = build({"area": [("old_lantern", 1)], "library": ["fireball"]}, phase="A")
    ev = activate(s, "old_lantern")
    assert kinds(ev)[:3] == ["activate", "draw", "leave"]
    assert [s.ids[u] for u in s.players[0].blank] == ["old_lantern"] and s.players[0].area == []


def test_rule_5_6_2_book_spends_one_underlay_of_its_owners_choice() -> None:
    s = build({"area": [(BOOK, 6, ["fireball", "ice_lance", "fireball"])]}, phase="A")
    book = uid(s, 0, "area", BOOK)
    activate(s, BOOK)
    d = GAME.decision(s)
    assert d.kind == "spend_underlay" and d.player == 0
    assert d.ids() == [f"under:{uid(s, 0, f'under:{book}', 'fireball')}",
                       f"under:{uid(s, 0, f'under:{book}', 'ice_lance')}"]
    ev = play(s, d.ids()[1])
    assert kinds(ev)[0] == "to_blank" and ev[0].args[0] == "ice_lance"
    assert [s.ids[u] for u in s.under[book]] == ["fireball", "fireball"] and s.progress[book] == 6
    # one distinct choice: no decision; with no underlay left the book itself goes
    s = build({"area": [(BOOK, 6, ["fireball", "fireball"])]}, phase="A")
    ev = activate(s, BOOK)
    assert "to_blank" in kinds(ev) and len(s.under[uid(s, 0, "area", BOOK)]) == 1
    s = build({"area": [(BOOK, 6)]}, phase="A")
    ev = activate(s, BOOK)
    assert "leave" in kinds(ev) and s.players[0].area == [] and s.ids[s.players[0].blank[0]] == BOOK


def test_rule_5_6_3_leave_effects_after_damage_underlay_triggers_nothing() -> None:
    s = build({"area": [("powder_keg", 5)]}, {"area": [("fireball", 1)]}, phase="A")
    ev = activate(s, "powder_keg")
    assert kinds(ev)[:7] == ["activate", "attack", "damage", "leave", "damage", "damage", "phase"]
    s = build({"area": [(BOOK, 6, ["powder_keg", "powder_keg"])]}, phase="A")
    ev = activate(s, BOOK)
    assert kinds(ev).count("damage") == 1  # the attack only; the spent 火薬樽 triggers nothing
