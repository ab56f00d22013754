"""Saved decks belong to their author (rule W9, issue 29 item 5): only the token a deck was saved with
replaces it. Before, anyone could overwrite anyone's deck with ``replace: true`` and a free-text author.
"""

from __future__ import annotations

from pathlib import Path

from web_helpers import client, hub

from grimoire.web.storage import Store

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
            assert res.status_code == 403 and res.json()["error"]["code"] == "not_owner", res.text
        assert hub(c).store.saved_deck("chant", "炎").text == "3 火球\n"  # type: ignore[union-attr]
        assert save(c, "3 雷撃\n", ALICE, replace=True).status_code == 201
        assert c.get("/api/decks/chant/炎").json()["text"] == "3 雷撃\n"


def test_w9_a_deck_saved_without_a_token_can_be_replaced_by_nobody(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, "3 火球\n", None).status_code == 201
        assert save(c, "3 雷撃\n", None, replace=True).status_code == 403
        assert save(c, "3 雷撃\n", ALICE, replace=True).status_code == 403
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


# ----- saved cards: the owner replaces and withdraws (issue 29 item 5) ------------------------------
SPARK = {"name": "小さな火花", "ruby": "スパーク", "id": "little_spark", "other_name": "Little Spark",
         "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"},
         "sections": {"『発動効果』": "カードを1枚ドローする。"}, "flavor": "ぱちっ。", "other_flavor": "Snap."}
#: With three Little Sparks a legal 40-card Chant library (as in test_card_store).
OTHERS = ("火球", "雷撃", "火焔球", "残り火", "氷の槍", "鉄の盾", "竜の咆哮", "妖精の悪戯", "詠唱の呼び水", "大剣",
          "砥石", "鎖鎌")
SPARK_DECK = "3 Little Spark\n" + "".join(f"3 {n}\n" for n in OTHERS) + "1 罠師の網\n"


def save_card(c, owner: str | None, replace: bool = False, flavor: str = "ぱちっ。"):  # type: ignore[no-untyped-def]
    body = {"game": "chant", "lang": "en", "fields": {**SPARK, "flavor": flavor}, "author": "Aki", "replace": replace}
    if owner is not None:
        body["owner"] = owner
    return c.post("/api/cards/save", json=body)


def withdraw(c, what: str, key: str, owner: str | None):  # type: ignore[no-untyped-def]
    body = {"game": "chant", "lang": "en", ("id" if what == "cards" else "name"): key}
    if owner is not None:
        body["owner"] = owner
    return c.post(f"/api/{what}/withdraw", json=body)


def pool_ids(c) -> set[str]:  # type: ignore[no-untyped-def]
    return {card["id"] for card in c.get("/api/pool/chant").json()["cards"]}


def test_w9_only_the_owner_withdraws_a_saved_card_and_it_leaves_the_pool(db_path: Path) -> None:
    with client(db_path) as c:
        assert save_card(c, ALICE).status_code == 201
        assert "little_spark" in pool_ids(c)
        for owner in (MALLORY, None, "short"):
            res = withdraw(c, "cards", "little_spark", owner)
            assert res.status_code == 403 and res.json()["error"]["code"] == "not_owner", res.text
            assert "recovery code" in res.json()["error"]["message"]
        assert "little_spark" in pool_ids(c)
        assert withdraw(c, "cards", "little_spark", ALICE).json() == {"withdrawn": "little_spark"}
        assert "little_spark" not in pool_ids(c)
        assert withdraw(c, "cards", "little_spark", ALICE).status_code == 404  # once
        again = save_card(c, MALLORY)  # its id (and name) stay taken: the games that used it name it
        assert again.status_code in (400, 409), again.text
        assert hub(c).store.saved_card("chant", "little_spark").author == "Aki"  # type: ignore[union-attr]


