"""Rules 6 (runaway) and 7 (E phase) of docs/rules/chant.md."""

from __future__ import annotations

from chant_helpers import GAME, area_cards, build, find, ids, kinds, play, uid

from grimoire.core.decision import Outcome

BOOK = "heavenly_conflagration"
TAILS = "scripted,7,0,[0]"
HEADS = "scripted,7,0,[1]"


def runaway_position(chance: str = TAILS, **kw: object) -> object:
    """P1 (depth 3): six ready 火球 and two chanting レールガン; P2 (depth 1): five ready 氷の槍, one 火焔球."""
    p0 = {"area": [("fireball", 2)] * 6 + [("railgun", 1)] * 2}
    p1 = {"area": [("ice_lance", 3)] * 5 + [("flame_sphere", 0)]}
    return build(p0, p1, phase="A", chance=chance, **kw)


# ----------------------------------------------------------------- 6 runaway

def test_rule_6_1_ready_count_books_with_underlay_chanting_books_zero() -> None:
    s = build({"area": [(BOOK, 6, ["fireball"] * 3), ("fireball", 2), ("railgun", 1)]},
              {"area": [("starfall_night", 2, ["ice_lance"] * 3), ("ice_lance", 3)]})
    assert GAME.view(s, 0)["ready_total"] == (1 + 3) + 1 + 1


def test_rule_6_2_over_10_tosses_a_coin_heads_nothing_happens() -> None:
    s = runaway_position(HEADS)
    ev = play(s, "end")
    assert find(ev, "runaway")[0].args == (11, "heads") and find(ev, "runaway")[0].player == 0
    assert "leave" not in kinds(ev) and kinds(ev)[1:3] == ["phase", "turn"]
    # exactly 10 is not over 10: no coin at all
    s = build({"area": [("fireball", 2)] * 5}, {"area": [("ice_lance", 3)] * 5}, phase="A", chance=TAILS)
    assert "runaway" not in kinds(play(s, "end"))
    # the board source: an odd seconds digit is tails
    s = runaway_position('board,7,0,["23:59:58"]')
    assert find(play(s, "end"), "runaway")[0].args[1] == "heads"


def test_rule_6_3_1_tails_all_ready_cards_go_to_the_blank_pile_with_leave_effects() -> None:
    p0 = {"area": [("powder_keg", 5), (BOOK, 6, ["fireball", "ice_lance"]), ("railgun", 1)]}
    p1 = {"area": [("ice_lance", 3)] * 7, "life": 20}
    s = build(p0, p1, phase="A", chance=TAILS)
    ev = play(s, "end")
    leaves = [e.args[0] for e in find(ev, "leave")]
    assert leaves == ["powder_keg", BOOK] + ["ice_lance"] * 7
    assert [e.args[0] for e in find(ev, "to_blank")] == ["fireball", "ice_lance"]
    assert area_cards(s, 0) == [("railgun", 1)] and area_cards(s, 1) == []
    # leave effects: 火薬樽 (both 1), then 天上の劫火 (both 1), turn player's first, at the depth after leaving
    k = kinds(ev)
    first_damage = k.index("damage")
    assert k.index("leave") < first_damage < k.index("runaway_damage")
    effect_damage = [e for e in ev[first_damage:k.index("runaway_damage")] if e.kind == "damage"]
    assert [(e.player, e.args[1]) for e in effect_damage] == [(0, "x1"), (1, "x1")] * 2


def test_rule_6_3_2_damage_equals_cards_blanked_at_the_noted_depth() -> None:
    s = runaway_position()
    ev = play(s, "end")
    assert find(ev, "runaway_damage")[0].args == (6, 5)
    damage = find(ev, "damage")
    assert [(e.player, e.args[:3]) for e in damage] == [(0, (6, "x2", 12)), (1, (5, "x1", 5))]
    assert [p.life for p in s.players] == [8, 15]
    # a book counts with its underlay
    s = build({"area": [(BOOK, 6, ["fireball"] * 3)] + [("fireball", 2)] * 3},
              {"area": [("ice_lance", 3)] * 5}, phase="A", chance=TAILS)
    ev = play(s, "end")
    assert find(ev, "runaway_damage")[0].args == (7, 5)


