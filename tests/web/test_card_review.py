"""Review before a card joins the pool (issue 30 item 3, 要協議): on a server with an owner token a saved
card is a proposal; only the server owner approves it or sends it back with a note; only approved cards are
offered to everyone, and until then its author uses it against the computer only.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from test_ownership import ALICE, MALLORY, SPARK_DECK, pool_ids, save_card
from web_helpers import FAST, client, hub

from grimoire.web.app import create_app
from grimoire.web.storage import Store

OWNER = "o" * 40
AI = {"kind": "ai", "level": "easy"}


@contextmanager
def reviewed(db: Path) -> Iterator[TestClient]:
    """A server whose owner reviews saved cards (started with an owner token)."""
    with TestClient(create_app(Store(db), ("chant",), ai_delay=0, limits=FAST, owner_token=OWNER)) as c:
        yield c


def decide(c: TestClient, decision: str, note: str = "", token: str = OWNER, card: str = "little_spark"
           ) -> Any:
    return c.post("/api/review/decide", json={"token": token, "game": "chant", "id": card, "decision": decision,
                                               "note": note, "lang": "en"})


def new_game(c: TestClient, owner: str | None, opponent: dict[str, Any]) -> Any:
    body: dict[str, Any] = {"game": "chant", "deck": {"text": SPARK_DECK}, "opponent": opponent, "lang": "en"}
    if owner is not None:
        body["owner"] = owner
    return c.post("/api/games", json=body)


def test_a_card_saved_on_a_reviewed_server_is_a_proposal_out_of_the_pool(db_path: Path) -> None:
    with reviewed(db_path) as c:
        saved = save_card(c, ALICE)
        assert saved.status_code == 201 and saved.json()["status"] == "proposed", saved.text
        assert "little_spark" not in pool_ids(c)
        assert hub(c).store.saved_card("chant", "little_spark").status == "proposed"  # type: ignore[union-attr]
        mine = c.post("/api/mine", json={"owner": ALICE}).json()["cards"]
        assert [(x["id"], x["status"]) for x in mine] == [("little_spark", "proposed")]


def test_a_proposal_is_used_by_its_author_against_the_computer_only(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        assert new_game(c, ALICE, AI).status_code == 201
        for owner in (MALLORY, None):
            refused = new_game(c, owner, AI)
            assert refused.status_code == 400 and "proposal" in refused.json()["error"]["message"], refused.text
        friend = new_game(c, ALICE, {"kind": "friend", "deck": {"starter": "fire"}})
        assert friend.status_code == 400 and "against the computer" in friend.json()["error"]["message"]
        check = {"game": "chant", "text": SPARK_DECK, "lang": "en"}
        assert c.post("/api/decks/check", json={**check, "owner": ALICE}).status_code == 200
        assert c.post("/api/decks/check", json={**check, "owner": MALLORY}).status_code == 400


def test_only_the_server_owner_lists_and_decides(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        for token in (ALICE, "", None, "x" * 40):
            listed = c.post("/api/review/list", json={"token": token, "lang": "en"})
            assert listed.status_code == 403 and "server owner" in listed.json()["error"]["message"]
            assert decide(c, "approve", token=token).status_code == 403  # type: ignore[arg-type]
        cards = c.post("/api/review/list", json={"token": OWNER}).json()["cards"]
        assert [(x["id"], x["status"], x["author"]) for x in cards] == [("little_spark", "proposed", "Aki")]
        assert cards[0]["face"].startswith("/cards/chant/little_spark.svg") and cards[0]["text"]
        assert "little_spark" not in pool_ids(c)


def test_bad_review_requests_get_one_line_errors_and_change_nothing(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        for res in (decide(c, "return"), decide(c, "maybe"), decide(c, "approve", card="no_such"),
                    decide(c, "return", note="<b>x</b>"), decide(c, "return", note="x" * 501)):
            assert res.status_code in (400, 404), res.text
            message = res.json()["error"]["message"]
            assert message and "\n" not in message
        assert "note" in decide(c, "return").json()["error"]["message"]
        assert hub(c).store.saved_card("chant", "little_spark").status == "proposed"  # type: ignore[union-attr]


def test_an_approved_card_joins_the_pool_and_friend_games(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        assert decide(c, "approve").json() == {"id": "little_spark", "status": "approved", "note": ""}
        assert "little_spark" in pool_ids(c)
        assert new_game(c, MALLORY, AI).status_code == 201
        assert new_game(c, None, {"kind": "friend", "deck": {"starter": "fire"}}).status_code == 201
        assert c.post("/api/review/list", json={"token": OWNER}).json()["cards"] == []
    with reviewed(db_path) as c:  # kept across a restart
        assert "little_spark" in pool_ids(c)


def test_a_card_sent_back_keeps_the_note_and_is_proposed_again_when_replaced(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        sent = decide(c, "return", note="威力が高すぎます / too strong for chant 1")
        assert sent.json()["status"] == "returned"
        assert "little_spark" not in pool_ids(c)
        mine = c.post("/api/mine", json={"owner": ALICE}).json()["cards"][0]
        assert (mine["status"], mine["note"]) == ("returned", "威力が高すぎます / too strong for chant 1")
        again = save_card(c, ALICE, replace=True, flavor="ぱちぱち。")
        assert again.status_code == 201 and again.json()["status"] == "proposed"
        card = hub(c).store.saved_card("chant", "little_spark")
        assert card is not None and (card.status, card.note) == ("proposed", "")


def test_a_server_without_an_owner_token_approves_at_once(db_path: Path) -> None:
    with client(db_path, ("chant",)) as c:
        saved = save_card(c, ALICE)
        assert saved.json()["status"] == "approved"
        assert "little_spark" in pool_ids(c)
        off = c.post("/api/review/list", json={"token": OWNER, "lang": "en"})
        assert off.status_code == 403 and "approved at once" in off.json()["error"]["message"]


def test_a_database_from_before_review_keeps_its_cards_approved(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.execute("CREATE TABLE cards (game TEXT NOT NULL, id TEXT NOT NULL, author TEXT NOT NULL,"
                    " card TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (game, id))")
        raw.execute("INSERT INTO cards VALUES ('chant', 'old_card', 'Aki', '{}', 1.0)")
    store = Store(db_path)
    card = store.saved_card("chant", "old_card")
    assert card is not None and (card.status, card.note) == ("approved", "")
    assert store.proposed() == []
    store.close()


def _review_round_trip(store: Any) -> None:
    from grimoire.web.storage import SavedCard

    store.save_card(SavedCard("chant", "p1", "Aki", {"id": "p1"}, 1.0, "h" * 64, status="proposed"))
    store.save_card(SavedCard("chant", "a1", "Aki", {"id": "a1"}, 2.0, "h" * 64))
    assert [c.id for c in store.proposed()] == ["p1"]
    assert store.review_card("chant", "p1", "returned", "too strong")
    assert not store.review_card("chant", "nothing", "approved", "")
    card = store.saved_card("chant", "p1")
    assert (card.status, card.note) == ("returned", "too strong")
    assert [c.id for c in store.proposed("returned")] == ["p1"] and store.proposed() == []


def test_the_sqlite_store_keeps_review_status_and_notes(db_path: Path) -> None:
    store = Store(db_path)
    _review_round_trip(store)
    store.close()


def test_the_postgresql_store_keeps_review_status_and_notes(pg_url: str) -> None:
    from grimoire.web.pgstore import PgStore

    store = PgStore(pg_url)
    _review_round_trip(store)
    store.close()


def test_a_card_keeps_a_short_discussion_between_its_author_and_the_owner(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        base = {"game": "chant", "id": "little_spark", "lang": "en"}
        said = c.post("/api/review/note", json={**base, "owner": ALICE, "note": "Is power 1 too weak?"})
        assert said.status_code == 201, said.text
        decide(c, "return", note="Fine as it is; add a flavour line")
        answer = c.post("/api/review/note", json={**base, "token": OWNER, "note": "Then I approve it."})
        assert answer.status_code == 201
        for who in ({"owner": ALICE}, {"token": OWNER}):
            notes = c.post("/api/review/notes", json={**base, **who}).json()["notes"]
            assert [(n["by"], n["note"]) for n in notes] == [
                ("author", "Is power 1 too weak?"), ("owner", "Fine as it is; add a flavour line"),
                ("owner", "Then I approve it.")]
        for bad in ({"owner": MALLORY}, {"token": "x" * 40}, {}):
            refused = c.post("/api/review/notes", json={**base, **bad})
            assert refused.status_code == 403 and "discussion" in refused.json()["error"]["message"]
        for note in ("", "<i>", "x" * 501, None):
            assert c.post("/api/review/note", json={**base, "owner": ALICE, "note": note}).status_code == 400
        assert c.post("/api/review/notes", json={**base, "id": "nothing", "owner": ALICE}).status_code == 404
    with reviewed(db_path) as c:  # stored
        assert len(c.post("/api/review/notes", json={**base, "owner": ALICE}).json()["notes"]) == 3


def test_the_postgresql_store_keeps_a_card_discussion(pg_url: str) -> None:
    from grimoire.web.pgstore import PgStore

    store = PgStore(pg_url)
    store.add_note("chant", "p1", True, "first")
    store.add_note("chant", "p1", False, "second")
    assert [(by, text) for _, by, text in store.card_notes("chant", "p1")] == [(True, "first"), (False, "second")]
    assert store.card_notes("chant", "p2") == []
    store.close()
