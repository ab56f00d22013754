"""The game-agnostic engine core: standard library only.

Decision protocol, chance, typed events, options, card and deck loading, records and
replay, the play loop, the game plugin contract and registry, and the conformance
checker. Games live in :mod:`grimoire.games`.
"""

from .cardset import CardSet
from .decision import DRAWN, ONGOING, Decision, Event, Option, Outcome, Termination, option_uid, split_option
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
from .events import EventSchema
from .game import Game, GameEnded, Setup
from .match import Match
from .play import Agent, RandomAgent, ask, play
from .plugin import GameMetrics, GamePlugin, SearchHooks
from .records import GameRecord
from .registry import game_names, load_game, plugin
from .replay import verify
from .rng import Chance

__all__ = [
    "DRAWN", "ONGOING", "Agent", "CardSet", "Chance", "ContentError", "Decision", "Deck", "DeckError", "DeckRules",
    "Event", "EventSchema", "Game", "GameEnded", "GameMetrics", "GameOver", "GamePlugin", "GameRecord",
    "GrimoireError", "IllegalAnswer", "Match", "NotationError", "Option", "OptionsError", "Outcome", "RandomAgent",
    "RecordError", "SearchHooks", "Section", "Setup", "Termination", "ask", "game_names", "load_game", "option_uid",
    "play", "plugin", "split_option", "verify",
]
