"""A game lost other than by the rules: a concession, a clock that ran out, a player who left.

The rules of a game never end it this way; a :class:`~grimoire.core.match.Match` does, when
a player concedes or a server's clock or idle policy decides. The record keeps it beside
the answers, so a replay ends the game the same way.

>>> Forfeit(1, "timeout").outcome()
Outcome(winner=0, reason='timeout')
>>> Forfeit.from_json({"seat": 0, "reason": "resigned"})
Traceback (most recent call last):
...
grimoire.core.errors.RecordError: record field 'forfeit.reason' must be one of concession, timeout, abandoned
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .decision import Outcome, Termination
from .errors import GrimoireError, RecordError

REASONS = (Termination.CONCESSION.value, Termination.TIMEOUT.value, Termination.ABANDONED.value)


@dataclass(frozen=True)
class Forfeit:
    """Seat ``seat`` lost for ``reason`` (one of :data:`REASONS`)."""

    seat: int
    reason: str

    def __post_init__(self) -> None:
        if self.seat not in (0, 1) or isinstance(self.seat, bool):
            raise GrimoireError(f"seat must be 0 or 1, not {self.seat!r}")
        if self.reason not in REASONS:
            raise GrimoireError(f"a game is forfeited by {', '.join(REASONS)}, not {self.reason!r}")

    def outcome(self) -> Outcome:
        """The other seat wins, for this reason."""
        return Outcome(1 - self.seat, self.reason)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason}

    @classmethod
    def from_json(cls, data: Any) -> Forfeit:
        """Read a forfeit; anything missing or mistyped is a one-line RecordError."""
        if not isinstance(data, dict):
            raise RecordError("record field 'forfeit' must be an object")
        seat, reason = data.get("seat"), data.get("reason")
        if seat not in (0, 1) or isinstance(seat, bool):
            raise RecordError("record field 'forfeit.seat' must be 0 or 1")
        if reason not in REASONS:
            raise RecordError(f"record field 'forfeit.reason' must be one of {', '.join(REASONS)}")
        return cls(seat, str(reason))
