"""The web server's database: game set-ups, seat tokens and answers (SQLite here, PostgreSQL in
:mod:`grimoire.web.pgstore`).

A game is stored as its set-up (game name, ruleset version, options, decks, seed,
chance source), the kind of each seat (``human`` or ``ai:LEVEL``), the hashes of the
seat tokens, and the list of answers; also who created it (a hash of the client
address, for the per-client limits) and when it was last answered (for expiry). Every
answer is committed before the server acknowledges or broadcasts it, so a restarted
server replays each game to exactly where it was.

Both stores have the same synchronous interface (:class:`Storage`); a failure to open
is a :class:`StorageError` with one line naming the database, and so is a failed
write during play (full disk, read-only file), which leaves the database as it was.

>>> store = Store(":memory:")
>>> store.create_game(StoredGame("g1", "toy", "1", {}, [], 7, "prng", [], ["human", "ai:random"], ["h0", ""], 0.0))
>>> store.append_answer("g1", 0, 0, "draw")
>>> store.load_game("g1").answers
['draw']
>>> store.append_answer("g1", 1, 0, "pass")
Traceback (most recent call last):
...
grimoire.web.tables.StaleWrite: game 'g1': answer 0 is already stored

A store is opened from its URL by :func:`grimoire.web.stores.open_store`.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .cardtables import (
    CARD_COLUMNS,
    CARD_INSERT,
    CARD_REPLACE,
    CARD_REVIEW,
    CARD_SQL,
    CARD_SUPERSEDE,
    CARD_VERSION_INSERT,
    CARD_WITHDRAW,
    CARDS_MARK_SQL,
    CARDS_SQL,
    DRAFT_COUNT_SQL,
    DRAFT_DELETE,
    DRAFT_UPSERT,
    DRAFTS_SQL,
    NOTE_INSERT,
    NOTES_SQL,
    OWN_CARDS_SQL,
    PROPOSED_SQL,
    STATUSES,
    VERDICT_SQL,
    VERDICT_UPSERT,
    CardTables,
    SavedCard,
    card_digest,
    card_of,
)
from .decktables import (
    DECK_INSERT,
    DECK_NAMES_SQL,
    DECK_SQL,
    DECK_UPSERT,
    DECK_WITHDRAW,
    OWN_DECKS_SQL,
    DeckTables,
    SavedDeck,
    deck_of,
)
from .ownership import owner_hash
from .tables import StaleWrite, StorageError, Taken, dump, json_object, maybe, reason

# the table families' names, kept importable from here (grimoire.web.pgstore and the server use them);
# owner_hash's home is grimoire.web.ownership
__all__ = [
    "CARDS_MARK_SQL",
    "CARDS_SQL",
    "CARD_COLUMNS",
    "CARD_INSERT",
    "CARD_REPLACE",
    "CARD_REVIEW",
    "CARD_SQL",
    "CARD_SUPERSEDE",
    "CARD_VERSION_INSERT",
    "CARD_WITHDRAW",
    "DECK_INSERT",
    "DECK_NAMES_SQL",
    "DECK_SQL",
    "DECK_UPSERT",
    "DECK_WITHDRAW",
    "DRAFTS_SQL",
    "DRAFT_COUNT_SQL",
    "DRAFT_DELETE",
    "DRAFT_UPSERT",
    "NOTES_SQL",
    "NOTE_INSERT",
    "OWN_CARDS_SQL",
    "OWN_DECKS_SQL",
    "PROPOSED_SQL",
    "STATUSES",
    "VERDICT_SQL",
    "VERDICT_UPSERT",
    "SavedCard",
    "SavedDeck",
    "StaleWrite",
    "StorageError",
    "Taken",
    "_dump",
    "_maybe",
    "_reason",
    "_verdict",
    "card_digest",
    "card_of",
    "deck_of",
    "owner_hash",
]
#: the JSON column helpers under their former names
_dump, _maybe, _reason, _verdict = dump, maybe, reason, json_object

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
CREATE TABLE IF NOT EXISTS cards (
    game TEXT NOT NULL,
    id TEXT NOT NULL,
    author TEXT NOT NULL,
    card TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game, id)
);
CREATE TABLE IF NOT EXISTS decks (
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    author TEXT NOT NULL,
    deck TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game, name)
);
CREATE TABLE IF NOT EXISTS branches (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    branch TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS invites (
    id TEXT PRIMARY KEY,
    invite TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS card_notes (
    game TEXT NOT NULL,
    id TEXT NOT NULL,
    at REAL NOT NULL,
    author INTEGER NOT NULL,
    note TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS card_verdicts (
    game TEXT NOT NULL,
    digest TEXT NOT NULL,
    at REAL NOT NULL,
    verdict TEXT NOT NULL,
    PRIMARY KEY (game, digest)
);
CREATE TABLE IF NOT EXISTS card_drafts (
    owner TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    at REAL NOT NULL,
    draft TEXT NOT NULL,
    PRIMARY KEY (owner, game, name)
);
CREATE TABLE IF NOT EXISTS webhooks (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    url TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS held (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    option TEXT NOT NULL,
    at REAL NOT NULL
);
"""
#: Columns added after the first release (a database from then is upgraded in place).
ADDED = (("creator", "TEXT NOT NULL DEFAULT ''"), ("last_active", "REAL NOT NULL DEFAULT 0"), ("clock", "TEXT"),
         ("forfeit", "TEXT"), ("shown", "INTEGER NOT NULL DEFAULT 0"))
