"""A deck's declared set-up choices, played by whichever seat holds the deck.

A deck file may declare its answer to a set-up decision with a ``# kind: answer`` line
(Destiny's ``# ability: chimyaku_no_hako``; :attr:`grimoire.core.decks.Deck.choices`).
Every surface that seats an agent — ``grimoire sim``, the balance lab, the computer at the
terminal and in the browser — answers through :func:`declared_answer`, so one deck means
one thing everywhere. The computer picking its own set-up instead is an explicit choice
(``--ai-setup``, the lobby's "the computer picks its own set-up"): the deck is then played
with :func:`without_choices`.

>>> from grimoire.core.decision import Decision, Option
>>> d = Decision(0, "ability", (Option("ability:a", "k"), Option("ability:b", "k"), Option("none", "k")))
>>> declared_answer((("ability", "b"),), d), declared_answer((("ability", "zz"),), d), declared_answer((), d)
('ability:b', None, None)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .decision import Decision
from .decks import Choices, Deck
from .errors import GrimoireError
from .game import Game
from .play import Agent
from .rng import Chance


def answer_id(kind: str, answer: str) -> str:
    """The option id of ``answer`` to a decision of ``kind``: ``kind:answer`` (``none`` stays ``none``).

    >>> answer_id("ability", "chimyaku_houki"), answer_id("ability", "none")
    ('ability:chimyaku_houki', 'none')
    """
    return "none" if answer == "none" else f"{kind}:{answer}"


def declared_answer(choices: Choices, decision: Decision) -> str | None:
    """The option ``choices`` name for ``decision``, or None (no choice of its kind, or not offered)."""
    for kind, answer in choices:
        if kind == decision.kind:
            option = answer_id(kind, answer)
            return option if decision.find(option) is not None else None
    return None


class DeclaredChoices:
    """An agent that answers its deck's declared set-up decisions itself and asks ``agent`` the rest."""

    def __init__(self, agent: Agent, choices: Choices) -> None:
        self.agent = agent
        self.name = agent.name
        self.choices = choices

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        answer = declared_answer(self.choices, decision)
        return answer if answer is not None else self.agent.choose(game, view, decision, chance)


def playing(agent: Agent, choices: Choices) -> Agent:
    """``agent`` playing a deck that declares ``choices`` (``agent`` itself when there are none).

    >>> from grimoire.core.play import RandomAgent
    >>> type(playing(RandomAgent(), (("ability", "x"),))).__name__, type(playing(RandomAgent(), ())).__name__
    ('DeclaredChoices', 'RandomAgent')
    """
    return DeclaredChoices(agent, choices) if choices else agent


def without_choices(deck: Deck) -> Deck:
    """``deck`` with no declared set-up choices: whoever plays it picks its own (``--ai-setup``)."""
    return dataclasses.replace(deck, choices=())


def check_choices(game: Game[Any], choices: Choices, where: str, *, any_kind: bool = False) -> None:
    """Refuse a choice of an unknown answer (or, unless ``any_kind``, of a kind that is no set-up
    decision of the game) with a one-line error naming ``where``. A deck file's other ``# x: y``
    comments are no choice of the game's: ``any_kind`` lets them be.

    >>> from grimoire.core.registry import load_game
    >>> check_choices(load_game("destiny"), (("ability", "chimyaku_foo"),), "--choose")
    Traceback (most recent call last):
    ...
    grimoire.core.errors.GrimoireError: --choose: unknown ability 'chimyaku_foo'; answers: chimyaku_houki, \
chimyaku_kijutsu, chimyaku_kanchi, chimyaku_no_hako, none
    """
    known = game.setup_choices()
    for kind, answer in choices:
        if kind not in known:
            if any_kind:
                continue
            kinds = ", ".join(known) or "none"
            raise GrimoireError(f"{where}: {game.name} has no set-up decision {kind!r}; set-up decisions: {kinds}")
        if answer not in known[kind]:
            raise GrimoireError(f"{where}: unknown {kind} {answer!r}; answers: {', '.join(known[kind])}")
