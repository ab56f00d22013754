"""The events of 詠唱 Chant and the names of their arguments (see :mod:`grimoire.core.events`).

Each kind names the rule of docs/rules/chant.md that produces it (``RULES``; a key
``"<kind> <first argument>"`` refines it, e.g. a game won by deck-out) and the
arguments that only explain it (``DETAILS``: the damaged player's depth and whether the phase multiplies it).

>>> EVENTS.names("advance")
('card', 'uid', 'by', 'progress')
>>> EVENTS.names("damage"), EVENTS.rules["damage"]
(('amount', 'multiplier', 'total', 'life', 'depth', 'when'), '5.5.1')
"""

from __future__ import annotations

from grimoire.core.events import EventSchema

RULES: dict[str, str] = {
    "first": "1.6.3", "first chosen": "11",
    "turn": "1.7.1", "phase": "1.7.1",
    "draw": "2.1", "deck_out": "2.3",
    "place": "3.2.1", "tutor_place": "10.8", "tutor_hand": "10.8", "tutor_miss": "10.3",
    "book": "3.2.2", "underlay": "3.2.2",
    "advance": "1.3.3", "rewind": "1.3.4", "ready": "1.3.2", "chanting": "1.3.4",
    "discard": "3.2.4", "boost": "3.2.4", "hinder": "3.2.4", "ability": "3.2.5",
    "activate": "5.1.1", "attack": "5.2.1", "power_bonus": "5.2.1",
    "counter": "5.3.1", "nocounter": "5.3.1", "clash": "5.4.2",
    "damage": "5.5.1", "pay_life": "9.1", "gain_life": "9.4",
    "leave": "5.6.1", "to_blank": "5.6.2",
    "reveal": "10.3", "pick": "10.3", "shuffle": "10.4",
    "runaway": "6.2", "runaway_damage": "6.3.1",
    "game_won": "1.1.2", "game_won life": "9.2", "game_won deck_out": "2.3", "game_won runaway": "6.3.2",
    "game_drawn": "9.3", "game_drawn turn_limit": "9.5",
}

EVENTS = EventSchema({
    "first": ("coin",),                     # heads / tails (a coin toss) or chosen (an option)
    "turn": ("turn",),
    "phase": ("phase",),                    # D, C, A, E
    "draw": ("card",),                      # private to the drawing seat
    "deck_out": (),
    "place": ("card", "uid"),
    "tutor_place": ("card", "uid"),
    "tutor_hand": ("card",),
    "tutor_miss": ("card",),
    "book": ("card", "uid"),
    "underlay": ("card", "uid", "book_card"),
    "advance": ("card", "uid", "by", "progress"),
    "rewind": ("card", "uid", "by", "progress"),
    "ready": ("card", "uid"),
    "chanting": ("card", "uid"),
    "discard": ("card", "uid"),
    "boost": ("attribute",),
    "hinder": ("attribute",),
    "ability": ("card", "uid", "cost"),
    "activate": ("card", "uid"),
    "attack": ("card", "uid", "power"),
    "counter": ("card", "uid"),
    "nocounter": (),
    "clash": ("card", "power", "counter_card", "counter_power"),
    "damage": ("amount", "multiplier", "total", "life"),
    "pay_life": ("amount", "life"),
    "gain_life": ("amount", "life"),
    "power_bonus": ("card", "bonus"),
    "leave": ("card", "uid"),
    "to_blank": ("card", "uid"),
    "reveal": ("card", "uid"),
    "pick": ("card", "uid"),
    "shuffle": (),
    "runaway": ("ready", "coin"),
    "runaway_damage": ("seat0_cards", "seat1_cards"),
    "game_won": ("reason",),
    "game_drawn": ("reason",),
}, RULES, {
    "damage": ("depth", "when"),            # the damaged player's depth; a_phase / not_a_phase / every_phase (5.5.2)
})
