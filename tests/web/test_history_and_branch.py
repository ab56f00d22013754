"""The history of finished games, their records, and playing on from a position of a finished game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from web_helpers import FAST, client, create, hello, hub, live, pick, token

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from grimoire.web.app import create_app
from grimoire.web.storage import Store, StoredGame
from grimoire.web.stores import open_store


def play_out(c: TestClient, data: dict[str, Any], seed: int = 4) -> None:
    """Answer both human seats of a new game at random until it ends."""
    chance = Chance.seeded(seed)
    gid = data["id"]
    tokens = [token(link) for link in data["links"]["seats"]]
    with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
        msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        while msgs[0]["outcome"] is None:
            seat = 0 if msgs[0]["decision"] is not None else 1
            (ws0, ws1)[seat].send_json({"type": "answer", "seq": msgs[seat]["seq"], "option": pick(msgs[seat], chance)})
            msgs = [ws0.receive_json(), ws1.receive_json()]


def play_computer(c: TestClient, data: dict[str, Any], seed: int = 4) -> None:
    """Answer the human seat (0) of a game against the computer at random until it ends."""
    chance = Chance.seeded(seed)
    with c.websocket_connect(f"/ws/{data['id']}") as ws:
        msg = hello(ws, token(data["links"]["seats"][0]))
        while msg.get("outcome") is None:
            if msg.get("type") == "state" and msg["decision"] is not None:
                ws.send_json({"type": "answer", "seq": msg["seq"], "option": pick(msg, chance)})
            msg = ws.receive_json()


def test_history_lists_finished_games_with_players_decks_result_and_length(db_path: Path) -> None:
    with client(db_path) as c:
        done = create(c, "chant", {"kind": "ai", "level": "easy"})
        play_computer(c, done)
        between_people = create(c, "toy")
        play_out(c, between_people)  # private to its players: not in the public history (issue 29 item 5)
        create(c, "toy")  # unfinished: not in the history
        games = c.get("/api/history").json()["games"]
        assert [g["id"] for g in games] == [done["id"]]
        entry, lg = games[0], live(c, done["id"])
        assert entry["game"] == "chant" and entry["seats"] == ["human", "ai:easy"]
        assert entry["decks"] == [d.name for d in lg.match.setup.decks]
        assert entry["outcome"] == lg.match.outcome.to_json()  # type: ignore[union-attr]
        assert entry["steps"] == len(lg.match.answers) > 0
        assert entry["ended"] >= entry["created"] > 0
        assert entry["reason_text"]["ja"] != entry["reason_text"]["en"]
    with client(db_path) as c:  # the history is in the database: a restarted server lists it too
        assert [g["id"] for g in c.get("/api/history").json()["games"]] == [done["id"]]
        assert c.get("/api/history?after=x").status_code == 400
        ended, game_id = hub(c).store.finished(1)[0].mark
        mark = f"{ended!r}~{game_id}"
        assert c.get("/api/history", params={"after": mark}).json() == {"games": [], "next": None}
        page = c.get("/history")
        assert page.status_code == 200 and "history.js" in page.text


def test_a_finished_games_record_downloads_as_a_record_that_verifies(db_path: Path, tmp_path: Path) -> None:
    with client(db_path) as c:
        data = create(c, "destiny")
        res = c.get(f"/api/games/{data['id']}/record?lang=en")
        assert res.status_code == 400 and "not over" in res.json()["error"]["message"]  # no peeking while it goes on
        play_out(c, data, seed=7)
        assert c.get(f"/api/games/{data['id']}/record").status_code == 403  # between people: for its players
        res = c.get(f"/api/games/{data['id']}/record", headers={"X-Seat-Token": token(data["links"]["seats"][1])})
        assert res.status_code == 200 and "attachment" in res.headers["content-disposition"]
        path = tmp_path / "record.json"
        path.write_bytes(res.content)
        record = GameRecord.load(path)
        result = verify(record)
        assert result.ok and result.steps == len(live(c, data["id"]).match.answers)
        assert c.get("/api/games/nothing/record").status_code == 404


def test_a_branch_starts_where_the_replay_shows_for_that_seat_reloads_and_plays_to_the_end(db_path: Path,
                                                                                           tmp_path: Path) -> None:
    with client(db_path) as c:
        source = create(c, "chant")
        play_out(c, source, seed=11)
        steps = len(live(c, source["id"]).match.answers)
        seat_token = token(source["links"]["seats"][1])
        step = steps // 2
        while True:  # a position where seat 1 decides (the computer, seat 0, would move at once otherwise)
            replay = c.get(f"/api/games/{source['id']}/replay?step={step}", headers={"X-Seat-Token": seat_token}).json()
            if replay["next_actor"] == 1:
                break
            step += 1
        res = c.post(f"/api/games/{source['id']}/branch", json={"step": step, "seat": 1, "level": "easy"})
        assert res.status_code == 201, res.text
        branch = res.json()
        assert branch["seats"] == ["ai:easy", "human"] and branch["step"] == step
        gid, tok = branch["id"], token(branch["links"]["seat"])
        with c.websocket_connect(f"/ws/{gid}") as ws:
            first = hello(ws, tok)
        assert first["seat"] == 1 and first["view"] == replay["view"]
    with client(db_path) as c:  # after a restart the branched game loads at the same position
        chance = Chance.seeded(3)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws, tok)
            assert msg["view"] == first["view"]
            while msg["outcome"] is None:
                if msg["decision"] is not None:
                    ws.send_json({"type": "answer", "seq": msg["seq"], "option": pick(msg, chance)})
                msg = ws.receive_json()
                while msg.get("type") != "state":
                    msg = ws.receive_json()
        res = c.get(f"/api/games/{gid}/record")
        path = tmp_path / "branch.json"
        path.write_bytes(res.content)
        record = GameRecord.load(path)
        assert record.branch is not None and record.branch.seat == 1 and len(record.branch.prefix) == step
        assert verify(record).ok
        again = c.post(f"/api/games/{gid}/branch", json={"step": 0, "seat": 1, "level": "easy", "lang": "en"})
        assert again.status_code == 400 and "branched again" in again.json()["error"]["message"]


def test_bad_branch_requests_are_refused_and_create_nothing(db_path: Path) -> None:
    with client(db_path) as c:
        source = create(c, "toy")
        url = f"/api/games/{source['id']}/branch"
        good = {"step": 0, "seat": 0, "level": "easy", "lang": "en"}
        assert "not over" in c.post(url, json=good).json()["error"]["message"]
        play_out(c, source)
        steps = len(live(c, source["id"]).match.answers)
        count = c.app.state.hub.store.count_games()  # type: ignore[attr-defined]
        for bad, field in (({"step": steps + 1}, "step"), ({"step": -1}, "step"), ({"step": "2"}, "step"),
                           ({"seat": 2}, "seat"), ({"seat": True}, "seat"), ({"level": "godlike"}, "level")):
            res = c.post(url, json={**good, **bad})
            assert res.status_code == 400 and f"'{field}'" in res.json()["error"]["message"], (bad, res.text)
        over = c.post(url, json={**good, "step": steps})
        assert over.status_code == 400 and "over" in over.json()["error"]["message"]
        assert c.post("/api/games/nothing/branch", json=good).status_code == 404
        assert c.app.state.hub.store.count_games() == count  # type: ignore[attr-defined]


def test_seat_and_spectator_links_start_with_the_public_url(db_path: Path) -> None:
    app = create_app(Store(db_path), ("toy",), ai_delay=0, limits=FAST, public_url="http://192.168.1.20:8000")
    with TestClient(app) as c:
        data = create(c, "toy")
        assert data["links"]["spectator"] == f"http://192.168.1.20:8000/g/{data['id']}"
        assert all(link.startswith(f"http://192.168.1.20:8000/g/{data['id']}#seat=") for link in data["links"]["seats"])
        play_out(c, data)
        res = c.post(f"/api/games/{data['id']}/branch", json={"step": 0, "seat": 0, "level": "easy"})
        assert res.json()["links"]["seat"].startswith("http://192.168.1.20:8000/g/")


def test_a_friend_chooses_their_deck_from_an_invitation_and_both_links_lead_to_the_game(db_path: Path) -> None:
    with client(db_path) as c:
        res = c.post("/api/invites", json={"game": "chant", "deck": {"starter": "fire"}, "lang": "en"})
        assert res.status_code == 201, res.text
        invite = res.json()
        host, friend = (token(link) for link in invite["links"]["seats"])
        assert all("/join/" in link for link in invite["links"]["seats"])
        url = f"/api/invites/{invite['id']}"
        shown = c.get(url, headers={"X-Seat-Token": friend}).json()
        assert shown["seat"] == 1 and not shown["started"] and shown["host_deck"] == "炎の書 / Book of Fire"
        assert c.get(url, headers={"X-Seat-Token": "nonsense"}).status_code == 403
        assert c.post(f"{url}/accept", json={"token": host, "deck": {"starter": "science"}}).status_code == 403
        bad = c.post(f"{url}/accept", json={"token": friend, "deck": {"text": "3 Firebal\n3 火球\n"}, "lang": "en"})
        assert bad.status_code == 400
        problems = bad.json()["error"]["problems"]
        assert problems[0]["line"] == 1 and problems[0]["near"] == "Fireball" and len(problems) == 2
        assert c.get(url).json()["started"] is False  # a refused deck starts nothing
        ok = c.post(f"{url}/accept", json={"token": friend, "deck": {"starter": "science"}})
        assert ok.status_code == 200 and ok.json()["game_id"] == invite["game_id"]
        again = c.post(f"{url}/accept", json={"token": friend, "deck": {"starter": "fire"}})
        assert again.json()["game_id"] == invite["game_id"]  # a second accept gives the same game
        gid = invite["game_id"]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            assert hello(ws0, host)["seat"] == 0 and hello(ws1, friend)["seat"] == 1
        decks = [d.name for d in live(c, gid).match.setup.decks]
        assert decks == ["炎の書 / Book of Fire", "機械仕掛けの書 / Book of Machines"]  # the starter "science"
    with client(db_path) as c:  # the invitation and its game outlive a restart
        assert c.get(f"/api/invites/{invite['id']}").json()["started"] is True
        assert c.get("/api/invites/nothing").status_code == 404
        assert c.post("/api/invites", json={"game": "chant", "deck": {"starter": "nope"}}).status_code == 400


def _store_keeps_history_branches_and_invitations(store: Any) -> None:
    branch = {"prefix": ["draw"], "seat": 1, "seed": 3}

    def stored(gid: str, created: float, with_branch: bool) -> StoredGame:
        return StoredGame(gid, "toy", "1", {}, [{"name": "a"}, {"name": "b"}], 1, "prng", [], ["human", "ai:easy"],
                          ["h", ""], created, branch=branch if with_branch else None)

    store.create_game(stored("g1", 5.0, True))
    store.create_game(stored("g2", 6.0, False))
    assert store.load_game("g1").branch == branch and store.load_game("g2").branch is None
    store.append_answer("g1", 0, 0, "draw")
    store.set_outcome("g1", {"winner": 0, "reason": "life"})
    rows = store.finished(10)
    assert [r.id for r in rows] == ["g1"]
    assert (rows[0].steps, rows[0].decks, rows[0].seats, rows[0].outcome) == (
        1, ["a", "b"], ["human", "ai:easy"], {"winner": 0, "reason": "life"})
    assert store.finished(10, rows[0].mark) == []
    store.save_invite("i1", {"game": "toy", "n": 1}, 1.0)
    assert store.load_invite("i1") == {"game": "toy", "n": 1} and store.load_invite("nothing") is None
    store.create_game(stored("g3", 1.0, True))  # an unfinished branched game expires with its branch
    assert "g3" in store.expire(time.time() + 3600) and store.load_game("g3") is None
    assert store.load_game("g1").branch == branch  # a finished one stays


def test_the_sqlite_store_keeps_history_branches_and_invitations(db_path: Path) -> None:
    store = Store(db_path)
    try:
        _store_keeps_history_branches_and_invitations(store)
    finally:
        store.close()


def test_the_postgresql_store_keeps_history_branches_and_invitations(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        _store_keeps_history_branches_and_invitations(store)
    finally:
        store.close()