def test_w9_a_game_that_used_a_withdrawn_card_still_loads_and_new_games_refuse_it(db_path: Path) -> None:
    ai = {"kind": "ai", "level": "easy"}
    with client(db_path) as c:
        assert save_card(c, ALICE).status_code == 201
        made = c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK}, "opponent": ai})
        assert made.status_code == 201, made.text
        assert withdraw(c, "cards", "little_spark", ALICE).status_code == 200
        refused = c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK}, "opponent": ai,
                                             "lang": "en"})
        assert refused.status_code == 400 and "withdrawn" in refused.json()["error"]["message"], refused.text
        checked = c.post("/api/decks/check", json={"game": "chant", "text": SPARK_DECK, "lang": "en"})
        assert checked.status_code == 400 and "withdrawn" in checked.json()["error"]["message"]
    with client(db_path) as c:  # a restarted server: the game is read back and replayed with the card
        summary = c.get(f"/api/games/{made.json()['id']}")
        assert summary.status_code == 200, summary.text
        assert "little_spark" in c.get("/api/cards/chant").json()["cards"]  # the tables still show it
        assert "little_spark" not in pool_ids(c)
        assert c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK},
                                          "opponent": ai}).status_code == 400


def test_w9_only_the_owner_replaces_a_saved_card_in_place_until_a_game_used_it(db_path: Path) -> None:
    with client(db_path) as c:
        assert save_card(c, ALICE).status_code == 201
        for owner in (MALLORY, None):
            res = save_card(c, owner, replace=True, flavor="乗っ取り")
            assert res.status_code == 403 and res.json()["error"]["code"] == "not_owner", res.text
        assert save_card(c, ALICE, replace=True, flavor="ぱちぱち。").status_code == 201
        assert hub(c).store.saved_card("chant", "little_spark").table["flavor"]["ja"] == "ぱちぱち。"  # type: ignore
        made = c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK},
                                          "opponent": {"kind": "ai", "level": "easy"}})
        assert made.status_code == 201
        used = save_card(c, ALICE, replace=True, flavor="もう一度")  # a new version (test_card_versions)
        assert used.status_code == 201 and used.json()["saved"] == "little_spark_v2", used.text
        assert hub(c).store.saved_card("chant", "little_spark").table["flavor"]["ja"] == "ぱちぱち。"  # type: ignore


def test_w9_only_the_owner_withdraws_a_saved_deck(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, "3 火球\n", ALICE).status_code == 201
        for owner in (MALLORY, None):
            res = withdraw(c, "decks", "炎", owner)
            assert res.status_code == 403 and res.json()["error"]["code"] == "not_owner", res.text
        assert [d["name"] for d in c.get("/api/decks/chant").json()["decks"]] == ["炎"]
        assert withdraw(c, "decks", "炎", ALICE).json() == {"withdrawn": "炎"}
        assert c.get("/api/decks/chant").json()["decks"] == []
        assert withdraw(c, "decks", "炎", ALICE).status_code == 404


def test_w9_the_recovery_code_lists_what_it_saved_on_any_browser(db_path: Path) -> None:
    with client(db_path) as c:
        save(c, "3 火球\n", ALICE)
        save_card(c, ALICE)
        c.post("/api/decks/save", json={"game": "chant", "name": "他人", "author": "M", "text": "3 雷撃\n",
                                        "owner": MALLORY})
        mine = c.post("/api/mine", json={"owner": ALICE}).json()  # only the code: any browser can enter it
        assert [(d["game"], d["name"]) for d in mine["decks"]] == [("chant", "炎")]
        assert [(x["id"], x["withdrawn"], x["used"]) for x in mine["cards"]] == [("little_spark", None, False)]
        assert [d["name"] for d in c.post("/api/mine", json={"owner": MALLORY}).json()["decks"]] == ["他人"]
        bad = c.post("/api/mine", json={"owner": "short", "lang": "en"})
        assert bad.status_code == 400 and "recovery code" in bad.json()["error"]["message"]
        assert "/api/mine" not in c.get("/mine").text and c.get("/mine").status_code == 200


def _finished_friend_game(c):  # type: ignore[no-untyped-def]
    from web_helpers import create, hello, token

    game = create(c)
    seat0, seat1 = (token(link) for link in game["links"]["seats"])
    with c.websocket_connect(f"/ws/{game['id']}") as ws:
        hello(ws, seat0)
        ws.send_json({"type": "concede"})
        msg = ws.receive_json()
        while msg.get("outcome") is None:
            msg = ws.receive_json()
    return game["id"], seat0, seat1


