"""Play by post: a game's moves announced to its webhook (grimoire.web.webhooks), against a local HTTP
receiver."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from test_table_endings import app_client, ended, join, tokens_of, until
from web_helpers import STARTERS, live, token

from grimoire.web.storage import Store


@pytest.fixture
def receiver() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A local HTTP server that keeps every JSON body POSTed to it."""
    got: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            got.append(json.loads(body.decode("utf-8")))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/hook", got
    finally:
        server.shutdown()


def wait_for(got: list[dict[str, Any]], n: int) -> None:
    deadline = time.monotonic() + 10
    while len(got) < n and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(got) >= n, got


def create(c: Any, game: str, **extra: Any) -> Any:
    mine, theirs = STARTERS[game]
    return c.post("/api/games", json={"game": game, "deck": {"starter": mine},
                                      "opponent": {"kind": "friend", "deck": {"starter": theirs}}, **extra})


def test_each_move_and_the_end_are_posted_to_the_games_webhook_once(db_path, receiver):
    url, got = receiver
    with app_client(db_path) as c:
        res = create(c, "chant", webhook=url, clock="3d")
        assert res.status_code == 201, res.text
        data = res.json()
        gid, toks = data["id"], tokens_of(data)
        assert Store(db_path).load_game(gid).webhook == url  # type: ignore[union-attr]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            socks = (ws0, ws1)
            join(ws0, toks[0])
            join(ws1, toks[1])
            for step in range(3):
                decision = live(c, gid).match.decision
                assert decision is not None
                ws = socks[decision.player]
                ws.send_json({"type": "answer", "seq": step, "option": decision.options[0].id})
                until(ws, lambda m, s=step: m["type"] == "state" and m["seq"] == s + 1)
                wait_for(got, step + 1)
                post = got[step]
                assert post["game"] == gid and post["name"] == "chant" and post["step"] == step + 1
                assert post["to_move"] == live(c, gid).match.decision.player  # type: ignore[union-attr]
                assert post["finished"] is False and post["url"].endswith(f"/g/{gid}")
                assert post["post"]  # what happened, one line an event, in Japanese
            ws0.send_json({"type": "concede"})
            until(ws0, ended)
            wait_for(got, 4)
            assert got[3]["finished"] is True and got[3]["to_move"] is None
            assert got[3]["outcome"]["reason"] == "concession"
        time.sleep(0.2)
        assert len(got) == 4  # once each: no announcement twice


def test_the_post_is_what_a_spectator_sees_of_the_move(db_path, receiver):
    url, got = receiver
    with app_client(db_path) as c:
        data = create(c, "chant", webhook=url).json()
        gid, toks = data["id"], tokens_of(data)
        decision = live(c, gid).match.decision
        assert decision is not None
        with c.websocket_connect(f"/ws/{gid}") as spectator, c.websocket_connect(f"/ws/{gid}") as ws:
            spectator.send_json({"type": "hello", "token": None, "lang": "ja", "table": True})  # the post's language
            until(spectator, lambda m: m["type"] == "state")
            join(ws, toks[decision.player])
            ws.send_json({"type": "answer", "seq": 0, "option": decision.options[0].id})
            seen = until(spectator, lambda m: m["type"] == "state" and m["seq"] == 1)
        wait_for(got, 1)
        lines = got[0]["post"].split("\n")
        spectator_lines = [e["t"] for e in seen["events"]]
        assert lines[-len(spectator_lines):] == spectator_lines  # the move as a spectator sees it, nothing more
        hand = live(c, gid).game.view(live(c, gid).match.state, decision.player)
        assert json.dumps(hand, ensure_ascii=False) != json.dumps(seen["view"], ensure_ascii=False)


@pytest.mark.parametrize("webhook", ["ftp://example.org/x", "not a url", "http://", 42, "https://x/" + "a" * 600])
def test_a_bad_webhook_is_refused_in_one_line_and_creates_nothing(db_path, webhook):
    with app_client(db_path) as c:
        res = create(c, "toy", webhook=webhook)
        assert res.status_code == 400 and "webhook" in res.json()["error"]["message"]
        assert Store(db_path).count_games() == 0


def test_a_server_without_webhooks_refuses_them(db_path):
    with app_client(db_path, webhooks=0) as c:
        res = create(c, "toy", webhook="https://bot.example/hook")
        assert res.status_code == 400 and "webhook" in res.json()["error"]["message"]
        assert create(c, "toy").status_code == 201


def test_an_unreachable_webhook_never_stops_the_game(db_path):
    with app_client(db_path) as c:
        data = create(c, "toy", webhook="http://127.0.0.1:9/nothing-listens").json()
        gid, toks = data["id"], tokens_of(data)
        decision = live(c, gid).match.decision
        assert decision is not None
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, toks[decision.player])
            ws.send_json({"type": "answer", "seq": 0, "option": decision.options[0].id})
            state = until(ws, lambda m: m["type"] == "state" and m["seq"] == 1)
            assert state["seq"] == 1


def test_a_friends_invitation_carries_the_webhook_to_the_game_it_starts(db_path, receiver):
    url, _ = receiver
    with app_client(db_path) as c:
        res = c.post("/api/invites", json={"game": "chant", "deck": {"starter": "fire"}, "webhook": url})
        assert res.status_code == 201, res.text
        invite = res.json()
        friend = token(invite["links"]["seats"][1])
        ok = c.post(f"/api/invites/{invite['id']}/accept", json={"token": friend, "deck": {"starter": "science"}})
        assert ok.status_code == 200, ok.text
        assert Store(db_path).load_game(invite["game_id"]).webhook == url  # type: ignore[union-attr]
        bad = c.post("/api/invites", json={"game": "chant", "deck": {"starter": "fire"}, "webhook": "gopher://x"})
        assert bad.status_code == 400 and "webhook" in bad.json()["error"]["message"]
