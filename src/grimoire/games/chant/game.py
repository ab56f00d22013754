"""詠唱 "Chant" as a :class:`~grimoire.core.game.Game`.

The numbered rules are ``docs/rules/chant.md``; the card format and effect vocabulary
``docs/rules/chant-cards.md``.

>>> from grimoire.core.game import Setup
>>> game = ChantGame()
>>> fire, steel = game.cards.starter_deck("fire"), game.cards.starter_deck("matter")
>>> state = game.new_state(Setup((fire, steel), game.options({"first_player": "0"}), seed=1))
>>> d = game.decision(state)
>>> d.player, d.kind, d.ids()[-1]
(0, 'chant', 'end')
>>> events = game.apply(state, d.ids()[0])
>>> game.text.describe(events[0], "en").startswith("P1 places")
True
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from grimoire.core.cardset import CardSet
from grimoire.core.content import Localized
from grimoire.core.decision import Event, Outcome
from grimoire.core.decks import DeckRules, Section
from grimoire.core.game import Game, GameEnded, Setup
from grimoire.core.hidden import instance_numbers
from grimoire.core.i18n import Catalog, Texts
from grimoire.core.options import OptionSpec
from grimoire.core.rng import Chance

from . import notation, phases, rules
from .cards import DATA, load_pool
from .events import EVENTS
from .kinds import ChantEvent
from .messages import MESSAGES, TERMS
from .state import ChantState
from .view import view as _view

DECK_RULES = DeckRules((
    Section("library", ("書庫", "main"), exact=40, max_copies=3, kinds=("library",)),
    Section("forbidden", ("禁書", "extra"), minimum=0, maximum=5, max_copies=1, kinds=("forbidden",)),
))

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("exclusive_placement", False,
               "Variant: placing from hand and placing a forbidden book exclude each other in a turn (3.2.2.5)"),
    OptionSpec("first_player", "coin", "Who goes first: a coin toss, or seat 0 or 1 (1.6.3)",
               choices=("coin", "0", "1")),
    OptionSpec("starting_life", 20, "Life at the start (1.6.1)", minimum=1),
    OptionSpec("first_player_life", 0, "Variant: the first player starts with this much more life (1.6.1)",
               minimum=0, maximum=99),
    OptionSpec("turn_limit", 60, "Turns per player before the game is a draw; 0 for none (9.5)", minimum=0),
    OptionSpec("first_turn_draw", False, "Variant: the first player also draws on the first turn (2.2)"),
    OptionSpec("runaway_threshold", 10, "Variant: the runaway check comes when ready cards exceed this (6.1)",
               minimum=0, maximum=99),
    OptionSpec("chant_cap", 5, "Variant: cards may be placed while fewer than this are chanting (3.2.1)",
               minimum=1, maximum=40),
    OptionSpec("depth_multipliers", "1,1,1.5,2",
               "Variant: damage multipliers at depth 0, 1, 2 and 3+, in steps of 0.5 (5.5.1)"),
    OptionSpec("depth_damage", "a_phase",
               "Which damage the depth multiplies: taken in the A phase (the seed), or all (5.5.2)",
               choices=rules.DEPTH_DAMAGE),
)

#: The options of rules 1.0 and 1.1: the multiplier applied to all damage (5.5.2), and their records
#: do not name ``depth_damage``.
_OLD_OPTION_SPECS = tuple(OptionSpec(o.name, "all", o.help, o.choices) if o.name == "depth_damage" else o
                          for o in OPTION_SPECS)


class ChantGame(Game[ChantState]):
    """The rule module of 詠唱 Chant."""

    name = "chant"
    version = "1.2"
    title = Localized("詠唱", "Chant")
    option_specs = OPTION_SPECS
    max_steps = 20_000
    events = EVENTS

    def __init__(self, card_paths: Sequence[str | Path] = (),
                 tables: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        pool = load_pool(card_paths, tables)
        self.cards = CardSet(pool, DECK_RULES, DATA / "decks")
        self.text = Texts(Catalog(MESSAGES, TERMS), pool, EVENTS)

    #: Rules 1.0 numbered a library's cards in the order they would be drawn (see :meth:`at_version`).
    numbered_in_library_order = False

    def at_version(self, version: str) -> ChantGame | None:
        """These rules as at ``version``; stored games and records of an older version replay with it.

        1.1 multiplied all damage by depth, not only damage taken in the A phase: its records do not
        name ``depth_damage``, which defaults to ``all`` for them (5.5.2). 1.0 also numbered card
        instances in library order, which 1.1 stopped revealing.

        >>> old = ChantGame().at_version("1.1")
        >>> old.version, old.options()["depth_damage"], ChantGame().options()["depth_damage"]
        ('1.1', 'all', 'a_phase')
        """
        if version == self.version:
            return self
        if version not in ("1.0", "1.1"):
            return None
        old = copy.copy(self)
        old.version, old.option_specs = version, _OLD_OPTION_SPECS
        old.numbered_in_library_order = version == "1.0"
        return old

    def _numbers(self, seed: int, start: int, count: int) -> list[int]:
        if self.numbered_in_library_order:
            return list(range(start, start + count))
        return instance_numbers(seed, start, count)

    # ----- the state machine -------------------------------------------------
    def new_state(self, setup: Setup, events: list[ChantEvent] | None = None) -> ChantState:
        """Shuffle, toss for the first player, draw 5 each and run to the first decision (1.6)."""
        ev = events if events is not None else []
        opts = self.options(setup.options)
        chance = setup.make_chance()
        libraries = []
        for deck in setup.decks:
            lib = list(deck.sections.get("library", []))
            chance.shuffle(lib)  # top card first
            libraries.append(lib)
        ids: list[str] = []
        owner: list[int] = []
        zones: list[tuple[list[int], list[int]]] = []
        for p, deck in enumerate(setup.decks):
            # a seat's uids are one range, library first; each card's number within its part is drawn
            # apart from the shuffle (instance_numbers), so it tells no one when the card is drawn (5.5)
            books = list(deck.sections.get("forbidden", []))
            lib_uids = self._numbers(setup.seed, len(ids), len(libraries[p]))
            forb_uids = self._numbers(setup.seed, len(ids) + len(lib_uids), len(books))
            ids.extend([""] * (len(lib_uids) + len(books)))
            owner.extend([p] * (len(lib_uids) + len(books)))
            for uid, cid in zip(lib_uids + forb_uids, libraries[p] + books, strict=True):
                ids[uid] = cid
            lib_uids.reverse()  # stored with the top card last
            zones.append((lib_uids, forb_uids))
        pool = self.pool
        s = ChantState.new(tuple(ids), tuple(pool[c] for c in ids), tuple(owner), chance)
        for p in (0, 1):
            pl = s.players[p]
            pl.life = int(opts["starting_life"])
            pl.library, pl.forbidden = zones[p]
        s.exclusive = bool(opts["exclusive_placement"])
        s.turn_limit = int(opts["turn_limit"])
        s.variant = rules.variant_of(opts)
        if opts["first_player"] == "coin":
            heads = chance.coin(0)
            s.first = 0 if heads else 1
            ev.append(Event("first", s.first, ("heads" if heads else "tails",)))
        else:
            s.first = int(opts["first_player"])
            ev.append(Event("first", s.first, ("chosen",)))
        s.active = s.first
        s.players[s.first].life += int(opts["first_player_life"])
        try:
            for p in (s.first, 1 - s.first):
                rules.draw(s, p, 5, ev)
            phases.begin_turn(s, ev)
            phases.run(s, ev)
        except GameEnded:
            pass
        return s

    # the two calls of every decision, bound straight to the engine's functions (no method frame between)
    decision = staticmethod(phases.pending)
    apply_unchecked = staticmethod(phases.apply)

    def settle(self, state: ChantState) -> list[ChantEvent]:
        events: list[ChantEvent] = []
        phases.settle(state, events)
        return events

    def outcome(self, state: ChantState) -> Outcome | None:
        return Outcome.of(state.winner, state.reason)

    def turn_number(self, state: ChantState) -> int:
        return state.turn

    def first_player(self, state: ChantState) -> int | None:
        return state.first

    def chance(self, state: ChantState) -> Chance:
        return state.chance

    # ----- plain data --------------------------------------------------------
    def clone(self, state: ChantState) -> ChantState:
        return state.clone()

    def to_json(self, state: ChantState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> ChantState:
        return ChantState.from_json(data, self.pool.__getitem__)

    def view(self, state: ChantState, seat: int | None) -> dict[str, Any]:
        return _view(state, seat)

    def resample_hidden(self, state: ChantState, seat: int, chance: Chance) -> ChantState:
        """Redraw what ``seat`` cannot see: the opponent's hand + library together, the
        opponent's forbidden deck (a book still being placed included, 1.4.2), and the
        order of ``seat``'s own library."""
        t = state.clone()
        t.cache = None
        ids = list(t.ids)
        o = t.players[1 - seat]
        for uids in (o.hand + o.library, o.forbidden, t.players[seat].library):
            values = [ids[u] for u in uids]
            chance.shuffle(values)
            for u, cid in zip(uids, values, strict=True):
                ids[u] = cid
        t.ids = tuple(ids)
        t.defs = tuple(self.pool[c] for c in ids)
        for f in t.stack:
            f.card = ids[f.source] if f.source >= 0 else f.card
        return t

    def card_total(self, state: ChantState) -> int:
        total = sum(len(z) for p in state.players for z in p.zones())
        return total + sum(len(v) for v in state.under.values())

    def encode_position(self, state: ChantState) -> str:
        return notation.encode(state)

    def decode_position(self, text: str) -> ChantState:
        return notation.decode(text, self.pool.__getitem__)
