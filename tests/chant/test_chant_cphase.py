"""Rule 3 (the C phase) of docs/rules/chant.md, with the seed's forbidden-book examples."""

from __future__ import annotations

import pytest
from chant_helpers import GAME, area_cards, build, find, ids, kinds, next_turn, play, position, uid

from grimoire.games.chant import ChantGame
from grimoire.games.chant.state import ChantState

BOOK = "heavenly_conflagration"  # chant 6, required 3
# 詠唱値 → a library card of that chant value
BY_CHANT = {0: "deep_breath", 1: "old_lantern", 2: "fireball", 3: "ice_lance", 4: "flame_sphere", 5: "thunderbolt",
            6: "railgun", 7: "purgatory_sphere", 8: "battering_ram", 9: "dragon_roar", 10: "archmage_aurora"}


# ----------------------------------------------------------------- 3.1 automatic advance

def test_rule_3_1_1_every_own_chanting_card_advances_books_included() -> None:
    area = [("fireball", 1), ("flame_sphere", 0), (BOOK, 2, ["fireball", "fireball", "fireball"]),
            ("railgun", 0), ("ice_lance", 0), ("longbow", 1)]
    s, ev = next_turn({"library": ["fireball"], "area": area})
    assert area_cards(s, 0) == [("fireball", 2), ("flame_sphere", 1), (BOOK, 3), ("railgun", 1), ("ice_lance", 1),
                                ("longbow", 2)]
    assert [e.args[0] for e in find(ev, "ready")] == ["fireball"]


def test_rule_3_1_2_only_the_turn_players_chanting_cards() -> None:
    s, ev = next_turn({"library": ["fireball"], "area": [("fireball", 2), ("ice_lance", 1)]},
                      {"area": [("fireball", 1)]})
    assert area_cards(s, 0) == [("fireball", 2), ("ice_lance", 2)]
    assert area_cards(s, 1) == [("fireball", 1)]
    assert kinds(ev).index("advance") > kinds(ev).index("draw")


# ----------------------------------------------------------------- 3.2.1 placing

def test_rule_3_2_1_place_while_fewer_than_5_chanting() -> None:
    s = build({"hand": ["fireball", "ice_lance", "deep_breath"],
               "area": [("railgun", 1)] * 4 + [("fireball", 2)] * 3})
    ev = play(s, f"place:{uid(s, 0, 'hand', 'deep_breath')}")
    assert kinds(ev) == ["place", "ready"]  # chant 0: ready at once; ready cards do not count
    ev = play(s, f"place:{uid(s, 0, 'hand', 'fireball')}")
    assert kinds(ev) == ["place"]
    assert not [o for o in ids(s) if o.startswith("place:")]  # now 5 chanting cards
    # a chanting book with its underlay counts as one
    s = build({"hand": ["fireball"], "area": [(BOOK, 0, ["fireball"] * 3)] + [("railgun", 1)] * 3})
    assert f"place:{uid(s, 0, 'hand', 'fireball')}" in ids(s)


def test_rule_3_2_1_chant_start_effects_resolve_on_placing() -> None:
    s = build({"library": ["ice_lance"], "hand": ["creative_urge"]})
    ev = play(s, f"place:{uid(s, 0, 'hand', 'creative_urge')}")
    assert kinds(ev) == ["place", "draw"]


# ----------------------------------------------------------------- 3.2.2 forbidden book

def test_rule_3_2_2_place_a_forbidden_book_on_ready_cards() -> None:
    s = build({"forbidden": [BOOK], "area": [("fireball", 2), ("ice_lance", 3), ("ice_lance", 3), ("railgun", 1)]})
    book = uid(s, 0, "forbidden", BOOK)
    assert f"book:{book}" in ids(s)
    play(s, f"book:{book}")
    d = GAME.decision(s)
    assert d.kind == "underlay" and d.ids() == [f"under:{uid(s, 0, 'area', 'fireball')}",
                                                 f"under:{uid(s, 0, 'area', 'ice_lance')}", "cancel"]
    ev = play(s, f"under:{uid(s, 0, 'area', 'fireball')}", f"under:{uid(s, 0, 'area', 'ice_lance')}",
              f"under:{uid(s, 0, 'area', 'ice_lance', 1)}")
    assert ids(s)[-2:] == ["done", "cancel"]
    ev = play(s, "done")
    assert kinds(ev) == ["underlay"] * 3 + ["book"]
    assert area_cards(s, 0) == [("railgun", 1), (BOOK, 0)]
    assert [s.ids[u] for u in s.under[book]] == ["fireball", "ice_lance", "ice_lance"]
    assert GAME.decision(s).kind == "pay_life"  # its chant-start effect resolves


SEED_BOOK = {"id": "seed_book", "kind": "forbidden", "name": {"ja": "例の禁書", "en": "Example Book"},
             "attribute": "fantasy", "chant": 8, "required": 3, "text": {"ja": "効果なし。", "en": "No effects."}}
