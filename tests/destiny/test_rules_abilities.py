"""Rules §9 (forecast abilities) of docs/rules/destiny.md."""

from __future__ import annotations

from destiny_helpers import GAME, field, find, kinds, options, play, position

from grimoire.core.game import Setup
from grimoire.games.destiny.state import SENSE_TIMINGS, V_SENSE, DestinyState, full_variant, variant_of

HOUKI = {"ability": "chimyaku_houki"}
KIJUTSU = {"ability": "chimyaku_kijutsu"}
KANCHI = {"ability": "chimyaku_kanchi"}
HAKO = {"ability": "chimyaku_no_hako"}


# ----- 9.1 地脈蜂起 ------------------------------------------------------------------------------
def test_rule_9_1_houki_discard_a_kiryoku_2_plus_and_the_user_enters_effect_ready() -> None:
    s = position(p0={**HOUKI, "hand": ["mikoshi_bearers#0", "festival_drummer#1", "taiko_ronin#2",
                                       "moon_rabbit#3", "war_cry#4"]})
    play(s, "summon:0")
    d = GAME.decision(s)
    assert d is not None and (d.kind, d.ids()) == ("houki", ["select:2", "skip"])  # power ≥ 2 気魄 only
    events = play(s, "select:2")
    assert find(events, "houki")[0].args == ("taiko_ronin", 2, "mikoshi_bearers", 0)
    assert s.players[0].field[0].ready and s.players[0].discard == [2]
    assert s.players[0].threads == 15  # not used: no cost
    play(s, "done", "attack:0", "done", "effect:0")
    assert s.players[0].threads == 15  # its own effect is free this very turn


def test_rule_9_1_houki_skip_and_no_question_without_a_card() -> None:
    s = position(p0={**HOUKI, "hand": ["mikoshi_bearers#0", "stall_bouncer#1"]})
    play(s, "summon:0", "skip")
    assert not s.players[0].field[0].ready
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]
    play(s, "summon:1")  # hand and crisis zone empty: nothing to discard, no question
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]
    s = position(p0={"hand": ["mikoshi_bearers#0", "stall_bouncer#1"]})
    play(s, "summon:0")
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]  # without the ability


def test_rule_9_1_the_houki_question_does_not_reveal_the_hand() -> None:
    # the opponent sees the same view whether or not the hand holds a 気魄 card of power ≥ 2 (§1.3)
    views, ids = [], []
    for extra in ("taiko_ronin#1", "fox_fire#1"):
        s = position(p0={**HOUKI, "hand": ["mikoshi_bearers#0", extra]})
        play(s, "summon:0")
        d = GAME.decision(s)
        assert d is not None and d.kind == "houki"
        views.append(GAME.view(s, 1))
        ids.append(d.ids())
    assert views[0] == views[1]
    assert ids == [["select:1", "skip"], ["skip"]]  # only fox_fire in hand: asked all the same, answer skip


# ----- 9.2 地脈記述 --------------------------------------------------------------------------------
def test_rule_9_2_kijutsu_uses_the_summoned_formulas_effect_at_once_without_response() -> None:
    s = position(p0={**KIJUTSU, "hand": ["binding_talisman#0"]},
                 p1={"field": ["fire_festival_giant#1"], "hand": ["veil_of_mist#2"]})
    play(s, "summon:0")
    d = GAME.decision(s)
    assert d is not None and (d.kind, d.ids()) == ("kijutsu", ["use:battle", "skip"])
    events = play(s, "use:battle", "target:1")
    assert kinds(events) == ["kijutsu", "use_user", "target", "pay", "power"]  # no response step for seat 1
    assert field(s, 0) == ["binding_talisman"] and s.players[0].threads == 13
    assert s.players[1].field[0].mod == -2


def test_rule_9_2_kijutsu_only_for_jutsushiki_with_user_targeting_groups() -> None:
    s = position(p0={**KIJUTSU, "hand": ["omikuji_scribe#0", "mikoshi_bearers#1", "seal_breaker#2"]},
                 p1={"field": ["fire_festival_giant#3"]})
    play(s, "summon:0")  # 術式 but its group only draws
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]
    play(s, "summon:2")  # seal_breaker: no opposing user of power ≤ 3 → nothing to use
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]


