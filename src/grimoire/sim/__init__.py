"""Batch self-play and its statistics.

:func:`~grimoire.sim.runner.simulate` plays many seeded games between two agents;
every game is a pure function of (seed, index), so ranges of games can run in
separate processes and be merged with :meth:`~grimoire.sim.stats.SimResult.merge`.
"""

from .runner import derive_seed, play_one, simulate
from .stats import GameResult, SimResult, wilson

__all__ = ["GameResult", "SimResult", "derive_seed", "play_one", "simulate", "wilson"]
