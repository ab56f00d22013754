"""Rules 1 (concepts, zones, decks, setup, turn structure) and 2 (D phase) of docs/rules/chant.md."""

from __future__ import annotations

import pytest
from chant_helpers import GAME, area_cards, build, find, ids, kinds, next_turn, play, settle, uid

from grimoire.core.decision import Outcome
from grimoire.core.errors import ContentError, DeckError, OptionsError
from grimoire.core.game import Setup
from grimoire.games.chant import ChantGame
from grimoire.games.chant.cards import parse_card

FIRE = GAME.cards.starter_deck("fire")
STEEL = GAME.cards.starter_deck("matter")
CARD = {"id": "x", "kind": "library", "name": {"ja": "エックス", "en": "X"}, "attribute": "fantasy", "chant": 1,
        "text": {"ja": "効果なし。", "en": "No effects."}}


def new(seed: int = 1, **options: object) -> tuple[object, list]:
    events: list = []
    state = GAME.new_state(Setup((FIRE, STEEL), GAME.options(options), seed=seed), events)
    return state, events


# ----------------------------------------------------------------- 1.1 players and goal

def test_rule_1_1_1_two_players_start_with_20_life() -> None:
    s, _ = new()
    assert [p.life for p in s.players] == [20, 20]
    s, _ = new(starting_life=7)
    assert [p.life for p in s.players] == [7, 7]


def test_rule_1_1_2_win_by_life_or_deck_out() -> None:
    s = build({"area": [("fireball", 2)]}, {"life": 1}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'fireball')}")
    assert GAME.outcome(s) == Outcome(0, "life") and find(ev, "game_won")[0].args == ("life",)
    s, ev = next_turn({}, {"library": []}, player=1)
    assert GAME.outcome(s) == Outcome(0, "deck_out") and "deck_out" in kinds(ev)


# ----------------------------------------------------------------- 1.2 cards

def test_rule_1_2_1_kind_decides_the_deck() -> None:
    assert GAME.pool["fireball"].kind == "library" and GAME.pool["heavenly_conflagration"].kind == "forbidden"
    with pytest.raises(DeckError, match="cannot be in the library"):
        GAME.cards.deck_from_text("[書庫]\n1 天上の劫火\n")
    with pytest.raises(ContentError, match="field 'kind'"):
        parse_card("t.toml", {**CARD, "kind": "spell"})


def test_rule_1_2_2_four_attributes() -> None:
    assert {c.attribute for c in GAME.pool} == {"science", "fantasy", "matter", "spirit"}
    with pytest.raises(ContentError, match="field 'attribute'"):
        parse_card("t.toml", {**CARD, "attribute": "fire"})


def test_rule_1_2_3_chant_value_is_accumulated_per_card() -> None:
    s, _ = next_turn({"library": ["fireball"], "area": [("flame_sphere", 1), ("purgatory_sphere", 5)]})
    assert area_cards(s, 0) == [("flame_sphere", 2), ("purgatory_sphere", 6)]


def test_rule_1_2_4_power_absent_means_no_power() -> None:
    s = build({"area": [("unfinished_thesis", 4), ("fireball", 2)]})
    view = GAME.view(s, 0)["players"][0]["area"]
    assert [c["power"] for c in view] == [None, 1]


def test_rule_1_2_5_required_number_only_for_books() -> None:
    assert GAME.pool["heavenly_conflagration"].required == 3 and GAME.pool["fireball"].required is None
    with pytest.raises(ContentError, match="field 'required'"):
        parse_card("t.toml", {**CARD, "kind": "forbidden"})
    with pytest.raises(ContentError, match="field 'required'"):
        parse_card("t.toml", {**CARD, "required": 2})


def test_rule_1_2_6_effects_have_a_known_trigger() -> None:
    card = parse_card("t.toml", {**CARD, "effects": [{"on": "leave", "op": "draw", "n": 1}]})
    assert card.on_leave == (0,)
    with pytest.raises(ContentError, match=r"effects\[0\]\.on"):
        parse_card("t.toml", {**CARD, "effects": [{"on": "sometimes", "op": "draw", "n": 1}]})


def test_rule_1_2_7_same_name_means_same_japanese_name() -> None:
    # two 火球 in the blank pile are one name for 天上の劫火's bonus; 火球術入門 is another
    s = build({"area": [("heavenly_conflagration", 6, ["ice_lance"])],
               "blank": ["fireball", "fireball", "fireball_primer"]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'heavenly_conflagration')}")
    assert find(ev, "power_bonus")[0].args == ("heavenly_conflagration", 2)


