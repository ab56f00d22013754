"""A game in progress: state, cached pending decision, event log and answers.

Terminal play, the web server, simulation and replay all drive games through a
:class:`Match`; it turns into a :class:`~grimoire.core.records.GameRecord` at any time.

A game with the board coin asked at the toss (chance source ``post``) tries each answer
on a copy first: when it would toss with no post time left, the answer is held and the
pending decision becomes the tossing seat's post question (:mod:`grimoire.core.boardcoin`);
answering it adds the post time to the chance script and applies the held answer. The log
shows each post time read by a toss (a ``post`` event); the record's script holds them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Generic, TypeVar

from .boardcoin import is_post_answer, post_decision, post_event
from .branch import Branch, branch_state
from .decision import Decision, Event, Outcome, split_option
from .errors import GameOver, GrimoireError, IllegalAnswer
from .events import EventSchema
from .forfeit import Forfeit
from .game import Game, Setup
from .records import GameRecord
from .rng import PostNeeded

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
        #: post times given at the tosses during play (the record's chance script goes on with them)
        self.posts: list[str] = []
        self._held: str | None = None  # the answer waiting on a post time
        self._asks_posts = setup.chance == "post"
        if branch is None:
            try:
                self.state: S = game.new_state(setup, self.start_events)
            except PostNeeded as need:
                raise GrimoireError(f"the set-up's coin toss needs a post time from seat {need.seat} "
                                    "(give it before the game starts)") from None
        else:  # a game branched from a recorded one starts at that position (grimoire.core.branch)
            self.state = branch_state(game, setup, branch)
        self.answers: list[str] = []
        #: the seat that gave each answer
        self.deciders: list[int] = []
        self.checks: list[str] = [digest(self.start_events, game.events)]
        if self._asks_posts and branch is None:  # the log shows the posts the set-up's tosses read
            chance = game.chance(self.state)
            self.start_events[:0] = [post_event(chance.tosser, p) for p in setup.chance_script[:chance.pos]]
        self.log: list[Event] = list(self.start_events)
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

    @property
    def held(self) -> str | None:
        """The answer waiting on a post time (None unless the pending decision is a post question)."""
        return self._held

    def answer(self, option_id: str) -> list[Event]:
        """Apply an answer; unlisted answers raise and change nothing.

        With the board coin, an answer whose toss has no post time yet is held (no events; the
        pending decision becomes the post question), and a post answer applies the held one.
        """
        decision = self._decision
        if decision is None:
            raise GameOver(f"the game is over; answer {option_id!r} not applied")
        held = self._held
        if held is not None:
            if not is_post_answer(decision, option_id):
                raise IllegalAnswer(option_id, decision.kind, ["post:<HH:MM:SS>", *decision.ids()])
            post = split_option(option_id)[1].strip()
            self.game.chance(self.state).script.append(post)
            self.posts.append(post)
            self._held = None
            found = self.game.decision(self.state)
            self._decision = found
            return self.answer(held)
        if decision.find(option_id) is None:
            raise IllegalAnswer(option_id, decision.kind, decision.ids())
        if self._asks_posts:
            trial = self.game.clone(self.state)
            try:
                self.game.apply_unchecked(trial, option_id, [])
            except PostNeeded as need:
                self._held = option_id
                self._decision = post_decision(need.seat, need.index + 1)
                return []
            before = self.game.chance(self.state).pos
        events: list[Event] = []
        self.game.apply_unchecked(self.state, option_id, events)
        self.answers.append(option_id)
        self.deciders.append(decision.player)
        self.checks.append(digest(events, self.game.events))
        if self._asks_posts:
            chance = self.game.chance(self.state)
            events[:0] = [post_event(chance.tosser, chance.script[i]) for i in range(before, chance.pos)]
        self.log.extend(events)
        self._decision = self.game.decision(self.state)
        return events

    def played_setup(self) -> Setup:
        """The set-up with the post times given so far (what replays this game's tosses)."""
        return replace(self.setup, chance_script=(*self.setup.chance_script, *self.posts)) if self.posts else self.setup

    def replayed(self, steps: int) -> S:
        """A new state: this game's start with its first ``steps`` answers applied again."""
        setup = self.played_setup()
        state = self.game.new_state(setup) if self.branch is None else branch_state(self.game, setup, self.branch)
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
        fresh = Match(self.game, self.played_setup(), self.branch)
        for answer in self.answers[:steps]:
            fresh.answer(answer)
        self._held = None
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
            chance_script=[*self.setup.chance_script, *self.posts],
            answers=list(self.answers),
            checks=list(self.checks),
            outcome=None if out is None else out.to_json(),
            cards={k: dict(v) for k, v in cards.items()},
            meta=dict(meta or {}),
            branch=self.branch,
            forfeit=self.forfeited,
            event_rules=self.game.events.used_rules(self.log),
        )
