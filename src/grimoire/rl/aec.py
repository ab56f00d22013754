"""The PettingZoo AEC environment of any installed game (see :mod:`grimoire.rl`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from grimoire.core.game import Game

from .table import RENDER_MODES, DeckSpec, Table, check_render_mode

AGENTS = ("player_0", "player_1")
SEATS = {agent: seat for seat, agent in enumerate(AGENTS)}


class GrimoireAEC(AECEnv):  # type: ignore[misc]
    """Two seats take turns answering the game's decisions (an agent may act several times
    in a row: a decision belongs to whichever seat must answer it).

    ``game_name`` is any installed game with an encoding; ``decks`` two starter-deck
    names or decks (None: a random pair of starters per game, from the seed);
    ``options`` the rules options; ``observation`` ``"compact"`` (per-card-kind counts per zone and
    the game's scalars, the default) or ``"full"`` (a row per card instance); ``max_steps``
    truncates a game (default: the game's bound); ``render_mode="ansi"`` renders the current
    seat's board as text, ``"human"`` prints it after every reset and step.
    :attr:`action_names` and :attr:`observation_names` say what each action number answers and
    what each observation slot holds.

    An observation is built when :meth:`observe` (or ``last()``) first asks for it after a
    step, and that same one is returned until the next step or reset.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's own convention
        "render_modes": list(RENDER_MODES), "name": "grimoire_v1", "is_parallelizable": False}

    def __init__(self, game_name: str = "chant", decks: Sequence[DeckSpec] | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 max_steps: int | None = None, lang: str = "en", game: Game[Any] | None = None,
                 observation: str = "compact") -> None:
        super().__init__()
        render_mode = check_render_mode(render_mode)
        self.table = Table(game_name, decks, options, game, observation)
        version = 2 if observation == "compact" else 1  # v1: the full observation, as before the compact one
        self.metadata = {**self.metadata, "name": f"grimoire_{self.table.game.name}_v{version}"}
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.render_mode = render_mode
        self.lang = lang
        self.max_steps = max_steps if max_steps is not None else self.table.game.max_steps
        self.steps = 0
        self._rng: np.random.Generator | None = None
        self._seen: dict[str, dict[str, NDArray[Any]]] = {}

    @property
    def action_names(self) -> tuple[str, ...]:
        """The option id each action number answers (``action_names[a]``)."""
        return self.table.action_names

    @property
    def observation_names(self) -> tuple[str, ...]:
        """The name of each slot of an agent's ``observation`` (``observation_names[i]``)."""
        return self.table.observation_names

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(seed) if seed is not None else int(self._rng.integers(0, 2**62))
        self.table.new_game(game_seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._seen.clear()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        decision = self.table.game.decision(self.table.state)
        if decision is not None:
            self.agent_selection = AGENTS[decision.player]

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        seen = self._seen.get(agent)
        if seen is None:
            seen = self._seen[agent] = self.table.observe(SEATS[agent])
        return seen

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        option = table.option(int(action)) if action is not None else None
        if option is None:
            raise ValueError(f"action {action!r} is not one of {agent}'s options (see the action mask)")
        # every reward is 0 until the step that ends the game (later steps are dead steps)
        game, state = table.game, table.state
        game.apply_unchecked(state, option, [])
        self._seen.clear()
        self.steps += 1
        outcome = game.outcome(state)
        if outcome is not None:
            for seat, name in enumerate(AGENTS):
                self.rewards[name] = 0 if outcome.winner is None else (1 if outcome.winner == seat else -1)
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"reason": str(outcome.reason)} for a in self.agents}
            self._accumulate_rewards()
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the acting seat's board as text; ``human``: the same, printed; otherwise None."""
        if self.render_mode is None:
            return None
        text = self.table.render(AGENTS.index(self.agent_selection), self.lang)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        return None


def raw_env(game_name: str = "chant", **kwargs: Any) -> GrimoireAEC:
    """The environment without PettingZoo's checking wrappers."""
    return GrimoireAEC(game_name, **kwargs)


def env(game_name: str = "chant", **kwargs: Any) -> AECEnv:
    """The environment of ``game_name`` with PettingZoo's usual wrappers: an action outside
    the mask ends the game with −1 for the agent that gave it, and the AEC call order is
    enforced."""
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw_env(game_name, **kwargs), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
