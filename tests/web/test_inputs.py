"""Hostile inputs (rule W9, issue 29 item 7): each is refused with one line and changes nothing.

Lone surrogates in JSON strings, many-keyed bodies, a deck count of thousands of digits, names
with invisible, direction or look-alike characters, and a Host header that does not name the
server (DNS rebinding) — each of these crashed, hung or was accepted before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import FAST, STARTERS, client, create, hub

from grimoire.web.app import create_app
from grimoire.web.storage import Store

JSON = {"Content-Type": "application/json"}
SPARK = {"name": "小さな火花", "ruby": "スパーク", "id": "little_spark", "other_name": "Little Spark",
         "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"},
         "sections": {"『発動効果』": "カードを1枚ドローする。"}, "flavor": "ぱちっ。", "other_flavor": "Snap."}


def game_body(game: str = "toy") -> dict[str, Any]:
    mine, theirs = STARTERS[game]
    return {"game": game, "deck": {"starter": mine}, "opponent": {"kind": "friend", "deck": {"starter": theirs}}}


def refused(res: Any, status: int, code: str) -> str:
    assert res.status_code == status, res.text
    error = res.json()["error"]
    assert error["code"] == code, error
    message: str = error["message"]
    assert "\n" not in message and "Traceback" not in res.text
    return message


#: A JSON body with a lone high surrogate escaped in a string, sent to each endpoint that reads a body.
SURROGATE_BODIES = [
    ("/api/games", '{"game": "toy", "deck": {"text": "1 \\ud800"}, "opponent": {"kind": "friend"}}'),
    ("/api/decks/check", '{"game": "chant", "text": "3 \\udc00火球"}'),
    ("/api/decks/save", '{"game": "chant", "name": "\\ud83d", "author": "a", "text": "3 火球"}'),
    ("/api/cards/preview", '{"game": "chant", "fields": {"name": "\\ud800"}}'),
    ("/api/cards/save", '{"game": "chant", "author": "\\udfff", "fields": {"name": "x"}}'),
    ("/api/invites", '{"game": "toy", "deck": {"starter": "steady"}, "name": "\\ud800"}'),
]


@pytest.mark.parametrize(("path", "text"), SURROGATE_BODIES)
def test_w9_a_lone_surrogate_in_a_json_string_is_a_typed_refusal_not_a_500(db_path: Path, path: str,
                                                                          text: str) -> None:
    with client(db_path) as c:
        message = refused(c.post(path, content=text, headers={**JSON, "Accept-Language": "en"}), 400, "bad_json")
        assert message == "a JSON string holds a lone surrogate (not Unicode text)"
        assert hub(c).store.count_games() == 0


def test_w9_a_lone_surrogate_on_a_socket_is_a_typed_refusal_and_the_socket_stays(db_path: Path) -> None:
    with client(db_path) as c:
        game = create(c)
        with c.websocket_connect(f"/ws/{game['id']}") as ws:
            ws.send_text('{"type": "hello", "token": "\\ud800", "lang": "en"}')
            assert ws.receive_json()["code"] == "bad_json"
            ws.send_text('{"type": "ping"}')
            assert ws.receive_json()["code"] == "bad_message"  # still open: says hello first


def test_w9_a_surrogate_pair_is_text_and_stays_accepted(db_path: Path) -> None:
    with client(db_path) as c:
        res = c.post("/api/decks/check", content='{"game": "chant", "text": "3 \\ud83d\\ude00"}', headers=JSON)
        assert res.status_code == 400 and res.json()["error"]["code"] == "deck"  # an unknown card, read as text


def test_w9_a_body_of_many_keys_is_refused_before_parsing(db_path: Path) -> None:
    with client(db_path) as c:
        many = json.dumps({**game_body(), **{f"k{i}": 1 for i in range(5000)}})
        assert len(many) < 65536
        message = refused(c.post("/api/games", content=many, headers={**JSON, "Accept-Language": "en"}), 400,
                          "bad_json")
        assert message == "JSON with more than 2000 items"
        assert hub(c).store.count_games() == 0
        assert c.post("/api/games", json=game_body()).status_code == 201


@pytest.mark.parametrize("path", ["/api/decks/check", "/api/games", "/api/decks/save"])
def test_w9_a_deck_count_of_thousands_of_digits_is_one_line_at_its_line(db_path: Path, path: str) -> None:
    huge = "1 火球\n" + "9" * 5000 + " 火球\n"
    body: dict[str, Any] = {"game": "chant", "text": huge, "lang": "en"}
    if path == "/api/games":
        body = {"game": "chant", "deck": {"text": huge}, "opponent": {"kind": "ai", "level": "easy"}, "lang": "en"}
    if path == "/api/decks/save":
        body = {**body, "name": "huge", "author": "a"}
    with client(db_path) as c:
        res = c.post(path, json=body)
        assert res.status_code == 400, res.text
        data = res.json()
        assert data["error"]["code"] == "deck"
        found = data.get("problems") or data["error"].get("problems") or []
        assert any(p["line"] == 2 and p["message"] == "a count has at most 3 digits" for p in found), data
        assert hub(c).store.count_games() == 0


def test_w9_a_deck_list_longer_than_any_deck_is_refused_unread(db_path: Path) -> None:
    with client(db_path) as c:
        text = "\n".join(f"1 Unknown card {i}" for i in range(2000))[:60000]
        message = refused(c.post("/api/decks/check", json={"game": "chant", "text": text, "lang": "en"}), 400,
                          "bad_message")
        assert message.startswith("the deck list is too long")


@pytest.mark.parametrize(("field", "name", "why"), [
    ("other_name", "Fire\u200bball", "invisible"),       # zero-width space
    ("other_name", "\u202eFireball", "invisible"),       # right-to-left override
    ("other_name", "Ice\u2066bolt\u2069", "invisible"),  # bidi isolate
    ("other_name", "Fir\u0435ball", "mix"),              # Cyrillic е among Latin letters
    ("other_name", "FIREBALL", "looks like"),            # the real card in capitals
    ("other_name", "Fireba1l", "looks like"),            # digit one for l
    ("other_name", "Ｆｉｒｅｂａｌｌ", "already used"),    # full-width: NFKC makes it the real name
    ("name", "火 球", "looks like"),
    ("name", "火\u200d球", "invisible"),                  # zero-width joiner
])
def test_w9_a_card_name_that_hides_or_poses_as_an_existing_card_is_refused(db_path: Path, field: str, name: str,
                                                                           why: str) -> None:
    with client(db_path) as c:
        fields = {**SPARK, field: name}
        res = c.post("/api/cards/save", json={"game": "chant", "fields": fields, "author": "mallory", "lang": "en"})
        assert res.status_code == 400, res.text
        errors = res.json()["errors"]
        assert errors and any(why in e["message"] and e["field"] in (field, "name") for e in errors), errors
        assert "little_spark" not in hub(c).games.refresh("chant").pool


def test_w9_a_plain_new_card_name_is_still_saved_normalised(db_path: Path) -> None:
    with client(db_path) as c:
        res = c.post("/api/cards/save", json={"game": "chant", "fields": {**SPARK, "other_name": "Ｌｉｔｔｌｅ Spark"},
                                              "author": "alice"})
        assert res.status_code == 201, res.text
        assert hub(c).games.refresh("chant").pool["little_spark"].name.en == "Little Spark"


@pytest.mark.parametrize("name", ["deck\u200b", "\u202edeck", "a\u2028b"])
def test_w9_deck_and_author_names_refuse_invisible_and_direction_characters(db_path: Path, name: str) -> None:
    with client(db_path) as c:
        for body in ({"name": name, "author": "alice"}, {"name": "deck", "author": name}):
            res = c.post("/api/decks/save", json={"game": "chant", "text": "3 火球", **body})
            assert res.status_code == 400, res.text
        assert hub(c).store.saved_decks("chant") == []


def test_w9_a_host_that_does_not_name_the_server_is_refused_dns_rebinding(db_path: Path) -> None:
    from grimoire.web.server import served_names

    hosts = served_names("127.0.0.1", None, ())
    with TestClient(create_app(Store(db_path), ("toy",), ai_delay=0, limits=FAST, hosts=hosts),
                    base_url="http://evil.example") as c:
        text = json.dumps(game_body())
        res = c.post("/api/games", content=text, headers={**JSON, "Origin": "http://evil.example",
                                                          "Accept-Language": "en"})
        assert refused(res, 421, "bad_host") == "the Host header does not name this server"
        assert c.get("/api/meta").status_code == 421
        with pytest.raises(Exception), c.websocket_connect("/ws/x") as ws:  # noqa: B017
            ws.receive_json()
        assert hub(c).store.count_games() == 0
        for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
            ok = c.post("/api/games", content=text, headers={**JSON, "Host": host, "Origin": f"http://{host}"})
            assert ok.status_code == 201, ok.text


def test_w9_the_names_of_public_url_origin_and_host_are_served() -> None:
    from grimoire.web.server import served_names

    assert served_names("play.example", "https://games.example", ["https://cards.example:8443"]) == \
        ["games.example", "cards.example", "play.example"]
    assert served_names("0.0.0.0", None, ()) == []
