"""Around the table: conceding, clocks, the idle policy and rematches (grimoire.web.table), over the socket."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession
from web_helpers import ALL_GAMES, FAST, STARTERS, live, token

from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.web.app import create_app
from grimoire.web.storage import Store

Msg = dict[str, Any]


@contextlib.contextmanager
def app_client(db: Path, **limits: Any) -> Iterator[TestClient]:
    with TestClient(create_app(Store(db), ALL_GAMES, ai_delay=0, limits=FAST.replace(**limits))) as c:
        yield c


def new_game(c: TestClient, game: str = "toy", clock: str | None = None, opponent: Msg | None = None) -> Msg:
    mine, theirs = STARTERS[game]
    body: Msg = {"game": game, "deck": {"starter": mine},
                 "opponent": opponent or {"kind": "friend", "deck": {"starter": theirs}}}
    if clock is not None:
        body["clock"] = clock
    res = c.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data: Msg = res.json()
    return data


def until(ws: WebSocketTestSession, want: Callable[[Msg], bool], most: int = 50) -> Msg:
    """Read messages until one satisfies ``want``."""
    for _ in range(most):
        msg: Msg = ws.receive_json()
        if want(msg):
            return msg
    raise AssertionError("the expected message never came")


def join(ws: WebSocketTestSession, tok: str | None) -> Msg:
    ws.send_json({"type": "hello", "token": tok, "lang": "en", "table": True})
    return until(ws, lambda m: m["type"] == "state")


def ended(msg: Msg) -> bool:
    return msg["type"] == "state" and msg["outcome"] is not None


def tokens_of(data: Msg) -> list[str]:
    return [token(link) if link else "" for link in data["links"]["seats"]]


def test_a_seat_concedes_the_other_wins_and_the_record_replays_the_concession(db_path):
    with app_client(db_path) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            join(ws0, toks[0])
            join(ws1, toks[1])
            ws0.send_json({"type": "concede"})
            mine, theirs = until(ws0, ended), until(ws1, ended)
            assert mine["outcome"]["reason"] == theirs["outcome"]["reason"] == "concession"
            assert mine["outcome"]["winner"] == 1 and mine["decision"] is None
            assert mine["outcome"]["text"] == "concession"  # the reason's word in the page's language
            ws1.send_json({"type": "concede"})  # too late: the game is over, nothing changes
            assert until(ws1, lambda m: m["type"] == "error")["code"] == "stale"
    with app_client(db_path) as c:  # a restarted server has the same ending, and so has the record
        assert c.get(f"/api/games/{gid}").json()["outcome"] == {"winner": 1, "reason": "concession"}
        res = c.get(f"/api/games/{gid}/record", params={"seat": toks[0]})
        assert res.status_code == 200
        record = GameRecord.from_json(json.loads(res.text))
        assert record.forfeit is not None and record.forfeit.seat == 0
        result = verify(record)
        assert result.ok, result


def test_a_spectator_cannot_concede_and_nothing_changes(db_path):
    with app_client(db_path) as c:
        gid = new_game(c)["id"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, None)
            ws.send_json({"type": "concede"})
            assert until(ws, lambda m: m["type"] == "error")["code"] == "not_your_turn"
        assert live(c, gid).match.outcome is None


def test_a_bad_time_control_is_refused_with_one_line_and_creates_nothing(db_path):
    with app_client(db_path) as c:
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"}, "clock": "five minutes",
                                         "opponent": {"kind": "ai", "level": "easy"}})
        assert res.status_code == 400
        assert "MINUTES+SECONDS" in res.json()["error"]["message"]
        assert "\n" not in res.json()["error"]["message"]
        assert Store(db_path).count_games() == 0


def test_the_clock_runs_for_the_seat_to_move_and_its_flag_ends_the_game_on_time(db_path):
    with app_client(db_path) as c:
        data = new_game(c, clock="0.02+0")  # 1.2 seconds each
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws0:
            state = join(ws0, toks[0])
            table = until(ws0, lambda m: m["type"] == "table")
            mover = state["waiting_for"]
            assert table["clock"]["control"] == "0.02+0" and table["clock"]["running"] == mover
            assert 0 < table["clock"]["left"][mover] <= 1.2 and table["clock"]["left"][1 - mover] == 1.2
            over = until(ws0, ended)
            assert over["outcome"] == {"winner": 1 - mover, "reason": "timeout", "text": "out of time"}
            table = until(ws0, lambda m: m["type"] == "table")
            assert table["clock"]["running"] is None and table["clock"]["left"][mover] == 0
    with app_client(db_path) as c:
        record = GameRecord.from_json(c.get(f"/api/games/{gid}/record", params={"seat": toks[1]}).json())
        assert record.forfeit is not None and record.forfeit.reason == "timeout"
        assert verify(record).ok


def test_an_answer_charges_the_clock_adds_the_increment_and_a_restart_keeps_it(db_path):
    with app_client(db_path) as c:
        data = new_game(c, clock="5+10")
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            socks = (ws0, ws1)
            first = join(ws0, toks[0])
            join(ws1, toks[1])
            mover = first["waiting_for"]
            ws = socks[mover]
            ws.send_json({"type": "hello", "token": toks[mover], "lang": "en", "table": True})
            state = until(ws, lambda m: m["type"] in ("state", "same"))
            decision = live(c, gid).match.decision
            assert decision is not None
            ws.send_json({"type": "answer", "seq": 0, "option": decision.options[0].id})
            table = until(ws, lambda m: m["type"] == "table" and m["seq"] == 1)
            assert table["clock"]["left"][mover] > 300  # 10 s added, a fraction of a second spent
            before = live(c, gid).clock
            assert before is not None and state is not None
            left = list(before.left_ms)
    # restarted: the same time on each side, running for the seat to move
    with app_client(db_path) as c, c.websocket_connect(f"/ws/{gid}") as ws:
        now = join(ws, None)
        table = until(ws, lambda m: m["type"] == "table")
        running = table["clock"]["running"]
        assert running == now["waiting_for"]
        assert table["clock"]["left"][1 - running] == left[1 - running] / 1000
        assert left[running] / 1000 - 5 < table["clock"]["left"][running] <= left[running] / 1000


def test_the_other_player_may_claim_the_win_only_after_the_seat_to_move_was_away_for_idle_claim(db_path):
    with app_client(db_path, idle_claim=1) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        mover = live(c, gid).match.decision.player  # type: ignore[union-attr]
        with c.websocket_connect(f"/ws/{gid}") as other:
            join(other, toks[1 - mover])
            table = until(other, lambda m: m["type"] == "table")
            assert table["present"][mover] is False and 0 < table["claim_in"] <= 1
            other.send_json({"type": "claim"})
            assert until(other, lambda m: m["type"] == "error")["code"] == "not_yet"
            assert live(c, gid).match.outcome is None
            time.sleep(1.1)
            other.send_json({"type": "claim"})
            over = until(other, ended)
            assert over["outcome"]["reason"] == "abandoned" and over["outcome"]["winner"] == 1 - mover


def test_the_seat_to_move_cannot_be_claimed_against_while_it_is_connected(db_path):
    with app_client(db_path, idle_claim=1) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        mover = live(c, gid).match.decision.player  # type: ignore[union-attr]
        with c.websocket_connect(f"/ws/{gid}") as here, c.websocket_connect(f"/ws/{gid}") as other:
            join(here, toks[mover])
            join(other, toks[1 - mover])
            table = until(other, lambda m: m["type"] == "table" and m["present"] == [True, True])
            assert table["claim_in"] is None
            time.sleep(1.1)
            other.send_json({"type": "claim"})
            assert until(other, lambda m: m["type"] == "error")["code"] == "not_yet"
            assert live(c, gid).match.outcome is None


def test_a_rematch_needs_both_players_and_swaps_seats_and_decks(db_path):
    with app_client(db_path) as c:
        data = new_game(c, clock="3+2")
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            join(ws0, toks[0])
            join(ws1, toks[1])
            ws0.send_json({"type": "rematch"})  # not before the game is over
            assert until(ws0, lambda m: m["type"] == "error")["code"] == "not_yet"
            ws1.send_json({"type": "concede"})
            until(ws0, ended)
            ws0.send_json({"type": "rematch"})
            offered = until(ws1, lambda m: m["type"] == "table" and m["rematch"] == [0])
            assert offered["rematch"] == [0]
            ws1.send_json({"type": "rematch"})
            url0 = until(ws0, lambda m: m["type"] == "rematch")["url"]
            url1 = until(ws1, lambda m: m["type"] == "rematch")["url"]
        new_id = url0.split("/g/", 1)[1].split("#", 1)[0]
        assert new_id != gid and url1.startswith(f"/g/{new_id}#seat=")
        old, new = live(c, gid), live(c, new_id)
        assert new.seat_of(token(url0)) == 1 and new.seat_of(token(url1)) == 0  # seats swapped
        assert new.stored.decks == [old.stored.decks[1], old.stored.decks[0]]
        assert new.clock is not None and new.clock.control.label() == "3+2"
        assert new.match.outcome is None


def test_against_the_computer_the_computer_accepts_the_rematch(db_path):
    with app_client(db_path) as c:
        data = new_game(c, opponent={"kind": "ai", "level": "easy"})
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, toks[0])
            ws.send_json({"type": "concede"})
            until(ws, ended)
            ws.send_json({"type": "rematch"})
            url = until(ws, lambda m: m["type"] == "rematch")["url"]
        new = live(c, url.split("/g/", 1)[1].split("#", 1)[0])
        assert new.seats == ["ai:easy", "human"] and new.seat_of(token(url)) == 1


def test_a_concession_another_server_process_stored_reaches_this_processs_sockets(db_path):
    with app_client(db_path) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            join(ws, toks[1])
            other = Store(db_path)  # another process sharing the database concedes seat 0 there
            other.set_forfeit(gid, {"seat": 0, "reason": "concession"}, {"winner": 1, "reason": "concession"})
            other.close()
            lg = live(c, gid)
            c.portal.call(c.app.state.hub.follow, lg, -1)  # type: ignore[attr-defined, union-attr]
            over = until(ws, ended)
            assert over["outcome"]["reason"] == "concession" and over["outcome"]["winner"] == 1
            assert lg.match.outcome is not None and lg.match.decision is None
