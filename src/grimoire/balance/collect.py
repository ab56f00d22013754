"""Playing the balance games and reading what happened in each from its events.

Game ``i`` of a block is seeded exactly as :mod:`grimoire.sim.runner` seeds it (set-up
seed and each seat's agent chance derived from ``(seed, i)``), so two card pools played
on the same block meet the same shuffles and the same agent randomness: common random
numbers for paired comparisons.

Each game becomes a :class:`GameStats`: who won, who went first, how long it took,
which cards each seat drew and played, what each card did (placed, activated, effect
fired, damage: :mod:`grimoire.balance.cardstats`), and the game's own counts read from the
events by its plugin's :class:`~grimoire.core.plugin.GameMetrics`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grimoire.ai.registry import make_agent
from grimoire.core.decision import Event, Termination
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.play import Agent, play
from grimoire.core.plugin import GameMetrics, HasCoverage, HasStyles, PlayedGame, note_missing
from grimoire.core.registry import plugin
from grimoire.core.rng import Chance
from grimoire.core.setup_choices import playing
from grimoire.sim.parallel import cached_game, run_jobs
from grimoire.sim.runner import derive_seed

from .cardstats import CardTracker, card_events_of


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
    kinds: dict[str, int] = field(default_factory=dict)
    #: per seat, what each card did (:class:`~grimoire.balance.cardstats.CardTracker`: counter → count)
    cards: list[dict[str, dict[str, int]]] = field(default_factory=lambda: [{}, {}])


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
    options: tuple[tuple[str, Any], ...] = ()
    #: set-up choices per deck (``(decision kind, answer argument)``), e.g. a Destiny deck's ``# ability:`` line;
    #: a ``("pilot", level)`` pair has that level play the deck instead of ``level`` (:data:`PILOT`)
    hints: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = ((), ())


# ----- reading games ------------------------------------------------------------
class NoMetrics:
    """The metrics reader of a game whose plugin has none: only the generic metrics."""

    def draws(self, event: Event) -> tuple[int, str] | None:
        return None

    def plays(self, event: Event) -> tuple[int, str] | None:
        return None

    def start(self) -> dict[str, Any]:
        return {}

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        return None

    def summarize(self, games: Sequence[PlayedGame]) -> dict[str, Any]:
        return {}

    def plot(self, data: dict[str, Any], ax: Any) -> bool:
        return False

    def guideline(self, game: Game[Any]) -> list[dict[str, Any]]:
        return []


def coverage_spec(reader: Any, game: str = "") -> list[dict[str, Any]]:
    """The mechanics a game's metrics reader asks the coverage section to watch (none without one).

    Each entry: ``key``, ``label`` (``ja``, ``en``), ``events`` (event kinds, or
    ``kind:text`` for events of that kind with a text argument equal to ``text``) and
    ``hint`` (which play style would exercise it).
    """
    if isinstance(reader, HasCoverage):
        return list(reader.coverage())
    if game:
        note_missing(game, "metrics.coverage", "the balance report has no coverage section")
    return []


def keyed_kinds(reader: Any) -> frozenset[str]:
    """Event kinds whose first argument the coverage section counts separately."""
    return frozenset(ev.split(":", 1)[0] for m in coverage_spec(reader) for ev in m["events"] if ":" in ev)


def metrics_for(game_name: str) -> GameMetrics:
    """The balance metrics of a game (its plugin's, else only the generic ones)."""
    return plugin(game_name).metrics_reader() or NoMetrics()


# ----- set-up choices a deck names ------------------------------------------------
# A deck's ``# kind: answer`` lines are read with the deck (:func:`grimoire.core.decks.declared_choices`)
# and played through :func:`grimoire.core.setup_choices.playing`, as by every other surface.


def lab_agent(level: str, game_name: str, decks: tuple[Deck, Deck]) -> Agent:
    """An AI level or agent name, or one of the game's balance play styles (a wrapper of the
    greedy agent, e.g. Chant's ``hoarder``): ``<style>`` or ``<style>+<base level>``."""
    name, _, base = level.partition("+")
    metrics = metrics_for(game_name)
    found = metrics.styles().get(name) if isinstance(metrics, HasStyles) else None
    if found is None:
        try:
            return make_agent(level, game_name, decks, timed=False)
        except GrimoireError:
            if not isinstance(metrics, HasStyles):
                note_missing(game_name, "metrics.styles", f"{name!r} is no play style of the game")
            raise
    return found(make_agent(base or "greedy", game_name, decks, timed=False), level)  # type: ignore[no-any-return]


#: The hint kind naming the AI level that plays a deck in place of its block's level (``--pilot``): carried
#: with the set-up choices so that it reaches every block of the deck and the results cache's key.
PILOT = "pilot"


def pilot_of(hints: tuple[tuple[str, str], ...]) -> str | None:
    """The AI level ``hints`` name for their deck (``--pilot``), or None: the block's level plays it.

    >>> pilot_of((("ability", "chimyaku_houki"), ("pilot", "greedy"))), pilot_of(())
    ('greedy', None)
    """
    return dict(hints).get(PILOT)


def without_pilot(hints: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``hints`` less the pilot: the deck's set-up choices only.

    >>> without_pilot((("ability", "chimyaku_houki"), ("pilot", "greedy")))
    (('ability', 'chimyaku_houki'),)
    """
    return tuple(h for h in hints if h[0] != PILOT)


def hinted(agent: Agent, hints: tuple[tuple[str, str], ...]) -> Agent:
    """``agent``, answering the hinted set-up decisions when there are hints (a pilot is not a decision)."""
    return playing(agent, without_pilot(hints))


# ----- seats ---------------------------------------------------------------------
def first_deck_seat(index: int) -> int:
    """The seat of a block's first deck in its game ``index``: seats alternate by game (0 in even games).

    >>> [first_deck_seat(i) for i in range(4)]
    [0, 1, 0, 1]
    """
    return index % 2


def deck_seat(g: GameStats, deck: str) -> int:
    """The seat the deck labelled ``deck`` played in ``g``: the one reading of seats for every table
    that follows one deck (swaps, the choice table, the optimizer's scoring).

    In a mirror (both seats carry one label: a deck against itself, as in a one-deck field)
    the label cannot tell the seats apart: the deck measured is its block's first deck (the
    swapped, forced or optimized one), whose seat alternates by game (:func:`first_deck_seat`).

    >>> g = GameStats(1, "greedy", ("a", "a"), winner=1, reason="", first=0, turns=9, decisions=40)
    >>> deck_seat(g, "a"), deck_seat(GameStats(1, "greedy", ("b", "a"), None, "", 0, 9, 40), "a")
    (1, 1)
    """
    if g.decks[0] == g.decks[1]:
        return first_deck_seat(g.index)
    return 0 if g.decks[0] == deck else 1


# ----- playing -------------------------------------------------------------------
def play_game(game: Game[Any], block: Block, index: int, record: Path | None = None) -> GameStats:
    """Play game ``index`` of ``block`` (seats swapped, with the decks, in odd games); with ``record``
    its game record is saved there (the same game: recording changes no answer)."""
    reader = metrics_for(game.name)
    swap = first_deck_seat(index) == 1
    decks = (block.decks[1], block.decks[0]) if swap else block.decks
    labels = (block.labels[1], block.labels[0]) if swap else block.labels
    hints = (block.hints[1], block.hints[0]) if swap else block.hints
    levels = [pilot_of(h) or block.level for h in hints]  # a piloted deck is played by its pilot's level
    agents = (hinted(lab_agent(levels[0], game.name, (decks[0], decks[1])), hints[0]),
              hinted(lab_agent(levels[1], game.name, (decks[1], decks[0])), hints[1]))
    setup = Setup(decks, game.options(dict(block.options)), derive_seed(block.seed, index, "setup"))
    chances = [Chance.seeded(derive_seed(block.seed, index, "agent", s)) for s in (0, 1)]
    stats = GameStats(index, block.level, labels, None, "", None, 0, 0)
    stats.extra = reader.start()
    seen: list[set[str]] = [set(), set()]
    played: list[set[str]] = [set(), set()]

    kinds = stats.kinds
    keyed = keyed_kinds(reader)
    spec = card_events_of(reader)
    tracker = CardTracker(spec, game.events) if spec is not None else None

    def read(state: Any, evs: list[Event]) -> None:
        for e in evs:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
            if e.kind in keyed:
                for arg in e.args:
                    if isinstance(arg, str):
                        key = f"{e.kind}:{arg}"
                        kinds[key] = kinds.get(key, 0) + 1
            got = reader.draws(e)
            if got is not None:
                seen[got[0]].add(got[1])
            put = reader.plays(e)
            if put is not None:
                played[put[0]].add(put[1])
        reader.step(game, state, evs, stats.extra)
        if tracker is not None:
            tracker.read(evs, lambda: game.turn_number(state))

    done = play(game, setup, agents, chances, on_events=read, record=record is not None)
    if record is not None and done.match is not None:
        meta = {"agents": [agents[0].name, agents[1].name], "balance_seed": block.seed, "index": index,
                "level": block.level, "decks": list(labels)}
        done.match.record(meta).save(record)
    state = done.state
    first = game.first_player(state)
    stats.first = first if first is not None else done.first_decider
    stats.decisions = done.decisions
    outcome = game.outcome(state)
    if outcome is not None:
        stats.winner, stats.reason = outcome.winner, str(outcome.reason)
    elif done.truncated:
        stats.reason = Termination.STEP_LIMIT
    stats.turns = game.turn_number(state)
    stats.drawn = [sorted(seen[0]), sorted(seen[1])]
    stats.played = [sorted(played[0]), sorted(played[1])]
    if tracker is not None:
        stats.cards = tracker.seats
    return stats


def play_block(block: Block) -> list[GameStats]:
    """Every game of a block, in index order (the per-job function of :func:`run_blocks`)."""
    game = cached_game(block.game_name, block.card_paths, block.tables)
    return [play_game(game, block, i) for i in range(block.start, block.start + block.count)]


def run_blocks(blocks: list[Block], workers: int | None = 1, backend: str = "process", address: str | None = None,
               progress: bool = False) -> list[list[GameStats]]:
    """Play ``blocks`` with the one parallel runner (:func:`grimoire.sim.parallel.run_jobs`);
    results in block order."""
    return run_jobs(play_block, blocks, [b.count for b in blocks], workers=workers, backend=backend,
                    address=address, progress=progress, label="balance games")
