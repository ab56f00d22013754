"""Rule 8 (the seed's sample cards) of docs/rules/chant.md, played through the engine."""

from __future__ import annotations

import pytest
from chant_helpers import GAME, build, find, ids, kinds, play, uid

BOOK = "heavenly_conflagration"


def test_rule_8_1_fireball_attacks_for_1() -> None:
    card = GAME.pool["fireball"]
    assert (card.name.ja, card.kind, card.attribute, card.chant, card.power, card.effects) == (
        "火球", "library", "fantasy", 2, 1, ())
    s = build({"area": [("fireball", 2)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'fireball')}")
    assert find(ev, "damage")[0].args == (1, "x1", 1, 19, 0, "a_phase")


def test_rule_8_2_unfinished_thesis_reveal_and_opponent_pick() -> None:
    library = ["fireball", "fireball", "ice_lance", "railgun", "flame_sphere"]
    s = build({"library": library, "area": [("unfinished_thesis", 4), ("fireball", 2)]}, phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'unfinished_thesis')}")
    d = GAME.decision(s)
    assert d.player == 0 and d.kind == "reveal" and d.prompt_args == ("unfinished_thesis", 3)
    assert d.ids() == ["reveal:fireball", "reveal:flame_sphere", "reveal:ice_lance", "reveal:railgun", "done"]
    ev = play(s, "reveal:fireball", "reveal:ice_lance")
    assert "reveal:fireball" not in ids(s)  # distinct names only
    ev += play(s, "reveal:railgun")
    assert [e.args[0] for e in find(ev, "reveal")] == ["fireball", "ice_lance", "railgun"]
    shown = s.players[0].shown
    assert [c["card"] for c in GAME.view(s, 1)["players"][0]["shown"]] == ["fireball", "ice_lance", "railgun"]
    d = GAME.decision(s)
    assert d.player == 1 and d.kind == "pick" and d.ids() == [f"pick:{u}" for u in shown]
    lance = uid(s, 0, "shown", "ice_lance")
    ev = play(s, f"pick:{lance}")
    assert kinds(ev)[:3] == ["pick", "shuffle", "leave"] and ev[0].player == 1
    assert lance in s.players[0].hand and s.players[0].shown == [] and len(s.players[0].library) == 4
    # "up to 3": showing none is allowed, and the library is still shuffled
    s = build({"library": library, "area": [("unfinished_thesis", 4), ("fireball", 2)]}, phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'unfinished_thesis')}")
    ev = play(s, "done")
    assert kinds(ev)[0] == "shuffle" and len(s.players[0].hand) == 0


def test_rule_8_3_heavenly_conflagration_as_printed() -> None:
    card = GAME.pool[BOOK]
    assert (card.name.ja, card.kind, card.attribute, card.chant, card.power, card.required) == (
        "天上の劫火", "forbidden", "fantasy", 6, 8, 3)


@pytest.mark.parametrize(("life", "choices"), [(20, 6), (7, 6), (4, 3), (2, 1)])
def test_rule_8_3_1_pay_up_to_6_life_choice(life: int, choices: int) -> None:
    s = build({"life": life, "forbidden": [BOOK], "area": [("ice_lance", 3)] * 3, "hand": ["fireball"]})
    play(s, f"book:{uid(s, 0, 'forbidden', BOOK)}")
    for _ in range(3):
        play(s, ids(s)[0])
    play(s, "done")
    d = GAME.decision(s)
    assert d.kind == "pay_life" and d.ids() == [f"pay:{k}" for k in range(choices + 1)]
    ev = play(s, f"pay:{choices}")
    assert find(ev, "pay_life")[0].args == (choices, life - choices)
    book = uid(s, 0, "area", BOOK)
    assert s.progress[book] == choices and ("ready" in kinds(ev)) is (choices == 6)


def test_rule_8_3_1_last_life_point_is_never_paid() -> None:
    s = build({"life": 1, "forbidden": [BOOK], "area": [("ice_lance", 3)] * 3, "hand": ["fireball"]})
    play(s, f"book:{uid(s, 0, 'forbidden', BOOK)}")
    for _ in range(3):
        play(s, ids(s)[0])
    ev = play(s, "done")
    assert "pay_life" not in kinds(ev) and GAME.decision(s).kind == "chant"


def test_rule_8_3_2_bonus_per_distinct_fire_name_in_the_blank_pile() -> None:
    blank = ["fireball", "fireball", "flame_sphere", "purgatory_sphere", "fireball_primer", "embers", "ice_lance"]
    s = build({"area": [(BOOK, 6, ["ice_lance"])], "blank": blank}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', BOOK)}")
    assert find(ev, "power_bonus")[0].args == (BOOK, 4)  # 火球, 火焔球, 煉獄球, 火球術入門
    assert find(ev, "attack")[0].args[2] == 12
    # only the owner's blank pile counts
    s = build({"area": [(BOOK, 6, ["ice_lance"])]}, {"blank": blank}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', BOOK)}")
    assert find(ev, "power_bonus")[0].args == (BOOK, 0) and find(ev, "attack")[0].args[2] == 8


def test_rule_8_3_3_leaving_deals_1_to_each_player() -> None:
    s = build({"area": [(BOOK, 6), ("fireball", 2)]}, {"life": 30}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', BOOK)}")
    assert kinds(ev)[-3:] == ["leave", "damage", "damage"]
    assert [(e.player, e.args[0]) for e in find(ev, "damage")[-2:]] == [(0, 1), (1, 1)]
    assert [p.life for p in s.players] == [19, 30 - 8 - 1]


def test_rule_8_3_4_three_underlay_four_activations_once_per_turn() -> None:
    s = build({"area": [(BOOK, 6, ["fireball"] * 3)]}, {"life": 50}, phase="A")
    book = uid(s, 0, "area", BOOK)
    attacks = []
    for turn in range(4):
        assert f"activate:{book}" in ids(s), turn
        ev = play(s, f"activate:{book}")
        attacks.append(find(ev, "attack")[0].args[2])
        if turn < 3:
            assert book in s.players[0].area and len(s.under.get(book, [])) == 2 - turn
            while s.active == 1 or GAME.decision(s).kind == "chant":
                play(s, "end")
    assert attacks == [8, 9, 9, 9]  # spent 火球 in the blank pile adds 1
    assert book not in s.players[0].area and book in s.players[0].blank
    assert [p.life for p in s.players] == [19, 50 - 35 - 1]


def test_rule_8_4_flame_sphere_and_purgatory_sphere() -> None:
    flame, purgatory = GAME.pool["flame_sphere"], GAME.pool["purgatory_sphere"]
    assert (flame.name.ja, flame.chant, flame.power) == ("火焔球", 4, 2)
    assert (purgatory.name.ja, purgatory.chant, purgatory.power) == ("煉獄球", 7, 5)
    s = build({"area": [("purgatory_sphere", 7), ("fireball", 2)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'purgatory_sphere')}")
    assert [(e.player, e.args[0]) for e in find(ev, "damage")] == [(0, 1), (1, 5)]


def test_rule_8_5_power_guideline_for_library_cards() -> None:
    for card in GAME.pool:
        if card.kind != "library" or card.power is None:
            continue
        if card.chant <= 1:
            assert card.power == 1, card.id
        elif card.chant <= 4:
            assert 1 <= card.power <= 2, card.id
        elif card.chant <= 9:
            assert 3 <= card.power <= 6, card.id
        else:
            assert card.power <= 10, card.id
