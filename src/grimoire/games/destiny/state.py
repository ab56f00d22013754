"""The Destiny state: plain data with hand-written ``clone`` and JSON round trip.

A card instance is a ``uid`` (an int, stable for the whole game) pointing at a card
id; ``DestinyState.ids[uid]`` is that id and ``DestinyState.defs[uid]`` its definition
(both shared, never mutated, between clones). Zones are lists of uids; a deck's top
card is its *last* element. A user on the field is a :class:`User`. Half-resolved
effects are :class:`~grimoire.core.effects.Frame` s on ``DestinyState.stack``.

>>> u = User(3, mod=2, veteran=True)
>>> u.clone().to_json()
[3, 2, 1, 0]
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any

from grimoire.core.decision import ONGOING, Decision
from grimoire.core.effects import Frame
from grimoire.core.pool import CardPool
from grimoire.core.rng import Chance

from .cards import CardDef


class Phase(IntEnum):
    """Where a game stands with an empty effect stack (its name in views: :data:`PHASES`)."""

    ABILITY = 0        # choosing forecast abilities (2.3)
    MULLIGAN = 1       # keeping or redrawing the opening hand (2.6)
    UPKEEP = 2         # paying for each user in turn (5.3)
    SUMMON = 3         # the summon step (5.4)
    HOUKI_PICK = 4     # 地脈蜂起: the extra 気魄 card for the user just summoned (9.1)
    KIJUTSU_PICK = 5   # 地脈記述: using the summoned card's effect at once (9.2)
    DECLARE = 6        # declaring attackers (5.5.1)
    BLOCK = 7          # the defender picks a blocker (6.1)
    WINDOW_ATK = 8     # the effect window, attacker's part (6.2)
    WINDOW_DEF = 9     # the effect window, defender's part (6.2)
    FATE = 10          # fate selection (5.6)
    OVER = 11          # the game is over


(ABILITY, MULLIGAN, UPKEEP, SUMMON, HOUKI_PICK, KIJUTSU_PICK, DECLARE, BLOCK, WINDOW_ATK, WINDOW_DEF, FATE,
 OVER) = tuple(Phase)
#: The phases' names in views and the position notation.
PHASES = ("ability", "mulligan", "upkeep", "summon", "houki", "kijutsu", "declare", "block",
          "window_attacker", "window_defender", "fate", "over")


class FrameKind(IntEnum):
    """What a frame on the effect stack is: Destiny has one kind, the use of an effect group."""

    #: one use of a card's effect group: ``index`` is its timing (``MAIN`` … ``ATTACK``)
    USE = 0


class User:
    """A card on the field: uid, power modifier, veteran and effect-ready marks."""

    __slots__ = ("mod", "ready", "uid", "veteran")

    def __init__(self, uid: int, mod: int = 0, veteran: bool = False, ready: bool = False) -> None:
        self.uid = uid
        self.mod = mod
        self.veteran = veteran
        self.ready = ready

    def clone(self) -> User:
        return User(self.uid, self.mod, self.veteran, self.ready)

    def to_json(self) -> list[int]:
        return [self.uid, self.mod, int(self.veteran), int(self.ready)]

    @classmethod
    def from_json(cls, data: list[Any]) -> User:
        return cls(int(data[0]), int(data[1]), bool(data[2]), bool(data[3]))


class Player:
    """One forecaster's threads, zones and marks.

    ``ability`` is ``""`` until chosen, then ``"none"`` or an ability id. ``saved`` is
    whether the Lucky! save was used this cycle; ``turns`` counts the player's own
    turns begun; ``hako`` is the turn in which 地脈の函 last triggered (0: never).
    """

    __slots__ = ("ability", "crisis", "deck", "discard", "field", "hako", "hand", "saved", "threads", "turns")

    def __init__(self, threads: int, deck: list[int], hand: list[int], field: list[User], discard: list[int],
                 crisis: list[int], ability: str, saved: bool, turns: int, hako: int) -> None:
        self.threads = threads
        self.deck = deck
        self.hand = hand
        self.field = field
        self.discard = discard
        self.crisis = crisis
        self.ability = ability
        self.saved = saved
        self.turns = turns
        self.hako = hako

    @classmethod
    def new(cls, threads: int = 15, deck: list[int] | None = None) -> Player:
        """A forecaster with ``threads`` and ``deck`` (top card last), nothing else yet."""
        return cls(threads, [] if deck is None else deck, [], [], [], [], "", False, 0, 0)

    def clone(self) -> Player:
        return Player(self.threads, self.deck[:], self.hand[:],
                      [User(u.uid, u.mod, u.veteran, u.ready) for u in self.field], self.discard[:],
                      self.crisis[:], self.ability, self.saved, self.turns, self.hako)

    def user(self, uid: int) -> User | None:
        """The user with this uid on this player's field, or None."""
        for u in self.field:
            if u.uid == uid:
                return u
        return None

    def to_json(self) -> dict[str, Any]:
        return {"threads": self.threads, "deck": self.deck[:], "hand": self.hand[:],
                "field": [u.to_json() for u in self.field], "discard": self.discard[:], "crisis": self.crisis[:],
                "ability": self.ability, "saved": self.saved, "turns": self.turns, "hako": self.hako}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        p = cls.new(int(data["threads"]), [int(x) for x in data["deck"]])
        p.hand = [int(x) for x in data["hand"]]
        p.field = [User.from_json(u) for u in data["field"]]
        p.discard = [int(x) for x in data["discard"]]
        p.crisis = [int(x) for x in data["crisis"]]
        p.ability = str(data["ability"])
        p.saved = bool(data["saved"])
        p.turns = int(data["turns"])
        p.hako = int(data["hako"])
        return p


