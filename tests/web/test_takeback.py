"""Taking answers back at the web table (grimoire.web.takeback), over the socket: against the computer at
once, between people as a request the other seat accepts or refuses; never past new information."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import ALL_GAMES, FAST, STARTERS, live, token

from grimoire.core.match import Match
from grimoire.core.replay import verify
from grimoire.core.undo import TakeBackCounter, reveals
from grimoire.web.app import create_app
from grimoire.web.storage import Store

Msg = dict[str, Any]


@contextlib.contextmanager
def app_client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Store(db), ALL_GAMES, ai_delay=0, limits=FAST)) as c:
        yield c


def new_game(c: TestClient, opponent: Msg | None = None) -> tuple[str, list[str]]:
    mine, theirs = STARTERS["chant"]
    res = c.post("/api/games", json={"game": "chant", "deck": {"starter": mine},
                                     "opponent": opponent or {"kind": "friend", "deck": {"starter": theirs}}})
    assert res.status_code == 201, res.text
    data: Msg = res.json()
    return data["id"], [token(link) if link else "" for link in data["links"]["seats"]]


def until(ws: WebSocketTestSession, want: Callable[[Msg], bool], most: int = 60) -> Msg:
    for _ in range(most):
        msg: Msg = ws.receive_json()
        if want(msg):
            return msg
    raise AssertionError("the expected message never came")


def join(ws: WebSocketTestSession, tok: str | None) -> Msg:
    ws.send_json({"type": "hello", "token": tok, "lang": "en", "table": True})
    return until(ws, lambda m: m["type"] == "state")


def quiet_answer(match: Match[Any]) -> str:
    """An answer of the seat to move that tells it nothing new and leaves it to move again."""
    game, decision = match.game, match.decision
    assert decision is not None
    for option in decision.options:
        after = game.clone(match.state)
        game.apply_unchecked(after, option.id, [])
        again = game.decision(after)
        if again is not None and again.player == decision.player \
                and not reveals(game, match.state, option.id, decision.player):
            return option.id
    raise AssertionError("no quiet answer at this decision")


def answer_quietly(c: TestClient, gid: str, ws: WebSocketTestSession) -> list[str]:
    """The seat of ``ws`` gives a quiet answer; the answers before it."""
    m = live(c, gid).match
    before = list(m.answers)
    ws.send_json({"type": "answer", "seq": len(before), "option": quiet_answer(m)})
    until(ws, lambda msg: msg["type"] == "state" and msg["seq"] == len(before) + 1)
    return before


def test_a_friend_game_takeback_refused_then_accepted(db_path):
    with app_client(db_path) as c:
        gid, toks = new_game(c)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            join(ws0, toks[0])
            join(ws1, toks[1])
            mover = live(c, gid).match.decision.player
            me, other = (ws0, ws1) if mover == 0 else (ws1, ws0)
            before = answer_quietly(c, gid, me)
            table = until(other, lambda m: m["type"] == "table" and m["takeback"]["limit"][mover] == 1)
            assert table["takeback"]["asked"] is None
            me.send_json({"type": "takeback"})
            asked = until(other, lambda m: m["type"] == "table" and m["takeback"]["asked"] == mover)
            assert asked["takeback"]["refused"] is None
            me.send_json({"type": "takeback_yes"})  # the asking seat cannot accept its own request
            assert until(me, lambda m: m["type"] == "error")["code"] == "not_yet"
            other.send_json({"type": "takeback_no"})
            refused = until(me, lambda m: m["type"] == "table" and m["takeback"]["refused"] == mover)
            assert refused["takeback"]["asked"] is None
            assert len(live(c, gid).match.answers) == len(before) + 1  # refused: nothing changed
            me.send_json({"type": "takeback"})
            until(other, lambda m: m["type"] == "table" and m["takeback"]["asked"] == mover)
            other.send_json({"type": "takeback_yes"})
            states = [until(ws, lambda m: m["type"] == "state" and m["seq"] == len(before)) for ws in (me, other)]
            assert states[0]["decision"] is not None  # both seats see the state before it: the same seat to move
            assert states[1]["decision"] is None
            assert live(c, gid).match.answers == before
            other.send_json({"type": "takeback"})  # the other seat has nothing to take back
            assert until(other, lambda m: m["type"] == "error")["code"] == "not_yet"
    with app_client(db_path) as c:  # the stored answers are those that stand: a restarted server has them
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, None)
        match = live(c, gid).match
        assert match.answers == before
        assert verify(match.record()).ok


def test_against_the_computer_a_takeback_is_done_at_once_and_never_past_the_computers_answer(db_path):
    with app_client(db_path) as c:
        gid, toks = new_game(c, {"kind": "ai", "level": "easy"})
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, toks[0])
            m = live(c, gid).match
            if m.decision is None or m.decision.player != 0:
                until(ws, lambda msg: msg["type"] == "state" and live(c, gid).match.decision.player == 0)
            answers_before = list(live(c, gid).match.answers)
            computer_answered = 1 in live(c, gid).match.deciders
            answer_quietly(c, gid, ws)
            ws.send_json({"type": "takeback"})
            until(ws, lambda msg: msg["type"] == "state" and msg["seq"] == len(answers_before))
            assert live(c, gid).match.answers == answers_before
            ws.send_json({"type": "takeback"})  # back at the computer's answer or the set-up: no further
            error = until(ws, lambda msg: msg["type"] == "error")
            assert error["code"] == "not_yet" and "nothing to take back" in error["message"]
            assert live(c, gid).match.answers == answers_before
            assert computer_answered or not answers_before


def test_a_spectator_cannot_ask_and_nothing_changes(db_path):
    with app_client(db_path) as c:
        gid, _ = new_game(c)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, None)
            for kind in ("takeback", "takeback_yes"):
                ws.send_json({"type": kind})
                assert until(ws, lambda m: m["type"] == "error")["code"] == "not_your_turn"
        assert live(c, gid).match.answers == []


def counting(monkeypatch: Any) -> list[int]:
    """Record the seat of every take-back limit the server computes (TakeBackCounter.limit)."""
    seats: list[int] = []
    real = TakeBackCounter.limit

    def limit(self: TakeBackCounter, match: Match[Any]) -> int:
        seats.append(self.seat)
        return real(self, match)

    monkeypatch.setattr(TakeBackCounter, "limit", limit)
    return seats


def test_an_answer_no_page_shows_a_takeback_button_for_computes_no_limit(db_path, monkeypatch):
    """Pages that did not ask for the table messages show no take-back button: the answers cost no limit; a
    request still computes it and is answered as ever."""
    computed = counting(monkeypatch)
    with app_client(db_path) as c:
        gid, toks = new_game(c)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            for ws, tok in ((ws0, toks[0]), (ws1, toks[1])):
                ws.send_json({"type": "hello", "token": tok, "lang": "en"})
                until(ws, lambda m: m["type"] == "state")
            mover = live(c, gid).match.decision.player
            me, other = (ws0, ws1) if mover == 0 else (ws1, ws0)
            before = answer_quietly(c, gid, me)
            assert computed == []
            me.send_json({"type": "takeback"})
            other.send_json({"type": "takeback_yes"})
            until(me, lambda m: m["type"] == "state" and m["seq"] == len(before))
            assert live(c, gid).match.answers == before
            assert computed == [mover]  # the request's own check


def test_an_answer_computes_only_the_answering_seats_limit_and_never_twice(db_path, monkeypatch):
    """With both pages showing the table, an answer computes the limit of the seat that gave it (the other
    seat, which did not answer last, may take back nothing), once per position however many messages follow."""
    computed = counting(monkeypatch)
    with app_client(db_path) as c:
        gid, toks = new_game(c)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            join(ws0, toks[0])
            join(ws1, toks[1])
            mover = live(c, gid).match.decision.player
            me, other = (ws0, ws1) if mover == 0 else (ws1, ws0)
            answer_quietly(c, gid, me)
            table = until(other, lambda m: m["type"] == "table" and m["seq"] == len(live(c, gid).match.answers))
            assert table["takeback"]["limit"][mover] == 1 and table["takeback"]["limit"][1 - mover] == 0
            me.send_json({"type": "hello", "token": toks[mover], "lang": "ja", "table": True})  # another table message
            until(me, lambda m: m["type"] == "table")
            me.send_json({"type": "takeback"})  # the request reads the same position's limit
            until(other, lambda m: m["type"] == "table" and m["takeback"]["asked"] == mover)
            assert computed == [mover]
