"""The board editor's analysis (issue 31 item 5): a position set up by hand for one seat, the other side's
hand unknown, analysed from that seat's view (``POST /api/analysis/position``, grimoire.web.boardsetup)."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import client

from grimoire.core.registry import load_game

Msg = dict[str, Any]

BOARDS: dict[str, Msg] = {
    "chant": {"game": "chant", "seat": 0, "turn": 5, "life": [14, 11], "hand_count": 4,
              "decks": ["fire", "science"],
              "zones": [{"hand": "火球\n2 竜の咆哮\nEmbers", "area": "残り火 @3\n火球 @1", "blank": "妖精の悪戯"},
                        {"area": "fireball @1"}]},
    "destiny": {"game": "destiny", "seat": 1, "turn": 6, "life": [9, 12], "hand_count": 3,
                "decks": ["formula_festival", "spirit_festival"],
                "zones": [{"field": "縛りの護符", "discard": "相殺の術式"},
                          {"hand": "Clockwork Oracle\n提灯からくり師\n相殺の術式", "field": "歯車仕掛けの神託機"}]},
}


def analyse(c, body: Msg, lang: str = "en") -> Msg:
    res = c.post("/api/analysis/position", json={**body, "iterations": 120, "seed": 5, "lang": lang})
    assert res.status_code == 200, res.text
    out: Msg = res.json()
    out.pop("seconds")
    return out


def swapped_hidden(name: str, text: str, seat: int) -> str:
    """The same position with the other side's hand and library order changed (all hidden from ``seat``)."""
    game = load_game(name)
    state = game.decode_position(text)
    other = state.players[1 - seat]
    library = other.library if name == "chant" else other.deck
    assert other.hand and library and {state.ids[u] for u in other.hand} != {state.ids[u] for u in library}
    other.hand[0], library[-1] = library[-1], other.hand[0]
    library.reverse()
    changed: str = game.encode_position(state)
    assert changed != text
    return changed


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_hand_set_position_is_analysed_for_its_seat_reproducibly_and_never_from_hidden_cards(db_path, name):
    with client(db_path) as c:
        first = analyse(c, BOARDS[name])
        assert analyse(c, BOARDS[name]) == first  # a seed and an iteration budget: the same answer
        assert first["seat"] == BOARDS[name]["seat"] and first["iterations"] == 120
        game = load_game(name)
        decision = game.decision(game.decode_position(first["position"]))
        assert decision is not None and decision.player == BOARDS[name]["seat"]
        assert sorted(o["id"] for o in first["options"]) == sorted(decision.ids())
        assert all(o["label"] for o in first["options"]) and first["prompt"]
        other = {**BOARDS[name], "position": swapped_hidden(name, first["position"], BOARDS[name]["seat"])}
        again = analyse(c, other)
        assert again.pop("position") != first.pop("position")
        assert again == first  # the hidden cards changed, the analysis did not
        ja = analyse(c, BOARDS[name], lang="ja")
        assert [o["id"] for o in ja["options"]] == [o["id"] for o in first["options"]]


def test_the_hand_set_cards_are_where_they_were_put(db_path):
    with client(db_path) as c:
        text = analyse(c, BOARDS["chant"])["position"]
    game = load_game("chant")
    state = game.decode_position(text)
    me, other = state.players
    assert sorted(state.ids[u] for u in me.hand) == ["dragon_roar", "dragon_roar", "embers", "fireball"]
    assert [(state.ids[u], state.progress[u]) for u in me.area] == [("embers", 3), ("fireball", 1)]
    assert [state.ids[u] for u in me.blank] == ["fairy_prank"] and (me.life, other.life) == (14, 11)
    assert len(other.hand) == 4 and [state.ids[u] for u in other.area] == ["fireball"]
    assert len(me.library) + 7 == 40  # the rest of its deck list is its library


BAD = [
    ({"zones": [{"hand": "火球\n名無しのカード"}, {}]}, "hand line 2: unknown card '名無しのカード'",
     "'hand' の 2 行目: 知らないカードです: 名無しのカード"),
    ({"zones": [{"hand": "火球 @2"}, {}]}, "@ (chant progress) is for chant-area cards only", "詠唱エリアのカードだけ"),
    ({"zones": [{}, {"hand": "火球"}]}, "seat 2 has no zone 'hand' to fill", "席 2 の 'hand' には置けません"),
    ({"seat": 2}, "'seat' must be an integer 0–1", "'seat' は 0〜1 の整数"),
    ({"turn": 0}, "'turn' must be an integer 1–200", "'turn'"),
    ({"life": [20]}, "'life' must be two integers", "'life'"),
    ({"life": [0, 20]}, "seat 1's life is 1–99", "席 1 のライフは 1〜99 です"),
    ({"hand_count": 40, "zones": [{}, {"area": "prototype_laser @0"}]},
     "the other side's library has only 39 cards left", "相手の山札に残りが 39 枚しかありません"),
    ({"decks": ["fire", "nothing"]}, "'decks' must be two starter deck names (fire, matter", "'decks'"),
    ({"zones": "hand"}, "'zones' must be two objects of zone texts", "'zones'"),
    ({"position": "chant1 nonsense"}, "the position cannot be read: ", "局面の表記が読めません: "),
    ({"game": "go"}, "'game' must be", "'game'"),
    ({"iterations": 0}, "'iterations' must be a number above 0", "'iterations'"),
]


