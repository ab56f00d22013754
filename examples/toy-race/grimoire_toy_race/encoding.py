"""Toy Race's numeric encoding for learning agents (docs/protocol.md 10): the action catalogue and
a fixed-size observation of one seat's view.

>>> from grimoire.core.registry import load_game
>>> game = load_game("toy"); opts = game.options()
>>> cat = ENCODING.catalogue(game, opts)
>>> cat.ids
['draw', 'pass', 'no_trip', 'play:step1', 'play:step2', 'play:step3', 'trip:step1', 'trip:step2', 'trip:step3']
>>> ENCODING.layout(game, opts).names[:4]
['turn', 'goal', 'me.pos', 'me.hand_count']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.encoding import ActionCatalogue, Layout
from grimoire.core.game import Game

PLAYER = ("pos", "hand_count", "library_count")
DECISIONS = ("none", "turn", "trip")


class ToyEncoding:
    """:class:`~grimoire.core.encoding.Encoding` of Toy Race.

    Actions: ``draw``, ``pass``, ``no_trip``, then ``play:<card id>`` and ``trip:<card id>`` for
    every card id (the options name card ids, so the catalogue numbers them by card). The
    observation, every value in [0, 1]: the turn (of the turn limit), the goal (of 20), each
    side's position (of the goal), hand and library sizes (of 12), the seat's own hand and both
    sides' played cards as counts per card id (of 12), and which decision the seat faces.
    """

    def catalogue(self, game: Game[Any], options: Mapping[str, Any]) -> ActionCatalogue:
        return ActionCatalogue(plain=("draw", "pass", "no_trip"), by_card=("play", "trip"),
                               card_ids=sorted(game.pool.by_id))

    def layout(self, game: Game[Any], options: Mapping[str, Any]) -> Layout:
        cards = sorted(game.pool.by_id)
        lay = Layout()
        lay.slot("turn")
        lay.slot("goal")
        for side in ("me", "them"):
            lay.group(side, PLAYER)
        lay.group("hand", cards)
        for side in ("me", "them"):
            lay.group(f"played.{side}", cards)
        lay.one_hot("decision", DECISIONS)
        return lay

    def observe(self, game: Game[Any], view: dict[str, Any], decision: Decision | None,
                options: Mapping[str, Any]) -> list[float]:
        cards = sorted(game.pool.by_id)
        seat = view["seat"] if view["seat"] is not None else 0
        goal = max(1, int(view["goal"]))
        out = [min(1.0, view["turn"] / max(1, int(view["turn_limit"]))), min(1.0, goal / 20)]
        for side in (seat, 1 - seat):
            p = view["players"][side]
            out += [min(1.0, p["pos"] / goal), p["hand_count"] / 12, p["library_count"] / 12]
        hand = view["players"][seat]["hand"] or []
        out += [hand.count(c) / 12 for c in cards]
        for side in (seat, 1 - seat):
            played = view["players"][side]["played"]
            out += [played.count(c) / 12 for c in cards]
        kind = "none" if decision is None or decision.player != seat else decision.kind
        out += [1.0 if kind == d else 0.0 for d in DECISIONS]
        return out


ENCODING = ToyEncoding()
