"""Game records: JSON round trip and one-line errors for malformed files."""

import json
from pathlib import Path

import pytest

from grimoire.core.decks import Deck
from grimoire.core.errors import RecordError
from grimoire.core.records import GameRecord


def sample() -> GameRecord:
    return GameRecord("chant", "1.0", {"starting_life": 20}, [Deck("a", {"library": ["x"]}), Deck("b", {})],
                      42, "board", ["12:00:02"], ["end", "place:3"], ["aa", "bb", "cc"],
                      {"winner": 0, "reason": "life"}, {"x": {"id": "x"}}, {"agents": ["greedy", "random"]})


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    rec = sample()
    path = rec.save(tmp_path / "sub" / "game.json")
    assert GameRecord.load(path) == rec


@pytest.mark.parametrize(("mutate", "fragment"), [
    (lambda d: d.pop("answers"), "'answers' is missing"),
    (lambda d: d.update(seed="7"), "'seed' has the wrong type"),
    (lambda d: d.update(answers=[1, 2]), "'answers' must be a list of strings"),
    (lambda d: d.update(format="other"), "not a Grimoire record"),
    (lambda d: d.update(decks=[{"name": "x"}]), "deck must be an object with 'sections'"),
])
def test_malformed_records_are_refused(mutate, fragment: str) -> None:  # type: ignore[no-untyped-def]
    data = sample().to_json()
    mutate(data)
    with pytest.raises(RecordError, match=fragment):
        GameRecord.from_json(json.loads(json.dumps(data)))


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="not a JSON record"):
        GameRecord.load(bad)
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.json")
