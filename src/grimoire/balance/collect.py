"""Playing the balance games and reading what happened in each from its events.

Game ``i`` of a block is seeded exactly as :mod:`grimoire.sim.runner` seeds it (set-up
seed and each seat's agent chance derived from ``(seed, i)``), so two card pools played
on the same block meet the same shuffles and the same agent randomness: common random
numbers for paired comparisons.

Each game becomes a :class:`GameStats`: who won, who went first, how long it took,
which cards each seat drew and played, and game-specific counts read from the events
(Chant: counters, overload depth, runaway; Destiny: Lucky! saves, threads per turn,
upkeep releases).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from grimoire.ai.levels import make_any_agent
from grimoire.core.decision import Event
from grimoire.core.decks import Deck
from grimoire.core.game import Game, Setup
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.sim.runner import derive_seed, first_player_of


@dataclass
class GameStats:
    """What one balance game showed (seat-indexed lists are [seat 0, seat 1])."""

    index: int
    level: str
    decks: tuple[str, str]
    winner: int | None
    reason: str
    first: int | None
    turns: int
    decisions: int
    drawn: list[list[str]] = field(default_factory=lambda: [[], []])
    played: list[list[str]] = field(default_factory=lambda: [[], []])
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Block:
    """Games ``start`` … ``start + count - 1`` of one level and deck pairing."""

    game_name: str
    tables: Mapping[str, Mapping[str, Any]] | None
    card_paths: tuple[str, ...]
    level: str
    decks: tuple[Deck, Deck]
    labels: tuple[str, str]
    seed: int
    start: int
    count: int


# ----- game-specific readers ---------------------------------------------------
class Reader:
    """Reads one game's events (and a few state probes) into :class:`GameStats`."""

    def draws(self, event: Event) -> tuple[int, str] | None:
        """(seat, card id) when ``event`` puts a card into a seat's hand."""
        return None

    def plays(self, event: Event) -> tuple[int, str] | None:
        """(seat, card id) when ``event`` is a seat putting a card into play."""
        return None

    def start(self) -> dict[str, Any]:
        return {}

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        """Read one step's events (and the state after it) into ``extra``."""


