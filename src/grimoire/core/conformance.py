"""The conformance checker every game must pass (after OpenSpiel's basic tests).

:func:`check_games` plays seeded random games and asserts, step by step:

* until the end there is exactly one decision, with a non-empty list of options
  whose ids are unique, and no outcome; at the end an outcome and no decision;
* an unlisted answer raises :class:`IllegalAnswer` and changes nothing;
* a clone is equal and independent; the state survives a JSON round trip;
* every seat's view is unchanged when what is hidden from it is resampled, and so
  are the options of its own decision;
* the number of cards over all zones is conserved; games end within ``max_steps``;
* replaying the answers reproduces the game; the same seed gives the same game.

>>> # see tests/test_conformance.py for use on both games
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .decision import Event
from .errors import IllegalAnswer
from .game import Game, Setup
from .rng import Chance


class ConformanceError(AssertionError):
    """A game broke the contract; the message names the game, seed and step."""


@dataclass
class ConformanceReport:
    """What the checker saw."""

    games: int = 0
    steps: int = 0
    max_steps_seen: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def play_random(game: Game[Any], setup: Setup, chooser_seed: int) -> tuple[list[str], Any, list[Event]]:
    """Play a game with uniformly random answers; returns answers, final state, events."""
    events: list[Event] = []
    state = game.new_state(setup, events)
    chooser = Chance.seeded(chooser_seed)
    answers: list[str] = []
    while (d := game.decision(state)) is not None:
        pick = d.options[chooser.below(len(d.options))].id
        answers.append(pick)
        events.extend(game.apply(state, pick))
        if len(answers) > game.max_steps:
            raise ConformanceError(f"{game.name}: seed {setup.seed}: no end after {game.max_steps} steps")
    return answers, state, events


def check_one(game: Game[Any], setup: Setup, chooser_seed: int, deep_every: int = 1,
              report: ConformanceReport | None = None) -> ConformanceReport:
    """Check one seeded random game (see the module docstring)."""
    report = report or ConformanceReport()
    where = f"{game.name} seed {setup.seed}/{chooser_seed}"

    def fail(step: int, message: str) -> ConformanceError:
        return ConformanceError(f"{where} step {step}: {message}")

    events: list[Event] = []
    state = game.new_state(setup, events)
    total = game.card_total(state)
    chooser = Chance.seeded(chooser_seed)
    resampler = Chance.seeded(chooser_seed ^ 0x5EED)
    answers: list[str] = []
    step = 0
    while True:
        decision = game.decision(state)
        if decision is None:
            if game.outcome(state) is None:
                raise fail(step, "no decision but no outcome either")
            break
        if game.outcome(state) is not None:
            raise fail(step, "an outcome while a decision is pending")
        ids = decision.ids()
        if not ids:
            raise fail(step, f"decision {decision.kind!r} has no options")
        if len(set(ids)) != len(ids):
            raise fail(step, f"decision {decision.kind!r} has duplicate option ids: {ids}")
        if decision.player not in (0, 1):
            raise fail(step, f"decision for unknown seat {decision.player}")
        pick = decision.options[chooser.below(len(ids))].id
        if step % deep_every == 0:
            before = _canon(game.to_json(state))
            try:
                game.apply(state, "\u0000not-an-option")
            except IllegalAnswer:
                pass
            else:
                raise fail(step, "an unlisted answer was accepted")
            if _canon(game.to_json(state)) != before:
                raise fail(step, "a refused answer changed the state")
            copy = game.clone(state)
            if _canon(game.to_json(copy)) != before:
                raise fail(step, "clone differs from the original")
            back = game.from_json(json.loads(json.dumps(game.to_json(state))))
            if _canon(game.to_json(back)) != before:
                raise fail(step, "state does not survive a JSON round trip")
            if game.decision(back) != decision:
                raise fail(step, "decision differs after a JSON round trip")
            game.apply(copy, pick)
            if _canon(game.to_json(state)) != before:
                raise fail(step, "applying an answer to a clone changed the original")
            for seat in (0, 1):
                other = game.resample_hidden(state, seat, resampler)
                if _canon(game.view(other, seat)) != _canon(game.view(state, seat)):
                    raise fail(step, f"seat {seat}'s view changes when its hidden information is resampled")
                if decision.player == seat and game.decision(other) != decision:
                    raise fail(step, f"seat {seat}'s options change when its hidden information is resampled")
                if game.card_total(other) != total:
                    raise fail(step, "resampling changed the number of cards")
        answers.append(pick)
        events.extend(game.apply(state, pick))
        step += 1
        if game.card_total(state) != total:
            raise fail(step, f"card count changed from {total} to {game.card_total(state)}")
        if step > game.max_steps:
            raise fail(step, f"game did not end within {game.max_steps} steps")
    again, final, again_events = play_random(game, setup, chooser_seed)
    if again != answers or _canon(game.to_json(final)) != _canon(game.to_json(state)):
        raise fail(step, "the same seed gave a different game")
    if [e.to_json() for e in again_events] != [e.to_json() for e in events]:
        raise fail(step, "the same seed gave different events")
    replay_events: list[Event] = []
    replayed = game.new_state(setup, replay_events)
    for answer in answers:
        replay_events.extend(game.apply(replayed, answer))
    if _canon(game.to_json(replayed)) != _canon(game.to_json(state)):
        raise fail(step, "replaying the answers does not reproduce the final state")
    outcome = game.outcome(state)
    assert outcome is not None
    report.games += 1
    report.steps += step
    report.max_steps_seen = max(report.max_steps_seen, step)
    report.outcomes[outcome.reason] = report.outcomes.get(outcome.reason, 0) + 1
    return report


def check_games(game: Game[Any], setups: Iterable[Setup], deep_every: int = 1) -> ConformanceReport:
    """Run :func:`check_one` over many set-ups (chooser seeded from each set-up's seed)."""
    report = ConformanceReport()
    for setup in setups:
        check_one(game, setup, setup.seed * 7919 + 1, deep_every, report)
    return report
