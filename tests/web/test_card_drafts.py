"""The card editor's drafts on the server (issue 30 item 1 tail): a draft kept with the browser's owner token
is found by another browser with the same recovery code; only that token reads or deletes it; bounded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_ownership import ALICE, MALLORY
from web_helpers import client

from grimoire.web.drafts import MOST
from grimoire.web.storage import Store

SENTENCE = "月の光で手札を２枚引く。"
DRAFT = {"fields": {"name": "月の便り", "stats": {"詠唱値": "2"}, "sections": {"『発動効果』": SENTENCE}},
         "unread": [SENTENCE], "lang": "ja"}


def save(c: Any, owner: str | None, draft: Any = DRAFT, game: str = "chant") -> Any:
    return c.post("/api/drafts/save", json={"owner": owner, "game": game, "draft": draft, "lang": "en"})


def listed(c: Any, owner: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = c.post("/api/drafts/list", json={"owner": owner}).json()["drafts"]
    return found


def test_a_draft_kept_on_the_server_is_found_with_the_same_owner_token_only(db_path: Path) -> None:
    with client(db_path) as c:
        assert save(c, ALICE).status_code == 201
        assert save(c, ALICE, {**DRAFT, "unread": []}).status_code == 201  # the same name: replaced
    with client(db_path) as c:  # another browser, later: the recovery code finds it
        [draft] = listed(c, ALICE)
        assert (draft["game"], draft["name"], draft["unread"]) == ("chant", "月の便り", [])
        assert draft["fields"] == DRAFT["fields"]
        assert listed(c, MALLORY) == []
        gone = c.post("/api/drafts/delete", json={"owner": MALLORY, "game": "chant", "name": "月の便り"}).json()
        assert gone == {"deleted": False} and len(listed(c, ALICE)) == 1
        gone = c.post("/api/drafts/delete", json={"owner": ALICE, "game": "chant", "name": "月の便り"}).json()
        assert gone == {"deleted": True} and listed(c, ALICE) == []
        assert "月の便り" not in {x["name"]["ja"] for x in c.get("/api/pool/chant").json()["cards"]}


def test_bad_draft_requests_get_one_line_errors_and_store_nothing(db_path: Path) -> None:
    with client(db_path) as c:
        for owner in (None, "short"):
            res = save(c, owner)
            assert res.status_code == 400 and "recovery code" in res.json()["error"]["message"]
        assert save(c, ALICE, game="nosuch").status_code == 404
        assert save(c, ALICE, {"fields": "x"}).status_code == 400
        assert save(c, ALICE, {**DRAFT, "unread": [1]}).status_code == 400
        assert save(c, ALICE, {**DRAFT, "fields": {"name": "x", "flavor": "あ" * 9000}}).status_code == 400
        assert listed(c, ALICE) == []


def test_an_owner_keeps_at_most_the_draft_limit(db_path: Path) -> None:
    store = Store(db_path)
    for i in range(MOST):
        assert store.save_draft("h", "chant", f"d{i}", {"fields": {}}, MOST)
    assert not store.save_draft("h", "chant", "one more", {"fields": {}}, MOST)
    assert store.save_draft("h", "chant", "d3", {"fields": {"x": 1}}, MOST)  # replacing one is fine
    assert store.save_draft("other", "chant", "d0", {"fields": {}}, MOST)
    assert len(store.drafts("h")) == MOST
    store.close()
    with client(db_path) as c:
        full = c.post("/api/drafts/save", json={"owner": ALICE, "game": "chant", "draft": DRAFT, "lang": "en"})
        assert full.status_code == 201  # another owner's count


def test_the_postgresql_store_keeps_drafts(pg_url: str) -> None:
    from grimoire.web.pgstore import PgStore

    store = PgStore(pg_url)
    assert store.save_draft("h", "chant", "a", {"fields": {"name": "a"}}, 2)
    assert store.save_draft("h", "chant", "b", {"fields": {"name": "b"}}, 2)
    assert not store.save_draft("h", "chant", "c", {"fields": {}}, 2)
    kept = [(g, n, d["fields"]["name"]) for g, n, _, d in store.drafts("h")]
    assert kept == [("chant", "a", "a"), ("chant", "b", "b")]
    assert store.delete_draft("h", "chant", "a") and not store.delete_draft("h", "chant", "a")
    store.close()
