#!/usr/bin/env bash
# Prints every Python 3.11 to 3.13 of this machine of another version than the Python given (the project's
# virtual environment's): those on PATH and the pyenv versions, one path a line, for `make wheels` to build a
# compiled wheel for each.
set -uo pipefail
own=$("${1:-python3}" -c 'import sys; print(sys.version_info[:2])' 2>/dev/null)
seen=" $own "
for candidate in $(command -v python3.11 python3.12 python3.13 2>/dev/null) \
                 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[1-3]*/bin/python3.1[1-3]; do
  [ -x "$candidate" ] || continue
  version=$("$candidate" -c 'import sys; print(sys.version_info[:2])' 2>/dev/null) || continue
  case "$seen" in *" $version "*) continue ;; esac
  "$candidate" -c 'import venv, ssl' 2>/dev/null || continue
  seen="$seen $version "
  echo "$candidate"
done
