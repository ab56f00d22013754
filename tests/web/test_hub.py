"""The parts of the live-game hub: loading off the event loop, commit with rollback, acknowledgements,
the store shared between threads, and the one command that starts the server (rule W5)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from web_helpers import client, create, hello, live, pick, token

from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.web.games import LiveGames
from grimoire.web.hub import Hub
from grimoire.web.storage import Store, StoredGame


def _stored_toy_game(db_path: Path) -> str:
    deck = load_game("toy").cards.starter_deck("steady")
    hub = Hub(Store(db_path), games=("toy",))
    created, _ = hub.create("toy", (deck, deck), ["human", "human"], seed=5)
    hub.store.close()
    return created.id


def test_w5_a_game_is_loaded_once_in_a_worker_thread_however_many_ask_at_once(
        db_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = _stored_toy_game(db_path)
    hub = Hub(Store(db_path), games=("toy",))
    builders: list[int] = []
    build = LiveGames._build

    def spy(self: LiveGames, gid: str) -> Any:
        builders.append(threading.get_ident())
        return build(self, gid)

    monkeypatch.setattr(LiveGames, "_build", spy)

    async def main() -> tuple[int, list[Any]]:
        found = await asyncio.gather(*(hub.get(game_id) for _ in range(5)))
        again = await hub.get(game_id)  # in memory now: no second load
        return threading.get_ident(), [*found, again]

    loop_thread, found = asyncio.run(main())
    assert found[0] is not None and all(f is found[0] for f in found)
    assert len(builders) == 1 and builders[0] != loop_thread, "the store read and replay ran on the event loop"
    hub.store.close()


def test_w5_the_acknowledgement_is_the_last_field_of_the_answering_seats_update(db_path: Path) -> None:
    with client(db_path) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            seat = 0 if msgs[0]["decision"] is not None else 1
            socks = (ws0, ws1)
            socks[seat].send_json({"type": "answer", "seq": 0, "option": pick(msgs[seat], Chance.seeded(2))})
            text = socks[seat].receive_text()
            other = socks[1 - seat].receive_text()
    acked = json.loads(text)
    assert acked["ack"] == 0 and text.endswith(',"ack":0}')  # load tools find it at the end of the frame
    assert acked["type"] == "state" and acked["seq"] == 1 and acked["seat"] == seat
    assert "ack" not in json.loads(other) and json.loads(other)["seq"] == 1


def test_w5_an_answer_the_engine_cannot_apply_is_taken_back_and_the_game_reloaded(
        db_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    with client(db_path) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            broken = live(c, gid)
            assert broken.match.decision is not None
            seat = broken.match.decision.player
            socks = (ws0, ws1)
            option = pick(msgs[seat], Chance.seeded(3))

            def fail(option_id: str) -> None:
                raise RuntimeError("an engine bug")

            monkeypatch.setattr(broken.match, "answer", fail)
            socks[seat].send_json({"type": "answer", "seq": 0, "option": option})
            resent = socks[seat].receive_json()  # the reloaded game, in full
            error = socks[seat].receive_json()
            assert resent["type"] == "state" and resent["full_log"] and resent["seq"] == 0
            assert error["type"] == "error" and error["code"] == "internal" and "an engine bug" in error["message"]
            assert socks[1 - seat].receive_json()["full_log"] is True
            assert c.app.state.hub.store.load_game(gid).answers == []  # type: ignore[attr-defined]
            fresh = live(c, gid)
            assert fresh is not broken and fresh.seq == 0 and len(fresh.conns) == 2
            # the reloaded game takes the same answer
            socks[seat].send_json({"type": "answer", "seq": 0, "option": option})
            assert socks[seat].receive_json()["ack"] == 0
            assert socks[1 - seat].receive_json()["seq"] == 1
            assert fresh.match.answers == [option]


def test_w5_the_store_is_shared_safely_between_threads(db_path: Path) -> None:
    store = Store(db_path)
    store.create_game(StoredGame("g", "toy", "1", {}, [], 1, "prng", [], ["human", "human"], ["", ""], 0.0))
    errors: list[BaseException] = []

    def read() -> None:
        try:
            for _ in range(200):
                assert store.load_game("g") is not None
        except BaseException as exc:  # reported below
            errors.append(exc)

    readers = [threading.Thread(target=read) for _ in range(4)]
    for r in readers:
        r.start()
    for seq in range(200):
        store.append_answer("g", seq % 2, seq, "draw")
    for r in readers:
        r.join()
    assert not errors
    stored = store.load_game("g")
    assert stored is not None and len(stored.answers) == 200
    store.close()


def test_python_m_grimoire_web_is_the_grimoire_serve_command() -> None:
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "grimoire.web", "--help"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "grimoire serve" in done.stdout and "--port" in done.stdout and "--db" in done.stdout
