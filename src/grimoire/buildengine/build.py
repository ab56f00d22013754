"""Compiling the engine with mypyc: into a folder of its own, and into the per-user cache.

:func:`compile_tree` compiles :data:`~grimoire.buildengine.modules.COMPILED` in place in a
copy of the sources (``bench/compiled.py`` uses it for the tests' copy); :func:`build` makes
the cache entry of the installed sources (``grimoire build-engine``), and
:func:`build_in_background` starts that in a process of its own, for ``make serve`` and
``make play`` to start at once on the pure engine. Needs a C compiler, the Python headers,
and mypy with setuptools (``pip install 'grimoire-cardgames[compiled]'``):
:func:`missing` names the first one absent.

>>> missing(compiler="no-such-compiler-here") is not None
True
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path

from .cache import PACKAGE, abi, cache_root, entry_for, read_stamp, source_digest, write_stamp
from .modules import COMPILED

SETUP = """\
from mypyc.build import mypycify
from setuptools import setup

setup(name="grimoire-engine", py_modules=[],
      ext_modules=mypycify(["--strict", *{files!r}], opt_level="3", debug_level="0"))
"""
"""The build script written into the tree being compiled (the same options as ``setup.py``)."""


def missing(compiler: str | None = None) -> str | None:
    """What the build lacks, as a short phrase, or ``None`` when it can run."""
    cc = compiler or shlex.split(str(sysconfig.get_config_var("CC") or "cc"))[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").exists():
        return f"no Python headers ({include / 'Python.h'})"
    for module, what in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(module) is None:
            return f"no {what} (pip install 'grimoire-cardgames[compiled]')"
    return None


def compile_tree(root: Path, log: Path | None = None) -> None:
    """Compile the engine in place in ``root``, a folder holding a copy of the ``grimoire`` package.

    The C extensions land beside the copied sources; the build's own files are removed.
    """
    script = root / "_grimoire_engine_setup.py"
    script.write_text(SETUP.format(files=list(COMPILED)), encoding="utf-8")
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(log.open("a", encoding="utf-8")) if log else subprocess.DEVNULL
        subprocess.run([sys.executable, script.name, "-q", "build_ext", "--inplace"], cwd=root, check=True,
                       stdout=out, stderr=subprocess.STDOUT if log else None)
    script.unlink()
    for name in ("build", ".mypy_cache"):
        shutil.rmtree(root / name, ignore_errors=True)


def _keep_extensions(root: Path) -> None:
    """Remove every file under ``root`` but the compiled modules (the cache holds nothing else)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for path in sorted(root.rglob("*"), reverse=True):
        if path.is_dir():
            with contextlib.suppress(OSError):
                path.rmdir()
        elif not path.name.endswith(suffixes):
            path.unlink()


@contextlib.contextmanager
def _lock(path: Path) -> Iterator[bool]:
    """Hold the build lock ``path`` (``True``), or ``False`` when another live process holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            try:
                holder = int(path.read_text() or "0")
                os.kill(holder, 0)
            except (OSError, ValueError):  # the holder is gone: a stale lock
                path.unlink(missing_ok=True)
                continue
            yield False
            return
        with os.fdopen(fd, "w") as f:
            f.write(str(os.getpid()))
        try:
            yield True
        finally:
            path.unlink(missing_ok=True)
        return
    yield False


def build(root: Path | None = None, package: Path = PACKAGE, log: Path | None = None) -> Path | None:
    """Make (or find) the cache entry of ``package``'s sources for this Python; ``None`` if another build runs.

    Older entries of this Python are removed once the new one is in place.
    """
    root = root or cache_root()
    digest = source_digest(package)
    entry = entry_for(digest, root)
    stamp = read_stamp(entry)
    if stamp is not None and stamp.get("digest") == digest:
        return entry
    with _lock(root / f"{entry.name}.lock") as held:
        if not held:
            return None
        began = time.perf_counter()
        work = root / f".{entry.name}.{os.getpid()}"
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(package, work / "grimoire", ignore=_sources_only)
        try:
            compile_tree(work, log)
            _keep_extensions(work)
            write_stamp(work, digest, time.perf_counter() - began)
            shutil.rmtree(entry, ignore_errors=True)
            work.rename(entry)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        for old in root.glob(f"{abi()}-*"):
            if old != entry and old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
    return entry


def _sources_only(folder: str, names: list[str]) -> list[str]:
    """``copytree``'s filter: only the Python sources (and folders) are copied for the build."""
    return [n for n in names if n == "__pycache__" or (not n.endswith(".py") and not (Path(folder) / n).is_dir())]


def build_in_background(root: Path | None = None) -> Path:
    """Start :func:`build` in a process of its own that outlives the caller; returns its log file."""
    root = root or cache_root()
    root.mkdir(parents=True, exist_ok=True)
    log = root / "build.log"
    path = os.pathsep.join(filter(None, [str(PACKAGE.parent), os.environ.get("PYTHONPATH")]))
    with log.open("w", encoding="utf-8") as out:
        subprocess.Popen([sys.executable, "-m", "grimoire.buildengine"], stdin=subprocess.DEVNULL, stdout=out,
                         stderr=subprocess.STDOUT, start_new_session=True, cwd=root,
                         env=dict(os.environ, PYTHONPATH=path, GRIMOIRE_ENGINE_CACHE=str(root)))
    return log
