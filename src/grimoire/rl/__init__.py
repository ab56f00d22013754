"""Reinforcement-learning interfaces (extra ``rl``): PettingZoo and Gymnasium environments.

:func:`env` is the PettingZoo AEC environment of any installed game whose plugin has an
encoding (two agents, ``player_0`` and ``player_1``, a ``Discrete`` action over the
game's action catalogue, a ``Dict`` observation with the seat's ``observation`` and its
``action_mask``, rewards +1 / −1 / 0 at the end); :class:`SingleAgentEnv` is the
Gymnasium environment of one seat against any Grimoire agent. Both observe only what
the seat may know (``docs/rl.md``).

>>> e = env("chant")
>>> e.reset(seed=3)
>>> obs, reward, done, truncated, info = e.last()
>>> bool(obs["action_mask"].sum() > 0), reward
(True, 0)
>>> import gymnasium
>>> gymnasium.make("grimoire/destiny-v1", opponent="random").reset(seed=1)[1]["seat"]
0
"""

from grimoire.extras import install_hint

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as exc:  # one line naming the extra, still a ModuleNotFoundError for programs
    raise ModuleNotFoundError(f"grimoire.rl needs the 'rl' extra: {install_hint('rl')} ({exc})",
                              name=exc.name) from None

from grimoire.core.registry import game_names, plugin

from .aec import GrimoireAEC, env, raw_env
from .single import Policy, SingleAgentEnv

for _name in game_names():  # gymnasium.make("grimoire/chant-v1", opponent="random")
    if plugin(_name).encoding is not None and f"grimoire/{_name}-v1" not in gymnasium.registry:
        gymnasium.register(f"grimoire/{_name}-v1", entry_point="grimoire.rl.single:SingleAgentEnv",
                           kwargs={"game": _name})

__all__ = ["GrimoireAEC", "Policy", "SingleAgentEnv", "env", "raw_env"]
