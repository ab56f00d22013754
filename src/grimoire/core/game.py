"""The game contract every rule module implements (OpenSpiel-style).

A :class:`Game` is immutable rules + content; a state is plain data owned by the
caller. At every moment :meth:`Game.decision` returns the one pending
:class:`~grimoire.core.decision.Decision` or None when the game is over;
:meth:`Game.apply` checks an answer against the listed options before changing the
state, and returns the frozen events it caused.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .content import Localized
from .decision import Decision, Event, Option, Outcome
from .decks import Deck, DeckList, DeckRules, build_deck, parse_deck_text, read_deck_file
from .errors import GameOver, IllegalAnswer
from .i18n import Catalog
from .options import OptionSpec, resolve_options
from .pool import CardPool
from .rng import Chance, make_chance

S = TypeVar("S")


@dataclass(frozen=True)
class Setup:
    """Everything that determines a game before the first answer."""

    decks: tuple[Deck, Deck]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    chance: str = "prng"
    chance_script: tuple[Any, ...] = ()

    def make_chance(self) -> Chance:
        """The chance source this setup asks for."""
        return make_chance(self.chance, self.seed, list(self.chance_script))


class Game(ABC, Generic[S]):
    """A rule module: rules, content and rendering of one card game."""

    name: str = ""
    version: str = ""
    title: Localized = Localized("", "")
    option_specs: tuple[OptionSpec, ...] = ()
    deck_rules: DeckRules
    catalog: Catalog
    pool: CardPool[Any]
    max_steps: int = 100_000

    # ----- the state machine -------------------------------------------------
    @abstractmethod
    def new_state(self, setup: Setup, events: list[Event] | None = None) -> S:
        """A fresh state for ``setup`` (decks shuffled, hands drawn); set-up events go to ``events``."""

    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """The pending decision, or None if the game is over."""

    @abstractmethod
    def apply_unchecked(self, state: S, option_id: str, events: list[Event]) -> None:
        """Apply an answer known to be legal (trusted fast path for search code)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def apply(self, state: S, option_id: str) -> list[Event]:
        """Check ``option_id`` against the pending decision, then apply it.

        Raises :class:`IllegalAnswer` (state unchanged) for an unlisted answer and
        :class:`GameOver` for an answer to a finished game.
        """
        decision = self.decision(state)
        if decision is None:
            raise GameOver(f"the game is over; answer {option_id!r} not applied")
        for option in decision.options:
            if option.id == option_id:
                events: list[Event] = []
                self.apply_unchecked(state, option_id, events)
                return events
        raise IllegalAnswer(option_id, decision.kind, decision.ids())

    # ----- plain data --------------------------------------------------------
    @abstractmethod
    def clone(self, state: S) -> S:
        """An equal, independent copy."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (hidden parts included)."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """Inverse of :meth:`to_json`."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` may know (None: a spectator), as JSON-able data."""

    @abstractmethod
    def resample_hidden(self, state: S, seat: int, chance: Chance) -> S:
        """A copy in which everything hidden from ``seat`` is redrawn consistently."""

    @abstractmethod
    def card_total(self, state: S) -> int:
        """Cards over all zones (conserved through a game)."""

    @abstractmethod
    def encode_position(self, state: S) -> str:
        """The position as text (the game's FEN)."""

    @abstractmethod
    def decode_position(self, text: str) -> S:
        """Inverse of :meth:`encode_position`."""

    def current_player(self, state: S) -> int | None:
        """The seat that must answer, or None when the game is over."""
        d = self.decision(state)
        return None if d is None else d.player

    def turn_number(self, state: S) -> int:
        """The number of turns begun so far (for statistics)."""
        return int(getattr(state, "turn", 0))

    # ----- content -----------------------------------------------------------
    def options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Rules options with defaults filled in and values checked."""
        return resolve_options(self.option_specs, given)

    def card_name(self, card_id: str, lang: str) -> str:
        """A card's name in ``lang`` (the id itself for an unknown card)."""
        card = self.pool.by_id.get(card_id)
        if card is not None:
            return str(card.name.get(lang))
        return self.catalog.term(card_id, lang) or card_id

    def label(self, option: Option, lang: str) -> str:
        """The readable label of an option."""
        return self.catalog.render(option.key, option.args, lang, self.card_name)

    def prompt(self, decision: Decision, lang: str) -> str:
        """The readable question of a decision."""
        return self.catalog.render("ask." + decision.kind, decision.prompt_args, lang, self.card_name)

    def describe(self, event: Event, lang: str) -> str:
        """An event as a line of the game log (``ev.<kind>.hidden`` when its args were redacted)."""
        key = "ev." + event.kind
        if event.private_to >= 0 and not event.args and self.catalog.has(key + ".hidden"):
            key += ".hidden"
        return self.catalog.render(key, (event.player + 1, *event.args), lang, self.card_name)

    def card_kind(self, card_id: str) -> str:
        """Which deck section a card belongs to (its ``kind``)."""
        return str(getattr(self.pool[card_id], "kind", self.deck_rules.sections[0].name))

    def _lookup(self, name: str) -> tuple[str, str] | None:
        card = self.pool.find(name)
        return None if card is None else (card.id, self.card_kind(card.id))

    def deck_rules_for(self, options: Mapping[str, Any] | None = None) -> DeckRules:
        """The deck rules under these rules options (a game whose deck size or copy limit is
        an option overrides this); the default is :attr:`deck_rules`."""
        return self.deck_rules

    def build_deck(self, deck_list: DeckList, options: Mapping[str, Any] | None = None) -> Deck:
        """Validate a parsed deck list against this game's deck rules (under ``options``) and pool."""
        return build_deck(deck_list, self.deck_rules_for(options), self._lookup)

    def deck_from_text(self, text: str, source: str = "<deck>", options: Mapping[str, Any] | None = None) -> Deck:
        """Parse and validate a deck list given as text."""
        return self.build_deck(parse_deck_text(text, source, rules=self.deck_rules_for(options)), options)

    def deck_from_file(self, path: str | Path, options: Mapping[str, Any] | None = None) -> Deck:
        """Read, parse and validate a deck file."""
        return self.build_deck(read_deck_file(path, self.deck_rules_for(options)), options)

    @abstractmethod
    def starter_decks(self) -> dict[str, Path]:
        """The shipped starter decks by name."""

    def starter_deck(self, name: str) -> Deck:
        """A shipped starter deck by name (e.g. ``fire``)."""
        decks = self.starter_decks()
        if name not in decks:
            from .errors import DeckError

            raise DeckError(name, None, f"no starter deck {name!r}; starters: {', '.join(sorted(decks))}")
        return self.deck_from_file(decks[name])

    def card_tables(self, card_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The source tables of these cards (embedded in records so replays need no files)."""
        return {cid: self.pool.tables[cid] for cid in sorted(set(card_ids)) if cid in self.pool.tables}