# ----------------------------------------------------------------- 1.3 progress and states

def test_rule_1_3_1_progress_from_zero_to_chant_value() -> None:
    s = build({"hand": ["flame_sphere"]})
    play(s, f"place:{uid(s, 0, 'hand', 'flame_sphere')}")
    assert area_cards(s, 0) == [("flame_sphere", 0)]


def test_rule_1_3_2_chanting_below_chant_value_ready_at_it() -> None:
    s = build({"area": [("flame_sphere", 3), ("fireball", 2)]}, phase="A")
    view = GAME.view(s, 0)["players"][0]
    assert [c["ready"] for c in view["area"]] == [False, True] and view["chanting"] == 1
    assert ids(s) == [f"activate:{uid(s, 0, 'area', 'fireball')}", "end"]


def test_rule_1_3_3_advance_stops_at_chant_value() -> None:
    s = build({"area": [("flame_sphere", 3), ("fireball", 2)]}, p1={"area": ["railgun"]})
    # 締切前の集中力-like advance of all own cards: the ready card takes nothing, the rest is lost
    s2 = build({"area": [("flame_sphere", 3), ("fireball", 2), ("deadline_focus", 4)]}, phase="A")
    ev = play(s2, f"activate:{uid(s2, 0, 'area', 'deadline_focus')}")
    assert [e.args[0] for e in find(ev, "advance")] == ["flame_sphere"]
    assert area_cards(s2, 0) == [("flame_sphere", 4), ("fireball", 2)]
    assert f"advance:{uid(s, 0, 'area', 'fireball')}" not in ids(s)


def test_rule_1_3_4_rewind_never_below_zero_and_ready_becomes_chanting() -> None:
    s = build({"hand": ["ice_lance", "railgun"]},
              {"area": [("fireball", 2), ("flame_sphere", 0), ("priming_incantation", 0), ("thunderbolt", 5)]})
    ev = play(s, f"discard:{uid(s, 0, 'hand', 'ice_lance')}", "hinder")
    assert area_cards(s, 1) == [("fireball", 1), ("flame_sphere", 0), ("priming_incantation", 0),
                                ("thunderbolt", 4)]
    assert [e.args[0] for e in find(ev, "chanting")] == ["fireball", "thunderbolt"]
    # a chant-0 card cannot be rewound into chanting
    assert GAME.view(s, 0)["players"][1]["area"][2]["ready"] is True


def test_rule_1_3_5_underlay_is_never_advanced_or_rewound() -> None:
    s = build({"hand": ["ice_lance"]},
              {"area": [("heavenly_conflagration", 6, ["fireball", "fireball", "fireball"])]})
    ev = play(s, f"discard:{uid(s, 0, 'hand', 'ice_lance')}", "hinder")
    assert [e.args[0] for e in find(ev, "rewind")] == ["heavenly_conflagration"]
    assert all(s.progress[u] == 0 for u in s.under[s.players[1].area[0]])


# ----------------------------------------------------------------- 1.4 zones

def test_rule_1_4_1_library_size_public_order_hidden() -> None:
    s = build({"library": ["fireball", "ice_lance", "railgun"]})
    for seat in (0, 1, None):
        assert GAME.view(s, seat)["players"][0]["library"] == 3
    assert "fireball" not in str(GAME.view(s, 0)["players"][0]["library"])


def test_rule_1_4_2_forbidden_deck_hidden_from_the_opponent() -> None:
    s = build({"forbidden": ["heavenly_conflagration"]})
    book = uid(s, 0, "forbidden", "heavenly_conflagration")
    assert GAME.view(s, 0)["players"][0]["forbidden"] == [{"uid": book, "card": "heavenly_conflagration"}]
    assert GAME.view(s, 1)["players"][0]["forbidden"] is None
    assert GAME.view(s, 1)["players"][0]["forbidden_count"] == 1
    assert "heavenly" not in str(GAME.view(s, 1)) and "heavenly" not in str(GAME.view(s, None))


def test_rule_1_4_2_a_book_being_placed_stays_hidden_until_it_is_placed() -> None:
    """Choosing a book's underlay can be cancelled, so the book is shown only once it is placed."""
    s = build({"forbidden": ["heavenly_conflagration", "starfall_night"], "area": [("ice_lance", 3)] * 3})
    book = uid(s, 0, "forbidden", "heavenly_conflagration")
    play(s, f"book:{book}")
    assert GAME.view(s, 0)["stack"][0]["card"] == "heavenly_conflagration"
    assert GAME.view(s, 0)["stack"][0]["uid"] == book
    for seat in (1, None):
        frame = GAME.view(s, seat)["stack"][0]
        assert frame["frame"] == "book" and frame["player"] == 0
        assert frame["card"] is None and frame["uid"] == -1
        assert "heavenly" not in str(GAME.view(s, seat)) and str(book) not in str(frame)
    # a cancelled placement reveals nothing; a finished one shows the book in the chant area
    play(s, "cancel")
    assert "heavenly" not in str(GAME.view(s, 1))
    play(s, f"book:{book}", *[f"under:{u}" for u in s.players[0].area], "done")
    assert GAME.view(s, 1)["players"][0]["area"][-1]["card"] == "heavenly_conflagration"


