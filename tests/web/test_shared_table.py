"""N server processes are one server (W10, issue 29 item 6): presence, idle claims, rematch offers and the end
of a game are kept in the shared PostgreSQL database, so seats connected to different processes see one truth.

Each test runs two (or three) real server processes on one database (``server_helpers.servers``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from server_helpers import Server, post, servers
from web_helpers import STARTERS, token

from grimoire.web.stores import open_store

Msg = dict[str, Any]


class Socket:
    """A player's socket to one process, asking for the ``table`` messages."""

    def __init__(self, server: Server, game_id: str, tok: str | None) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}", max_size=2**22).__enter__()
        self.send({"type": "hello", "token": tok, "lang": "en", "table": True})
        self.state = self.until(lambda m: m["type"] == "state")

    def send(self, msg: Msg) -> None:
        self.ws.send(json.dumps(msg))

    def until(self, want: Callable[[Msg], bool], timeout: float = 20) -> Msg:
        end = time.monotonic() + timeout
        while True:
            msg: Msg = json.loads(self.ws.recv(timeout=max(0.1, end - time.monotonic())))
            if msg["type"] == "state":
                self.state = msg
            if want(msg):
                return msg

    def close(self) -> None:
        self.ws.close()


def _friend_game(server: Server) -> tuple[str, list[str]]:
    mine, theirs = STARTERS["chant"]
    status, data = post(server, "/api/games", {"game": "chant", "deck": {"starter": mine},
                                               "opponent": {"kind": "friend", "deck": {"starter": theirs}}})
    assert status == 201, data
    return data["id"], [token(link) for link in data["links"]["seats"]]


def _mover(sock: Socket) -> int:
    decision = sock.state["decision"] or {}
    waiting = sock.state.get("waiting_for")
    return int(waiting if waiting is not None else decision["player"])


def _ended(msg: Msg) -> bool:
    return msg["type"] == "state" and msg["outcome"] is not None


def test_w10_the_seat_to_move_connected_to_another_process_cannot_be_claimed_against(pg_url):
    with servers(pg_url, 2, "--limit", "idle_claim=1") as (a, b):
        gid, toks = _friend_game(a)
        probe = Socket(a, gid, None)
        mover = _mover(probe)
        probe.close()
        here = Socket(a, gid, toks[mover])  # the player to move thinks, connected to process a
        other = Socket(b, gid, toks[1 - mover])  # the other player is connected to process b
        table = other.until(lambda m: m["type"] == "table" and m["present"][mover])
        assert table["claim_in"] is None
        time.sleep(1.5)  # longer than idle_claim: only the presence keeps the claim away
        other.send({"type": "claim"})
        assert other.until(lambda m: m["type"] == "error")["code"] == "not_yet"
        here.close()  # now the player to move leaves: after idle_claim the win may be claimed
        time.sleep(1.5)
        other.send({"type": "claim"})
        over = other.until(_ended)
        assert over["outcome"]["reason"] == "abandoned" and over["outcome"]["winner"] == 1 - mover
        other.close()


def test_w10_a_rematch_offered_on_two_processes_and_after_a_restart_is_one_game(pg_url):
    with servers(pg_url, 2) as (a, b):
        gid, toks = _friend_game(a)
        s0, s1 = Socket(a, gid, toks[0]), Socket(b, gid, toks[1])
        s1.send({"type": "concede"})
        s0.until(_ended)
        s1.until(_ended)
        s0.send({"type": "rematch"})
        s1.until(lambda m: m["type"] == "table" and m["rematch"] == [0])  # the offer reached the other process
        s1.send({"type": "rematch"})
        url0 = s0.until(lambda m: m["type"] == "rematch")["url"]
        url1 = s1.until(lambda m: m["type"] == "rematch")["url"]
        new_id = url0.split("/g/", 1)[1].split("#", 1)[0]
        assert new_id != gid and url1.startswith(f"/g/{new_id}#seat=") and token(url0) != token(url1)
        s0.close()
        s1.close()
        a.stop()  # a restarted process (and the other one) give the same rematch again
        c = Server(pg_url)
        try:
            again = Socket(c, gid, toks[0])
            again.send({"type": "rematch"})
            assert again.until(lambda m: m["type"] == "rematch")["url"] == url0
            again.close()
            late = Socket(b, gid, toks[1])
            late.send({"type": "rematch"})
            assert late.until(lambda m: m["type"] == "rematch")["url"] == url1
            late.close()
        finally:
            c.stop()
    store = open_store(pg_url)
    try:
        assert store.count_games() == 2
    finally:
        store.close()


def test_w10_both_seats_rematching_at_once_on_two_processes_make_one_game(pg_url):
    with servers(pg_url, 2) as (a, b):
        for _ in range(3):
            gid, toks = _friend_game(a)
            s0, s1 = Socket(a, gid, toks[0]), Socket(b, gid, toks[1])
            s0.send({"type": "concede"})
            s0.until(_ended)
            s1.until(_ended)
            s0.send({"type": "rematch"})
            s1.send({"type": "rematch"})
            url0 = s0.until(lambda m: m["type"] == "rematch")["url"]
            url1 = s1.until(lambda m: m["type"] == "rematch")["url"]
            assert url0.split("#")[0] == url1.split("#")[0]
            s0.close()
            s1.close()
    store = open_store(pg_url)
    try:
        assert store.count_games() == 6
    finally:
        store.close()


def test_w10_two_processes_ending_one_game_at_once_agree_on_how_it_ended(pg_url):
    with servers(pg_url, 2) as (a, b):
        for _ in range(3):
            gid, toks = _friend_game(a)
            s0, s1 = Socket(a, gid, toks[0]), Socket(b, gid, toks[1])
            s0.send({"type": "concede"})
            s1.send({"type": "concede"})
            ends = [s0.until(_ended)["outcome"], s1.until(_ended)["outcome"]]
            time.sleep(0.5)  # a second ending, had it been stored, would have been announced by now
            watchers = [Socket(a, gid, None), Socket(b, gid, None)]
            store = open_store(pg_url)
            try:
                stored = store.load_game(gid)
            finally:
                store.close()
            assert stored is not None
            seen = [*ends, stored.outcome, watchers[0].state["outcome"], watchers[1].state["outcome"]]
            assert len({(o["winner"], o["reason"]) for o in seen}) == 1, seen
            for s in (s0, s1, *watchers):
                s.close()
