"""The games of "Mine" (issue 31 item 3, play by post): ``POST /api/mine/games`` says where it is the
browser's move, since when and until when, read from the stored answers (a restart gives the same)."""

from __future__ import annotations

import time

from test_table_endings import app_client, join, new_game, tokens_of, until
from web_helpers import live

DAY = 86_400


def mine(c, gid, toks):
    res = c.post("/api/mine/games", json={"games": [{"id": gid, "token": t} for t in toks]})
    assert res.status_code == 200, res.text
    return res.json()["games"]


def test_your_move_since_the_other_seats_last_answer_and_its_deadline_survive_a_restart(db_path, monkeypatch):
    real = time.time
    with app_client(db_path) as c:
        data = new_game(c, clock="2d")
        gid, toks = data["id"], tokens_of(data)
        created = c.get(f"/api/games/{gid}").json()["created"]
        first, second = mine(c, gid, toks)
        mover = first["to_move"]
        assert [first["seat"], second["seat"]] == [0, 1]
        assert [first["your_move"], second["your_move"]] == [mover == 0, mover == 1]
        assert first["since"] == second["since"] == created  # nobody answered: the mover's since the start
        assert abs(first["deadline"] - (created + 2 * DAY)) < 5
        monkeypatch.setattr(time, "time", lambda: real() + 3600)  # the mover answers an hour later
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, toks[mover])
            decision = live(c, gid).match.decision
            assert decision is not None
            ws.send_json({"type": "answer", "seq": 0, "option": decision.options[0].id})
            until(ws, lambda m: m["type"] == "table" and m["seq"] == 1)
        answered = live(c, gid).clock.since
        rows = mine(c, gid, toks)
    assert answered > created + 3000
    nxt = rows[0]["to_move"]
    expected = answered if nxt != mover else created  # the same seat deciding again: still its move since then
    assert rows[nxt]["your_move"] and not rows[1 - nxt]["your_move"]
    assert abs(rows[0]["since"] - expected) < 1 and abs(rows[0]["deadline"] - (answered + 2 * DAY)) < 1
    monkeypatch.setattr(time, "time", lambda: real() + 7200)
    with app_client(db_path) as c:  # a restarted server reads the same from the database
        assert mine(c, gid, toks) == rows


def test_a_game_gone_a_spectator_and_a_finished_game_are_told_apart(db_path):
    with app_client(db_path) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        rows = c.post("/api/mine/games", json={"games": [{"id": gid, "token": ""}, {"id": "nothing-here"}]}).json()
        assert rows["games"][0]["seat"] is None and not rows["games"][0]["your_move"]
        assert rows["games"][0]["deadline"] is None  # untimed
        assert rows["games"][1] == {"id": "nothing-here", "gone": True}
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, toks[0])
            ws.send_json({"type": "concede"})
            until(ws, lambda m: m["type"] == "state" and m["outcome"] is not None)
        over = mine(c, gid, toks[:1])[0]
        assert over["finished"] and over["to_move"] is None and over["since"] is None and not over["your_move"]


def test_a_bad_list_is_refused_in_one_line_in_the_language_asked(db_path):
    with app_client(db_path) as c:
        for body in ({"games": "all"}, {"games": [{"id": 3}]}, {"games": [{"id": "g", "token": 5}]},
                     {"games": [{"id": "g"}] * 51}):
            for lang in ("ja", "en"):
                res = c.post("/api/mine/games", json={**body, "lang": lang})
                assert res.status_code == 400, res.text
                message = res.json()["error"]["message"]
                assert "\n" not in message and "games" in message
