"""The import structure of ``src/grimoire``, checked the way import-linter checks layers and cycles.

* Layers: each part of the package imports only the parts below it (:data:`LAYERS`); the engine
  core imports nothing but the standard library and itself.
* No import cycles between modules (a package's ``__init__`` re-exporting its own modules is not
  one; imports under ``if TYPE_CHECKING:`` are left out, as they never run, and so are optional ones,
  ``try: … except ImportError:``; an import inside a function counts).

Today's exceptions are listed by name (:data:`KNOWN_UPWARD`, :data:`KNOWN_CYCLES`): a new one fails,
and so does a listed one that is gone, so the lists only shrink.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

#: what each part of ``grimoire`` may import besides itself (the top package and ``__main__`` may import all)
LAYERS: dict[str, set[str]] = {
    "core": set(),
    "buildengine": set(),  # the compiled engine's build and switch: standard library only, imported at start
    "games": {"core"},
    "ai": {"core"},
    "extras": {"core", "", "buildengine"},
    "commandline": {"core"},  # running a Typer command line: grimoire's and python -m grimoire.web's
    "sim": {"core", "ai", "extras"},
    "rl": {"core", "ai", "extras"},
    "balance": {"core", "ai", "sim", "extras"},
    # the server runs a card's verdict (grimoire.web.verdicts)
    "web": {"core", "ai", "sim", "extras", "balance", "commandline"},
    "cli": {"core", "ai", "sim", "extras", "balance", "web", "rl", "buildengine", "commandline"},
}

#: upward imports of today (none left: keep it so)
KNOWN_UPWARD: set[tuple[str, str]] = set()

#: module cycles of today, each a set of modules that import one another (none left: keep it so)
KNOWN_CYCLES: set[frozenset[str]] = set()


def modules() -> dict[str, Path]:
    """Every module of ``src/grimoire`` by dotted name (a package by its own name)."""
    found = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _optional(node: ast.Try) -> bool:
    return any(h.type is not None and "ImportError" in ast.unparse(h.type) for h in node.handlers)


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Import statements that run and are needed: those under ``if TYPE_CHECKING:`` and optional ones
    (``try: … except ImportError:``) are skipped."""
    out: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Try) and _optional(child):
                for other in (*child.handlers, *child.orelse, *child.finalbody):
                    visit(other)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                out.append(child)
            visit(child)

    visit(tree)
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules ``name`` imports at run time: grimoire's own, and other top-level names as they are."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            out.add(sub if sub in known else base)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def part(name: str) -> str:
    """The part of ``grimoire`` a module belongs to (``""``: the top package)."""
    pieces = name.split(".")
    return pieces[1] if len(pieces) > 1 else ""


def cycles(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan), ignoring a package's imports of
    its own modules and theirs of it (an ``__init__`` that re-exports)."""
    def inside(a: str, b: str) -> bool:
        return b.startswith(a + ".") or a.startswith(b + ".")

    graph_ = {a: {b for b in bs if b in edges and not inside(a, b)} for a, bs in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: set[frozenset[str]] = set()
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph_[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for v in graph_:
        if v not in index:
            strong(v)
    return found


def test_the_core_imports_only_the_standard_library_and_itself() -> None:
    edges = graph()
    foreign = {(a, b) for a, bs in edges.items() if part(a) == "core" and a.startswith("grimoire.core")
               for b in bs if not b.startswith("grimoire.core") and b.split(".")[0] not in sys.stdlib_module_names
               and b != "__future__"}
    assert not foreign, f"the engine core must stay dependency-free: {sorted(foreign)}"


def test_each_part_imports_only_the_parts_below_it() -> None:
    edges = graph()
    upward = {(a, b) for a, bs in edges.items() for b in bs
              if b.startswith("grimoire") and a.count(".") >= 1 and part(a) in LAYERS
              and part(b) != part(a) and part(b) not in LAYERS[part(a)]}
    assert upward - KNOWN_UPWARD == set(), f"imports against the layers: {sorted(upward - KNOWN_UPWARD)}"
    assert KNOWN_UPWARD - upward == set(), f"gone, take them off KNOWN_UPWARD: {sorted(KNOWN_UPWARD - upward)}"


def test_no_module_import_cycles_but_the_known_ones() -> None:
    found = cycles(graph())
    assert found - KNOWN_CYCLES == set(), f"new import cycles: {[sorted(c) for c in found - KNOWN_CYCLES]}"
    gone = [sorted(c) for c in KNOWN_CYCLES - found]
    assert not gone, f"gone, take them off KNOWN_CYCLES: {gone}"


def test_the_checker_sees_a_cycle_and_an_upward_import() -> None:
    assert cycles({"a.x": {"a.y"}, "a.y": {"a.z"}, "a.z": {"a.x"}, "a": {"a.x"}}) == {frozenset({"a.x", "a.y", "a.z"})}
    assert cycles({"p": {"p.m"}, "p.m": {"p"}}) == set()  # a package and its own module
    edges = graph()
    assert "grimoire.core.decision" in edges["grimoire.core.game"]
    assert {"grimoire.cli.params", "grimoire.balance.report"} <= edges["grimoire.cli.balance"]


#: the browser's modules: the web package's and each game's renderer (served under /static/js and /games/<game>/)
JS_ROOTS = (SRC / "grimoire" / "web" / "static" / "js", *sorted((SRC / "grimoire" / "games").glob("*/web")))
_JS_IMPORT = re.compile(  # import … from "x", export … from "x", import("x")
    r"""(?:^\s*import\b[^;]*?\bfrom\s*|^\s*export\b[^;]*?\bfrom\s*|\bimport\s*\(\s*)["']([^"']+)["']""", re.M | re.S)


def js_graph() -> dict[str, set[str]]:
    """Each browser module (by path under ``src``) and the modules it imports, statically or with ``import()``;
    ``/static/js/…`` is the web package's ``static/js`` folder."""
    static = SRC / "grimoire" / "web" / "static"
    edges: dict[str, set[str]] = {}
    for root in JS_ROOTS:
        for path in sorted(root.rglob("*.js")):
            found = set()
            for target in _JS_IMPORT.findall(path.read_text(encoding="utf-8")):
                resolved = static / target.removeprefix("/static/") if target.startswith("/static/") \
                    else (path.parent / target).resolve()
                found.add(str(resolved.relative_to(SRC)))
            edges[str(path.relative_to(SRC))] = found
    return edges


def test_the_browser_modules_import_no_cycle_and_only_modules_that_exist() -> None:
    edges = js_graph()
    assert "grimoire/web/static/js/cards.js" in edges["grimoire/web/static/js/cardpop.js"]
    missing = {(a, b) for a, bs in edges.items() for b in bs if not (SRC / b).is_file()}
    assert not missing, f"imports of browser modules that do not exist: {sorted(missing)}"
    found = cycles(edges)
    assert not found, f"browser module import cycles: {[sorted(c) for c in found]}"
