"""Bounded work per request (rule W9, issue 29 item 1): nothing one client sends costs the event loop more
than a few milliseconds.

A deck list's "did you mean" search is bounded, the endpoints that compute are rate-limited per
client, the history and the saved-deck list are keyset pages on an index, and the deck list
gives names, never texts (a lobby visit loaded every saved deck's text before).
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import FAST, client, hub

from grimoire.core.registry import load_game
from grimoire.web.app import create_app
from grimoire.web.storage import SavedDeck, Store, StoredGame

SPARK = {"name": "小さな火花", "ruby": "スパーク", "id": "little_spark", "other_name": "Little Spark",
         "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"},
         "sections": {"『発動効果』": "カードを1枚ドローする。"}}


@contextlib.contextmanager
def limited(db: Path, **limits: Any) -> Iterator[TestClient]:
    with TestClient(create_app(Store(db), ("toy", "chant"), ai_delay=0, limits=FAST.replace(**limits))) as c:
        yield c


def test_w9_a_deck_list_of_unknown_names_gets_a_bounded_number_of_suggestions(db_path: Path) -> None:
    text = "\n".join(f"1 Firebal{i}" for i in range(290))
    with client(db_path) as c:
        res = c.post("/api/decks/check", json={"game": "chant", "text": text, "lang": "en"})
        found = res.json()["error"]["problems"]
        assert len([p for p in found if p["code"] == "unknown"]) >= 280
        assert len([p for p in found if "near" in p]) == 8


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/decks/check", {"game": "chant", "text": "3 火球"}),
    ("POST", "/api/cards/preview", {"game": "chant", "fields": SPARK}),
    ("GET", "/api/history", None),
    ("GET", "/api/decks/chant", None),
    ("GET", "/api/pool/chant", None),
    ("GET", "/api/games/nosuchgame", None),
])
def test_w9_every_endpoint_that_computes_is_rate_limited_per_client(db_path: Path, method: str, path: str,
                                                                    body: dict[str, Any] | None) -> None:
    with limited(db_path, computes_per_minute=3) as c:
        answers = [c.request(method, path, json=body, headers={"Accept-Language": "en"}) for _ in range(5)]
        assert [r.status_code for r in answers[:3]] == [answers[0].status_code] * 3
        assert answers[0].status_code != 429
        last = answers[-1]
        assert last.status_code == 429, last.text
        assert last.json()["error"] == {"code": "rate", "message": "too many requests (at most 3 a minute); "
                                                                   "wait a little"}


def _finished_games(db: Path, n: int) -> list[str]:
    store = Store(db)
    ids = []
    now = time.time() - 3600  # recent: finished games against the computer expire after finished_ai_days
    for i in range(n):
        gid = f"g{i:04d}"
        store.create_game(StoredGame(gid, "toy", "1", {}, [{"name": "a"}, {"name": "b"}], 1, "prng", [],
                                     ["human", "ai:easy"], ["h", ""], now + i))
        store.set_outcome(gid, {"winner": 0, "reason": "life"})
        ids.append(gid)
    with sqlite3.connect(db) as raw:  # ties on the time: the id orders them
        raw.execute("UPDATE games SET last_active = ? WHERE id IN ('g0010', 'g0011', 'g0012')", (now + 5000,))
    store.close()
    return ids


def test_w9_the_history_is_keyset_pages_on_an_index(db_path: Path) -> None:
    ids = _finished_games(db_path, 130)
    with sqlite3.connect(db_path) as raw:
        plan = " ".join(str(r) for r in raw.execute("EXPLAIN QUERY PLAN SELECT id FROM games WHERE outcome IS NOT "
                                                     "NULL AND (last_active, id) < (?, ?) AND seats LIKE ? ORDER "
                                                     "BY last_active DESC, id DESC LIMIT 51",
                                                     (1e300, "", '%"ai:%')))
    assert "games_finished" in plan and "TEMP B-TREE" not in plan, plan
    with client(db_path) as c:
        seen: list[str] = []
        after: str | None = None
        while True:
            page = c.get("/api/history", params={} if after is None else {"after": after}).json()
            seen.extend(g["id"] for g in page["games"])
            after = page["next"]
            if after is None:
                break
        assert len(seen) == len(set(seen)) == 130
        assert seen[:3] == ["g0012", "g0011", "g0010"]  # the latest, then the rest newest first
        assert seen[3:] == sorted(set(ids) - {"g0010", "g0011", "g0012"}, reverse=True)
        assert c.get("/api/history", params={"after": "1e999~x"}).status_code == 400


def test_w9_the_saved_deck_list_gives_names_in_pages_and_each_text_on_its_own(db_path: Path) -> None:
    store = Store(db_path)
    for i in range(450):
        store.save_deck(SavedDeck("chant", f"deck {i:03d}", "someone", "3 火球\n" * 300, time.time()))
    store.close()
    with client(db_path) as c:
        first = c.get("/api/decks/chant")
        assert len(first.content) < 40_000  # 450 texts of 2.7 KB were 1.2 MB
        data = first.json()
        assert [d["name"] for d in data["decks"]][:2] == ["deck 000", "deck 001"] and len(data["decks"]) == 200
        assert all("text" not in d for d in data["decks"])
        names = [d["name"] for d in data["decks"]]
        while data["next"] is not None:
            data = c.get("/api/decks/chant", params={"after": data["next"]}).json()
            names.extend(d["name"] for d in data["decks"])
        assert names == [f"deck {i:03d}" for i in range(450)]
        one = c.get("/api/decks/chant/deck 007").json()
        assert one["name"] == "deck 007" and one["text"] == "3 火球\n" * 300
        assert c.get("/api/decks/chant/nothing").status_code == 404


def test_w9_a_game_from_a_saved_deck_reads_that_deck_only(db_path: Path, monkeypatch: Any) -> None:
    fire = load_game("chant").cards.starter_decks()["fire"].read_text(encoding="utf-8")
    with client(db_path) as c:
        store = hub(c).store
        for i in range(50):
            store.save_deck(SavedDeck("chant", f"d{i}", "x", fire, time.time()))

        def whole_list(game: str) -> list[SavedDeck]:
            raise AssertionError("the whole saved-deck list was read")

        monkeypatch.setattr(store, "saved_decks", whole_list)
        res = c.post("/api/games", json={"game": "chant", "deck": {"saved": "d7"},
                                         "opponent": {"kind": "friend", "deck": {"starter": "fire"}}})
        assert res.status_code == 201, res.text


def test_w9_the_postgresql_store_pages_the_history_and_the_deck_names_by_keyset(pg_url: str) -> None:
    from grimoire.web.pgstore import PgStore

    store = PgStore(pg_url)
    try:
        for i in range(7):
            gid = f"g{i}"
            store.create_game(StoredGame(gid, "toy", "1", {}, [{"name": "a"}, {"name": "b"}], 1, "prng", [],
                                         ["human", "ai:easy"], ["h", ""], 1000.0 + i % 3))
            store.set_outcome(gid, {"winner": 0, "reason": "life"})
        seen: list[str] = []
        page = store.finished(3)
        while page:
            seen.extend(r.id for r in page)
            page = store.finished(3, page[-1].mark)
        assert seen == ["g5", "g2", "g4", "g1", "g6", "g3", "g0"]
        for name in ("b", "a", "c"):
            store.save_deck(SavedDeck("chant", name, "x", "3 火球\n", 1.0))
        assert [d.name for d in store.deck_names("chant", "a", 5)] == ["b", "c"]
        assert all(d.text == "" for d in store.deck_names("chant"))
        found = store.saved_deck("chant", "c")
        assert found is not None and found.text == "3 火球\n" and store.saved_deck("chant", "z") is None
    finally:
        store.close()


def test_w9_a_client_opening_game_sockets_past_sockets_per_minute_is_refused_and_changes_nothing(
        db_path: Path) -> None:
    """Each socket opened costs the loop a handshake, the whole state and a database write: one client address
    opens at most ``sockets_per_minute`` a minute; the next is refused with one line before it joins anything."""
    with limited(db_path, sockets_per_minute=3) as c:
        res = c.post("/api/games", json={"game": "chant", "deck": {"starter": "fire"}, "opponent": {"kind": "friend"}})
        gid = res.json()["id"]
        for _ in range(3):
            with c.websocket_connect(f"/ws/{gid}") as ws:
                ws.send_json({"type": "hello", "token": None, "lang": "en"})
                assert ws.receive_json()["type"] == "state"
        with c.websocket_connect(f"/ws/{gid}", headers={"Accept-Language": "en"}) as ws:
            refused = ws.receive_json()
        assert refused == {"type": "error", "code": "rate",
                           "message": "too many connections opened from this address (at most 3 a minute); "
                                      "wait a little"}
        assert not hub(c).live[gid].conns
