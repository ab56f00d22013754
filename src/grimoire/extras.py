"""The distribution: its name, its optional parts (extras), the line naming a missing one, and its build.

The distribution is ``grimoire-cardgames`` (``grimoire`` on the package index is an
unrelated project); the import package and the command are ``grimoire``.

>>> install_hint("png")
"pip install 'grimoire-cardgames[png]'"
>>> print(MissingExtra("png", "--png needs CairoSVG", "No module named 'cairosvg'"))
--png needs CairoSVG (extra 'png'): pip install 'grimoire-cardgames[png]' (No module named 'cairosvg')
>>> require("json", "web", "the web server").__name__
'json'
>>> engine_build() in ("compiled", "pure Python")
True
>>> version_line().startswith("grimoire-cardgames ")
True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import platform
from types import ModuleType

import grimoire
from grimoire.core.errors import GrimoireError

DISTRIBUTION = "grimoire-cardgames"
"""The name to ``pip install``: the distribution that provides the ``grimoire`` package."""

EXTRAS = ("web", "postgres", "balance", "ray", "rl", "png", "compiled")
"""The optional parts a user can install (``all`` installs every one)."""


def install_hint(extra: str) -> str:
    """The command that installs ``extra``: ``pip install 'grimoire-cardgames[EXTRA]'``."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


class MissingExtra(GrimoireError):
    """An optional dependency is not installed: one line naming the extra and its install command."""

    def __init__(self, extra: str, what: str, detail: str = "") -> None:
        self.extra = extra
        tail = f" ({' '.join(detail.split())})" if detail else ""
        super().__init__(f"{what} (extra '{extra}'): {install_hint(extra)}{tail}")


def require(module: str, extra: str, what: str) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtra` naming ``extra`` (``what`` says what needs it).

    A library that is installed but cannot load its system part (CairoSVG without
    libcairo: an ``OSError``) counts as missing too.
    """
    try:
        return importlib.import_module(module)
    except (ImportError, OSError) as exc:
        raise MissingExtra(extra, what, str(exc)) from None


ENGINE_PROBE = "grimoire.core.decision"
"""A module of the engine that the optional compiled build (mypyc, ``setup.py``) turns into a C extension."""


def engine_build() -> str:
    """Which build of the engine runs: ``"compiled"`` (the mypyc C extensions) or ``"pure Python"``."""
    path = str(getattr(importlib.import_module(ENGINE_PROBE), "__file__", "") or "")
    return "compiled" if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure Python"


def version_line() -> str:
    """What ``grimoire --version`` prints: distribution, version, engine build and Python."""
    from grimoire.buildengine.switch import running

    where = running()
    build = engine_build() if where is None else f"{engine_build()} from {where}"
    return f"{DISTRIBUTION} {grimoire.__version__} (engine: {build}; Python {platform.python_version()})"