#: Columns of the saved cards added after the first release: the owner's hash, whether a stored game used the
#: card (then it is never replaced), when its owner withdrew it, when it last changed (other processes reload).
CARD_ADDED = (("owner", "TEXT NOT NULL DEFAULT ''"), ("used", "INTEGER NOT NULL DEFAULT 0"), ("withdrawn", "REAL"),
              ("changed", "REAL NOT NULL DEFAULT 0"), ("status", "TEXT NOT NULL DEFAULT 'approved'"),
              ("note", "TEXT NOT NULL DEFAULT ''"), ("previous", "TEXT NOT NULL DEFAULT ''"),
              ("superseded", "TEXT NOT NULL DEFAULT ''"))
#: A saved card's review status: a proposal waits for the server owner, who approves it or sends it back.
INDEXES = """
CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator, created);
CREATE INDEX IF NOT EXISTS games_by_activity ON games (last_active) WHERE outcome IS NULL;
CREATE INDEX IF NOT EXISTS games_finished ON games (last_active, id) WHERE outcome IS NOT NULL;
CREATE INDEX IF NOT EXISTS cards_by_owner ON cards (owner) WHERE owner <> '';
CREATE INDEX IF NOT EXISTS decks_by_owner ON decks (owner) WHERE owner <> '';
"""
DURABILITY = ("normal", "full")
COLUMNS = ("id, game, ruleset_version, options, decks, seed, chance, chance_script, seats, token_hashes, created,"
           " outcome, creator, last_active, clock, forfeit, shown")
N_COLUMNS = COLUMNS.count(",") + 1


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
    creator: str = ""
    last_active: float = 0.0
    #: Where a branched game starts (``Branch.to_json``), kept in the table ``branches``; None: from the set-up.
    branch: dict[str, Any] | None = None
    #: The game's clock (``grimoire.core.clock.Clock.to_json``) after its last answer; None: untimed.
    clock: dict[str, Any] | None = None
    #: How it was forfeited (``grimoire.core.forfeit.Forfeit.to_json``), if it was.
    forfeit: dict[str, Any] | None = None
    #: The seats (bits 1 and 2) that chose to show this game between people on the public history.
    shown: int = 0
    #: Where the server announces each move (play by post), kept in the table ``webhooks``; None: nowhere.
    webhook: str | None = None
    #: A board-coin answer waiting for the post time of its toss (table ``held``): (its number, the answer);
    #: None when no answer waits.
    held: tuple[int, str] | None = None

    def row(self) -> tuple[Any, ...]:
        """The values of :data:`COLUMNS`."""
        return (self.id, self.game, self.ruleset_version, dump(self.options), dump(self.decks), self.seed,
                self.chance, dump(self.chance_script), dump(self.seats), dump(self.token_hashes), self.created,
                None if self.outcome is None else dump(self.outcome), self.creator,
                self.last_active or self.created, maybe(self.clock), maybe(self.forfeit), self.shown)

    @classmethod
    def from_row(cls, row: tuple[Any, ...], answers: list[str]) -> StoredGame:
        """A game from a row of :data:`COLUMNS` and its answers."""
        return cls(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), int(row[5]), row[6],
                   json.loads(row[7]), json.loads(row[8]), json.loads(row[9]), float(row[10]),
                   None if row[11] is None else json.loads(row[11]), answers, row[12] or "", float(row[13] or 0),
                   clock=None if row[14] is None else json.loads(row[14]),
                   forfeit=None if row[15] is None else json.loads(row[15]), shown=int(row[16] or 0))


