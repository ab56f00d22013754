"""Statistics of a batch of games: wins, draws, first-player advantage, speed.

Intervals are Wilson score intervals (:func:`grimoire.core.stats.wilson`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grimoire.core.stats import Z95, wilson

__all__ = ["Z95", "GameResult", "SimResult", "wilson"]

@dataclass(frozen=True)
class GameResult:
    """One simulated game: who sat where, who went first, how it ended, how long it took."""

    index: int
    seed: int
    agents: tuple[str, str]
    winner: int | None
    reason: str
    first_player: int | None
    turns: int
    decisions: int
    swapped: bool = False
    record: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "agents": list(self.agents), "winner": self.winner,
                "reason": self.reason, "first_player": self.first_player, "turns": self.turns,
                "decisions": self.decisions, "swapped": self.swapped, "record": self.record}


@dataclass
class SimResult:
    """The summary of a batch of games (see :func:`grimoire.sim.runner.simulate`).

    ``first_player_win_rate`` counts draws as games the first player did not win; it
    is taken over the games whose first player is known (normally all of them).
    ``agent_wins`` counts wins per agent name given to the run (differs from ``wins``
    per seat only when seats alternate).
    """

    game: str
    agents: tuple[str, str]
    seed: int
    results: list[GameResult] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> list[int]:
        return [sum(1 for r in self.results if r.winner == s) for s in (0, 1)]

    @property
    def draws(self) -> int:
        return sum(1 for r in self.results if r.winner is None)

    @property
    def agent_wins(self) -> list[int]:
        out = [0, 0]
        for r in self.results:
            if r.winner is not None:
                out[1 - r.winner if r.swapped else r.winner] += 1
        return out

    @property
    def first_player_games(self) -> int:
        return sum(1 for r in self.results if r.first_player is not None)

    @property
    def first_player_wins(self) -> int:
        return sum(1 for r in self.results if r.first_player is not None and r.winner == r.first_player)

    @property
    def first_player_win_rate(self) -> float:
        n = self.first_player_games
        return self.first_player_wins / n if n else 0.0

    @property
    def first_player_win_rate_ci95(self) -> tuple[float, float]:
        return wilson(self.first_player_wins, self.first_player_games)

    @property
    def decisions(self) -> int:
        return sum(r.decisions for r in self.results)

    @property
    def mean_turns(self) -> float:
        return sum(r.turns for r in self.results) / self.games if self.games else 0.0

    @property
    def mean_decisions(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.elapsed if self.elapsed > 0 else 0.0

    def reasons(self) -> dict[str, int]:
        """How many games ended for each reason."""
        out: dict[str, int] = {}
        for r in self.results:
            out[r.reason] = out.get(r.reason, 0) + 1
        return dict(sorted(out.items()))

    def merge(self, other: SimResult) -> SimResult:
        """This batch and ``other`` (e.g. another index range of the same run) as one."""
        results = sorted([*self.results, *other.results], key=lambda r: r.index)
        return SimResult(self.game, self.agents, self.seed, results, self.elapsed + other.elapsed)

    def to_json(self, per_game: bool = False) -> dict[str, Any]:
        """The summary as JSON-able data; ``per_game`` adds every game's result."""
        lo, hi = self.first_player_win_rate_ci95
        out: dict[str, Any] = {
            "game": self.game,
            "agents": list(self.agents),
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "agent_wins": self.agent_wins,
            "draws": self.draws,
            "first_player_wins": self.first_player_wins,
            "first_player_win_rate": self.first_player_win_rate,
            "first_player_win_rate_ci95": [lo, hi],
            "mean_turns": self.mean_turns,
            "mean_decisions": self.mean_decisions,
            "reasons": self.reasons(),
            "elapsed_seconds": self.elapsed,
            "games_per_second": self.games_per_second,
            "decisions_per_second": self.decisions_per_second,
        }
        if per_game:
            out["results"] = [r.to_json() for r in self.results]
        return out


#: Keys of :meth:`SimResult.to_json` that depend on timing (everything else is a pure function of the seed).
TIMING_KEYS = ("elapsed_seconds", "games_per_second", "decisions_per_second")
