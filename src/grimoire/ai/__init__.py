"""Agents: anything that answers a decision from a seat's view — generic over every game.

The protocol (:class:`~grimoire.core.play.Agent`), the uniform random agent and the
play loop live in the core; this package adds information-set search
(:mod:`.search`) and agents by name and level (:mod:`.registry`). A game's own
heuristic agent and search hooks come from its plugin.
"""

from grimoire.core.play import Agent, RandomAgent, act

from .registry import AGENTS, LEVELS, make_agent, make_level_agent
from .search import SearchAgent, SearchConfig

__all__ = ["AGENTS", "LEVELS", "Agent", "RandomAgent", "SearchAgent", "SearchConfig", "act", "make_agent",
           "make_level_agent"]
