"""Named AI levels for people, and agents by name including search.

========  ===================================  ===========================================
level     agent                                what it is like
========  ===================================  ===========================================
easy      ``random``                           picks any legal option
normal    ``greedy``                           the game's one-ply heuristic
hard      ``search`` (:data:`HARD`)            information-set search, about a second a
                                               decision at most on a laptop core
========  ===================================  ===========================================

:func:`make_any_agent` understands the registry's names (``random``, ``greedy``), the
levels above, and search with a budget: ``search`` (the hard budget),
``search-400`` (400 iterations a decision) or ``search-0.5s`` (half a second a
decision).

>>> make_level_agent("easy", "chant").name
'random'
>>> make_any_agent("search-400", "chant").config.iterations
400
>>> make_any_agent("search-0.5s", "chant").config.seconds
0.5
>>> make_level_agent("godlike", "chant")
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: unknown level 'godlike'; levels: easy, normal, hard
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError

from .base import Agent
from .registry import make_agent
from .search import SearchAgent, SearchConfig

LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "search"}

#: The search budget of ``hard`` per game: 1,000 iterations (about half a second on one laptop
#: core, see docs/performance.md), cut short at 0.9 s so that no decision takes much over a second.
HARD: dict[str, SearchConfig] = {
    "chant": SearchConfig(iterations=1000, seconds=0.9),
    "destiny": SearchConfig(iterations=1000, seconds=0.9),
}
DEFAULT_HARD = SearchConfig(iterations=1000, seconds=0.9)


def search_config(name: str, game_name: str) -> SearchConfig:
    """The search settings a name like ``search``, ``search-400`` or ``search-0.5s`` asks for."""
    if name == "search":
        return HARD.get(game_name, DEFAULT_HARD)
    budget = name.removeprefix("search-")
    try:
        if budget.endswith("s"):
            return SearchConfig(iterations=None, seconds=float(budget[:-1]))
        return SearchConfig(iterations=int(budget))
    except ValueError:
        raise GrimoireError(f"bad search budget in {name!r}: use search-<iterations> or search-<seconds>s") from None


def make_any_agent(name: str, game_name: str, decks: Sequence[Deck | None] | None = None) -> Agent:
    """An agent by name: a level, ``search[-budget]``, or any name the agent registry knows.

    ``decks`` are ``(own, opponent)`` deck lists for search agents (others ignore them).
    """
    name = LEVELS.get(name, name)
    if name == "search" or name.startswith("search-"):
        return SearchAgent(search_config(name, game_name), decks=decks, name=name)
    return make_agent(name, game_name)


def make_level_agent(level: str, game_name: str, decks: Sequence[Deck | None] | None = None) -> Agent:
    """The agent of a named level (``easy``, ``normal``, ``hard``) for ``game_name``."""
    if level not in LEVELS:
        raise GrimoireError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return make_any_agent(level, game_name, decks)
