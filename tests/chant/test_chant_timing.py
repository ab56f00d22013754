"""Rules 3.2.6 (C-phase activation), 3.4 (activation timing) and 7.2 (E-phase activation)
of docs/rules/chant.md, with cards of every timing."""

from __future__ import annotations

from typing import Any

import pytest
from chant_helpers import area_cards, find, kinds

from grimoire.core.decision import Event
from grimoire.core.errors import ContentError
from grimoire.games.chant import ChantGame
from grimoire.games.chant.cards import load_pool
from grimoire.games.chant.scenario import position
from grimoire.games.chant.state import ChantState


def _card(cid: str, timing: str | None, chant: int = 2, power: int | None = 3, **more: Any) -> dict[str, Any]:
    table: dict[str, Any] = {"id": cid, "kind": "library", "name": {"ja": cid, "en": cid}, "attribute": "science",
                             "chant": chant, **more}
    if power is not None:
        table["power"] = power
    if timing is not None:
        table["timing"] = timing
    return table


TABLES = {
    "c_bolt": _card("c_bolt", "c_phase"),
    "ac_bolt": _card("ac_bolt", "a_and_c_phase"),
    "counter_wall": _card("counter_wall", "counter", power=5),
    "dusk_bell": _card("dusk_bell", "end_phase", power=3),
    "a_bolt": _card("a_bolt", None),
    "c_book": {"id": "c_book", "kind": "forbidden", "name": {"ja": "c_book", "en": "c_book"}, "attribute": "science",
               "chant": 4, "required": 2, "power": 2, "timing": "a_and_c_phase"},
}
GAME = ChantGame(tables=TABLES)

FILL = [("fireball", 0)] * 8  # chanting filler: with one more card, depth 3 and no counter (5.3.2)


def build(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **kw: Any) -> ChantState:
    return GAME.decode_position(position(p0, p1, **kw))


def ids(s: ChantState) -> list[str]:
    d = GAME.decision(s)
    assert d is not None
    return d.ids()


def play(s: ChantState, *answers: str) -> list[Event]:
    out: list[Event] = []
    for a in answers:
        out.extend(GAME.apply(s, a))
    return out


def uid(s: ChantState, p: int, card: str) -> int:
    return next(u for u in s.players[p].area if s.ids[u] == card)


def act(s: ChantState, card: str, p: int = 0) -> list[Event]:
    return play(s, f"activate:{uid(s, p, card)}")


# ----------------------------------------------------------------- 3.4 card data

@pytest.mark.parametrize("timing", ["a_phase", "c_phase", "a_and_c_phase", "end_phase", "counter"])
def test_rule_3_4_timing_is_read_from_the_card(timing: str) -> None:
    pool = load_pool(tables={"x": _card("x", timing)})
    assert pool["x"].timing == timing


def test_rule_3_4_timing_defaults_to_the_a_phase_and_is_checked() -> None:
    assert load_pool(tables={"x": _card("x", None)})["x"].timing == "a_phase"
    assert all(c.timing == "a_phase" for c in load_pool() if c.id in ("fireball", "heavenly_conflagration"))
    with pytest.raises(ContentError, match=r"^<record>: card 'x': field 'timing': must be one of a_phase, c_phase, "
                                           r"a_and_c_phase, end_phase, counter, got 'b_phase'$"):
        load_pool(tables={"x": _card("x", "b_phase")})


# ----------------------------------------------------------------- 3.2.6 C-phase activation

def test_rule_3_2_6_c_phase_activation_attacks_with_a_counter_window() -> None:
    # the attacker's owner is at depth 3: the counter's excess damage is not multiplied in the C phase (5.5.2)
    s = build({"area": [("c_bolt", 2), *FILL]}, {"area": [("counter_wall", 2)]})
    assert f"activate:{uid(s, 0, 'c_bolt')}" in ids(s) and GAME.decision(s).kind == "chant"
    ev = act(s, "c_bolt")
    assert kinds(ev) == ["activate", "attack"]
    d = GAME.decision(s)
    assert d is not None and d.kind == "counter" and d.player == 1
    assert d.ids() == [f"counter:{uid(s, 1, 'counter_wall')}", "nocounter"]
    ev = play(s, f"counter:{uid(s, 1, 'counter_wall')}")
    assert [e.args[:3] for e in find(ev, "damage")] == [(2, "x1", 2)] and s.players[0].life == 18
    assert find(ev, "damage")[0].player == 0
    assert [e.args[0] for e in find(ev, "leave")] == ["c_bolt", "counter_wall"]  # both put away
    assert s.ids[s.players[0].blank[-1]] == "c_bolt"
    d = GAME.decision(s)
    assert d is not None and d.kind == "chant"  # the C phase goes on


def test_rule_3_2_6_c_phase_attack_damage_is_not_multiplied_by_depth() -> None:
    s = build({"area": [("c_bolt", 2)]}, {"area": [*FILL, ("fireball", 0)]})  # opponent depth 4: no counter
    ev = act(s, "c_bolt")
    assert "counter" not in [d.kind for d in [GAME.decision(s)] if d is not None]
    assert [e.args[:3] for e in find(ev, "damage")] == [(3, "x1", 3)] and s.players[1].life == 17


def test_rule_3_2_6_the_same_card_in_the_a_phase_is_multiplied() -> None:
    s = build({"area": [("ac_bolt", 2)]}, {"area": [*FILL, ("fireball", 0)]}, phase="A")
    ev = act(s, "ac_bolt")
    assert [e.args[:3] for e in find(ev, "damage")] == [(3, "x2", 6)] and s.players[1].life == 14


