"""Rules 9 (life and the end), 10 (effects and timing) and 11 (options) of docs/rules/chant.md,
and every operation of the effect vocabulary (docs/rules/chant-cards.md)."""

from __future__ import annotations

import pytest
from chant_helpers import GAME, area_cards, build, find, ids, kinds, next_turn, play, uid

from grimoire.core.decision import Outcome
from grimoire.core.errors import OptionsError
from grimoire.core.game import Setup

BOOK = "heavenly_conflagration"


# ----------------------------------------------------------------- 9 life

def test_rule_9_1_paying_life_is_never_multiplied_and_may_lose() -> None:
    s = build({"life": 2, "area": [("cursed_demon_blade", 8, ["fireball"] * 3)] + [("railgun", 1)] * 7}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'cursed_demon_blade')}")
    assert find(ev, "pay_life")[0].args == (2, 0)
    assert kinds(ev)[-1] == "game_won" and GAME.outcome(s) == Outcome(1, "life") and "attack" not in kinds(ev)


def test_rule_9_2_zero_life_loses_at_once() -> None:
    s = build({"area": [("starfall_night", 9, ["fireball"] * 3)]}, {"life": 1}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'starfall_night')}")
    assert kinds(ev) == ["activate", "damage", "game_won"]  # the effect's damage ends it before the attack
    assert GAME.decision(s) is None and s.stack == []


def test_rule_9_3_both_at_zero_in_one_event_is_a_draw() -> None:
    s = build({"life": 1, "area": [("cringe_notebook", 1)]}, {"life": 1}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'cringe_notebook')}")
    assert kinds(ev)[-1] == "game_drawn" and GAME.outcome(s) == Outcome(None, "life")
    # the runaway damage is one event for both players
    s = build({"life": 3, "area": [("fireball", 2)] * 6}, {"life": 5, "area": [("ice_lance", 3)] * 5}, phase="A",
              chance="scripted,7,0,[0]")
    ev = play(s, "end")
    assert kinds(ev)[-1] == "game_drawn"


