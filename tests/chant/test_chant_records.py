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


#: A game recorded under rules 1.1 (the multiplier on all damage), with an embedded レールガン that
#: deals 1 damage to each player at its owner's end phase; at steps 49 and 93 a player at depth 2 or
#: more takes that E-phase damage multiplied.
OLD_RECORD = Path(__file__).parent / "records" / "rules-1.1-end-phase-damage-at-depth.json"


def test_rule_5_5_2_records_of_rules_1_1_replay_with_all_damage_multiplied(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cli_helpers import call

    record = GameRecord.load(OLD_RECORD)
    assert record.ruleset_version == "1.1" and "depth_damage" not in record.options
    assert verify(record).ok
    code, out, _ = call(capsys, monkeypatch, ["replay", str(OLD_RECORD), "--verify", "--lang", "en"])
    assert code == 0 and "121" in out
    # read under the current rules (the multiplier in the A phase only) it differs at the first E-phase damage
    record.ruleset_version = GAME.version
    result = verify(record)
    assert not result.ok and result.first_bad_step == 49
    # and under the current rules with the option naming the old reading it replays again
    record.options = {**record.options, "depth_damage": "all"}
    assert verify(record).ok
