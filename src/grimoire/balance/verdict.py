"""Is this card too strong? One new card's verdict from paired games.

The new card (one card of a card file) is swapped into each starter deck it fits, in place
of that deck's most similar card (:func:`most_similar`: same kind, then same attribute,
then the nearest chant value, power and cost), every copy of it. Each swapped deck plays
every other deck of the field twice on the same seeds and agent chances (common random
numbers, :mod:`grimoire.balance.pairing`): as built and with the swap. The card's effect is
the mean paired change of the swapped deck's result (win 1, draw ½, loss 0), *swapped −
as built*, pooled over every (deck, opponent, game), with a 95 % Student t interval.

The verdict compares that change with the band ``±BAND`` (5 points): a deck that sits at
50 % leaves the lab's 45–55 % band when one card moves it more than 5 points.

- **too strong**: the change is above +5 points; **too weak**: below −5 points;
  **within the band**: between.
- **settled** when the whole interval lies on the verdict's side (above +5, below −5, or
  inside ±5) over at least :data:`MIN_SETTLED` paired games; else the verdict is the
  estimate's and more games would settle it.

Games are played in small jobs of a few game indices (both arms of the same games in one
job), on a pool of worker processes, and the verdict is recomputed as each job returns
(``on_update``), so a progress bar and a live verdict can follow it.

>>> judge(0.12, (0.07, 0.17))
('too_strong', True)
>>> judge(-0.02, (-0.08, 0.04))
('within', False)
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimoire.core.decks import Deck
from grimoire.core.errors import DeckError, GrimoireError
from grimoire.core.game import Game
from grimoire.core.registry import load_game, plugins

from . import analysis
from .collect import Block, GameStats, play_block
from .pairing import pair_blocks
from .swaps import Arm, deck_results, opponents

#: Half-width of the band, in win-rate points: a change of the swapped deck's win rate beyond it
#: takes a deck at 50 % out of the lab's 45–55 % band.
BAND = 0.05
#: The level of the one-minute verdict, and the search level that confirms it.
FAST_LEVEL = "greedy"
CONFIRM_LEVEL = "search-30"
#: Games per pairing a confirmation plans: its time budget (or a stop) ends it first.
CONFIRM_GAMES = 10_000
#: Game indices per job: both seats (seats alternate by index), so each job is a fair unit.
JOB_GAMES = 2
#: Seconds between two looks at ``stop`` while games are running.
POLL = 0.2
#: Games per (deck, opponent) pairing of the one-minute verdict at the greedy level (bench/verdict.py).
DEFAULT_GAMES = 32
#: Fewest paired games before a verdict may be settled (a few equal pairs have an interval of width 0).
MIN_SETTLED = 60

VERDICT_WORDS: dict[str, dict[str, str]] = {
    "too_strong": {"ja": "強すぎる", "en": "too strong"},
    "within": {"ja": "許容範囲内", "en": "within the band"},
    "too_weak": {"ja": "弱すぎる", "en": "too weak"},
    "pending": {"ja": "判定待ち", "en": "no verdict yet"},
}


def judge(value: float, ci: Sequence[float], band: float = BAND) -> tuple[str, bool]:
    """The verdict of a paired change ``value`` with interval ``ci``, and whether it is settled.

    >>> judge(-0.2, (-0.3, -0.1)), judge(0.06, (0.0, 0.12)), judge(0.0, (-0.03, 0.03))
    (('too_weak', True), ('too_strong', False), ('within', True))
    """
    lo, hi = ci[0], ci[1]
    if value > band:
        return "too_strong", lo > band
    if value < -band:
        return "too_weak", hi < -band
    return "within", -band <= lo and hi <= band


# ----- the card and its swaps ------------------------------------------------------
def read_card(game_name: str, path: str | Path) -> tuple[Game[Any], str]:
    """The game with the card file loaded, and the id of its one new card.

    A card file with no new card, or several, is refused (the verdict is for one card).
    """
    base = {c.id for c in load_game(game_name).pool}
    game = load_game(game_name, card_paths=[str(path)])
    new = [c.id for c in game.pool if c.id not in base]
    if len(new) != 1:
        found = "no new card" if not new else f"{len(new)} new cards ({', '.join(sorted(new))})"
        raise GrimoireError(f"--card {path}: a verdict needs exactly one new card; the file has {found}")
    return game, new[0]


def _number(card: Any, name: str) -> int:
    value = getattr(card, name, None)
    return value if isinstance(value, int) else 0


def similarity(new: Any, other: Any, facet: str = "attribute", numbers: Sequence[str] = ("chant", "power", "cost")
               ) -> tuple[int, ...]:
    """How far ``other`` is from ``new`` (smaller is nearer): another ``facet`` (the plugin's first card
    facet, Chant's attribute), then the distance of each of ``numbers`` (its costs, then its powers: Chant's
    chant value and power). Cards of another kind are never compared."""
    return (0 if getattr(new, facet, None) == getattr(other, facet, None) else 1,
            *(abs(_number(new, n) - _number(other, n)) for n in numbers))


def most_similar(game: Game[Any], deck: Deck, card_id: str) -> str | None:
    """The card of ``deck`` nearest to ``card_id`` (:func:`similarity`, ties by id), of the same kind.

    >>> from grimoire.core.registry import load_game, plugins
    >>> g = load_game("chant")
    >>> most_similar(g, g.cards.starter_deck("fire"), "fireball")
    'fireball'
    """
    new = game.pool[card_id]
    kind = getattr(new, "kind", None)
    held = sorted({c for c in deck.all_cards() if getattr(game.pool[c], "kind", None) == kind})
    if not held:
        return None
    found = plugins().get(game.name)
    facet = found.card_facets[0] if found is not None and found.card_facets else ""
    numbers = [n.field for n in sorted(found.card_numbers if found is not None else (), key=lambda n: n.stronger)
               if n.stronger != 0]
    return min(held, key=lambda c: (similarity(new, game.pool[c], facet, numbers), c))


@dataclass(frozen=True)
class Swap:
    """The new card in one deck: which card it replaced, and how many copies."""

    deck: str
    replaced: str
    copies: int


def plan(game: Game[Any], decks: Sequence[tuple[str, Deck]], card_id: str) -> tuple[list[Swap], list[str]]:
    """The decks the card fits (a card of its kind to replace, and the swapped deck still legal),
    and the reasons of the others."""
    swaps: list[Swap] = []
    skipped: list[str] = []
    check = getattr(game, "check_deck", None)
    for label, deck in decks:
        replaced = most_similar(game, deck, card_id)
        if replaced is None:
            skipped.append(f"{label}: no card of its kind to replace")
            continue
        if replaced == card_id:
            skipped.append(f"{label}: already holds it")
            continue
        if callable(check):
            arm = Arm(replaced, label, card_id, 0)
            try:
                check(_swapped(deck, arm))
            except DeckError as exc:
                skipped.append(f"{label}: {exc}")
                continue
        swaps.append(Swap(label, replaced, deck.all_cards().count(replaced)))
    return swaps, skipped


def _swapped(deck: Deck, arm: Arm) -> Deck:
    return Deck(deck.name, {k: [arm.replacement if c == arm.card else c for c in v]
                            for k, v in deck.sections.items()})


# ----- playing ---------------------------------------------------------------------
@dataclass(frozen=True)
class PairJob:
    """A few games of one swapped deck against one opponent: as built and swapped, same seeds."""

    deck: str
    built: Block
    swapped: Block


def play_pair(job: PairJob) -> tuple[str, list[GameStats], list[GameStats]]:
    """Both arms of one job (the per-job function of the worker pool)."""
    return job.deck, play_block(job.built), play_block(job.swapped)


def jobs(game_name: str, paths: Sequence[str], decks: Sequence[tuple[str, Deck]], swaps: Sequence[Swap],
         card_id: str, level: str, games: int, seed: int, start: int = 0, job_games: int = JOB_GAMES
         ) -> list[PairJob]:
    """Games ``start`` … ``start + games − 1`` of every (swapped deck, opponent) pairing at ``level``, cut into
    jobs of ``job_games`` and ordered round-robin (every pairing advances together)."""
    field = list(decks)
    by_pairing: list[list[PairJob]] = []
    for swap in swaps:
        own = dict(field)[swap.deck]
        changed = _swapped(own, Arm(swap.replaced, swap.deck, card_id, swap.copies))
        for label, other in opponents(field, swap.deck):
            built = pair_blocks(game_name, None, paths, level, (swap.deck, own), (label, other), start + games,
                                seed, block_size=job_games)
            new = pair_blocks(game_name, None, paths, level, (swap.deck, changed), (label, other), start + games,
                              seed, block_size=job_games)
            by_pairing.append([PairJob(swap.deck, b, n) for b, n in zip(built, new, strict=True)
                               if b.start >= start])
    out: list[PairJob] = []
    for i in range(max((len(p) for p in by_pairing), default=0)):
        out += [p[i] for p in by_pairing if i < len(p)]
    return out


class Tally:
    """The paired results so far, by deck: (opponent, index) → (as built, swapped)."""

    def __init__(self) -> None:
        self.pairs: dict[str, dict[tuple[str, str, int], tuple[float, float]]] = {}

    def add(self, deck: str, built: Sequence[GameStats], swapped: Sequence[GameStats]) -> None:
        """Add one job's games."""
        a, b = deck_results(built, deck), deck_results(swapped, deck)
        mine = self.pairs.setdefault(deck, {})
        for key in a.keys() & b.keys():
            mine[key] = (a[key], b[key])

    def games(self) -> int:
        """Paired games so far (each played twice)."""
        return sum(len(p) for p in self.pairs.values())

    def effect(self, deck: str | None = None) -> dict[str, Any]:
        """The paired change *swapped − as built* of one deck (None: every deck pooled)."""
        rows = [v for d, p in sorted(self.pairs.items()) if deck in (None, d) for _, v in sorted(p.items())]
        out = analysis.paired([r[0] for r in rows], [r[1] for r in rows])
        return {"value": out["diff"], "ci95": out["ci95"], "pairs": out["pairs"], "built": out["old"],
                "swapped": out["new"]}


