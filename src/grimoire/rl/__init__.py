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
>>> gymnasium.make("grimoire/destiny-v2", opponent="random").reset(seed=1)[1]["seat"]
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
from .vector import BatchedEnv

# gymnasium.make("grimoire/chant-v2", opponent="random"): v2 the compact observation, v1 the full one;
# gymnasium.make_vec("grimoire/chant-v2", num_envs=16, opponent="random") is a BatchedEnv
for _name in game_names():
    for _version, _observation in ((1, "full"), (2, "compact")):
        if plugin(_name).encoding is not None and f"grimoire/{_name}-v{_version}" not in gymnasium.registry:
            gymnasium.register(f"grimoire/{_name}-v{_version}", entry_point="grimoire.rl.single:SingleAgentEnv",
                               vector_entry_point="grimoire.rl.vector:BatchedEnv" if _version == 2 else None,
                               kwargs={"game": _name, "observation": _observation})

__all__ = ["BatchedEnv", "GrimoireAEC", "Policy", "SingleAgentEnv", "env", "raw_env"]
