"""Clear failures: a database that cannot be opened, written or read never loses or corrupts a game (rule W5).

A database that cannot be opened is one line and exit code 2 at start; a write refused
during play (full disk, read-only file) is the typed error ``unavailable`` for the
client, the game stays as the database has it, and a computer seat tries again.
"""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from web_helpers import client, create, hello, hub, live, token

from grimoire.web.storage import StorageError, Store


def _serve(db: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grimoire.web", "--port", "1", "--db", db, *extra],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("kind", ["corrupt", "directory", "unwritable folder"])
def test_w5_a_database_that_cannot_be_opened_is_one_line_and_exit_2_at_start(tmp_path, kind):
    if kind == "corrupt":
        db = tmp_path / "games.db"
        db.write_bytes(b"this is not a database\n" * 200)
    elif kind == "directory":
        db = tmp_path / "adir"
        db.mkdir()
    else:
        (tmp_path / "file").write_text("x")
        db = tmp_path / "file" / "games.db"  # its folder is a file
    done = _serve(str(db))
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grimoire: error: cannot open the database"), done.stderr
    assert "Traceback" not in done.stderr and str(db) in lines[0]


def test_w5_an_unreachable_postgresql_database_is_one_line_and_exit_2_at_start():
    pytest.importorskip("psycopg")
    done = _serve("postgresql://grimoire:secret@127.0.0.1:9/none?connect_timeout=2")
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grimoire: error: cannot open the database postgresql://")
    assert "secret" not in done.stderr


def test_w5_bad_serve_settings_are_one_line_and_exit_2(tmp_path):
    for extra in (["--limit", "max_body=1"], ["--limit", "wat=2"], ["--durability", "sometimes"],
                  ["--think-workers", "-1"]):
        done = _serve(str(tmp_path / "g.db"), *extra)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, (extra, done.stderr)


def test_w5_durability_full_syncs_every_answer_and_normal_is_the_default(tmp_path):
    assert Store(tmp_path / "a.db").db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert Store(tmp_path / "b.db", "full").db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    with pytest.raises(StorageError, match="durability"):
        Store(tmp_path / "c.db", "sometimes")


def _freeze(store: Store, how: str) -> sqlite3.Connection:
    """Make the store's database refuse writes as a full disk or a read-only file would; returns the old one."""
    old = store.db
    if how == "full disk":  # the file may not grow, and every page is filled to the last byte
        old.execute("INSERT INTO games (id, game, ruleset_version, options, decks, seed, chance, chance_script,"
                    " seats, token_hashes, created) VALUES ('ballast', 'toy', '1', '{}', '[]', 0, 'prng', '[]', '[]',"
                    " '[]', 0)")
        pages = old.execute("PRAGMA page_count").fetchone()[0]
        old.execute(f"PRAGMA max_page_count = {pages + 4}")
        n = 0
        for size in (2000, 400, 80, 16, 1):
            with contextlib.suppress(sqlite3.OperationalError):
                while True:
                    old.execute("INSERT INTO answers VALUES ('ballast', ?, 0, ?, 0)", (n, "x" * size))
                    n += 1
            with contextlib.suppress(sqlite3.OperationalError):
                while True:
                    old.execute("INSERT INTO games (id, game, ruleset_version, options, decks, seed, chance,"
                                " chance_script, seats, token_hashes, created) VALUES (?, 'toy', '1', ?, '[]', 0,"
                                " 'prng', '[]', '[]', '[]', 0)", (f"ballast{n}", "x" * size))
                    n += 1
        return old
    store.db = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True, isolation_level=None,
                               check_same_thread=False)
    return old


def _thaw(store: Store, how: str, old: sqlite3.Connection) -> None:
    if how == "full disk":
        old.execute("PRAGMA max_page_count = 1073741823")
        old.execute("DELETE FROM answers WHERE game_id = 'ballast'")
        old.execute("DELETE FROM games WHERE id LIKE 'ballast%'")
    else:
        store.db.close()
        store.db = old


