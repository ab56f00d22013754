"""The web server's embedded database (SQLite): game set-ups, seat tokens and answers.

A game is stored as its set-up (game name, ruleset version, options, decks, seed,
chance source), the kind of each seat (``human`` or ``ai:LEVEL``), the hashes of the
seat tokens, and the list of answers. Every answer is committed before the server
acknowledges or broadcasts it, so a restarted server replays each game to exactly
where it was.

>>> store = Store(":memory:")
>>> store.create_game(StoredGame("g1", "toy", "1", {}, [], 7, "prng", [], ["human", "ai:random"], ["h0", ""], 0.0))
>>> store.append_answer("g1", 0, 0, "draw")
>>> store.load_game("g1").answers
['draw']
>>> store.append_answer("g1", 1, 0, "pass")
Traceback (most recent call last):
...
grimoire.web.storage.StaleWrite: game 'g1': answer 0 is already stored
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    ruleset_version TEXT NOT NULL,
    options TEXT NOT NULL,
    decks TEXT NOT NULL,
    seed INTEGER NOT NULL,
    chance TEXT NOT NULL,
    chance_script TEXT NOT NULL,
    seats TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    created REAL NOT NULL,
    outcome TEXT
);
CREATE TABLE IF NOT EXISTS answers (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    option TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StaleWrite(Exception):
    """An answer with this sequence number is already stored (a second writer)."""


@dataclass
class StoredGame:
    """One game as stored: its set-up, seats and answers so far."""

    id: str
    game: str
    ruleset_version: str
    options: dict[str, Any]
    decks: list[dict[str, Any]]
    seed: int
    chance: str
    chance_script: list[Any]
    seats: list[str]
    token_hashes: list[str]
    created: float
    outcome: dict[str, Any] | None = None
    answers: list[str] = field(default_factory=list)


class Store:
    """A SQLite file (or ``:memory:``) holding every game of one server.

    The server uses it from its event-loop thread and from the worker threads that load
    games, so one lock serializes every use of the one connection. The database runs
    in WAL mode with ``synchronous=NORMAL``; each write is its own committed
    transaction. A committed answer survives the server process being killed; only
    an operating-system crash or power loss could lose the last few commits (a full
    fsync per answer costs milliseconds and would stall every game on the server).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the database connection."""
        with self.lock:
            self.db.close()

    def create_game(self, game: StoredGame) -> None:
        """Store a new game's set-up (committed)."""
        with self.lock:
            self.db.execute(
                "INSERT INTO games (id, game, ruleset_version, options, decks, seed, chance, chance_script, seats,"
                " token_hashes, created, outcome) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (game.id, game.game, game.ruleset_version, _dump(game.options), _dump(game.decks), game.seed,
                 game.chance, _dump(game.chance_script), _dump(game.seats), _dump(game.token_hashes), game.created,
                 None if game.outcome is None else _dump(game.outcome)),
            )

    def append_answer(self, game_id: str, seat: int, seq: int, option: str) -> None:
        """Store answer number ``seq`` (0-based) of a game; committed when this returns.

        Raises :class:`StaleWrite` if that answer number is already stored.
        """
        try:
            with self.lock:
                self.db.execute("INSERT INTO answers (game_id, seq, seat, option, at) VALUES (?,?,?,?,?)",
                                (game_id, seq, seat, option, time.time()))
        except sqlite3.IntegrityError:
            raise StaleWrite(f"game {game_id!r}: answer {seq} is already stored") from None

    def set_outcome(self, game_id: str, outcome: dict[str, Any]) -> None:
        """Note how a game ended (a summary only: replaying the answers gives the same)."""
        with self.lock:
            self.db.execute("UPDATE games SET outcome = ? WHERE id = ?", (_dump(outcome), game_id))

    def remove_answer(self, game_id: str, seq: int) -> None:
        """Delete answer ``seq`` and every later one (used only when applying an answer failed)."""
        with self.lock:
            self.db.execute("DELETE FROM answers WHERE game_id = ? AND seq >= ?", (game_id, seq))

    def load_game(self, game_id: str) -> StoredGame | None:
        """A stored game with all its answers, or None if there is no such game."""
        with self.lock:  # no write of this server comes between the two reads
            row = self.db.execute(
                "SELECT id, game, ruleset_version, options, decks, seed, chance, chance_script, seats,"
                " token_hashes, created, outcome FROM games WHERE id = ?", (game_id,)).fetchone()
            answers = [r[0] for r in self.db.execute(
                "SELECT option FROM answers WHERE game_id = ? ORDER BY seq", (game_id,))]
        if row is None:
            return None
        return StoredGame(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), int(row[5]), row[6],
                          json.loads(row[7]), json.loads(row[8]), json.loads(row[9]), float(row[10]),
                          None if row[11] is None else json.loads(row[11]), answers)

    def count_games(self) -> int:
        """How many games are stored."""
        with self.lock:
            return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
