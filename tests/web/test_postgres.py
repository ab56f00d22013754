"""Scale-out on PostgreSQL: the same store contract, and several server processes sharing one database (W10).

* **W10 Shared database.** With ``--db postgresql://…`` any number of server processes
  serve the same games: a game's answers are serialized by the database (its row is
  locked while an answer is stored), and each process hears of the others' answers
  (``LISTEN/NOTIFY``) and updates its own sockets, so the two seats of one game may be
  connected to different processes; a process killed mid-game loses no acknowledged
  answer and its seats go on through another.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from server_helpers import Seat, Server, post, servers
from web_helpers import FAST, STARTERS, hello, token

from grimoire.core.rng import Chance
from grimoire.web.storage import StaleWrite, StoredGame
from grimoire.web.stores import open_store


def _game(gid: str, created: float = 5.0, creator: str = "c") -> StoredGame:
    return StoredGame(gid, "toy", "1", {}, [], 1, "prng", [], ["human", "human"], ["a", "b"], created,
                      creator=creator)


def test_w10_the_postgresql_store_keeps_the_sqlite_stores_contract(pg_url):
    store = open_store(pg_url)
    assert store.kind == "postgresql" and store.shared
    try:
        store.create_game(_game("g1", created=time.time()))
        store.append_answer("g1", 0, 0, "draw")
        store.append_answer("g1", 1, 1, "pass")
        with pytest.raises(StaleWrite):
            store.append_answer("g1", 1, 1, "again")
        with pytest.raises(StaleWrite):  # a gap is refused too: answers are numbered without holes
            store.append_answer("g1", 0, 5, "later")
        loaded = store.load_game("g1")
        assert loaded is not None and loaded.answers == ["draw", "pass"] and loaded.creator == "c"
        assert store.answers_from("g1", 1) == ["pass"] and store.load_game("none") is None
        assert store.count_games() == 1 and store.count_created("c", 0) == 1 and store.count_open("c", 0) == 1
        store.set_outcome("g1", {"winner": 0, "reason": "race"})
        assert store.count_open("c", 0) == 0
        store.create_game(_game("g2", created=10.0))
        store.save_invite("i1", {"game_id": "g1"}, 10.0)  # accepted, its game finished
        store.save_invite("i2", {"game_id": "never"}, 10.0)  # never accepted
        store.save_invite("i3", {"game_id": "g2"}, 10.0)  # accepted, its game abandoned
        assert store.expire(time.time() + 100) == ["g2"] and store.count_games() == 1  # finished games stay
        assert store.load_invite("i1") is not None and store.load_invite("i2") is None
        assert store.load_invite("i3") is None
        store.remove_answer("g1", 1)
        assert store.load_game("g1").answers == ["draw"]  # type: ignore[union-attr]
    finally:
        store.close()
    again = open_store(pg_url)  # a second process starting on the same database keeps everything
    assert again.load_game("g1") is not None
    again.close()


def test_w10_answers_of_one_game_are_serialized_by_the_database(pg_url):
    """Many writers race for each answer number: exactly one wins each, and the answers have no gap."""
    stores = [open_store(pg_url) for _ in range(4)]
    stores[0].create_game(_game("race"))
    won: list[tuple[int, int]] = []

    def writer(k: int) -> None:
        for seq in range(25):
            try:
                stores[k].append_answer("race", 0, seq, f"w{k}-{seq}")
                won.append((seq, k))
            except StaleWrite:
                pass

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    answers = stores[0].load_game("race").answers  # type: ignore[union-attr]
    assert sorted(seq for seq, _ in won) == list(range(len(answers)))
    assert all(answers[seq] == f"w{k}-{seq}" for seq, k in won)
    for s in stores:
        s.close()


def test_w10_an_app_on_postgresql_plays_a_game_to_the_end(pg_url):
    from starlette.testclient import TestClient

    from grimoire.web.app import create_app

    with TestClient(create_app(open_store(pg_url), ("toy",), ai_delay=0, limits=FAST)) as c:
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                         "opponent": {"kind": "ai", "level": "easy"}})
        gid = res.json()["id"]
        chance = Chance.seeded(2)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws, token(res.json()["links"]["seats"][0]))
            while msg["outcome"] is None:
                if msg["decision"] is not None:
                    options = msg["decision"]["options"]
                    ws.send_json({"type": "answer", "seq": msg["decision"]["seq"],
                                  "option": options[chance.below(len(options))]["id"]})
                msg = ws.receive_json()
        stored = open_store(pg_url).load_game(gid)
        assert stored is not None and stored.outcome is not None and len(stored.answers) == msg["seq"]


def _play(seats: list[Seat], chance: Chance, acked: list[str], until: int | None = None) -> dict[str, Any]:
    """Answer with each deciding seat until the game ends (or ``until`` answers); every answer is acknowledged
    on its seat's process and reaches the other seat through the other process."""
    while seats[0].last["outcome"] is None and (until is None or len(acked) < until):
        mover = next(s for s in seats if s.last["decision"] is not None)
        other = seats[1 - seats.index(mover)]
        seq, option = mover.answer(chance)
        ack = mover.recv()
        assert ack.get("ack") == seq, ack
        acked.append(option)
        update = other.recv()
        assert update["type"] == "state" and update["seq"] == seq + 1 and "ack" not in update
    return seats[0].last


def _create(server: Server, game: str) -> tuple[str, list[str]]:
    mine, theirs = STARTERS[game]
    status, data = post(server, "/api/games", {"game": game, "deck": {"starter": mine},
                                               "opponent": {"kind": "friend", "deck": {"starter": theirs}}})
    assert status == 201, data
    return data["id"], [token(link) for link in data["links"]["seats"]]


def test_w10_two_server_processes_play_a_whole_game_with_one_seat_on_each(pg_url):
    with servers(pg_url, 2) as (a, b):
        gid, tokens = _create(a, "chant")
        seats = [Seat(a, gid, tokens[0]), Seat(b, gid, tokens[1])]
        acked: list[str] = []
        final = _play(seats, Chance.seeded(12), acked)
        assert final["outcome"] is not None and seats[1].last["outcome"] == final["outcome"]
        watcher = Seat(b, gid, None)  # a spectator on either process sees the finished game
        assert watcher.last["outcome"] == final["outcome"] and watcher.last["seq"] == len(acked)
        for s in (*seats, watcher):
            s.close()
        stored = open_store(pg_url).load_game(gid)
        assert stored is not None and stored.answers == acked and stored.outcome is not None


def test_w10_a_process_killed_mid_game_loses_no_acknowledged_answer(pg_url):
    with servers(pg_url, 2) as (a, b):
        gid, tokens = _create(a, "chant")
        seats = [Seat(a, gid, tokens[0]), Seat(b, gid, tokens[1])]
        acked: list[str] = []
        chance = Chance.seeded(5)
        _play(seats, chance, acked, until=30)
        a.kill()  # kill -9 the process seat 0 is connected to
        seats[0].close()
        seats[0] = Seat(b, gid, tokens[0])  # the player's page reconnects, to the process still running
        assert seats[0].last["seq"] == len(acked)
        third = Server(pg_url)  # and a new process joins the deployment
        try:
            seats[1].close()
            seats[1] = Seat(third, gid, tokens[1])
            assert seats[1].last["seq"] == len(acked)
            final = _play(seats, chance, acked)
            assert final["outcome"] is not None
        finally:
            third.stop()
        stored = open_store(pg_url).load_game(gid)
        assert stored is not None and stored.answers == acked