@pytest.mark.parametrize("how", ["full disk", "read-only file"])
def test_w5_a_refused_write_is_a_typed_error_and_changes_nothing_then_play_goes_on(db_path, how):
    with client(db_path) as c:
        data = create(c, "toy")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        store = hub(c).store
        assert isinstance(store, Store)
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0], "en"), hello(ws1, tokens[1], "ja")]
            seat = 0 if msgs[0]["decision"] is not None else 1
            ws = (ws0, ws1)[seat]
            option = msgs[seat]["decision"]["options"][0]["id"]
            lg = live(c, gid)
            before = lg.game.to_json(lg.match.state)
            old = _freeze(store, how)
            ws.send_json({"type": "answer", "seq": 0, "option": option})
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "unavailable"
            assert error["message"] == ("the database cannot be written; try again in a moment" if seat == 0
                                        else "データベースに書き込めません。しばらくしてからもう一度試してください")
            assert lg.match.answers == [] and lg.game.to_json(lg.match.state) == before
            created = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                                 "opponent": {"kind": "friend"}, "lang": "en"})
            assert created.status_code == 503 and created.json()["error"]["code"] == "unavailable"
            # the disk has room again / the file is writable again: the same answer goes through
            _thaw(store, how, old)
            ws.send_json({"type": "answer", "seq": 0, "option": option})
            assert ws.receive_json()["ack"] == 0
            assert store.load_game(gid).answers == [option]  # type: ignore[union-attr]


def test_w5_a_computer_seat_retries_an_answer_the_database_refused(db_path, monkeypatch):
    from grimoire.web import computer

    monkeypatch.setattr(computer, "RETRY_FIRST", 0.05)
    calls: list[int] = []
    real = Store.append_answer

    def flaky(self: Store, game_id: str, seat: int, seq: int, option: str) -> None:
        calls.append(seq)
        if len(calls) <= 2:
            raise StorageError("cannot write to the database: disk I/O error")
        real(self, game_id, seat, seq, option)

    monkeypatch.setattr(Store, "append_answer", flaky)
    with client(db_path) as c:
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                         "options": {"first_player": "1"}, "opponent": {"kind": "ai", "level": "easy"}})
        gid = res.json()["id"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            msg = hello(ws, token(res.json()["links"]["seats"][0]))
            while msg["type"] != "state" or msg["seq"] == 0:
                msg = ws.receive_json()
        assert calls[:3] == [0, 0, 0]  # refused twice, then stored
        stored = hub(c).store.load_game(gid)
        assert stored is not None and stored.answers == live(c, gid).match.answers and stored.answers


def test_w5_an_old_database_is_upgraded_in_place_and_keeps_its_games(tmp_path):
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as old:
        old.executescript("""
            CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, ruleset_version TEXT NOT NULL,
              options TEXT NOT NULL, decks TEXT NOT NULL, seed INTEGER NOT NULL, chance TEXT NOT NULL,
              chance_script TEXT NOT NULL, seats TEXT NOT NULL, token_hashes TEXT NOT NULL, created REAL NOT NULL,
              outcome TEXT);
            CREATE TABLE answers (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
              seat INTEGER NOT NULL, option TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seq));
            INSERT INTO games VALUES ('g', 'toy', '1', '{}', '[]', 1, 'prng', '[]', '["human","human"]',
              '["a","b"]', 5.0, NULL);
            INSERT INTO answers VALUES ('g', 0, 0, 'draw', 6.0);
        """)
    store = Store(db)
    game = store.load_game("g")
    assert game is not None and game.answers == ["draw"] and game.creator == "" and game.last_active == 0.0
    store.append_answer("g", 1, 1, "pass")
    assert store.load_game("g").answers == ["draw", "pass"]  # type: ignore[union-attr]


def test_w5_a_database_file_is_never_left_half_written(tmp_path: Path) -> None:
    """A refused write leaves no trace: the answer and the game's activity time change together or not at all."""
    store = Store(tmp_path / "g.db")
    from grimoire.web.storage import StoredGame

    store.create_game(StoredGame("g", "toy", "1", {}, [], 1, "prng", [], ["human", "human"], ["a", "b"], 5.0))
    store.db.execute("CREATE TRIGGER refuse BEFORE UPDATE ON games BEGIN INSERT INTO nowhere VALUES (1); END")
    with pytest.raises(StorageError):
        store.append_answer("g", 0, 0, "draw")
    assert store.load_game("g").answers == []  # type: ignore[union-attr]