def test_rule_9_2_kijutsu_timing_main_variant_offers_main_groups_only() -> None:
    def summoned(card: str, **rules: str) -> DestinyState:
        s = position(p0={**KIJUTSU, "hand": [card + "#0"]}, p1={"field": ["war_cry#1"]})
        s.variant = variant_of(rules)
        play(s, "summon:0")
        return s
    assert options(summoned("binding_talisman")) == ["use:battle", "skip"]  # the rulings: battle groups too
    assert GAME.decision(summoned("binding_talisman", kijutsu_timing="main")).kind == "summon"  # type: ignore[union-attr]
    assert options(summoned("seal_breaker", kijutsu_timing="main")) == ["use:main", "skip"]


def test_rule_9_2_kijutsu_timing_any_variant_offers_attack_groups_without_a_battle() -> None:
    s = position(p0={**KIJUTSU, "hand": ["clockwork_oracle#0"]}, p1={"field": ["fire_festival_giant#1"]})
    play(s, "summon:0")
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]  # the rulings: no attack groups
    s = position(p0={**KIJUTSU, "hand": ["clockwork_oracle#0"]}, p1={"field": ["fire_festival_giant#1"]})
    s.variant = variant_of({"kijutsu_timing": "any"})
    play(s, "summon:0")
    assert options(s) == ["use:attack", "skip"]
    events = play(s, "use:attack", "target:1")
    assert s.players[1].field[0].mod == -2 and s.players[0].threads == 10
    assert "ca" not in kinds(events) and s.ca == 0  # no battle: the CA adds nothing
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]


# ----- 9.3 地脈感知 ---------------------------------------------------------------------------------
def test_rule_9_3_kanchi_discard_a_shinpi_card_to_affect_all_matching_users() -> None:
    s = position(p0={**KANCHI, "hand": ["seal_breaker#0", "fox_fire#1"]},
                 p1={"field": ["war_cry#2", "moon_rabbit#3", "fire_festival_giant#4"]})
    play(s, "effect:0")
    d = GAME.decision(s)
    assert d is not None and (d.kind, d.ids()) == ("sense", ["select:1", "skip"])
    events = play(s, "select:1")
    assert "target" not in kinds(events)
    assert [e.args[0] for e in find(events, "destroyed")] == ["war_cry", "moon_rabbit"]
    assert field(s, 1) == ["fire_festival_giant"] and s.players[0].discard == [0, 1]
    assert s.players[0].threads == 11


def test_rule_9_3_kanchi_skip_chooses_one_target_and_never_in_battle() -> None:
    s = position(p0={**KANCHI, "hand": ["seal_breaker#0", "fox_fire#1"]},
                 p1={"field": ["war_cry#2", "moon_rabbit#3"]})
    play(s, "effect:0", "skip", "target:3")
    assert field(s, 1) == ["war_cry"]
    s = position(phase="window_attacker", p0={**KANCHI, "field": ["war_cry#0"],
                                              "hand": ["binding_talisman#1", "fox_fire#2"]},
                 p1={"field": ["moon_rabbit#3"]}, tail="attacker=0 blocker=3")
    play(s, "effect:1")
    assert GAME.decision(s).kind == "target"  # type: ignore[union-attr]  # no sense question in battle


def test_rule_9_3_sense_timing_any_variant_asks_in_battle_too() -> None:
    def battle() -> DestinyState:
        return position(phase="window_attacker", p0={**KANCHI, "field": ["war_cry#0"],
                                                     "hand": ["binding_talisman#1", "fox_fire#2"]},
                        p1={"field": ["moon_rabbit#3"]}, tail="attacker=0 blocker=3")
    s = battle()
    s.variant = full_variant((0, 0, 1, SENSE_TIMINGS.index("any")))
    play(s, "effect:1")
    d = GAME.decision(s)
    assert d is not None and (d.kind, d.ids()) == ("sense", ["select:2", "skip"])
    events = play(s, "select:2")
    assert "target" not in kinds(events) and s.players[0].discard == [1, 2]
    s = battle()  # the default reading (the rulings): never in an attack
    play(s, "effect:1")
    assert GAME.decision(s).kind == "target"  # type: ignore[union-attr]
    started = GAME.new_state(Setup((GAME.cards.starter_deck("spirit_festival"),) * 2,
                                   GAME.options({"sense_timing": "any"}), seed=1))
    assert started.variant[V_SENSE] == 1 and GAME.view(started, 0)["rules"]["sense_timing"] == "any"


