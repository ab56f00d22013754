"""Root parallelism: several search trees at once, one per process, their root visits added up."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from grimoire.ai import parallel
from grimoire.ai.parallel import ParallelSearchAgent, merge
from grimoire.ai.registry import make_agent, make_level_agent
from grimoire.ai.search import SearchAgent, SearchConfig, SearchStats, best_option, hooks_for
from grimoire.cli.main import app
from grimoire.core.decision import Decision
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance


def position(game_name: str, steps: int) -> tuple[Game[Any], Any, Decision, tuple[Any, Any]]:
    """A seeded position after ``steps`` random answers with more than one option to choose from."""
    game = load_game(game_name)
    names = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(names[0]), game.cards.starter_deck(names[1]))
    state = game.new_state(Setup(decks, game.options(), seed=5))
    chance = Chance.seeded(9)
    done = 0
    while (d := game.decision(state)) is not None:
        if len(d.options) > 1:
            if done >= steps:
                return game, state, d, decks
            done += 1
        game.apply(state, d.options[chance.below(len(d.options))].id)
    raise AssertionError("the game ended before the position")


def seat_decks(decks: tuple[Any, Any], seat: int) -> tuple[Any, Any]:
    return (decks[seat], decks[1 - seat])


@pytest.mark.parametrize("game_name", ["chant", "destiny"])
def test_parallel_search_adds_up_the_trees_each_worker_would_grow_alone(game_name: str) -> None:
    game, state, d, decks = position(game_name, 6)
    view = game.view(state, d.player)
    config = SearchConfig(iterations=61, workers=3)
    agent = ParallelSearchAgent(config, decks=seat_decks(decks, d.player))
    answer = agent.choose(game, view, d, Chance.seeded(4))
    # the same three shares grown one after another in this process
    chance = Chance.seeded(4)
    seeds = [chance.next64() for _ in range(3)]
    alone = SearchAgent(config, decks=seat_decks(decks, d.player))
    shares = zip(seeds, (21, 20, 20), strict=True)
    trees = [alone.search(game, view, d, Chance.seeded(seed), share) for seed, share in shares]
    expected = merge(trees, 0.0)
    assert agent.stats.visits == expected.visits
    assert agent.stats.iterations == 61 == sum(agent.stats.visits.values())
    assert agent.stats.shares == [21, 20, 20]
    assert answer == best_option(d.ids(), expected, chance)
    assert answer in d.ids()


def test_parallel_search_is_reproducible_for_a_seed() -> None:
    game, state, d, decks = position("chant", 10)
    view = game.view(state, d.player)
    runs = []
    for _ in range(2):
        agent = ParallelSearchAgent(SearchConfig(iterations=40, workers=2), decks=seat_decks(decks, d.player))
        runs.append((agent.choose(game, view, d, Chance.seeded(8)), agent.stats.visits))
    assert runs[0] == runs[1]


def test_one_worker_is_the_plain_search() -> None:
    game, state, d, decks = position("destiny", 4)
    view = game.view(state, d.player)
    single = SearchAgent(SearchConfig(iterations=30), decks=seat_decks(decks, d.player))
    wrapped = ParallelSearchAgent(SearchConfig(iterations=30), decks=seat_decks(decks, d.player))
    assert single.choose(game, view, d, Chance.seeded(2)) == wrapped.choose(game, view, d, Chance.seeded(2))
    assert single.stats.visits == wrapped.stats.visits


def test_a_time_budget_applies_to_every_tree() -> None:
    game, state, d, decks = position("chant", 3)
    agent = ParallelSearchAgent(SearchConfig(iterations=None, seconds=0.05, workers=2),
                                decks=seat_decks(decks, d.player))
    agent.choose(game, game.view(state, d.player), d, Chance.seeded(1))
    # both trees searched until the cap (no iteration budget to share out), each at least once
    assert len(agent.stats.shares) == 2 and min(agent.stats.shares) >= 1
    assert agent.stats.iterations == sum(agent.stats.shares) == sum(agent.stats.visits.values())


def test_a_worker_that_died_is_started_again() -> None:
    game, state, d, decks = position("chant", 2)
    view = game.view(state, d.player)
    agent = ParallelSearchAgent(SearchConfig(iterations=20, workers=2), decks=seat_decks(decks, d.player))
    agent.choose(game, view, d, Chance.seeded(1))
    worker = parallel._WORKERS[0]
    worker.process.kill()
    worker.process.join(timeout=5)
    assert agent.choose(game, view, d, Chance.seeded(1)) in d.ids()
    assert parallel._WORKERS[0] is not worker and parallel._WORKERS[0].alive()
    assert agent.stats.iterations == 20


def test_merge_keeps_the_first_trees_prior_and_adds_scores() -> None:
    a = SearchStats(2, 0.1, 3, {"x": 1, "y": 1}, {"x": 1.0, "y": 0.0}, "y")
    b = SearchStats(2, 0.1, 3, {"x": 1, "y": 1}, {"x": 0.0, "y": 1.0}, "y")
    merged = merge([a, b], 0.1)
    assert merged.visits == {"x": 2, "y": 2}
    assert merged.totals == {"x": 1.0, "y": 1.0}
    # equal visits: the greedy agent's answer (the prior) decides
    assert best_option(["x", "y"], merged, Chance.seeded(0)) == "y"


def test_search_workers_below_one_are_refused() -> None:
    with pytest.raises(GrimoireError, match="search workers must be at least 1, got 0"):
        SearchConfig(iterations=10, workers=0)


def test_the_hard_level_with_workers_searches_in_parallel_with_its_time_cap() -> None:
    agent = make_level_agent("hard", "chant", workers=2)
    assert isinstance(agent, ParallelSearchAgent)
    assert agent.config.workers == 2 and agent.config.seconds == 0.45
    assert isinstance(make_agent("hard", "chant"), SearchAgent)
    assert isinstance(make_agent("greedy", "chant", workers=4), type(make_agent("greedy", "chant")))


def test_play_refuses_a_bad_think_workers_count() -> None:
    result = CliRunner().invoke(app, ["play", "chant", "--vs", "hard", "--think-workers", "0"])
    assert result.exit_code == 2
    assert "--think-workers" in result.output


def teardown_module() -> None:
    parallel.shutdown()
    assert not parallel._WORKERS


@pytest.mark.parametrize(("name", "message"), [
    ("hard@0", "bad search workers in 'hard@0'"),
    ("hard@many", "bad search workers in 'hard@many'"),
    ("greedy@2", "only searching agents think with several workers, not 'greedy'"),
])
def test_bad_worker_counts_in_agent_names_are_one_line_errors(name: str, message: str) -> None:
    with pytest.raises(GrimoireError, match=message):
        make_agent(name, "chant")


def test_an_agent_name_can_ask_for_several_search_workers() -> None:
    agent = make_agent("search-0.1s@3", "destiny")
    assert isinstance(agent, ParallelSearchAgent)
    assert (agent.config.workers, agent.config.seconds, agent.config.iterations) == (3, 0.1, None)


class UnreadableHooks:
    """The game's own hooks, which a worker process cannot unpickle."""

    def __init__(self, game_name: str) -> None:
        self.inner = hooks_for(game_name)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (int, ("not a number",))  # unpickling raises ValueError


def test_a_failed_search_leaves_no_answer_behind_for_the_next_one() -> None:
    game, state, d, decks = position("chant", 5)
    view = game.view(state, d.player)
    broken = ParallelSearchAgent(SearchConfig(iterations=30, workers=3), decks=seat_decks(decks, d.player),
                                 hooks=UnreadableHooks("chant"))  # type: ignore[arg-type]
    with pytest.raises(GrimoireError, match="search worker failed: ValueError"):
        broken.choose(game, view, d, Chance.seeded(4))
    # the next search reads its own answers: the same as its trees grown one after another here
    config = SearchConfig(iterations=30, workers=3)
    agent = ParallelSearchAgent(config, decks=seat_decks(decks, d.player))
    agent.choose(game, view, d, Chance.seeded(4))
    chance = Chance.seeded(4)
    seeds = [chance.next64() for _ in range(3)]
    alone = SearchAgent(config, decks=seat_decks(decks, d.player))
    trees = [alone.search(game, view, d, Chance.seeded(seed), 10) for seed in seeds]
    assert agent.stats.visits == merge(trees, 0.0).visits
