"""The compiled engine for every install: ``grimoire build-engine``, the per-user cache and the switch at start.

The switch is checked without running mypyc: stand-in modules (``.py`` copies of the engine's
sources, marked) play the compiled files, and a cache entry of garbage files plays a broken
build. The one check on a real build reuses ``build/compiled`` (``make compiled``, which CI
builds once for the compiled run of the suite) when it was built from these sources.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.buildengine import build as build_mod
from grimoire.buildengine.cache import abi, entry_for, read_stamp, source_digest, write_stamp
from grimoire.buildengine.modules import COMPILED, PROBE

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
EXT = importlib.machinery.EXTENSION_SUFFIXES[0]


def run(*args: str, cache: Path, extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` on this tree's (pure) sources, with ``cache`` as the engine cache."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRIMOIRE_ENGINE")}
    env.update(PYTHONPATH=str(SRC), GRIMOIRE_ENGINE_CACHE=str(cache), GRIMOIRE_LANG="en", **(extra or {}))
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=300)


def broken_entry(cache: Path, digest: str) -> Path:
    """A cache entry whose stamp matches but whose extension files are garbage."""
    entry = entry_for(digest, cache)
    for path in COMPILED:
        file = entry / (path.removesuffix(".py") + EXT)
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(b"not a shared library")
    (entry / f"0123abcd__mypyc{EXT}").write_bytes(b"\x7fELF garbage")
    write_stamp(entry, digest, 1.0)
    return entry


def test_without_a_build_the_command_runs_the_pure_engine(tmp_path: Path) -> None:
    done = run("-m", "grimoire", "--version", cache=tmp_path)
    assert done.returncode == 0 and "(engine: pure Python;" in done.stdout and done.stderr == ""


def test_a_stale_stamp_leaves_the_engine_pure_without_a_word(tmp_path: Path) -> None:
    entry = broken_entry(tmp_path, source_digest())
    (entry / "stamp.json").write_text(json.dumps({"digest": "0" * 64}), encoding="utf-8")  # built from other sources
    done = run("-m", "grimoire", "--version", cache=tmp_path)
    assert done.returncode == 0 and "(engine: pure Python;" in done.stdout and done.stderr == ""


def test_a_broken_build_falls_back_to_the_pure_engine_with_a_one_line_note(tmp_path: Path) -> None:
    entry = broken_entry(tmp_path, source_digest())
    done = run("-m", "grimoire", "--version", cache=tmp_path)
    assert done.returncode == 0 and "(engine: pure Python;" in done.stdout
    assert done.stderr.count("\n") == 1 and "コンパイル版エンジン" in done.stderr
    assert f"note: the compiled engine in {entry} does not load" in done.stderr
    # a game still plays, on the pure engine
    done = run("-m", "grimoire", "sim", "chant", "--games", "2", "--workers", "1", cache=tmp_path)
    assert done.returncode == 0, done.stderr
    # GRIMOIRE_ENGINE=pure does not even look
    done = run("-m", "grimoire", "--version", cache=tmp_path, extra={"GRIMOIRE_ENGINE": "pure"})
    assert "(engine: pure Python;" in done.stdout and done.stderr == ""


STAND_IN = """
import sys
from pathlib import Path
from grimoire.buildengine.cache import source_digest
from grimoire.buildengine.switch import activate
switch = activate(Path(sys.argv[1]), source_digest(), suffixes=(".py",))
import grimoire.core.decision, grimoire.games.chant.rules, grimoire.core.game
print(switch.state, switch.note)
print(getattr(grimoire.core.decision, "STAND_IN", False), getattr(grimoire.games.chant.rules, "STAND_IN", False))
print(grimoire.core.game.__file__)
import os
print(os.environ.get("GRIMOIRE_ENGINE_DIR"))
"""


def stand_in_entry(cache: Path, digest: str) -> Path:
    """A cache entry whose 'compiled' modules are marked copies of the sources (``.py`` stand-ins)."""
    entry = entry_for(digest, cache)
    for path in COMPILED:
        file = entry / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text((SRC / path).read_text(encoding="utf-8") + "\nSTAND_IN = True\n", encoding="utf-8")
    (entry / "0123abcd__mypyc.py").write_text("", encoding="utf-8")
    write_stamp(entry, digest, 1.0)
    return entry


def test_a_matching_stamp_loads_the_engine_modules_from_the_cache_and_the_rest_from_the_sources(
        tmp_path: Path) -> None:
    entry = stand_in_entry(tmp_path, source_digest())
    done = run("-c", STAND_IN, str(entry), cache=tmp_path)
    assert done.returncode == 0, done.stderr
    state, marks, game_file, inherited = done.stdout.splitlines()
    assert state.strip() == "compiled" and marks == "True True"
    assert Path(game_file) == SRC / "grimoire" / "core" / "game.py"  # not compiled: from the sources
    assert inherited == str(entry)  # worker processes load the same build
    # the same entry with a stamp of other sources is not used
    write_stamp(entry, "f" * 64, 1.0)
    done = run("-c", STAND_IN, str(entry), cache=tmp_path)
    assert done.stdout.splitlines()[:2] == ["none ", "False False"]


def test_build_engine_without_a_compiler_says_so_in_one_line_and_stays_pure(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    done = run("-m", "grimoire", "build-engine", "--lang", "en", cache=tmp_path / "cache", extra={"PATH": str(empty)})
    assert done.returncode == 1 and done.stdout.count("\n") == 1, done
    assert done.stdout.startswith("The compiled engine cannot be built here (no C compiler")
    done = run("-m", "grimoire", "build-engine", "--background", "--lang", "ja", cache=tmp_path / "cache",
               extra={"PATH": str(empty)})
    assert done.returncode == 0 and done.stdout.startswith("コンパイル版エンジンはここでは作れません")
    assert not (tmp_path / "cache").exists()


def test_build_makes_an_entry_of_extensions_only_and_replaces_older_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[Path] = []

    def fake_compile(root: Path, log: Path | None = None) -> None:
        compiled.append(root)
        assert (root / "grimoire" / "core" / "decision.py").exists()
        assert not list(root.rglob("*.toml"))  # only the Python sources are copied for the build
        for path in COMPILED:
            (root / (path.removesuffix(".py") + EXT)).write_bytes(b"")

    monkeypatch.setattr(build_mod, "compile_tree", fake_compile)
    old = tmp_path / f"{abi()}-00000000000000000000"
    old.mkdir()
    entry = build_mod.build(tmp_path)
    assert entry == entry_for(source_digest(), tmp_path) and not old.exists()
    stamp = read_stamp(entry)
    assert stamp is not None and stamp["digest"] == source_digest()
    files = sorted(p.relative_to(entry).as_posix() for p in entry.rglob("*") if p.is_file())
    assert files == sorted([*(p.removesuffix(".py") + EXT for p in COMPILED), "stamp.json"])
    assert build_mod.build(tmp_path) == entry and len(compiled) == 1  # built once


def test_a_build_in_progress_is_not_started_twice(tmp_path: Path) -> None:
    lock = tmp_path / f"{entry_for(source_digest(), tmp_path).name}.lock"
    lock.write_text(str(os.getpid()))  # a live process holds it
    assert build_mod.build(tmp_path) is None
    lock.write_text("999999999")  # its holder is gone: the lock is stale
    with build_mod._lock(lock) as held:
        assert held and lock.read_text() == str(os.getpid())
    assert not lock.exists()


def real_build() -> Path | None:
    """``build/compiled/src`` when it was built from these very sources (``make compiled``)."""
    built = ROOT / "build" / "compiled"
    stamp = built / ".source-digest"
    if not stamp.exists() or stamp.read_text() != source_digest(SRC / "grimoire"):
        return None
    return built / "src"


@pytest.mark.skipif(real_build() is None, reason="needs build/compiled of these sources (make compiled)")
def test_the_command_runs_a_real_compiled_engine_from_the_cache(tmp_path: Path) -> None:
    tree = real_build()
    assert tree is not None
    entry = entry_for(source_digest(SRC / "grimoire"), tmp_path)
    for file in tree.rglob(f"*{EXT}"):
        target = entry / file.relative_to(tree)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, target)
    write_stamp(entry, source_digest(SRC / "grimoire"), 1.0)
    done = run("-m", "grimoire", "--version", cache=tmp_path)
    assert done.returncode == 0 and f"(engine: compiled from {entry};" in done.stdout, done
    done = run("-m", "grimoire", "sim", "destiny", "--games", "4", "--workers", "2", cache=tmp_path)
    assert done.returncode == 0, done.stderr
    probe = f"import grimoire.launch, {PROBE} as m; print(m.__file__)"
    done = run("-c", f"from grimoire.buildengine.switch import start; start(); {probe}", cache=tmp_path)
    assert Path(done.stdout.strip()).is_relative_to(entry)
