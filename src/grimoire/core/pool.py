"""A pool of card definitions: lookup by id or by name, in either language.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class C:
...     id: str
...     name: Localized
...     kind: str = "library"
>>> pool = CardPool([C("fireball", Localized("火球", "Fireball"))], {"fireball": "seed.toml"})
>>> pool.find("FIREBALL").id, pool.find("火球").id, pool.find("nothing")
('fireball', 'fireball', None)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .content import Localized, read_card_tables
from .errors import ContentError


class CardLike(Protocol):
    """What the pool needs of a card definition."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> Localized: ...


C = TypeVar("C", bound=CardLike)


def fold(name: str) -> str:
    """Normalise a name for lookup: NFKC, case-folded, spaces removed."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


class CardPool(Generic[C]):
    """Card definitions by id, with name lookup; duplicate ids or names are errors."""

    def __init__(self, cards: Iterable[C], sources: dict[str, str] | None = None,
                 tables: dict[str, dict[str, Any]] | None = None) -> None:
        self.by_id: dict[str, C] = {}
        self.sources = dict(sources or {})
        self.tables = dict(tables or {})
        self._names: dict[str, str] = {}
        for card in cards:
            self.add(card, self.sources.get(card.id, "<pool>"))

    def add(self, card: C, source: str, table: dict[str, Any] | None = None) -> None:
        """Add a card; its id and names must be new."""
        if card.id in self.by_id:
            raise ContentError(source, card.id, "id", f"duplicate id (already in {self.sources.get(card.id, '?')})")
        for key in {fold(card.name.ja), fold(card.name.en)}:
            other = self._names.get(key)
            if other is not None and other != card.id:
                raise ContentError(source, card.id, "name", f"name is already used by card {other!r}")
        self.by_id[card.id] = card
        self.sources[card.id] = source
        if table is not None:
            self.tables[card.id] = table
        self._names[fold(card.name.ja)] = card.id
        self._names[fold(card.name.en)] = card.id

    def __getitem__(self, card_id: str) -> C:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def __iter__(self) -> Iterator[C]:
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    def find(self, name: str) -> C | None:
        """A card by id, Japanese name or English name (case- and width-insensitive)."""
        if name in self.by_id:
            return self.by_id[name]
        card_id = self._names.get(fold(name))
        if card_id is None:
            card_id = fold(name) if fold(name) in self.by_id else None
        return self.by_id[card_id] if card_id is not None else None


def build_pool(files: Iterable[Path], tables: Mapping[str, Mapping[str, Any]] | None,
               parse: Callable[[str, dict[str, Any]], C]) -> CardPool[C]:
    """The pool of a game's card ``files`` (in order) and then record ``tables`` (by id).

    ``parse(source, table)`` validates one card table. A card file repeating a loaded id
    is an error (the same file named twice is read once); a record table replaces the card
    of its id. Every card's raw table is kept in ``pool.tables`` (records embed them).
    """
    found: dict[str, tuple[C, str, dict[str, Any]]] = {}
    read: set[Path] = set()
    for path in files:
        where = path.resolve()
        if where in read:  # the same file named twice (e.g. a built-in file given again) is read once
            continue
        read.add(where)
        for raw in read_card_tables(path):
            card = parse(str(path), raw)
            if card.id in found:
                raise ContentError(str(path), card.id, "id", f"duplicate id (already in {found[card.id][1]})")
            found[card.id] = (card, str(path), dict(raw))
    for card_id, given in (tables or {}).items():
        table = dict(given)
        card = parse("<record>", table)
        if card.id != card_id:
            raise ContentError("<record>", card_id, "id", f"table is filed under {card_id!r} but has id {card.id!r}")
        found[card.id] = (card, "<record>", table)
    pool: CardPool[C] = CardPool([])
    for card, source, table in found.values():
        pool.add(card, source, table)
    return pool
