"""The events of 運命予報祭 Destiny Saga and the names of their arguments (see :mod:`grimoire.core.events`).

>>> EVENTS.names("clash")
('card', 'uid', 'value', 'blocker_card', 'blocker_uid', 'blocker_value')
"""

from __future__ import annotations

from grimoire.core.events import EventSchema

_CARD = ("card", "uid")

EVENTS = EventSchema({
    "ability": ("ability",),
    "coin": (),
    "first": (),
    "shuffle": (),
    "draw": _CARD,                          # private to the drawing seat
    "mulligan": (),
    "keep": (),
    "turn": ("turn",),
    "recover": ("amount", "threads"),
    "gain": ("amount", "threads"),
    "lose": ("amount", "threads"),
    "pay": ("amount", "threads"),
    "upkeep": ("card", "uid", "power"),
    "veteran": _CARD,
    "release": _CARD,
    "summon": _CARD,
    "houki": ("discard_card", "discard_uid", "card", "uid"),
    "kijutsu": _CARD,
    "use": ("card", "uid", "timing"),
    "use_user": ("card", "uid", "timing"),
    "sense": _CARD,
    "target": _CARD,
    "no_response": (),
    "cancel": _CARD,
    "power": ("card", "uid", "delta", "power"),
    "destroyed": _CARD,
    "ready": _CARD,
    "ja": _CARD,
    "ca": ("card", "uid", "amount"),
    "hako": ("card",),
    "crisis": _CARD,
    "crisis_back": ("count",),
    "no_attack": (),
    "attack": _CARD,
    "attackers_done": ("count",),
    "attack_skipped": _CARD,
    "battle": _CARD,
    "block": _CARD,
    "unblocked": (),
    "pass": (),
    "clash": ("card", "uid", "value", "blocker_card", "blocker_uid", "blocker_value"),
    "direct": ("card", "uid", "power", "ca"),
    "leave": _CARD,
    "battle_void": _CARD,
    "blocker_left": _CARD,
    "reveal": _CARD,
    "lucky": _CARD,
    "fate": _CARD,
    "fate_skip": (),
    "game_won": ("reason",),
    "game_drawn": ("reason",),
})