#: The finished games, newest first: one row of the history page (games with a computer seat, and games between
#: people whose two players both chose to show them).
HISTORY_SQL = ("SELECT id, game, seats, decks, outcome, created, last_active,"
               " (SELECT COUNT(*) FROM answers WHERE answers.game_id = games.id)"
               " FROM games WHERE outcome IS NOT NULL AND (last_active, id) < (?, ?) AND (seats LIKE ? OR shown = 3)"
               " ORDER BY last_active DESC, id DESC LIMIT ?")
#: Finished games with a computer seat that ended before a time (they expire: ``finished_ai_days``).
FINISHED_AI_SQL = "SELECT id FROM games WHERE outcome IS NOT NULL AND last_active < ? AND seats LIKE ?"
AI_SEATS = '%"ai:%'
#: The keyset of the first page of the history: after every game.
FIRST = (float("inf"), "")
SHOW_SQL = "UPDATE games SET shown = CASE WHEN ? THEN shown | ? ELSE shown & ~? END WHERE id = ? RETURNING shown"


def card_ids(game: StoredGame) -> list[str]:
    """Every card id of a stored game's decks, once each (to mark the saved ones as used)."""
    ids = {str(c) for deck in game.decks if isinstance(deck, dict)
           for cards in (deck.get("sections") or {}).values() if isinstance(cards, list) for c in cards}
    return sorted(ids)


@dataclass(frozen=True)
class Finished:
    """A finished game as the history lists it: seats (``human`` / ``ai:LEVEL``), deck names, outcome,
    number of answers, when it started and when it was last answered."""

    id: str
    game: str
    seats: list[str]
    decks: list[str]
    outcome: dict[str, Any]
    steps: int
    created: float
    ended: float
    #: Where the history's keyset pages stand after this game: ``(last_active, id)``.
    mark: tuple[float, str] = (0.0, "")

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> Finished:
        """One row of :data:`HISTORY_SQL`."""
        decks = [str(d.get("name") or "") if isinstance(d, dict) else "" for d in json.loads(row[3])]
        return cls(row[0], row[1], json.loads(row[2]), decks, json.loads(row[4]), int(row[7]), float(row[5]),
                   float(row[6] or row[5]), (float(row[6]), str(row[0])))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "seats": self.seats, "decks": self.decks, "outcome": self.outcome,
                "steps": self.steps, "created": self.created, "ended": self.ended}


#: Called (on the event loop) with a game id, its number of stored answers and the last of them (None: not
#: told), when a process stored one.
Listener = Callable[[str, int, str | None], None]


#: (present on some process, last heartbeat) of a (game id, seat) in a shared database
Seen = dict[tuple[str, int], tuple[bool, float]]


class Shared(Protocol):
    """What a database shared by several server processes keeps of each table besides the game (``PgStore``):
    the seats' heartbeats (presence) and the rematch offers."""

    def heartbeat(self, process: str, now: float, here: list[tuple[str, int]],
                  gone: list[tuple[str, int]]) -> None: ...
    def presence(self, game_ids: list[str], since: float) -> Seen: ...
    def offer_rematch(self, game_id: str, seats: int) -> tuple[int, dict[str, str] | None]: ...
    def create_rematch(self, game_id: str, game: StoredGame, links: dict[str, str]) -> dict[str, str]: ...


