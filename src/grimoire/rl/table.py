"""What both environments share: one game at a table, its spaces and its observations."""

from __future__ import annotations

import io
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.encoding import BOUND, ActionCatalogue, CompactEncoding, CompactObserver, Encoding, StateEncoding
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game, plugin
from grimoire.core.rng import Chance

DeckSpec = str | Deck
#: ``render_mode`` values: ``ansi`` returns the board as text, ``human`` prints it at every reset and step
RENDER_MODES = ("ansi", "human")
#: ``observation=`` values: ``compact`` (the default: per-card-kind counts per zone and the game's scalars) or
#: ``full`` (a row per card instance)
OBSERVATIONS = ("compact", "full")


def check_observation(observation: str) -> str:
    """``observation`` itself when it is one of :data:`OBSERVATIONS`, else a ValueError."""
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}, got {observation!r}")
    return observation


class Actions(spaces.Discrete):
    """``Discrete(n)`` whose membership test of a plain int skips NumPy (PettingZoo's wrappers
    ask it on every step)."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._n = n

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return 0 <= x < self._n
        return bool(super().contains(x))


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` itself when it is None or one of :data:`RENDER_MODES`, else a ValueError."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
    return render_mode


class Table:
    """A game with its encoding, the spaces they give, and the state of the current game.

    ``decks`` are two starter-deck names or :class:`~grimoire.core.decks.Deck` s; None
    draws a pair of the game's starter decks at random for every game (from the seed).
    ``observation`` is ``"compact"`` or ``"full"`` (docs/rl.md); an encoding without a compact
    form (no ``observe_compact``) observes the same under both names.
    """

    def __init__(self, game_name: str, decks: Sequence[DeckSpec] | None = None,
                 options: Mapping[str, Any] | None = None, game: Game[Any] | None = None,
                 observation: str = "compact") -> None:
        self.observation = check_observation(observation)
        self.game: Game[Any] = game if game is not None else load_game(game_name)
        encoder = plugin(self.game.name).encoder()
        if encoder is None:
            raise GrimoireError(f"game {self.game.name!r} has no encoding for learning agents")
        self.encoding: Encoding = encoder
        self.options = self.game.options(options)
        self.catalogue: ActionCatalogue = self.encoding.catalogue(self.game, self.options)
        self.compact = cast(CompactEncoding, encoder) if callable(getattr(encoder, "observe_compact", None)) else None
        if observation == "compact" and self.compact is not None:
            layout = self.compact.compact_layout(self.game, self.options)
        else:
            layout = self.encoding.layout(self.game, self.options)
        self.size = layout.size
        #: what each action number answers: the option id (``end``, ``pay:2``, ``place:17`` …)
        self.action_names: tuple[str, ...] = tuple(self.catalogue.ids)
        #: what each observation slot holds (``turn``, ``me.life``, ``uid.3.zone=hand`` …)
        self.observation_names: tuple[str, ...] = tuple(layout.names)
        self.starters = sorted(self.game.cards.starter_decks())
        self.decks = None if decks is None else [self._deck(d) for d in decks]
        if self.decks is not None and len(self.decks) != 2:
            raise GrimoireError(f"a table needs 2 decks, got {len(self.decks)}")
        self.action_space = Actions(self.catalogue.size)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (self.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.catalogue.size,), np.int8),
        })
        self.state: Any = None
        #: the two decks of the current game (each seat's declared set-up choices: ``pair[seat].choices``)
        self.pair: tuple[Deck, Deck] | None = None
        self._index = {oid: i for i, oid in enumerate(self.catalogue.ids)}
        # the fast path: the observation straight from the state (else: the view, encoded)
        self.fast = cast(StateEncoding, encoder) if callable(getattr(encoder, "observe_state", None)) else None
        # the compact observation of each seat built from its previous one, already clipped (where the encoding can)
        make = getattr(encoder, "compact_observer", None)
        self.observers: list[CompactObserver] | None = \
            [make(self.game, self.options), make(self.game, self.options)] \
            if observation == "compact" and self.compact is not None and callable(make) else None

    def _deck(self, spec: DeckSpec) -> Deck:
        return spec if isinstance(spec, Deck) else self.game.cards.starter_deck(spec, self.options)

    def new_game(self, seed: int) -> None:
        """Start a game seeded ``seed`` (and pick its decks from the seed when none are fixed)."""
        if self.decks is not None:
            pair = (self.decks[0], self.decks[1])
        else:
            pick = Chance.seeded(seed ^ 0xDEC5)
            pair = (self._deck(self.starters[pick.below(len(self.starters))]),
                    self._deck(self.starters[pick.below(len(self.starters))]))
        self.pair = pair
        self.state = self.game.new_state(Setup(pair, self.options, seed))

    def pending(self, seat: int) -> Decision | None:
        """The decision ``seat`` must answer now, if any."""
        decision = self.game.decision(self.state)
        return decision if decision is not None and decision.player == seat else None

    def legal(self, mine: Decision | None) -> list[int]:
        """The action numbers of the options of ``mine`` (none for None)."""
        if mine is None:
            return []
        index = self._index
        try:
            return [index[option.id] for option in mine.options]
        except KeyError:
            for option in mine.options:
                self.catalogue.index(option.id)  # the one-line error of the id outside the catalogue
            raise

    def encode(self, seat: int, mine: Decision | None) -> array[float]:
        """The observation of ``seat`` as a new single-precision array, not yet clipped unless :attr:`observers`
        built it (``mine``: its pending decision)."""
        state = self.state
        if self.observers is not None:
            return self.observers[seat].observe(state, seat, mine)
        if self.compact is not None and self.observation == "compact":
            return self.compact.observe_compact(self.game, state, seat, mine, self.options)
        if self.fast is None:
            return array("f", self.encoding.observe(self.game, self.game.view(state, seat), mine, self.options))
        return self.fast.observe_state(self.game, state, seat, mine, self.options)

    def observe(self, seat: int) -> dict[str, NDArray[Any]]:
        """The observation of ``seat`` (what it may know, encoded) and its action mask (zeros unless it must answer)."""
        mine = self.pending(seat)
        observation = np.frombuffer(self.encode(seat, mine), np.float32)
        if self.observers is None:
            np.clip(observation, -BOUND, BOUND, out=observation)
        return {"observation": observation, "action_mask": np.frombuffer(self.catalogue.mask_bytes(mine), np.int8)}

    def option(self, action: int) -> str | None:
        """The option id of ``action`` if it answers the pending decision, else None."""
        decision = self.game.decision(self.state)
        ids = self.catalogue.ids
        if decision is None or not 0 <= action < len(ids):
            return None
        oid = ids[action]
        return oid if decision.find(oid) is not None else None

    def render(self, seat: int | None, lang: str = "en") -> str:
        """The seat's board as the terminal draws it, as text."""
        from rich.console import Console

        board = plugin(self.game.name).board_renderer()
        view = self.game.view(self.state, seat)
        console = Console(record=True, width=110, file=io.StringIO(), color_system=None)
        if board is not None:
            console.print(board(self.game, view, lang))
        else:
            console.print(view)
        return console.export_text()