SEED_GAME = ChantGame(tables={"seed_book": SEED_BOOK})  # the seed's example: chant 8, required 3


def _pick_underlay(s: ChantState, chants: tuple[int, ...]) -> bool:
    """Start placing the example book, pick ready cards of these chant values; is "done" offered?"""
    SEED_GAME.apply(s, f"book:{uid(s, 0, 'forbidden', 'seed_book')}")
    for value in chants:
        option = next(o for o in SEED_GAME.decision(s).ids()
                      if o.startswith("under:") and s.defs[int(o[6:])].chant == value)
        SEED_GAME.apply(s, option)
    return "done" in SEED_GAME.decision(s).ids()


@pytest.mark.parametrize(("chants", "ok"), [((2, 3, 3), True), ((2, 2, 2, 2), True), ((3, 3, 4), True),
                                            ((4, 4), False), ((2, 2, 3), False)])
def test_rule_3_2_2_1_seed_examples_chant_8_required_3(chants: tuple[int, ...], ok: bool) -> None:
    # among many ready cards, exactly these are picked
    pool = [(BY_CHANT[c], c) for c in (2, 2, 2, 2, 3, 3, 4, 4)]
    s = SEED_GAME.decode_position(position({"forbidden": ["seed_book"], "area": pool}))
    assert _pick_underlay(s, chants) is ok
    # with only these cards ready, the book is offered only when they suffice
    s = SEED_GAME.decode_position(position({"forbidden": ["seed_book"], "area": [(BY_CHANT[c], c) for c in chants]}))
    offered = f"book:{uid(s, 0, 'forbidden', 'seed_book')}" in SEED_GAME.decision(s).ids()
    assert offered is ok
    if ok:
        assert _pick_underlay(s, chants)
        SEED_GAME.apply(s, "done")
        assert [s.defs[u].chant for u in s.under[uid(s, 0, "area", "seed_book")]] == list(chants)


def test_rule_3_2_2_2_only_ready_library_cards_become_underlay() -> None:
    s = build({"forbidden": [BOOK, "starfall_night"],
               "area": [("fireball", 2), ("fireball", 2), ("fireball", 2), ("flame_sphere", 3),
                        ("hero_final_chapter", 7, ["fireball", "fireball"])]})
    play(s, f"book:{uid(s, 0, 'forbidden', BOOK)}")
    options = ids(s)
    assert options == [f"under:{uid(s, 0, 'area', 'fireball')}", "cancel"]  # one per card id
    for _ in range(4):
        opts = ids(s)
        if opts[0].startswith("under:"):
            play(s, opts[0])
    assert ids(s) == ["done", "cancel"]  # more than required may be chosen; all three fireballs taken


def test_rule_3_2_2_3_placing_cap_applies_to_the_book() -> None:
    s = build({"forbidden": [BOOK], "area": [("fireball", 2)] * 3 + [("railgun", 0)] * 5})
    assert not [o for o in ids(s) if o.startswith("book:")]


def test_rule_3_2_2_4_becoming_underlay_is_not_leaving() -> None:
    s = build({"forbidden": [BOOK], "area": [("powder_keg", 5), ("fireball", 2), ("fireball", 2)]})
    play(s, f"book:{uid(s, 0, 'forbidden', BOOK)}")
    for _ in range(2):
        play(s, ids(s)[0])
    ev = play(s, ids(s)[0], "done")
    assert "leave" not in kinds(ev) and "damage" not in kinds(ev)


def test_rule_3_2_2_5_exclusive_placement_variant() -> None:
    spec = {"hand": ["fireball"], "forbidden": [BOOK], "area": [("fireball", 2)] * 3}
    s = build(spec, exclusive=True)
    play(s, f"place:{uid(s, 0, 'hand', 'fireball')}")
    assert not [o for o in ids(s) if o.startswith("book:")]
    s = build(spec, exclusive=True)
    play(s, f"book:{uid(s, 0, 'forbidden', BOOK)}")
    for _ in range(3):
        play(s, ids(s)[0])
    play(s, "done", "pay:0")
    assert not [o for o in ids(s) if o.startswith("place:")]
    s = build(spec)  # default: both allowed
    play(s, f"place:{uid(s, 0, 'hand', 'fireball')}")
    assert [o for o in ids(s) if o.startswith("book:")]


def test_rule_3_2_2_cancel_and_one_book_per_turn() -> None:
    s = build({"forbidden": [BOOK, "starfall_night"], "area": [("ice_lance", 3)] * 4})
    book = uid(s, 0, "forbidden", BOOK)
    for _ in range(3):
        play(s, f"book:{book}", "cancel")
    play(s, f"book:{book}")
    assert "cancel" not in ids(s)  # after three cancels a started placement must be finished
    for _ in range(3):
        play(s, ids(s)[0])
    play(s, "done", "pay:0")
    assert not [o for o in ids(s) if o.startswith("book:")]


# ----------------------------------------------------------------- 3.2.3 advance instead of placing