class Storage(Protocol):
    """What the server needs of a database (SQLite :class:`Store` or PostgreSQL ``PgStore``)."""

    kind: str
    #: True when calls wait on the network (the server then makes them from a worker thread).
    remote: bool
    #: True when other server processes may share the database (their answers are announced).
    shared: bool

    def create_game(self, game: StoredGame) -> None: ...
    def append_answer(self, game_id: str, seat: int, seq: int, option: str,
                      clock: dict[str, Any] | None = None) -> None: ...
    def set_forfeit(self, game_id: str, forfeit: dict[str, Any], outcome: dict[str, Any],
                    clock: dict[str, Any] | None = None) -> None: ...
    def set_outcome(self, game_id: str, outcome: dict[str, Any]) -> None: ...
    def remove_answer(self, game_id: str, seq: int) -> None: ...
    def hold_answer(self, game_id: str, seat: int, seq: int, option: str) -> None: ...
    def held_answer(self, game_id: str) -> tuple[int, str] | None: ...
    def load_game(self, game_id: str) -> StoredGame | None: ...
    def finished(self, limit: int, after: tuple[float, str] = FIRST) -> list[Finished]: ...
    def save_invite(self, invite_id: str, invite: dict[str, Any], created: float) -> None: ...
    def load_invite(self, invite_id: str) -> dict[str, Any] | None: ...
    def answers_from(self, game_id: str, seq: int) -> list[str]: ...
    def turn_since(self, game_id: str, seat: int) -> float | None: ...
    def count_games(self) -> int: ...
    def count_created(self, creator: str, since: float) -> int: ...
    def count_open(self, creator: str, active_since: float) -> int: ...
    def expire(self, before: float, finished_ai_before: float | None = None) -> list[str]: ...
    def touch(self, game_id: str, now: float) -> None: ...
    def listen(self, listener: Listener, loop: Any) -> None: ...
    def close(self) -> None: ...
    def save_card(self, card: SavedCard) -> None: ...
    def saved_cards(self, game: str) -> list[SavedCard]: ...
    def count_cards(self, game: str) -> int: ...
    def cards_mark(self, game: str) -> tuple[int, float]: ...
    def saved_card(self, game: str, card_id: str) -> SavedCard | None: ...
    def replace_card(self, card: SavedCard) -> bool: ...
    def save_version(self, card: SavedCard) -> bool: ...
    def withdraw_card(self, game: str, card_id: str, owner: str) -> bool: ...
    def review_card(self, game: str, card_id: str, status: str, note: str) -> bool: ...
    def proposed(self, status: str = "proposed") -> list[SavedCard]: ...
    def add_note(self, game: str, card_id: str, by_author: bool, note: str) -> None: ...
    def card_notes(self, game: str, card_id: str) -> list[tuple[float, bool, str]]: ...
    def save_verdict(self, game: str, digest: str, verdict: dict[str, Any]) -> None: ...
    def card_verdict(self, game: str, digest: str) -> dict[str, Any] | None: ...
    def save_draft(self, owner: str, game: str, name: str, draft: dict[str, Any], most: int) -> bool: ...
    def drafts(self, owner: str) -> list[tuple[str, str, float, dict[str, Any]]]: ...
    def delete_draft(self, owner: str, game: str, name: str) -> bool: ...
    def withdraw_deck(self, game: str, name: str, owner: str) -> bool: ...
    def owned(self, owner: str) -> tuple[list[SavedCard], list[SavedDeck]]: ...
    def show_game(self, game_id: str, seat: int, shown: bool) -> int: ...
    def game_shown(self, game_id: str) -> int: ...
    def save_deck(self, deck: SavedDeck, replace: bool = False) -> None: ...
    def saved_decks(self, game: str) -> list[SavedDeck]: ...
    def deck_names(self, game: str, after: str = "", limit: int = 100) -> list[SavedDeck]: ...
    def saved_deck(self, game: str, name: str) -> SavedDeck | None: ...


def stale_invites(rows: Sequence[tuple[str, str]], games: Set[str]) -> list[str]:
    """The ids of invitations (``(id, stored JSON)`` rows) whose game is not among ``games``: never accepted,
    or their game has been deleted.

    >>> stale_invites([("a", '{"game_id": "g1"}'), ("b", '{"game_id": "g2"}')], {"g1"})
    ['b']
    """
    return [iid for iid, text in rows if str(json.loads(text).get("game_id", "")) not in games]


