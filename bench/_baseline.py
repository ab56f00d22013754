"""An earlier revision of Grimoire, unpacked beside the working tree for side-by-side benchmarks.

``baseline(rev)`` unpacks ``git archive REV`` (sources, ``setup.py``, ``pyproject.toml``) into
``.bench/baseline/<commit>`` and returns the folder; ``PYTHONPATH=<folder>/src`` then runs that
revision. ``compiled=True`` also compiles it with mypyc in place (the modules its own ``setup.py``
lists), as ``bench/compiled.py`` does for the working tree. Nothing in the repository's git state
changes: the files come from ``git archive``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commit_of(rev: str) -> str:
    """The full commit id ``rev`` names (``HEAD``, a branch, a tag or an abbreviated id)."""
    return subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def baseline(rev: str, compiled: bool = False, where: Path | None = None) -> Path:
    """The unpacked (and with ``compiled``, compiled) revision ``rev``; reused when already there."""
    commit = commit_of(rev)
    dest = (where or ROOT / ".bench" / "baseline") / (commit[:12] + ("-compiled" if compiled else ""))
    stamp = dest / ".ready"
    if stamp.exists():
        return dest
    print(f"unpacking {commit[:12]} into {dest}{' and compiling it' if compiled else ''} …", flush=True)
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "src", "setup.py", "pyproject.toml",
                              "README.md"], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(dest, filter="data")
    if compiled:
        env = dict(os.environ, GRIMOIRE_MYPYC="1")
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=dest, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    stamp.write_text(commit)
    return dest
