"""Destiny's board in a forum post (docs/protocol.md 1.6): each player's numbers, field and crisis zone.

>>> from grimoire.core.registry import load_game
>>> game = load_game("destiny")
>>> BOARD(game, {"players": [{"threads": 15, "hand_count": 5, "deck": 30, "discard": [], "field": []}]}, "en")
['P1: Threads 15 / Hand 5 / Deck 30 / Discard 0']
"""

from __future__ import annotations

from typing import Any

from grimoire.core.content import Localized
from grimoire.core.game import Game
from grimoire.core.thread import PostBoard, card_name


def field_card(game: Game[Any], entry: Any, lang: str) -> str:
    """A card in play: its name and its power."""
    name = card_name(game, entry, lang)
    if isinstance(entry, dict) and "power" in entry:
        name += f" {'power' if lang == 'en' else '力'}{entry['power']}"
    return name


BOARD = PostBoard(
    numbers=(("threads", Localized("運命の糸", "Threads")), ("hand_count", Localized("手札", "Hand")),
             ("deck", Localized("山札", "Deck")), ("discard", Localized("捨て札", "Discard"))),
    zones=(("field", Localized("場", "Field")), ("crisis", Localized("クライシス場", "Crisis zone"))),
    card=field_card)