def test_rule_3_2_6_an_a_phase_card_is_not_offered_in_the_c_phase() -> None:
    s = build({"area": [("a_bolt", 2), ("fireball", 2), ("c_bolt", 2)]})
    assert [o for o in ids(s) if o.startswith("activate:")] == [f"activate:{uid(s, 0, 'c_bolt')}"]
    s = build({"area": [("a_bolt", 2), ("c_bolt", 2)]}, phase="A")  # and a C-phase card not in the A phase
    assert ids(s) == [f"activate:{uid(s, 0, 'a_bolt')}", "end"]


def test_rule_3_2_6_each_card_at_most_once_per_turn_over_both_phases() -> None:
    s = build({"forbidden": [], "area": [("c_book", 4, ["fireball", "fireball", "fireball"]), ("ac_bolt", 2)]})
    book = uid(s, 0, "c_book")
    act(s, "c_book")
    assert book in s.players[0].area and f"activate:{book}" not in ids(s)  # stays ready, not again in C
    play(s, "end")  # to the A phase
    assert ids(s) == [f"activate:{uid(s, 0, 'ac_bolt')}", "end"]  # not again in A either
    act(s, "ac_bolt")
    # next own turn it may be activated again
    s2 = build({"area": [("c_book", 4, ["fireball", "fireball"])]}, used=[book])
    assert f"activate:{uid(s2, 0, 'c_book')}" not in ids(s2)


def test_rule_3_2_6_a_book_activated_in_the_c_phase_spends_an_underlay_card() -> None:
    s = build({"hand": ["fireball"], "area": [("c_book", 4, ["fireball", "ice_lance"])]})
    book = uid(s, 0, "c_book")
    act(s, "c_book")
    d = GAME.decision(s)
    assert d is not None and d.kind == "spend_underlay"
    ev = play(s, d.ids()[1])
    assert kinds(ev) == ["to_blank"] and [s.ids[u] for u in s.under[book]] == ["fireball"]
    assert area_cards(s, 0) == [("c_book", 4)] and GAME.decision(s).kind == "chant"


# ----------------------------------------------------------------- 3.4 counter only

def test_rule_3_4_a_counter_card_is_not_activated_in_its_owners_turn_but_counters() -> None:
    s = build({"area": [("counter_wall", 2), ("a_bolt", 2)]}, phase="A")
    assert ids(s) == [f"activate:{uid(s, 0, 'a_bolt')}", "end"]
    s = build({"area": [("counter_wall", 2)]})
    assert ids(s) == ["end"] or f"activate:{uid(s, 0, 'counter_wall')}" not in ids(s)
    s = build({"area": [("a_bolt", 2)]}, {"area": [("counter_wall", 2)]}, phase="A")
    act(s, "a_bolt")
    assert ids(s) == [f"counter:{uid(s, 1, 'counter_wall')}", "nocounter"]
    ev = play(s, f"counter:{uid(s, 1, 'counter_wall')}")
    assert [(e.player, e.args[:3]) for e in find(ev, "damage")] == [(0, (2, "x1", 2))]


# ----------------------------------------------------------------- 7.2 end-phase activation

def test_rule_7_1_1_an_end_phase_card_is_activated_in_the_e_phase_unmultiplied() -> None:
    s = build({"area": [("dusk_bell", 2), ("a_bolt", 2)]}, {"area": [*FILL, ("fireball", 0)]}, phase="A")
    assert ids(s) == [f"activate:{uid(s, 0, 'a_bolt')}", "end"]  # not in the A phase
    ev = play(s, "end")
    assert ("E",) in [e.args for e in find(ev, "phase")]
    d = GAME.decision(s)
    assert d is not None and d.kind == "end_activate" and s.phase.name == "E"
    assert d.ids() == [f"activate:{uid(s, 0, 'dusk_bell')}", "end"]
    ev = act(s, "dusk_bell")
    assert [e.args[:3] for e in find(ev, "damage")] == [(3, "x1", 3)] and s.players[1].life == 17
    assert s.active == 1 and s.turn == 4  # nothing left to activate: the turn has ended


def test_rule_7_1_1_the_e_phase_decision_may_be_declined() -> None:
    s = build({"area": [("dusk_bell", 2)]}, phase="A")
    play(s, "end")
    assert s.phase.name == "E" and s.active == 0
    play(s, "end")
    assert s.active == 1 and area_cards(s, 0) == [("dusk_bell", 2)]


# ----------------------------------------------------------------- the greedy agent

def greedy_answer(s: ChantState) -> str:
    from grimoire.core.rng import Chance
    from grimoire.games.chant.greedy import GreedyChant

    d = GAME.decision(s)
    assert d is not None
    return GreedyChant().choose(GAME, GAME.view(s, d.player), d, Chance.seeded(1))


def test_rule_3_2_6_the_greedy_agent_activates_c_phase_cards_in_the_c_phase() -> None:
    s = build({"hand": ["fireball"], "area": [("c_bolt", 2)]})
    assert greedy_answer(s) == f"activate:{uid(s, 0, 'c_bolt')}"
    # a card allowed in both phases waits for the A phase while the opponent's depth multiplies there
    s = build({"hand": ["railgun"], "area": [("ac_bolt", 2)]}, {"area": [*FILL, ("fireball", 0)]})
    assert greedy_answer(s) != f"activate:{uid(s, 0, 'ac_bolt')}"
    play(s, *(["end"] if greedy_answer(s) == "end" else [greedy_answer(s), "end"]))
    assert s.phase.name == "A" and greedy_answer(s) == f"activate:{uid(s, 0, 'ac_bolt')}"


def test_rule_7_1_1_the_greedy_agent_activates_end_phase_cards() -> None:
    s = build({"area": [("dusk_bell", 2)]}, phase="A")
    play(s, "end")
    assert greedy_answer(s) == f"activate:{uid(s, 0, 'dusk_bell')}"
