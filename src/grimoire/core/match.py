"""A game in progress: state, cached pending decision, event log and answers.

Terminal play, the web server, simulation and replay all drive games through a
:class:`Match`; it turns into a :class:`~grimoire.core.records.GameRecord` at any time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from .branch import Branch, branch_state
from .decision import Decision, Event, Outcome
from .errors import GameOver, GrimoireError, IllegalAnswer
from .events import EventSchema
from .forfeit import Forfeit
from .game import Game, Setup
from .records import GameRecord

S = TypeVar("S")


def digest(events: list[Event], schema: EventSchema | None = None) -> str:
    """A short, stable fingerprint of the events of one step (used by ``--verify``).

    With the game's ``schema``, an event's explaining arguments (its ``details``) are left out,
    so that a record made before one was added still verifies.
    """
    if schema is None:
        data = json.dumps([e.to_json() for e in events], ensure_ascii=False, separators=(",", ":"))
    else:
        data = json.dumps([[e.kind, e.player, list(e.args[:schema.own.get(e.kind, len(e.args))]), e.private_to]
                           for e in events], ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(data.encode("utf-8"), digest_size=4).hexdigest()


class Match(Generic[S]):
    """One game being played: answer the pending decision until it is over."""

    def __init__(self, game: Game[S], setup: Setup, branch: Branch | None = None) -> None:
        self.game = game
        self.setup = setup
        self.branch = branch
        self.start_events: list[Event] = []
        if branch is None:
            self.state: S = game.new_state(setup, self.start_events)
        else:  # a game branched from a recorded one starts at that position (grimoire.core.branch)
            self.state = branch_state(game, setup, branch)
        self.log: list[Event] = list(self.start_events)
        self.answers: list[str] = []
        #: the seat that gave each answer
        self.deciders: list[int] = []
        self.checks: list[str] = [digest(self.start_events, game.events)]
        self._decision: Decision | None = game.decision(self.state)
        #: set when a seat lost by conceding, on time or by leaving (:meth:`forfeit`)
        self.forfeited: Forfeit | None = None

    @property
    def decision(self) -> Decision | None:
        """The pending decision (None once the game is over)."""
        return self._decision

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, if it has."""
        if self.forfeited is not None:
            return self.forfeited.outcome()
        return self.game.outcome(self.state)

    def forfeit(self, seat: int, reason: str) -> Outcome:
        """End the game now with a loss for ``seat``: it conceded (``concession``), its clock ran
        out (``timeout``) or it left and the other claimed the win (``abandoned``).

        >>> from grimoire.core.registry import load_game
        >>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
        >>> m = Match(game, Setup((deck, deck), seed=2))
        >>> m.forfeit(0, "concession"), m.decision
        (Outcome(winner=1, reason='concession'), None)
        """
        if self._decision is None:
            raise GameOver(f"the game is over; {reason} of seat {seat} not applied")
        ended = Forfeit(seat, reason)  # checks seat and reason
        self.forfeited = ended
        self._decision = None
        return ended.outcome()

    def answer(self, option_id: str) -> list[Event]:
        """Apply an answer; unlisted answers raise and change nothing."""
        decision = self._decision
        if decision is None:
            raise GameOver(f"the game is over; answer {option_id!r} not applied")
        if decision.find(option_id) is None:
            raise IllegalAnswer(option_id, decision.kind, decision.ids())
        events: list[Event] = []
        self.game.apply_unchecked(self.state, option_id, events)
        self.answers.append(option_id)
        self.deciders.append(decision.player)
        self.checks.append(digest(events, self.game.events))
        self.log.extend(events)
        self._decision = self.game.decision(self.state)
        return events

    def replayed(self, steps: int) -> S:
        """A new state: this game's start with its first ``steps`` answers applied again."""
        state = self.game.new_state(self.setup) if self.branch is None else branch_state(self.game, self.setup,
                                                                                         self.branch)
        for answer in self.answers[:steps]:
            self.game.apply_unchecked(state, answer, [])
        return state

    def truncate(self, steps: int) -> None:
        """Keep only the first ``steps`` answers: the game goes on from there as if the later ones were never
        given (their events leave the log). See :mod:`grimoire.core.undo` for who may take answers back.

        >>> from grimoire.core.registry import load_game
        >>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
        >>> m = Match(game, Setup((deck, deck), seed=2)); start = game.to_json(m.state)
        >>> _ = m.answer(m.decision.options[-1].id); m.truncate(0)
        >>> m.answers, game.to_json(m.state) == start
        ([], True)
        """
        if not 0 <= steps <= len(self.answers):
            raise GrimoireError(f"cannot go back to step {steps} of {len(self.answers)}")
        fresh = Match(self.game, self.setup, self.branch)
        for answer in self.answers[:steps]:
            fresh.answer(answer)
        self.state = fresh.state
        self.log = fresh.log
        self.answers = fresh.answers
        self.deciders = fresh.deciders
        self.checks = fresh.checks
        self._decision = fresh._decision
        self.forfeited = None

    def record(self, meta: Mapping[str, Any] | None = None) -> GameRecord:
        """The game so far as a record (decks, options, seed and answers)."""
        out = self.outcome
        cards = self.game.cards.card_tables([c for d in self.setup.decks for c in d.all_cards()])
        return GameRecord(
            game=self.game.name,
            ruleset_version=self.game.version,
            options=dict(self.setup.options),
            decks=list(self.setup.decks),
            seed=self.setup.seed,
            chance=self.setup.chance,
            chance_script=list(self.setup.chance_script),
            answers=list(self.answers),
            checks=list(self.checks),
            outcome=None if out is None else out.to_json(),
            cards={k: dict(v) for k, v in cards.items()},
            meta=dict(meta or {}),
            branch=self.branch,
            forfeit=self.forfeited,
            event_rules=self.game.events.used_rules(self.log),
        )
