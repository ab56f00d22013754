"""The analysis board's route (grimoire.web.analysis): who may ask, and what it answers."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from web_helpers import client, create, hello, live, token

Msg = dict[str, Any]


def concede(c: TestClient, game_id: str, tok: str) -> None:
    with c.websocket_connect(f"/ws/{game_id}") as ws:
        hello(ws, tok)
        ws.send_json({"type": "concede"})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg.get("outcome"):
                return



def test_no_analysis_while_a_game_between_people_is_played(db_path):
    with client(db_path) as c:
        data = create(c, "chant")
        gid, toks = data["id"], [token(link) for link in data["links"]["seats"]]
        for headers in ({}, {"X-Seat-Token": toks[0]}, {"X-Seat-Token": toks[1]}):
            res = c.get(f"/api/games/{gid}/analysis", params={"iterations": 20, "lang": "en"}, headers=headers)
            assert res.status_code == 400 and "being played" in res.json()["error"]["message"], res.text


def test_a_finished_game_between_people_is_analysed_for_its_players_only(db_path):
    with client(db_path) as c:
        data = create(c, "chant")
        gid, toks = data["id"], [token(link) for link in data["links"]["seats"]]
        concede(c, gid, toks[0])
        assert c.get(f"/api/games/{gid}/analysis", params={"step": 0, "iterations": 20}).status_code == 403
        assert c.get(f"/api/games/{gid}/analysis", params={"step": 0, "iterations": 20},
                     headers={"X-Seat-Token": "nonsense"}).status_code == 403
        res = c.get(f"/api/games/{gid}/analysis", params={"step": 0, "iterations": 60, "seed": 3, "lang": "ja"},
                    headers={"X-Seat-Token": toks[1]})
        assert res.status_code == 200, res.text
        body = res.json()
        assert body["step"] == 0 and body["iterations"] == 60 and body["game"] == "chant"
        assert sum(o["visits"] for o in body["options"]) == 60
        assert all(o["label"] and o["id"] for o in body["options"]) and body["prompt"]
        assert body["best"] == body["options"][0]["id"]
        again = c.get(f"/api/games/{gid}/analysis", params={"step": 0, "iterations": 60, "seed": 3, "lang": "ja"},
                      headers={"X-Seat-Token": toks[0]}).json()
        assert [o["visits"] for o in again["options"]] == [o["visits"] for o in body["options"]]


def test_against_the_computer_a_person_analyses_their_own_live_decision_only(db_path):
    with client(db_path) as c:
        data = create(c, "chant", {"kind": "ai", "level": "easy", "deck": {"starter": "science"}})
        gid = data["id"]
        seat = next(i for i, link in enumerate(data["links"]["seats"]) if link)
        tok = token(data["links"]["seats"][seat])
        with c.websocket_connect(f"/ws/{gid}") as ws:
            state = hello(ws, tok)
            while not state.get("decision"):
                state = ws.receive_json()
        step = state["seq"]
        assert c.get(f"/api/games/{gid}/analysis", params={"step": step, "iterations": 20}).status_code == 400
        res = c.get(f"/api/games/{gid}/analysis", params={"step": step, "iterations": 30},
                    headers={"X-Seat-Token": tok})
        assert res.status_code == 200, res.text
        assert res.json()["seat"] == seat
        other = [s for s in range(step) if live(c, gid).match.deciders[s] != seat]
        if other:  # a decision the computer made: its view is not the person's to see
            res = c.get(f"/api/games/{gid}/analysis", params={"step": other[0], "iterations": 20},
                        headers={"X-Seat-Token": tok})
            assert res.status_code == 400


def test_bad_analysis_requests_are_one_line_errors(db_path):
    with client(db_path) as c:
        data = create(c, "chant", {"kind": "ai", "level": "easy", "deck": {"starter": "science"}})
        gid = data["id"]
        tok = token(next(link for link in data["links"]["seats"] if link))
        for params in ({"step": "-1"}, {"step": "99999"}, {"seconds": "0"}, {"seconds": "11"},
                       {"iterations": "abc"}, {"iterations": "999999"}):
            res = c.get(f"/api/games/{gid}/analysis", params={**params, "lang": "en"}, headers={"X-Seat-Token": tok})
            assert res.status_code == 400, (params, res.text)
            assert "\n" not in res.json()["error"]["message"]
        assert c.get("/api/games/nosuchgame/analysis").status_code == 404
