"""One timed search measurement, run in its own process by ``bench/search_speed.py``.

Usage::

    python bench/_search_worker.py GAME ITERATIONS POSITIONS [WORKERS]

Plays seeded games between two greedy agents (starter decks, every ordered pair in turn) and
takes every third decision with more than one option until it has ``POSITIONS`` of them; then
a search agent with the game's ``hard`` settings but ``ITERATIONS`` iterations a decision (no
time cap) answers each from the seat's view; with ``WORKERS`` above 1, that many trees at once
(root parallelism, one process each; the processes are started before the clock runs).
Prints one JSON object: iterations, seconds of search, decisions and whether the engine is
compiled. Only APIs older revisions also have are used (but for ``WORKERS``), so the same
worker measures a baseline revision.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from typing import Any


def positions(name: str, count: int) -> list[tuple[dict[str, Any], Any, tuple[Any, Any]]]:
    from grimoire.ai.registry import make_agent
    from grimoire.core.game import Setup
    from grimoire.core.registry import load_game
    from grimoire.core.rng import Chance

    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    pairs = [(a, b) for a in starters for b in starters]
    out: list[tuple[dict[str, Any], Any, tuple[Any, Any]]] = []
    g = 0
    while len(out) < count:
        a, b = pairs[g % len(pairs)]
        decks = (game.cards.starter_deck(a), game.cards.starter_deck(b))
        state = game.new_state(Setup(decks, game.options(), seed=500 + g))
        chance = Chance.seeded(g)
        greedy = make_agent("greedy", name)
        seen = 0
        while (d := game.decision(state)) is not None and len(out) < count:
            view = game.view(state, d.player)
            if len(d.options) > 1:
                if seen % 3 == 0:
                    out.append((view, d, decks if d.player == 0 else (decks[1], decks[0])))
                seen += 1
            game.apply(state, greedy.choose(game, view, d, chance))
        g += 1
    return out


def main() -> None:
    from grimoire.ai.registry import hard_config
    from grimoire.ai.search import SearchAgent
    from grimoire.core.registry import load_game
    from grimoire.core.rng import Chance

    name, iterations, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    game = load_game(name)
    config = dataclasses.replace(hard_config(name, timed=False), iterations=iterations, seconds=None)
    todo = positions(name, count)
    make: Any = SearchAgent
    if workers > 1:
        from grimoire.ai.parallel import ParallelSearchAgent

        config = dataclasses.replace(config, workers=workers)
        make = ParallelSearchAgent
        view, decision, decks = todo[0]
        make(config, decks=decks).choose(game, view, decision, Chance.seeded(0))  # starts the processes
    total_iterations, seconds = 0, 0.0
    for i, (view, decision, decks) in enumerate(todo):
        agent = make(config, decks=decks)
        began = time.perf_counter()
        agent.choose(game, view, decision, Chance.seeded(i))
        seconds += time.perf_counter() - began
        total_iterations += agent.stats.iterations
    compiled = not SearchAgent.__module__ or not str(getattr(sys.modules[SearchAgent.__module__], "__file__", "")
                                                         ).endswith(".py")
    print(json.dumps({"iterations": total_iterations, "seconds": seconds, "decisions": len(todo),
                      "compiled": compiled}))


if __name__ == "__main__":
    main()
