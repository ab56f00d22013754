"""Limits against one client with no account (rule W9): each test is an attack today's server failed.

Big bodies, floods from a socket that never reads, deep nesting, huge numbers, creation
floods, cross-site and non-JSON POSTs: each is refused with a typed error in the client's
language and changes nothing; the other games go on.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import ALL_GAMES, STARTERS, create, hello, hub, live, token

from grimoire.web.app import create_app
from grimoire.web.limits import Limits
from grimoire.web.storage import Store

JSON = {"Content-Type": "application/json"}


@contextlib.contextmanager
def limited(db: Path, **limits: Any) -> Iterator[TestClient]:
    with TestClient(create_app(Store(db), ALL_GAMES, ai_delay=0, limits=Limits(**limits))) as c:
        yield c


def body(game: str = "toy") -> dict[str, Any]:
    mine, theirs = STARTERS[game]
    return {"game": game, "deck": {"starter": mine}, "opponent": {"kind": "friend", "deck": {"starter": theirs}}}


def refused(res: Any, status: int, code: str) -> str:
    assert res.status_code == status, res.text
    error = res.json()["error"]
    assert error["code"] == code
    message: str = error["message"]
    return message


def test_w9_a_body_over_the_limit_is_refused_unread_in_the_clients_language(db_path):
    with limited(db_path, max_body=4096) as c:
        big = json.dumps({"game": "chant", "text": "1 火球\n" * 100_000})
        message = refused(c.post("/api/decks/check", content=big, headers={**JSON, "Accept-Language": "en"}),
                          413, "too_large")
        assert message == "request body larger than 4096 bytes"
        ja = refused(c.post("/api/games", content=big, headers={**JSON, "Accept-Language": "ja"}), 413, "too_large")
        assert "4096" in ja and "大きすぎ" in ja

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            for _ in range(100):
                yield b" " * 1000

        refused(c.post("/api/games", content=chunks(), headers=JSON), 413, "too_large")
        assert hub(c).store.count_games() == 0
        assert c.post("/api/games", json=body()).status_code == 201  # and the server goes on


def test_w9_posts_take_json_only_and_only_from_this_site(db_path):
    with limited(db_path) as c:
        text = json.dumps(body())
        refused(c.post("/api/games", content=text, headers={"Content-Type": "text/plain"}), 415, "unsupported_media")
        refused(c.post("/api/games", content=text, headers={**JSON, "Origin": "https://evil.example"}), 403,
                "bad_origin")
        refused(c.post("/api/decks/check", content=text, headers={**JSON, "Origin": "null"}), 403, "bad_origin")
        assert hub(c).store.count_games() == 0
        ok = c.post("/api/games", content=text, headers={**JSON, "Origin": "http://testserver"})
        assert ok.status_code == 201
        with pytest.raises(Exception), c.websocket_connect(f"/ws/{ok.json()['id']}",  # noqa: B017
                                                          headers={"Origin": "https://evil.example"}) as ws:
            ws.receive_json()


def test_w9_every_answer_carries_the_browser_safety_headers(db_path):
    with limited(db_path) as c:
        for path in ("/", "/g/x", "/static/js/lobby.js", "/api/meta", "/api/games/none"):
            headers = c.get(path).headers
            csp = headers["content-security-policy"]
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
        posted = c.post("/api/games", content="{", headers=JSON)
        assert posted.status_code == 400 and "content-security-policy" in posted.headers


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"game": "toy", "options": ' + '{"a":' * 500 + "1" + "}" * 500 + "}",
    '{"game": "toy", "deck": {"starter": "steady"}, "options": {"turn_limit": Infinity}}',
    '{"game": "toy", "deck": {"starter": "steady"}, "options": {"turn_limit": 1e400}}',
    '{"game": "toy", "deck": {"starter": "steady"}, "options": {"turn_limit": ' + "9" * 4300 + "}}",
    '{"game": "toy", "deck": {"starter": "steady"}, "options": {"turn_limit": NaN}}',
])
def test_w9_deep_nesting_and_huge_numbers_in_a_body_are_a_typed_refusal(db_path, text):
    with limited(db_path, max_body=300_000) as c:
        res = c.post("/api/games", content=text, headers={**JSON, "Accept-Language": "en"})
        refused(res, 400, "bad_json")
        assert hub(c).store.count_games() == 0


@pytest.mark.parametrize("text", [
    "[" * 3000 + "]" * 3000,
    '{"type": "answer", "seq": ' + "[" * 600 + "]" * 600 + ', "option": "x"}',
    '{"type": "answer", "seq": 1e400, "option": "x"}',
    '{"type": "answer", "seq": Infinity, "option": "x"}',
    '{"type": "answer", "seq": -Infinity, "option": "x"}',
    '{"type": "answer", "seq": ' + "1" * 4300 + ', "option": "x"}',
])
def test_w9_deep_nesting_and_huge_numbers_on_a_socket_are_a_typed_refusal_and_the_socket_stays(db_path, text):
    with limited(db_path, ws_message=20_000) as c:
        data = create(c, "toy")
        with c.websocket_connect(f"/ws/{data['id']}") as ws:
            first = hello(ws, token(data["links"]["seats"][0]), "en")
            ws.send_text(text)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "bad_json"
            assert error["message"].isascii()  # English, as the hello asked
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            assert live(c, data["id"]).seq == first["seq"]


def test_w9_a_socket_that_floods_and_never_reads_gets_small_replies_then_is_closed(db_path):
    """The attack: lang/hello messages from a spectator socket that never reads (each cost a full state)."""
    with limited(db_path, ws_burst=20, ws_rate=1) as c:
        data = create(c, "chant")
        gid = data["id"]
        with c.websocket_connect(f"/ws/{gid}") as seat0:
            hello(seat0, token(data["links"]["seats"][0]))
            with c.websocket_connect(f"/ws/{gid}") as flood:
                first = hello(flood, None, "en")
                assert first["type"] == "state" and first["full_log"]
                for i in range(60):  # sent at once, nothing read
                    with contextlib.suppress(Exception):
                        flood.send_json({"type": "lang", "lang": "en"} if i % 2 else {"type": "hello", "token": None,
                                                                                      "lang": "en"})
                replies = []
                with contextlib.suppress(Exception):
                    while True:
                        replies.append(flood.receive_json())
                assert replies[-1]["type"] == "error" and replies[-1]["code"] == "rate"
                assert "too many messages" in replies[-1]["message"]
                assert len(replies) <= 20 and all(r["type"] == "same" for r in replies[:-1])
            assert not [conn for conn in live(c, gid).conns if conn.seat is None]  # closed and forgotten
            seat0.send_json({"type": "ping"})  # the seats of the game go on
            assert seat0.receive_json() == {"type": "pong"}


def test_w9_a_socket_whose_updates_pile_up_is_dropped_with_its_queue_bounded(db_path):
    with limited(db_path, ws_queue=5) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1, \
                c.websocket_connect(f"/ws/{gid}") as idle:
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            hello(idle, None)
            lg = live(c, gid)
            watcher = next(conn for conn in lg.conns if conn.seat is None)
            watcher.take = _never  # type: ignore[method-assign]  # a client that stops reading
            for _ in range(12):
                seat = 0 if msgs[0]["decision"] is not None else 1
                if msgs[seat]["outcome"] is not None:
                    break
                opts = msgs[seat]["decision"]["options"]
                (ws0, ws1)[seat].send_json({"type": "answer", "seq": msgs[seat]["seq"], "option": opts[0]["id"]})
                msgs = [ws0.receive_json(), ws1.receive_json()]
            assert watcher.overflowed and watcher not in lg.conns
            assert watcher.outbox.qsize() <= 6  # the queue stopped growing at its bound


async def _never() -> str | None:
    import asyncio

    await asyncio.Event().wait()
    return None


def test_w9_game_creation_is_limited_per_client_per_minute_and_in_open_games(db_path):
    with limited(db_path, creates_per_minute=3, open_games_per_client=5) as c:
        for _ in range(3):
            assert c.post("/api/games", json=body()).status_code == 201
        message = refused(c.post("/api/games", json={**body(), "lang": "en"}), 429, "too_many_games")
        assert message.startswith("too many games created (at most 3 a minute)")
        assert hub(c).store.count_games() == 3
    with limited(db_path, creates_per_minute=100, open_games_per_client=5) as c:
        for _ in range(2):
            assert c.post("/api/games", json=body()).status_code == 201
        refused(c.post("/api/games", json=body()), 429, "too_many_games")


def test_w9_abandoned_unfinished_games_expire_and_finished_games_stay(db_path):
    import asyncio

    with limited(db_path, expire_days=1) as c:
        ids = [c.post("/api/games", json=body()).json()["id"] for _ in range(3)]
        store = hub(c).store
        finished = live(c, ids[0])
        store.set_outcome(ids[0], {"winner": 0, "reason": "test"})
        assert finished is not None
        gone = asyncio.run(hub(c).expire(now=finished.stored.created + 2 * 86400))
        assert sorted(gone) == sorted(ids[1:])
        assert store.load_game(ids[0]) is not None and store.load_game(ids[1]) is None
        assert c.get(f"/api/games/{ids[1]}").status_code == 404
        assert asyncio.run(hub(c).expire(now=finished.stored.created + 3600)) == []


def test_w9_invitations_nobody_accepted_expire_and_accepted_finished_games_keep_theirs(db_path):
    import asyncio
    import time

    with limited(db_path, expire_days=1) as c:
        def invite() -> dict[str, Any]:
            res = c.post("/api/invites", json={"game": "chant", "deck": {"starter": "fire"}})
            assert res.status_code == 201, res.text
            return dict(res.json())

        waiting, played, dropped = invite(), invite(), invite()
        for inv in (played, dropped):
            friend = token(inv["links"]["seats"][1])
            assert c.post(f"/api/invites/{inv['id']}/accept",
                          json={"token": friend, "deck": {"starter": "science"}}).status_code == 200
        hub(c).store.set_outcome(played["game_id"], {"winner": 0, "reason": "test"})
        assert asyncio.run(hub(c).expire(now=time.time() + 3600)) == []  # not yet: nothing goes
        assert all(c.get(f"/api/invites/{inv['id']}").status_code == 200 for inv in (waiting, played, dropped))
        gone = asyncio.run(hub(c).expire(now=time.time() + 2 * 86400))
        assert gone == [dropped["game_id"]]  # the accepted game nobody played
        assert c.get(f"/api/invites/{waiting['id']}").status_code == 404  # never accepted
        assert c.get(f"/api/invites/{dropped['id']}").status_code == 404  # its game expired
        assert c.get(f"/api/invites/{played['id']}").json()["started"] is True  # finished games stay


def test_w9_destiny_deck_size_options_can_be_used_from_the_web(db_path):
    with limited(db_path) as c:
        game = hub(c).rules("destiny")
        cards = game.cards.starter_deck("spirit_festival").all_cards()[:20]
        text = "\n".join(f"1 {game.pool[cid].name.ja}" for cid in cards)
        deck = {"text": text}
        options = {"deck_size": 20}
        res = c.post("/api/decks/check", json={"game": "destiny", "text": text, "options": options})
        assert res.status_code == 200 and res.json()["counts"] == {"main": 20}
        res = c.post("/api/games", json={"game": "destiny", "deck": deck, "options": options,
                                         "opponent": {"kind": "friend", "deck": deck}})
        assert res.status_code == 201, res.text
        refused(c.post("/api/games", json={"game": "destiny", "deck": deck, "opponent": {"kind": "friend"}}),
                400, "deck")
        refused(c.post("/api/games", json={**body("destiny"), "options": {"deck_size": [1]}}), 400, "bad_message")


def test_w9_limits_are_configuration_with_defaults_and_refuse_nonsense():
    from grimoire.core.errors import GrimoireError
    from grimoire.web.limits import SPECS

    assert {s.name for s in SPECS} == set(Limits.__dataclass_fields__)
    for spec in SPECS:
        assert getattr(Limits(), spec.name) == spec.default
    for bad in ("ws_rate=0", "max_body=12", "ws_rate=nan", "header_timeout=inf", "max_body", "nope=1"):
        with pytest.raises(GrimoireError):
            Limits.parse([bad])
