"""Where the compiled engine is kept: a per-user cache folder, one entry per source digest and Python ABI.

The cache is ``$GRIMOIRE_ENGINE_CACHE``, else ``$XDG_CACHE_HOME/grimoire/engine``, else
``~/.cache/grimoire/engine``. An entry is named after the Python ABI and the digest of the
installed ``grimoire`` sources, and holds only the C extensions and a stamp naming what they
were built from: an edit to any source gives another digest, so a stale build is never used
and never sits beside the sources.

>>> key("0123456789abcdef0123456789", "cpython-311-x86_64-linux-gnu")
'cpython-311-x86_64-linux-gnu-0123456789abcdef0123'
>>> read_stamp(Path("/nonexistent")) is None
True
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
"""The installed ``grimoire`` package (the sources the engine is compiled from)."""

STAMP = "stamp.json"
"""The file of an entry that says what it was built from; written last, so a half-built entry has none."""


def cache_root() -> Path:
    """The folder of the per-user cache of compiled engines."""
    chosen = os.environ.get("GRIMOIRE_ENGINE_CACHE")
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "grimoire" / "engine"


def abi() -> str:
    """The running Python's ABI, as its extension modules are tagged (``cpython-311-x86_64-linux-gnu``)."""
    return str(sysconfig.get_config_var("SOABI") or sys.implementation.cache_tag)


def source_digest(package: Path = PACKAGE) -> str:
    """A digest of every Python source of the package ``package`` (paths and contents).

    >>> len(source_digest())
    64
    """
    h = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        h.update(path.relative_to(package).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def key(digest: str, abi_tag: str) -> str:
    """The name of the cache entry for sources of digest ``digest`` on the ABI ``abi_tag``."""
    return f"{abi_tag}-{digest[:20]}"


def entry_for(digest: str, root: Path | None = None) -> Path:
    """The cache entry of the running Python for sources of digest ``digest``."""
    return (root or cache_root()) / key(digest, abi())


def read_stamp(entry: Path) -> dict[str, object] | None:
    """The stamp of ``entry`` (``None`` when it has none or it cannot be read)."""
    try:
        data = json.loads((entry / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_stamp(entry: Path, digest: str, seconds: float) -> None:
    """Mark ``entry`` as the complete build of sources of digest ``digest`` (took ``seconds``)."""
    stamp = {"digest": digest, "abi": abi(), "python": sys.version.split()[0], "seconds": round(seconds, 1)}
    (entry / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