class ChantReader(Reader):
    """Counters, overload depth and runaway (rules 4–6) from Chant events."""

    def draws(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("draw", "tutor_hand") and event.args:
            return event.player, str(event.args[0])
        if event.kind == "pick" and event.args:
            return 1 - event.player, str(event.args[0])
        return None

    def plays(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("place", "book", "tutor_place") and event.args:
            return event.player, str(event.args[0])
        return None

    def start(self) -> dict[str, Any]:
        return {"counters": [0, 0], "counters_offered": [0, 0], "max_depth": [0, 0],
                "depth_turns": [[0] * 6, [0] * 6], "runaway_checks": 0, "runaways": 0,
                "runaway_cards": [0, 0], "runaway_damage": [0, 0], "damage": [0, 0]}

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        from grimoire.games.chant import rules

        after_runaway = False
        for e in events:
            kind = e.kind
            if kind == "counter":
                extra["counters"][e.player] += 1
                extra["counters_offered"][e.player] += 1
            elif kind == "nocounter":
                extra["counters_offered"][e.player] += 1
            elif kind == "runaway":
                extra["runaway_checks"] += 1
            elif kind == "runaway_damage":
                extra["runaways"] += 1
                for p in (0, 1):
                    extra["runaway_cards"][p] += int(e.args[p])
                after_runaway = True
                continue
            elif kind == "damage":
                total = int(e.args[2])
                extra["damage"][e.player] += total
                if after_runaway:
                    extra["runaway_damage"][e.player] += total
                    continue
            after_runaway = False
        for p in (0, 1):
            d = rules.depth(state, p)
            if d > extra["max_depth"][p]:
                extra["max_depth"][p] = d
        if any(e.kind == "turn" for e in events):
            p = state.active
            extra["depth_turns"][p][min(5, rules.depth(state, p))] += 1


class DestinyReader(Reader):
    """Lucky! saves, threads per turn and upkeep from Destiny events."""

    def draws(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("draw", "crisis") and len(event.args) >= 2:
            return event.player, str(event.args[1])
        return None

    def plays(self, event: Event) -> tuple[int, str] | None:
        if event.kind in ("summon", "use") and len(event.args) >= 2:
            return event.player, str(event.args[1])
        return None

    def start(self) -> dict[str, Any]:
        return {"lucky_saves": [0, 0], "failed_reveals": [0, 0], "releases": [0, 0], "upkeeps": [0, 0],
                "threads": [[], []], "cancels": [0, 0]}

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        for e in events:
            kind = e.kind
            if kind == "lucky":
                extra["lucky_saves"][e.player] += 1
            elif kind == "reveal":
                extra["failed_reveals"][e.player] += 1
            elif kind == "release":
                extra["releases"][e.player] += 1
            elif kind == "upkeep":
                extra["upkeeps"][e.player] += 1
            elif kind == "cancelled":
                extra["cancels"][1 - e.player] += 1
            elif kind == "turn":
                for p in (0, 1):
                    extra["threads"][p].append(int(state.players[p].threads))


READERS: dict[str, Callable[[], Reader]] = {"chant": ChantReader, "destiny": DestinyReader}


def reader_for(game_name: str) -> Reader:
    """The event reader of a game (a plain one, without game metrics, for other games)."""
    return READERS.get(game_name, Reader)()


# ----- playing -------------------------------------------------------------------
_GAMES: dict[tuple[str, str, tuple[str, ...]], Game[Any]] = {}


def game_for(game_name: str, tables: Mapping[str, Mapping[str, Any]] | None,
             card_paths: Sequence[str] = ()) -> Game[Any]:
    """The game with extra card ``tables`` (replacing cards by id), cached per process."""
    key = (game_name, repr(sorted((tables or {}).items())), tuple(card_paths))
    if key not in _GAMES:
        _GAMES[key] = load_game(game_name, card_paths=list(card_paths), tables=tables)
    return _GAMES[key]


def play_game(game: Game[Any], block: Block, index: int) -> GameStats:
    """Play game ``index`` of ``block`` (seats swapped, with the decks, in odd games)."""
    reader = reader_for(game.name)
    swap = index % 2 == 1
    decks = (block.decks[1], block.decks[0]) if swap else block.decks
    labels = (block.labels[1], block.labels[0]) if swap else block.labels
    agents = (make_any_agent(block.level, game.name, (decks[0], decks[1])),
              make_any_agent(block.level, game.name, (decks[1], decks[0])))
    setup = Setup(decks, game.options(), derive_seed(block.seed, index, "setup"))
    chances = [Chance.seeded(derive_seed(block.seed, index, "agent", s)) for s in (0, 1)]
    events: list[Event] = []
    state = game.new_state(setup, events)
    stats = GameStats(index, block.level, labels, None, "", first_player_of(game, state), 0, 0)
    stats.extra = reader.start()
    seen: list[set[str]] = [set(), set()]
    played: list[set[str]] = [set(), set()]

    def read(evs: list[Event]) -> None:
        for e in evs:
            got = reader.draws(e)
            if got is not None:
                seen[got[0]].add(got[1])
            put = reader.plays(e)
            if put is not None:
                played[put[0]].add(put[1])
        reader.step(game, state, evs, stats.extra)

    read(events)
    while (decision := game.decision(state)) is not None:
        if stats.first is None:
            stats.first = decision.player
        answer = agents[decision.player].choose(game, game.view(state, decision.player), decision,
                                                chances[decision.player])
        events = []
        game.apply_unchecked(state, answer, events)
        stats.decisions += 1
        read(events)
        if stats.decisions > game.max_steps:
            stats.reason = "step_limit"
            break
    outcome = game.outcome(state)
    if outcome is not None:
        stats.winner, stats.reason = outcome.winner, outcome.reason
    stats.turns = game.turn_number(state)
    stats.drawn = [sorted(seen[0]), sorted(seen[1])]
    stats.played = [sorted(played[0]), sorted(played[1])]
    return stats


def play_block(block: Block) -> list[GameStats]:
    """Every game of a block, in index order (the per-task function of :func:`run_blocks`)."""
    game = game_for(block.game_name, block.tables, block.card_paths)
    return [play_game(game, block, i) for i in range(block.start, block.start + block.count)]


def run_blocks(blocks: list[Block], workers: int | None = 1,
               advance: Callable[[int], None] | None = None) -> list[list[GameStats]]:
    """Play ``blocks`` on ``workers`` processes (None: all cores); results in block order."""
    cores = workers or os.cpu_count() or 1
    out: list[list[GameStats]] = []
    if cores <= 1 or len(blocks) <= 1:
        for b in blocks:
            out.append(play_block(b))
            if advance is not None:
                advance(b.count)
        return out
    import multiprocessing

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(max_workers=cores, mp_context=context) as pool:
        futures = [pool.submit(play_block, b) for b in blocks]
        for b, fut in zip(blocks, futures, strict=True):
            out.append(fut.result())
            if advance is not None:
                advance(b.count)
    return out
