"""The optional parts of Grimoire (the extras of its distribution) and the one line that names a missing one.

The distribution is ``grimoire-cardgames`` (``grimoire`` on the package index is an
unrelated project); the import package and the command are ``grimoire``.

>>> install_hint("png")
"pip install 'grimoire-cardgames[png]'"
>>> print(MissingExtra("png", "--png needs CairoSVG", "No module named 'cairosvg'"))
--png needs CairoSVG (extra 'png'): pip install 'grimoire-cardgames[png]' (No module named 'cairosvg')
>>> require("json", "web", "the web server").__name__
'json'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from grimoire.core.errors import GrimoireError

DISTRIBUTION = "grimoire-cardgames"
"""The name to ``pip install``: the distribution that provides the ``grimoire`` package."""

EXTRAS = ("web", "postgres", "balance", "ray", "rl", "png")
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
