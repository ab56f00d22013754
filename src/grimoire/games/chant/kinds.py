"""The kinds of 詠唱 Chant's events and decisions, declared once for the type checker.

Each game module that makes an event collects ``ChantEvent`` s and each that makes a
decision returns a ``ChantDecision``: mypy refuses a kind not listed here where it is made
(see :mod:`grimoire.core.kinds`). The event schema (:mod:`.events`) is keyed by the same
kinds, and a test checks that the two lists agree.

>>> from typing import get_args
>>> "draw" in get_args(EventKind), "target" in get_args(DecisionKind)
(True, True)
>>> "place" in get_args(OptionPrefix)
True
"""

from __future__ import annotations

from typing import Literal

from grimoire.core.decision import Decision, Event

EventKind = Literal[
    "first", "turn", "phase", "draw", "deck_out", "place", "tutor_place", "tutor_hand", "tutor_miss", "book",
    "underlay", "advance", "rewind", "ready", "chanting", "discard", "boost", "hinder", "ability", "activate",
    "attack", "counter", "nocounter", "clash", "damage", "pay_life", "gain_life", "power_bonus", "leave",
    "to_blank", "reveal", "pick", "shuffle", "runaway", "runaway_damage", "game_won", "game_drawn"
]
"""Every kind of event the game emits (the keys of :data:`.events.EVENTS`)."""

DecisionKind = Literal[
    "chant", "underlay", "discard_mode", "activate", "end_activate", "counter", "spend_underlay", "spread",
    "pay_life", "target", "reveal", "pick", "discard_cards"
]
"""Every kind of decision the game asks (the prompt key is ``ask.<kind>``)."""

OptionPrefix = Literal[
    "place", "book", "advance", "discard", "ability", "activate", "target", "counter", "under", "pay",
    "reveal", "pick", "end", "done", "cancel", "nocounter", "boost", "hinder"
]
"""Every option id's prefix: the part before ``:`` (``place:12``), or the whole id when it has none
(``end``). The game's ``opt`` helper takes one (see :class:`grimoire.core.kinds.OptionMaker`)."""

ChantEvent = Event[EventKind]
ChantDecision = Decision[DecisionKind]

__all__ = ["ChantDecision", "ChantEvent", "DecisionKind", "EventKind", "OptionPrefix"]
