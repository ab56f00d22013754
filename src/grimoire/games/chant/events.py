"""The events of 詠唱 Chant and the names of their arguments (see :mod:`grimoire.core.events`).

>>> EVENTS.names("advance")
('card', 'uid', 'by', 'progress')
"""

from __future__ import annotations

from grimoire.core.events import EventSchema

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
})
