"""Packaging: the distribution's name, extras and dependency groups, the floors file pins every declared
lower bound, make installs with it, the sdist holds the tests and the wheel everything the game needs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from grimoire.extras import DISTRIBUTION
from grimoire.extras import EXTRAS as USER_EXTRAS

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]
GROUPS: dict[str, list[str | dict[str, str]]] = PYPROJECT["dependency-groups"]
FLOORS = ROOT / "constraints" / "floors.txt"
NAME = PROJECT["name"]


def group_requirements(name: str) -> list[Requirement]:
    """The requirements of dependency group ``name``, its included groups' too (PEP 735)."""
    out: list[Requirement] = []
    for item in GROUPS[name]:
        out += group_requirements(item["include-group"]) if isinstance(item, dict) else [Requirement(item)]
    return out


def requirements() -> list[Requirement]:
    """Every third-party requirement of Grimoire, its extras and its dependency groups."""
    found = [Requirement(r) for r in PROJECT["dependencies"]]
    found += [Requirement(r) for reqs in EXTRAS.values() for r in reqs]
    found += [Requirement(r) for reqs in GROUPS.values() for r in reqs if isinstance(r, str)]
    return [r for r in found if r.name != NAME]


def pins() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in FLOORS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not a pin: {line!r}"
            out[name.strip().lower()] = version.strip()
    return out


def test_the_floors_file_pins_every_declared_lower_bound() -> None:
    floors: dict[str, str] = {}
    for req in requirements():
        bounds = [spec.version for spec in req.specifier if spec.operator == ">="]
        assert len(bounds) == 1, f"{req} needs exactly one >= lower bound"
        floors[req.name.lower()] = bounds[0]
    pinned = pins()
    assert set(pinned) == set(floors)
    for name, bound in floors.items():
        assert Version(pinned[name]) == Version(bound), (name, bound, pinned[name])  # 13.8.0 is 13.8


def test_the_distribution_has_a_name_of_its_own() -> None:
    # "grimoire" on the package index is an unrelated project that also installs a top-level grimoire/
    assert NAME == DISTRIBUTION == "grimoire-cardgames"
    assert PROJECT["scripts"] == {"grimoire": "grimoire.launch:main"}  # the command keeps its name
    assert (ROOT / "src" / "grimoire" / "__init__.py").is_file()  # and so does the import package
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and PROJECT["license"].startswith("MIT")
    assert all((ROOT / path).is_file() for path in PROJECT["license-files"])
    versions = {c.rsplit(" ", 1)[1] for c in PROJECT["classifiers"] if c.startswith("Programming Language :: "
                                                                                     "Python :: 3.")}
    assert versions == {"3.11", "3.12", "3.13"} and PROJECT["requires-python"] == ">=3.11"


def test_the_example_plugin_depends_on_the_distribution_by_its_name() -> None:
    toy = tomllib.loads((ROOT / "examples" / "toy-race" / "pyproject.toml").read_text(encoding="utf-8"))
    assert [Requirement(r).name for r in toy["project"]["dependencies"]] == [DISTRIBUTION]


def test_developer_tools_are_dependency_groups_not_extras() -> None:
    assert set(EXTRAS) == {*USER_EXTRAS, "all"}
    assert [Requirement(r) for r in EXTRAS["all"]] == [Requirement(f"{NAME}[{','.join(sorted(USER_EXTRAS))}]")]
    user = {Requirement(r).name for reqs in EXTRAS.values() for r in reqs}
    tools = {r.name for name in GROUPS for r in group_requirements(name)}
    assert {"pytest", "mypy", "ruff", "playwright", "websockets", "hypothesis"} <= tools
    # the compiled extra is the build tools of `grimoire build-engine` (mypyc comes with mypy), at the lint floors
    assert user & tools == {"mypy", "setuptools"} == {Requirement(r).name for r in EXTRAS["compiled"]}, user & tools
    # CI installs every tool the tests and checks use (all but the benchmark's); dev adds the benchmark's
    assert GROUPS["ci"] == [{"include-group": g} for g in ("test", "lint", "browser-tests")]
    assert GROUPS["dev"] == [{"include-group": "ci"}, {"include-group": "bench"}]
    homes = {Requirement(r).name: extra for extra, reqs in EXTRAS.items() for r in reqs}
    assert homes["ray"] == "ray" and homes["starlette"] == "web" and homes["psycopg"] == "postgres"
    groups = {r.name: g for g, reqs in GROUPS.items() for r in map(Requirement, filter(None, (
        x if isinstance(x, str) else None for x in reqs)))}
    assert groups["playwright"] == "browser-tests" and groups["websockets"] == "bench" and groups["httpx2"] == "test"


def hint_files() -> list[Path]:
    found = [ROOT / "README.md"]
    for folder in ("src", "tests", "docs", "examples"):
        found += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md") and p.is_file()]
    return found


def test_every_extra_named_in_a_message_exists() -> None:
    named = set()
    for path in hint_files():
        for extras in re.findall(r"grimoire-cardgames\[([a-z,-]+)\]", path.read_text(encoding="utf-8")):
            named |= set(extras.split(","))
    assert named and named <= set(EXTRAS), named - set(EXTRAS)


