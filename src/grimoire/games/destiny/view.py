"""What a seat may know: ``view(state, seat)``, and ``resample_hidden`` for the leak test.

Hidden: the order of both decks, the opponent's hand (only its size is shown) and,
while abilities are being chosen, the opponent's choice. Everything else is public:
threads, fields, discard piles, crisis zones (face up, rule 9.4.2), chosen abilities
(once both have chosen), the battle and the effect stack. Card instance ids
(``uid``) appear only for cards the seat can see.

The view is a JSON-able dict::

    {
      "game": "destiny", "seat": 0,            # None for a spectator
      "turn": 5, "turn_limit": 120, "active": 0, "first": 1,   # first: None before the toss
      "phase": "summon",                       # a name of state.PHASES
      "waiting": {"player": 0, "kind": "summon"},   # None when the game is over
      "summons": 1,                            # summons made this turn (at most 2)
      "players": [                             # seat 0, seat 1
        {"threads": 13,
         "ability": "chimyaku_houki",          # an ability id, "none", or None (not yet known)
         "deck": 18,                           # deck size
         "hand": [{"uid": 4, "card": "war_cry"}],   # None when hidden from this seat
         "hand_count": 1,
         "field": [{"uid": 7, "card": "lion_dancer", "attribute": "kiryoku", "printed": 4,
                    "power": 6, "veteran": true, "ready": false, "lucky": false}],
         "discard": [{"uid": 2, "card": "fox_fire"}],   # oldest first
         "crisis": [],                         # same shape as discard
         "saved": false,                       # Lucky! save used this cycle
         "turns": 3,                           # own turns begun
         "hako_used": false},                  # 地脈の函 already triggered this turn
        {...}],
      "declared": [7],                         # attackers declared this turn, in order
      "upkeep": [],                            # users still to be upkept (the first one is asked now)
      "battle": {"attacker": {"uid": 7, "card": "lion_dancer"},
                 "blocker": {"uid": 31, "card": "paper_shikigami"},   # None: unblocked
                 "ja": false, "ca": 0, "user_effect_used": false},    # battle: None outside battles
      "pending": {"uid": 9, "card": "..."},     # the summoned card a houki/kijutsu choice is about
      "stack": [{"source": {"uid": 40, "card": "binding_talisman"}, "controller": 1,
                 "timing": "battle", "step": "target",   # sense | target | response
                 "targets": [{"uid": 7, "card": "lion_dancer"}],
                 "all": false, "free": false, "cancelled": false,
                 "sensed": None}],             # the 神秘 card discarded for 地脈感知
      "outcome": None                          # or {"winner": 0 | 1 | None, "reason": "..."}
    }
"""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import DRAWN
from grimoire.core.rng import Chance

from . import effects
from .cards import ABILITIES, TIMINGS
from .decisions import waiting
from .state import (
    ABILITY,
    DECLARE,
    DEFAULT_VARIANT,
    HOUKI_PICK,
    KIJUTSU_PICK,
    PHASES,
    UPKEEP,
    VARIANT_VALUES,
    DestinyState,
    User,
)

#: The step a use waits on, by its program counter (views name it).
STEPS = {effects.PC_RESPONSE: "response", effects.PC_SENSE: "sense", effects.PC_TARGET: "target"}


def _card(state: DestinyState, uid: int) -> dict[str, Any]:
    return {"uid": uid, "card": state.ids[uid]}


def _user(state: DestinyState, u: User) -> dict[str, Any]:
    d = state.defs[u.uid]
    return {"uid": u.uid, "card": d.id, "attribute": d.attribute, "printed": d.power, "power": state.power(u),
            "veteran": u.veteran, "ready": u.ready, "lucky": d.lucky}


def _variant(state: DestinyState) -> dict[str, Any]:
    """The rules-variant options a seat sees, only when they differ from the rulings."""
    if state.variant == DEFAULT_VARIANT:
        return {}
    return {"rules": {name: values[state.variant[i]] for i, (name, values) in enumerate(VARIANT_VALUES)}}


def view(state: DestinyState, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` (None: a spectator) may know, as JSON-able data."""
    players = []
    for i, p in enumerate(state.players):
        ability: str | None = p.ability or None
        if state.phase == ABILITY and i != seat:
            ability = None
        players.append({
            "threads": p.threads,
            "ability": ability,
            "deck": len(p.deck),
            "hand": [_card(state, uid) for uid in p.hand] if i == seat else None,
            "hand_count": len(p.hand),
            "field": [_user(state, u) for u in p.field],
            "discard": [_card(state, uid) for uid in p.discard],
            "crisis": [_card(state, uid) for uid in p.crisis],
            "saved": p.saved,
            "turns": p.turns,
            "hako_used": p.hako == state.turn and state.turn > 0,
        })
    battle = None
    if state.attacker >= 0:
        battle = {"attacker": _card(state, state.attacker),
                  "blocker": _card(state, state.blocker) if state.blocker >= 0 else None,
                  "ja": state.ja, "ca": state.ca, "user_effect_used": state.used}
    stack = []
    for f in state.stack:
        step = STEPS.get(f.pc, "resolve")
        stack.append({
            "source": _card(state, f.source), "controller": f.controller, "timing": TIMINGS[f.index], "step": step,
            "targets": [_card(state, t) for t in effects.targets(f)],
            "all": effects.has(f, effects.F_ALL), "free": effects.has(f, effects.F_FREE),
            "cancelled": effects.has(f, effects.F_CANCELLED),
            "sensed": _card(state, effects.sensed(f)) if effects.sensed(f) >= 0 else None,
        })
    who = waiting(state)
    outcome = None
    if state.over:
        outcome = {"winner": None if state.winner == DRAWN else state.winner, "reason": str(state.reason)}
    return {
        "game": "destiny",
        "seat": seat,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        **_variant(state),
        "active": state.active,
        "first": state.first if state.first >= 0 else None,
        "phase": PHASES[state.phase],
        "waiting": None if who is None else {"player": who[0], "kind": who[1]},
        "summons": state.summons,
        "players": players,
        "declared": list(state.queue) if state.phase == DECLARE or state.attacker >= 0 else [],
        "upkeep": state.queue[state.qi:] if state.phase == UPKEEP else [],
        "battle": battle,
        "pending": _card(state, state.pending) if state.phase in (HOUKI_PICK, KIJUTSU_PICK) else None,
        "stack": stack,
        "outcome": outcome,
    }


def resample_hidden(state: DestinyState, seat: int, chance: Chance) -> DestinyState:
    """A copy in which everything hidden from ``seat`` is redrawn: the opponent's hand and
    deck (same sizes), the order of the seat's own deck and, while abilities are being
    chosen, the opponent's choice."""
    s = state.clone()
    s.cache = None
    opp = s.players[1 - seat]
    pool = opp.hand + opp.deck
    chance.shuffle(pool)
    opp.hand = pool[:len(opp.hand)]
    opp.deck = pool[len(opp.hand):]
    chance.shuffle(s.players[seat].deck)
    if s.phase == ABILITY and opp.ability:
        choices = (*ABILITIES, "none")
        opp.ability = choices[chance.below(len(choices))]
    return s
