"""The Gymnasium environment of one seat against any Grimoire agent (see :mod:`grimoire.rl`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

from grimoire.ai.registry import make_agent
from grimoire.core.game import Game
from grimoire.core.play import Agent, RandomAgent, ask
from grimoire.core.rng import Chance
from grimoire.core.setup_choices import declared_answer

from .table import RENDER_MODES, DeckSpec, Table, check_render_mode

#: An opponent given as a policy: ``(observation, action_mask) -> action`` for the seat it plays, with the
#: arrays the learner gets for its own seat (a trained policy plays the other side as it is).
Policy = Callable[[NDArray[np.float32], NDArray[np.int8]], Any]


class SingleAgentEnv(gymnasium.Env[dict[str, NDArray[Any]], int]):
    """Play ``seat`` (0, 1, or ``"random"`` for a seat drawn per game) of ``game`` against
    ``opponent``, which answers every decision of the other seat between the learner's steps:

    - an agent or level name (``random``, ``greedy``, ``search-50``, ``hard`` …): seeded from
      the game's seed, and a searching one on its iteration budget alone (no time cap), so the
      same seed gives the same games on any machine;
    - a policy function ``(observation, action_mask) -> action`` (:data:`Policy`), which gets
      the other seat's observation and mask, as the learner gets its own;
    - or an :class:`~grimoire.core.play.Agent`.

    Whichever it is, the opponent plays its deck's declared set-up choices (a Destiny deck's
    ``# ability:``, :mod:`grimoire.core.setup_choices`) as on every other surface; the learner
    answers its own set-up decisions.

    The observation is the learner's (``observation`` and ``action_mask``; the mask is also
    in ``info`` and, as booleans, from :meth:`action_masks`, as sb3-contrib's MaskablePPO
    asks). The reward is +1 / −1 / 0 when the game ends; the observation of that last step
    has an all-zero mask (no decision is pending: see docs/rl.md for vector environments).
    An action outside the mask ends the episode with reward −1 and ``info["illegal"] = True``.
    ``render_mode``: None, ``"ansi"`` (:meth:`render` returns the learner's board as text) or
    ``"human"`` (the board is printed at every reset and step). ``observation``: ``"compact"``
    (the default) or ``"full"``, as for :class:`~grimoire.rl.aec.GrimoireAEC`.

    >>> e = SingleAgentEnv("destiny", opponent="random", seat=0)
    >>> obs, info = e.reset(seed=5)
    >>> bool(obs["action_mask"].sum() == info["action_mask"].sum() == e.action_masks().sum() > 0)
    True
    >>> e.action_names[int(np.flatnonzero(e.action_masks())[0])] in {o.id for o in e.decision.options}
    True
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 - Gymnasium's own convention

    def __init__(self, game: str = "chant", opponent: str | Agent | Policy = "greedy", seat: int | str = 0,
                 decks: Sequence[DeckSpec] | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, lang: str = "en", game_object: Game[Any] | None = None,
                 observation: str = "compact") -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.table = Table(game, decks, options, game_object, observation)
        self.policy: Policy | None = None
        if isinstance(opponent, str):
            self.opponent: Agent = make_agent(opponent, self.table.game.name, timed=False)
        elif callable(getattr(opponent, "choose", None)):
            self.opponent = opponent  # type: ignore[assignment]
        elif callable(opponent):
            self.policy = opponent
            self.opponent = _PolicyName()
        else:
            raise TypeError(f"opponent must be an agent name, an Agent or a policy function, got {opponent!r}")
        if seat not in (0, 1, "random"):
            raise ValueError(f"seat must be 0, 1 or 'random', got {seat!r}")
        self.seat_choice = seat
        self.seat = 0
        self.lang = lang
        self.action_space = self.table.action_space  # type: ignore[assignment, unused-ignore]
        self.observation_space = self.table.observation_space  # type: ignore[assignment, unused-ignore]
        self._chance = Chance.seeded(0)
        self._mask: NDArray[np.int8] = np.zeros(self.table.catalogue.size, np.int8)

    @property
    def action_names(self) -> tuple[str, ...]:
        """The option id each action number answers (``action_names[a]``)."""
        return self.table.action_names

    @property
    def observation_names(self) -> tuple[str, ...]:
        """The name of each slot of ``observation`` (``observation_names[i]``)."""
        return self.table.observation_names

    @property
    def decision(self) -> Any:
        """The decision pending in the game (None when it is over): its ``kind``, ``player`` and ``options``."""
        return self.table.game.decision(self.table.state)

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal actions now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self._mask.astype(bool)

    def _opponent_moves(self) -> None:
        game, state, table = self.table.game, self.table.state, self.table
        other = 1 - self.seat
        assert table.pair is not None
        choices = table.pair[other].choices
        blind = type(self.opponent) is RandomAgent
        while (d := game.decision(state)) is not None and d.player != self.seat:
            declared = declared_answer(choices, d)
            if declared is not None:
                answer = declared
            elif blind:  # the random agent never reads its view: the same answer without building one
                answer = d.options[self._chance.below(len(d.options))].id
            elif self.policy is None:
                answer = ask(game, state, d, self.opponent, self._chance)
            else:
                obs = table.observe(other)
                action = self.policy(obs["observation"], obs["action_mask"])
                found = table.option(int(action))
                if found is None:
                    raise ValueError(f"the opponent policy chose action {action!r}, which is not in its action mask")
                answer = found
            game.apply_unchecked(state, answer, [])

    def _result(self) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        obs = self.table.observe(self.seat)
        self._mask = obs["action_mask"]
        if self.render_mode == "human":
            self.render()
        return obs, {"action_mask": obs["action_mask"], "seat": self.seat}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed)
        self._begin()
        return self._result()

    def _begin(self) -> None:
        """Start the next game from this environment's random stream, up to the learner's first decision."""
        game_seed = int(self.np_random.integers(0, 2**62))
        self._chance = Chance.seeded(game_seed ^ 0x0770)
        self.seat = int(self.np_random.integers(0, 2)) if self.seat_choice == "random" else int(self.seat_choice)
        self.table.new_game(game_seed)
        self._opponent_moves()

    def _advance(self, action: int) -> tuple[float, bool, str | None]:
        """Play the learner's ``action`` and the opponent's answers after it: the reward, whether the
        episode ended, and why (the outcome's reason, ``"illegal"`` for an action outside the mask)."""
        game, state = self.table.game, self.table.state
        option = self.table.option(action)
        if option is None:
            return -1.0, True, "illegal"
        game.apply_unchecked(state, option, [])
        self._opponent_moves()
        outcome = game.outcome(state)
        if outcome is None:
            return 0.0, False, None
        return (0.0 if outcome.winner is None else (1.0 if outcome.winner == self.seat else -1.0)), True, \
            str(outcome.reason)

    def step(self, action: int) -> tuple[dict[str, NDArray[Any]], float, bool, bool, dict[str, Any]]:
        reward, done, why = self._advance(int(action))
        obs, info = self._result()
        if why == "illegal":
            return obs, reward, True, False, {**info, "illegal": True}
        if not done:
            return obs, reward, False, False, info
        return obs, reward, True, False, {**info, "reason": why}

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]  # Gymnasium 1.0 types frames apart
        """``ansi``: the learner's board as text; ``human``: the same, printed; otherwise None."""
        if self.render_mode is None:
            return None
        text = self.table.render(self.seat, self.lang)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text


class _PolicyName:
    """The name a policy-function opponent goes by (records and messages)."""

    name = "policy"

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Any, chance: Chance) -> str:
        raise NotImplementedError("a policy opponent answers from observations (SingleAgentEnv._opponent_moves)")
