"""The saved cards' tables of the SQLite store (:mod:`grimoire.web.storage`): cards and their versions,
review notes, fairness verdicts and the card editor's drafts. The PostgreSQL store
(:mod:`grimoire.web.pgstore`) runs the same statements.

>>> from grimoire.web.storage import Store
>>> store = Store(":memory:")
>>> store.save_card(SavedCard("toy", "leap", "ann", {"id": "leap", "value": 2}, 1.0, owner="h"))
>>> [c.id for c in store.saved_cards("toy")], store.count_cards("toy")
(['leap'], 1)
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .tables import SqliteTables, StorageError, Taken, dump, json_object, reason

STATUSES = ("proposed", "approved", "returned")


@dataclass(frozen=True)
class SavedCard:
    """A card made on this server: its game, id, author, card table (as in a card file) and when."""

    game: str
    id: str
    author: str
    table: dict[str, Any]
    created: float
    #: The hash of its author's token (:func:`grimoire.web.ownership.owner_hash`); "" for none.
    owner: str = ""
    #: Whether a stored game was created with it (then it is never replaced: the game replays with it).
    used: bool = False
    #: When its owner withdrew it (out of the pool and the lists; the games that used it still load), or None.
    withdrawn: float | None = None
    #: Its review (:data:`STATUSES`): only approved cards are offered to everyone.
    status: str = "approved"
    #: The server owner's note when it was sent back (or approved with a word).
    note: str = ""
    #: The id of the version this one replaced ("" for a first version; :mod:`grimoire.web.versions`).
    previous: str = ""
    #: The id of the version that replaced this one ("" while current): out of the pool, still in the rules.
    superseded: str = ""


CARD_COLUMNS = "game, id, author, card, created, owner, used, withdrawn, status, note, previous, superseded"
CARDS_SQL = f"SELECT {CARD_COLUMNS} FROM cards WHERE game = ? ORDER BY created, id"
CARD_INSERT = "INSERT INTO cards (game, id, author, card, created, owner, changed, status) VALUES (?,?,?,?,?,?,?,?)"
CARD_SQL = f"SELECT {CARD_COLUMNS} FROM cards WHERE game = ? AND id = ?"
#: A new version of a card (:mod:`grimoire.web.versions`): the old one superseded by its owner, then the new inserted.
CARD_SUPERSEDE = ("UPDATE cards SET superseded = ?, changed = ? WHERE game = ? AND id = ? AND owner = ? AND owner <> ''"
                  " AND withdrawn IS NULL AND superseded = ''")
CARD_VERSION_INSERT = ("INSERT INTO cards (game, id, author, card, created, owner, changed, status, previous)"
                       " VALUES (?,?,?,?,?,?,?,?,?)")
#: A card's replacement: only by its owner, only while no stored game used it and it is not withdrawn.
CARD_REPLACE = ("UPDATE cards SET author = ?, card = ?, created = ?, changed = ?, status = ?, note = ''"
                " WHERE game = ? AND id = ? AND owner = ? AND owner <> '' AND used = 0 AND withdrawn IS NULL")
CARD_WITHDRAW = ("UPDATE cards SET withdrawn = ?, changed = ? WHERE game = ? AND id = ? AND owner = ? AND owner <> ''"
                 " AND withdrawn IS NULL")
#: The server owner's decision on a card (approve or send back, with a note).
CARD_REVIEW = "UPDATE cards SET status = ?, note = ?, changed = ? WHERE game = ? AND id = ? AND withdrawn IS NULL"
#: The cards waiting for review (every game), oldest first.
PROPOSED_SQL = (f"SELECT {CARD_COLUMNS} FROM cards WHERE status = ? AND withdrawn IS NULL AND superseded = ''"
                " ORDER BY created, id LIMIT 1000")
#: A card's discussion: notes by its author (author = 1) and the server owner (0), oldest first.
NOTES_SQL = "SELECT at, author, note FROM card_notes WHERE game = ? AND id = ? ORDER BY at LIMIT 200"
NOTE_INSERT = "INSERT INTO card_notes (game, id, at, author, note) VALUES (?,?,?,?,?)"
#: A card's fairness verdict (the editor's "Is it too strong?"), by the digest of the card's text: every saved
#: card with exactly that text shows it (a changed card has no verdict until it is judged again).
VERDICT_UPSERT = ("INSERT INTO card_verdicts (game, digest, at, verdict) VALUES (?,?,?,?) ON CONFLICT (game, digest)"
                  " DO UPDATE SET at = excluded.at, verdict = excluded.verdict")
VERDICT_SQL = "SELECT verdict FROM card_verdicts WHERE game = ? AND digest = ?"
#: The card editor's drafts of one owner (cards with sentences not understood yet), by game and card name.
DRAFT_UPSERT = ("INSERT INTO card_drafts (owner, game, name, at, draft) VALUES (?,?,?,?,?) ON CONFLICT (owner, game,"
                " name) DO UPDATE SET at = excluded.at, draft = excluded.draft")
DRAFTS_SQL = "SELECT game, name, at, draft FROM card_drafts WHERE owner = ? ORDER BY at LIMIT 1000"
DRAFT_COUNT_SQL = "SELECT count(*) FROM card_drafts WHERE owner = ? AND NOT (game = ? AND name = ?)"
DRAFT_DELETE = "DELETE FROM card_drafts WHERE owner = ? AND game = ? AND name = ?"
#: What changes when a game's saved cards do (another process then reloads its rules).
CARDS_MARK_SQL = "SELECT COUNT(*), COALESCE(MAX(changed), 0) FROM cards WHERE game = ?"
OWN_CARDS_SQL = f"SELECT {CARD_COLUMNS} FROM cards WHERE owner = ? ORDER BY game, created, id LIMIT 1000"


def card_of(row: Sequence[Any]) -> SavedCard:
    """A saved card from a row of :data:`CARD_COLUMNS`."""
    return SavedCard(row[0], row[1], row[2], json.loads(row[3]), float(row[4]), row[5] or "", bool(row[6]),
                     None if row[7] is None else float(row[7]), row[8] or "approved", row[9] or "", row[10] or "",
                     row[11] or "")


def card_digest(table: Any) -> str:
    """The digest of a card's text (its table), the key of its verdict.

    >>> card_digest({"id": "a", "power": 1}) == card_digest({"power": 1, "id": "a"})
    True
    """
    return hashlib.sha256(json.dumps(table, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class CardTables(SqliteTables):
    """The SQLite store's card methods (see :class:`grimoire.web.storage.Storage`)."""

    def save_card(self, card: SavedCard) -> None:
        """Store a card made on this server; :class:`Taken` if the game has a saved card with that id."""
        try:
            self._write(CARD_INSERT, (card.game, card.id, card.author, dump(card.table), card.created, card.owner,
                                      card.created, card.status))
        except sqlite3.IntegrityError:
            raise Taken(f"card id {card.id!r} is taken") from None

    def saved_cards(self, game: str) -> list[SavedCard]:
        """The cards saved for ``game`` (withdrawn ones too: old games use them), oldest first."""
        return [card_of(r) for r in self._read(CARDS_SQL, (game,))]

    def saved_card(self, game: str, card_id: str) -> SavedCard | None:
        """The card saved for ``game`` as ``card_id``, or None."""
        rows = self._read(CARD_SQL, (game, card_id))
        return card_of(rows[0]) if rows else None

    def replace_card(self, card: SavedCard) -> bool:
        """Replace a saved card's table and author, if ``card.owner`` owns it, no game used it and it is not
        withdrawn (:data:`CARD_REPLACE`); whether it was replaced."""
        return self._write(CARD_REPLACE, (card.author, dump(card.table), card.created, card.created, card.status,
                                          card.game, card.id, card.owner)).rowcount > 0

    def save_version(self, card: SavedCard) -> bool:
        """Store ``card`` as the new version of ``card.previous``, superseding it, if ``card.owner`` owns that one
        and it is current and not withdrawn (whether it was stored; :class:`Taken` if the new id is in use)."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    if self.db.execute(CARD_SUPERSEDE, (card.id, card.created, card.game, card.previous,
                                                        card.owner)).rowcount == 0:
                        self.db.execute("ROLLBACK")
                        return False
                    self.db.execute(CARD_VERSION_INSERT, (card.game, card.id, card.author, dump(card.table),
                                                          card.created, card.owner, card.created, card.status,
                                                          card.previous))
                    self.db.execute("COMMIT")
                except sqlite3.IntegrityError:
                    self.db.execute("ROLLBACK")
                    raise Taken(f"card id {card.id!r} is taken") from None
                except BaseException:
                    self.db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None
        return True

    def withdraw_card(self, game: str, card_id: str, owner: str) -> bool:
        """Withdraw a saved card if ``owner`` owns it (it stays stored: the games that used it replay); whether
        it was withdrawn."""
        now = time.time()
        return self._write(CARD_WITHDRAW, (now, now, game, card_id, owner)).rowcount > 0

    def review_card(self, game: str, card_id: str, status: str, note: str) -> bool:
        """Set a saved card's review status and note (the server owner's decision); whether it was found."""
        return self._write(CARD_REVIEW, (status, note, time.time(), game, card_id)).rowcount > 0

    def proposed(self, status: str = "proposed") -> list[SavedCard]:
        """The saved cards (every game) with that review status, not withdrawn, oldest first (at most 1000)."""
        return [card_of(r) for r in self._read(PROPOSED_SQL, (status,))]

    def add_note(self, game: str, card_id: str, by_author: bool, note: str) -> None:
        """Add a note to a saved card's discussion (by its author, or by the server owner)."""
        self._write(NOTE_INSERT, (game, card_id, time.time(), int(by_author), note))

    def card_notes(self, game: str, card_id: str) -> list[tuple[float, bool, str]]:
        """A saved card's discussion: ``(when, by its author, text)``, oldest first (at most 200)."""
        return [(float(r[0]), bool(r[1]), r[2]) for r in self._read(NOTES_SQL, (game, card_id))]

    def save_verdict(self, game: str, digest: str, verdict: dict[str, Any]) -> None:
        """Keep the fairness verdict of the card text with that digest (:func:`card_digest`)."""
        self._write(VERDICT_UPSERT, (game, digest, time.time(), dump(verdict)))

    def card_verdict(self, game: str, digest: str) -> dict[str, Any] | None:
        """The fairness verdict of the card text with that digest, if one was kept."""
        rows = self._read(VERDICT_SQL, (game, digest))
        return json_object(rows[0][0]) if rows else None

    def save_draft(self, owner: str, game: str, name: str, draft: dict[str, Any], most: int) -> bool:
        """Keep (or replace) an owner's draft of a card; False when the owner has ``most`` other drafts."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    if self.db.execute(DRAFT_COUNT_SQL, (owner, game, name)).fetchone()[0] >= most:
                        self.db.execute("ROLLBACK")
                        return False
                    self.db.execute(DRAFT_UPSERT, (owner, game, name, time.time(), dump(draft)))
                    self.db.execute("COMMIT")
                except BaseException:
                    self.db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise StorageError(f"cannot write to the database {self.path}: {reason(exc)}") from None
        return True

    def drafts(self, owner: str) -> list[tuple[str, str, float, dict[str, Any]]]:
        """An owner's drafts, oldest first: ``(game, name, when, draft)``."""
        return [(r[0], r[1], float(r[2]), json_object(r[3]) or {}) for r in self._read(DRAFTS_SQL, (owner,))]

    def delete_draft(self, owner: str, game: str, name: str) -> bool:
        """Delete an owner's draft; whether there was one."""
        return self._write(DRAFT_DELETE, (owner, game, name)).rowcount > 0

    def cards_mark(self, game: str) -> tuple[int, float]:
        """``(count, last change)`` of the cards saved for ``game``: it changes when they do."""
        row = self._read(CARDS_MARK_SQL, (game,))[0]
        return int(row[0]), float(row[1])

    def count_cards(self, game: str) -> int:
        """How many cards are saved for ``game``."""
        return int(self._read("SELECT COUNT(*) FROM cards WHERE game = ?", (game,))[0][0])
