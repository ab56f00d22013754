"""Card versions (issue 30 item 3): a change to a saved card a stored game used is a new version with a new id
linked to the old one; the old one is superseded — out of the pool and new decks, still in the rules under its
id (its name marked with its version), so every stored game still loads and replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_ownership import ALICE, MALLORY, SPARK, SPARK_DECK, pool_ids, save_card
from web_helpers import client, hello, hub, pick, token

from grimoire.core.rng import Chance
from grimoire.web.ownership import owner_hash
from grimoire.web.storage import SavedCard, Store, Taken


def play_friend_game(c: Any, seed: int = 4) -> tuple[str, dict[str, Any]]:
    """A game between two people with the Little Spark deck, played to the end; its id and last replay step."""
    made = c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK},
                                      "opponent": {"kind": "friend", "deck": {"starter": "fire"}}})
    assert made.status_code == 201, made.text
    data, chance = made.json(), Chance.seeded(seed)
    tokens = [token(link) for link in data["links"]["seats"]]
    with c.websocket_connect(f"/ws/{data['id']}") as ws0, c.websocket_connect(f"/ws/{data['id']}") as ws1:
        msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        while msgs[0]["outcome"] is None:
            seat = 0 if msgs[0]["decision"] is not None else 1
            (ws0, ws1)[seat].send_json({"type": "answer", "seq": msgs[seat]["seq"], "option": pick(msgs[seat], chance)})
            msgs = [ws0.receive_json(), ws1.receive_json()]
    last = c.get(f"/api/games/{data['id']}/replay?step=99999").json()
    return data["id"], last


def test_a_game_stored_with_v1_still_replays_after_v2_is_saved_and_the_pool_offers_only_v2(db_path: Path) -> None:
    with client(db_path) as c:
        assert save_card(c, ALICE).status_code == 201
        game_id, before = play_friend_game(c)
        changed = save_card(c, ALICE, replace=True, flavor="ぱちぱち。")
        assert changed.status_code == 201, changed.text
        assert (changed.json()["saved"], changed.json()["previous"]) == ("little_spark_v2", "little_spark")
        ids = pool_ids(c)
        assert "little_spark_v2" in ids and "little_spark" not in ids
        old, new = hub(c).store.saved_card("chant", "little_spark"), hub(c).store.saved_card("chant", "little_spark_v2")
        assert old is not None and old.superseded == "little_spark_v2" and old.table["flavor"]["ja"] == "ぱちっ。"
        assert new is not None and new.previous == "little_spark" and new.table["flavor"]["ja"] == "ぱちぱち。"
    with client(db_path) as c:  # a fresh process: the old game is read from the database and replayed
        rules = hub(c).games.rules("chant")
        assert rules.pool["little_spark"].name.ja == "小さな火花（v1）"
        assert rules.pool["little_spark"].name.en == "Little Spark (v1)"
        assert rules.pool["little_spark_v2"].name.ja == "小さな火花"
        after = c.get(f"/api/games/{game_id}/replay?step=99999").json()
        assert after["steps"] == before["steps"] and after["outcome"] == before["outcome"]
        assert after["view"] == before["view"]
        # a deck list names the current version; the superseded one is refused by id
        made = c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK},
                                          "opponent": {"kind": "ai", "level": "easy"}})
        assert made.status_code == 201, made.text
        deck = hub(c).games.loaded(made.json()["id"]).match.setup.decks[0]  # type: ignore[union-attr]
        assert "little_spark_v2" in deck.all_cards() and "little_spark" not in deck.all_cards()
        old_deck = SPARK_DECK.replace("Little Spark", "little_spark")
        refused = c.post("/api/decks/check", json={"game": "chant", "text": old_deck, "lang": "en"})
        assert refused.status_code == 400, refused.text
        mine = {x["id"]: x for x in c.post("/api/mine", json={"owner": ALICE}).json()["cards"]}
        assert mine["little_spark"]["superseded"] == "little_spark_v2"
        assert mine["little_spark_v2"]["previous"] == "little_spark"


def test_a_new_version_of_a_new_version_and_only_by_its_owner(db_path: Path) -> None:
    with client(db_path) as c:
        save_card(c, ALICE)
        play_friend_game(c)
        assert save_card(c, MALLORY, replace=True, flavor="乗っ取り").status_code == 403
        assert save_card(c, ALICE, replace=True, flavor="二").json()["saved"] == "little_spark_v2"
        again = save_card(c, ALICE, replace=True, flavor="またv1")  # the superseded version itself never changes
        assert again.status_code == 409, again.text
        body = {"game": "chant", "lang": "en", "author": "Aki", "owner": ALICE, "replace": True,
                "fields": {**SPARK, "id": "little_spark_v2", "flavor": "二の二"}}
        in_place = c.post("/api/cards/save", json=body)  # v2 is not used yet: replaced in place
        assert in_place.status_code == 201 and in_place.json()["saved"] == "little_spark_v2", in_place.text
        assert in_place.json()["previous"] == ""
        play_friend_game(c, seed=5)
        body["fields"] = {**body["fields"], "flavor": "三"}
        third = c.post("/api/cards/save", json=body)
        assert third.status_code == 201 and third.json()["saved"] == "little_spark_v3", third.text
        rules = hub(c).games.rules("chant")
        assert [rules.pool[i].name.ja for i in ("little_spark", "little_spark_v2", "little_spark_v3")] == \
            ["小さな火花（v1）", "小さな火花（v2）", "小さな火花"]


def supersedes(store: Any) -> None:
    alice, mallory = owner_hash(ALICE), owner_hash(MALLORY)
    store.save_card(SavedCard("chant", "s", "Aki", {"id": "s"}, 1.0, alice))
    store.save_card(SavedCard("chant", "t", "Aki", {"id": "t"}, 1.0, alice))
    assert not store.save_version(SavedCard("chant", "s_v2", "M", {"id": "s_v2"}, 2.0, mallory, previous="s"))
    with pytest.raises(Taken):  # the new id is in use: nothing changes
        store.save_version(SavedCard("chant", "t", "Aki", {"id": "t"}, 2.0, alice, previous="s"))
    assert store.saved_card("chant", "s").superseded == ""  # type: ignore[union-attr]
    assert store.save_version(SavedCard("chant", "s_v2", "Aki", {"id": "s_v2"}, 3.0, alice, previous="s"))
    assert not store.save_version(SavedCard("chant", "s_v3", "Aki", {"id": "s_v3"}, 4.0, alice, previous="s"))
    assert store.saved_card("chant", "s").superseded == "s_v2"  # type: ignore[union-attr]
    assert store.saved_card("chant", "s_v3") is None
    assert [c.id for c in store.proposed("approved") if c.id in ("s", "s_v2")] == ["s_v2"]


def test_the_sqlite_store_supersedes_a_version_only_for_its_owner_and_once(db_path: Path) -> None:
    store = Store(db_path)
    supersedes(store)
    store.close()


def test_the_postgresql_store_supersedes_a_version_only_for_its_owner_and_once(pg_url: str) -> None:
    from grimoire.web.pgstore import PgStore

    store = PgStore(pg_url)
    supersedes(store)
    store.close()
