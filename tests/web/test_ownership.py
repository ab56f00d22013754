"""Saved decks belong to their author (rule W9, issue 29 item 5): only the token a deck was saved with
replaces it. Before, anyone could overwrite anyone's deck with ``replace: true`` and a free-text author.
"""

from __future__ import annotations

from pathlib import Path

from web_helpers import client, hub

ALICE = "a" * 32
MALLORY = "m" * 32


def save(c, text: str, owner: str | None, replace: bool = False, author: str = "Aki"):  # type: ignore[no-untyped-def]
    body = {"game": "chant", "name": "炎", "author": author, "text": text, "replace": replace, "lang": "en"}
    if owner is not None:
        body["owner"] = owner
    return c.post("/api/decks/save", json=body)


def test_w9_only_the_owner_token_replaces_a_saved_deck(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, "3 火球\n", ALICE).status_code == 201
        for owner in (MALLORY, None, "", "short"):
            res = save(c, "3 雷撃\n", owner, replace=True, author="Aki")
            assert res.status_code == 409 and res.json()["error"]["code"] == "taken", res.text
        assert hub(c).store.saved_deck("chant", "炎").text == "3 火球\n"  # type: ignore[union-attr]
        assert save(c, "3 雷撃\n", ALICE, replace=True).status_code == 201
        assert c.get("/api/decks/chant/炎").json()["text"] == "3 雷撃\n"


def test_w9_a_deck_saved_without_a_token_can_be_replaced_by_nobody(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, "3 火球\n", None).status_code == 201
        assert save(c, "3 雷撃\n", None, replace=True).status_code == 409
        assert save(c, "3 雷撃\n", ALICE, replace=True).status_code == 409
        assert c.get("/api/decks/chant/炎").json()["text"] == "3 火球\n"
        assert "owner" not in c.get("/api/decks/chant/炎").json()  # the token's hash is never shown


def test_w9_the_owner_is_kept_as_a_hash_never_the_token(db_path: Path) -> None:
    with client(db_path) as c:
        save(c, "3 火球\n", ALICE)
        deck = hub(c).store.saved_deck("chant", "炎")
    assert deck is not None
    import sqlite3

    with sqlite3.connect(db_path) as raw:
        (owner,) = raw.execute("SELECT owner FROM decks").fetchone()
    assert owner and ALICE not in owner and len(owner) == 64


def test_w9_a_finished_game_between_people_is_private_to_its_players(db_path: Path) -> None:
    from web_helpers import create, hello, token

    with client(db_path) as c:
        game = create(c)
        seat0, seat1 = (token(link) for link in game["links"]["seats"])
        with c.websocket_connect(f"/ws/{game['id']}") as ws:
            hello(ws, seat0)
            ws.send_json({"type": "concede"})
            msg = ws.receive_json()
            while msg.get("outcome") is None:
                msg = ws.receive_json()
        assert c.get("/api/history").json()["games"] == []  # not listed for everyone
        refused = c.get(f"/api/games/{game['id']}/record", headers={"Accept-Language": "en"})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad_token"
        assert "for its players" in refused.json()["error"]["message"]
        assert c.get(f"/api/games/{game['id']}/record", params={"seat": "x" * 32}).status_code == 403
        for tok in (seat0, seat1):
            assert c.get(f"/api/games/{game['id']}/record", params={"seat": tok}).status_code == 200
            assert c.get(f"/api/games/{game['id']}/record", headers={"X-Seat-Token": tok}).status_code == 200
