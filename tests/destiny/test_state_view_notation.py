"""Plain data: clone, JSON, the position notation, views and hidden information."""

from __future__ import annotations

import json

import pytest
from destiny_helpers import GAME, new_game, play, position

from grimoire.core.decision import Event
from grimoire.core.errors import NotationError
from grimoire.core.rng import Chance
from grimoire.games.destiny.notation import TAG
from grimoire.games.destiny.state import DestinyState

EXAMPLE = ("destiny:1 turn=3 active=0 first=0 phase=summon limit=120 | P0 threads=14 ability=none turns=2 "
           "deck=war_cry#1,fox_fire#2 hand=stall_bouncer#3 field=lion_dancer#0:v:+2 | P1 threads=15 "
           "ability=chimyaku_kanchi turns=1 deck=paper_shikigami#5 hand=veil_of_mist#4 | chance=prng,77,0")


def canon(s: DestinyState) -> str:
    return json.dumps(GAME.to_json(s), sort_keys=True)


def midgame(seed: int = 3, steps: int = 80) -> DestinyState:
    """A state ``steps`` random answers into a game that is still going (the first such seed from ``seed``)."""
    while True:
        s = new_game("omnipotent_festival", "mystery_festival", seed=seed)
        chooser = Chance.seeded(seed)
        for _ in range(steps):
            d = GAME.decision(s)
            if d is None:
                break
            GAME.apply(s, d.options[chooser.below(len(d.options))].id)
        if not s.over:
            return s
        seed += 1000


def test_notation_example_round_trips() -> None:
    s = GAME.decode_position(EXAMPLE)
    assert GAME.encode_position(s) == EXAMPLE
    assert s.players[0].deck == [2, 1]  # written top first
    assert s.power(s.players[0].field[0]) == 6
    assert GAME.decision(s).ids() == ["summon:3", "done"]  # type: ignore[union-attr]


def test_notation_round_trips_mid_game_with_stack_and_chance() -> None:
    s = position(phase="window_attacker", p0={"field": ["war_cry#0"], "hand": ["binding_talisman#1"]},
                 p1={"field": ["moon_rabbit#2"], "hand": ["veil_of_mist#3"]}, tail="attacker=0 blocker=2")
    play(s, "effect:1", "target:2")
    text = GAME.encode_position(s)
    assert "stack=binding_talisman#1@0:battle:2:0,-1,-1,2" in text and "attacker=0 blocker=2" in text
    back = GAME.decode_position(text)
    assert canon(back) == canon(s) and GAME.decision(back) == GAME.decision(s)
    for seed in range(5):
        m = midgame(seed)
        assert canon(GAME.decode_position(GAME.encode_position(m))) == canon(m)


def test_notation_fills_uids_and_names_bad_input() -> None:
    s = GAME.decode_position(f"{TAG} phase=summon | P0 hand=war_cry*2,fox_fire#0 | P1")
    assert s.ids == ("fox_fire", "war_cry", "war_cry") and s.players[0].hand == [1, 2, 0]
    for bad, message in [
        ("chant:1 | P0 | P1", "starts with"),
        (f"{TAG} | P0 hand=nope | P1", "unknown card 'nope'"),
        (f"{TAG} | P0 hand=war_cry#0,fox_fire#0 | P1", "unique"),
        (f"{TAG} phase=lunch | P0 | P1", "unknown phase"),
        (f"{TAG} | P0 field=war_cry:x | P1", "unknown user flag"),
        (f"{TAG} | P0 threads=many | P1", "threads must be an integer"),
        (f"{TAG} | P0", "P0 and P1"),
        (f"{TAG} | P0 | P1 | chance=dice,1,0", "chance must be"),
    ]:
        with pytest.raises(NotationError, match=message):
            GAME.decode_position(bad)


def test_clone_is_equal_and_independent() -> None:
    s = midgame(steps=30)
    c = GAME.clone(s)
    assert canon(c) == canon(s)
    d = GAME.decision(c)
    assert d is not None
    GAME.apply(c, d.options[-1].id)
    assert canon(c) != canon(s)
    assert canon(GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))) == canon(s)


def test_view_shape_and_hidden_cards() -> None:
    s = midgame(steps=60)
    for seat in (0, 1, None):
        v = GAME.view(s, seat)
        json.dumps(v)
        assert set(v) == {"game", "seat", "turn", "turn_limit", "active", "first", "phase", "waiting", "summons",
                          "players", "declared", "upkeep", "battle", "pending", "stack", "outcome"}
        for i, p in enumerate(v["players"]):
            if i != seat:
                assert p["hand"] is None
                hidden = set(s.players[i].hand) | set(s.players[i].deck)
                shown = {c["uid"] for zone in ("field", "discard", "crisis") for c in p[zone]}
                assert not hidden & shown
        own_deck = set(s.players[0].deck) | set(s.players[1].deck)
        assert not any(f'"uid": {uid},' in json.dumps(v) for uid in own_deck)


def test_resample_keeps_the_view_and_redraws_the_opponents_hand() -> None:
    s = midgame(steps=40)
    changed = False
    chance = Chance.seeded(5)
    for _ in range(20):
        r = GAME.resample_hidden(s, 0, chance)
        assert json.dumps(GAME.view(r, 0), sort_keys=True) == json.dumps(GAME.view(s, 0), sort_keys=True)
        assert sorted(r.players[1].hand + r.players[1].deck) == sorted(s.players[1].hand + s.players[1].deck)
        assert r.players[0].hand == s.players[0].hand
        changed |= r.players[1].hand != s.players[1].hand
    assert changed


def test_ability_choice_is_resampled_while_sealed() -> None:
    s = new_game()
    play(s, "ability:chimyaku_kanchi")
    seen = {GAME.resample_hidden(s, 1, Chance.seeded(i)).players[0].ability for i in range(30)}
    assert len(seen) > 1


def test_draw_events_are_private_and_render_hidden_for_others() -> None:
    event = Event("draw", 0, ("war_cry", 4), 0)
    assert GAME.text.describe(event, "en") == "P1 draws War Cry"
    assert GAME.text.describe(event.redacted_for(1), "en") == "P1 draws a card"
    assert GAME.text.describe(event.redacted_for(None), "ja") == "P1がカードを１枚引いた"


def test_labels_and_prompts_render_in_both_languages() -> None:
    s = position(p0={"hand": ["war_cry#0", "beckoning_kitten#1"]})
    d = GAME.decision(s)
    assert d is not None
    assert [GAME.text.label(o, "en") for o in d.options] == [
        "Summon War Cry", "Summon Little Beckoning Cat", "Use Little Beckoning Cat's effect (cost 1)",
        "End the summon step"]
    assert GAME.text.label(d.options[0], "ja") == "鬨の声を召喚する"
    assert GAME.text.prompt(d, "en") == "Summon step (0/2 summoned)"
