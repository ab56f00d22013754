"""Batch self-play: determinism, splitting by index range, statistics, records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grimoire.core.decks import Deck
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.sim.runner import derive_seed, simulate
from grimoire.sim.stats import TIMING_KEYS, GameResult, SimResult, wilson


def toy_decks() -> tuple[Deck, Deck]:
    game = load_game("toy")
    return game.cards.starter_deck("steady"), game.cards.starter_deck("bold")


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING_KEYS}


def test_same_seed_gives_the_same_results() -> None:
    decks = toy_decks()
    a = simulate("toy", decks, ("random", "greedy"), 40, seed=11)
    b = simulate("toy", decks, ("random", "greedy"), 40, seed=11)
    assert a.results == b.results
    assert without_timing(a.to_json(per_game=True)) == without_timing(b.to_json(per_game=True))
    c = simulate("toy", decks, ("random", "greedy"), 40, seed=12)
    assert [r.seed for r in a.results] != [r.seed for r in c.results]


def test_a_run_split_by_index_range_equals_the_whole_run() -> None:
    decks = toy_decks()
    whole = simulate("toy", decks, ("random", "random"), 30, seed=5)
    first = simulate("toy", decks, ("random", "random"), 12, seed=5)
    rest = simulate("toy", decks, ("random", "random"), 18, seed=5, start=12)
    merged = first.merge(rest)
    assert merged.results == whole.results
    assert without_timing(merged.to_json()) == without_timing(whole.to_json())


def test_derived_seeds_are_stable_numbers() -> None:
    # a pure function of its parts, the same on every platform and run
    assert derive_seed(0, 0, "setup") == derive_seed(0, 0, "setup")
    assert derive_seed(0, 0, "setup") != derive_seed(0, 0, "agent", 0)
    assert 0 <= derive_seed(2**70, "x") < 2**63


def test_summary_json_has_the_documented_keys() -> None:
    result = simulate("toy", toy_decks(), ("greedy", "random"), 25, seed=1)
    data = json.loads(json.dumps(result.to_json()))
    for key in ("games", "wins", "draws", "first_player_wins", "first_player_win_rate",
                "first_player_win_rate_ci95", "mean_turns", "games_per_second", "decisions_per_second"):
        assert key in data
    assert data["games"] == 25
    assert len(data["wins"]) == 2 and sum(data["wins"]) + data["draws"] == 25
    lo, hi = data["first_player_win_rate_ci95"]
    assert lo <= data["first_player_win_rate"] <= hi


def test_each_game_reports_winner_first_player_turns_and_decisions() -> None:
    result = simulate("toy", toy_decks(), ("random", "random"), 20, seed=3)
    for r in result.results:
        assert r.winner in (0, 1, None)
        assert r.first_player in (0, 1)
        assert r.turns >= 1 and r.decisions >= 1
    assert result.first_player_wins == sum(1 for r in result.results if r.winner == r.first_player)


def test_alternate_swaps_agents_every_other_game() -> None:
    result = simulate("toy", toy_decks(), ("greedy", "random"), 10, seed=2, alternate=True)
    assert [r.agents for r in result.results[:2]] == [("greedy", "random"), ("random", "greedy")]
    assert sum(result.agent_wins) == sum(result.wins)
    for r in result.results:
        if r.winner is not None:
            assert r.agents[r.winner] in ("greedy", "random")


def test_records_are_written_and_each_one_verifies(tmp_path: Path) -> None:
    result = simulate("toy", toy_decks(), ("greedy", "random"), 6, seed=9, records_dir=tmp_path)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    for r, path in zip(result.results, files, strict=True):
        assert r.record == str(path)
        record = GameRecord.load(path)
        assert record.meta["agents"] == list(r.agents)
        assert verify(record).ok
    # recording does not change the games
    plain = simulate("toy", toy_decks(), ("greedy", "random"), 6, seed=9)
    assert [(r.winner, r.turns) for r in plain.results] == [(r.winner, r.turns) for r in result.results]


def test_bad_counts_are_refused() -> None:
    from grimoire.core.errors import GrimoireError

    with pytest.raises(GrimoireError, match="at least 0"):
        simulate("toy", toy_decks(), ("random", "random"), -1)
    with pytest.raises(GrimoireError, match="unknown agent"):
        simulate("toy", toy_decks(), ("random", "clever"), 1)


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    (60, 100, 0.5020, 0.6906),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 2, 0.0945, 0.9055),
])
def test_wilson_interval_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_without_trials_is_the_whole_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_first_player_rate_counts_draws_as_not_won() -> None:
    results = [GameResult(i, i, ("a", "b"), w, "x", 0, 3, 9) for i, w in enumerate([0, 0, 1, None])]
    summary = SimResult("toy", ("a", "b"), 0, results, elapsed=2.0)
    assert summary.first_player_win_rate == 0.5
    assert summary.wins == [2, 1] and summary.draws == 1
    assert summary.games_per_second == 2.0
    assert summary.mean_turns == 3.0


@pytest.mark.parametrize("game_name", ["chant", "destiny"])
def test_real_games_report_the_first_player_the_game_chose(game_name: str, tmp_path: Path) -> None:
    from grimoire.core.match import Match
    from grimoire.core.replay import setup_of

    game = load_game(game_name)
    starters = list(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[0]), game.cards.starter_deck(starters[1]))
    result = simulate(game_name, decks, ("greedy", "random"), 6, seed=4, records_dir=tmp_path, game=game)
    assert {r.first_player for r in result.results} <= {0, 1}
    for r in result.results:
        assert r.record is not None
        record = GameRecord.load(r.record)
        assert verify(record).ok
        replay_game, setup = setup_of(record)
        match = Match(replay_game, setup)
        for answer in record.answers:
            match.answer(answer)
        view = replay_game.view(match.state, None)
        assert view["first"] == r.first_player
        assert r.decisions == len(record.answers)
        outcome = match.outcome
        assert outcome is not None and outcome.winner == r.winner
