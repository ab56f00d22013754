"""What one seat may know of a 詠唱 Chant position, as JSON-able data.

``view(state, seat)`` (``seat`` None: a spectator, who sees no hand and no forbidden
deck) returns::

    {
      "game": "chant", "seat": 0 | 1 | None,
      "turn": 7,                      # turns begun so far (turn 1 = the first player's first)
      "active": 0, "first": 1,        # turn player, first player (seats)
      "phase": "C",                   # "C", "A", "R" (runaway check), "E" (end effects, end-phase activations)
      "over": False, "result": None,  # at the end {"winner": seat | None, "reason": "life"}
      "rules": {"exclusive_placement": False, "turn_limit": 60},
      "turn_flags": {"placed": True, "book_placed": False, "advanced": False,
                     "discarded": True, "cancels": 0},
      "ready_total": 4,               # the runaway count of rule 6.1
      "players": [                    # index = seat
        {
          "seat": 0, "life": 18, "depth": 0, "chanting": 3,
          "library": 31,              # count only; the order is hidden from everyone
          "hand_count": 4, "hand": [{"uid": 12, "card": "fireball"}, ...] | None,
          "forbidden_count": 5, "forbidden": [{"uid": 40, "card": "..."}, ...] | None,
          "area": [                   # chant-area order; index < 5 = front slot
            {"uid": 3, "card": "flame_sphere", "slot": "front", "index": 0,
             "progress": 2, "chant": 4, "ready": False, "power": 2,     # power None: no power
             "underlay": [{"uid": 5, "card": "fireball"}],             # books only
             "activated": False, "ability_used": False}, ...],
          "blank": [{"uid": 7, "card": "fireball"}, ...],   # blank pile, oldest first
          "shown": [{"uid": 9, "card": "..."}, ...],        # cards shown by reveal_pick
        }, ...],
      "stack": [                      # effects being resolved, bottom first
        {"frame": "activation" | "<op>" | "<trigger>" | ..., "kind": "activation" | "effect" | ...,
         "card": "...", "uid": 3, "player": 0, "index": 0, "pc": 2, "regs": [0, 8, -1, 0]}, ...],
    }

``hand`` and ``forbidden`` are lists for the seat itself and None otherwise. A uid is
shown only for cards the seat can see; the uids of the opponent's hand, library and
forbidden deck never appear. A forbidden book whose underlay is being chosen (frame
``book``) is shown to its owner only (``"card": None, "uid": -1`` for the others): the
placement may still be cancelled, and the book is public once placed (1.4.2).
"""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import DRAWN
from grimoire.core.effects import Frame

from . import rules
from .state import DEFAULT_VARIANT, ChantState, FrameKind, Phase, Trigger


def _cards(s: ChantState, uids: list[int]) -> list[dict[str, Any]]:
    return [{"uid": u, "card": s.ids[u]} for u in uids]


def _area(s: ChantState, p: int) -> list[dict[str, Any]]:
    out = []
    for i, u in enumerate(s.players[p].area):
        d = s.defs[u]
        out.append({
            "uid": u, "card": s.ids[u], "slot": "front" if i < 5 else "overflow", "index": i,
            "progress": s.progress[u], "chant": d.chant, "ready": s.progress[u] >= d.chant,
            "power": rules.power_of(s, u), "underlay": _cards(s, s.under.get(u, [])),
            "activated": u in s.used, "ability_used": u in s.abil,
        })
    return out


def frame_name(s: ChantState, f: Frame) -> str:
    """What a frame resolves, by name: the operation of an effect, the trigger of a trigger
    frame, else the procedure (``activation``, ``put_away``, ``book``, ``discard``, ``runaway``)."""
    if f.kind == FrameKind.EFFECT:
        return s.defs[f.source].effects[f.index].op
    if f.kind == FrameKind.TRIGGER:
        return Trigger(f.index).label
    return FrameKind(f.kind).name.lower()


def _frame(s: ChantState, f: Frame, seat: int | None) -> dict[str, Any]:
    hidden = f.kind == FrameKind.BOOK and seat != f.controller  # a book is shown once placed (1.4.2)
    return {"frame": frame_name(s, f), "kind": FrameKind(f.kind).name.lower(), "card": None if hidden else f.card,
            "uid": -1 if hidden else f.source, "player": f.controller, "index": f.index, "pc": f.pc,
            "regs": list(f.regs)}


def _rules(s: ChantState) -> dict[str, Any]:
    """The rules options a seat sees; the variant options only when they differ from the rulings."""
    out: dict[str, Any] = {"exclusive_placement": s.exclusive, "turn_limit": s.turn_limit}
    v = s.variant
    if v != DEFAULT_VARIANT:
        out.update({"first_turn_draw": bool(v[0]), "runaway_threshold": v[1], "chant_cap": v[2],
                    "depth_multipliers": ",".join(f"{h / 2:g}" for h in v[3:7]),
                    "depth_damage": rules.DEPTH_DAMAGE[v[7]]})
    return out


def view(s: ChantState, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` may know (see the module docstring)."""
    players = []
    for p in (0, 1):
        pl = s.players[p]
        own = seat == p
        players.append({
            "seat": p, "life": pl.life, "depth": rules.depth(s, p), "chanting": rules.chanting_count(s, p),
            "library": len(pl.library),
            "hand_count": len(pl.hand), "hand": _cards(s, pl.hand) if own else None,
            "forbidden_count": len(pl.forbidden), "forbidden": _cards(s, pl.forbidden) if own else None,
            "area": _area(s, p), "blank": _cards(s, pl.blank), "shown": _cards(s, pl.shown),
        })
    result = None
    if s.over:
        result = {"winner": None if s.winner == DRAWN else s.winner, "reason": str(s.reason)}
    return {
        "game": "chant", "seat": seat, "turn": s.turn, "active": s.active, "first": s.first,
        "phase": Phase(s.phase).name, "over": s.over, "result": result,
        "rules": _rules(s),
        "turn_flags": {"placed": s.placed, "book_placed": s.book_placed, "advanced": s.advanced,
                       "discarded": s.discarded, "cancels": s.cancels},
        "ready_total": rules.ready_total(s),
        "players": players,
        "stack": [_frame(s, f, seat) for f in s.stack],
    }