def test_rule_1_4_3_hand_hidden_and_unlimited() -> None:
    hand = ["fireball"] * 3 + ["ice_lance"] * 3 + ["railgun"] * 3 + ["longbow"] * 3
    s, _ = next_turn({"library": ["greatsword"], "hand": hand})
    assert len(s.players[0].hand) == 13
    assert GAME.view(s, 1)["players"][0]["hand"] is None and GAME.view(s, 1)["players"][0]["hand_count"] == 13


def test_rule_1_4_4_chant_area_front_slots_and_overflow() -> None:
    s = build({"area": [("fireball", 1)] * 6})
    slots = [c["slot"] for c in GAME.view(s, 1)["players"][0]["area"]]
    assert slots == ["front"] * 5 + ["overflow"]


def test_rule_1_4_5_underlay_counts_in_the_chant_area() -> None:
    s = build({"library": [], "area": [("heavenly_conflagration", 0, ["fireball", "fireball", "fireball"]),
                                       "ice_lance", "railgun"]}, {"library": []})
    assert GAME.view(s, 0)["players"][0]["depth"] == 1
    assert GAME.card_total(s) == 6


def test_rule_1_4_6_blank_pile_public_in_arrival_order() -> None:
    s = build({"hand": ["ice_lance"], "blank": ["fireball"]})
    play(s, f"discard:{uid(s, 0, 'hand', 'ice_lance')}", "boost")
    assert [c["card"] for c in GAME.view(s, 1)["players"][0]["blank"]] == ["fireball", "ice_lance"]


# ----------------------------------------------------------------- 1.5 deck construction

def _deck(library: str, forbidden: str = "") -> str:
    return f"[書庫]\n{library}\n[禁書]\n{forbidden}\n"


def test_rule_1_5_1_library_exactly_40() -> None:
    with pytest.raises(DeckError, match="exactly 40"):
        GAME.cards.deck_from_text(_deck("3 火球"))


def test_rule_1_5_2_at_most_3_of_a_name() -> None:
    with pytest.raises(DeckError, match="at most 3"):
        GAME.cards.deck_from_text(_deck("4 火球\n36 fireball"))


def test_rule_1_5_3_forbidden_deck_0_to_5_no_repeats() -> None:
    names = ("火球", "氷の槍", "雷撃", "火焔球", "煉獄球", "残り火", "大剣", "長弓", "鉄の盾", "砥石", "火薬樽", "鎖鎌",
             "破城槌")
    base = "\n".join(f"3 {c}" for c in names) + "\n1 決戦兵器"
    assert GAME.cards.deck_from_text(_deck(base)).sections["forbidden"] == []
    with pytest.raises(DeckError, match="at most 1"):
        GAME.cards.deck_from_text(_deck(base, "2 天上の劫火"))
    books = ("天上の劫火", "機神降臨", "星界の大図書館", "星降りの夜", "千剣の鍛冶場", "呪われし魔剣")
    six = "\n".join(f"1 {c}" for c in books)
    with pytest.raises(DeckError, match="at most 5"):
        GAME.cards.deck_from_text(_deck(base, six))


def test_rule_1_5_4_forbidden_books_only_in_the_forbidden_deck() -> None:
    with pytest.raises(DeckError, match="cannot be in the forbidden"):
        GAME.cards.deck_from_text(_deck("", "1 火球"))


# ----------------------------------------------------------------- 1.6 setup

def test_rule_1_6_1_life_set_at_setup() -> None:
    s, _ = new(starting_life=30)
    assert [p.life for p in s.players] == [30, 30]


def test_rule_1_6_1_variant_first_player_life() -> None:
    for first in ("0", "1"):
        s, _ = new(first_player=first, first_player_life=3)
        assert [p.life for p in s.players] == ([23, 20] if first == "0" else [20, 23])
    s, _ = new(starting_life=30, first_player_life=2)
    assert sorted(p.life for p in s.players) == [30, 32] and s.players[s.first].life == 32
    with pytest.raises(OptionsError, match="first_player_life' must be at least 0"):
        GAME.options({"first_player_life": -1})


