"""運命予報祭 Destiny Saga for learning agents: the action catalogue and a seat's observation.

Every option id maps to one action number (:class:`~grimoire.core.encoding.ActionCatalogue`):
the plain ids (``none``, ``keep``, ``mulligan``, ``done``, ``pass``, ``skip``, ``use:main``,
``use:battle`` and ``ability:<id>`` for each forecast ability), then one slot per card
instance uid (``0 … 2 × deck_size − 1``, 60 with the default decks) for each uid-taking
key (``pay``, ``release``, ``summon``, ``effect``, ``select``, ``target``, ``attack``,
``block``).

The observation is built from the seat's view only:

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

from collections.abc import Mapping
from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.encoding import ActionCatalogue, Layout
from grimoire.core.game import Game

from .cards import ABILITIES, ATTRIBUTES, TIMINGS
from .state import PHASES

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


def _uids(options: Mapping[str, Any] | None) -> int:
    return 2 * int((options or {}).get("deck_size", 30))


class DestinyEncoding:
    """:class:`~grimoire.core.encoding.Encoding` of 運命予報祭 (see the module docstring)."""

    def __init__(self) -> None:
        self._rows: dict[tuple[int, str, bool, str], tuple[float, ...]] = {}
        self._layouts: dict[int, tuple[Layout, dict[str, int]]] = {}

    def catalogue(self, game: Game[Any], options: Mapping[str, Any] | None = None) -> ActionCatalogue:
        return ActionCatalogue(PLAIN, BY_UID, _uids(game.options(options)))

    def _layout(self, uids: int) -> tuple[Layout, dict[str, int]]:
        found = self._layouts.get(uids)
        if found is None:
            lay = Layout()
            at = {"turn": lay.slot("turn"), "my_turn": lay.slot("my_turn"), "first": lay.slot("went_first"),
                  "phase": lay.one_hot("phase", PHASES), "summons": lay.slot("summons"),
                  "kind": lay.one_hot("decision", KINDS), "ja": lay.slot("battle.ja"), "ca": lay.slot("battle.ca"),
                  "used": lay.slot("battle.user_effect_used"), "stack": lay.slot("stack"),
                  "me": lay.group("me", SIDE), "opp": lay.group("opp", SIDE), "uids": lay.rows("uid", ROW, uids)}
            found = self._layouts[uids] = (lay, at)
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


ENCODING = DestinyEncoding()
