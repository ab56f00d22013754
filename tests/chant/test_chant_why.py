"""Why Chant's events happened (grimoire.core.why): the rule and the numbers that went in."""

from __future__ import annotations

from chant_helpers import GAME, build, find, play, uid

from grimoire.core.why import explain


def test_rule_5_5_1_damage_explains_the_damaged_players_depth_and_multiplier() -> None:
    opponent = {"area": [("railgun", 1)] * 7}  # depth 2
    s = build({"area": [("starfall_night", 9, ["fireball"] * 3)]}, opponent, phase="A")
    events = play(s, f"activate:{uid(s, 0, 'area', 'starfall_night', 0)}")
    damage = find(events, "damage")[-1]
    assert GAME.events.named(damage)["depth"] == 2
    en, ja = explain(GAME, damage, "en"), explain(GAME, damage, "ja")
    assert en.rule == ja.rule == "5.5.1" and en.link == "/rules/chant#r-5.5.1"
    assert en.line("en") == "depth 2, A phase: 7 x1.5 → 10 (5.5.1)"
    assert ja.line("ja") == "深度2・Aフェイズ：7 x1.5 → 10（5.5.1）"


def test_rule_9_5_a_draw_by_turn_limit_names_its_own_rule() -> None:
    from grimoire.core.decision import Event

    drawn = explain(GAME, Event("game_drawn", 0, ("turn_limit",)), "en")
    by_life = explain(GAME, Event("game_drawn", 0, ("life",)), "en")
    assert (drawn.rule, by_life.rule) == ("9.5", "9.3")
