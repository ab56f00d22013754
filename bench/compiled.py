"""Build Grimoire's optional compiled engine (mypyc) into a separate folder.

Usage::

    python bench/compiled.py [DEST]        # default: build/compiled

Copies ``src/`` (with ``setup.py`` and ``pyproject.toml``) to ``DEST`` and compiles the
modules listed in ``setup.py`` there in place, so ``PYTHONPATH=DEST/src`` runs the compiled
build while the working tree stays pure Python (a stray extension module beside a source
file would silently shadow edits to it). The copy is rebuilt only when a source changed.
Needs mypy (the ``lint`` dependency group) and a C compiler.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def source_digest() -> str:
    """A digest of every file the compiled build is made from."""
    h = hashlib.sha256()
    files = [*sorted((ROOT / "src").rglob("*.py")), ROOT / "setup.py", ROOT / "pyproject.toml"]
    for path in files:
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def build(dest: Path) -> Path:
    """Build (or reuse) the compiled copy at ``dest``; returns ``dest``."""
    dest = dest.resolve()
    digest = source_digest()
    stamp = dest / ".source-digest"
    if stamp.exists() and stamp.read_text() == digest:
        return dest
    print(f"compiling the engine with mypyc into {dest} …", flush=True)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(ROOT / "src", dest / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    env = dict(os.environ, GRIMOIRE_MYPYC="1")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=dest, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    stamp.write_text(digest)
    return dest


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "compiled"))
