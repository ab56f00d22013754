"""A board-coin answer waiting for its post time is kept in the database (issue 31): a restarted server, or
another process sharing a PostgreSQL database, asks the same post question of the tossing seat, and the post
time answered anywhere completes that answer."""

from __future__ import annotations

import time
from typing import Any

import pytest
from server_helpers import Server, post, servers
from test_board_coin import create_board
from test_shared_table import Socket
from web_helpers import STARTERS, client, hello, live, token

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from grimoire.web.storage import StaleWrite, Store, StoredGame
from grimoire.web.stores import open_store

Msg = dict[str, Any]


def to_the_post_question(ws: list[Any], msgs: list[Msg], chance: Chance) -> list[Msg]:
    """Answer at random until a seat is asked for a post time; the last messages of both seats."""
    for _ in range(400):
        seat = 0 if msgs[0]["decision"] is not None else 1
        decision = msgs[seat]["decision"]
        if decision["kind"] == "post":
            return msgs
        options = decision["options"]
        pick = options[chance.below(len(options))]["id"]
        ws[seat].send_json({"type": "answer", "seq": decision["seq"], "option": pick})
        msgs = [ws[0].receive_json(), ws[1].receive_json()]
    raise AssertionError("no toss asked for a post time")


def test_rule_2_4_a_held_answer_survives_a_restart_and_the_post_time_completes_it(db_path) -> None:
    with client(db_path) as c:
        res = create_board(c, "destiny")
        gid, tokens = res.json()["id"], [token(link) for link in res.json()["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = to_the_post_question([ws0, ws1], [hello(ws0, tokens[0], "en"), hello(ws1, tokens[1], "en")],
                                        Chance.seeded(4))
        held = live(c, gid).match.held
        steps = live(c, gid).seq
        assert held is not None and msgs[0]["decision"]["kind"] == "post"
    with client(db_path) as again:  # a restarted server asks the same post question
        with again.websocket_connect(f"/ws/{gid}") as ws0:
            state = hello(ws0, tokens[0], "en")
            assert state["decision"]["kind"] == "post" and state["decision"]["seq"] == steps
            assert live(again, gid).match.held == held
            ws0.send_json({"type": "answer", "seq": steps, "option": "post:21:03:57"})
            after = ws0.receive_json()
            assert "P1's post at 21:03:57: seconds end in 7 → tails" in [e["t"] for e in after["events"]]
        match = live(again, gid).match
        assert match.held is None and match.answers[steps] == held and len(match.answers) == steps + 1
    store = Store(db_path)
    stored = store.load_game(gid)
    assert stored is not None and stored.held is None and stored.answers[steps] == f"{held}\tpost:21:03:57"
    with client(db_path) as third:  # and the completed answer replays
        assert third.get(f"/api/games/{gid}").status_code == 200
        record: GameRecord = live(third, gid).match.record()
        assert record.chance_script == ["21:03:57"] and verify(record).ok


def test_a_held_answer_is_one_per_game_and_goes_with_the_answers_after_it(tmp_path) -> None:
    store = Store(tmp_path / "g.db")
    store.create_game(StoredGame("g", "chant", "1", {}, [], 7, "post", [], ["human"] * 2, ["a", "b"], 0.0))
    store.append_answer("g", 0, 0, "end")
    with pytest.raises(StaleWrite):
        store.hold_answer("g", 1, 0, "end")  # answer 0 is stored: nothing waits at 0
    store.hold_answer("g", 1, 1, "end")
    with pytest.raises(StaleWrite):
        store.hold_answer("g", 1, 1, "pass")  # one held answer a game
    store.remove_answer("g", 1)  # a take-back to before it drops it
    assert store.held_answer("g") is None
    store.hold_answer("g", 1, 1, "pass")
    assert store.expire(time.time() + 10) == ["g"] and store.held_answer("g") is None


def _game(server: Server) -> tuple[str, list[str]]:
    mine, theirs = STARTERS["destiny"]
    status, data = post(server, "/api/games", {"game": "destiny", "deck": {"starter": mine}, "coin": "board",
                                               "opponent": {"kind": "friend", "deck": {"starter": theirs}}})
    assert status == 201, data
    return data["id"], [token(link) for link in data["links"]["seats"]]


def test_w10_a_held_answer_is_asked_by_every_process_and_answered_on_another(pg_url) -> None:
    chance = Chance.seeded(4)
    with servers(pg_url, 2) as (a, b):
        gid, tokens = _game(a)
        s0, s1 = Socket(a, gid, tokens[0]), Socket(b, gid, tokens[1])
        for _ in range(400):
            seat = 0 if s0.state["decision"] is not None else 1
            sock = (s0, s1)[seat]
            decision = sock.state["decision"]
            if decision["kind"] == "post":
                break
            options = decision["options"]
            sock.send({"type": "answer", "seq": decision["seq"], "option": options[chance.below(len(options))]["id"]})
            for each in (s0, s1):  # each socket hears of each answer once (held or applied), on either process
                each.until(lambda m: m["type"] == "state")
        assert s0.state["decision"]["kind"] == "post"
        steps = s0.state["decision"]["seq"]
        held = open_store(pg_url).held_answer(gid)
        assert held is not None and held[0] == steps
        other = Socket(b, gid, tokens[0])  # the tossing seat opens the game on the other process
        assert other.state["decision"]["kind"] == "post" and other.state["decision"]["seq"] == steps
        other.send({"type": "answer", "seq": steps, "option": "post:21:03:58"})
        for sock in (s0, s1, other):  # every socket, on both processes, sees the post and the game go on
            seen = sock.until(lambda m: m["type"] == "state" and m["seq"] == steps + 1)
            assert (seen["decision"] or {}).get("kind") != "post"
        for sock in (s0, s1, other):
            sock.close()
    stored = open_store(pg_url).load_game(gid)
    assert stored is not None and stored.held is None and stored.answers[steps].endswith("\tpost:21:03:58")