def test_rule_9_2_a_game_the_runaway_ends_is_recorded_as_runaway() -> None:
    s = runaway_position()
    s.players[0].life = 10  # the runaway's 6 × 2 takes seat 0 from 10 to -2
    ev = play(s, "end")
    assert kinds(ev)[-1] == "game_won" and find(ev, "game_won")[0].player == 1
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "runaway"
    # an ordinary attack that takes the last life is a loss on life
    s = build({"area": [("fireball", 2)]}, {"life": 1}, phase="A")
    play(s, "activate:3")
    assert GAME.outcome(s).reason == "life"  # type: ignore[union-attr]


def test_rule_6_3_3_spread_advances_turn_player_first() -> None:
    s = runaway_position()
    play(s, "end")
    d = GAME.decision(s)
    rail = [uid(s, 0, "area", "railgun"), uid(s, 0, "area", "railgun", 1)]
    assert d.player == 0 and d.kind == "spread" and d.prompt_args == (6,)
    assert d.ids() == [f"advance:{rail[0]}", f"advance:{rail[1]}", "done"]
    for _ in range(5):
        play(s, f"advance:{rail[0]}")
    assert s.progress[rail[0]] == 6 and f"advance:{rail[0]}" not in ids(s)  # ready: takes no more
    play(s, f"advance:{rail[1]}")
    # the opponent spreads up to 5 over one 火焔球 (0/4): four make it ready, then nothing is left
    d = GAME.decision(s)
    assert d.player == 1 and d.kind == "spread" and d.prompt_args == (5,)
    sphere = uid(s, 1, "area", "flame_sphere")
    ev = play(s, f"advance:{sphere}", "done")
    assert kinds(ev)[:3] == ["advance", "phase", "turn"]  # then P2's own turn advances it once more
    assert s.active == 1 and s.progress[sphere] == 2


def test_rule_6_4_then_the_e_phase_once_per_turn() -> None:
    s = runaway_position()
    ev = play(s, "end")
    while GAME.decision(s).kind == "spread":
        ev += play(s, "done")
    k = kinds(ev)
    assert k.count("runaway") == 1 and k.index("runaway") < k.index("phase")
    assert [e.args[0] for e in find(ev, "phase")][:1] == ["E"]


# ----------------------------------------------------------------- 7 E phase

def test_rule_7_1_end_phase_effects_of_the_turn_player() -> None:
    s = build({"area": [("repair_nanomachines", 1), ("orbital_cannon", 3), ("fireball", 2)]},
              {"area": [("repair_nanomachines", 1)]}, phase="A")
    ev = play(s, "end")
    k = kinds(ev)
    assert k[:4] == ["phase", "gain_life", "advance", "turn"]
    assert find(ev, "gain_life")[0].player == 0 and s.players[1].life == 20
    assert find(ev, "advance")[0].args[0] == "orbital_cannon"


def test_rule_7_2_turn_limit_check() -> None:
    s = build({"area": [("fireball", 2)]}, turn=4, turn_limit=2, phase="A")
    ev = play(s, "end")
    assert kinds(ev)[-1] == "game_drawn" and GAME.outcome(s) == Outcome(None, "turn_limit")
    s = build({"area": [("fireball", 2)]}, turn=3, turn_limit=2, phase="A")
    assert "game_drawn" not in kinds(play(s, "end"))


def test_rule_7_3_then_the_opponents_d_phase() -> None:
    s = build({"area": [("fireball", 2)]}, phase="A", turn=5)
    ev = play(s, "end")
    assert [(e.kind, e.player) for e in ev][:4] == [("phase", 0), ("turn", 1), ("phase", 1), ("draw", 1)]
    assert s.turn == 6 and s.active == 1
