"""The game-agnostic engine core: standard library only.

Decision protocol, chance, events, options, card and deck loading, records and
replay, matches and the conformance checker. Games live in :mod:`grimoire.games`.
"""

from .decision import Decision, Event, Option, Outcome
from .decks import Deck, DeckRules, Section
from .errors import (
    ContentError,
    DeckError,
    GameOver,
    GrimoireError,
    IllegalAnswer,
    NotationError,
    OptionsError,
    RecordError,
)
from .game import Game, Setup
from .match import Match
from .records import GameRecord, verify
from .registry import load_game
from .rng import Chance

__all__ = [
    "Chance", "ContentError", "Decision", "Deck", "DeckError", "DeckRules", "Event", "Game", "GameOver",
    "GameRecord", "GrimoireError", "IllegalAnswer", "Match", "NotationError", "Option", "OptionsError",
    "Outcome", "RecordError", "Section", "Setup", "load_game", "verify",
]
