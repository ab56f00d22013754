"""The engine modules that the compiled build turns into C extensions with mypyc: one list for every build.

The core's decision, events, effects and chance, both games' rules, views and encodings,
their heuristic agents and search hooks, and the search agent. ``setup.py`` (binary wheels),
``grimoire build-engine`` (the per-user cache) and ``bench/compiled.py`` (the tests' and
benchmarks' copy) all compile exactly these. This file is read by ``setup.py`` on its own, so it
imports nothing.

>>> "grimoire/core/decision.py" in COMPILED
True
>>> module_name("grimoire/games/chant/rules.py")
'grimoire.games.chant.rules'
"""

COMPILED: tuple[str, ...] = (
    "grimoire/core/decision.py", "grimoire/core/effects.py", "grimoire/core/events.py",
    "grimoire/core/rng.py", "grimoire/core/hidden.py", "grimoire/core/encoding.py",
    "grimoire/core/stats.py", "grimoire/ai/search.py",
    *(f"grimoire/games/chant/{m}.py" for m in (
        "cards", "state", "rules", "phases", "effects", "procedures", "decisions", "view", "search", "greedy",
        "greedy_state", "encoding")),
    *(f"grimoire/games/destiny/{m}.py" for m in (
        "cards", "state", "turn", "actions", "battle", "effects", "decisions", "view", "search", "greedy",
        "greedy_state", "encoding")),
)
"""Source files, relative to the folder that holds the ``grimoire`` package."""

PROBE = "grimoire.core.decision"
"""The compiled module whose origin tells which build of the engine runs."""


def module_name(path: str) -> str:
    """The import name of one of :data:`COMPILED`'s files."""
    return path.removesuffix(".py").replace("/", ".")
