"""Optional compiled build: ``GRIMOIRE_MYPYC=1 pip install .`` compiles the engine with mypyc.

Without the variable this is a plain pure-Python package (everything is configured in
pyproject.toml). With it, the typed engine modules listed in ``src/grimoire/buildengine/modules.py``
(the one list every compiled build uses: ``make wheels``, ``grimoire build-engine``,
``bench/compiled.py``) are compiled to C extensions by mypyc (from mypy, the ``compiled`` extra);
the Python sources stay the reference and the test suite runs against both builds (``make test``).
"""

from __future__ import annotations

import os
import runpy

from setuptools import setup

COMPILED = [f"src/{path}" for path in runpy.run_path("src/grimoire/buildengine/modules.py")["COMPILED"]]

ext_modules = []
if os.environ.get("GRIMOIRE_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(["--strict", *COMPILED], opt_level="3", debug_level="0")

setup(ext_modules=ext_modules)