def test_rule_9_3_sense_scope_field_variant_reaches_both_sides() -> None:
    def sensed(**rules: str) -> DestinyState:
        s = position(p0={**KANCHI, "field": ["fox_fire#5", "thread_spinner#6"],
                         "hand": ["seal_breaker#0", "fox_fire#1"]},
                     p1={"field": ["war_cry#2", "fire_festival_giant#4"]})
        s.variant = variant_of(rules)
        play(s, "effect:0", "select:1")
        return s
    s = sensed()  # the rulings: every matching user on the side the effect targets
    assert field(s, 0) == ["fox_fire", "thread_spinner"] and field(s, 1) == ["fire_festival_giant"]
    s = sensed(sense_scope="field")  # every matching user on the field: one's own small users too
    assert field(s, 0) == [] and field(s, 1) == ["fire_festival_giant"]


def test_rule_9_3_the_sense_question_does_not_reveal_the_hand() -> None:
    views, ids = [], []
    for extra in ("fox_fire#1", "war_cry#1"):
        s = position(p0={**KANCHI, "hand": ["seal_breaker#0", extra]}, p1={"field": ["war_cry#2"]})
        play(s, "effect:0")
        d = GAME.decision(s)
        assert d is not None and d.kind == "sense"
        views.append(GAME.view(s, 1))
        ids.append(d.ids())
    assert views[0] == views[1]
    assert ids == [["select:1", "skip"], ["skip"]]
    s = position(p0={**KANCHI, "hand": ["seal_breaker#0"]}, p1={"field": ["war_cry#2"]})
    play(s, "effect:0")  # nothing left in hand or crisis zone: no question
    assert GAME.decision(s).kind == "target"  # type: ignore[union-attr]


# ----- 9.4 地脈の函 ----------------------------------------------------------------------------------
def _two_luck_gods(**rules: str) -> DestinyState:
    """Two 旅の福神 (全能, main: gain) in hand and ten cards in the deck, under ``rules``."""
    s = position(p0={**HAKO, "hand": ["wandering_luck_god#0", "wandering_luck_god#1"],
                     "deck": ["war_cry#2", "fox_fire#3", "moon_rabbit#4", "veil_of_mist#5", "taiko_ronin#6",
                              "stall_bouncer#7", "war_cry#8", "fox_fire#9", "moon_rabbit#10", "veil_of_mist#11"]})
    s.variant = variant_of(rules)
    return s


def test_rule_9_4_hako_zenno_use_draws_four_into_the_crisis_zone() -> None:
    s = _two_luck_gods()
    events = play(s, "effect:0")
    assert kinds(events) == ["use", "pay", "draw", "gain", "hako", "crisis", "crisis", "crisis", "crisis"]
    assert s.players[0].crisis == [3, 4, 5, 6] and s.players[0].hand == [1, 2]


def test_rule_9_4_hako_fires_on_second_omnipotent_use_by_default() -> None:
    s = _two_luck_gods()  # the seed: 「「全能」カードを使うときに自動で発動」, every use
    play(s, "effect:0")
    events = play(s, "effect:1")
    assert kinds(events) == ["use", "pay", "draw", "gain", "hako", "crisis", "crisis", "crisis", "crisis"]
    assert s.players[0].crisis == [3, 4, 5, 6, 8, 9, 10, 11] and s.players[0].deck == []


