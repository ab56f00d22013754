"""運命予報祭 Destiny Saga for learning agents: the action catalogue and a seat's observation.

Every option id maps to one action number (:class:`~grimoire.core.encoding.ActionCatalogue`):
the plain ids (``none``, ``keep``, ``mulligan``, ``done``, ``pass``, ``skip``, ``use:main``,
``use:battle`` and ``ability:<id>`` for each forecast ability), then one slot per card
instance uid (``0 … 2 × deck_size − 1``, 60 with the default decks) for each uid-taking
key (``pay``, ``release``, ``summon``, ``effect``, ``select``, ``target``, ``attack``,
``block``).

The observation holds only what the seat may know: :meth:`observe` encodes the seat's view
(what is hidden never enters it) and :meth:`observe_state` reads the same fields straight
from the state, without the view, into an ``array("f")`` (the RL environments' fast path;
``tests/rl`` checks that the two agree at every step and that nothing hidden leaks):

* global slots — turn, whose turn, who went first, the phase, summons made, the kind of
  decision the seat must answer (none when it waits), the battle (JA, CA, the attacker's
  own effect used) and the effect stack's height;
* ``me.*`` / ``opp.*`` — threads, forecast ability (``unknown`` while hidden), deck, hand,
  discard and crisis-zone sizes, Lucky! save used, own turns, 地脈の函 used this turn;
* ``uid.<n>.*`` — for every card instance the seat can see: whose it is, where (hand,
  field, discard pile, crisis zone), its card (power, attribute, Lucky!, which effect
  timings it has) and, on the field, its current power, veteran and effect-ready marks
  and its part in the battle. A card the seat cannot see is all zeros.

>>> from grimoire.games.destiny.game import DestinyGame
>>> from grimoire.core.game import Setup
>>> game = DestinyGame(); deck = game.cards.starter_deck("spirit_festival")
>>> state = game.new_state(Setup((deck, deck), game.options(), seed=1))
>>> d = game.decision(state)
>>> len(ENCODING.observe(game, game.view(state, d.player), d)) == ENCODING.layout(game).size
True
>>> ENCODING.catalogue(game).option_id(8)
'ability:chimyaku_houki'
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.encoding import (
    COUNT,
    ActionCatalogue,
    CompactObserver,
    CompactRows,
    Layout,
    StaticRows,
    bounded,
    compact_rows,
    static_rows,
)
from grimoire.core.game import Game

from .cards import ABILITIES, ATTRIBUTES, TIMINGS
from .state import ABILITY, DECLARE, PHASES, DestinyState

PLAIN = ("none", "keep", "mulligan", "done", "pass", "skip", "use:main", "use:battle",
         *(f"ability:{a}" for a in ABILITIES))
BY_UID = ("pay", "release", "summon", "effect", "select", "target", "attack", "block")
KINDS = ("ability", "mulligan", "upkeep", "summon", "houki", "kijutsu", "sense", "target", "response",
         "attackers", "block", "window", "fate")
ZONES = ("hand", "field", "discard", "crisis")
ABILITY_STATES = (*ABILITIES, "none", "unknown")  # unknown: the opponent's while abilities are being chosen
SIDE = ("threads", *(f"ability={a}" for a in ABILITY_STATES), "deck", "hand", "discard", "crisis", "saved",
        "turns", "hako_used")
ROW = ("seen", "mine", *(f"zone={z}" for z in ZONES), "power", *(f"attribute={a}" for a in ATTRIBUTES), "lucky",
       *(f"timing={t}" for t in TIMINGS), "current_power", "veteran", "effect_ready", "attacking", "blocking",
       "declared")
_DYNAMIC = ROW.index("current_power")
_HAND, _FIELD, _DISCARD, _CRISIS = range(len(ZONES))  # a static row: card, owner, zone
_KIND_AT = {k: i for i, k in enumerate(KINDS)}
_ABILITY_AT = {a: i for i, a in enumerate(ABILITY_STATES)}


def _build_layout(uids: int) -> tuple[Layout, dict[str, int]]:
    """The layout with ``uids`` uid rows, and the offsets of its parts by name."""
    lay = Layout()
    at = {"turn": lay.slot("turn"), "my_turn": lay.slot("my_turn"), "first": lay.slot("went_first"),
          "phase": lay.one_hot("phase", PHASES), "summons": lay.slot("summons"),
          "kind": lay.one_hot("decision", KINDS), "ja": lay.slot("battle.ja"), "ca": lay.slot("battle.ca"),
          "used": lay.slot("battle.user_effect_used"), "stack": lay.slot("stack"),
          "me": lay.group("me", SIDE), "opp": lay.group("opp", SIDE), "uids": lay.rows("uid", ROW, uids)}
    return lay, at


_AT = _build_layout(0)[1]  # the slots before the uid rows are the same for every deck size
_TURN, _MY_TURN, _FIRST, _PHASE, _SUMMONS = _AT["turn"], _AT["my_turn"], _AT["first"], _AT["phase"], _AT["summons"]
_KIND, _JA, _CA, _USED, _STACK = _AT["kind"], _AT["ja"], _AT["ca"], _AT["used"], _AT["stack"]
_ME, _OPP, _UIDS = _AT["me"], _AT["opp"], _AT["uids"]
SCALARS = tuple(_build_layout(0)[0].names)
#: the zones of the compact observation's counts (the opponent's hand is hidden)
COMPACT_ZONES = (*(f"me.{z}" for z in ("hand", "field", "discard", "crisis")),
                 *(f"opp.{z}" for z in ("field", "discard", "crisis")))


def _uids(options: Mapping[str, Any] | None) -> int:
    return 2 * int((options or {}).get("deck_size", 30))


class DestinyEncoding:
    """:class:`~grimoire.core.encoding.Encoding` of 運命予報祭 (see the module docstring)."""

    def __init__(self) -> None:
        self._rows: dict[tuple[int, str, bool, str], tuple[float, ...]] = {}
        self._layouts: dict[int, tuple[Layout, dict[str, int]]] = {}
        self._static: dict[int, tuple[Game[Any], StaticRows]] = {}
        self._zeros: dict[int, array[float]] = {}
        self._compact: dict[tuple[int, int], tuple[Game[Any], CompactRows]] = {}

    def catalogue(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> ActionCatalogue:
        return ActionCatalogue(PLAIN, BY_UID, _uids(game.options(options)))

    def _layout(self, uids: int) -> tuple[Layout, dict[str, int]]:
        found = self._layouts.get(uids)
        if found is None:
            found = self._layouts[uids] = _build_layout(uids)
        return found

    def layout(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> Layout:
        return self._layout(_uids(game.options(options)))[0]

    def _row(self, game: Game[Any], card_id: str, mine: bool, zone: str) -> tuple[float, ...]:
        key = (id(game), card_id, mine, zone)
        row = self._rows.get(key)
        if row is None:
            d = game.pool[card_id]
            row = (1.0, float(mine), *(float(zone == z) for z in ZONES), d.power / 6,
                   *(float(d.attribute == a) for a in ATTRIBUTES), float(d.lucky), *(float(bool(g)) for g in d.groups))
            self._rows[key] = row
        return row

    def observe(self, game: Game[Any], view: dict[str, Any], decision: Decision | None,
                options: Mapping[str, Any] | None = None) -> list[float]:
        seat = view["seat"]
        players = view["players"]
        uids = sum(p["deck"] + p["hand_count"] + len(p["field"]) + len(p["discard"]) + len(p["crisis"])
                   for p in players)
        lay, at = self._layout(max(uids, _uids(options)))
        out = [0.0] * lay.size
        out[at["turn"]] = view["turn"] / 120
        out[at["my_turn"]] = float(view["active"] == seat)
        out[at["first"]] = float(view["first"] == seat)
        out[at["phase"] + PHASES.index(view["phase"])] = 1.0
        out[at["summons"]] = view["summons"] / 2
        if decision is not None and decision.player == seat:
            out[at["kind"] + KINDS.index(decision.kind)] = 1.0
        battle = view["battle"]
        if battle is not None:
            out[at["ja"]] = float(battle["ja"])
            out[at["ca"]] = battle["ca"] / 6
            out[at["used"]] = float(battle["user_effect_used"])
        out[at["stack"]] = len(view["stack"]) / 4
        for base, p in ((at["me"], players[seat]), (at["opp"], players[1 - seat])):
            out[base] = p["threads"] / 30
            out[base + 1 + ABILITY_STATES.index(p["ability"] or "unknown")] = 1.0
            rest = base + 1 + len(ABILITY_STATES)
            values = (p["deck"] / 30, p["hand_count"] / 10, len(p["discard"]) / 30, len(p["crisis"]) / 4,
                      float(p["saved"]), p["turns"] / 60, float(p["hako_used"]))
            out[rest:rest + len(values)] = values
        width = len(ROW)
        attacker = battle["attacker"]["uid"] if battle else -1
        blocker = battle["blocker"]["uid"] if battle and battle["blocker"] else -1
        declared = set(view["declared"])
        for i, p in enumerate(players):
            mine = i == seat
            for zone in ("hand", "discard", "crisis"):
                for c in p[zone] or ():
                    a = at["uids"] + c["uid"] * width
                    row = self._row(game, c["card"], mine, zone)
                    out[a:a + len(row)] = row
            for u in p["field"]:
                a = at["uids"] + u["uid"] * width
                row = self._row(game, u["card"], mine, "field")
                out[a:a + len(row)] = row
                dyn = a + _DYNAMIC
                out[dyn:dyn + 6] = (u["power"] / 8, float(u["veteran"]), float(u["ready"]),
                                    float(u["uid"] == attacker), float(u["uid"] == blocker),
                                    float(u["uid"] in declared))
        return out

    def _rows_of(self, game: Game[Any]) -> StaticRows:
        return static_rows(self._static, game, ZONES, _DYNAMIC, self._row)

    def _uid_count(self, s: DestinyState, options: Mapping[str, Any] | None) -> int:
        p0, p1 = s.players
        return max(len(p0.deck) + len(p0.hand) + len(p0.field) + len(p0.discard) + len(p0.crisis) + len(p1.deck)
                   + len(p1.hand) + len(p1.field) + len(p1.discard) + len(p1.crisis), _uids(options))

    def _scalars(self, s: DestinyState, seat: int, decision: Decision | None, out: array[float]) -> None:
        """Write the slots before the uid rows (the same in the full and the compact observation), each
        within ±BOUND."""
        out[_TURN] = bounded(s.turn / 120)
        if s.active == seat:
            out[_MY_TURN] = 1.0
        if s.first == seat:
            out[_FIRST] = 1.0
        out[_PHASE + int(s.phase)] = 1.0
        out[_SUMMONS] = bounded(s.summons / 2)
        if decision is not None and decision.player == seat:
            out[_KIND + _KIND_AT[decision.kind]] = 1.0
        if s.attacker >= 0:
            if s.ja:
                out[_JA] = 1.0
            out[_CA] = bounded(s.ca / 6)
            if s.used:
                out[_USED] = 1.0
        out[_STACK] = bounded(len(s.stack) / 4)
        for i in (0, 1):
            p = s.players[i]
            mine = i == seat
            side = _ME if mine else _OPP
            out[side] = bounded(p.threads / 30)
            ability = p.ability if p.ability and (mine or s.phase != ABILITY) else "unknown"
            out[side + 1 + _ABILITY_AT[ability]] = 1.0
            rest = side + 1 + len(ABILITY_STATES)
            out[rest] = bounded(len(p.deck) / 30)
            out[rest + 1] = bounded(len(p.hand) / 10)
            out[rest + 2] = bounded(len(p.discard) / 30)
            out[rest + 3] = bounded(len(p.crisis) / 4)
            if p.saved:
                out[rest + 4] = 1.0
            out[rest + 5] = bounded(p.turns / 60)
            if p.hako == s.turn and s.turn > 0:
                out[rest + 6] = 1.0

    def observe_state(self, game: Game[Any], state: Any, seat: int, decision: Decision | None,
                      options: Mapping[str, Any] | None = None) -> array[float]:
        """:meth:`observe` of the seat's view (in single precision), read straight from the state."""
        s: DestinyState = state
        static = self._rows_of(game)
        base, table = static.base, static.rows
        uids = self._uid_count(s, options)
        zeros = self._zeros.get(uids)
        if zeros is None:
            zeros = self._zeros[uids] = array("f", bytes(4 * self._layout(uids)[0].size))
        out = zeros[:]
        self._scalars(s, seat, decision, out)
        battle = s.attacker >= 0
        attacker = s.attacker if battle else -1
        blocker = s.blocker if battle and s.blocker >= 0 else -1
        declared = set(s.queue) if s.phase == DECLARE or battle else set()
        ids, defs = s.ids, s.defs
        width = len(ROW)
        for i in (0, 1):
            p = s.players[i]
            mine = i == seat
            offset = len(ZONES) if mine else 0
            zones = ((p.hand, _HAND), (p.discard, _DISCARD), (p.crisis, _CRISIS)) if mine else \
                ((p.discard, _DISCARD), (p.crisis, _CRISIS))
            for zone, z in zones:
                for u in zone:
                    row = table[base[ids[u]] + offset + z]
                    a = _UIDS + u * width
                    out[a:a + _DYNAMIC] = row
            for user in p.field:
                u = user.uid
                row = table[base[ids[u]] + offset + _FIELD]
                a = _UIDS + u * width
                out[a:a + _DYNAMIC] = row
                power = defs[u].power + user.mod
                dyn = a + _DYNAMIC
                out[dyn] = (power if power > 0 else 0) / 8
                if user.veteran:
                    out[dyn + 1] = 1.0
                if user.ready:
                    out[dyn + 2] = 1.0
                if u == attacker:
                    out[dyn + 3] = 1.0
                if u == blocker:
                    out[dyn + 4] = 1.0
                if u in declared:
                    out[dyn + 5] = 1.0
        return out

    def _compact_of(self, game: Game[Any], uids: int) -> CompactRows:
        return compact_rows(self._compact, game, SCALARS, COMPACT_ZONES, uids)

    def compact_layout(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> Layout:
        return self._compact_of(game, _uids(game.options(options))).layout

    def observe_compact(self, game: Game[Any], state: Any, seat: int, decision: Decision | None,
                        options: Mapping[str, Any] | None = None) -> array[float]:
        """The compact observation of ``seat`` (module docstring), read straight from the state."""
        s: DestinyState = state
        rows = self._compact_of(game, self._uid_count(s, options))
        kind, code, zone_at, card_at = rows.kind, rows.code, rows.zone_at, rows.card_at
        out = rows.zeros[:]
        self._scalars(s, seat, decision, out)
        ids = s.ids
        for i in (0, 1):
            p = s.players[i]
            zones: tuple[tuple[list[int], int], ...]
            if i == seat:
                zones = ((p.hand, zone_at[0]), (p.discard, zone_at[2]), (p.crisis, zone_at[3]))
                field_at = zone_at[1]
            else:
                zones = ((p.discard, zone_at[5]), (p.crisis, zone_at[6]))
                field_at = zone_at[4]
            for zone, at in zones:
                for u in zone:
                    card = ids[u]
                    out[at + kind[card]] += COUNT
                    out[card_at + u] = code[card]
            for user in p.field:
                u = user.uid
                card = ids[u]
                out[field_at + kind[card]] += COUNT
                out[card_at + u] = code[card]
        return out

    def compact_observer(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> CompactObserver:
        """A :class:`~grimoire.core.encoding.CompactObserver` of ``game``: :meth:`observe_compact`, clipped,
        built from the previous observation (the environments keep one a seat)."""
        return CompactObserver(self, game, options)

    def compact_rows_for(self, game: Game[Any], state: Any, options: Mapping[str, Any] | None) -> CompactRows:
        return self._compact_of(game, self._uid_count(state, options))

    def compact_ids(self, state: Any) -> Sequence[str]:
        s: DestinyState = state
        return s.ids

    def compact_scalars(self, state: Any, seat: int, decision: Decision | None, out: array[float]) -> None:
        self._scalars(state, seat, decision, out)

    def compact_zones(self, state: Any, seat: int) -> list[list[int]]:
        """The uids of :data:`COMPACT_ZONES`, in that order."""
        s: DestinyState = state
        me, opp = s.players[seat], s.players[1 - seat]
        return [me.hand, [user.uid for user in me.field], me.discard, me.crisis,
                [user.uid for user in opp.field], opp.discard, opp.crisis]


ENCODING = DestinyEncoding()