def test_w9_a_friend_game_is_public_only_when_both_players_choose_it(db_path: Path) -> None:
    with client(db_path) as c:
        gid, seat0, seat1 = _finished_friend_game(c)
        show = lambda tok, on: c.post(f"/api/games/{gid}/show", json={"token": tok, "show": on})  # noqa: E731
        assert show("x" * 32, True).status_code == 403
        assert show(seat0, True).json() == {"id": gid, "seat": 0, "mine": True, "public": False}
        assert c.get("/api/history").json()["games"] == []
        assert c.get(f"/api/games/{gid}/record").status_code == 403
        assert show(seat1, True).json()["public"] is True
        assert [g["id"] for g in c.get("/api/history").json()["games"]] == [gid]
        assert c.get(f"/api/games/{gid}/record").status_code == 200  # public: no seat needed
        assert show(seat0, False).json()["public"] is False  # either player takes it back
        assert c.get("/api/history").json()["games"] == []
        assert c.get(f"/api/games/{gid}/record").status_code == 403
    with client(db_path) as c:  # the choice is stored
        assert c.post(f"/api/games/{gid}/show", json={"token": seat0, "show": True}).json()["public"] is True


def test_w9_the_stores_keep_owners_withdrawals_and_shown_games(db_path: Path) -> None:
    _stores_round_trip(Store(db_path))


def test_w9_the_postgresql_store_keeps_owners_withdrawals_and_shown_games(pg_url: str) -> None:
    from grimoire.web.stores import open_store

    store = open_store(pg_url)
    try:
        _stores_round_trip(store)
    finally:
        store.close()


def _stores_round_trip(store) -> None:  # type: ignore[no-untyped-def]
    import time

    from grimoire.web.ownership import owner_hash
    from grimoire.web.storage import SavedCard, StoredGame

    alice, mallory = owner_hash(ALICE), owner_hash(MALLORY)
    store.save_card(SavedCard("chant", "spark", "Aki", {"id": "spark", "n": 1}, 10.0, alice))
    mark = store.cards_mark("chant")
    assert not store.replace_card(SavedCard("chant", "spark", "M", {"id": "spark", "n": 2}, 11.0, mallory))
    assert store.replace_card(SavedCard("chant", "spark", "Aki", {"id": "spark", "n": 3}, 12.0, alice))
    assert store.saved_card("chant", "spark").table["n"] == 3 and store.cards_mark("chant") != mark
    game = StoredGame("g1", "chant", "1", {}, [{"name": "d", "sections": {"library": ["spark", "fireball"]}}], 1,
                      "prng", [], ["human", "human"], ["a", "b"], time.time())
    store.create_game(game)
    assert store.saved_card("chant", "spark").used  # a game used it: never replaced again
    assert not store.replace_card(SavedCard("chant", "spark", "Aki", {"id": "spark", "n": 4}, 13.0, alice))
    assert not store.withdraw_card("chant", "spark", mallory)
    assert store.withdraw_card("chant", "spark", alice)
    assert store.saved_card("chant", "spark").withdrawn is not None
    assert [c.id for c in store.owned(alice)[0]] == ["spark"] and store.owned(mallory) == ([], [])
    assert store.show_game("g1", 0, True) == 1 and store.show_game("g1", 1, True) == 3
    assert store.game_shown("g1") == 3 and store.show_game("g1", 0, False) == 2
    assert store.load_game("g1").shown == 2


def test_w9_a_card_withdrawn_on_one_process_leaves_the_pool_of_the_others_sharing_postgresql(pg_url: str) -> None:
    import json
    import urllib.request

    from server_helpers import post, servers

    with servers(pg_url, 2) as (one, two):
        code, body = post(one, "/api/cards/save", {"game": "chant", "lang": "en", "fields": SPARK, "author": "Aki",
                                                   "owner": ALICE})
        assert code == 201, body

        def pool(srv) -> set[str]:  # type: ignore[no-untyped-def]
            with urllib.request.urlopen(srv.url + "/api/pool/chant") as res:
                return {c["id"] for c in json.loads(res.read())["cards"]}

        assert "little_spark" in pool(two)
        assert post(two, "/api/cards/withdraw", {"game": "chant", "id": "little_spark", "owner": MALLORY})[0] == 403
        assert post(two, "/api/cards/withdraw", {"game": "chant", "id": "little_spark", "owner": ALICE})[0] == 200
        assert "little_spark" not in pool(one)
        code, body = post(one, "/api/games", {"game": "chant", "deck": {"text": SPARK_DECK}, "lang": "en",
                                              "opponent": {"kind": "ai", "level": "easy"}})
        assert code == 400 and "withdrawn" in body["error"]["message"], body
