"""Chant's board in a forum post (docs/protocol.md 1.6): each player's numbers, chant area and blank pile.

>>> from grimoire.core.registry import load_game
>>> BOARD(load_game("chant"), {"players": [{"life": 20, "hand_count": 5, "blank": [],
...     "area": [{"card": "fireball", "progress": 1, "chant": 2, "ready": False}]}]}, "en")
['P1: Life 20 / Hand 5 / Blank pile 0', '  Chant area: Fireball 1/2']
"""

from __future__ import annotations

from typing import Any

from grimoire.core.content import Localized
from grimoire.core.game import Game
from grimoire.core.thread import PostBoard, card_name


def area_card(game: Game[Any], entry: Any, lang: str) -> str:
    """A chant-area card: its name, its progress over its chant value, ★ once it is ready."""
    name = card_name(game, entry, lang)
    if isinstance(entry, dict) and "progress" in entry and "chant" in entry:
        name += f" {entry['progress']}/{entry['chant']}" + ("★" if entry.get("ready") else "")
    return name


BOARD = PostBoard(
    numbers=(("life", Localized("ライフ", "Life")), ("depth", Localized("深度", "Depth")),
             ("chanting", Localized("詠唱中", "Chanting")), ("hand_count", Localized("手札", "Hand")),
             ("library", Localized("書庫", "Library")), ("forbidden_count", Localized("禁書", "Forbidden books")),
             ("blank", Localized("空書置場", "Blank pile"))),
    zones=(("area", Localized("詠唱エリア", "Chant area")),),
    card=area_card)