@pytest.mark.parametrize(("change", "en", "ja"), BAD, ids=[b[1][:30] for b in BAD])
def test_every_bad_input_is_refused_in_one_line_in_both_languages(db_path, change, en, ja):
    with client(db_path) as c:
        for lang, want in (("en", en), ("ja", ja)):
            body = {**BOARDS["chant"], "iterations": 20, **change, "lang": lang}
            res = c.post("/api/analysis/position", json=body)
            assert res.status_code == 400, res.text
            message = res.json()["error"]["message"]
            assert want in message and "\n" not in message, message


def test_a_position_already_won_has_nothing_to_analyse(db_path):
    game = load_game("chant")
    with client(db_path) as c:
        text = analyse(c, BOARDS["chant"])["position"]
        head, *rest = text.split(" | ")
        over = " | ".join([head[:-1] + "W0:life", *rest])
        game.decode_position(over)  # a valid position, of a finished game
        res = c.post("/api/analysis/position", json={**BOARDS["chant"], "position": over, "lang": "en"})
        assert res.status_code == 400 and "no decision to analyse" in res.json()["error"]["message"]


TOY: Msg = {"game": "toy", "seat": 1, "turn": 4, "life": [3, 5], "hand_count": 2, "decks": ["bold", "steady"],
            "zones": [{"played": "一歩\nTwo Steps"}, {"hand": "三歩\n2 step1", "played": "step2"}]}


def test_rule_1_6_the_board_editor_of_a_plugin_game_comes_from_its_hook(db_path):
    # docs/protocol.md 1.6: zones, life and notation are the plugin's (the example plugin's boards.py)
    with client(db_path) as c:
        editors = c.get("/api/analysis/boards").json()
        assert set(editors["editors"]) == {"chant", "destiny", "toy"} and editors["without"] == []
        assert editors["editors"]["toy"]["own"] == ["hand", "played"]
        assert editors["editors"]["toy"]["words"]["pos"] == {"ja": "位置", "en": "Position"}
        assert editors["editors"]["chant"]["life"] == "life" and editors["editors"]["destiny"]["life"] == "threads"
        first = analyse(c, TOY)
    game = load_game("toy")
    state = game.decode_position(first["position"])
    assert state.pos == [3, 5] and state.turn == 4 and state.turn_player == 1 and state.first_player == 0
    assert sorted(state.hand[1]) == ["step1", "step1", "step3"] and len(state.hand[0]) == 2
    assert state.played == [["step1", "step2"], ["step2"]]
    assert game.card_total(state) == 24  # both deck lists, every card once
    decision = game.decision(state)
    assert decision is not None and sorted(o["id"] for o in first["options"]) == sorted(decision.ids())


def test_rule_1_6_a_game_without_a_board_editor_is_refused_in_one_line(db_path):
    from dataclasses import replace

    from grimoire.core.registry import plugin, register, unregister

    register(replace(plugin("toy"), board_editor=None))  # the example plugin without its board editor
    try:
        with client(db_path, games=("toy", "chant")) as c:
            assert c.get("/api/analysis/boards").json()["without"] == ["toy"]
            for lang, want in (("en", "board: no board editor for toy"),
                               ("ja", "局面: toy の局面エディターはありません")):
                res = c.post("/api/analysis/position", json={**TOY, "lang": lang})
                assert res.status_code == 400 and res.json()["error"]["message"] == want
    finally:
        unregister("toy")


def test_rule_1_6_the_life_range_and_the_mark_are_the_games(db_path):
    with client(db_path) as c:
        res = c.post("/api/analysis/position", json={**TOY, "life": [3, 10], "lang": "en"})
        assert res.status_code == 400 and "board: seat 2's position is 0–9" in res.json()["error"]["message"]
        res = c.post("/api/analysis/position", json={**TOY, "life": [3, 10], "lang": "ja"})
        assert "席 2 の位置は 0〜9 です" in res.json()["error"]["message"]
        res = c.post("/api/analysis/position", json={**TOY, "zones": [{"played": "一歩 @1"}, {}], "lang": "en"})
        assert res.json()["error"]["message"] == "board: played line 1: @ is not used in this game"
