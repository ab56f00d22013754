"""The game contract every rule module implements (OpenSpiel-style).

A :class:`Game` is immutable rules; a state is plain data owned by the caller. At every
moment :meth:`Game.decision` returns the one pending
:class:`~grimoire.core.decision.Decision` or None when the game is over;
:meth:`Game.apply` checks an answer against the listed options before changing the
state, and returns the frozen events it caused. A game holds two collaborators: its
:class:`~grimoire.core.cardset.CardSet` (``game.cards``: pool, deck rules, starter
decks, deck building) and its :class:`~grimoire.core.i18n.Texts` (``game.text``:
card names, option labels, prompts, event lines, board words).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .cardset import CardSet
from .content import Localized
from .decision import Decision, Event, Outcome
from .decks import Deck
from .errors import GameOver, IllegalAnswer
from .events import EventSchema
from .i18n import Texts
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


class GameEnded(Exception):
    """Raised by a game's rules once the outcome is set: it unwinds the answer being applied.

    A game's ``end_game`` sets the state's ``winner`` and ``reason``, emits the end event
    and raises this; the game's :meth:`Game.apply_unchecked` catches it, so nothing runs
    after a game ends.
    """


class Game(ABC, Generic[S]):
    """The rules of one card game (see the module docstring).

    Subclasses set ``name``, ``version``, ``title``, ``option_specs``, ``max_steps`` and
    ``events`` and, in ``__init__``, ``self.cards`` and ``self.text``.
    """

    name: str = ""
    version: str = ""
    title: Localized = Localized("", "")
    option_specs: tuple[OptionSpec, ...] = ()
    max_steps: int = 100_000
    events: EventSchema = EventSchema({})
    cards: CardSet
    text: Texts

    @property
    def pool(self) -> CardPool[Any]:
        """The card definitions the rules read (``self.cards.pool``)."""
        return self.cards.pool

    def at_version(self, version: str) -> Game[S] | None:
        """These rules as they were at ``version`` (stored games and records name theirs), or None
        if this game cannot play that version any more. A game whose new version changed only
        a detail may return a copy that plays the old way."""
        return self if version == self.version else None

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        """The set-up decisions a deck may declare its answer to (``# kind: answer``), with their
        answers, by decision kind (none by default; Destiny: ``ability``)."""
        return {}

    # ----- the state machine -------------------------------------------------
    @abstractmethod
    def new_state(self, setup: Setup, events: list[Event] | None = None) -> S:
        """A fresh state for ``setup`` (decks shuffled, hands drawn); set-up events go to ``events``."""

    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """The pending decision, or None if the game is over."""

    @abstractmethod
    def apply_unchecked(self, state: S, option_id: str, events: list[Event]) -> None:
        """Apply an answer known to be legal, then run automatic steps to the next decision
        (the trusted fast path of search code)."""

    @abstractmethod
    def settle(self, state: S) -> list[Event]:
        """Run the automatic steps of a state built by hand (a scenario, a decoded position) up
        to its next real decision, as live play does; returns their events (none for a state
        that already waits on a decision)."""

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

    def current_player(self, state: S) -> int | None:
        """The seat that must answer, or None when the game is over."""
        d = self.decision(state)
        return None if d is None else d.player

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """The number of turns begun so far (for statistics and search horizons)."""

    @abstractmethod
    def first_player(self, state: S) -> int | None:
        """The seat that plays (or played) the first turn; None while not yet decided."""

    @abstractmethod
    def chance(self, state: S) -> Chance:
        """The state's own chance source (search code reseeds it with :meth:`Chance.reseed`)."""

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

    # ----- options -----------------------------------------------------------
    def options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Rules options with defaults filled in and values checked."""
        return resolve_options(self.option_specs, given)
