"""``python -m grimoire.buildengine``: build the cache entry of the installed sources (the background build).

``--tree DIR`` compiles the copy of the sources in ``DIR`` in place instead (``bench/compiled.py``),
and ``--digest`` prints the digest of the installed sources.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from .build import build, compile_tree, missing
from .cache import source_digest


def main(argv: list[str] | None = None) -> int:
    """Build, printing one line of what happened; 1 when the build cannot run or fails."""
    parser = argparse.ArgumentParser(prog="python -m grimoire.buildengine", description=__doc__)
    parser.add_argument("--tree", type=Path, help="compile this copy of the sources in place")
    parser.add_argument("--digest", action="store_true", help="print the digest of the installed sources")
    args = parser.parse_args(argv)
    if args.digest:
        print(source_digest())
        return 0
    lacking = missing()
    if lacking is not None:
        print(f"the compiled engine cannot be built here: {lacking}; Grimoire runs pure Python", flush=True)
        return 1
    began = time.perf_counter()
    print(f"compiling the engine with mypyc (started {time.strftime('%H:%M:%S')})", flush=True)
    try:
        if args.tree is not None:
            compile_tree(args.tree)
            entry: Path | None = args.tree
        else:
            entry = build()
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"the build failed ({exc}); Grimoire runs pure Python", flush=True)
        return 1
    if entry is None:
        print("another build of the same sources is running", flush=True)
        return 0
    print(f"done in {time.perf_counter() - began:.0f} s: {entry}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
