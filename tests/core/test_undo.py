"""Taking answers back up to, never past, new information (grimoire.core.undo)."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core.decision import Event
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from grimoire.core.undo import TakeBackError, reveals, take_back, takeback_limit


def _match(name: str, seed: int) -> Match[Any]:
    game = load_game(name)
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    return Match(game, Setup((deck, deck), game.options(), seed=seed))


def _play_until(match: Match[Any], want: Any, seed: int = 3, limit: int = 400) -> tuple[Any, str, list[Event]]:
    """Answer at random until ``want(state_before, decision, answer, events)`` holds; returns that step."""
    chance = Chance.seeded(seed)
    game = match.game
    while match.decision is not None and len(match.answers) < limit:
        decision = match.decision
        before = game.clone(match.state)
        answer = decision.options[chance.below(len(decision.options))].id
        events = match.answer(answer)
        if want(before, decision, answer, events):
            return before, answer, events
    raise AssertionError("no such step in the sampled game")


def test_own_answer_without_new_information_is_taken_back_and_the_record_verifies() -> None:
    m = _match("chant", 5)
    game = m.game

    def quiet(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return (m.decision is not None and m.decision.player == decision.player
                and not reveals(game, before, answer, decision.player))

    before, _, _ = _play_until(m, quiet)
    seat = m.deciders[-1]
    answers = list(m.answers)
    assert takeback_limit(m, seat) >= 1
    take_back(m, seat)
    assert m.answers == answers[:-1]
    assert game.to_json(m.state) == game.to_json(before)
    assert m.decision is not None and m.decision.player == seat
    record = GameRecord.from_json(m.record().to_json())
    assert verify(record).ok and len(record.answers) == len(answers) - 1


def test_never_back_past_a_draw() -> None:
    m = _match("chant", 5)

    def own_draw(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return (m.decision is not None and m.decision.player == decision.player
                and any(e.kind == "draw" and e.private_to == decision.player for e in events))

    _play_until(m, own_draw)
    seat = m.deciders[-1]
    answers = list(m.answers)
    assert takeback_limit(m, seat) == 0
    with pytest.raises(TakeBackError) as refused:
        take_back(m, seat)
    assert refused.value.key == "new_info"
    assert m.answers == answers  # nothing changed


def test_never_back_past_the_opponents_answer() -> None:
    m = _match("chant", 5)

    def handed_over(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return m.decision is not None and m.decision.player != decision.player and len(m.answers) > 3

    _play_until(m, handed_over)
    mover = m.deciders[-1]
    waiting = 1 - mover
    assert takeback_limit(m, waiting) == 0
    with pytest.raises(TakeBackError) as refused:
        take_back(m, waiting)
    assert refused.value.key == "not_yours"


def test_a_coin_is_new_information() -> None:
    """Destiny's forecast-ability answers toss the coin for the first player (rule 2.3): it is new."""
    m = _match("destiny", 5)

    def tossed(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return any(e.kind == "coin" for e in events)

    before, answer, _ = _play_until(m, tossed)
    assert reveals(m.game, before, answer, m.deciders[-1])
    assert takeback_limit(m, m.deciders[-1]) == 0


def test_several_answers_back_one_at_a_time_up_to_the_limit() -> None:
    m = _match("chant", 5)
    game = m.game
    run: list[int] = []

    def two_quiet(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        mine = m.decision is not None and m.decision.player == decision.player
        if mine and not reveals(game, before, answer, decision.player):
            run.append(len(m.answers))
        else:
            run.clear()
        return len(run) >= 2

    _play_until(m, two_quiet, limit=2000)
    seat = m.deciders[-1]
    limit = takeback_limit(m, seat)
    assert limit >= 2
    n = len(m.answers)
    with pytest.raises(TakeBackError):
        take_back(m, seat, limit + 1)
    assert len(m.answers) == n
    assert take_back(m, seat) == limit - 1
    assert take_back(m, seat, limit - 1) == 0
    assert len(m.answers) == n - limit


def test_a_finished_game_takes_nothing_back() -> None:
    m = _match("chant", 2)
    m.forfeit(0, "concession")
    with pytest.raises(TakeBackError) as refused:
        take_back(m, 0)
    assert refused.value.key == "over"
