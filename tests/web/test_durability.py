"""Every answer is committed before anyone hears of it; a restarted server loses nothing (rule W5)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from web_helpers import ALL_GAMES, STARTERS, client, create, hello, live, pick, token

from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.web.hub import Hub
from grimoire.web.storage import Store


def stored_answers(db: Path, game_id: str) -> int:
    with sqlite3.connect(db) as other:  # a second connection sees only committed data
        return int(other.execute("SELECT COUNT(*) FROM answers WHERE game_id = ?", (game_id,)).fetchone()[0])


def test_w5_an_answer_is_committed_before_it_is_acknowledged_or_broadcast(db_path):
    with client(db_path) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        chance = Chance.seeded(5)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            socks = (ws0, ws1)
            for _ in range(30):
                if msgs[0]["outcome"] is not None:
                    break
                seat = 0 if msgs[0]["decision"] is not None else 1
                socks[seat].send_json({"type": "answer", "seq": msgs[seat]["seq"], "option": pick(msgs[seat], chance)})
                ack = socks[seat].receive_json()
                assert ack["ack"] == msgs[seat]["seq"]
                assert stored_answers(db_path, gid) == ack["seq"]
                other = socks[1 - seat].receive_json()
                assert "ack" not in other and other["seq"] == ack["seq"]
                msgs[seat], msgs[1 - seat] = ack, other


def _play(ws: Any, msg: dict[str, Any], chance: Chance, steps: int, other: Any,
          theirs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A few answers from one seat; its last update and the other seat's."""
    for _ in range(steps):
        if msg["outcome"] is not None or msg["decision"] is None:
            break
        ws.send_json({"type": "answer", "seq": msg["seq"], "option": pick(msg, chance)})
        msg = ws.receive_json()
        theirs = other.receive_json()
    return msg, theirs


@pytest.mark.parametrize("game_name", ALL_GAMES)
def test_w5_a_restarted_server_continues_every_game_exactly_where_it_was(db_path, game_name):
    chance = Chance.seeded(9)
    with client(db_path) as c:
        data = create(c, game_name)
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            for _ in range(8):  # a few answers from each side
                seat = 0 if msgs[0]["decision"] is not None else 1
                socks = (ws0, ws1)
                msgs[seat], msgs[1 - seat] = _play(socks[seat], msgs[seat], chance, 3, socks[1 - seat],
                                                   msgs[1 - seat])
                if msgs[seat]["outcome"] is not None:
                    break
            assert hello(ws0, tokens[0]) == {"type": "same", "seq": msgs[0]["seq"]}  # up to date: no state again
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            before = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        with c.websocket_connect(f"/ws/{gid}") as wss:
            spectator_before = hello(wss, None)
        answers_before = list(live(c, gid).match.answers)
    assert answers_before, "nothing was played"
    # a new application on the same database file: nothing in memory
    with client(db_path) as c2, c2.websocket_connect(f"/ws/{gid}") as ws0, \
            c2.websocket_connect(f"/ws/{gid}") as ws1, c2.websocket_connect(f"/ws/{gid}") as wss:
        after = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        assert after == before
        assert hello(wss, None) == spectator_before
        assert live(c2, gid).match.answers == answers_before
        # and play goes on to the end
        msgs = after
        for _ in range(5000):
            if msgs[0]["outcome"] is not None:
                break
            seat = 0 if msgs[0]["decision"] is not None else 1
            (ws0, ws1)[seat].send_json(
                {"type": "answer", "seq": msgs[seat]["seq"], "option": pick(msgs[seat], chance)})
            msgs = [ws0.receive_json(), ws1.receive_json()]
            wss.receive_json()
        assert msgs[0]["outcome"] is not None and msgs[0]["outcome"] == msgs[1]["outcome"]


def test_w5_a_computer_seat_moves_again_after_a_restart(db_path):
    """A game saved while the computer had to answer: the computer answers once the game is loaded."""
    game = load_game("toy")
    deck = game.cards.starter_deck("steady")
    hub = Hub(Store(db_path), games=("toy",))
    created, tokens = hub.create("toy", (deck, deck), ["ai:easy", "human"], {"first_player": "0"})
    assert created.match.decision is not None and created.match.decision.player == 0  # the computer's turn
    hub.store.close()
    with client(db_path, games=("toy",)) as c, c.websocket_connect(f"/ws/{created.id}") as ws:
        msg = hello(ws, tokens[1])
        while msg["decision"] is None and msg["outcome"] is None:
            msg = ws.receive_json()
        assert msg["seq"] >= 1
        stored = Store(db_path).load_game(created.id)
        assert stored is not None and len(stored.answers) == msg["seq"]


def test_w5_games_are_loaded_lazily_from_the_database(db_path):
    with client(db_path) as c:
        ids = [create(c, "toy")["id"] for _ in range(3)]
    with client(db_path) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert not hub.live
        assert c.get(f"/api/games/{ids[1]}").json()["steps"] == 0
        assert list(hub.live) == [ids[1]]
        assert c.get("/api/games/nothing-here").status_code == 404


def test_w5_starters_of_every_game_make_a_stored_game(db_path):
    with client(db_path) as c:
        for name in ALL_GAMES:
            for starter in STARTERS[name]:
                res = c.post("/api/games", json={"game": name, "deck": {"starter": starter},
                                                 "opponent": {"kind": "friend", "deck": {"starter": starter}}})
                assert res.status_code == 201, res.text
        assert c.app.state.hub.store.count_games() == 2 * len(ALL_GAMES)  # type: ignore[attr-defined]
