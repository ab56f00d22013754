"""The analysis of a position (grimoire.ai.analysis, `grimoire analyze`): every option with its estimate,
reproducible for a seed, and read from the deciding seat's view only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grimoire.ai.analysis import Analysis, analyse
from grimoire.cli.main import run
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance

STARTERS = {"chant": ("fire", "science"), "destiny": ("spirit_festival", "mystery_festival")}
RECORD = Path(__file__).resolve().parents[1] / "chant" / "records" / "rules-1.1-end-phase-damage-at-depth.json"


def played(game_name: str, steps: int, seed: int = 5) -> tuple[Any, Match[Any]]:
    """A game of two starters after ``steps`` answers (always the last option but one, or the only one)."""
    game = load_game(game_name)
    decks = tuple(game.cards.starter_deck(s) for s in STARTERS[game_name])
    match: Match[Any] = Match(game, Setup((decks[0], decks[1]), game.options(), seed=seed))
    while len(match.answers) < steps:
        decision = match.decision
        assert decision is not None
        options = decision.options
        match.answer(options[max(0, len(options) - 2)].id)
    return game, match


def several_options(game: Any, match: Match[Any]) -> None:
    """Play on to a decision with at least three options (an analysis worth the name)."""
    while match.decision is not None and len(match.decision.options) < 3:
        match.answer(match.decision.options[0].id)
    assert match.decision is not None


@pytest.mark.parametrize("game_name", ["chant", "destiny"])
def test_the_same_view_budget_and_seed_give_the_same_analysis(game_name: str) -> None:
    game, match = played(game_name, 12)
    several_options(game, match)
    decks = match.setup.decks
    first = analyse(game, match.state, decks, iterations=120, seed=4)
    again = analyse(game, game.clone(match.state), decks, iterations=120, seed=4)
    assert first.to_json(timed=False) == again.to_json(timed=False)
    assert first.iterations == 120 and sum(e.visits for e in first.estimates) == 120
    assert {e.option for e in first.estimates} == set(match.decision.ids())  # type: ignore[union-attr]
    assert first.best == first.estimates[0].option
    assert first.estimates[0].visits == max(e.visits for e in first.estimates)
    assert all(e.win_rate is None or 0.0 <= e.win_rate <= 1.0 for e in first.estimates)


@pytest.mark.parametrize("game_name", ["chant", "destiny"])
def test_hidden_cards_swapped_give_the_same_analysis(game_name: str) -> None:
    """The search gets the seat's view only: a state with the opponent's hand and the libraries re-dealt
    (the same view) gives the same answer, option by option."""
    game, match = played(game_name, 14)
    several_options(game, match)
    seat = match.decision.player  # type: ignore[union-attr]
    view = game.view(match.state, seat)
    swapped = None
    for k in range(40):  # a re-deal that really differs from the true state in what is hidden
        twin = game.resample_hidden(match.state, seat, Chance.seeded(100 + k))
        if game.to_json(twin) != game.to_json(match.state):
            swapped = twin
            break
    assert swapped is not None, "no re-deal differed: the test would show nothing"
    assert game.view(swapped, seat) == view
    decks = match.setup.decks
    assert (analyse(game, match.state, decks, iterations=100, seed=9).to_json(timed=False)
            == analyse(game, swapped, decks, iterations=100, seed=9).to_json(timed=False))


def test_progress_reports_the_analysis_as_the_search_thinks() -> None:
    game, match = played("chant", 12)
    several_options(game, match)
    seen: list[Analysis] = []
    final = analyse(game, match.state, match.setup.decks, iterations=250, seed=1, progress=seen.append, every=50)
    assert [a.iterations for a in seen] == [50, 100, 150, 200]
    assert final.iterations == 250
    assert [sum(e.visits for e in a.estimates) for a in seen] == [50, 100, 150, 200]


def test_a_finished_game_has_nothing_to_analyse() -> None:
    game, match = played("chant", 0)
    while match.decision is not None:
        match.answer(match.decision.options[0].id)
    with pytest.raises(Exception, match="nothing to analyse"):
        analyse(game, match.state, match.setup.decks, iterations=10)


def test_grimoire_analyze_prints_every_option_of_a_record_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["analyze", str(RECORD), "--step", "10", "--iterations", "200", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "chant" and out["step"] == 10 and out["iterations"] == 200
    assert sum(o["visits"] for o in out["options"]) == 200
    assert out["best"] == out["options"][0]["id"]
    assert run(["analyze", str(RECORD), "--step", "10", "--iterations", "200", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "おすすめ" in text and "勝率" in text and "プレイヤー1" in text


def test_grimoire_analyze_refuses_a_step_outside_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["analyze", str(RECORD), "--step", "100000"]) == 2
    err = capsys.readouterr().err
    assert "step must be between 0 and" in err and len(err.strip().splitlines()) == 1


def test_grimoire_analyze_reads_a_position_written_in_the_games_notation(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    game, match = played("destiny", 16)
    several_options(game, match)
    text = game.encode_position(match.state)
    path = tmp_path / "position.txt"
    path.write_text(text + "\n", encoding="utf-8")
    args = ["--deck", "spirit_festival", "--deck", "mystery_festival", "--iterations", "80", "--seed", "2", "--json"]
    assert run(["analyze", "--position", text, *args]) == 0
    inline = json.loads(capsys.readouterr().out)
    assert run(["analyze", "--position", f"@{path}", *args]) == 0
    from_file = json.loads(capsys.readouterr().out)
    for out in (inline, from_file):
        del out["seconds"], out["position"]
    assert inline == from_file
    assert inline["game"] == "destiny" and inline["iterations"] == 80
    assert {o["id"] for o in inline["options"]} == set(match.decision.ids())  # type: ignore[union-attr]
    expected = analyse(game, match.state, match.setup.decks, iterations=80, seed=2).to_json(timed=False)
    assert {k: v for k, v in inline.items() if k in expected} == expected


@pytest.mark.parametrize("args, message", [
    (["--position", "chant1 nonsense"], "position"),
    ([], "give a RECORD or --position"),
    ([str(RECORD), "--position", "x"], "give a RECORD or --position"),
    ([str(RECORD), "--deck", "fire"], "--deck is for a --position"),
])
def test_grimoire_analyze_refuses_bad_requests_in_one_line(args: list[str], message: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["analyze", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err
