"""The lobby offers the rules: every rules option of both games described (ja/en) with its rule,
and an option chosen in the lobby reaches the engine, the table and the record."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import STARTERS, client, live

from grimoire.core.registry import load_game
from grimoire.core.replay import verify


def create_with(c: Any, game: str, options: dict[str, Any]) -> dict[str, Any]:
    mine, theirs = STARTERS[game]
    res = c.post("/api/games", json={"game": game, "deck": {"starter": mine}, "options": options,
                                     "opponent": {"kind": "friend", "deck": {"starter": theirs}}})
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_meta_offers_every_rules_option_with_a_description_and_its_rule(db_path, name: str) -> None:
    with client(db_path) as c:
        meta = c.get("/api/meta").json()
    rows = next(g for g in meta["games"] if g["name"] == name)["options"]
    game = load_game(name)
    assert [r["name"] for r in rows] == [s.name for s in game.option_specs]
    for row in rows:
        assert row["help"]["ja"] and row["help"]["en"] and row["help"]["ja"] != row["help"]["en"]
        assert row["rule"], row["name"]
    first = next(r for r in rows if r["name"] == "first_player")
    assert first["choices"] == ["coin", "0", "1"] and first["type"] == "choice"


def test_rule_1_6_1_a_starting_life_chosen_in_the_lobby_reaches_the_chant_engine(db_path) -> None:
    with client(db_path) as c:
        data = create_with(c, "chant", {"starting_life": 7, "first_player": "1"})
        gid = data["id"]
        view = c.get(f"/api/games/{gid}/replay?step=0").json()["view"]
        assert [p["life"] for p in view["players"]] == [7, 7] and view["first"] == 1
        summary = c.get(f"/api/games/{gid}").json()
        assert summary["options"]["starting_life"] == 7 and summary["options"]["first_player"] == "1"
        record = live(c, gid).match.record()
        assert record.options["starting_life"] == 7 and verify(record).ok


def test_rule_2_2_starting_threads_chosen_in_the_lobby_reach_the_destiny_engine(db_path) -> None:
    with client(db_path) as c:
        gid = create_with(c, "destiny", {"starting_threads": 9})["id"]
        view = c.get(f"/api/games/{gid}/replay?step=0").json()["view"]
        assert [p["threads"] for p in view["players"]] == [9, 9]
        assert c.get(f"/api/games/{gid}").json()["options"]["starting_threads"] == 9


def test_a_bad_option_from_the_lobby_is_one_line_and_creates_nothing(db_path) -> None:
    with client(db_path) as c:
        mine, theirs = STARTERS["chant"]
        res = c.post("/api/games", json={"game": "chant", "deck": {"starter": mine}, "options": {"starting_life": 0},
                                         "opponent": {"kind": "friend", "deck": {"starter": theirs}}})
        assert res.status_code == 400
        message = res.json()["error"]["message"]
        assert "starting_life" in message and "\n" not in message
