"""Reading a stored game record back, for tests of what a game did."""

from __future__ import annotations

from pathlib import Path

from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.replay import setup_of


def abilities(record_path: Path) -> dict[int, str]:
    """The forecast ability each seat played, read from the game's ``ability`` events (rule 2.3)."""
    record = GameRecord.load(record_path)
    game, setup = setup_of(record)
    match = Match(game, setup)
    events = list(match.start_events)
    for answer in record.answers:
        events += match.answer(answer)
    return {e.player: str(e.args[0]) for e in events if e.kind == "ability"}
