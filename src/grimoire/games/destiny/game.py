"""運命予報祭 "Destiny Saga" on the engine core: :class:`DestinyGame`.

Rules: ``docs/rules/destiny.md``; cards and effects: ``docs/rules/destiny-cards.md``.

>>> from grimoire.core.game import Setup
>>> game = DestinyGame()
>>> deck = game.cards.starter_deck("spirit_festival")
>>> state = game.new_state(Setup((deck, deck), game.options(), seed=1))
>>> game.decision(state).ids()[-1], game.decision(state).kind
('none', 'ability')
>>> for _ in range(2):
...     _ = game.apply(state, "none")
>>> game.decision(state).ids()
['keep', 'mulligan']
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from grimoire.core.cardset import CardSet
from grimoire.core.content import Localized
from grimoire.core.decision import Outcome
from grimoire.core.decks import Deck, DeckRules, Section
from grimoire.core.errors import DeckError
from grimoire.core.game import Game, GameEnded, Setup
from grimoire.core.hidden import instance_numbers
from grimoire.core.i18n import Catalog, Texts
from grimoire.core.options import OptionSpec, resolve_options
from grimoire.core.rng import Chance

from . import decisions, notation, turn, view
from .cards import ABILITIES, DATA, load_pool
from .events import EVENTS
from .kinds import DestinyEvent
from .messages import MESSAGES, TERMS
from .state import (
    BLOCKER_LEAVES,
    HAKO_LIMITS,
    HAKO_TURNS,
    KIJUTSU_TIMINGS,
    SENSE_SCOPES,
    SENSE_TIMINGS,
    USER_EFFECTS,
    DestinyState,
    Player,
    variant_of,
)

OPTION_SPECS = (
    OptionSpec("deck_size", 30, "Exact number of cards in a deck (rule 2.1)", minimum=10),
    OptionSpec("max_copies", 3, "Copies of one name allowed in a deck (rule 2.1)", minimum=1),
    OptionSpec("starting_threads", 15, "Fate threads at the start (rule 2.2)", minimum=1),
    OptionSpec("first_player", "coin", "Who goes first: a seeded coin toss, or seat 0 or 1 (rule 2.4)",
               choices=("coin", "0", "1")),
    OptionSpec("turn_limit", 120, "After this turn the game is a draw (rule 10.3)", minimum=2),
    OptionSpec("attribute_wheel", "on", "Variant: the attribute wheel's +1 (on), off (全能's ±1 stays), or no "
               "attribute modifier at all (none) (rule 6.4)", choices=("on", "off", "none")),
    OptionSpec("hako_trigger", "summon_or_use", "Variant: what fires 地脈の函 — a 全能 summon or use, or a summon "
               "only (rule 9.4)", choices=("summon_or_use", "summon")),
    OptionSpec("crisis_expiry", True, "Variant: the crisis zone empties at the end of each turn (rule 9.4.3)"),
    OptionSpec("sense_timing", "main", "Variant: 地脈感知 changes main groups only, or a hand card's group of any "
               "timing, in an attack too (rule 9.3)", choices=SENSE_TIMINGS),
    OptionSpec("kijutsu_timing", "main_battle", "Variant: the groups 地脈記述 may use at summoning — main and battle, "
               "main only, or attack groups too (rule 9.2)", choices=KIJUTSU_TIMINGS),
    OptionSpec("sense_scope", "side", "Variant: the users 地脈感知's \"all\" reaches — every matching user on the "
               "effect's side, or on the whole field (rule 9.3)", choices=SENSE_SCOPES),
    OptionSpec("hako_turn", "either", "Variant: 地脈の函 fires in either forecaster's turn, or in its owner's "
               "turn only (rule 9.4)", choices=HAKO_TURNS),
    OptionSpec("blocker_leaves", "no_damage", "Variant: a blocker that leaves in the effect window ends the "
               "battle without damage, or the attack goes on unblocked (rule 6.2.4)", choices=BLOCKER_LEAVES),
    OptionSpec("hako_limit", "every", "Variant: 地脈の函 fires on every 全能 summon or use (the seed), or on the "
               "first in each turn only (rule 9.4)", choices=HAKO_LIMITS),
    OptionSpec("omni_direct", False, "Variant: a 全能 user attacking directly (no blocker) gets its +1 too "
               "(rule 6.5.4)"),
    OptionSpec("user_effects", "attack", "Variant: the groups a user may use in its own attack — its attack "
               "group only, or its main and battle groups too (rule 7.5)", choices=USER_EFFECTS),
    OptionSpec("lucky_limit", 0, "Variant: at most this many Lucky! cards in a deck; 0 is no limit (rule 2.1)",
               minimum=0),
)


def deck_rules_for(deck_size: int = 30, max_copies: int = 3) -> DeckRules:
    """Deck rules for the given options (one section ``main``, §2.1)."""
    return DeckRules((Section("main", ("deck", "山札", "デッキ"), exact=deck_size, max_copies=max_copies),))


def rules_for_options(options: Mapping[str, Any] | None = None) -> DeckRules:
    """The deck rules the given rules options ask for (``deck_size``, ``max_copies``)."""
    opts = resolve_options(OPTION_SPECS, options)
    return deck_rules_for(opts["deck_size"], opts["max_copies"])


class DestinyGame(Game[DestinyState]):
    """The rule module of 運命予報祭 (see the module docstring)."""

    name = "destiny"
    version = "3"
    title = Localized("運命予報祭", "Destiny Saga")
    option_specs = OPTION_SPECS
    max_steps = 60_000
    events = EVENTS

    def __init__(self, card_paths: Sequence[str | Path] = (),
                 tables: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        pool = load_pool(card_paths, tables)
        self.cards = CardSet(pool, rules_for_options, DATA / "decks")
        self.text = Texts(Catalog(MESSAGES, TERMS), pool, EVENTS)

    # ----- decks ---------------------------------------------------------------
    def check_deck(self, deck: Deck, options: Mapping[str, Any] | None = None) -> None:
        """Raise :class:`DeckError` if ``deck`` breaks the options' deck rules or uses unknown cards."""
        section = self.cards.deck_rules_for(options).sections[0]
        cards = deck.all_cards()
        for card_id in cards:
            if card_id not in self.pool:
                raise DeckError(deck.name, None, f"unknown card {card_id!r}")
        if len(cards) != section.exact:
            raise DeckError(deck.name, None, f"main must have exactly {section.exact} cards, has {len(cards)}")
        for card_id, count in sorted(Counter(cards).items()):
            if count > section.max_copies:
                raise DeckError(deck.name, None,
                                f"{card_id!r}: {count} copies in main, at most {section.max_copies} allowed")
        limit = int(resolve_options(OPTION_SPECS, options)["lucky_limit"])
        lucky = sum(1 for card_id in cards if self.pool[card_id].lucky)
        if limit and lucky > limit:
            raise DeckError(deck.name, None, f"{lucky} Lucky! cards in main, at most {limit} allowed (lucky_limit)")

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        """A deck may declare its forecast ability (``# ability: chimyaku_houki``, or ``none``; rule 2.3)."""
        return {"ability": (*ABILITIES, "none")}

    #: Rules 1 numbered the cards in deck-list order (see :meth:`at_version`).
    numbered_in_list_order = False
    #: Rules 1 and 2 fired 地脈の函 on the first 全能 summon or use in each turn only.
    hako_first_per_turn = False

    def at_version(self, version: str) -> DestinyGame | None:
        """These rules as at ``version``: 1 numbered card instances in deck-list order (which 2 stopped
        revealing); 1 and 2 fired 地脈の函 once a turn (``hako_limit=first_per_turn``, which 3 made an
        option). Stored games and records of 1 and 2 replay with them.

        >>> old = DestinyGame().at_version("2")
        >>> old.version, old.hako_first_per_turn, DestinyGame().at_version("0")
        ('2', True, None)
        """
        if version == self.version:
            return self
        if version not in ("1", "2"):
            return None
        old = copy.copy(self)
        old.version, old.hako_first_per_turn = version, True
        old.numbered_in_list_order = version == "1"
        return old

    def _numbers(self, seed: int, start: int, count: int) -> list[int]:
        if self.numbered_in_list_order:
            return list(range(start, start + count))
        return instance_numbers(seed, start, count)

    # ----- the state machine ---------------------------------------------------
    def new_state(self, setup: Setup, events: list[DestinyEvent] | None = None) -> DestinyState:
        opts = self.options(setup.options)
        if self.hako_first_per_turn:  # the option did not exist then: its records name the current default
            opts["hako_limit"] = "first_per_turn"
        for deck in setup.decks:
            self.check_deck(deck, opts)
        cards: list[str] = []
        owner: list[int] = []
        players = []
        for seat, deck in enumerate(setup.decks):
            ids = deck.all_cards()
            start = len(cards)
            # the i-th card of the list gets the i-th of the seat's numbers, drawn apart from the game's
            # chance (instance_numbers): a uid tells no one where its card is in the list (protocol 5.5)
            uids = self._numbers(setup.seed, start, len(ids))
            cards.extend([""] * len(ids))
            for uid, cid in zip(uids, ids, strict=True):
                cards[uid] = cid
            owner.extend([seat] * len(ids))
            players.append(Player.new(opts["starting_threads"], uids))
        state = DestinyState.new(tuple(cards), tuple(self.pool[c] for c in cards), tuple(owner), players,
                      setup.make_chance(), opts["turn_limit"])
        state.variant = variant_of(opts)
        if opts["first_player"] != "coin":
            state.first = int(opts["first_player"])
        return state

    # the two calls of every decision, bound straight to the engine's functions (no method frame between)
    decision = staticmethod(decisions.pending)
    apply_unchecked = staticmethod(turn.apply_unchecked)

    def settle(self, state: DestinyState) -> list[DestinyEvent]:
        events: list[DestinyEvent] = []
        state.cache = None
        with suppress(GameEnded):
            turn.proceed(state, events)
        return events

    def outcome(self, state: DestinyState) -> Outcome | None:
        return Outcome.of(state.winner, state.reason)

    def turn_number(self, state: DestinyState) -> int:
        return state.turn

    def first_player(self, state: DestinyState) -> int | None:
        return state.first if state.first >= 0 else None

    def chance(self, state: DestinyState) -> Chance:
        return state.chance

    # ----- plain data ----------------------------------------------------------
    def clone(self, state: DestinyState) -> DestinyState:
        return state.clone()

    def to_json(self, state: DestinyState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> DestinyState:
        return DestinyState.from_json(data, self.pool.__getitem__)

    def view(self, state: DestinyState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def resample_hidden(self, state: DestinyState, seat: int, chance: Chance) -> DestinyState:
        return view.resample_hidden(state, seat, chance)

    def card_total(self, state: DestinyState) -> int:
        return sum(len(p.deck) + len(p.hand) + len(p.field) + len(p.discard) + len(p.crisis)
                   for p in state.players)

    def encode_position(self, state: DestinyState) -> str:
        return notation.encode(state)

    def decode_position(self, text: str) -> DestinyState:
        return notation.decode(text, self.pool)
