"""The batched environment: N games of one seat against an opponent, stepped together (Gymnasium's vector API).

:class:`BatchedEnv` is a :class:`gymnasium.vector.VectorEnv` whose sub-environments are
:class:`~grimoire.rl.single.SingleAgentEnv` s played in one loop: one call to :meth:`~BatchedEnv.step`
plays one learner action in each of the ``num_envs`` games (and the opponents' answers after it)
and returns the observations and masks of all of them as ``(num_envs, …)`` arrays, built in one
piece. It resets a game that ends in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``): the
row of that game is already the next game's first observation and mask, and the last observation
of the ended game is in ``info["final_obs"]`` (see docs/rl.md).

>>> envs = BatchedEnv("destiny", num_envs=3, opponent="random")
>>> obs, info = envs.reset(seed=1)
>>> obs["observation"].shape[0], obs["action_mask"].shape == (3, envs.single_action_space.n)
(3, True)
>>> actions = [int(np.flatnonzero(m)[0]) for m in envs.action_masks()]
>>> obs, rewards, terminations, truncations, info = envs.step(actions)
>>> rewards.shape, terminations.dtype.name, bool(obs["action_mask"].any(axis=1).all())
((3,), 'bool', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from grimoire.core.encoding import BOUND
from grimoire.core.game import Game
from grimoire.core.play import Agent
from grimoire.core.registry import load_game

from .single import Policy, SingleAgentEnv
from .table import DeckSpec

_AUTORESET = getattr(gymnasium.vector, "AutoresetMode", None)  # Gymnasium 1.1 and later name the modes


class BatchedEnv(gymnasium.vector.VectorEnv):  # type: ignore[type-arg]
    """``num_envs`` games of ``game``, the learner in ``seat`` against ``opponent`` in every one
    (the arguments of :class:`~grimoire.rl.single.SingleAgentEnv`; a name gives each game its own
    seeded opponent), stepped together.

    ``reset(seed=s)`` seeds game ``i`` with ``s + i``, as Gymnasium's ``SyncVectorEnv`` does, so the
    games are those of ``num_envs`` :class:`SingleAgentEnv` s in a ``SyncVectorEnv`` with
    ``autoreset_mode=SAME_STEP``. ``step(actions)`` takes one action per game; it returns the
    observations ``{"observation": (num_envs, size) float32, "action_mask": (num_envs, actions)
    int8}``, the rewards (+1 / −1 / 0 at a game's end), ``terminations`` (a game ended, or an
    action outside the mask ended it with −1), ``truncations`` (always False) and ``info``: empty
    while no game ends, else ``final_obs`` (the ended games' last observations and masks, rows of
    arrays shaped like the observations), ``final_info`` (``reason``, or ``illegal``) and their
    ``_final_obs`` / ``_final_info`` masks. :meth:`action_masks` gives the masks as booleans and
    :attr:`seats` the learner's seat in each game.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's own convention
        "render_modes": [], **({"autoreset_mode": _AUTORESET.SAME_STEP} if _AUTORESET is not None else {})}

    def __init__(self, game: str = "chant", num_envs: int = 8, opponent: str | Agent | Policy = "greedy",
                 seat: int | str = 0, decks: Sequence[DeckSpec] | None = None,
                 options: Mapping[str, Any] | None = None, observation: str = "compact",
                 game_object: Game[Any] | None = None) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, got {num_envs!r}")
        shared = game_object if game_object is not None else load_game(game)
        self.envs = [SingleAgentEnv(game, opponent, seat, decks, options, game_object=shared, observation=observation)
                     for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self._actions = first.table.catalogue.size
        self._size = first.table.size
        self._masks: NDArray[np.int8] = np.zeros((num_envs, self._actions), np.int8)

    @property
    def action_names(self) -> tuple[str, ...]:
        """The option id each action number answers (``action_names[a]``)."""
        return self.envs[0].action_names

    @property
    def observation_names(self) -> tuple[str, ...]:
        """The name of each slot of an observation row (``observation_names[i]``)."""
        return self.envs[0].observation_names

    @property
    def seats(self) -> NDArray[np.int64]:
        """The learner's seat in each game."""
        return np.array([e.seat for e in self.envs], np.int64)

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal actions in each game now, as booleans (``(num_envs, actions)``)."""
        return self._masks.astype(bool)

    def _observe(self) -> dict[str, NDArray[Any]]:
        """Every game's observation and mask, built in one piece."""
        buffers = []
        masks_of = []
        for e in self.envs:
            table = e.table
            mine = table.pending(e.seat)
            buffers.append(table.encode(e.seat, mine))
            masks_of.append(table.catalogue.mask_bytes(mine))
        observation = np.frombuffer(bytearray().join(buffers), np.float32).reshape(self.num_envs, self._size)
        if self.envs[0].table.observers is None:  # else each row is clipped already
            np.clip(observation, -BOUND, BOUND, out=observation)
        masks = np.frombuffer(bytearray().join(masks_of), np.int8).reshape(self.num_envs, self._actions)
        self._masks = masks
        return {"observation": observation, "action_mask": masks}

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            if len(seed) != self.num_envs:
                raise ValueError(f"reset needs {self.num_envs} seeds, got {len(seed)}")
            seeds = list(seed)
        for e, s in zip(self.envs, seeds, strict=True):
            gymnasium.Env.reset(e, seed=s)
            e._begin()
        return self._observe(), {}

    def step(self, actions: Any) -> tuple[dict[str, NDArray[Any]], NDArray[np.float32], NDArray[np.bool_],
                                          NDArray[np.bool_], dict[str, Any]]:
        chosen = np.asarray(actions).reshape(-1).tolist()
        if len(chosen) != self.num_envs:
            raise ValueError(f"step needs {self.num_envs} actions, got {len(chosen)}")
        rewards = np.zeros(self.num_envs, np.float32)
        terminations = np.zeros(self.num_envs, np.bool_)
        ended: list[tuple[int, str]] = []
        for i, e in enumerate(self.envs):
            reward, done, why = e._advance(int(chosen[i]))
            if done:
                rewards[i] = reward
                terminations[i] = True
                ended.append((i, why or ""))
        info: dict[str, Any] = {}
        if ended:
            info = self._final(ended)
            for i, _ in ended:
                self.envs[i]._begin()
        return self._observe(), rewards, terminations, np.zeros(self.num_envs, np.bool_), info

    def _final(self, ended: list[tuple[int, str]]) -> dict[str, Any]:
        """``info`` of a step in which the games ``ended`` (index, reason) ended, before they are reset."""
        n = self.num_envs
        which = np.zeros(n, np.bool_)
        observation = np.zeros((n, self._size), np.float32)
        masks = np.zeros((n, self._actions), np.int8)
        reasons = np.full(n, None, dtype=object)
        illegal = np.zeros(n, np.bool_)
        for i, why in ended:
            e = self.envs[i]
            obs = e.table.observe(e.seat)
            which[i] = True
            observation[i] = obs["observation"]
            masks[i] = obs["action_mask"]
            if why == "illegal":
                illegal[i] = True
            else:
                reasons[i] = why
        return {"final_obs": {"observation": observation, "action_mask": masks}, "_final_obs": which,
                "final_info": {"reason": reasons, "_reason": which & ~illegal, "illegal": illegal, "_illegal": illegal},
                "_final_info": which}