def test_rule_3_2_3_advance_instead_of_placing() -> None:
    s = build({"hand": ["fireball"], "area": [("flame_sphere", 1), ("railgun", 2)]})
    options = ids(s)
    assert f"advance:{uid(s, 0, 'area', 'flame_sphere')}" in options
    ev = play(s, f"advance:{uid(s, 0, 'area', 'flame_sphere')}")
    assert find(ev, "advance")[0].args == ("flame_sphere", uid(s, 0, "area", "flame_sphere"), 1, 2)
    assert not [o for o in ids(s) if o.startswith(("place:", "advance:", "book:"))]
    # after placing, no advance
    s = build({"hand": ["fireball", "ice_lance"], "area": [("flame_sphere", 1)]})
    play(s, f"place:{uid(s, 0, 'hand', 'fireball')}")
    assert not [o for o in ids(s) if o.startswith("advance:")]


def test_rule_3_2_3_tutor_is_not_placing() -> None:
    s = build({"library": ["fireball"], "area": [("fireball_primer", 2)], "hand": ["ice_lance"]}, phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'fireball_primer')}")
    assert s.placed is False and area_cards(s, 0) == [("fireball", 0)]


# ----------------------------------------------------------------- 3.2.4 discard

def test_rule_3_2_4_discard_once_to_boost_own_attribute() -> None:
    s = build({"hand": ["ice_lance", "railgun"],
               "area": [("fireball", 1), ("railgun", 3), (BOOK, 1, ["fireball"] * 3), ("flame_sphere", 4)]},
              {"area": [("fireball", 1)]})
    ev = play(s, f"discard:{uid(s, 0, 'hand', 'ice_lance')}")
    assert kinds(ev) == ["discard"] and GAME.decision(s).kind == "discard_mode"
    ev = play(s, "boost")
    assert area_cards(s, 0) == [("fireball", 2), ("railgun", 3), (BOOK, 2), ("flame_sphere", 4)]
    assert area_cards(s, 1) == [("fireball", 1)]
    assert ev[0].kind == "boost" and ev[0].args == ("fantasy",)
    assert not [o for o in ids(s) if o.startswith("discard:")]


def test_rule_3_2_4_discard_to_hinder_opponent_attribute() -> None:
    s = build({"hand": ["railgun", "longbow"]},
              {"area": [("rocket_punch", 3), ("prototype_laser", 0), ("fireball", 2)]})
    play(s, f"discard:{uid(s, 0, 'hand', 'railgun')}", "hinder")
    assert area_cards(s, 1) == [("rocket_punch", 2), ("prototype_laser", 0), ("fireball", 2)]


# ----------------------------------------------------------------- 3.2.5 C-phase abilities

def test_rule_3_2_5_c_phase_ability_once_per_turn_with_life_cost() -> None:
    s = build({"area": [("mana_crystal", 2), ("fireball", 1), ("railgun", 1)]})
    crystal = uid(s, 0, "area", "mana_crystal")
    ev = play(s, f"ability:{crystal}")
    assert kinds(ev)[:2] == ["ability", "pay_life"] and s.players[0].life == 19
    assert GAME.decision(s).kind == "target"  # two fantasy chanting cards: crystal itself and the fireball
    play(s, f"target:{uid(s, 0, 'area', 'fireball')}")
    assert area_cards(s, 0)[:2] == [("mana_crystal", 2), ("fireball", 2)]
    assert f"ability:{crystal}" not in ids(s)
    # only while life is above the cost
    s = build({"life": 1, "area": [("mana_crystal", 2), ("fireball", 1)]})
    assert not [o for o in ids(s) if o.startswith("ability:")]


# ----------------------------------------------------------------- 3.3 the chant-10 minimum

def test_rule_3_3_1_chant_10_needs_four_of_its_owners_turns() -> None:
    aurora = "archmage_aurora"  # fantasy, chant 10
    s, _ = next_turn({"library": ["ice_lance"] * 8, "hand": [aurora, "ice_lance"]}, {"library": ["fireball"] * 8})
    card = uid(s, 0, "hand", aurora)
    progress = []
    for turn in range(4):
        if turn == 0:
            play(s, f"place:{card}")
        else:
            play(s, f"advance:{card}")
        play(s, f"discard:{s.players[0].hand[0]}", "boost")
        progress.append(s.progress[card])
        if turn == 0:
            play(s, "end")
        # with nothing left to do the C phase ends, nothing is ready, so the turn ends too
        if turn < 3:
            assert s.active == 1
            while s.active == 1:
                play(s, "end")
    assert progress == [1, 4, 7, 10]
    assert GAME.decision(s).kind == "activate" and f"activate:{card}" in ids(s)  # the fourth turn


def test_rule_3_2_end_closes_the_c_phase() -> None:
    s = build({"area": [("fireball", 2)]})
    ev = play(s, "end")
    assert ev[0].kind == "phase" and ev[0].args == ("A",) and GAME.decision(s).kind == "activate"
