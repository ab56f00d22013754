"""One timed measurement, run in its own process by ``bench/peers.py``.

Usage::

    python bench/_speed_worker.py grimoire GAME SECONDS   # random self-play decisions/s
    python bench/_speed_worker.py clones GAME SECONDS     # clones/s of mid-game states
    python bench/_speed_worker.py uno SECONDS             # RLCard's Uno raw game, random actions/s
    python bench/_speed_worker.py hearts SECONDS          # OpenSpiel's hearts (C++), random actions/s

Prints one JSON object: ``{"count": N, "seconds": S, "compiled": bool}``. The Uno and hearts
modes need only ``rlcard`` / ``open_spiel`` (they run in the peers' own environment, without
Grimoire).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any


def grimoire_self_play(name: str, seconds: float) -> tuple[int, float]:
    """Random self-play with the trusted ``apply_unchecked`` until ``seconds`` have passed."""
    from grimoire.core.game import Setup
    from grimoire.core.registry import load_game
    from grimoire.core.rng import Chance

    game = load_game(name)
    decks = [game.cards.starter_deck(d) for d in sorted(game.cards.starter_decks())]
    chooser = Chance.seeded(7)
    count, i = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(Setup((decks[i % len(decks)], decks[(i + 1) % len(decks)]), game.options(),
                                     seed=1000 + i))
        while (d := game.decision(state)) is not None:
            game.apply_unchecked(state, d.options[chooser.below(len(d.options))].id, [])
            count += 1
        i += 1
    return count, time.perf_counter() - start


def grimoire_clones(name: str, seconds: float) -> tuple[int, float]:
    """Clone states taken 60 decisions into random games until ``seconds`` have passed."""
    from grimoire.core.game import Setup
    from grimoire.core.registry import load_game
    from grimoire.core.rng import Chance

    game = load_game(name)
    decks = [game.cards.starter_deck(d) for d in sorted(game.cards.starter_decks())]
    chooser = Chance.seeded(7)
    mids: list[Any] = []
    for i in range(200):
        state = game.new_state(Setup((decks[i % len(decks)], decks[(i + 1) % len(decks)]), game.options(),
                                     seed=1000 + i))
        for _ in range(60):
            d = game.decision(state)
            if d is None:
                break
            game.apply_unchecked(state, d.options[chooser.below(len(d.options))].id, [])
        else:
            mids.append(state)
    clone = game.clone
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in mids:
            clone(s)
        count += len(mids)
    return count, time.perf_counter() - start


def uno_self_play(seconds: float) -> tuple[int, float]:
    """RLCard's Uno raw game (no environment wrapper), two players, uniformly random legal actions."""
    import random

    from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found]

    game = UnoGame(num_players=2)
    game.np_random.seed(7)
    chooser = random.Random(7)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(chooser.choice(game.get_legal_actions()))
            count += 1
    return count, time.perf_counter() - start


def hearts_self_play(seconds: float) -> tuple[int, float]:
    """OpenSpiel's hearts (C++ game driven from Python), four players, uniformly random legal actions.

    Only the players' decisions are counted (12 passes and 52 plays a game). Chance nodes (the
    pass direction and the deal) are sampled and not counted: every outcome of hearts' chance
    nodes has the same probability, so a uniform pick among ``legal_actions()`` samples them
    exactly; their time is part of the measured time, as Grimoire's shuffles are.
    """
    import random

    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("hearts")
    chooser = random.Random(7)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.legal_actions()))
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
                count += 1
    return count, time.perf_counter() - start


def is_compiled() -> bool:
    """Whether the imported Grimoire engine is the mypyc-compiled build."""
    try:
        import grimoire.games.chant.rules as rules
    except ImportError:
        return False
    return not str(rules.__file__).endswith(".py")


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode in ("uno", "hearts"):
        count, secs = (uno_self_play if mode == "uno" else hearts_self_play)(float(argv[1]))
        print(json.dumps({"count": count, "seconds": secs, "compiled": False}))
        return
    name, seconds = argv[1], float(argv[2])
    run = grimoire_self_play if mode == "grimoire" else grimoire_clones
    count, secs = run(name, seconds)
    print(json.dumps({"count": count, "seconds": secs, "compiled": is_compiled()}))


if __name__ == "__main__":
    main(sys.argv[1:])
