"""Agents by name: ``random`` and ``greedy`` (the game's own one-ply heuristic).

>>> make_agent("random", "chant").name
'random'
>>> make_agent("wizard", "chant")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: unknown agent 'wizard'; agents: greedy, random, levels: easy, normal, hard, ...
"""

from __future__ import annotations

import importlib

from grimoire.core.errors import GrimoireError

from .base import Agent
from .random_agent import RandomAgent

AGENTS = ("greedy", "random")

#: The greedy agent of each game, as ``module:Class`` (games may add theirs).
GREEDY: dict[str, str] = {
    "chant": "grimoire.ai.greedy_chant:GreedyChant",
    "destiny": "grimoire.ai.greedy_destiny:GreedyDestiny",
}


def make_agent(name: str, game_name: str) -> Agent:
    """A fresh agent called ``name`` for the game ``game_name``."""
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        target = GREEDY.get(game_name)
        if target is None:
            raise GrimoireError(f"no greedy agent for game {game_name!r}")
        module_name, _, cls_name = target.partition(":")
        agent: Agent = getattr(importlib.import_module(module_name), cls_name)()
        return agent
    from .levels import LEVELS, make_any_agent  # levels build on this registry

    if name in LEVELS or name == "search" or name.startswith("search-"):
        return make_any_agent(name, game_name)
    raise GrimoireError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}, levels: {', '.join(LEVELS)}, "
                        "search, search-<iterations>, search-<seconds>s")
