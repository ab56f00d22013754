"""Optional compiled build: ``GRIMOIRE_MYPYC=1 pip install .`` compiles the engine with mypyc.

Without the variable this is a plain pure-Python package (everything is configured in
pyproject.toml). With it, the typed engine modules listed in :data:`COMPILED` — the core's
decision, events, effects and chance, both games' rules, views and encodings, their
heuristic agents and search hooks, and the search agent — are compiled to C extensions by
mypyc (from mypy, the ``lint`` dependency group); the Python sources stay the reference and the test
suite runs against both builds (``make test``).
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "src/grimoire/core/decision.py", "src/grimoire/core/effects.py", "src/grimoire/core/events.py",
    "src/grimoire/core/rng.py", "src/grimoire/core/hidden.py", "src/grimoire/core/encoding.py",
    "src/grimoire/core/stats.py", "src/grimoire/ai/search.py",
    *(f"src/grimoire/games/chant/{m}.py" for m in (
        "cards", "state", "rules", "phases", "effects", "procedures", "decisions", "view", "search", "greedy",
        "encoding")),
    *(f"src/grimoire/games/destiny/{m}.py" for m in (
        "cards", "state", "turn", "actions", "battle", "effects", "decisions", "view", "search", "greedy",
        "encoding")),
]

ext_modules = []
if os.environ.get("GRIMOIRE_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(["--strict", *COMPILED], opt_level="3", debug_level="0")

setup(ext_modules=ext_modules)
