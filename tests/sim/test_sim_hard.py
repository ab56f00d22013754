"""`sim --agents hard` is reproducible: the hard level simulates with its iteration budget, not wall time.

Interactive play keeps the time cap (a person is never kept waiting); a simulation must give
the same games for the same seed however busy the machine is (README: same seed, same result).
"""

from __future__ import annotations

from grimoire.ai.registry import make_agent
from grimoire.ai.search import SearchAgent, SearchConfig
from grimoire.core.registry import load_game, plugin
from grimoire.sim.parallel import simulate_parallel
from grimoire.sim.runner import make_players


def test_hard_in_simulation_searches_its_iterations_with_no_time_cap():
    decks = (load_game("chant").cards.starter_deck("fire"),) * 2
    ordinary, swapped = make_players(("hard", "search"), "chant", decks)
    for agent in (*ordinary, *swapped):
        assert isinstance(agent, SearchAgent)
        assert agent.config == SearchConfig(iterations=plugin("chant").hard["iterations"], seconds=None)
    interactive = make_agent("hard", "chant", decks)
    assert isinstance(interactive, SearchAgent) and interactive.config.seconds == plugin("chant").hard["seconds"]


def test_hard_simulations_with_the_same_seed_are_the_same_games_even_when_time_is_short(monkeypatch):
    """With a time cap far too short to finish, a timed search would stop wherever the clock fell."""
    monkeypatch.setitem(plugin("toy").hard, "iterations", 12)  # type: ignore[index]
    monkeypatch.setitem(plugin("toy").hard, "seconds", 1e-9)  # type: ignore[index]
    deck = load_game("toy").cards.starter_deck("steady")
    runs = [simulate_parallel("toy", (deck, deck), ("hard", "random"), 4, seed=3, workers=1, progress=False)
            for _ in range(2)]
    assert runs[0].results == runs[1].results
    game = load_game("toy")
    agent = make_players(("hard", "random"), "toy", (deck, deck))[0][0]
    assert isinstance(agent, SearchAgent)
    from grimoire.core.game import Setup
    from grimoire.core.match import Match
    from grimoire.core.play import ask
    from grimoire.core.rng import Chance

    m = Match(game, Setup((deck, deck), seed=1))
    while m.decision is not None and len(m.decision.options) < 2:
        m.answer(m.decision.options[0].id)
    assert m.decision is not None
    ask(game, m.state, m.decision, agent, Chance.seeded(1))
    assert agent.stats.iterations == 12  # every iteration ran, though the clock said stop long ago