def test_no_install_hint_names_the_unrelated_grimoire_distribution() -> None:
    wrong = [f"{path.relative_to(ROOT)}: {hit}" for path in hint_files()
             for hit in re.findall(r"(?<![\w-])grimoire\[[a-z,-]*\]", path.read_text(encoding="utf-8"))]
    assert wrong == []


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_installs_the_test_tools_at_the_floors() -> None:
    done = subprocess.run(["make", "-n", "-B", "install-dev"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    installs = [line for line in done.stdout.splitlines() if "pip install" in line and "-e " in line]
    assert any(".[all]' --group dev" in line for line in installs) and len(installs) == 2
    assert all("-c constraints/floors.txt" in line for line in installs), installs
    newest = subprocess.run(["make", "-n", "-B", "install-dev", "CONSTRAINTS="], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert "-c " not in newest.stdout


def copy_of_the_checkout(dest: Path) -> Path:
    """The files of the checkout (no virtualenv, build output or caches) copied to ``dest``."""
    skip = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                  ".hypothesis", ".bench", "records")
    shutil.copytree(ROOT, dest, ignore=skip)
    return dest


def build(tmp_path: Path, hook: str) -> Path:
    """Run setuptools' PEP 517 ``hook`` (build_sdist, build_wheel) on a copy of the checkout; the file built."""
    pytest.importorskip("setuptools")
    src = copy_of_the_checkout(tmp_path / "src")
    out = tmp_path / "dist"
    code = f"from setuptools import build_meta as b; print(b.{hook}({str(out)!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return out / done.stdout.strip().splitlines()[-1]


def test_the_sdist_holds_the_test_suite(tmp_path: Path) -> None:
    sdist = build(tmp_path, "build_sdist")
    assert sdist.name == "grimoire_cardgames-0.1.0.tar.gz"
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    needed = ["tests/cli/test_packaging.py", "tests/cli/conftest.py", "tests/golden/perft.json",
              "examples/toy-race/pyproject.toml", "docs/rules/chant.md", "constraints/floors.txt", "Makefile",
              "LICENSE", "setup.py", "bench/compiled.py", "src/grimoire/web/static/fonts/grimoire-ja.woff2"]
    assert [n for n in needed if n not in names] == []
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_the_wheel_holds_cards_decks_rules_web_assets_and_font(tmp_path: Path) -> None:
    wheel = build(tmp_path, "build_wheel")
    assert wheel.name == "grimoire_cardgames-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        meta = whl.read("grimoire_cardgames-0.1.0.dist-info/METADATA").decode()
        entry = whl.read("grimoire_cardgames-0.1.0.dist-info/entry_points.txt").decode()
    for pattern in (r"grimoire/games/chant/data/.*\.toml", r"grimoire/games/destiny/data/.*\.toml",
                    r"grimoire/games/\w+/data/.*decks?/.*\.txt", r"grimoire/games/chant/docs/chant\.ja\.md",
                    r"grimoire/web/static/.*\.js", r"grimoire/web/static/fonts/grimoire-ja\.woff2",
                    r"grimoire/py\.typed", r"grimoire_cardgames-0\.1\.0\.dist-info/licenses/LICENSE"):
        assert any(re.fullmatch(pattern, n) for n in names), pattern
    assert not [n for n in names if n.startswith(("tests/", "docs/", "bench/"))]
    assert "Name: grimoire-cardgames" in meta and "License-Expression: MIT AND OFL-1.1" in meta
    assert "Classifier: Programming Language :: Python :: 3.13" in meta
    assert not re.search(r"Provides-Extra: (test|lint|dev|ci|bench|browser-tests)$", meta, re.M)
    assert "grimoire = grimoire.launch:main" in entry and "chant = grimoire.games.chant:PLUGIN" in entry


def test_uvicorn_is_bounded_to_the_versions_tested() -> None:
    # the server's connection guard subclasses uvicorn's HTTP protocol classes (not a public interface)
    uvicorn = next(Requirement(r) for r in EXTRAS["web"] if Requirement(r).name == "uvicorn")
    uppers = [spec for spec in uvicorn.specifier if spec.operator == "<"]
    assert len(uppers) == 1 and Version(uppers[0].version) <= Version("0.56")


def test_the_rl_extra_installs_beside_ray_rllib(tmp_path: Path) -> None:
    """RLlib pins its own Gymnasium (1.2 today): the rl extra's floors must leave room for it."""
    wheel = build(tmp_path, "build_wheel")
    report = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                           "--report", str(report), f"{wheel}[rl]", "ray[rllib]"], capture_output=True, text=True,
                          timeout=600, check=False)
    if done.returncode != 0 and "ResolutionImpossible" not in done.stderr and not os.environ.get("CI"):
        pytest.skip(f"the package index cannot be reached: {done.stderr.strip().splitlines()[-1:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    chosen = {item["metadata"]["name"].lower(): item["metadata"]["version"]
              for item in json.loads(report.read_text(encoding="utf-8"))["install"]}
    assert chosen["grimoire-cardgames"] == "0.1.0" and "ray" in chosen
    rl = {Requirement(r).name: Requirement(r) for r in EXTRAS["rl"]}
    assert all(rl[name].specifier.contains(chosen[name]) for name in ("gymnasium", "pettingzoo", "numpy"))
