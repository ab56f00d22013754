"""State as plain data: notation, clone, JSON, views and hidden information."""

from __future__ import annotations

import json

import pytest
from chant_helpers import GAME, build, ids, play, position, uid

from grimoire.core.errors import NotationError
from grimoire.core.game import Setup
from grimoire.core.rng import Chance
from grimoire.games.chant.state import ChantState

DECKS = {name: GAME.cards.starter_deck(name) for name in GAME.cards.starter_decks()}


def random_states(seed: int, every: int = 1) -> list[ChantState]:
    """Snapshots of a seeded random game, one per ``every`` steps, the last one finished."""
    names = sorted(DECKS)
    setup = Setup((DECKS[names[seed % 4]], DECKS[names[(seed + 1) % 4]]), GAME.options(), seed=seed)
    s = GAME.new_state(setup)
    chooser = Chance.seeded(seed)
    out = []
    step = 0
    while (d := GAME.decision(s)) is not None:
        if step % every == 0:
            out.append(GAME.clone(s))
        GAME.apply(s, d.options[chooser.below(len(d.options))].id)
        step += 1
    out.append(s)
    return out


def canon(s: ChantState) -> str:
    return json.dumps(GAME.to_json(s), sort_keys=True)


# ----------------------------------------------------------------- notation

@pytest.mark.parametrize("seed", [1, 2])
def test_notation_round_trips_every_step(seed: int) -> None:
    for s in random_states(seed):
        text = GAME.encode_position(s)
        assert "\n" not in text
        back = GAME.decode_position(text)
        assert GAME.encode_position(back) == text
        assert canon(back) == canon(s)
        assert GAME.decision(back) == GAME.decision(s)


def test_notation_builder_positions_decode() -> None:
    text = position({"hand": ["fireball"], "area": [("heavenly_conflagration", 2, ["fireball", "ice_lance"])]},
                    {"life": 7, "blank": ["railgun"]}, turn=9, active=1, flags="p-vd", cancels=2, exclusive=True)
    s = GAME.decode_position(text)
    assert s.turn == 9 and s.active == 1 and s.placed and s.advanced and not s.book_placed and s.cancels == 2
    assert s.exclusive and s.players[1].life == 7
    assert GAME.encode_position(s) == text


@pytest.mark.parametrize("bad", [
    "",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | -",
    "chant2 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:b0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=nothing | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0,a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a1 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PQ ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z:a1 B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "dice,1,0,[]",
    "chant1 T1 A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | 1,2 | "
    "prng,1,0,[]",
    "chant1 Tx A0 F0 PC ---- 0 -60 - | a=fireball | 20 L:a0 H: F: Z: B: S: | 20 L: H: F: Z: B: S: | U: X: | - | "
    "prng,1,0,[]",
])
def test_notation_errors_are_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        GAME.decode_position(bad)


# ----------------------------------------------------------------- clone and JSON

def test_clone_is_equal_and_independent() -> None:
    states = random_states(3, every=7)
    for s in states:
        copy = GAME.clone(s)
        assert canon(copy) == canon(s)
        d = GAME.decision(copy)
        if d is None:
            continue
        before = canon(s)
        GAME.apply(copy, d.ids()[0])
        assert canon(s) == before


def test_json_round_trip() -> None:
    for s in random_states(4, every=5):
        data = json.loads(json.dumps(GAME.to_json(s)))
        back = GAME.from_json(data)
        assert canon(back) == canon(s) and GAME.decision(back) == GAME.decision(s)


# ----------------------------------------------------------------- views and hidden information

def test_view_hides_hands_and_forbidden_decks() -> None:
    s = build({"hand": ["fireball", "ice_lance"], "forbidden": ["heavenly_conflagration"]},
              {"hand": ["railgun"], "forbidden": ["doomsday_clock"], "library": ["longbow"]})
    v0 = GAME.view(s, 0)
    assert [c["card"] for c in v0["players"][0]["hand"]] == ["fireball", "ice_lance"]
    assert v0["players"][1]["hand"] is None and v0["players"][1]["hand_count"] == 1
    text = json.dumps(v0)
    assert "railgun" not in text and "doomsday_clock" not in text and "longbow" not in text
    hidden_uids = s.players[1].hand + s.players[1].forbidden + s.players[1].library + s.players[0].library
    assert all(f'"uid": {u},' not in text for u in hidden_uids)
    spectator = GAME.view(s, None)
    assert spectator["players"][0]["hand"] is None and spectator["players"][1]["forbidden"] is None
    json.dumps(spectator)


