"""The Gymnasium environment of one seat against any Grimoire agent (see :mod:`grimoire.rl`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
from numpy.typing import NDArray

from grimoire.ai.registry import make_agent
from grimoire.core.game import Game
from grimoire.core.play import Agent, ask
from grimoire.core.rng import Chance

from .table import DeckSpec, Table


class SingleAgentEnv(gymnasium.Env[dict[str, NDArray[Any]], int]):
    """Play ``seat`` (0, 1, or ``"random"`` for a seat drawn per game) of ``game`` against
    ``opponent`` — an agent or level name (``random``, ``greedy``, ``search-50``, ``hard`` …)
    or an :class:`~grimoire.core.play.Agent` — which answers every decision of the other seat
    between the learner's steps.

    The observation is the learner's (``observation`` and ``action_mask``; the mask is also
    in ``info``). The reward is +1 / −1 / 0 when the game ends. An action outside the mask
    ends the episode with reward −1 and ``info["illegal"] = True``.

    >>> e = SingleAgentEnv("destiny", opponent="random", seat=0)
    >>> obs, info = e.reset(seed=5)
    >>> bool(obs["action_mask"].sum() == info["action_mask"].sum() > 0)
    True
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own convention

    def __init__(self, game: str = "chant", opponent: str | Agent = "greedy", seat: int | str = 0,
                 decks: Sequence[DeckSpec] | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, lang: str = "en", game_object: Game[Any] | None = None) -> None:
        super().__init__()
        self.table = Table(game, decks, options, game_object)
        self.opponent: Agent = make_agent(opponent, self.table.game.name) if isinstance(opponent, str) else opponent
        if seat not in (0, 1, "random"):
            raise ValueError(f"seat must be 0, 1 or 'random', got {seat!r}")
        self.seat_choice = seat
        self.seat = 0
        self.render_mode = render_mode
        self.lang = lang
        self.action_space = self.table.action_space  # type: ignore[assignment]
        self.observation_space = self.table.observation_space  # type: ignore[assignment]
        self._chance = Chance.seeded(0)

    def _opponent_moves(self) -> None:
        game, state = self.table.game, self.table.state
        while (d := game.decision(state)) is not None and d.player != self.seat:
            game.apply_unchecked(state, ask(game, state, d, self.opponent, self._chance), [])

    def _result(self) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        obs = self.table.observe(self.seat)
        return obs, {"action_mask": obs["action_mask"], "seat": self.seat}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self._chance = Chance.seeded(game_seed ^ 0x0770)
        self.seat = int(self.np_random.integers(0, 2)) if self.seat_choice == "random" else int(self.seat_choice)
        self.table.new_game(game_seed)
        self._opponent_moves()
        return self._result()

    def step(self, action: int) -> tuple[dict[str, NDArray[Any]], float, bool, bool, dict[str, Any]]:
        game, state = self.table.game, self.table.state
        option = self.table.option(int(action))
        if option is None:
            obs, info = self._result()
            return obs, -1.0, True, False, {**info, "illegal": True}
        game.apply_unchecked(state, option, [])
        self._opponent_moves()
        obs, info = self._result()
        outcome = game.outcome(state)
        if outcome is None:
            return obs, 0.0, False, False, info
        reward = 0.0 if outcome.winner is None else (1.0 if outcome.winner == self.seat else -1.0)
        return obs, reward, True, False, {**info, "reason": str(outcome.reason)}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.render(self.seat, self.lang)
