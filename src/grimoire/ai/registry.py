"""Agents by name, and the named AI levels for people.

========  ===================================  ===========================================
level     agent                                what it is like
========  ===================================  ===========================================
easy      ``random``                           picks any legal option
normal    ``greedy``                           the game's one-ply heuristic (its plugin's)
hard      ``search``                           information-set search with the budget the
                                               game's plugin sets (at most about half a
                                               second a decision)
========  ===================================  ===========================================

``lookahead`` (:mod:`grimoire.ai.lookahead`) is no level: greedy play that tries each option one
turn ahead, for the balance lab's affordable "stronger than greedy" column.

The hard budget is a number of iterations *and* a time cap, whichever ends first: in
interactive play (the terminal, the web server) the computer never keeps a person
waiting, but how far it searches then depends on how busy the machine is. Simulation
and the balance lab ask for ``timed=False``: the iterations alone, so the same seed
gives the same games on any machine, under any load.

``workers`` (or a name ending in ``@N``, such as ``hard@2``) searches with that many trees
at once, one per process (root parallelism, :mod:`grimoire.ai.parallel`): the terminal
gives the computer every core of the machine; the web server, which already thinks for
many tables at once, and simulations, which play many games at once, keep one.

:func:`make_agent` understands ``random``, ``greedy``, the levels above and search with
a budget: ``search`` (the hard budget), ``search-400`` (400 iterations a decision) or
``search-0.5s`` (half a second a decision).

>>> make_agent("random", "chant").name
'random'
>>> make_agent("lookahead", "chant").name
'lookahead'
>>> make_agent("search-400", "chant").config.iterations
400
>>> make_agent("search-0.5s", "chant").config.seconds
0.5
>>> make_agent("hard", "chant").config.seconds, make_agent("hard", "chant", timed=False).config.seconds
(0.45, None)
>>> make_agent("search-0.1s@2", "chant").config.workers
2
>>> make_agent("wizard", "chant")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: unknown agent 'wizard'; agents: greedy, lookahead, random, levels: ...hard, ...
>>> make_level_agent("godlike", "chant")
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: unknown level 'godlike'; levels: easy, normal, hard
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.play import Agent, RandomAgent
from grimoire.core.registry import plugin

from .lookahead import LookaheadAgent
from .parallel import MAX_WORKERS, ParallelSearchAgent
from .search import SearchAgent, SearchConfig

AGENTS = ("greedy", "lookahead", "random")
LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "search"}


def hard_config(game_name: str, timed: bool = True) -> SearchConfig:
    """The search budget of ``hard`` for a game (its plugin's ``hard`` settings); ``timed=False`` drops
    the time cap and keeps the iterations (reproducible: see the module docstring)."""
    settings = dict(plugin(game_name).hard)
    iterations, seconds = settings.get("iterations"), settings.get("seconds")
    if not timed and iterations is not None:
        seconds = None
    return SearchConfig(iterations=iterations, seconds=seconds)


def search_config(name: str, game_name: str, timed: bool = True) -> SearchConfig:
    """The search settings a name like ``search``, ``search-400`` or ``search-0.5s`` asks for."""
    if name == "search":
        return hard_config(game_name, timed)
    budget = name.removeprefix("search-")
    try:
        if budget.endswith("s"):
            return SearchConfig(iterations=None, seconds=float(budget[:-1]))
        return SearchConfig(iterations=int(budget))
    except ValueError:
        raise GrimoireError(f"bad search budget in {name!r}: use search-<iterations> or search-<seconds>s") from None


def make_agent(name: str, game_name: str, decks: Sequence[Deck | None] | None = None, *,
               timed: bool = True, workers: int = 1) -> Agent:
    """A fresh agent called ``name`` (an agent, a level or ``search[-budget]``) for game ``game_name``.

    ``decks`` are ``(own, opponent)`` deck lists for search agents (others ignore them);
    ``timed=False``: the ``hard`` level searches its iterations with no time cap;
    ``workers``: trees searched at once, one per process (search agents only).
    """
    name, at, count = name.partition("@")
    if at:
        if not count.isdigit() or not 1 <= int(count) <= MAX_WORKERS:
            raise GrimoireError(f"bad search workers in {name + at + count!r}: "
                                f"use NAME@N with N from 1 to {MAX_WORKERS}")
        if name not in ("hard", "search") and not name.startswith("search-"):
            raise GrimoireError(f"only searching agents think with several workers, not {name!r}")
        workers = int(count)
    name = LEVELS.get(name, name)
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        agent = plugin(game_name).greedy_agent()
        if agent is None:
            raise GrimoireError(f"game {game_name!r} has no greedy agent")
        return agent
    if name == "lookahead":
        return LookaheadAgent(decks=decks)
    if name == "search" or name.startswith("search-"):
        config = search_config(name, game_name, timed)
        if workers > 1:
            return ParallelSearchAgent(dataclasses.replace(config, workers=workers), decks=decks, name=name)
        return SearchAgent(config, decks=decks, name=name)
    raise GrimoireError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}, levels: {', '.join(LEVELS)}, "
                        "search, search-<iterations>, search-<seconds>s")


def make_level_agent(level: str, game_name: str, decks: Sequence[Deck | None] | None = None, *,
                     workers: int = 1) -> Agent:
    """The agent of a named level (``easy``, ``normal``, ``hard``) for ``game_name``."""
    if level not in LEVELS:
        raise GrimoireError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return make_agent(level, game_name, decks, workers=workers)