#: Rules-variant parameters (game options; the default is the rulings): the attribute wheel
#: (0 on; 1 off: no wheel +1, 全能's ±1 stays; 2 none: no attribute modifier at all, §6.4),
#: what triggers 地脈の函 (0 a summon or a use; 1 a summon only, §9.4), whether the crisis
#: zone empties at the end of each turn (1 yes, §9.4.3; 0 no), which groups 地脈感知 may
#: change (0 ``main`` only, §9.3; 1 a hand card's group of any timing), which groups 地脈記述
#: may use (0 ``main`` and ``battle``, §9.2; 1 ``main`` only; 2 ``attack`` too), which users
#: 地脈感知's "all" reaches (0 the effect's own side, §9.3; 1 every matching user on the field),
#: in whose turns 地脈の函 fires (0 either forecaster's, §9.4; 1 its owner's only), what a
#: blocker leaving in the effect window does (0 the battle ends without damage, §6.2.4; 1 the
#: attack goes on unblocked), how often 地脈の函 fires (0 on every 全能 summon or use, §9.4;
#: 1 the first in each turn only), whether a 全能 direct attack gets +1 (0 no, §6.5.4; 1 yes) and
#: which of its groups a user may use in its own attack (0 its ``attack`` group, §7.5; 1 also
#: its ``main`` and ``battle`` groups).
DEFAULT_VARIANT: tuple[int, ...] = (0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)
(V_WHEEL, V_HAKO, V_EXPIRY, V_SENSE, V_KIJUTSU, V_SCOPE, V_HAKO_TURN, V_BLOCKER, V_HAKO_LIMIT, V_OMNI_DIRECT,
 V_USER_EFFECTS) = range(11)