def summary(card_id: str, level: str, swaps: Sequence[Swap], skipped: Sequence[str], tally: Tally,
            planned: int, band: float = BAND) -> dict[str, Any]:
    """The verdict so far, as data (the CLI, the server and the card store all show this)."""
    pooled = tally.effect()
    verdict, settled = judge(pooled["value"], pooled["ci95"], band) if pooled["pairs"] > 1 else ("pending", False)
    settled = settled and pooled["pairs"] >= MIN_SETTLED
    decks = []
    for s in swaps:
        e = tally.effect(s.deck)
        decks.append({"deck": s.deck, "replaced": s.replaced, "copies": s.copies, **e})
    return {"card": card_id, "level": level, "band": band, "verdict": verdict, "settled": settled,
            "words": VERDICT_WORDS[verdict], **pooled, "decks": decks, "skipped": list(skipped),
            "games": tally.games(), "planned": planned}


def describe(data: Mapping[str, Any]) -> str:
    """One line of a verdict (Japanese first).

    >>> describe({"verdict": "within", "settled": False, "value": 0.01, "ci95": [-0.06, 0.08], "pairs": 40,
    ...           "level": "greedy", "band": 0.05})
    '許容範囲内 / within the band (not settled yet): +1.0 points [-6.0, +8.0], 40 paired games at greedy, band ±5'
    """
    words = VERDICT_WORDS[str(data["verdict"])]
    sure = "settled" if data["settled"] else "not settled yet"
    lo, hi = data["ci95"]
    return (f"{words['ja']} / {words['en']} ({sure}): {100 * data['value']:+.1f} points "
            f"[{100 * lo:+.1f}, {100 * hi:+.1f}], {data['pairs']} paired games at {data['level']}, "
            f"band ±{100 * data['band']:.0f}")


