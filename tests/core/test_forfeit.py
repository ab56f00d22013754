"""Games lost other than by the rules: concession, timeout, abandonment — recorded and replayed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grimoire.core.errors import GameOver, GrimoireError, RecordError
from grimoire.core.forfeit import REASONS, Forfeit
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.core.rng import Chance


def started(name: str, answers: int, seed: int = 4) -> Match[Any]:
    game = load_game(name)
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    match: Match[Any] = Match(game, Setup((deck, deck), game.options(), seed=seed))
    pick = Chance.seeded(seed)
    for _ in range(answers):
        d = match.decision
        assert d is not None
        match.answer(d.options[pick.below(len(d.options))].id)
    return match


@pytest.mark.parametrize("name", ["chant", "destiny"])
@pytest.mark.parametrize("reason", REASONS)
def test_a_forfeit_ends_the_game_for_the_other_seat_and_the_record_replays_it(name: str, reason: str) -> None:
    match = started(name, 25)
    outcome = match.forfeit(1, reason)
    assert outcome.winner == 0 and outcome.reason == reason
    assert match.decision is None and match.outcome == outcome
    with pytest.raises(GameOver):
        match.answer("end")
    with pytest.raises(GameOver):
        match.forfeit(0, reason)
    record = GameRecord.from_json(json.loads(json.dumps(match.record().to_json())))
    assert record.forfeit == Forfeit(1, reason) and record.outcome == {"winner": 0, "reason": reason}
    assert verify(record).ok
    # without the forfeit the same answers leave the game unfinished: the outcome no longer matches
    assert not verify(GameRecord.from_json({**record.to_json(), "forfeit": None})).ok


def test_a_forfeit_after_the_end_of_the_game_does_not_verify() -> None:
    game = load_game("chant")
    match = started("chant", 0)
    pick = Chance.seeded(1)
    while (d := match.decision) is not None:
        match.answer(d.options[pick.below(len(d.options))].id)
    data = {**match.record().to_json(), "forfeit": {"seat": 0, "reason": "timeout"}}
    result = verify(GameRecord.from_json(data))
    assert not result.ok and "after the game was over" in result.message
    assert game.name == "chant"


@pytest.mark.parametrize(("seat", "reason"), [(2, "timeout"), (0, "resigned"), (True, "concession")])
def test_a_forfeit_with_a_wrong_seat_or_reason_is_refused_and_changes_nothing(seat: Any, reason: str) -> None:
    match = started("destiny", 5)
    before = match.decision
    with pytest.raises(GrimoireError):
        match.forfeit(seat, reason)
    assert match.decision == before and match.forfeited is None and match.outcome is None


@pytest.mark.parametrize(("forfeit", "message"), [
    ("timeout", "'forfeit' must be an object"),
    ({"seat": 3, "reason": "timeout"}, "forfeit.seat"),
    ({"seat": 0, "reason": "bored"}, "forfeit.reason"),
    ({"seat": 0}, "forfeit.reason"),
])
def test_a_malformed_forfeit_in_a_record_is_a_one_line_error(forfeit: Any, message: str) -> None:
    data = started("chant", 3).record().to_json()
    with pytest.raises(RecordError, match=message.replace(".", r"\.")):
        GameRecord.from_json({**data, "forfeit": forfeit})


@pytest.mark.parametrize("name", ["chant", "destiny", "toy"])
def test_every_game_names_the_forfeit_reasons_in_both_languages(name: str) -> None:
    text = load_game(name).text
    for reason in REASONS:
        ja, en = text.term(reason, "ja"), text.term(reason, "en")
        assert ja != reason and en and ja != en, (name, reason)
