"""Batch self-play: many seeded games between two agents.

Game ``i`` of a run with seed ``s`` is a pure function of ``(s, i)``: its set-up seed
is :func:`derive_seed` ``(s, i, "setup")`` (the game itself tosses for the first player
from it, unless a rules option fixes the first player) and each seat's agent gets the
chance source :func:`derive_seed` ``(s, i, "agent", seat)``. So a run may be split by
index range (``start``) across processes and merged with identical results.

>>> derive_seed(1, 0, "setup") == derive_seed(1, 0, "setup") != derive_seed(1, 1, "setup")
True
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from grimoire.ai.base import Agent
from grimoire.core.decision import Event
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance

from .stats import GameResult, SimResult

_MASK63 = (1 << 63) - 1


def derive_seed(*parts: int | str) -> int:
    """A stable 63-bit seed from ``parts`` (BLAKE2b of their text; same on every platform)."""
    data = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") & _MASK63


def first_player_of(game: Game[Any], state: Any) -> int | None:
    """The seat that plays the first turn, as the game tells it (None if it cannot).

    Asks ``game.first_player(state)`` if the game has it, else reads the state's
    ``first_player`` or ``first`` field. Call it on the final state: some games toss
    for the first player only after pre-game choices.
    """
    ask = getattr(game, "first_player", None)
    if callable(ask):
        value = ask(state)
        return value if isinstance(value, int) and value in (0, 1) else None
    for name in ("first_player", "first"):
        value = state.get(name) if isinstance(state, dict) else getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return value
    return None


def play_one(game: Game[Any], decks: tuple[Deck, Deck], agents: tuple[Agent, Agent], options: Mapping[str, Any],
             seed: int, index: int, record_path: Path | None = None, swap: bool = False) -> GameResult:
    """Play game ``index`` of a run seeded ``seed``; ``swap`` seats ``agents[1]`` at seat 0.

    Decks stay with their seats (``decks[0]`` is always seat 0's), so with ``swap`` on
    every other game each agent plays both decks.

    With ``record_path`` the game is played through a :class:`Match` and its record saved there.
    """
    seats = (agents[1], agents[0]) if swap else agents
    setup = Setup(decks, dict(options), derive_seed(seed, index, "setup"))
    chances = [Chance.seeded(derive_seed(seed, index, "agent", s)) for s in (0, 1)]
    match: Match[Any] | None = None
    if record_path is not None:
        match = Match(game, setup)
        state = match.state
    else:
        state = game.new_state(setup, [])
    first_decider: int | None = None
    decisions = 0
    reason = ""
    events: list[Event] = []
    while (decision := (match.decision if match is not None else game.decision(state))) is not None:
        if first_decider is None:
            first_decider = decision.player
        agent = seats[decision.player]
        answer = agent.choose(game, game.view(state, decision.player), decision, chances[decision.player])
        if decision.find(answer) is None:
            raise GrimoireError(f"agent {agent.name!r} gave the unlisted answer {answer!r} to {decision.kind!r}")
        if match is not None:
            match.answer(answer)
        else:
            events.clear()
            game.apply_unchecked(state, answer, events)
        decisions += 1
        if decisions > game.max_steps:
            reason = "step_limit"
            break
    first = first_player_of(game, state)
    if first is None:
        first = first_decider
    outcome = game.outcome(state)
    winner = outcome.winner if outcome is not None else None
    if outcome is not None:
        reason = outcome.reason
    saved = None
    if match is not None and record_path is not None:
        meta = {"agents": [seats[0].name, seats[1].name], "sim_seed": seed, "index": index}
        saved = str(match.record(meta).save(record_path))
    names = (seats[0].name, seats[1].name)
    return GameResult(index, setup.seed, names, winner, reason, first, game.turn_number(state), decisions, swap, saved)


def make_players(names: tuple[str, str], game_name: str, decks: tuple[Deck, Deck]
                 ) -> tuple[tuple[Agent, Agent], tuple[Agent, Agent]]:
    """The agents for ordinary and for swapped games, each told its own and its opponent's deck list.

    Decks stay with their seats, so an agent seated by a swap plays the other deck and must
    know that (search agents sample hidden cards from the deck lists).
    """
    from grimoire.ai.levels import make_any_agent  # levels import the search agent; keep it lazy

    d0, d1 = decks
    ordinary = (make_any_agent(names[0], game_name, (d0, d1)), make_any_agent(names[1], game_name, (d1, d0)))
    swapped = (make_any_agent(names[0], game_name, (d1, d0)), make_any_agent(names[1], game_name, (d0, d1)))
    return ordinary, swapped


def simulate(game_name: str, decks: tuple[Deck, Deck], agents: tuple[str, str], games: int, seed: int = 0,
             options: Mapping[str, Any] | None = None, records_dir: Path | None = None,
             card_paths: Sequence[str | Path] = (), *, start: int = 0, alternate: bool = False,
             game: Game[Any] | None = None) -> SimResult:
    """Play games ``start`` … ``start + games - 1`` of the run seeded ``seed``.

    ``agents`` are agent or level names (see :func:`grimoire.ai.levels.make_any_agent`); seat 0 gets
    ``agents[0]`` and ``decks[0]``; ``alternate`` seats ``agents[1]`` at seat 0 in odd
    games (decks stay with their seats, so each agent plays both decks). ``records_dir``
    saves one record per game. Deterministic: the same arguments give the same results
    (apart from timing).

    >>> g = load_game("chant"); d = g.starter_deck("fire")
    >>> r = simulate("chant", (d, d), ("random", "random"), 3, seed=7, game=g)
    >>> r.games, sum(r.wins) + r.draws
    (3, 3)
    >>> r.results == simulate("chant", (d, d), ("random", "random"), 3, seed=7, game=g).results
    True
    """
    if games < 0:
        raise GrimoireError(f"number of games must be at least 0, got {games}")
    if start < 0:
        raise GrimoireError(f"start index must be at least 0, got {start}")
    game = game if game is not None else load_game(game_name, card_paths=card_paths)
    resolved = game.options(options)
    players, swapped = make_players(agents, game_name, decks)
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    result = SimResult(game_name, (agents[0], agents[1]), seed)
    began = time.perf_counter()
    for index in range(start, start + games):
        path = None if records_dir is None else Path(records_dir) / f"{game_name}-{seed}-{index:05d}.json"
        swap = alternate and index % 2 == 1
        result.results.append(play_one(game, decks, swapped if swap else players, resolved, seed, index, path, swap))
    result.elapsed = time.perf_counter() - began
    return result