def test_rule_9_4_hako_fires_on_second_omnipotent_use_not_under_first_per_turn() -> None:
    s = _two_luck_gods(hako_limit="first_per_turn")  # the project's former reading, an option now
    play(s, "effect:0")
    events = play(s, "effect:1")
    assert "hako" not in kinds(events) and s.players[0].crisis == [3, 4, 5, 6]


def test_rule_9_4_hako_counts_summons_and_cancelled_uses() -> None:
    s = position(p0={**HAKO, "hand": ["festival_child#0"], "deck": ["war_cry*5"]})
    events = play(s, "summon:0")
    assert "hako" in kinds(events) and len(s.players[0].crisis) == 4
    s = position(p0={**HAKO, "hand": ["treasure_ship#0"], "deck": ["war_cry*5"]}, p1={"hand": ["veil_of_mist#9"]})
    events = play(s, "effect:0", "effect:9")
    assert "cancel" in kinds(events) and "hako" in kinds(events)


def test_rule_9_4_1_crisis_cards_work_as_hand_cards_for_summon_use_and_fate_only() -> None:
    s = position(p0={**HAKO, "crisis": ["beckoning_kitten#0", "war_cry#1"]})
    assert options(s) == ["summon:0", "summon:1", "effect:0", "done"]
    s = position(phase="fate", p0={**HAKO, "crisis": ["war_cry#0"]})
    assert options(s) == ["select:0", "skip"]
    v = GAME.view(s, 1)
    assert v["players"][0]["hand_count"] == 0 and v["players"][0]["crisis"] == [{"uid": 0, "card": "war_cry"}]


def test_rule_9_4_2_the_crisis_zone_is_public_and_its_owners_only() -> None:
    s = position(p0={**HAKO, "crisis": ["war_cry#0"]}, p1={"hand": ["fox_fire#1"]})
    assert GAME.view(s, 1)["players"][0]["crisis"] == [{"uid": 0, "card": "war_cry"}]
    assert GAME.view(s, None)["players"][0]["crisis"] == [{"uid": 0, "card": "war_cry"}]


def test_rule_9_4_3_the_crisis_zone_empties_at_every_turns_end_even_in_the_opponents_turn() -> None:
    s = position(phase="window_defender", p0={"field": ["war_cry#0"]},
                 p1={**HAKO, "field": ["fire_festival_giant#1"], "hand": ["festival_child#2"],
                     "deck": ["fox_fire#3", "moon_rabbit#4"]}, tail="attacker=0 blocker=1")
    events = play(s, "effect:2")  # seat 1 uses a 全能 battle card in seat 0's turn
    assert [e.args[0] for e in find(events, "crisis")] == ["fox_fire", "moon_rabbit"]
    play(s, "pass", "skip")
    assert s.players[1].crisis == [] and len(s.players[1].deck) == 1  # drew one back at its own draw step


def test_rule_9_4_hako_turn_own_variant_fires_in_its_owners_turn_only() -> None:
    def defended(**rules: str) -> tuple[DestinyState, list[str]]:
        s = position(phase="window_defender", p0={"field": ["war_cry#0"]},
                     p1={**HAKO, "field": ["fire_festival_giant#1"], "hand": ["festival_child#2"],
                         "deck": ["fox_fire#3", "moon_rabbit#4"]}, tail="attacker=0 blocker=1")
        s.variant = variant_of(rules)
        return s, kinds(play(s, "effect:2"))  # seat 1 uses a 全能 battle card in seat 0's turn
    assert "hako" in defended()[1]
    s, events = defended(hako_turn="own")
    assert "hako" not in events and s.players[1].crisis == []
    s = position(p0={**HAKO, "hand": ["festival_child#0"], "deck": ["war_cry*5"]})
    s.variant = variant_of({"hako_turn": "own"})
    assert "hako" in kinds(play(s, "summon:0"))  # in its owner's own turn it still fires


def test_rule_9_4_4_hako_with_a_short_deck_draws_what_there_is() -> None:
    s = position(p0={**HAKO, "hand": ["festival_child#0"], "deck": ["war_cry#1"]})
    events = play(s, "summon:0")
    assert kinds(events).count("crisis") == 1 and GAME.outcome(s) is None
