"""Event and decision kinds are declared per game, and the type checker refuses an undeclared one.

Each game names its kinds once as ``Literal`` s (``grimoire.games.<game>.kinds``; the example
plugin in its ``game`` module); ``Event`` and ``Decision`` are generic in their kind
(:mod:`grimoire.core.kinds`). The mypy checks run mypy on a small snippet, the way a
plugin's own ``mypy --strict`` sees Grimoire.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any, get_args

import pytest

from grimoire.core.decision import Decision, Event, split_option
from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game
from grimoire.games.chant import kinds as chant_kinds
from grimoire.games.destiny import kinds as destiny_kinds

ROOT = Path(__file__).resolve().parents[2]
KINDS = {"chant": chant_kinds, "destiny": destiny_kinds}


def _mypy(tmp_path: Path, source: str) -> tuple[str, int]:
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(source, encoding="utf-8")
    env_path = os.pathsep.join([str(ROOT / "src"), str(ROOT / "examples" / "toy-race")])
    old = os.environ.get("MYPYPATH")
    os.environ["MYPYPATH"] = env_path
    try:
        out, err, status = api.run(["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
                                    "--python-version", f"{sys.version_info[0]}.{sys.version_info[1]}",
                                    str(snippet)])
    finally:
        if old is None:
            del os.environ["MYPYPATH"]
        else:
            os.environ["MYPYPATH"] = old
    return out + err, status


SNIPPET = '''
from grimoire.core.decision import Decision, Event, Option
from grimoire.games.chant.kinds import ChantDecision, ChantEvent
from grimoire.games.destiny.kinds import DestinyEvent
from grimoire_toy_race.game import ToyEvent


def chant(ev: list[ChantEvent]) -> ChantDecision:
    ev.append(Event("draw", 0, ("fireball",), 0))
    ev.append(Event("darw", 0, ("fireball",), 0))  # line 10: misspelt event kind
    return Decision(0, "chnat", (Option("end", "opt.end"),))  # line 11: misspelt decision kind


def destiny(ev: list[DestinyEvent]) -> None:
    ev.append(Event("lucky", 0, ("x", 1, 2, 3)))
    ev.append(Event("place", 0))  # line 16: a Chant kind, not Destiny's


def toy(ev: list[ToyEvent]) -> None:
    ev.append(Event("trip", 0, ("step1",)))
    ev.append(Event("trap", 0, ("step1",)))  # line 21


def any_game(ev: list[Event]) -> Decision:
    ev.append(Event("whatever", 0))  # the core's own code takes any kind
    chant(ev)
    return Decision(0, "whatever", ())
'''


def test_mypy_refuses_a_misspelt_event_or_decision_kind_where_it_is_made(tmp_path: Path) -> None:
    out, status = _mypy(tmp_path, SNIPPET)
    assert status == 1, out
    lines = sorted({int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line})
    assert lines == [10, 11, 16, 21], out
    assert 'incompatible type "Literal[\'darw\']"' in out and 'incompatible type "Literal[\'chnat\']"' in out


def test_mypy_accepts_the_declared_kinds(tmp_path: Path) -> None:
    good = (SNIPPET.replace('"darw"', '"draw"').replace('"chnat"', '"chant"')
            .replace('Event("place", 0)', 'Event("shuffle", 0)').replace('"trap"', '"trip"'))
    out, status = _mypy(tmp_path, good)
    assert status == 0, out


@pytest.mark.parametrize("name", sorted(KINDS))
def test_the_declared_event_kinds_are_the_event_schemas_kinds(name: str) -> None:
    game = load_game(name)
    assert list(get_args(KINDS[name].EventKind)) == list(game.events.kinds)


def test_the_example_plugins_declared_event_kinds_are_its_schemas_kinds() -> None:
    toy = pytest.importorskip("grimoire_toy_race.game")
    assert list(get_args(toy.ToyEventKind)) == list(toy.EVENTS.kinds)


OPTION_SNIPPET = '''
from grimoire.core.decision import Option
from grimoire.games.chant import decisions as chant
from grimoire.games.destiny import decisions as destiny
from grimoire_toy_race.game import option_id


def options() -> list[Option]:
    return [
        chant.opt("place", 3, "opt.place", "c1"),
        chant.opt("palce", 3, "opt.place", "c1"),  # line 11: misspelt prefix
        Option(chant.option_id("pay", 2), "opt.pay", (2,)),
        Option(chant.option_id("pya", 2), "opt.pay", (2,)),  # line 13
        destiny.opt("summon", 3, "opt.summon", "d1"),
        destiny.opt("place", 3, "opt.summon", "d1"),  # line 15: a Chant prefix, not Destiny's
        Option(option_id("play", "step1"), "opt.play", ("step1",)),
        Option(option_id("plya", "step1"), "opt.play", ("step1",)),  # line 17
    ]
'''


def test_mypy_refuses_a_misspelt_option_prefix_where_the_option_is_made(tmp_path: Path) -> None:
    out, status = _mypy(tmp_path, OPTION_SNIPPET)
    assert status == 1, out
    lines = sorted({int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line})
    assert lines == [11, 13, 15, 17], out
    assert "Literal['palce']" in out and "Literal['plya']" in out


def test_mypy_accepts_the_declared_option_prefixes(tmp_path: Path) -> None:
    good = (OPTION_SNIPPET.replace('"palce"', '"place"').replace('"pya"', '"pay"')
            .replace('destiny.opt("place"', 'destiny.opt("effect"').replace('"plya"', '"play"'))
    out, status = _mypy(tmp_path, good)
    assert status == 0, out


def _kinds_seen(game: Game[Any], games: int) -> tuple[set[str], set[str], set[str]]:
    decisions: set[str] = set()
    events: set[str] = set()
    prefixes: set[str] = set()
    rng = random.Random(7)
    for seed in range(games):
        names = sorted(game.cards.starter_decks())
        deck = game.cards.starter_deck(names[seed % len(names)])
        setup = Setup((deck, deck), game.options(), seed=seed)
        log: list[Event] = []
        state = game.new_state(setup, log)
        for _ in range(2000):
            d: Decision | None = game.decision(state)
            if d is None:
                break
            decisions.add(d.kind)
            prefixes.update(split_option(i)[0] for i in d.ids())
            log.extend(game.apply(state, rng.choice(d.ids())))
        events.update(e.kind for e in log)
    return decisions, events, prefixes


@pytest.mark.parametrize("name", sorted(KINDS))
def test_random_games_ask_and_emit_only_declared_kinds(name: str) -> None:
    decisions, events, _ = _kinds_seen(load_game(name), 6)
    assert decisions and decisions <= set(get_args(KINDS[name].DecisionKind))
    assert events and events <= set(get_args(KINDS[name].EventKind))


@pytest.mark.parametrize("name", sorted(KINDS))
def test_random_games_offer_only_options_with_declared_prefixes(name: str) -> None:
    _, _, prefixes = _kinds_seen(load_game(name), 6)
    declared = set(get_args(KINDS[name].OptionPrefix))
    assert prefixes <= declared
    assert len(prefixes) >= len(declared) // 2  # the games reached most kinds of option


def test_the_example_plugins_random_games_offer_only_declared_option_prefixes() -> None:
    toy = pytest.importorskip("grimoire_toy_race.game")
    _, _, prefixes = _kinds_seen(toy.ToyGame(), 4)
    assert {"play", "draw", "trip"} <= prefixes <= set(get_args(toy.ToyOptionPrefix))