#: The values of the ``sense_timing`` option, by their variant parameter.
SENSE_TIMINGS = ("main", "any")
#: The values of the ``kijutsu_timing`` option (地脈記述, §9.2).
KIJUTSU_TIMINGS = ("main_battle", "main", "any")
#: The values of the ``sense_scope`` option (地脈感知's "all", §9.3).
SENSE_SCOPES = ("side", "field")
#: The values of the ``hako_turn`` option (地脈の函, §9.4).
HAKO_TURNS = ("either", "own")
#: The values of the ``blocker_leaves`` option (§6.2.4).
BLOCKER_LEAVES = ("no_damage", "unblocked")
#: The values of the ``hako_limit`` option (地脈の函 on every 全能 use, or the first in each turn, §9.4).
HAKO_LIMITS = ("every", "first_per_turn")
#: The values of the ``user_effects`` option (the groups a user may use in its own attack, §7.5).
USER_EFFECTS = ("attack", "any")


#: The values of each variant option, by its parameter's number (the first is the rulings).
VARIANT_VALUES: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("attribute_wheel", ("on", "off", "none")), ("hako_trigger", ("summon_or_use", "summon")),
    ("crisis_expiry", (False, True)), ("sense_timing", SENSE_TIMINGS), ("kijutsu_timing", KIJUTSU_TIMINGS),
    ("sense_scope", SENSE_SCOPES), ("hako_turn", HAKO_TURNS), ("blocker_leaves", BLOCKER_LEAVES),
    ("hako_limit", HAKO_LIMITS), ("omni_direct", (False, True)), ("user_effects", USER_EFFECTS))


