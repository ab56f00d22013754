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

from grimoire.ai.registry import make_agent
from grimoire.core.decision import Termination
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.play import Agent, play
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.core.setup_choices import playing

from .stats import GameResult, SimResult

_MASK63 = (1 << 63) - 1


def derive_seed(*parts: int | str) -> int:
    """A stable 63-bit seed from ``parts`` (BLAKE2b of their text; same on every platform)."""
    data = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") & _MASK63


def play_one(game: Game[Any], decks: tuple[Deck, Deck], agents: tuple[Agent, Agent], options: Mapping[str, Any],
             seed: int, index: int, record_path: Path | None = None, swap: bool = False) -> GameResult:
    """Play game ``index`` of a run seeded ``seed``; ``swap`` seats ``agents[1]`` at seat 0.

    Decks stay with their seats (``decks[0]`` is always seat 0's), so with ``swap`` on
    every other game each agent plays both decks. With ``record_path`` the game's record
    is saved there.
    """
    seats = (agents[1], agents[0]) if swap else agents
    setup = Setup(decks, dict(options), derive_seed(seed, index, "setup"))
    chances = [Chance.seeded(derive_seed(seed, index, "agent", s)) for s in (0, 1)]
    done = play(game, setup, seats, chances, record=record_path is not None)
    state = done.state
    first = game.first_player(state)
    if first is None:
        first = done.first_decider
    outcome = game.outcome(state)
    winner = outcome.winner if outcome is not None else None
    reason = str(outcome.reason) if outcome is not None else (Termination.STEP_LIMIT if done.truncated else "")
    saved = None
    if done.match is not None and record_path is not None:
        meta = {"agents": [seats[0].name, seats[1].name], "sim_seed": seed, "index": index}
        saved = str(done.match.record(meta).save(record_path))
    names = (seats[0].name, seats[1].name)
    return GameResult(index, setup.seed, names, winner, reason, first, game.turn_number(state), done.decisions, swap,
                      saved)


def make_players(names: tuple[str, str], game_name: str, decks: tuple[Deck, Deck], ai_setup: bool = False
                 ) -> tuple[tuple[Agent, Agent], tuple[Agent, Agent]]:
    """The agents for ordinary and for swapped games, each told its own and its opponent's deck list.

    Decks stay with their seats, so an agent seated by a swap plays the other deck and must
    know that (search agents sample hidden cards from the deck lists). Each agent plays its
    deck's declared set-up choices (:mod:`grimoire.core.setup_choices`) unless ``ai_setup``
    (``--ai-setup``): then the agents pick their own. The ``hard`` level searches its
    iteration budget without the time cap of interactive play, so a run is reproducible
    whatever the machine's load.
    """
    d0, d1 = decks

    def agent(name: str, own: Deck, other: Deck) -> Agent:  # iterations, never wall time: same seed, same games
        made = make_agent(name, game_name, (own, other), timed=False)
        return made if ai_setup else playing(made, own.choices)

    ordinary = (agent(names[0], d0, d1), agent(names[1], d1, d0))
    swapped = (agent(names[0], d1, d0), agent(names[1], d0, d1))
    return ordinary, swapped


def record_name(game_name: str, seed: int, index: int) -> str:
    """The file name of game ``index``'s record in a run seeded ``seed``."""
    return f"{game_name}-{seed}-{index:05d}.json"


def simulate(game_name: str, decks: tuple[Deck, Deck], agents: tuple[str, str], games: int, seed: int = 0,  # noqa: PLR0913 — the public simulation call: one keyword per `grimoire sim` option
             options: Mapping[str, Any] | None = None, records_dir: Path | None = None,
             card_paths: Sequence[str | Path] = (), *, start: int = 0, alternate: bool = False,
             game: Game[Any] | None = None, ai_setup: bool = False) -> SimResult:
    """Play games ``start`` … ``start + games - 1`` of the run seeded ``seed``.

    ``agents`` are agent or level names (see :func:`grimoire.ai.registry.make_agent`); seat 0 gets
    ``agents[0]`` and ``decks[0]``; ``alternate`` seats ``agents[1]`` at seat 0 in odd
    games (decks stay with their seats, so each agent plays both decks). Each seat plays its
    deck's declared set-up choices (a Destiny deck's ``# ability:`` line); ``ai_setup``: the
    agents pick their own instead. ``records_dir``
    saves one record per game. Deterministic: the same arguments give the same results
    (apart from timing).

    >>> g = load_game("chant"); d = g.cards.starter_deck("fire")
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
    players, swapped = make_players(agents, game_name, decks, ai_setup)
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    result = SimResult(game_name, (agents[0], agents[1]), seed)
    began = time.perf_counter()
    for index in range(start, start + games):
        path = None if records_dir is None else Path(records_dir) / record_name(game_name, seed, index)
        swap = alternate and index % 2 == 1
        result.results.append(play_one(game, decks, swapped if swap else players, resolved, seed, index, path, swap))
    result.elapsed = time.perf_counter() - began
    return result
