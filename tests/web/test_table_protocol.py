"""The table protocol over WebSocket: views, decisions, refusals, seats, the computer (rules W1–W4, W6)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from web_helpers import ALL_GAMES, client, create, hello, hub, live, pick, token

from grimoire.ai.registry import LEVELS
from grimoire.core.rng import Chance
from grimoire.core.setup_choices import declared_answer
from grimoire.web import computer as computer_module
from grimoire.web.broadcast import declared
from grimoire.web.protocol import state_payload

PUBLIC_PARTS = ("view", "decision", "waiting_for", "outcome")


def receive(ws: WebSocketTestSession) -> tuple[str, dict[str, Any]]:
    text = ws.receive_text()
    msg: dict[str, Any] = json.loads(text)
    return text, msg


def parts(msg: dict[str, Any]) -> dict[str, Any]:
    return {k: msg[k] for k in PUBLIC_PARTS}


@pytest.mark.parametrize("game_name", ALL_GAMES)
def test_w1_a_seat_never_sees_the_opponents_hand_or_deck_order(db_path, game_name):
    """Resampling everything hidden from a seat leaves every payload sent to it unchanged."""
    with client(db_path) as c:
        data = create(c, game_name)
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1, \
                c.websocket_connect(f"/ws/{gid}") as wss:
            socks = (ws0, ws1, wss)
            seats: tuple[int | None, ...] = (0, 1, None)
            for ws, tok in zip(socks, (tokens[0], tokens[1], None), strict=True):
                ws.send_json({"type": "hello", "token": tok, "lang": "ja"})
            frames = [receive(ws) for ws in socks]
            chance = Chance.seeded(11)
            resampled_differently = 0
            for step in range(3000):
                lg = live(c, gid)
                game, state, log = lg.game, lg.match.state, lg.match.log
                secret = str(state.chance.state)
                for seat, (text, msg) in zip(seats, frames, strict=True):
                    assert msg["type"] == "state" and msg["seq"] == step and msg["seat"] == seat
                    assert secret not in text, "the RNG state left the server"
                    mine = declared(lg)  # the seat's own deck's declared answer (its own knowledge)
                    real = state_payload(game, state, lg.match.decision, step, seat, "ja", [], log=log, default=mine)
                    assert parts(msg) == parts(real)
                    for other in ((0, 1) if seat is None else (seat,)):
                        for k in range(3):
                            twin = game.resample_hidden(state, other, Chance.seeded(1000 * step + k))
                            if game.to_json(twin) != game.to_json(state):
                                resampled_differently += 1
                            alt = state_payload(game, twin, game.decision(twin), step, seat, "ja", [], log=log,
                                                default=mine)
                            assert parts(alt) == parts(msg), f"step {step}: seat {seat} could tell hidden cards apart"
                decision = lg.match.decision
                if decision is None:
                    break
                _, asking = frames[decision.player]
                assert asking["decision"] is not None
                socks[decision.player].send_json(
                    {"type": "answer", "seq": asking["decision"]["seq"], "option": pick(asking, chance)})
                frames = [receive(ws) for ws in socks]
            assert lg.match.outcome is not None and frames[0][1]["outcome"] is not None
            assert resampled_differently > 0


def test_w2_only_the_deciding_seat_gets_the_options_with_rendered_labels(db_path):
    with client(db_path) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            m0, m1 = hello(ws0, tokens[0], "en"), hello(ws1, tokens[1], "ja")
            lg = live(c, gid)
            decision = lg.match.decision
            assert decision is not None
            mine, other = (m0, m1) if decision.player == 0 else (m1, m0)
            assert other["decision"] is None and other["waiting_for"] == decision.player
            assert mine["decision"]["seq"] == 0
            lang = "en" if decision.player == 0 else "ja"
            assert [o["id"] for o in mine["decision"]["options"]] == decision.ids()
            labels = [lg.game.text.label(o, lang) for o in decision.options]
            assert [o["label"] for o in mine["decision"]["options"]] == labels
            assert mine["decision"]["prompt"] == lg.game.text.prompt(decision, lang)
            ws = ws0 if decision.player == 0 else ws1
            ws.send_json({"type": "lang", "lang": "ja" if lang == "en" else "en"})
            again = ws.receive_json()
            flipped = "ja" if lang == "en" else "en"
            assert again["decision"]["prompt"] == lg.game.text.prompt(decision, flipped)
            assert again["full_log"] is True


def _refused(ws: WebSocketTestSession, payload: Any, code: str) -> dict[str, Any]:
    if isinstance(payload, str):
        ws.send_text(payload)
    elif isinstance(payload, bytes):
        ws.send_bytes(payload)
    else:
        ws.send_json(payload)
    msg: dict[str, Any] = ws.receive_json()
    assert msg["type"] == "error" and msg["code"] == code, msg
    return msg


def test_w3_malformed_stale_illegal_and_out_of_turn_answers_change_nothing(db_path):
    with client(db_path) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1, \
                c.websocket_connect(f"/ws/{gid}") as wss:
            _refused(ws0, {"type": "answer", "seq": 0, "option": "draw"}, "bad_message")  # before hello
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            hello(wss, None)
            lg = live(c, gid)
            decision = lg.match.decision
            assert decision is not None
            me, them = decision.player, 1 - decision.player
            socks = (ws0, ws1)
            before = lg.game.to_json(lg.match.state)
            option = decision.options[0].id
            _refused(socks[me], "{not json", "bad_json")
            _refused(socks[me], b"\xff\xfe", "bad_json")
            _refused(socks[me], "[1, 2]", "bad_message")
            _refused(socks[me], {"type": "answer", "seq": "0", "option": option}, "bad_message")
            _refused(socks[me], {"type": "answer", "seq": True, "option": option}, "bad_message")
            _refused(socks[me], {"type": "answer", "seq": 0}, "bad_message")
            _refused(socks[me], {"type": "teleport"}, "bad_message")
            _refused(socks[me], {"type": "lang", "lang": "fr"}, "bad_message")
            _refused(socks[me], "x" * 5000, "bad_message")
            _refused(socks[me], {"type": "answer", "seq": 1, "option": option}, "stale")
            _refused(socks[me], {"type": "answer", "seq": -1, "option": option}, "stale")
            _refused(socks[me], {"type": "answer", "seq": 0, "option": "nope"}, "illegal")
            _refused(socks[them], {"type": "answer", "seq": 0, "option": option}, "not_your_turn")
            _refused(wss, {"type": "answer", "seq": 0, "option": option}, "not_your_turn")
            assert lg.match.answers == [] and lg.game.to_json(lg.match.state) == before
            assert hub(c).store.load_game(gid).answers == []  # type: ignore[union-attr]
            # the same answer, well formed, is taken; repeating it is stale
            socks[me].send_json({"type": "answer", "seq": 0, "option": option})
            acked = socks[me].receive_json()
            assert acked["type"] == "state" and acked["ack"] == 0 and acked["seq"] == 1
            assert socks[them].receive_json()["seq"] == 1
            assert wss.receive_json()["seq"] == 1
            _refused(socks[me], {"type": "answer", "seq": 0, "option": option}, "stale")
            assert lg.match.answers == [option]
            assert msgs[me]["decision"]["seq"] == 0


def test_w4_a_forged_token_or_another_games_token_opens_no_seat(db_path):
    with client(db_path) as c:
        first, second = create(c, "toy"), create(c, "toy")
        gid = first["id"]
        mine = token(first["links"]["seats"][0])
        foreign = token(second["links"]["seats"][0])
        assert first["links"]["spectator"] == f"/g/{gid}" and "#seat=" not in first["links"]["spectator"]
        assert len(mine) >= 32 and mine != token(first["links"]["seats"][1])
        with c.websocket_connect(f"/ws/{gid}") as ws:
            _refused(ws, {"type": "hello", "token": foreign, "lang": "ja"}, "bad_token")
            _refused(ws, {"type": "hello", "token": mine[:-1] + ("A" if mine[-1] != "A" else "B"), "lang": "ja"},
                     "bad_token")
            _refused(ws, {"type": "hello", "token": 12, "lang": "ja"}, "bad_message")
            _refused(ws, {"type": "answer", "seq": 0, "option": "draw"}, "bad_message")  # still nobody
            ok = hello(ws, mine)
            assert ok["type"] == "state" and ok["seat"] == 0
        res = c.get(f"/api/games/{gid}/replay?step=0", headers={"X-Seat-Token": foreign})
        assert res.status_code == 403 and res.json()["error"]["code"] == "bad_token"
        with c.websocket_connect("/ws/no-such-game") as ws:
            assert ws.receive_json()["code"] == "not_found"


def test_w4_a_computer_seat_has_no_link(db_path):
    with client(db_path) as c:
        data = create(c, "toy", {"kind": "ai", "level": "easy", "deck": {"starter": "bold"}})
        assert data["seats"] == ["human", "ai:easy"]
        assert data["links"]["seats"][1] is None
        stored = hub(c).store.load_game(data["id"])
        assert stored is not None and stored.token_hashes[1] == ""


class Spy:
    """An agent that records what it was given and answers the first option."""

    name = "spy"

    def __init__(self, seen: list[tuple[Any, Any]]) -> None:
        self.seen = seen

    def choose(self, game: Any, view: Any, decision: Any, chance: Any) -> str:
        self.seen.append((view, decision))
        return str(decision.options[0].id)


@pytest.mark.parametrize("game_name", ALL_GAMES)
def test_w6_the_computer_answers_on_the_server_from_its_view_only(db_path, game_name, monkeypatch):
    seen: list[tuple[Any, Any]] = []
    real = computer_module.computer
    monkeypatch.setattr(computer_module, "computer",
                        lambda level, game, decks=None: Spy(seen) if level == "easy" else real(level, game, decks))
    with client(db_path) as c:
        data = create(c, game_name, {"kind": "ai", "level": "easy"})
        gid = data["id"]
        chance = Chance.seeded(3)
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws, token(data["links"]["seats"][0]))
            for _ in range(3000):
                if msg["outcome"] is not None:
                    break
                if msg["decision"] is not None:
                    ws.send_json({"type": "answer", "seq": msg["decision"]["seq"], "option": pick(msg, chance)})
                msg = ws.receive_json()
            assert msg["outcome"] is not None, "the game did not finish"
        lg = live(c, gid)
        assert seen, "the computer never answered"
        # replay: each computer answer was given from exactly the view of its seat at that moment
        from grimoire.core.match import Match

        replay = Match(lg.game, lg.match.setup)
        views = iter(seen)
        for answer in lg.match.answers:
            decision = replay.decision
            assert decision is not None
            declared = declared_answer(lg.match.setup.decks[1].choices, decision)
            if decision.player == 1 and declared is not None:
                assert answer == declared  # the deck's own set-up choice: the agent is not asked
            elif decision.player == 1:
                view, asked = next(views)
                assert isinstance(view, dict) and view == lg.game.view(replay.state, 1)
                assert asked.ids() == decision.ids()
            replay.answer(answer)
        stored = hub(c).store.load_game(gid)
        assert stored is not None and stored.answers == lg.match.answers and stored.outcome is not None


def test_w6_computer_levels_come_from_the_agent_registry(db_path, monkeypatch):
    with client(db_path) as c:
        meta = c.get("/api/meta").json()
        for game in meta["games"]:
            if game["name"] != "toy":
                assert game["levels"] == list(LEVELS)
        monkeypatch.setitem(LEVELS, "wizard", "random")  # a level the registry adds later
        meta = c.get("/api/meta").json()
        assert all(game["levels"][-1] == "wizard" for game in meta["games"])
        data = create(c, "toy", {"kind": "ai", "level": "wizard"})
        assert data["seats"] == ["human", "ai:wizard"]
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                         "opponent": {"kind": "ai", "level": "godlike"}})
        assert res.status_code == 400
