"""The conformance checker every game must pass (after OpenSpiel's basic tests).

:func:`check_games` plays seeded random games with the one play loop
(:func:`~grimoire.core.play.play`) and asserts, step by step:

* until the end there is exactly one decision, with a non-empty list of options
  whose ids are unique, and no outcome; at the end an outcome and no decision;
* an unlisted answer raises :class:`IllegalAnswer` and changes nothing;
* a clone is equal and independent; the state survives a JSON round trip;
* every seat's view is unchanged when what is hidden from it is resampled, and so
  are the options of its own decision;
* the number of cards over all zones is conserved; games end within ``max_steps``;
* every event matches the game's event schema (:mod:`grimoire.core.events`);
* every decision prompt, option label and event line has a message in Japanese and
  English, and renders (each kind at least once per run, every one on deep steps);
* replaying the answers reproduces the game; the same seed gives the same game;
* card instance numbers tell nothing: over the first games of a run, no seat sees
  numbers that date its cards' arrival or name hidden cards (:mod:`~grimoire.core.idcheck`).

:func:`check_messages` checks the catalog against the event schema once per game: an
``ev.<kind>`` template in both languages for every event kind, naming only the
event's arguments, and a ``.hidden`` template for every event that is private.

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
>>> check_games(game, [Setup((deck, deck), seed=1)]).games
1
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .decision import Decision, Event
from .errors import IllegalAnswer
from .game import Game, Setup
from .i18n import LANGS
from .idcheck import IdWatch
from .play import RandomAgent, play
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
    decision_kinds: set[str] = field(default_factory=set)
    event_kinds: set[str] = field(default_factory=set)
    option_keys: set[str] = field(default_factory=set)


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def _fields(template: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f}


def check_messages(game: Game[Any]) -> None:
    """Check the game's event templates against its event schema (see the module docstring)."""
    entries = game.text.catalog.entries
    for kind in game.events:
        names = {"player", *game.events.names(kind)}
        for key in ("ev." + kind, "ev." + kind + ".hidden"):
            by_lang = entries.get(key)
            if by_lang is None:
                if key.endswith(".hidden"):
                    continue
                raise ConformanceError(f"{game.name}: event {kind!r} has no message {key!r}")
            missing = [lang for lang in LANGS if not by_lang.get(lang)]
            if missing:
                raise ConformanceError(f"{game.name}: message {key!r} has no {', '.join(missing)} text")
            for lang in LANGS:
                unknown = _fields(by_lang[lang]) - names
                if unknown:
                    raise ConformanceError(f"{game.name}: message {key!r} ({lang}) names {sorted(unknown)}, "
                                           f"not arguments of {kind!r}: {sorted(names)}")


def _render_decision(game: Game[Any], decision: Decision, report: ConformanceReport, every: bool) -> str | None:
    """Render a decision's prompt and labels; a problem, or None."""
    entries = game.text.catalog.entries
    keys = ["ask." + decision.kind, *(o.key for o in decision.options)]
    for key in keys:
        by_lang = entries.get(key)
        if by_lang is None or any(not by_lang.get(lang) for lang in LANGS):
            return f"message {key!r} is missing or lacks a language"
    fresh = decision.kind not in report.decision_kinds or any(o.key not in report.option_keys
                                                                for o in decision.options)
    if every or fresh:
        for lang in LANGS:
            game.text.prompt(decision, lang)
            for option in decision.options:
                game.text.label(option, lang)
        report.decision_kinds.add(decision.kind)
        report.option_keys.update(o.key for o in decision.options)
    return None


def _check_events(game: Game[Any], events: list[Event], report: ConformanceReport, every: bool) -> str | None:
    """Check events against the schema and render them; a problem, or None."""
    for event in events:
        problem = game.events.problem(event)
        if problem is not None:
            return problem
        if every or event.kind not in report.event_kinds:
            for lang in LANGS:
                game.text.describe(event, lang)
                for seat in (0, 1):
                    game.text.describe(event.redacted_for(seat), lang)
            report.event_kinds.add(event.kind)
    return None


def play_random(game: Game[Any], setup: Setup, chooser_seed: int) -> tuple[list[str], Any, list[Event]]:
    """Play a game with uniformly random answers; returns answers, final state, events."""
    events: list[Event] = []
    chooser = Chance.seeded(chooser_seed)
    done = play(game, setup, [RandomAgent(), RandomAgent()], [chooser, chooser],
                on_events=lambda state, evs: events.extend(evs))
    if done.truncated:
        raise ConformanceError(f"{game.name}: seed {setup.seed}: no end after {game.max_steps} steps")
    return done.answers, done.state, events