class Store(CardTables, DeckTables):
    """A SQLite file (or ``:memory:``) holding every game of one server process.

    The server uses it from its event-loop thread and from the worker threads that load
    games, so one lock serializes every use of the one connection. The database runs
    in WAL mode; each write is its own committed transaction. With durability
    ``normal`` (``synchronous=NORMAL``) a committed answer survives the server process
    being killed and only an operating-system crash or power loss could lose the last
    few commits; ``full`` (``synchronous=FULL``) syncs every answer to the disk.
    """

    kind = "sqlite"
    remote = False
    shared = False

    def __init__(self, path: str | Path, durability: str = "normal") -> None:
        if durability not in DURABILITY:
            raise StorageError(f"durability must be one of {', '.join(DURABILITY)}, got {durability!r}")
        self.path = str(path)
        self.durability = durability
        self.lock = threading.Lock()
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durability == 'full' else 'NORMAL'}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
            for name, decl in ADDED:
                if name not in have:
                    self.db.execute(f"ALTER TABLE games ADD COLUMN {name} {decl}")
            if "owner" not in {row[1] for row in self.db.execute("PRAGMA table_info(decks)")}:
                self.db.execute("ALTER TABLE decks ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
            have = {row[1] for row in self.db.execute("PRAGMA table_info(cards)")}
            for name, decl in CARD_ADDED:
                if name not in have:
                    self.db.execute(f"ALTER TABLE cards ADD COLUMN {name} {decl}")
            self.db.executescript(INDEXES)
            self.db.execute("BEGIN IMMEDIATE")  # a read-only file or folder is found now, not at the first answer
            self.db.execute("ROLLBACK")
        except (sqlite3.Error, OSError) as exc:
            raise StorageError(f"cannot open the database {self.path}: {reason(exc)}") from None

    def close(self) -> None:
        """Close the database connection."""
        with self.lock:
            self.db.close()

    def create_game(self, game: StoredGame) -> None:
        """Store a new game's set-up (committed) in one transaction: with its branch, if it is branched, and
        marking the saved cards of its decks as used (they are never replaced: the game replays with them)."""
        marks = ",".join("?" * N_COLUMNS)
        ids = card_ids(game)
        try:
            with self.lock:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    self.db.execute(f"INSERT INTO games ({COLUMNS}) VALUES ({marks})", game.row())
                    if game.branch is not None:
                        self.db.execute("INSERT INTO branches (game_id, branch) VALUES (?,?)",
                                        (game.id, dump(game.branch)))
                    if game.webhook is not None:
                        self.db.execute("INSERT INTO webhooks (game_id, url) VALUES (?,?)", (game.id, game.webhook))
                    if ids:
                        self.db.execute(f"UPDATE cards SET used = 1 WHERE game = ? AND used = 0 AND id IN "
                                        f"({','.join('?' * len(ids))})", (game.game, *ids))
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    raise
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None

    def append_answer(self, game_id: str, seat: int, seq: int, option: str,
                      clock: dict[str, Any] | None = None) -> None:
        """Store answer number ``seq`` (0-based) of a game (and, for a timed game, its ``clock`` after it, in
        the same transaction); committed when this returns.

        Raises :class:`StaleWrite` if that answer number is already stored and
        :class:`StorageError` if the database cannot be written (nothing is stored then).
        """
        now = time.time()
        try:
            with self.lock:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    self.db.execute("INSERT INTO answers (game_id, seq, seat, option, at) VALUES (?,?,?,?,?)",
                                    (game_id, seq, seat, option, now))
                    self.db.execute("DELETE FROM held WHERE game_id = ?", (game_id,))  # it is answered now
                    self.db.execute("UPDATE games SET last_active = ?, clock = COALESCE(?, clock) WHERE id = ?",
                                    (now, maybe(clock), game_id))
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:  # SQLite may have rolled back already (a full disk does)
                        self.db.execute("ROLLBACK")
                    raise
        except sqlite3.IntegrityError:
            raise StaleWrite(f"game {game_id!r}: answer {seq} is already stored") from None
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None

    def set_outcome(self, game_id: str, outcome: dict[str, Any]) -> None:
        """Note how a game ended (a summary only: replaying the answers gives the same)."""
        self._write("UPDATE games SET outcome = ? WHERE id = ?", (dump(outcome), game_id))

    def set_forfeit(self, game_id: str, forfeit: dict[str, Any], outcome: dict[str, Any],
                    clock: dict[str, Any] | None = None) -> None:
        """Note that a game was forfeited (conceded, lost on time or abandoned), how it ended and its stopped clock."""
        self._write("UPDATE games SET forfeit = ?, outcome = ?, clock = COALESCE(?, clock), last_active = ?"
                    " WHERE id = ?", (dump(forfeit), dump(outcome), maybe(clock), time.time(), game_id))

    def remove_answer(self, game_id: str, seq: int) -> None:
        """Delete answer ``seq`` and every later one (used only when applying an answer failed), and an answer
        held after them."""
        self._write("DELETE FROM held WHERE game_id = ? AND seq >= ?", (game_id, seq))
        self._write("DELETE FROM answers WHERE game_id = ? AND seq >= ?", (game_id, seq))

    def hold_answer(self, game_id: str, seat: int, seq: int, option: str) -> None:
        """Keep a board-coin answer whose toss waits for a post time, as number ``seq`` (not stored yet: it is
        stored, and this one deleted, when the post time comes, :meth:`append_answer`). So a restarted server
        — or another process — asks the same post question.

        Raises :class:`StaleWrite` if answer ``seq`` is stored already or another answer is held.

        >>> store = Store(":memory:")
        >>> store.create_game(StoredGame("g", "chant", "1", {}, [], 7, "post", [], ["human"] * 2, ["a", "b"], 0.0))
        >>> store.hold_answer("g", 0, 0, "end"); store.held_answer("g"), store.load_game("g").held
        ((0, 'end'), (0, 'end'))
        >>> store.append_answer("g", 0, 0, "end\tpost:12:00:01"); store.held_answer("g") is None
        True
        """
        try:
            with self.lock:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    stored = self.db.execute("SELECT COUNT(*) FROM answers WHERE game_id = ?", (game_id,)).fetchone()
                    if int(stored[0]) != seq:
                        raise StaleWrite(f"game {game_id!r}: answer {seq} is already stored")
                    self.db.execute("INSERT INTO held (game_id, seq, seat, option, at) VALUES (?,?,?,?,?)",
                                    (game_id, seq, seat, option, time.time()))
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    raise
        except sqlite3.IntegrityError:
            raise StaleWrite(f"game {game_id!r}: an answer is held already") from None
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None

    def held_answer(self, game_id: str) -> tuple[int, str] | None:
        """The answer a game holds for a post time (its number and the answer), or None."""
        rows = self._read("SELECT seq, option FROM held WHERE game_id = ?", (game_id,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def load_game(self, game_id: str) -> StoredGame | None:
        """A stored game with all its answers, or None if there is no such game."""
        try:
            with self.lock:  # no write of this server comes between the two reads
                row = self.db.execute(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
                answers = [r[0] for r in self.db.execute(
                    "SELECT option FROM answers WHERE game_id = ? ORDER BY seq", (game_id,))]
        except sqlite3.Error as exc:
            raise StorageError(f"cannot read the database {self.path}: {reason(exc)}") from None
        if row is None:
            return None
        stored = StoredGame.from_row(row, answers)
        branch = self._read("SELECT branch FROM branches WHERE game_id = ?", (game_id,))
        stored.branch = json.loads(branch[0][0]) if branch else None
        hook = self._read("SELECT url FROM webhooks WHERE game_id = ?", (game_id,))
        stored.webhook = hook[0][0] if hook else None
        stored.held = self.held_answer(game_id)
        return stored

    def finished(self, limit: int, after: tuple[float, str] = FIRST) -> list[Finished]:
        """Up to ``limit`` finished games, the most recently ended first, from those that ended before
        ``after`` (``(ended, id)`` of the last game of the page before; the index ``games_finished``)."""
        ended, start = min(after[0], 1e300), after[1]  # no game ends at 1e300: the first page is every game
        return [Finished.from_row(tuple(r)) for r in self._read(HISTORY_SQL, (ended, start, AI_SEATS, limit))]

    def save_invite(self, invite_id: str, invite: dict[str, Any], created: float) -> None:
        """Store a friend game waiting for the friend's deck (:mod:`grimoire.web.invites`)."""
        self._write("INSERT INTO invites (id, invite, created) VALUES (?,?,?)", (invite_id, dump(invite), created))

    def load_invite(self, invite_id: str) -> dict[str, Any] | None:
        """A stored invitation, or None."""
        rows = self._read("SELECT invite FROM invites WHERE id = ?", (invite_id,))
        return json.loads(rows[0][0]) if rows else None

    def answers_from(self, game_id: str, seq: int) -> list[str]:
        """The stored answers of a game from number ``seq`` on."""
        rows = self._read("SELECT option FROM answers WHERE game_id = ? AND seq >= ? ORDER BY seq", (game_id, seq))
        return [r[0] for r in rows]

    def turn_since(self, game_id: str, seat: int) -> float | None:
        """When the move became ``seat``'s: the time of the last stored answer another seat gave (None: there
        is none, the move has been ``seat``'s since the game was created)."""
        rows = self._read("SELECT MAX(at) FROM answers WHERE game_id = ? AND seat <> ?", (game_id, seat))
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    def count_games(self) -> int:
        """How many games are stored."""
        return int(self._read("SELECT COUNT(*) FROM games")[0][0])

    def count_created(self, creator: str, since: float) -> int:
        """Games created by ``creator`` at ``since`` or later."""
        return int(self._read("SELECT COUNT(*) FROM games WHERE creator = ? AND created >= ?",
                              (creator, since))[0][0])

    def count_open(self, creator: str, active_since: float) -> int:
        """Unfinished games of ``creator`` answered (or created) at ``active_since`` or later."""
        return int(self._read("SELECT COUNT(*) FROM games WHERE creator = ? AND outcome IS NULL AND last_active >= ?",
                              (creator, active_since))[0][0])

    def touch(self, game_id: str, now: float) -> None:
        """Mark a game as in use at ``now`` (an open game someone joined does not expire)."""
        self._write("UPDATE games SET last_active = MAX(last_active, ?) WHERE id = ?", (now, game_id))

    def expire(self, before: float, finished_ai_before: float | None = None) -> list[str]:
        """Delete every unfinished game last answered (or created) before ``before``, every finished game
        against the computer that ended before ``finished_ai_before``, and the invitations made before
        ``before`` whose game is not (or no longer) stored; the games' ids."""
        try:
            with self.lock:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    ids = [r[0] for r in self.db.execute(
                        "SELECT id FROM games WHERE outcome IS NULL AND last_active < ?", (before,))]
                    if finished_ai_before is not None:
                        ids += [r[0] for r in self.db.execute(FINISHED_AI_SQL, (finished_ai_before, AI_SEATS))]
                    for gid in ids:
                        self.db.execute("DELETE FROM answers WHERE game_id = ?", (gid,))
                        self.db.execute("DELETE FROM branches WHERE game_id = ?", (gid,))
                        self.db.execute("DELETE FROM webhooks WHERE game_id = ?", (gid,))
                        self.db.execute("DELETE FROM held WHERE game_id = ?", (gid,))
                        self.db.execute("DELETE FROM games WHERE id = ?", (gid,))
                    old = self.db.execute("SELECT id, invite FROM invites WHERE created < ?", (before,)).fetchall()
                    games = {r[0] for r in self.db.execute("SELECT id FROM games")} if old else set()
                    for iid in stale_invites(old, games):
                        self.db.execute("DELETE FROM invites WHERE id = ?", (iid,))
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:  # SQLite may have rolled back already (a full disk does)
                        self.db.execute("ROLLBACK")
                    raise
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None
        return ids

    def listen(self, listener: Listener, loop: Any) -> None:
        """One process owns a SQLite database: there is no other writer to hear of."""

    # ----- the server's own cards and decks ----------------------------------------
    def owned(self, owner: str) -> tuple[list[SavedCard], list[SavedDeck]]:
        """The cards and decks (without their texts) saved with the owner hash ``owner`` (at most 1000 each)."""
        if not owner:
            return [], []
        return ([card_of(r) for r in self._read(OWN_CARDS_SQL, (owner,))],
                [deck_of(r) for r in self._read(OWN_DECKS_SQL, (owner,))])

    def show_game(self, game_id: str, seat: int, shown: bool) -> int:
        """Note whether ``seat`` of a game chooses to show it on the public history; the seats' bits after it."""
        try:
            with self.lock:  # the RETURNING row is read before another statement may run
                rows = self.db.execute(SHOW_SQL, (shown, 1 << seat, 1 << seat, game_id)).fetchall()
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None
        return int(rows[0][0]) if rows else 0

    def game_shown(self, game_id: str) -> int:
        """The seats' bits of a game that chose to show it on the public history (0: none, or no such game)."""
        rows = self._read("SELECT shown FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else 0
