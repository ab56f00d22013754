"""Branching from the past: a new game from a recorded position, hidden cards re-dealt for the seat."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grimoire.core.branch import Branch, branch_state, position
from grimoire.core.errors import GrimoireError, RecordError
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.core.rng import Chance

GAMES = ("chant", "destiny")


def played(game: Game[Any], seed: int) -> tuple[Setup, list[str]]:
    """A finished random game: its set-up and its answers."""
    starters = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[seed % len(starters)]),
             game.cards.starter_deck(starters[(seed + 1) % len(starters)]))
    setup = Setup(decks, game.options(), seed=seed)
    state = game.new_state(setup)
    pick = Chance.seeded(seed + 100)
    answers: list[str] = []
    while (d := game.decision(state)) is not None:
        answers.append(d.options[pick.below(len(d.options))].id)
        game.apply(state, answers[-1])
    return setup, answers


@pytest.mark.parametrize("name", GAMES)
def test_a_branch_keeps_the_seats_view_and_redeals_what_it_cannot_see(name: str) -> None:
    game = load_game(name)
    redealt = reseeded = 0
    for seed in range(4):
        setup, answers = played(game, seed)
        for step in range(0, len(answers), max(1, len(answers) // 8)):
            original = position(game, setup, answers[:step])
            for seat in (0, 1):
                start = branch_state(game, setup, Branch(tuple(answers[:step]), seat, seed * 1000 + step))
                assert game.view(start, seat) == game.view(original, seat), (seed, step, seat)
                decision = game.decision(original)
                assert decision is not None
                if decision.player == seat:
                    assert game.decision(start) == decision
                if game.view(start, 1 - seat) != game.view(original, 1 - seat):
                    redealt += 1
                if game.chance(start) != game.chance(original):
                    reseeded += 1
    assert redealt > 0 and reseeded > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_branched_game_is_recorded_and_its_record_verifies(name: str) -> None:
    game = load_game(name)
    setup, answers = played(game, 7)
    branch = Branch(tuple(answers[: len(answers) // 2]), 1, 42)
    match = Match(game, setup, branch)
    pick = Chance.seeded(3)
    while (d := match.decision) is not None:
        match.answer(d.options[pick.below(len(d.options))].id)
    record = GameRecord.from_json(json.loads(json.dumps(match.record().to_json())))
    assert record.branch == branch
    result = verify(record)
    assert result.ok and result.steps == len(match.answers)
    # the same answers from the unbranched start are not this game
    assert not verify(GameRecord.from_json({**record.to_json(), "branch": None})).ok


def test_a_branch_from_a_finished_position_or_a_wrong_answer_is_refused() -> None:
    game = load_game("chant")
    setup, answers = played(game, 2)
    with pytest.raises(GrimoireError, match=f"the game is over at step {len(answers)}"):
        branch_state(game, setup, Branch(tuple(answers), 0, 1))
    with pytest.raises(GrimoireError, match="step 2: "):
        branch_state(game, setup, Branch((answers[0], "no-such-option"), 0, 1))


@pytest.mark.parametrize(("branch", "message"), [
    ([], "'branch' must be an object"),
    ({"prefix": "end", "seat": 0, "seed": 1}, "branch.prefix"),
    ({"prefix": [1], "seat": 0, "seed": 1}, "branch.prefix"),
    ({"prefix": [], "seat": 2, "seed": 1}, "branch.seat"),
    ({"prefix": [], "seat": True, "seed": 1}, "branch.seat"),
    ({"prefix": [], "seat": 0, "seed": -1}, "branch.seed"),
    ({"prefix": [], "seat": 0, "seed": 1 << 64}, "branch.seed"),
])
def test_a_malformed_branch_in_a_record_is_a_one_line_error(branch: Any, message: str) -> None:
    game = load_game("chant")
    setup, _ = played(game, 1)
    data = Match(game, setup).record().to_json()
    with pytest.raises(RecordError, match=message.replace(".", r"\.")):
        GameRecord.from_json({**data, "branch": branch})
