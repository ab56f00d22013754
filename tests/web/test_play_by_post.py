"""Play by post (issue: forum-native play): a game with days per move, over the socket, with the server's
clock moved on by patching ``time.time``."""

from __future__ import annotations

import time

from test_table_endings import app_client, ended, join, new_game, tokens_of, until
from web_helpers import live

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify

DAY = 86_400


def test_every_move_by_post_has_its_days_and_a_move_that_takes_longer_loses_on_time(db_path, monkeypatch):
    with app_client(db_path) as c:
        data = new_game(c, clock="1d")
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            first = join(ws, toks[0])
            table = until(ws, lambda m: m["type"] == "table")
            assert table["clock"]["control"] == "1d"
            assert all(DAY - 5 < left <= DAY for left in table["clock"]["left"])
            assert table["idle_claim"] is not None  # the policy's setting is sent, but a timed game has no claim
        mover = first["waiting_for"]
        real = time.time
        monkeypatch.setattr(time, "time", lambda: real() + 0.8 * DAY)  # most of a day later the move comes
        with c.websocket_connect(f"/ws/{gid}") as ws:
            state = join(ws, toks[mover])
            decision = live(c, gid).match.decision
            assert decision is not None and state["seq"] == 0
            ws.send_json({"type": "answer", "seq": 0, "option": decision.options[0].id})
            table = until(ws, lambda m: m["type"] == "table" and m["seq"] == 1)
            nxt = table["clock"]["running"]
            # nothing carried over: a whole day for the next move, though the last took most of one
            assert DAY - 5 < table["clock"]["left"][nxt] <= DAY
    monkeypatch.setattr(time, "time", lambda: real() + 0.8 * DAY + DAY + 60)  # the next mover let a day pass
    with app_client(db_path) as c, c.websocket_connect(f"/ws/{gid}") as ws:
        state = join(ws, None)
        over = state if state["outcome"] is not None else until(ws, ended)
        assert over["outcome"]["reason"] == "timeout" and over["outcome"]["winner"] == 1 - nxt
        record = GameRecord.from_json(c.get(f"/api/games/{gid}/record", params={"seat": toks[0]}).json())
        assert record.forfeit is not None and record.forfeit.reason == "timeout" and verify(record).ok


def test_days_per_move_other_than_one_two_three_or_seven_are_refused(db_path):
    with app_client(db_path) as c:
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"}, "clock": "5d",
                                         "opponent": {"kind": "friend", "deck": {"starter": "steady"}}})
        assert res.status_code == 400 and "1, 2, 3, 7" in res.json()["error"]["message"]
