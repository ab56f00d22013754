"""A game's cards and decks: its card pool, deck rules, starter decks and deck building.

The collaborator a :class:`~grimoire.core.game.Game` holds for its content (the rules
themselves live in the game). Deck lists are validated against the deck rules under
the given rules options and against the pool.

>>> from dataclasses import dataclass
>>> from .content import Localized
>>> from .decks import DeckRules, Section
>>> @dataclass(frozen=True)
... class C:
...     id: str
...     name: Localized
...     kind: str = "library"
>>> pool = CardPool([C("a", Localized("甲", "A")), C("b", Localized("乙", "B"))])
>>> cards = CardSet(pool, DeckRules((Section("library", exact=2),)))
>>> cards.deck_from_text("1 A\\n1 乙\\n").sections
{'library': ['a', 'b']}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .decks import Deck, DeckList, DeckRules, build_deck, parse_deck_text, read_deck_file
from .errors import DeckError
from .pool import CardPool

RulesFor = Callable[[Mapping[str, Any] | None], DeckRules]


class CardSet:
    """Cards, deck rules and starter decks of one game (see the module docstring).

    ``deck_rules`` is fixed, or a function of the rules options (a game whose deck size
    is an option); ``starters`` is a folder of ``*.txt`` deck lists (None: no starters).
    """

    def __init__(self, pool: CardPool[Any], deck_rules: DeckRules | RulesFor, starters: Path | None = None) -> None:
        self.pool = pool
        self._rules = deck_rules
        self.starters = starters

    @property
    def deck_rules(self) -> DeckRules:
        """The deck rules under the default rules options."""
        return self.deck_rules_for(None)

    def deck_rules_for(self, options: Mapping[str, Any] | None = None) -> DeckRules:
        """The deck rules under these rules options."""
        return self._rules if isinstance(self._rules, DeckRules) else self._rules(options)

    def card_kind(self, card_id: str) -> str:
        """Which deck section a card belongs to (its ``kind``, else the first section)."""
        return str(getattr(self.pool[card_id], "kind", self.deck_rules.sections[0].name))

    def _lookup(self, name: str) -> tuple[str, str] | None:
        card = self.pool.find(name)
        return None if card is None else (card.id, self.card_kind(card.id))

    def build_deck(self, deck_list: DeckList, options: Mapping[str, Any] | None = None) -> Deck:
        """Validate a parsed deck list against the deck rules (under ``options``) and the pool."""
        return build_deck(deck_list, self.deck_rules_for(options), self._lookup)

    def deck_from_text(self, text: str, source: str = "<deck>", options: Mapping[str, Any] | None = None) -> Deck:
        """Parse and validate a deck list given as text."""
        return self.build_deck(parse_deck_text(text, source, rules=self.deck_rules_for(options)), options)

    def deck_from_file(self, path: str | Path, options: Mapping[str, Any] | None = None) -> Deck:
        """Read, parse and validate a deck file."""
        return self.build_deck(read_deck_file(path, self.deck_rules_for(options)), options)

    def starter_decks(self) -> dict[str, Path]:
        """The shipped starter decks by name (file stem)."""
        if self.starters is None or not self.starters.is_dir():
            return {}
        return {p.stem: p for p in sorted(self.starters.glob("*.txt"))}

    def starter_deck(self, name: str, options: Mapping[str, Any] | None = None) -> Deck:
        """A shipped starter deck by name (e.g. ``fire``)."""
        decks = self.starter_decks()
        if name not in decks:
            raise DeckError(name, None, f"no starter deck {name!r}; starters: {', '.join(sorted(decks))}")
        return self.deck_from_file(decks[name], options)

    def card_tables(self, card_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The source tables of these cards (embedded in records so replays need no files)."""
        return {cid: self.pool.tables[cid] for cid in sorted(set(card_ids)) if cid in self.pool.tables}