def test_rule_1_6_2_libraries_are_shuffled_by_the_seed() -> None:
    a, _ = new(seed=1)
    b, _ = new(seed=1)
    c, _ = new(seed=2)
    order = [a.ids[u] for u in a.players[0].library + a.players[0].hand]
    assert order == [b.ids[u] for u in b.players[0].library + b.players[0].hand]
    assert order != [c.ids[u] for u in c.players[0].library + c.players[0].hand]
    assert sorted(order) == sorted(FIRE.sections["library"])


def test_rule_1_6_3_first_player_by_coin_or_option() -> None:
    firsts = set()
    for seed in range(12):
        s, ev = new(seed=seed)
        first = find(ev, "first")[0]
        assert first.player == s.first and first.args[0] == ("heads" if s.first == 0 else "tails")
        firsts.add(s.first)
    assert firsts == {0, 1}
    s, ev = new(first_player="1")
    assert s.first == 1 and s.active == 1 and find(ev, "first")[0].args == ("chosen",)
    board = GAME.new_state(Setup((FIRE, STEEL), GAME.options(), seed=3, chance="board",
                                 chance_script=("21:04:07",)))
    assert board.first == 1  # odd seconds digit: tails


def test_rule_1_6_4_each_player_draws_5_no_mulligan() -> None:
    s, ev = new(first_player="0")
    assert [len(p.hand) for p in s.players] == [5, 5]
    assert [len(p.library) for p in s.players] == [35, 35]
    draws = find(ev, "draw")
    assert [e.player for e in draws] == [0] * 5 + [1] * 5
    assert all(e.private_to == e.player for e in draws)
    assert GAME.decision(s).kind == "chant"  # straight into the first turn


# ----------------------------------------------------------------- 1.7 turn structure

def test_rule_1_7_1_turn_is_d_c_a_e() -> None:
    s, ev = next_turn({"library": ["fireball"], "area": [("fireball", 1)]}, {"library": ["fireball"]})
    assert [e.args[0] for e in find(ev, "phase")] == ["D", "C"]
    ev = play(s, "end")
    assert kinds(ev)[0] == "phase" and ev[0].args == ("A",)
    ev = play(s, "end")
    assert [e.args[0] for e in find(ev, "phase")] == ["E", "D", "C"]
    assert [e.player for e in find(ev, "phase")] == [0, 1, 1]


def test_rule_1_7_2_turn_player_acts() -> None:
    s, _ = next_turn({"library": ["fireball"]}, {"library": ["fireball"], "hand": ["ice_lance"]}, player=1)
    d = GAME.decision(s)
    assert s.active == 1 and d is not None and d.player == 1
    assert GAME.view(s, 0)["active"] == 1


# ----------------------------------------------------------------- 2 D phase

def test_rule_2_1_draw_one_card() -> None:
    s, ev = next_turn({"library": ["fireball", "ice_lance"]})
    assert [s.ids[u] for u in s.players[0].hand] == ["fireball"]
    assert find(ev, "draw")[0].args == ("fireball",) and find(ev, "draw")[0].private_to == 0
    assert find(ev, "draw")[0].redacted_for(1).args == ()


def test_rule_2_2_first_player_skips_the_first_draw() -> None:
    s, ev = new(first_player="0")
    assert not [e for e in ev if e.kind == "draw" and e.player == 0 and ev.index(e) > 10]
    assert len(s.players[0].hand) == 5
    # the second player draws on their first turn
    events = play(s, "end")
    while s.active == 0:
        events += play(s, GAME.decision(s).ids()[-1])
    assert len(s.players[1].hand) == 6 and find(events, "draw")[0].player == 1


def test_rule_2_3_empty_library_loses_at_once() -> None:
    s, ev = next_turn({"library": []}, {"library": ["fireball"]})
    assert GAME.outcome(s) == Outcome(1, "deck_out") and GAME.decision(s) is None
    # also for a draw from an effect, at the first card that cannot be drawn
    s = build({"library": ["fireball"], "area": [("quantum_computer", 7)]}, phase="A")
    ev = play(s, f"activate:{uid(s, 0, 'area', 'quantum_computer')}")
    assert kinds(ev)[:4] == ["activate", "draw", "deck_out", "game_won"]
    assert GAME.outcome(s) == Outcome(1, "deck_out")
    assert settle(s) == []


def test_game_class_is_registered() -> None:
    from grimoire.core.registry import load_game

    assert isinstance(load_game("chant"), ChantGame)
