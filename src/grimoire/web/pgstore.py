"""The PostgreSQL store: several server processes (on one machine or many) share one database.

``grimoire serve --db postgresql://user@host/dbname`` (extra ``postgres``: psycopg 3).
The tables are those of the SQLite store. What makes sharing safe:

* **Answers are serialized by the database.** Storing answer ``seq`` of a game locks
  the game's row (``SELECT … FOR UPDATE``), checks that ``seq`` answers are stored,
  inserts the answer and commits; a second process answering the same decision gets
  :class:`~grimoire.web.storage.StaleWrite` and catches up instead.
* **One truth about the table.** Each process writes a heartbeat for every seat it has a
  socket of (table ``presence``: game, seat, process, open?, when); a seat is present when
  some process's heartbeat says so and is recent, so the idle claim (``grimoire.web.table``)
  sees a player connected to another process. Rematch offers are a row per finished game
  (table ``rematches``, its key the game): the offers are OR-ed into it under the row's
  lock, and the process that finds both offers creates the new game and stores its links
  in the same transaction, so two processes (or a restarted one) make exactly one rematch.
  A changed row is announced as ``'<game id> -2'``.
* **Every process hears of every answer.** The same transaction sends
  ``NOTIFY grimoire_answers, '<game id> <answers stored> <the answer>'``; each process
  ``LISTEN``\\ s on one connection of its own (a thread) and hands the notices to its event
  loop, where a game it has in memory applies the answer (or, if it missed some, reads the
  answers it lacks) and updates its sockets. So the two
  seats of one game may be connected to different processes. After the listening
  connection is lost and made again, every game in memory is checked (``listener("*", -1, None)``).
  A board-coin answer held for a post time is announced as ``'<game id> -3'``: every process holding
  the game asks the same post question (:meth:`PgStore.hold_answer`).

Durability ``normal`` commits with ``synchronous_commit = off`` (an answer survives any
server process being killed; a crash of the database machine may lose the last few
hundred milliseconds), ``full`` with ``synchronous_commit = on`` (flushed to disk first).

>>> redact("postgresql://me:secret@db.example/games")
'postgresql://me:***@db.example/games'
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

from grimoire.extras import MissingExtra

from .storage import (
    AI_SEATS,
    CARD_INSERT,
    CARD_REPLACE,
    CARD_REVIEW,
    CARD_SQL,
    CARD_SUPERSEDE,
    CARD_VERSION_INSERT,
    CARD_WITHDRAW,
    CARDS_MARK_SQL,
    CARDS_SQL,
    COLUMNS,
    DECK_INSERT,
    DECK_NAMES_SQL,
    DECK_SQL,
    DECK_UPSERT,
    DECK_WITHDRAW,
    DRAFT_COUNT_SQL,
    DRAFT_DELETE,
    DRAFT_UPSERT,
    DRAFTS_SQL,
    DURABILITY,
    FINISHED_AI_SQL,
    FIRST,
    HISTORY_SQL,
    N_COLUMNS,
    NOTE_INSERT,
    NOTES_SQL,
    OWN_CARDS_SQL,
    OWN_DECKS_SQL,
    PROPOSED_SQL,
    SCHEMA,
    SHOW_SQL,
    VERDICT_SQL,
    VERDICT_UPSERT,
    Finished,
    Listener,
    SavedCard,
    SavedDeck,
    StaleWrite,
    StorageError,
    StoredGame,
    Taken,
    _dump,
    _maybe,
    _reason,
    _verdict,
    card_ids,
    card_of,
    deck_of,
    stale_invites,
)

log = logging.getLogger("grimoire.web")
CHANNEL = "grimoire_answers"
PG_SCHEMA = SCHEMA.replace("seed INTEGER", "seed BIGINT").replace("REAL", "DOUBLE PRECISION") + """
ALTER TABLE games ADD COLUMN IF NOT EXISTS creator TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN IF NOT EXISTS last_active DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN IF NOT EXISTS clock TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS forfeit TEXT;
ALTER TABLE decks ADD COLUMN IF NOT EXISTS owner TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN IF NOT EXISTS shown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN IF NOT EXISTS owner TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN IF NOT EXISTS used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN IF NOT EXISTS withdrawn DOUBLE PRECISION;
ALTER TABLE cards ADD COLUMN IF NOT EXISTS changed DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN IF NOT EXISTS status TEXT NOT NULL DEFAULT 'approved';
ALTER TABLE cards ADD COLUMN IF NOT EXISTS note TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN IF NOT EXISTS previous TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN IF NOT EXISTS superseded TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS cards_by_owner ON cards (owner) WHERE owner <> '';
CREATE INDEX IF NOT EXISTS decks_by_owner ON decks (owner) WHERE owner <> '';
CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator, created);
CREATE INDEX IF NOT EXISTS games_by_activity ON games (last_active) WHERE outcome IS NULL;
CREATE INDEX IF NOT EXISTS games_finished ON games (last_active, id) WHERE outcome IS NOT NULL;
CREATE TABLE IF NOT EXISTS presence (game_id TEXT NOT NULL, seat INTEGER NOT NULL, process TEXT NOT NULL,
  open BOOLEAN NOT NULL, seen DOUBLE PRECISION NOT NULL, PRIMARY KEY (game_id, seat, process));
