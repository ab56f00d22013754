"""The switch: at start, the ``grimoire`` command runs the compiled engine from the cache when it matches.

:func:`start` looks up the cache entry of the installed sources' digest and the running
Python; when its stamp matches, a finder placed first on ``sys.meta_path`` loads the engine's
modules from the entry's C extensions (every other module still comes from the installed
sources). A missing or stale entry leaves the engine pure Python, silently; an entry that
does not load (a broken or foreign file) leaves it pure Python with a one-line note.
``GRIMOIRE_ENGINE=pure`` keeps it pure. The entry chosen is passed on to worker processes in
``GRIMOIRE_ENGINE_DIR``, which ``import grimoire`` honours (:func:`inherit`).

>>> from pathlib import Path
>>> activate(Path("/nonexistent"), "0" * 64).state
'none'
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from .cache import cache_root, entry_for, read_stamp, source_digest
from .modules import COMPILED, PROBE, module_name

INHERIT = "GRIMOIRE_ENGINE_DIR"
"""Set by :func:`start` to the entry in use, so processes the command starts load the same build."""


@dataclass(frozen=True)
class Switch:
    """What :func:`activate` did: ``state`` is ``compiled``, ``none`` (no matching build) or ``broken``."""

    state: str
    entry: Path
    note: str = ""


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the modules that have a compiled file in one cache entry (and nothing else)."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def compiled_files(entry: Path, suffixes: Sequence[str]) -> dict[str, Path]:
    """Every module file under ``entry`` whose name ends with one of ``suffixes``, by import name."""
    found: dict[str, Path] = {}
    for suffix in suffixes:
        for file in entry.rglob(f"*{suffix}"):
            rel = file.relative_to(entry).as_posix().removesuffix(suffix)
            found.setdefault(rel.replace("/", "."), file)
    return found


def _finders() -> list[CompiledFinder]:
    return [f for f in sys.meta_path if isinstance(f, CompiledFinder)]


def _load(entry: Path, suffixes: Sequence[str]) -> str:
    """Put ``entry``'s finder first and import the engine's probe through it; an empty string, or why not."""
    files = compiled_files(entry, suffixes)
    wanted = [module_name(p) for p in COMPILED]
    missing = [name for name in wanted if name not in files]
    if missing:
        return f"{len(missing)} of {len(wanted)} modules missing (such as {missing[0]})"
    already = [name for name in wanted if name in sys.modules]
    if already:
        return f"{already[0]} was already imported from the sources"
    finder = CompiledFinder(files)
    sys.meta_path.insert(0, finder)
    try:
        for name in files:
            if name.endswith("__mypyc"):  # mypyc's shared library: every compiled module needs it
                importlib.import_module(name)
        importlib.import_module(PROBE)
    except Exception as exc:  # a broken, truncated or foreign file: back to the sources
        sys.meta_path.remove(finder)
        for name in files:
            sys.modules.pop(name, None)
        return " ".join(f"{type(exc).__name__}: {exc}".split())
    return ""


def activate(entry: Path, digest: str, suffixes: Sequence[str] = tuple(importlib.machinery.EXTENSION_SUFFIXES)
             ) -> Switch:
    """Run the engine from ``entry`` if its stamp is for sources of digest ``digest``.

    ``suffixes`` are the file endings of compiled modules (the tests use ``.py`` stand-ins).
    """
    if _finders():
        return Switch("compiled", entry)
    stamp = read_stamp(entry)
    if stamp is None or stamp.get("digest") != digest:
        return Switch("none", entry)
    why = _load(entry, suffixes)
    if why:
        return Switch("broken", entry, why)
    os.environ[INHERIT] = str(entry)
    return Switch("compiled", entry)


def note(switch: Switch) -> str:
    """The one line said when a built engine does not load (Japanese first, then English)."""
    return (f"注意: コンパイル版エンジン（{switch.entry}）を読み込めないため、純 Python で動きます"
            f"（grimoire build-engine で作り直せます） / note: the compiled engine in {switch.entry} does not "
            f"load, running pure Python (grimoire build-engine rebuilds it): {switch.note}")


def start() -> Switch:
    """At the command's start: switch to the compiled engine of the cache when it matches the sources."""
    if os.environ.get("GRIMOIRE_ENGINE") == "pure":
        return Switch("none", cache_root())
    digest = source_digest()
    switch = activate(entry_for(digest), digest)
    if switch.state == "broken":
        print(note(switch), file=sys.stderr)
    return switch


def inherit() -> None:
    """In a process started by the command: load the entry it named in ``GRIMOIRE_ENGINE_DIR``."""
    value = os.environ.get(INHERIT)
    if value and not _finders() and read_stamp(Path(value)) is not None:
        _load(Path(value), tuple(importlib.machinery.EXTENSION_SUFFIXES))


def running() -> Path | None:
    """Where the running engine's compiled modules come from, or ``None`` when it is pure Python."""
    module = sys.modules.get(PROBE) or importlib.import_module(PROBE)
    file = str(getattr(module, "__file__", "") or "")
    if not file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return None
    path = Path(file)
    return path.parents[len(PROBE.split(".")) - 1]
