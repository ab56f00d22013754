"""One deck, one meaning in the browser: the computer's seat plays its deck's declared ability
(rule 2.3); the lobby's `opponent.setup: "own"` lets the computer pick its own."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import client, hello, hub, live, token

from grimoire.web import computer as computer_module


class Nothing:
    """An agent that declines any forecast ability and answers the first option otherwise."""

    name = "nothing"

    def choose(self, game: Any, view: Any, decision: Any, chance: Any) -> str:
        return "none" if decision.kind == "ability" else str(decision.options[0].id)


def abilities_after_set_up(c: Any, opponent: dict[str, Any]) -> tuple[dict[int, str], dict[str, Any]]:
    body = {"game": "destiny", "deck": {"starter": "spirit_festival"},
            "opponent": {"kind": "ai", "level": "easy", "deck": {"starter": "omnipotent_festival"}, **opponent}}
    res = c.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data = res.json()
    with c.websocket_connect(f"/ws/{data['id']}") as ws:
        msg = hello(ws, token(data["links"]["seats"][0]))
        assert msg["decision"]["kind"] == "ability"
        ws.send_json({"type": "answer", "seq": msg["decision"]["seq"], "option": "ability:chimyaku_kanchi"})
        for _ in range(20):
            msg = ws.receive_json()
            if msg.get("decision") is not None and msg["decision"]["kind"] != "ability":
                break
    game = live(c, data["id"])
    stored = hub(c).store.load_game(data["id"])
    assert stored is not None
    return {e.player: str(e.args[0]) for e in game.match.log if e.kind == "ability"}, stored.decks[1]


def test_rule_2_3_the_web_computer_plays_its_decks_declared_ability(db_path: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_module, "computer", lambda level, game, decks=None: Nothing())
    with client(db_path) as c:
        played, deck = abilities_after_set_up(c, {})
    assert played == {0: "chimyaku_kanchi", 1: "chimyaku_no_hako"}
    assert deck["choices"] == {"ability": "chimyaku_no_hako"}


def test_rule_2_3_the_lobby_can_let_the_web_computer_pick_its_own(db_path: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_module, "computer", lambda level, game, decks=None: Nothing())
    with client(db_path) as c:
        played, deck = abilities_after_set_up(c, {"setup": "own"})
        assert played == {0: "chimyaku_kanchi", 1: "none"}
        assert "choices" not in deck
        res = c.post("/api/games", json={"game": "destiny", "deck": {"starter": "spirit_festival"},
                                         "opponent": {"kind": "ai", "level": "easy", "setup": "mine"}})
        assert res.status_code == 400 and "opponent.setup" in res.text


def test_rule_2_3_a_persons_deck_offers_its_declared_ability_as_the_default(db_path: Any) -> None:
    with client(db_path) as c:
        body = {"game": "destiny", "deck": {"starter": "spirit_festival"},
                "opponent": {"kind": "friend", "deck": {"starter": "omnipotent_festival"}}}
        data = c.post("/api/games", json=body).json()
        with c.websocket_connect(f"/ws/{data['id']}") as ws:
            msg = hello(ws, token(data["links"]["seats"][0]))
            assert msg["decision"]["kind"] == "ability" and msg["decision"]["default"] == "ability:chimyaku_houki"
            ws.send_json({"type": "answer", "seq": msg["decision"]["seq"], "option": "ability:chimyaku_kanchi"})
            msg = ws.receive_json()
            assert msg["decision"] is None  # the other seat's turn to choose
        with c.websocket_connect(f"/ws/{data['id']}") as ws:
            msg = hello(ws, token(data["links"]["seats"][1]))
            assert msg["decision"]["default"] == "ability:chimyaku_no_hako"
            ws.send_json({"type": "answer", "seq": msg["decision"]["seq"], "option": "ability:chimyaku_no_hako"})
            msg = ws.receive_json()
            assert msg["decision"] is None or "default" not in msg["decision"]  # past set-up: no default
