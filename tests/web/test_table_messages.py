"""No amplification at a table (rule W9, issue 29 item 2).

Each ``lang`` change re-rendered the whole state and log (81–88 KB in a long game): sixteen
spectator sockets flipping languages pushed other tables' p99 to 5.5 s. Every ``hello`` sent a
``table`` message to every connection of the game. Now the whole state is rendered once per
position, seat and language, and a ``hello`` is answered to its sender (the others hear of it only
when a seat's presence changed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import client, create, token

import grimoire.web.broadcast as broadcast


def test_w9_language_flips_render_the_whole_state_once_per_language(db_path: Path, monkeypatch: Any) -> None:
    calls: list[tuple[Any, ...]] = []
    real = broadcast.state_payload

    def counted(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("full_log"):
            calls.append(args[4:6])
        return real(*args, **kwargs)

    monkeypatch.setattr(broadcast, "state_payload", counted)
    with client(db_path) as c:
        game = create(c, "chant")
        sockets = [c.websocket_connect(f"/ws/{game['id']}") for _ in range(4)]
        try:
            for ws in sockets:
                ws.__enter__()
                ws.send_json({"type": "hello", "token": None, "lang": "ja"})
                assert ws.receive_json()["type"] == "state"
            for i in range(10):
                for ws in sockets:
                    ws.send_json({"type": "lang", "lang": "en" if i % 2 == 0 else "ja"})
                    assert ws.receive_json()["type"] == "state"
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert sorted(set(calls), key=str) == sorted({(None, "ja"), (None, "en")}, key=str)
    assert len(calls) == 2, calls


def test_w9_a_hello_is_answered_to_its_sender_not_fanned_to_the_table(db_path: Path) -> None:
    with client(db_path) as c:
        game = create(c)
        seat0 = token(game["links"]["seats"][0])
        with c.websocket_connect(f"/ws/{game['id']}") as player, \
                c.websocket_connect(f"/ws/{game['id']}") as watcher:
            player.send_json({"type": "hello", "token": seat0, "lang": "en", "table": True})
            assert player.receive_json()["type"] == "state"
            assert player.receive_json()["type"] == "table"
            for _ in range(5):  # a spectator saying hello again and again
                watcher.send_json({"type": "hello", "token": None, "lang": "en", "table": True})
                answers = [watcher.receive_json()["type"], watcher.receive_json()["type"]]
                assert set(answers) <= {"state", "same", "table"} and "table" in answers
            player.send_json({"type": "hello", "token": seat0, "lang": "en", "table": True})  # again: no change
            assert player.receive_json()["type"] == "same"
            assert player.receive_json()["type"] == "table"
            player.send_json({"type": "ping"})
            assert player.receive_json()["type"] == "pong"  # nothing of the spectator's hellos came first
            seat1 = token(game["links"]["seats"][1])
            with c.websocket_connect(f"/ws/{game['id']}") as other:  # a seat that was away comes: everyone hears
                other.send_json({"type": "hello", "token": seat1, "lang": "en", "table": True})
                other.receive_json()
                news = player.receive_json()
                assert news["type"] == "table" and news["present"] == [True, True]
