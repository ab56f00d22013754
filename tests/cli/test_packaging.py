"""Packaging: the extras compose, the floors file pins every declared lower bound, make installs with it."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]
FLOORS = ROOT / "constraints" / "floors.txt"


def requirements() -> list[Requirement]:
    """Every third-party requirement of Grimoire and its extras (not the extras naming other extras)."""
    found = [Requirement(r) for r in PROJECT["dependencies"]]
    found += [Requirement(r) for reqs in EXTRAS.values() for r in reqs]
    return [r for r in found if r.name != "grimoire"]


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


def test_dev_and_ci_are_made_of_the_other_extras() -> None:
    def parts(extra: str) -> set[str]:
        out: set[str] = set()
        for text in EXTRAS[extra]:
            req = Requirement(text)
            assert req.name == "grimoire" and not req.specifier, f"{extra} repeats a package: {text}"
            out |= req.extras
        return out

    # CI installs every extra the tests use (all but the benchmark's); dev adds the benchmark's
    assert parts("ci") == set(EXTRAS) - {"ci", "dev", "bench"}
    assert {"web", "postgres", "balance", "ray", "browser-tests", "test", "lint"} <= parts("ci")
    assert parts("dev") == {"ci", "bench"}
    # Ray and Playwright are in the extras the tests use them from, and only there
    homes = {Requirement(r).name: extra for extra, reqs in EXTRAS.items() for r in reqs}
    assert homes["ray"] == "ray" and homes["playwright"] == "browser-tests" and homes["websockets"] == "bench"
    assert homes["httpx2"] == "test" and homes["starlette"] == "web" and homes["psycopg"] == "postgres"


def test_every_extra_named_in_a_message_exists() -> None:
    named = set()
    for folder in ("src", "tests", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md") and path.is_file():
                named |= set(re.findall(r"grimoire\[([a-z-]+)\]", path.read_text(encoding="utf-8")))
    assert named and named <= set(EXTRAS), named - set(EXTRAS)


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_installs_the_test_tools_at_the_floors() -> None:
    done = subprocess.run(["make", "-n", "-B", "install-dev"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    installs = [line for line in done.stdout.splitlines() if "pip install" in line and "-e " in line]
    assert any(".[dev]" in line for line in installs) and len(installs) == 2
    assert all("-c constraints/floors.txt" in line for line in installs), installs
    newest = subprocess.run(["make", "-n", "-B", "install-dev", "CONSTRAINTS="], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert "-c " not in newest.stdout
