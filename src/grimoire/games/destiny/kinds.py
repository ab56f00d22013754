"""The kinds of 運命予報祭 Destiny Saga's events and decisions, declared once for the type checker.

Each game module that makes an event collects ``DestinyEvent`` s and each that makes a
decision returns a ``DestinyDecision``: mypy refuses a kind not listed here where it is made
(see :mod:`grimoire.core.kinds`). The event schema (:mod:`.events`) is keyed by the same
kinds, and a test checks that the two lists agree.

>>> from typing import get_args
>>> "draw" in get_args(EventKind), "target" in get_args(DecisionKind)
(True, True)
"""

from __future__ import annotations

from typing import Literal

from grimoire.core.decision import Decision, Event

EventKind = Literal[
    "ability", "coin", "first", "shuffle", "draw", "mulligan", "keep", "turn", "recover", "gain", "lose", "pay",
    "upkeep", "veteran", "release", "summon", "houki", "kijutsu", "use", "use_user", "sense", "target",
    "no_response", "cancel", "power", "destroyed", "ready", "ja", "ca", "hako", "crisis", "crisis_back",
    "no_attack", "attack", "attackers_done", "attack_skipped", "battle", "block", "unblocked", "pass", "clash",
    "direct", "leave", "battle_void", "blocker_left", "reveal", "lucky", "fate", "fate_skip", "game_won",
    "game_drawn"
]
"""Every kind of event the game emits (the keys of :data:`.events.EVENTS`)."""

DecisionKind = Literal[
    "ability", "mulligan", "upkeep", "summon", "houki", "kijutsu", "sense", "target", "response", "attackers",
    "block", "window", "fate"
]
"""Every kind of decision the game asks (the prompt key is ``ask.<kind>``)."""

OptionPrefix = Literal[
    "ability", "none", "keep", "mulligan", "pay", "release", "summon", "effect", "select", "use", "target",
    "attack", "block", "done", "pass", "skip"
]
"""Every option id's prefix: the part before ``:`` (``summon:12``), or the whole id when it has none
(``done``). The game's ``opt`` helper takes one (see :class:`grimoire.core.kinds.OptionMaker`)."""

DestinyEvent = Event[EventKind]
DestinyDecision = Decision[DecisionKind]

__all__ = ["DecisionKind", "DestinyDecision", "DestinyEvent", "EventKind", "OptionPrefix"]
