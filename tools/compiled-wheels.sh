#!/usr/bin/env bash
# Binary wheels of Grimoire with the compiled engine (mypyc; `GRIMOIRE_MYPYC=1`, see setup.py), one for each
# Python given, into dist/. Each Python gets a build environment of its own under build/wheel-env/ with the
# `compiled` extra's tools (mypy, setuptools) and wheel; a Python without its headers or a C compiler is
# skipped with a note.
set -euo pipefail
cd "$(dirname "$0")/.."
for py in "$@"; do
  version=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  include=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  if ! command -v cc >/dev/null || [ ! -e "$include/Python.h" ]; then
    echo "note: no compiled wheel for Python $version (a C compiler and $include/Python.h are needed)"
    continue
  fi
  env="build/wheel-env/$version"
  [ -x "$env/bin/pip" ] || "$py" -m venv "$env"
  "$env/bin/pip" install -q --upgrade pip "mypy>=1.18.2" "setuptools>=77.0.3" wheel
  rm -rf build/lib.* build/temp.* build/bdist.*
  echo "compiling the engine for Python $version …"
  GRIMOIRE_MYPYC=1 "$env/bin/pip" wheel -q --no-deps --no-build-isolation -w dist .
done
ls dist