def test_resampling_hidden_cards_keeps_every_view() -> None:
    chance = Chance.seeded(99)
    for s in random_states(5, every=3):
        for seat in (0, 1):
            other = GAME.resample_hidden(s, seat, chance)
            assert GAME.view(other, seat) == GAME.view(s, seat)
            assert GAME.card_total(other) == GAME.card_total(s)
            d = GAME.decision(s)
            if d is not None and d.player == seat:
                assert GAME.decision(other) == d


def test_resampling_moves_the_opponents_unknown_cards() -> None:
    s = build({"hand": ["fireball"]}, {"hand": ["railgun"] * 3, "library": ["ice_lance"] * 30})
    seen = set()
    chance = Chance.seeded(1)
    for _ in range(10):
        other = GAME.resample_hidden(s, 0, chance)
        seen.add(tuple(other.ids[u] for u in other.players[1].hand))
        assert sorted(other.ids[u] for u in other.players[1].hand + other.players[1].library) == sorted(
            s.ids[u] for u in s.players[1].hand + s.players[1].library)
    assert len(seen) > 1


def test_rule_1_4_2_book_being_placed_is_resampled_for_the_opponent_only() -> None:
    s = build({"forbidden": ["heavenly_conflagration", "starfall_night"], "area": [("ice_lance", 3)] * 3})
    book = uid(s, 0, "forbidden", "heavenly_conflagration")
    play(s, f"book:{book}")
    assert GAME.view(s, 1)["stack"][0]["card"] is None
    seen = set()
    for seed in range(12):
        other = GAME.resample_hidden(s, 1, Chance.seeded(seed))
        seen.add(other.ids[book])
        assert other.stack[0].card == other.ids[book] and GAME.view(other, 1) == GAME.view(s, 1)
        assert GAME.resample_hidden(s, 0, Chance.seeded(seed)).ids[book] == "heavenly_conflagration"
    assert seen == {"heavenly_conflagration", "starfall_night"}


def test_revealed_cards_are_visible_to_both() -> None:
    s = build({"library": ["fireball", "railgun"], "area": [("unfinished_thesis", 4), ("fireball", 2)]}, phase="A")
    play(s, f"activate:{uid(s, 0, 'area', 'unfinished_thesis')}", "reveal:railgun")
    for seat in (0, 1, None):
        assert [c["card"] for c in GAME.view(s, seat)["players"][0]["shown"]] == ["railgun"]
    assert ids(s) == ["reveal:fireball", "done"]


def test_runaway_heavy_games_keep_every_invariant() -> None:
    """Games of a lazy player (rarely activates, always places) reach runaway and its spread decisions;
    every step keeps the contract: clone, JSON, notation, hidden information, card count, legality."""
    from grimoire.core.errors import IllegalAnswer

    decks = [DECKS[n] for n in sorted(DECKS)]
    seen: set[str] = set()
    for seed in range(30):
        s = GAME.new_state(Setup((decks[seed % 4], decks[(seed // 4) % 4]), GAME.options(), seed=seed))
        total = GAME.card_total(s)
        chooser = Chance.seeded(seed)
        while (d := GAME.decision(s)) is not None:
            seen.add(d.kind)
            options = d.ids()
            assert options and len(set(options)) == len(options)
            places = [o for o in options if o.startswith("place:")]
            if d.kind == "activate" and chooser.below(10) < 9:
                pick = "end"
            elif d.kind == "chant" and places:
                pick = places[0]
            else:
                pick = options[chooser.below(len(options))]
            before = canon(s)
            with pytest.raises(IllegalAnswer):
                GAME.apply(s, "nonsense")
            assert canon(GAME.clone(s)) == before == canon(GAME.decode_position(GAME.encode_position(s)))
            assert canon(GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))) == before
            other = GAME.resample_hidden(s, d.player, Chance.seeded(seed))
            assert GAME.view(other, d.player) == GAME.view(s, d.player) and GAME.decision(other) == d
            GAME.apply(s, pick)
            assert GAME.card_total(s) == total
    assert {"spread", "underlay", "spend_underlay", "target"} <= seen
