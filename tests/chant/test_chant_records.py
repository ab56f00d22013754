"""Game records, replay verification and the golden playthroughs of 詠唱 Chant."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from grimoire.games.chant import ChantGame

GAME = ChantGame()


def finished_match(seed: int, **options: object) -> Match:
    setup = Setup((GAME.cards.starter_deck("fire"), GAME.cards.starter_deck("science")), GAME.options(options),
                  seed=seed)
    match = Match(GAME, setup)
    chooser = Chance.seeded(seed)
    while (d := match.decision) is not None:
        match.answer(d.options[chooser.below(len(d.options))].id)
    return match


def test_record_of_a_finished_game_verifies(tmp_path: Path) -> None:
    match = finished_match(11, exclusive_placement=True)
    record = match.record()
    assert record.game == "chant" and record.options["exclusive_placement"] is True
    assert set(record.cards) >= set(GAME.cards.starter_deck("fire").all_cards())
    assert verify(record).ok
    loaded = GameRecord.load(record.save(tmp_path / "game.json"))
    assert loaded == record and verify(loaded).ok


def test_tampered_answer_is_named_by_verify() -> None:
    match = finished_match(12)
    record = match.record()
    replay = Match(GAME, Setup(tuple(record.decks), record.options, record.seed))  # type: ignore[arg-type]
    for i, answer in enumerate(record.answers):
        decision = replay.decision
        assert decision is not None
        others = [o for o in decision.ids() if o != answer]
        if i >= 20 and others:
            record.answers[i] = others[0]
            result = verify(record)
            assert not result.ok and result.first_bad_step == i + 1
            assert f"step {i + 1}" in result.message
            return
        replay.answer(answer)
    pytest.fail("no step with an alternative answer")


def test_records_embed_card_tables_for_replay() -> None:
    # a game played with a changed card replays from the record alone, with the changed card
    table = {**GAME.pool.tables["fireball"], "power": 2}
    game = ChantGame(tables={"fireball": table})
    setup = Setup((game.cards.starter_deck("fire"), game.cards.starter_deck("spirit")), game.options(), seed=21)
    match = Match(game, setup)
    chooser = Chance.seeded(21)
    while (d := match.decision) is not None:
        match.answer(d.options[chooser.below(len(d.options))].id)
    record = match.record()
    assert record.cards["fireball"]["power"] == 2
    assert verify(record).ok
