"""A Destiny match played to the end, written as a record, verified and tampered with."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from grimoire.games.destiny import DestinyGame


def finished_match(seed: int = 4) -> Match:  # type: ignore[type-arg]
    game = DestinyGame()
    decks = (game.cards.starter_deck("spirit_festival"), game.cards.starter_deck("omnipotent_festival"))
    match: Match = Match(game, Setup(decks, game.options(), seed=seed))  # type: ignore[type-arg]
    chooser = Chance.seeded(seed)
    while (d := match.decision) is not None:
        match.answer(d.options[chooser.below(len(d.options))].id)
    return match


def test_a_finished_match_records_and_verifies(tmp_path: Path) -> None:
    match = finished_match()
    record = match.record({"agents": ["random", "random"]})
    assert record.game == "destiny" and record.outcome is not None
    assert set(record.cards) == set(match.setup.decks[0].all_cards()) | set(match.setup.decks[1].all_cards())
    loaded = GameRecord.load(record.save(tmp_path / "game.json"))
    result = verify(loaded)
    assert result.ok and result.steps == len(match.answers)


def test_a_tampered_answer_is_named() -> None:
    record = finished_match().record()
    # swap one answer for another legal-looking one: a different pick at the first mulligan
    index = next(i for i, a in enumerate(record.answers) if a in ("keep", "mulligan"))
    record.answers[index] = "mulligan" if record.answers[index] == "keep" else "keep"
    result = verify(record)
    assert not result.ok and result.first_bad_step is not None
    assert result.first_bad_step == index + 1
    assert f"step {index + 1}" in result.message
    record.answers[index] = "summon:999"
    result = verify(record)
    assert not result.ok and "summon:999" in result.message and result.first_bad_step == index + 1


def test_a_record_replays_with_its_own_card_tables() -> None:
    record = finished_match(seed=9).record()
    record.cards["war_cry"]["text"] = {"ja": "変更", "en": "changed"}  # texts do not change play
    assert verify(record).ok


def test_rule_9_4_a_rules_2_record_replays_with_hako_on_the_first_use_each_turn() -> None:
    """A record played before 地脈の函 fired on every use (rules 2: the first in each turn) still
    verifies; read as rules 3 the same answers play out differently."""
    data = json.loads((Path(__file__).parent / "records" / "rules-2-omnipotent.json").read_text(encoding="utf-8"))
    assert data["ruleset_version"] == "2" and "hako_limit" not in data["options"]
    assert verify(GameRecord.from_json(data)).ok
    assert not verify(GameRecord.from_json({**data, "ruleset_version": DestinyGame.version})).ok
