"""The saved decks' table of the SQLite store (:mod:`grimoire.web.storage`): deck lists saved by name.
The PostgreSQL store (:mod:`grimoire.web.pgstore`) runs the same statements.

>>> from grimoire.web.storage import Store
>>> store = Store(":memory:")
>>> store.save_deck(SavedDeck("toy", "fast", "ann", "12 一歩", 1.0))
>>> [d.name for d in store.deck_names("toy")]
['fast']
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .tables import SqliteTables, Taken

DECK_INSERT = "INSERT INTO decks (game, name, author, deck, created, owner) VALUES (?,?,?,?,?,?)"
#: Replacing a deck: only by its owner (the same token's hash, never the empty one).
DECK_UPSERT = DECK_INSERT + (" ON CONFLICT (game, name) DO UPDATE SET author = excluded.author, deck = excluded.deck,"
                             " created = excluded.created WHERE decks.owner = excluded.owner AND excluded.owner <> ''")


@dataclass(frozen=True)
class SavedDeck:
    """A deck list saved on this server by name: its game, author, plain-text list and when."""

    game: str
    name: str
    author: str
    text: str
    created: float
    #: The hash of its author's token (:func:`owner_hash`): only the same token replaces the deck; "" for none.
    owner: str = ""


DECK_NAMES_SQL = "SELECT game, name, author, '', created FROM decks WHERE game = ? AND name > ? ORDER BY name LIMIT ?"
DECK_SQL = "SELECT game, name, author, deck, created, owner FROM decks WHERE game = ? AND name = ?"
DECK_WITHDRAW = "DELETE FROM decks WHERE game = ? AND name = ? AND owner = ? AND owner <> ''"
OWN_DECKS_SQL = ("SELECT game, name, author, '', created, owner FROM decks WHERE owner = ?"
                 " ORDER BY game, name LIMIT 1000")


def deck_of(row: Sequence[Any]) -> SavedDeck:
    """A saved deck from a row ``game, name, author, deck, created, owner``."""
    return SavedDeck(row[0], row[1], row[2], row[3], float(row[4]), row[5] or "")


class DeckTables(SqliteTables):
    """The SQLite store's deck methods (see :class:`grimoire.web.storage.Storage`)."""

    def withdraw_deck(self, game: str, name: str, owner: str) -> bool:
        """Delete a saved deck if ``owner`` owns it (games keep their own copy of their decks); whether it was."""
        return self._write(DECK_WITHDRAW, (game, name, owner)).rowcount > 0

    def save_deck(self, deck: SavedDeck, replace: bool = False) -> None:
        """Store a deck list by name; :class:`Taken` if the name is in use and ``replace`` is false."""
        sql = DECK_UPSERT if replace else DECK_INSERT
        try:
            cursor = self._write(sql, (deck.game, deck.name, deck.author, deck.text, deck.created, deck.owner))
        except sqlite3.IntegrityError:
            raise Taken(f"a deck named {deck.name!r} is saved already") from None
        if cursor.rowcount == 0:  # the deck is someone else's
            raise Taken(f"a deck named {deck.name!r} is saved already by another author")

    def saved_decks(self, game: str) -> list[SavedDeck]:
        """The decks saved for ``game``, by name."""
        rows = self._read("SELECT game, name, author, deck, created FROM decks WHERE game = ? ORDER BY name", (game,))
        return [SavedDeck(r[0], r[1], r[2], r[3], float(r[4])) for r in rows]

    def deck_names(self, game: str, after: str = "", limit: int = 100) -> list[SavedDeck]:
        """Up to ``limit`` decks saved for ``game`` whose names come after ``after``, by name, without their
        texts (the primary key's index)."""
        return [SavedDeck(r[0], r[1], r[2], "", float(r[4])) for r in self._read(DECK_NAMES_SQL, (game, after, limit))]

    def saved_deck(self, game: str, name: str) -> SavedDeck | None:
        """The deck saved for ``game`` as ``name`` (with its owner's hash), or None."""
        rows = self._read(DECK_SQL, (game, name))
        return deck_of(rows[0]) if rows else None