CREATE TABLE IF NOT EXISTS rematches (game_id TEXT PRIMARY KEY, offers INTEGER NOT NULL DEFAULT 0, new_id TEXT,
  links TEXT);
"""
SCHEMA_LOCK = 0x6772696D  # the advisory lock that keeps two starting processes from creating tables at once
POOL_MAX = min(32, (os.cpu_count() or 1) + 4)  # asyncio.to_thread's threads: a store call never waits for a connection
POOL_WAIT = 30.0  # seconds a call waits for a free connection before it fails (one line, like any database error)


def _require(module: str) -> Any:
    """psycopg or psycopg_pool, or a StorageError naming the ``postgres`` extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise StorageError(str(MissingExtra("postgres", "a postgresql:// database needs psycopg and psycopg_pool",
                                            str(exc)))) from None


def redact(url: str) -> str:
    """``url`` without its password (for messages)."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


class PgStore:
    """Games in a PostgreSQL database shared by any number of server processes (see the module docstring)."""

    kind = "postgresql"
    remote = True
    shared = True

    def __init__(self, url: str, durability: str = "normal", *, size: int = 4, connect: bool = True) -> None:
        if durability not in DURABILITY:
            raise StorageError(f"durability must be one of {', '.join(DURABILITY)}, got {durability!r}")
        self.url = url
        self.durability = durability
        self.size = size
        self._pool: Any = None
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        if connect:
            self._open_pool()
            try:
                with self._conn("open") as conn:
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                    for statement in filter(str.strip, PG_SCHEMA.split(";")):
                        conn.execute(statement)
            except StorageError:
                self.close()
                raise

    def _open_pool(self) -> None:
        """The connection pool (psycopg_pool): ``size`` connections kept open, and as many more as the
        server's worker threads can ask for at once, each checked before use and replaced when broken."""
        psycopg_pool = _require("psycopg_pool")
        psycopg = _require("psycopg")
        failure = self._connect_failure()  # one attempt first: the pool would retry, and only say it timed out
        if failure is not None:
            raise StorageError(f"cannot open the database {redact(self.url)}: {failure}")
        sync = "on" if self.durability == "full" else "off"

        def configure(conn: Any) -> None:
            conn.execute("SET synchronous_commit = " + sync)
            conn.commit()

        pool = psycopg_pool.ConnectionPool(
            self.url, min_size=self.size, max_size=max(self.size, POOL_MAX), open=False, configure=configure,
            check=psycopg_pool.ConnectionPool.check_connection, kwargs={"connect_timeout": 10},
            timeout=POOL_WAIT, name="grimoire")
        try:
            pool.open(wait=True, timeout=10)
        except (psycopg_pool.PoolTimeout, psycopg.Error) as exc:
            pool.close()
            raise StorageError(f"cannot open the database {redact(self.url)}: {_reason(exc)}") from None
        self._pool = pool

    def _connect_failure(self) -> str | None:
        """Why one plain connection attempt fails, or None when it succeeds."""
        psycopg = _require("psycopg")
        try:
            psycopg.connect(self.url, connect_timeout=10).close()
        except psycopg.Error as exc:
            return _reason(exc)
        return None

    def _connect(self, autocommit: bool = False) -> Any:
        """One connection of its own (the listener's), outside the pool."""
        psycopg = _require("psycopg")
        try:
            conn = psycopg.connect(self.url, autocommit=autocommit, connect_timeout=10)
            conn.execute("SET synchronous_commit = " + ("on" if self.durability == "full" else "off"))
            if not autocommit:
                conn.commit()
        except psycopg.Error as exc:
            raise StorageError(f"cannot open the database {redact(self.url)}: {_reason(exc)}") from None
        return conn

    @contextlib.contextmanager
    def _conn(self, what: str) -> Iterator[Any]:
        """A pooled connection inside one transaction; database errors become :class:`StorageError`."""
        import psycopg
        import psycopg_pool

        if self._pool is None:
            raise StorageError(f"cannot {what} the database {redact(self.url)}: the store is closed")
        try:
            with self._pool.connection() as conn, conn.transaction():
                yield conn
        except (StaleWrite, StorageError):
            raise
        except psycopg.errors.UniqueViolation:
            raise StaleWrite("answer already stored") from None
        except psycopg_pool.PoolTimeout:
            raise StorageError(f"cannot {what} the database {redact(self.url)}: no connection free within "
                               f"{POOL_WAIT:g} s") from None
        except psycopg.Error as exc:
            raise StorageError(f"cannot {what} the database {redact(self.url)}: {_reason(exc)}") from None

    # ----- games ----------------------------------------------------------------
    def create_game(self, game: StoredGame) -> None:
        with self._conn("write to") as conn:
            conn.execute(f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join(['%s'] * N_COLUMNS)})", game.row())
            if game.branch is not None:  # in the same transaction: a branched game is never stored without it
                conn.execute("INSERT INTO branches (game_id, branch) VALUES (%s, %s)", (game.id, _dump(game.branch)))
            if game.webhook is not None:
                conn.execute("INSERT INTO webhooks (game_id, url) VALUES (%s, %s)", (game.id, game.webhook))
            ids = card_ids(game)
            if ids:  # its saved cards are never replaced from now on: the game replays with them
                conn.execute("UPDATE cards SET used = 1 WHERE game = %s AND used = 0 AND id = ANY(%s)",
                             (game.game, ids))

    def append_answer(self, game_id: str, seat: int, seq: int, option: str,
                      clock: dict[str, Any] | None = None) -> None:
        """Store answer ``seq`` (and the game's clock after it) under the game's row lock and announce it to
        every process."""
        now = time.time()
        with self._conn("write to") as conn:
            if conn.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,)).fetchone() is None:
                raise StorageError(f"game {game_id!r} is not stored")
            stored = int(conn.execute("SELECT COUNT(*) FROM answers WHERE game_id = %s", (game_id,)).fetchone()[0])
            if stored != seq:
                raise StaleWrite(f"game {game_id!r}: answer {seq} is already stored")
            conn.execute("INSERT INTO answers (game_id, seq, seat, option, at) VALUES (%s, %s, %s, %s, %s)",
                         (game_id, seq, seat, option, now))
            conn.execute("DELETE FROM held WHERE game_id = %s", (game_id,))  # it is answered now
            conn.execute("UPDATE games SET last_active = %s, clock = COALESCE(%s, clock) WHERE id = %s",
                         (now, _maybe(clock), game_id))
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {seq + 1} {option}"[:7900]))

    def set_forfeit(self, game_id: str, forfeit: dict[str, Any], outcome: dict[str, Any],
                    clock: dict[str, Any] | None = None) -> None:
        with self._conn("write to") as conn:
            changed = conn.execute(
                "UPDATE games SET forfeit = %s, outcome = %s, clock = COALESCE(%s, clock), last_active = %s"
                " WHERE id = %s AND outcome IS NULL",
                (_dump(forfeit), _dump(outcome), _maybe(clock), time.time(), game_id)).rowcount
            if changed == 0:  # another process ended it first (its forfeit stands)
                raise StaleWrite(f"game {game_id!r} is over already")
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -1"))  # the others read it again

    def set_outcome(self, game_id: str, outcome: dict[str, Any]) -> None:
        with self._conn("write to") as conn:
            conn.execute("UPDATE games SET outcome = %s WHERE id = %s", (_dump(outcome), game_id))

    def remove_answer(self, game_id: str, seq: int) -> None:
        with self._conn("write to") as conn:
            conn.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,))
            conn.execute("DELETE FROM held WHERE game_id = %s AND seq >= %s", (game_id, seq))
            conn.execute("DELETE FROM answers WHERE game_id = %s AND seq >= %s", (game_id, seq))

    def hold_answer(self, game_id: str, seat: int, seq: int, option: str) -> None:
        """Keep an answer waiting for a post time (see :meth:`grimoire.web.storage.Store.hold_answer`) under the
        game's row lock, and tell every process (``<id> -3``: they read it and ask the same post question)."""
        with self._conn("write to") as conn:
            if conn.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,)).fetchone() is None:
                raise StorageError(f"game {game_id!r} is not stored")
            stored = int(conn.execute("SELECT COUNT(*) FROM answers WHERE game_id = %s", (game_id,)).fetchone()[0])
            if stored != seq:
                raise StaleWrite(f"game {game_id!r}: answer {seq} is already stored")
            conn.execute("INSERT INTO held (game_id, seq, seat, option, at) VALUES (%s, %s, %s, %s, %s)",
                         (game_id, seq, seat, option, time.time()))
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -3"))

    def held_answer(self, game_id: str) -> tuple[int, str] | None:
        with self._conn("read") as conn:
            row = conn.execute("SELECT seq, option FROM held WHERE game_id = %s", (game_id,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._conn("read") as conn:
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = conn.execute(f"SELECT {COLUMNS} FROM games WHERE id = %s", (game_id,)).fetchone()
            answers = [r[0] for r in conn.execute(
                "SELECT option FROM answers WHERE game_id = %s ORDER BY seq", (game_id,))]
            branch = conn.execute("SELECT branch FROM branches WHERE game_id = %s", (game_id,)).fetchone()
            hook = conn.execute("SELECT url FROM webhooks WHERE game_id = %s", (game_id,)).fetchone()
            held = conn.execute("SELECT seq, option FROM held WHERE game_id = %s", (game_id,)).fetchone()
        if row is None:
            return None
        stored = StoredGame.from_row(tuple(row), answers)
        stored.branch = None if branch is None else json.loads(branch[0])
        stored.webhook = None if hook is None else str(hook[0])
        stored.held = None if held is None else (int(held[0]), str(held[1]))
        return stored

    def finished(self, limit: int, after: tuple[float, str] = FIRST) -> list[Finished]:
        """Up to ``limit`` finished games, the most recently ended first, from those that ended before
        ``after`` (see :meth:`grimoire.web.storage.Store.finished`)."""
        ended, start = min(after[0], 1e300), after[1]  # no game ends at 1e300: the first page is every game
        with self._conn("read") as conn:
            rows = conn.execute(HISTORY_SQL.replace("?", "%s"), (ended, start, AI_SEATS, limit)).fetchall()
        return [Finished.from_row(tuple(r)) for r in rows]

    def save_invite(self, invite_id: str, invite: dict[str, Any], created: float) -> None:
        with self._conn("write to") as conn:
            conn.execute("INSERT INTO invites (id, invite, created) VALUES (%s, %s, %s)",
                         (invite_id, _dump(invite), created))

    def load_invite(self, invite_id: str) -> dict[str, Any] | None:
        with self._conn("read") as conn:
            row = conn.execute("SELECT invite FROM invites WHERE id = %s", (invite_id,)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def answers_from(self, game_id: str, seq: int) -> list[str]:
        with self._conn("read") as conn:
            return [r[0] for r in conn.execute(
                "SELECT option FROM answers WHERE game_id = %s AND seq >= %s ORDER BY seq", (game_id, seq))]

    def turn_since(self, game_id: str, seat: int) -> float | None:
        with self._conn("read") as conn:
            row = conn.execute("SELECT MAX(at) FROM answers WHERE game_id = %s AND seat <> %s",
                               (game_id, seat)).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def count_games(self) -> int:
        with self._conn("read") as conn:
            return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def count_created(self, creator: str, since: float) -> int:
        with self._conn("read") as conn:
            return int(conn.execute("SELECT COUNT(*) FROM games WHERE creator = %s AND created >= %s",
                                    (creator, since)).fetchone()[0])

    def count_open(self, creator: str, active_since: float) -> int:
        with self._conn("read") as conn:
            return int(conn.execute("SELECT COUNT(*) FROM games WHERE creator = %s AND outcome IS NULL"
                                    " AND last_active >= %s", (creator, active_since)).fetchone()[0])

    def touch(self, game_id: str, now: float) -> None:
        with self._conn("write to") as conn:
            conn.execute("UPDATE games SET last_active = GREATEST(last_active, %s) WHERE id = %s", (now, game_id))

    def expire(self, before: float, finished_ai_before: float | None = None) -> list[str]:
        with self._conn("write to") as conn:
            ids = [r[0] for r in conn.execute(
                "SELECT id FROM games WHERE outcome IS NULL AND last_active < %s FOR UPDATE SKIP LOCKED", (before,))]
            if finished_ai_before is not None:
                ids += [r[0] for r in conn.execute(FINISHED_AI_SQL.replace("?", "%s") + " FOR UPDATE SKIP LOCKED",
                                                   (finished_ai_before, AI_SEATS))]
            if ids:
                conn.execute("DELETE FROM answers WHERE game_id = ANY(%s)", (ids,))
                conn.execute("DELETE FROM branches WHERE game_id = ANY(%s)", (ids,))
                conn.execute("DELETE FROM webhooks WHERE game_id = ANY(%s)", (ids,))
                conn.execute("DELETE FROM held WHERE game_id = ANY(%s)", (ids,))
                conn.execute("DELETE FROM presence WHERE game_id = ANY(%s)", (ids,))
                conn.execute("DELETE FROM rematches WHERE game_id = ANY(%s)", (ids,))
                conn.execute("DELETE FROM games WHERE id = ANY(%s)", (ids,))
            old = conn.execute("SELECT id, invite FROM invites WHERE created < %s", (before,)).fetchall()
            if old:
                games = {r[0] for r in conn.execute("SELECT id FROM games")}
                stale = stale_invites([(str(r[0]), str(r[1])) for r in old], games)
                if stale:
                    conn.execute("DELETE FROM invites WHERE id = ANY(%s)", (stale,))
        return ids

    # ----- presence and rematch offers (one truth for every process) ---------------
    def heartbeat(self, process: str, now: float, here: list[tuple[str, int]],
                  gone: list[tuple[str, int]]) -> None:
        """``process`` has a socket of each seat in ``here`` (and no longer of those in ``gone``) at ``now``."""
        rows = [(gid, seat, process, True, now) for gid, seat in here] + \
               [(gid, seat, process, False, now) for gid, seat in gone]
        if not rows:
            return
        with self._conn("write to") as conn, conn.cursor() as cur:
            cur.executemany("INSERT INTO presence (game_id, seat, process, open, seen) VALUES (%s, %s, %s, %s, %s)"
                            " ON CONFLICT (game_id, seat, process) DO UPDATE SET open = EXCLUDED.open,"
                            " seen = EXCLUDED.seen", sorted(rows))

    def presence(self, game_ids: list[str], since: float) -> dict[tuple[str, int], tuple[bool, float]]:
        """Per (game, seat) of ``game_ids``: whether some process has a socket of it with a heartbeat after
        ``since``, and its last heartbeat (the time it was last seen, when it is away)."""
        if not game_ids:
            return {}
        with self._conn("read") as conn:
            rows = conn.execute("SELECT game_id, seat, bool_or(open AND seen >= %s), max(seen) FROM presence"
                                " WHERE game_id = ANY(%s) GROUP BY game_id, seat", (since, game_ids)).fetchall()
        return {(str(r[0]), int(r[1])): (bool(r[2]), float(r[3])) for r in rows}

    def offer_rematch(self, game_id: str, seats: int) -> tuple[int, dict[str, str] | None]:
        """Add ``seats`` (bit 1 << seat) to the rematch offers of a finished game; the offers after it and the
        new game's links (seat ``"0"``/``"1"``/``"-"`` → URL) once it exists. ``seats`` 0 only reads."""
        with self._conn("write to") as conn:
            row = conn.execute("INSERT INTO rematches (game_id, offers) VALUES (%s, %s) ON CONFLICT (game_id)"
                               " DO UPDATE SET offers = rematches.offers | EXCLUDED.offers RETURNING offers, links",
                               (game_id, seats)).fetchone()
            if seats:
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -2"))
        return int(row[0]), None if row[1] is None else dict(json.loads(row[1]))

    def create_rematch(self, game_id: str, game: StoredGame, links: dict[str, str]) -> dict[str, str]:
        """Store ``game`` as the rematch of ``game_id`` with its ``links``, unless another process made one first;
        the links of the one rematch game either way (``game`` is stored only if they are ``links``)."""
        with self._conn("write to") as conn:
            row = conn.execute("SELECT links FROM rematches WHERE game_id = %s FOR UPDATE", (game_id,)).fetchone()
            if row is not None and row[0] is not None:
                return dict(json.loads(row[0]))
            conn.execute(f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join(['%s'] * N_COLUMNS)})", game.row())
            conn.execute("INSERT INTO rematches (game_id, offers, new_id, links) VALUES (%s, 3, %s, %s)"
                         " ON CONFLICT (game_id) DO UPDATE SET new_id = EXCLUDED.new_id, links = EXCLUDED.links",
                         (game_id, game.id, _dump(links)))
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} -2"))
        return links

    # ----- announcements -----------------------------------------------------------
    def listen(self, listener: Listener, loop: Any) -> None:
        """Hear every answer stored by any process: ``listener(game id, answers stored)`` on ``loop``."""
        if self._listener is not None:
            return
        self._stop.clear()
        self._listener = threading.Thread(target=self._listen, args=(listener, loop), name="grimoire-listen",
                                          daemon=True)
        self._listener.start()

    def _listen(self, listener: Listener, loop: Any) -> None:
        first = True
        while not self._stop.is_set():
            try:
                conn = self._connect(autocommit=True)
            except StorageError as exc:
                log.warning("cannot listen for answers of other processes: %s", exc)
                self._stop.wait(1.0)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                if not first:  # notices may have been missed while disconnected
                    loop.call_soon_threadsafe(listener, "*", -1)
                first = False
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        game_id, count, option = ([*note.payload.split(" ", 2), ""])[:3]
                        with contextlib.suppress(RuntimeError, ValueError):  # a closed loop, a foreign notice
                            loop.call_soon_threadsafe(listener, game_id, int(count), option or None)
            except Exception as exc:
                if not self._stop.is_set():
                    log.warning("the listening connection failed (%s); connecting again", _reason(exc))
                    self._stop.wait(0.5)
            finally:
                with contextlib.suppress(Exception):
                    conn.close()

    # ----- the server's own cards and decks (shared by every process) ---------------
    def save_card(self, card: SavedCard) -> None:
        """Store a card made on this server; :class:`Taken` if the game has a saved card with that id."""
        try:
            with self._conn("write to") as conn:
                conn.execute(CARD_INSERT.replace("?", "%s"),
                             (card.game, card.id, card.author, _dump(card.table), card.created, card.owner,
                              card.created, card.status))
        except StaleWrite:  # the unique key refused it
            raise Taken(f"card id {card.id!r} is taken") from None

    def saved_cards(self, game: str) -> list[SavedCard]:
        """The cards saved for ``game`` (withdrawn ones too), oldest first."""
        with self._conn("read") as conn:
            rows = conn.execute(CARDS_SQL.replace("?", "%s"), (game,)).fetchall()
        return [card_of(r) for r in rows]

    def saved_card(self, game: str, card_id: str) -> SavedCard | None:
        with self._conn("read") as conn:
            row = conn.execute(CARD_SQL.replace("?", "%s"), (game, card_id)).fetchone()
        return None if row is None else card_of(row)

    def replace_card(self, card: SavedCard) -> bool:
        with self._conn("write to") as conn:
            return bool(conn.execute(CARD_REPLACE.replace("?", "%s"), (
                card.author, _dump(card.table), card.created, card.created, card.status, card.game, card.id,
                card.owner)).rowcount)

    def save_version(self, card: SavedCard) -> bool:
        try:
            with self._conn("write to") as conn:
                if not conn.execute(CARD_SUPERSEDE.replace("?", "%s"), (card.id, card.created, card.game,
                                                                         card.previous, card.owner)).rowcount:
                    return False
                conn.execute(CARD_VERSION_INSERT.replace("?", "%s"), (
                    card.game, card.id, card.author, _dump(card.table), card.created, card.owner, card.created,
                    card.status, card.previous))
        except StaleWrite:  # the unique key refused the new id: nothing is stored
            raise Taken(f"card id {card.id!r} is taken") from None
        return True

    def withdraw_card(self, game: str, card_id: str, owner: str) -> bool:
        now = time.time()
        with self._conn("write to") as conn:
            return bool(conn.execute(CARD_WITHDRAW.replace("?", "%s"), (now, now, game, card_id, owner)).rowcount)

    def review_card(self, game: str, card_id: str, status: str, note: str) -> bool:
        with self._conn("write to") as conn:
            return bool(conn.execute(CARD_REVIEW.replace("?", "%s"),
                                     (status, note, time.time(), game, card_id)).rowcount)

    def proposed(self, status: str = "proposed") -> list[SavedCard]:
        with self._conn("read") as conn:
            rows = conn.execute(PROPOSED_SQL.replace("?", "%s"), (status,)).fetchall()
        return [card_of(r) for r in rows]

    def add_note(self, game: str, card_id: str, by_author: bool, note: str) -> None:
        with self._conn("write to") as conn:
            conn.execute(NOTE_INSERT.replace("?", "%s"), (game, card_id, time.time(), int(by_author), note))

    def card_notes(self, game: str, card_id: str) -> list[tuple[float, bool, str]]:
        with self._conn("read") as conn:
            rows = conn.execute(NOTES_SQL.replace("?", "%s"), (game, card_id)).fetchall()
        return [(float(r[0]), bool(r[1]), r[2]) for r in rows]

    def save_verdict(self, game: str, digest: str, verdict: dict[str, Any]) -> None:
        with self._conn("write to") as conn:
            conn.execute(VERDICT_UPSERT.replace("?", "%s"), (game, digest, time.time(), _dump(verdict)))

    def card_verdict(self, game: str, digest: str) -> dict[str, Any] | None:
        with self._conn("read") as conn:
            row = conn.execute(VERDICT_SQL.replace("?", "%s"), (game, digest)).fetchone()
        return _verdict(row[0]) if row else None

    def save_draft(self, owner: str, game: str, name: str, draft: dict[str, Any], most: int) -> bool:
        with self._conn("write to") as conn:
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (owner,))  # one count at a time per owner
            if conn.execute(DRAFT_COUNT_SQL.replace("?", "%s"), (owner, game, name)).fetchone()[0] >= most:
                return False
            conn.execute(DRAFT_UPSERT.replace("?", "%s"), (owner, game, name, time.time(), _dump(draft)))
        return True

    def drafts(self, owner: str) -> list[tuple[str, str, float, dict[str, Any]]]:
        with self._conn("read") as conn:
            rows = conn.execute(DRAFTS_SQL.replace("?", "%s"), (owner,)).fetchall()
        return [(r[0], r[1], float(r[2]), _verdict(r[3]) or {}) for r in rows]

    def delete_draft(self, owner: str, game: str, name: str) -> bool:
        with self._conn("write to") as conn:
            return bool(conn.execute(DRAFT_DELETE.replace("?", "%s"), (owner, game, name)).rowcount)

    def withdraw_deck(self, game: str, name: str, owner: str) -> bool:
        with self._conn("write to") as conn:
            return bool(conn.execute(DECK_WITHDRAW.replace("?", "%s"), (game, name, owner)).rowcount)

    def owned(self, owner: str) -> tuple[list[SavedCard], list[SavedDeck]]:
        if not owner:
            return [], []
        with self._conn("read") as conn:
            cards = conn.execute(OWN_CARDS_SQL.replace("?", "%s"), (owner,)).fetchall()
            decks = conn.execute(OWN_DECKS_SQL.replace("?", "%s"), (owner,)).fetchall()
        return [card_of(r) for r in cards], [deck_of(r) for r in decks]

    def cards_mark(self, game: str) -> tuple[int, float]:
        with self._conn("read") as conn:
            row = conn.execute(CARDS_MARK_SQL.replace("?", "%s"), (game,)).fetchone()
        return int(row[0]), float(row[1])

    def show_game(self, game_id: str, seat: int, shown: bool) -> int:
        with self._conn("write to") as conn:
            row = conn.execute(SHOW_SQL.replace("?", "%s"), (shown, 1 << seat, 1 << seat, game_id)).fetchone()
        return 0 if row is None else int(row[0])

    def game_shown(self, game_id: str) -> int:
        with self._conn("read") as conn:
            row = conn.execute("SELECT shown FROM games WHERE id = %s", (game_id,)).fetchone()
        return 0 if row is None else int(row[0])

    def count_cards(self, game: str) -> int:
        """How many cards are saved for ``game``."""
        with self._conn("read") as conn:
            return int(conn.execute("SELECT COUNT(*) FROM cards WHERE game = %s", (game,)).fetchone()[0])

    def save_deck(self, deck: SavedDeck, replace: bool = False) -> None:
        """Store a deck list by name; :class:`Taken` if the name is in use and ``replace`` is false."""
        sql = (DECK_UPSERT if replace else DECK_INSERT).replace("?", "%s")
        try:
            with self._conn("write to") as conn:
                cursor = conn.execute(sql, (deck.game, deck.name, deck.author, deck.text, deck.created, deck.owner))
                changed = cursor.rowcount
        except StaleWrite:
            raise Taken(f"a deck named {deck.name!r} is saved already") from None
        if changed == 0:  # the deck is someone else's
            raise Taken(f"a deck named {deck.name!r} is saved already by another author")

    def deck_names(self, game: str, after: str = "", limit: int = 100) -> list[SavedDeck]:
        """Up to ``limit`` decks of ``game`` named after ``after``, by name, without their texts."""
        with self._conn("read") as conn:
            rows = conn.execute(DECK_NAMES_SQL.replace("?", "%s"), (game, after, limit)).fetchall()
        return [SavedDeck(r[0], r[1], r[2], "", float(r[4])) for r in rows]

    def saved_deck(self, game: str, name: str) -> SavedDeck | None:
        """The deck saved for ``game`` as ``name``, or None."""
        with self._conn("read") as conn:
            row = conn.execute(DECK_SQL.replace("?", "%s"), (game, name)).fetchone()
        return None if row is None else deck_of(row)

    def saved_decks(self, game: str) -> list[SavedDeck]:
        """The decks saved for ``game``, by name."""
        with self._conn("read") as conn:
            rows = conn.execute("SELECT game, name, author, deck, created FROM decks WHERE game = %s ORDER BY name",
                                (game,)).fetchall()
        return [SavedDeck(r[0], r[1], r[2], r[3], float(r[4])) for r in rows]

    def close(self) -> None:
        """Stop listening and close every connection."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
            self._listener = None
        pool, self._pool = self._pool, None
        if pool is not None:
            with contextlib.suppress(Exception):
                pool.close()
