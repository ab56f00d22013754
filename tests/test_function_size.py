"""No function in ``src/`` is longer than ~80 lines or takes more than 10 parameters without a written reason.

ruff counts statements and parameters (PLR0915, PLR0913 in pyproject.toml); this test counts lines,
which a function made of closures (a route table) or of long expressions escapes in ruff's count. A
reason is a ``# noqa: PLR0913`` / ``PLR0915`` / ``C901`` comment beside the ``def`` (with its reason
after it), a per-file ignore with its reason in pyproject.toml, or an entry of :data:`REASONS`.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
MAX_LINES = 80
MAX_PARAMETERS = 10

#: functions over the limits whose reason is written here ("path:function": reason)
REASONS: dict[str, str] = {
    "grimoire/games/chant/notation.py:decode": "one position, read field by field in the notation's order",
    "grimoire/games/destiny/search.py:_build": "one determinization, in the order of the view it reads",
    "grimoire/web/guard.py:protocol_class": "a subclass of the HTTP protocol uvicorn has, defined where it is found",
    "grimoire/web/invites.py:invite_routes": "the invitation routes as closures over one rate table",
    "grimoire/web/review.py:review_routes": "the review routes as closures over the hub (pyproject's C901 reason)",
}


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    a = node.args
    names = [*a.posonlyargs, *a.args, *a.kwonlyargs]
    return len(names) - (1 if names and names[0].arg in ("self", "cls") else 0)


def _file_ignores() -> dict[str, set[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ignores = config["tool"]["ruff"]["lint"].get("per-file-ignores", {})
    return {path.removeprefix("src/"): set(codes) for path, codes in ignores.items()}


def oversized() -> list[str]:
    """The functions over the limits that give no reason."""
    ignores = _file_ignores()
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            params = _parameters(node)
            if length <= MAX_LINES and params <= MAX_PARAMETERS:
                continue
            head = " ".join(lines[node.lineno - 1:node.body[0].lineno - 1])
            noqa = re.search(r"# noqa: ([A-Z0-9, ]+)", head)
            codes = {c.strip() for c in noqa.group(1).split(",")} if noqa else set()
            if codes & {"PLR0913", "PLR0915", "C901"} or f"{rel}:{node.name}" in REASONS:
                continue
            if ignores.get(rel, set()) & {"PLR0913", "PLR0915", "C901"}:
                continue
            out.append(f"{rel}:{node.name} ({length} lines, {params} parameters)")
    return out


def test_no_function_is_over_80_lines_or_10_parameters_without_a_written_reason() -> None:
    assert oversized() == [], "split these or write the reason (see this test's docstring)"


def test_every_written_reason_still_names_a_function() -> None:
    for key in REASONS:
        rel, name = key.split(":")
        tree = ast.parse((SRC / rel).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name
                   for n in ast.walk(tree)), key