class _Checker:
    """The checks of one game while it is played (see the module docstring), at each decision and after
    each answer; :meth:`finish` checks the finished game."""

    def __init__(self, game: Game[Any], setup: Setup, chooser_seed: int, deep_every: int,
                 report: ConformanceReport, watch: IdWatch | None) -> None:
        self.game, self.setup, self.chooser_seed, self.deep_every = game, setup, chooser_seed, deep_every
        self.report, self.watch = report, watch
        self.where = f"{game.name} seed {setup.seed}/{chooser_seed}"
        self.resampler = Chance.seeded(chooser_seed ^ 0x5EED)
        self.log: list[Event] = []
        self.total = -1
        self.step = 0

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(f"{self.where} step {self.step}: {message}")

    def before(self, state: Any, decision: Decision, pick: str) -> None:
        """A pending decision: well formed and rendered; every ``deep_every`` steps, the deep checks."""
        if self.game.outcome(state) is not None:
            raise self.fail("an outcome while a decision is pending")
        ids = decision.ids()
        if not ids:
            raise self.fail(f"decision {decision.kind!r} has no options")
        if len(set(ids)) != len(ids):
            raise self.fail(f"decision {decision.kind!r} has duplicate option ids: {ids}")
        if decision.player not in (0, 1):
            raise self.fail(f"decision for unknown seat {decision.player}")
        deep = self.step % self.deep_every == 0
        problem = _render_decision(self.game, decision, self.report, deep)
        if problem is not None:
            raise self.fail(problem)
        if deep:
            self.copies(state, decision, pick)
            self.resampling(state, decision)

    def copies(self, state: Any, decision: Decision, pick: str) -> None:
        """A refused answer, a clone and a JSON round trip leave the state and its decision as they were."""
        game = self.game
        before_json = _canon(game.to_json(state))
        try:
            game.apply(state, "\u0000not-an-option")
        except IllegalAnswer:
            pass
        else:
            raise self.fail("an unlisted answer was accepted")
        if _canon(game.to_json(state)) != before_json:
            raise self.fail("a refused answer changed the state")
        copy = game.clone(state)
        if _canon(game.to_json(copy)) != before_json:
            raise self.fail("clone differs from the original")
        back = game.from_json(json.loads(json.dumps(game.to_json(state))))
        if _canon(game.to_json(back)) != before_json:
            raise self.fail("state does not survive a JSON round trip")
        if game.decision(back) != decision:
            raise self.fail("decision differs after a JSON round trip")
        game.apply(copy, pick)
        if _canon(game.to_json(state)) != before_json:
            raise self.fail("applying an answer to a clone changed the original")

    def resampling(self, state: Any, decision: Decision) -> None:
        """Resampling a seat's hidden information changes neither its view, its options nor the card count."""
        game = self.game
        for seat in (0, 1):
            other = game.resample_hidden(state, seat, self.resampler)
            if _canon(game.view(other, seat)) != _canon(game.view(state, seat)):
                raise self.fail(f"seat {seat}'s view changes when its hidden information is resampled")
            if decision.player == seat and game.decision(other) != decision:
                raise self.fail(f"seat {seat}'s options change when its hidden information is resampled")
            if game.card_total(other) != self.total:
                raise self.fail("resampling changed the number of cards")

    def after(self, state: Any, events: list[Event]) -> None:
        """After an answer: the card count kept, the events well formed; the views watched for uids."""
        game = self.game
        if self.total < 0:
            self.total = game.card_total(state)
        else:
            self.step += 1
            if game.card_total(state) != self.total:
                raise self.fail(f"card count changed from {self.total} to {game.card_total(state)}")
        problem = _check_events(game, events, self.report, self.step % self.deep_every == 0)
        if problem is not None:
            raise self.fail(problem)
        self.log.extend(events)
        if self.watch is not None:
            for seat in (0, 1):
                self.watch.see(seat, self.step, game.view(state, seat))

    def finish(self, state: Any, answers: list[str]) -> None:
        """The finished game: an outcome, the same game and events again from the same seed, and the same
        final state from its answers alone."""
        game = self.game
        if game.decision(state) is not None or game.outcome(state) is None:
            raise self.fail("no decision but no outcome either")
        again, final, again_events = play_random(game, self.setup, self.chooser_seed)
        if again != answers or _canon(game.to_json(final)) != _canon(game.to_json(state)):
            raise self.fail("the same seed gave a different game")
        if [e.to_json() for e in again_events] != [e.to_json() for e in self.log]:
            raise self.fail("the same seed gave different events")
        replay_events: list[Event] = []
        replayed = game.new_state(self.setup, replay_events)
        for answer in answers:
            replay_events.extend(game.apply(replayed, answer))
        if _canon(game.to_json(replayed)) != _canon(game.to_json(state)):
            raise self.fail("replaying the answers does not reproduce the final state")


def check_one(game: Game[Any], setup: Setup, chooser_seed: int, deep_every: int = 1,
              report: ConformanceReport | None = None, watch: IdWatch | None = None) -> ConformanceReport:
    """Check one seeded random game (see the module docstring); ``watch`` collects every view's uids."""
    report = report or ConformanceReport()
    checker = _Checker(game, setup, chooser_seed, deep_every, report, watch)
    chooser = Chance.seeded(chooser_seed)
    done = play(game, setup, [RandomAgent(), RandomAgent()], [chooser, chooser], on_decision=checker.before,
                on_events=checker.after)
    if done.truncated:
        raise checker.fail(f"game did not end within {game.max_steps} steps")
    checker.finish(done.state, done.answers)
    outcome = game.outcome(done.state)
    assert outcome is not None
    report.games += 1
    report.steps += checker.step
    report.max_steps_seen = max(report.max_steps_seen, checker.step)
    report.outcomes[str(outcome.reason)] = report.outcomes.get(str(outcome.reason), 0) + 1
    return report


def check_games(game: Game[Any], setups: Iterable[Setup], deep_every: int = 1, id_games: int = 16
                ) -> ConformanceReport:
    """Check the game's messages, then run :func:`check_one` over many set-ups (chooser seeded
    from each set-up's seed); the first ``id_games`` games are watched for what uids tell."""
    check_messages(game)
    report = ConformanceReport()
    watch = IdWatch()
    for i, setup in enumerate(setups):
        watched = watch if i < id_games else None
        if watched is not None:
            watched.begin(_canon([deck.to_json() for deck in setup.decks]))
        check_one(game, setup, setup.seed * 7919 + 1, deep_every, report, watched)
    for problem in watch.problems():
        raise ConformanceError(f"{game.name}: {problem}")
    return report
