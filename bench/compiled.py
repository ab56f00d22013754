"""Build Grimoire's optional compiled engine (mypyc) into a separate folder.

Usage::

    python bench/compiled.py [DEST]        # default: build/compiled

Copies ``src/`` to ``DEST/src`` and compiles the engine's modules there in place, with the
same build as ``grimoire build-engine`` (``python -m grimoire.buildengine --tree``, run on this
tree's sources), so ``PYTHONPATH=DEST/src`` runs the compiled build while the working tree stays
pure Python (a stray extension module beside a source file would silently shadow edits to it).
The copy is rebuilt only when a source changed: ``DEST/.source-digest`` holds the digest of the
``grimoire`` sources it was built from. Needs mypy (the ``compiled`` extra) and a C compiler.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def buildengine(*args: str) -> str:
    """Run ``python -m grimoire.buildengine ARGS`` on this tree's sources; its output."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, "-m", "grimoire.buildengine", *args], env=env, check=True,
                          stdout=subprocess.PIPE, text=True).stdout


def build(dest: Path) -> Path:
    """Build (or reuse) the compiled copy at ``dest``; returns ``dest``."""
    dest = dest.resolve()
    digest = buildengine("--digest").strip()
    stamp = dest / ".source-digest"
    if stamp.exists() and stamp.read_text() == digest:
        return dest
    print(f"compiling the engine with mypyc into {dest} …", flush=True)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(ROOT / "src", dest / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    buildengine("--tree", str(dest / "src"))
    stamp.write_text(digest)
    return dest


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "compiled"))