def variant_of(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The variant parameters of rules options — resolved options, or the ``rules`` of a view, which names the
    variant options only when they differ from the rulings (missing ones take their defaults).

    >>> variant_of({}) is DEFAULT_VARIANT, variant_of({"attribute_wheel": "off", "crisis_expiry": False})
    (True, (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    """
    v = tuple(values.index(options[name]) if name in options else DEFAULT_VARIANT[i]
              for i, (name, values) in enumerate(VARIANT_VALUES))
    return DEFAULT_VARIANT if v == DEFAULT_VARIANT else v


def full_variant(values: tuple[int, ...]) -> tuple[int, ...]:
    """``values`` with the parameters it lacks at their defaults (older states and positions have fewer).

    >>> full_variant((1, 0, 1))
    (1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    """
    return values + DEFAULT_VARIANT[len(values):]


class DestinyState:
    """A whole Destiny game position (see the module docstring).

    Turn bookkeeping: ``turn`` (1-based, 0 before the first turn), ``active`` (turn
    player), ``first`` (first player, -1 before the toss), ``phase`` (one of
    :data:`PHASES`), ``sub`` (ability/mulligan: how many seats have answered),
    ``pending`` (the uid a follow-up decision is about), ``summons`` (this turn),
    ``queue``/``qi`` (upkeep queue or declared attackers, and the current index).
    Battle: ``attacker``/``blocker`` uids (-1: none), ``ja``, ``ca`` (extra threads),
    ``used`` (the attacker's own effect was used). ``winner`` is ONGOING while the game
    goes on, a seat, or DRAWN (:mod:`grimoire.core.decision`). ``cache`` caches the
    pending decision (not data).
    """

    __slots__ = ("active", "attacker", "blocker", "ca", "cache", "chance", "defs", "first", "ids", "ja",
                 "owner", "pending", "phase", "players", "qi", "queue", "reason", "stack", "sub", "summons",
                 "turn", "turn_limit", "used", "variant", "winner")

    def __init__(self, ids: tuple[str, ...], defs: tuple[CardDef, ...], owner: tuple[int, ...],
                 players: list[Player], chance: Chance, turn_limit: int, turn: int, active: int, first: int,
                 phase: Phase, sub: int, pending: int, summons: int, queue: list[int], qi: int, attacker: int,
                 blocker: int, ja: bool, ca: int, used: bool, stack: list[Frame], winner: int, reason: str,
                 cache: Decision | None) -> None:
        self.ids = ids
        self.defs = defs
        self.owner = owner
        self.players = players
        self.chance = chance
        self.turn_limit = turn_limit
        self.turn = turn
        self.active = active
        self.first = first
        self.phase = phase
        self.sub = sub
        self.pending = pending
        self.summons = summons
        self.queue = queue
        self.qi = qi
        self.attacker = attacker
        self.blocker = blocker
        self.ja = ja
        self.ca = ca
        self.used = used
        self.stack = stack
        self.winner = winner
        self.reason = reason
        self.cache = cache
        #: rules-variant parameters (:data:`DEFAULT_VARIANT`)
        self.variant: tuple[int, ...] = DEFAULT_VARIANT

    @classmethod
    def new(cls, ids: tuple[str, ...], defs: tuple[CardDef, ...], owner: tuple[int, ...], players: list[Player],
            chance: Chance, turn_limit: int = 120) -> DestinyState:
        """A state before set-up: abilities not chosen, no first player yet."""
        return cls(ids, defs, owner, players, chance, turn_limit, 0, 0, -1, Phase.ABILITY, 0, -1, 0, [], 0, -1, -1,
                   False, 0, False, [], ONGOING, "", None)

    def clone(self) -> DestinyState:
        """An equal, independent copy (card definitions and ids are shared: they never change)."""
        s = DestinyState(
            self.ids, self.defs, self.owner, [self.players[0].clone(), self.players[1].clone()], self.chance.clone(),
            self.turn_limit, self.turn, self.active, self.first, self.phase, self.sub, self.pending, self.summons,
            self.queue[:], self.qi, self.attacker, self.blocker, self.ja, self.ca, self.used,
            [f.clone() for f in self.stack], self.winner, self.reason, self.cache)
        s.variant = self.variant
        return s

    @property
    def over(self) -> bool:
        return self.winner != ONGOING

    def user(self, uid: int) -> User | None:
        """The user with this uid on its owner's field, or None."""
        return self.players[self.owner[uid]].user(uid)

    def power(self, u: User) -> int:
        """A user's current power: printed power plus modifiers, never below 0."""
        value = self.defs[u.uid].power + u.mod
        return value if value > 0 else 0

    def to_json(self) -> dict[str, Any]:
        data = self._json()
        if self.variant != DEFAULT_VARIANT:
            data["variant"] = list(self.variant)
        return data

    def _json(self) -> dict[str, Any]:
        return {
            "ids": list(self.ids), "owner": list(self.owner),
            "players": [p.to_json() for p in self.players],
            "turn": self.turn, "active": self.active, "first": self.first, "phase": PHASES[self.phase],
            "sub": self.sub, "pending": self.pending, "summons": self.summons,
            "queue": self.queue[:], "qi": self.qi,
            "battle": [self.attacker, self.blocker, int(self.ja), self.ca, int(self.used)],
            "stack": [f.to_json() for f in self.stack],
            "chance": self.chance.to_json(), "turn_limit": self.turn_limit,
            "winner": self.winner, "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], pool: CardPool[CardDef]) -> DestinyState:
        ids = tuple(str(c) for c in data["ids"])
        s = cls.new(ids, tuple(pool[c] for c in ids), tuple(int(o) for o in data["owner"]),
                [Player.from_json(p) for p in data["players"]],
                Chance.from_json(dict(data["chance"])), int(data["turn_limit"]))
        s.turn = int(data["turn"])
        s.active = int(data["active"])
        s.first = int(data["first"])
        s.phase = Phase(PHASES.index(str(data["phase"])))
        s.sub = int(data["sub"])
        s.pending = int(data["pending"])
        s.summons = int(data["summons"])
        s.queue = [int(x) for x in data["queue"]]
        s.qi = int(data["qi"])
        battle = data["battle"]
        s.attacker, s.blocker, s.ja, s.ca, s.used = (int(battle[0]), int(battle[1]), bool(battle[2]),
                                                     int(battle[3]), bool(battle[4]))
        s.stack = [Frame.from_json(f) for f in data["stack"]]
        s.winner = int(data["winner"])
        s.reason = str(data["reason"])
        if "variant" in data:
            s.variant = full_variant(tuple(int(x) for x in data["variant"]))
        return s
