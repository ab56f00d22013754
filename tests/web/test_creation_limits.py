"""One creation limit for every path that creates a game (rule W9, issue 29 item 4).

Conceding and asking for a rematch against the computer created games with no limit (2,389 in
20 s from one address), invitations were counted apart from games, and finished games against
the computer were never deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import FAST, STARTERS, hub

from grimoire.web.app import create_app
from grimoire.web.storage import Store, StoredGame

Msg = dict[str, Any]


@contextlib.contextmanager
def limited(db: Path, **limits: Any) -> Iterator[TestClient]:
    with TestClient(create_app(Store(db), ("toy",), ai_delay=0, limits=FAST.replace(**limits))) as c:
        yield c


def until(ws: WebSocketTestSession, want: Callable[[Msg], bool], most: int = 60) -> Msg:
    for _ in range(most):
        msg: Msg = ws.receive_json()
        if want(msg):
            return msg
    raise AssertionError("no such message")


def vs_computer(c: TestClient) -> Msg:
    res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                     "opponent": {"kind": "ai", "level": "easy"}})
    assert res.status_code == 201, res.text
    data: Msg = res.json()
    return data


def concede_and_rematch(c: TestClient, url: str) -> Msg:
    """Open a seat link, concede, ask for a rematch: the rematch message or the error."""
    game_id, tok = url.split("/g/", 1)[1].split("#seat=", 1)
    with c.websocket_connect(f"/ws/{game_id}") as ws:
        ws.send_json({"type": "hello", "token": tok, "lang": "en"})
        ws.receive_json()
        ws.send_json({"type": "concede"})
        until(ws, lambda m: m.get("outcome") is not None)
        ws.send_json({"type": "rematch"})
        return until(ws, lambda m: m["type"] in ("rematch", "error"))


def test_w9_concede_and_rematch_against_the_computer_counts_against_the_creation_limit(db_path: Path) -> None:
    with limited(db_path, creates_per_minute=3) as c:
        url = vs_computer(c)["links"]["seats"][0]
        answers = []
        for _ in range(4):
            msg = concede_and_rematch(c, url)
            answers.append(msg["type"])
            if msg["type"] == "error":
                assert msg["code"] == "too_many_games" and "a minute" in msg["message"]
                break
            url = msg["url"]
        assert answers == ["rematch", "rematch", "error"]
        assert hub(c).store.count_games() == 3


def test_w9_invitations_go_through_the_game_creation_limits(db_path: Path) -> None:
    with limited(db_path, creates_per_minute=2) as c:
        for _ in range(2):
            assert vs_computer(c)
        res = c.post("/api/invites", json={"game": "toy", "deck": {"starter": STARTERS["toy"][0]}})
        assert res.status_code == 429 and res.json()["error"]["code"] == "too_many_games"


def test_w9_finished_games_against_the_computer_expire_and_games_between_people_stay(db_path: Path) -> None:
    with limited(db_path, finished_ai_days=1) as c:
        store = hub(c).store
        old = time.time() - 2 * 86400
        for gid, seats, done in (("ai_done", ["human", "ai:easy"], True), ("people_done", ["human", "human"], True),
                                 ("ai_recent", ["ai:easy", "human"], True)):
            store.create_game(StoredGame(gid, "toy", "1", {}, [{"name": "a"}, {"name": "b"}], 1, "prng", [], seats,
                                         ["h", "h"], old if gid != "ai_recent" else time.time()))
            if done:
                store.set_outcome(gid, {"winner": 0, "reason": "concession"})
        gone = asyncio.run(hub(c).expire())
        assert gone == ["ai_done"]
        assert store.load_game("ai_done") is None
        assert store.load_game("people_done") is not None and store.load_game("ai_recent") is not None


def test_w9_the_postgresql_store_expires_finished_games_against_the_computer(pg_url: str) -> None:
    from grimoire.web.pgstore import PgStore

    store = PgStore(pg_url)
    try:
        for gid, seats in (("ai_done", ["human", "ai:hard"]), ("people_done", ["human", "human"])):
            store.create_game(StoredGame(gid, "toy", "1", {}, [{"name": "a"}, {"name": "b"}], 1, "prng", [], seats,
                                         ["h", "h"], 100.0))
            store.set_outcome(gid, {"winner": 0, "reason": "concession"})
        assert store.expire(50.0, 200.0) == ["ai_done"]
        assert store.load_game("ai_done") is None and store.load_game("people_done") is not None
    finally:
        store.close()
