"""The board coin at the web table (grimoire.web.boardcoin): the tossing seat is asked for the post
time at the toss, everyone sees the post and the result, and the stored game replays its posts."""

from __future__ import annotations

from typing import Any

from web_helpers import STARTERS, client, hello, live, token

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.core.rng import Chance


def create_board(c: Any, game: str, **extra: Any) -> Any:
    mine, theirs = STARTERS[game]
    return c.post("/api/games", json={"game": game, "deck": {"starter": mine}, "coin": "board", "lang": "en",
                                      "opponent": {"kind": "friend", "deck": {"starter": theirs}}, **extra})


def test_rule_2_4_destiny_asks_seat_0_for_the_post_and_both_seats_see_it(db_path) -> None:
    chance = Chance.seeded(3)
    with client(db_path) as c:
        res = create_board(c, "destiny")
        assert res.status_code == 201, res.text
        gid = res.json()["id"]
        tokens = [token(link) for link in res.json()["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0], "en"), hello(ws1, tokens[1], "en")]
            asked = 0
            while msgs[0]["outcome"] is None and len(live(c, gid).match.answers) < 400:
                seat = 0 if msgs[0]["decision"] is not None else 1
                decision = msgs[seat]["decision"]
                if decision["kind"] == "post":
                    asked += 1
                    assert seat == 0 and len(decision["options"]) == 10
                    assert "seconds" in decision["prompt"]
                    option = "post:21:03:57"
                else:
                    options = decision["options"]
                    option = options[chance.below(len(options))]["id"]
                (ws0, ws1)[seat].send_json({"type": "answer", "seq": decision["seq"], "option": option})
                msgs = [ws0.receive_json(), ws1.receive_json()]
                if option.startswith("post:"):
                    for msg in msgs:  # both seats see the post time and the result
                        lines = [e["t"] for e in msg["events"]]
                        assert "P1's post at 21:03:57: seconds end in 7 → tails" in lines
                        assert "Coin toss: P2 goes first" in lines
        assert asked == 1
        record = live(c, gid).match.record()
        assert record.chance == "post" and record.chance_script == ["21:03:57"] and verify(record).ok
        steps = len(record.answers)
    with client(db_path) as again:  # a fresh server replays the stored answers with their posts
        assert again.get(f"/api/games/{gid}").json()["steps"] == steps
        reloaded: GameRecord = live(again, gid).match.record()
        assert reloaded.answers == record.answers and reloaded.chance_script == ["21:03:57"]
        view = again.get(f"/api/games/{gid}/replay?step={steps}&lang=en").json()
        assert any("21:03:57" in e["t"] for e in view["log"])


def test_rule_1_6_3_a_chant_coin_for_the_first_player_takes_the_hosts_post(db_path) -> None:
    with client(db_path) as c:
        res = create_board(c, "chant", first_post="12:00:08")
        assert res.status_code == 201, res.text
        match = live(c, res.json()["id"]).match
        assert match.log[0].kind == "post" and match.state.first == 0
        missing = create_board(c, "chant")  # a coin for the first player without the deciding post
        assert missing.status_code == 400 and "post time" in missing.json()["error"]["message"]
        agreed = create_board(c, "chant", options={"first_player": "1"})
        assert agreed.status_code == 201 and live(c, agreed.json()["id"]).match.state.first == 1


def test_the_board_coin_is_refused_with_a_computer_and_goes_with_days_per_move(db_path) -> None:
    with client(db_path) as c:
        res = c.post("/api/games", json={"game": "chant", "deck": {"starter": STARTERS["chant"][0]}, "coin": "board",
                                         "opponent": {"kind": "ai", "level": "easy"}})
        assert res.status_code == 400 and "'coin'" in res.json()["error"]["message"]
        res = create_board(c, "chant", clock="3d", first_post="1")  # a game by post: days per move
        assert res.status_code == 201 and live(c, res.json()["id"]).clock is not None
        res = create_board(c, "chant", first_post="noon")
        assert res.status_code == 400 and "'first_post'" in res.json()["error"]["message"]