def test_rule_9_4_no_maximum_life() -> None:
    s = build({"area": [("afternoon_nap", 2), ("fireball", 2)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'afternoon_nap')}")
    assert find(ev, "gain_life")[0].args == (3, 23)


def test_rule_9_5_turn_limit_draw() -> None:
    s, ev = next_turn(turn=5, turn_limit=2)
    assert GAME.outcome(s) == Outcome(None, "turn_limit") and kinds(ev) == ["game_drawn"]
    game_setup = Setup((GAME.cards.starter_deck("fire"), GAME.cards.starter_deck("spirit")),
                       GAME.options({"turn_limit": 1}))
    state = GAME.new_state(game_setup)
    while GAME.decision(state) is not None:
        GAME.apply(state, GAME.decision(state).ids()[-1])
    assert GAME.outcome(state) == Outcome(None, "turn_limit") and state.turn == 2


# ----------------------------------------------------------------- 10 effects and timing

def test_rule_10_1_triggers() -> None:
    # chant start on placing, static while on the field, activate on activation, leave on leaving
    s = build({"library": ["ice_lance"], "hand": ["creative_urge", "whetstone"],
               "area": [("greatsword", 6), ("powder_keg", 5)]})
    assert kinds(play(s, f"place:{uid(s, 0, 'hand', 'creative_urge')}")) == ["place", "draw"]
    assert GAME.view(s, 0)["players"][0]["area"][0]["power"] == 4
    play(s, f"place:{uid(s, 0, 'hand', 'whetstone')}")
    assert GAME.view(s, 0)["players"][0]["area"][0]["power"] == 5  # static: 砥石 chanting counts
    play(s, "end", f"activate:{uid(s, 0, 'area', 'powder_keg')}")
    assert [p.life for p in s.players] == [19, 20 - 6 - 1]  # 火薬樽 power 5, +1 from 砥石, then 1 on leaving


def test_rule_10_2_simultaneous_effects_turn_player_first_in_area_order() -> None:
    p0 = {"area": [("powder_keg", 5), (BOOK, 6, ["fireball"]), ("railgun", 1)]}
    p1 = {"area": [("powder_keg", 5)] + [("ice_lance", 3)] * 7}
    s = build(p0, p1, phase="A", chance="scripted,7,0,[0]")
    ev = play(s, "end")
    k = kinds(ev)
    effect = [e for e in ev[k.index("to_blank"):k.index("runaway_damage")] if e.kind == "damage"]
    # 火薬樽 (P1), 天上の劫火 (P1), then the opponent's 火薬樽: each damages P1 then P2
    assert [e.player for e in effect] == [0, 1, 0, 1, 0, 1]


def test_rule_10_3_choices_by_the_owner() -> None:
    s = build({"area": [("trappers_net", 2), ("fireball", 2)]}, {"area": [("railgun", 1), ("railgun", 3)]},
              phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'trappers_net')}")
    d = GAME.decision(s)
    assert d.player == 0 and d.kind == "target"
    assert d.ids() == [f"target:{uid(s, 1, 'area', 'railgun')}", f"target:{uid(s, 1, 'area', 'railgun', 1)}"]
    ev = play(s, d.ids()[1])
    assert find(ev, "rewind")[0].args[2:] == (1, 2)
    # nothing to choose: the effect does nothing
    s = build({"area": [("trappers_net", 2), ("fireball", 2)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'trappers_net')}")
    assert kinds(ev) == ["activate", "leave"]


def test_rule_10_4_shuffles_use_the_seeded_rng_whatever_the_coin() -> None:
    decks = (GAME.cards.starter_deck("fire"), GAME.cards.starter_deck("spirit"))
    board = GAME.new_state(Setup(decks, GAME.options({"first_player": "0"}), seed=5, chance="board",
                                 chance_script=("10:00:01",)))
    prng = GAME.new_state(Setup(decks, GAME.options({"first_player": "0"}), seed=5))
    assert [board.ids[u] for u in board.players[0].library] == [prng.ids[u] for u in prng.players[0].library]
    s = build({"library": ["fireball", "ice_lance", "railgun", "longbow"],
               "area": [("fireball_primer", 2), ("fireball", 2)]}, phase="A", chance='board,7,0,["10:00:01"]')
    play(s, f"activate:{uid(s, 0, 'area', 'fireball_primer')}")
    assert s.chance.pos == 0 and s.chance.state != 7  # the shuffle used the PRNG, not a post


def test_rule_10_5_up_to_n_allows_zero() -> None:
    s = build({"forbidden": [BOOK], "area": [("ice_lance", 3)] * 3, "hand": ["fireball"]})
    play(s, f"book:{uid(s, 0, 'forbidden', BOOK)}")
    for _ in range(3):
        play(s, ids(s)[0])
    play(s, "done")
    assert "pay:0" in ids(s)
    ev = play(s, "pay:0")
    assert "pay_life" not in kinds(ev) and s.progress[uid(s, 0, "area", BOOK)] == 0


def test_rule_10_6_underlay_has_no_effects() -> None:
    s = build({"area": [(BOOK, 6, ["repair_nanomachines", "whetstone", "powder_keg"]), ("longbow", 4)]}, phase="A")
    assert GAME.view(s, 0)["players"][0]["area"][1]["power"] == 2  # 砥石 under the book: no static
    ev = play(s, "end")
    assert "gain_life" not in kinds(ev)  # no end-phase effect from underlay
    s = build({"area": [("starfall_night", 9, ["powder_keg", "powder_keg"])] + [("fireball", 2)] * 9},
              {"area": [("ice_lance", 3)]}, phase="A", chance="scripted,7,0,[0]")
    ev = play(s, "end")
    assert [e.args[0] for e in find(ev, "to_blank")] == ["powder_keg", "powder_keg"]
    assert len(find(ev, "damage")) == 2  # runaway damage only; no leave effect from the underlay


def test_rule_10_7_power_mod_includes_itself_adds_up_never_below_zero() -> None:
    s = build({"area": [("thousand_sword_forge", 7, ["fireball"] * 3), ("whetstone", 0), ("greatsword", 6)]},
              {"area": [("peace_of_mind", 0)] * 3 + [("throwing_knife", 0)]})
    mine = {c["card"]: c["power"] for c in GAME.view(s, 0)["players"][0]["area"]}
    assert mine == {"thousand_sword_forge": 5 + 2 - 3, "whetstone": None, "greatsword": 4 + 2 - 3}
    assert GAME.view(s, 0)["players"][1]["area"][3]["power"] == 1
    s = build({"area": [("prototype_laser", 1)]}, {"area": [("peace_of_mind", 0)] * 2})
    assert GAME.view(s, 0)["players"][0]["area"][0]["power"] == 0


def test_rule_10_8_tutor_places_only_below_five_chanting() -> None:
    s = build({"library": ["ice_lance", "fireball"], "area": [("fireball_primer", 2), ("fireball", 2)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'fireball_primer')}")
    assert kinds(ev)[:3] == ["activate", "tutor_place", "shuffle"]
    assert area_cards(s, 0)[-1] == ("fireball", 0)
    s = build({"library": ["ice_lance", "fireball"],
               "area": [("fireball_primer", 2), ("fireball", 2)] + [("railgun", 1)] * 5}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'fireball_primer')}")
    assert kinds(ev)[:3] == ["activate", "tutor_hand", "shuffle"]
    assert [s.ids[u] for u in s.players[0].hand] == ["fireball"]
    s = build({"library": ["ice_lance"], "area": [("fireball_primer", 2), ("fireball", 2)]}, phase="A")
    assert kinds(play(s, f"activate:{uid(s, 0, 'area', 'fireball_primer')}"))[:3] == [
        "activate", "tutor_miss", "shuffle"]


def test_rule_10_1_tutor_placed_card_chant_start_before_the_shuffle() -> None:
    from chant_helpers import position

    from grimoire.games.chant import ChantGame
    from grimoire.games.chant.notation import decode

    primer = {"id": "urge_primer", "kind": "library", "name": {"ja": "創作入門", "en": "Urge Primer"},
              "attribute": "spirit", "chant": 1, "text": {"ja": "創作意欲を探す。", "en": "Find an urge."},
              "effects": [{"on": "activate", "op": "tutor_chant", "card": "creative_urge"}]}
    game = ChantGame(tables={"urge_primer": primer})
    s = decode(position({"library": ["creative_urge", "ice_lance"], "area": [("urge_primer", 1), ("fireball", 2)]},
                        phase="A"), game.pool.__getitem__)
    ev = game.apply(s, f"activate:{uid(s, 0, 'area', 'urge_primer')}")
    assert kinds(ev)[:4] == ["activate", "tutor_place", "draw", "shuffle"]


# ----------------------------------------------------------------- the rest of the vocabulary

def test_vocabulary_discard_op_chooses_from_hand() -> None:
    s = build({"hand": ["ice_lance", "fireball", "fireball"], "area": [("throwing_knife", 0), ("fireball", 2)]},
              phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'throwing_knife')}")
    d = GAME.decision(s)
    assert d.kind == "discard_cards" and d.ids() == [f"pick:{uid(s, 0, 'hand', 'ice_lance')}",
                                                      f"pick:{uid(s, 0, 'hand', 'fireball')}"]
    ev = play(s, d.ids()[1])
    assert find(ev, "discard")[0].args[0] == "fireball" and len(s.players[0].hand) == 2
    s = build({"hand": ["ice_lance"], "area": [("throwing_knife", 0), ("fireball", 2)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'throwing_knife')}")
    assert kinds(ev)[:2] == ["activate", "discard"]  # forced: no decision


def test_vocabulary_advance_all_with_attribute_and_rewind_all_ready() -> None:
    s = build({"area": [("smiths_hammer", 2), ("greatsword", 1), ("fireball", 1)]},
              {"area": [("longbow", 1)]}, phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'smiths_hammer')}")
    assert area_cards(s, 0)[:2] == [("greatsword", 2), ("fireball", 1)]
    s = build({"area": [("emp", 5), ("fireball", 2)]}, {"area": [("railgun", 6), ("longbow", 2)]}, phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'emp')}")
    assert area_cards(s, 1) == [("railgun", 5), ("longbow", 2)]


# ----------------------------------------------------------------- 11 options

def test_rule_11_options_and_defaults() -> None:
    assert GAME.options() == {"exclusive_placement": False, "first_player": "coin", "starting_life": 20,
                              "first_player_life": 0,
                              "turn_limit": 60, "first_turn_draw": False, "runaway_threshold": 10, "chant_cap": 5,
                              "depth_multipliers": "1,1,1.5,2", "depth_damage": "a_phase"}
    assert GAME.options({"exclusive_placement": "true"})["exclusive_placement"] is True
    with pytest.raises(OptionsError, match="first_player"):
        GAME.options({"first_player": "2"})
    with pytest.raises(OptionsError, match="unknown rules option"):
        GAME.options({"coin": "heads"})
    s = GAME.new_state(Setup((GAME.cards.starter_deck("fire"), GAME.cards.starter_deck("fire")),
                             GAME.options({"exclusive_placement": True, "turn_limit": 9})))
    assert s.exclusive is True and s.turn_limit == 9
