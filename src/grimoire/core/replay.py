"""Replaying game records: re-create the game from its set-up and apply the answers.

Each step's events are fingerprinted in the record, so :func:`verify` names the first
step whose events differ from the recorded ones.

>>> from grimoire.core.match import Match
>>> from grimoire.core.registry import load_game
>>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
>>> m = Match(game, Setup((deck, deck), seed=2))
>>> _ = m.answer(m.decision.options[-1].id)
>>> verify(m.record()).ok
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import GrimoireError, RecordError
from .game import Game, Setup
from .match import Match
from .records import GameRecord
from .registry import load_game

#: What a failed verification says, by key (English; the terminal renders each key in both languages).
VERIFY_MESSAGES: dict[str, str] = {
    "setup_failed": "set-up failed: {error}",
    "setup_differs": "step 0 (set-up): events differ from the record",
    "refused": "step {step}: answer {answer!r} was refused: {error}",
    "differs": "step {step}: answer {answer!r} produced different events than recorded",
    "checks_count": "record has {checks} checks for {answers} answers",
    "forfeit_late": "record ends by {reason} after the game was over",
    "outcome_differs": "final outcome {got} differs from recorded {recorded}",
}


@dataclass
class VerifyResult:
    """The outcome of re-simulating a record: on failure a message ``key`` of :data:`VERIFY_MESSAGES`
    and its ``args`` (``message`` is the English text).

    >>> VerifyResult(False, 2, 2, "differs", {"step": 2, "answer": "pass"}).message
    "step 2: answer 'pass' produced different events than recorded"
    """

    ok: bool
    steps: int
    first_bad_step: int | None = None
    key: str = ""
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The failure in English ('' when the record verified)."""
        return VERIFY_MESSAGES[self.key].format(**self.args) if self.key else ""


def setup_of(record: GameRecord) -> tuple[Game[Any], Setup]:
    """The :class:`~grimoire.core.game.Setup` a record describes, and its game."""
    try:
        game = load_game(record.game, tables=record.cards)
    except GrimoireError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    played = game.at_version(record.ruleset_version)
    if played is None:
        raise RecordError(f"record is for {record.game} rules {record.ruleset_version}, this is {game.version}")
    game = played
    try:  # options a record does not name take their defaults at its rules version
        options = game.options(record.options)
    except GrimoireError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    if len(record.decks) != 2:
        raise RecordError(f"record must have 2 decks, has {len(record.decks)}")
    for deck in record.decks:
        for card_id in deck.all_cards():
            if card_id not in game.pool:
                raise RecordError(f"record deck {deck.name!r} uses unknown card {card_id!r}")
    setup = Setup((record.decks[0], record.decks[1]), options, record.seed, record.chance, tuple(record.chance_script))
    return game, setup


def verify(record: GameRecord) -> VerifyResult:
    """Re-simulate ``record`` and compare every step's events with its fingerprints."""
    game, setup = setup_of(record)
    try:
        match = Match(game, setup, record.branch)
    except GrimoireError as exc:
        return VerifyResult(False, 0, 0, "setup_failed", {"error": str(exc)})
    if record.checks and match.checks[0] != record.checks[0]:
        return VerifyResult(False, 0, 0, "setup_differs")
    for i, answer in enumerate(record.answers, start=1):
        try:
            match.answer(answer)
        except GrimoireError as exc:
            return VerifyResult(False, i, i, "refused", {"step": i, "answer": answer, "error": str(exc)})
        if i < len(record.checks) and match.checks[i] != record.checks[i]:
            return VerifyResult(False, i, i, "differs", {"step": i, "answer": answer})
    if len(record.checks) not in (0, len(match.checks)):
        return VerifyResult(False, len(record.answers), len(record.answers),
                            "checks_count", {"checks": len(record.checks), "answers": len(record.answers)})
    if record.forfeit is not None:
        if match.decision is None:
            return VerifyResult(False, len(record.answers), len(record.answers),
                                "forfeit_late", {"reason": record.forfeit.reason})
        match.forfeit(record.forfeit.seat, record.forfeit.reason)
    out = match.outcome
    got = None if out is None else out.to_json()
    if record.outcome is not None and got != record.outcome:
        return VerifyResult(False, len(record.answers), len(record.answers),
                            "outcome_differs", {"got": got, "recorded": record.outcome})
    return VerifyResult(True, len(record.answers))
