"""The events of 運命予報祭 Destiny Saga and the names of their arguments (see :mod:`grimoire.core.events`).

Each kind names the rule of docs/rules/destiny.md that produces it (``RULES``; a key
``"<kind> <first argument>"`` refines it, e.g. a game drawn by the turn limit) and the
arguments that only explain it (``DETAILS``: each side's power, attribute and attribute
modifier in a battle; the threads before the loss that led to a Lucky! reveal, and the loss).

>>> EVENTS.names("clash")[:6]
('card', 'uid', 'value', 'blocker_card', 'blocker_uid', 'blocker_value')
>>> EVENTS.rules["clash"], EVENTS.fingerprinted("clash"), len(EVENTS.names("clash"))
('6.3', 6, 12)
"""

from __future__ import annotations

from grimoire.core.events import EventSchema

_CARD = ("card", "uid")

RULES: dict[str, str] = {
    "ability": "2.3", "coin": "2.4", "first": "2.4", "shuffle": "2.5", "draw": "5.1",
    "mulligan": "2.6", "keep": "2.6", "turn": "4.1", "recover": "5.2",
    "gain": "1.1", "lose": "1.1", "pay": "8.1",
    "upkeep": "5.3", "veteran": "3.1", "release": "5.3", "summon": "5.4.1",
    "houki": "9.1", "kijutsu": "9.2", "sense": "9.3", "hako": "9.4", "crisis": "9.4", "crisis_back": "9.4.3",
    "use": "7.1", "use_user": "7.5", "target": "7.4", "no_response": "7.3", "cancel": "7.3",
    "power": "3.2", "destroyed": "7", "ready": "7.5", "ja": "6.4.3", "ca": "6.5.5",
    "no_attack": "5.5", "attack": "5.5.1", "attackers_done": "5.5.1", "attack_skipped": "5.5.3",
    "battle": "5.5.2", "block": "6.1", "unblocked": "6.1", "pass": "6.2",
    "clash": "6.3", "direct": "6.5.4", "leave": "6.5.6", "battle_void": "6.2.4", "blocker_left": "6.2.4",
    "reveal": "8.2.2", "lucky": "8.2.1", "fate": "5.6", "fate_skip": "5.6",
    "game_won": "10.1", "game_won second_zero": "8.2.3", "game_won deck_out": "5.1",
    "game_won no_lucky": "8.2.2", "game_won empty_deck_at_reveal": "8.2.2",
    "game_drawn": "10.2", "game_drawn turn_limit": "10.3",
}

DETAILS: dict[str, tuple[str, ...]] = {
    "clash": ("attacker_power", "attacker_attribute", "attacker_mod",
              "blocker_power", "blocker_attribute", "blocker_mod"),
    "reveal": ("threads_before", "loss"),
    "lucky": ("threads_before", "loss"),
}

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
}, RULES, DETAILS)