Update = Callable[[dict[str, Any]], None]


def run(game_name: str, card_path: str | Path, *, games: int = DEFAULT_GAMES, level: str = FAST_LEVEL,
        seed: int = 0, workers: int = 2, decks: Sequence[str] | None = None, on_update: Update | None = None,
        stop: Callable[[], bool] | None = None, seconds: float | None = None, job_games: int = JOB_GAMES,
        start_method: str | None = None) -> dict[str, Any]:
    """The verdict of the card in ``card_path`` at ``level``: ``games`` games per (deck, opponent) pairing
    and arm on ``workers`` processes in jobs of ``job_games`` games (1 for slow levels: more frequent
    updates), ``on_update`` called with the verdict so far after each job.
    ``stop`` (asked between jobs) or ``seconds`` end it early with the games played so far.
    ``start_method``: how worker processes start (None: ``fork`` where there is one; a server running
    it from a thread passes ``forkserver`` or ``spawn``).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "c.toml"
    >>> _ = p.write_text('[[cards]]\\nid = "x"\\nkind = "library"\\nname.ja = "x"\\nname.en = "x"\\n'
    ...                  'attribute = "fantasy"\\nchant = 2\\npower = 9\\n', encoding="utf-8")
    >>> run("chant", p, games=2, workers=1, decks=["fire", "matter"])["pairs"]
    4
    """
    if games < 1:
        raise GrimoireError(f"--games must be at least 1, got {games}")
    game, card_id = read_card(game_name, card_path)
    names = list(decks or sorted(game.cards.starter_decks()))
    field = [(n, game.cards.starter_deck(n)) for n in names]
    swaps, skipped = plan(game, field, card_id)
    if not swaps:
        raise GrimoireError(f"{card_id}: it fits no deck ({'; '.join(skipped)})")
    todo = jobs(game_name, [str(card_path)], field, swaps, card_id, level, games, seed, job_games=job_games)
    planned = sum(j.built.count for j in todo)
    tally = Tally()
    deadline = None if seconds is None else time.monotonic() + seconds

    def done() -> bool:
        return (stop is not None and stop()) or (deadline is not None and time.monotonic() >= deadline)

    def report() -> dict[str, Any]:
        data = summary(card_id, level, swaps, skipped, tally, planned)
        if on_update is not None:
            on_update(data)
        return data

    if workers <= 1:
        for job in todo:
            if done():
                break
            tally.add(*play_pair(job))
            report()
        return summary(card_id, level, swaps, skipped, tally, planned)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context(start_method or ("fork" if "fork" in methods else None))
    pool = context.Pool(workers)
    try:
        results = pool.imap_unordered(play_pair, todo)
        while not done():
            try:
                tally.add(*results.next(timeout=POLL))
            except multiprocessing.TimeoutError:
                continue
            except StopIteration:
                break
            report()
    finally:
        pool.terminate()  # a stopped verdict leaves no game running
        pool.join()
    return summary(card_id, level, swaps, skipped, tally, planned)


def confirm(game_name: str, card_path: str | Path, *, level: str = CONFIRM_LEVEL, **options: Any) -> dict[str, Any]:
    """The confirmation of a verdict: :func:`run` at the search ``level``, one game index a job (frequent
    updates), planned to go on until its ``seconds`` or ``stop`` end it; the other ``options`` as :func:`run`'s.
    The CLI's ``--confirm`` and the editor's "Confirm with search" both run this."""
    return run(game_name, card_path, games=options.pop("games", CONFIRM_GAMES), level=level, job_games=1,
               **options)
