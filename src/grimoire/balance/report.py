"""The balance lab: play decks against each other at several AI levels and write a report.

:func:`balance` plays every pairing of the given decks (mirrors included) with each
agent level against itself, seats alternated, and writes into ``out``:

* ``balance.json`` — every metric (keys in ``docs/balance.md``);
* ``report.html`` — the same as tables, with the plots;
* ``*.png`` — matchup matrices, game lengths, card impact and the game's own plots.

With ``compare=(old, new)`` the same games (same seeds, same agent chances: common
random numbers) are played once with the card files ``old`` and once with ``new``
(each replacing built-in cards by id) and the paired differences are reported.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from grimoire.core.content import card_files, read_card_tables
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.sim.parallel import cached_game, check_backend
from grimoire.sim.runner import derive_seed

from . import analysis, plots
from .collect import Block, GameStats, metrics_for, run_blocks
from .html import render_html

FORMAT = "grimoire-balance"


def read_tables(path: str | Path) -> dict[str, dict[str, Any]]:
    """The card tables of a card file or folder, by id (to replace built-in cards)."""
    out: dict[str, dict[str, Any]] = {}
    for f in card_files([path]):
        for table in read_card_tables(f):
            out[str(table.get("id"))] = dict(table)
    if not out:
        raise GrimoireError(f"no cards found in {path}")
    return out


def load_decks(game: Game[Any], decks: Sequence[str | Path]) -> list[tuple[str, Deck]]:
    """Decks by file path or starter name, with unique labels."""
    out: list[tuple[str, Deck]] = []
    for spec in decks:
        path = Path(spec)
        deck = game.cards.deck_from_file(path) if path.suffix and path.exists() else game.cards.starter_deck(str(spec))
        label = path.stem if path.suffix else str(spec)
        while label in [lbl for lbl, _ in out]:
            label += "'"
        out.append((label, deck))
    if not out:
        raise GrimoireError("the balance lab needs at least one deck")
    return out


def schedule(game_name: str, tables: Mapping[str, Mapping[str, Any]] | None, card_paths: Sequence[str],
             levels: Sequence[str], decks: list[tuple[str, Deck]], games: int, seed: int,
             block_size: int = 10) -> list[Block]:
    """Blocks of games: every level × every deck pairing (i ≤ j), ``games`` games each."""
    blocks = []
    for level in levels:
        for i in range(len(decks)):
            for j in range(i, len(decks)):
                block_seed = derive_seed(seed, "balance", level, decks[i][0], decks[j][0])
                for start in range(0, games, block_size):
                    blocks.append(Block(game_name, tables, tuple(card_paths), level, (decks[i][1], decks[j][1]),
                                        (decks[i][0], decks[j][0]), block_seed, start,
                                        min(block_size, games - start)))
    return blocks


def summarize(game: Game[Any], games: Sequence[GameStats], labels: Sequence[str],
              deck_cards: dict[str, set[str]]) -> dict[str, Any]:
    """All metrics of one AI level's games."""
    reasons: dict[str, int] = {}
    for g in games:
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    return {
        "games": len(games),
        "matchups": analysis.matchups(games, labels),
        "deck_win_rates": analysis.deck_rates(games, labels),
        "first_player": analysis.first_player(games),
        "length": analysis.lengths(games),
        "reasons": dict(sorted(reasons.items())),
        "cards": analysis.card_impact(games, deck_cards),
        "game_metrics": metrics_for(game.name).summarize(games),
    }


def compare_pools(old: list[GameStats], new: list[GameStats], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Paired differences (new − old) of the main metrics over the same games."""
    pairs = sorted(zip(sorted(old, key=_key), sorted(new, key=_key), strict=True), key=lambda p: _key(p[0]))
    out: list[dict[str, Any]] = []

    def add(name: str, level: str, subject: str, f: Callable[[GameStats], float | None]) -> None:
        xs, ys = [], []
        for a, b in pairs:
            if a.level != level:
                continue
            fa, fb = f(a), f(b)
            if fa is None or fb is None:
                continue
            xs.append(fa)
            ys.append(fb)
        if xs:
            out.append({"metric": name, "level": level, "subject": subject, **analysis.paired(xs, ys)})

    def first_won(g: GameStats) -> float | None:
        return None if g.first is None else (1.0 if g.winner == g.first else 0.0)

    def turns(g: GameStats) -> float | None:
        return float(g.turns)

    def deck_won(deck: str) -> Callable[[GameStats], float | None]:
        def f(g: GameStats) -> float | None:
            if deck not in g.decks or g.decks[0] == g.decks[1]:
                return None
            return analysis.won(g, g.decks.index(deck))
        return f

    for level in sorted({g.level for g in old}):
        add("first_player_win_rate", level, "first player", first_won)
        add("turns", level, "all games", turns)
        for d in labels:
            add("deck_win_rate", level, d, deck_won(d))
    return out


def _key(g: GameStats) -> tuple[str, str, str, int]:
    a, b = sorted(g.decks)
    return (g.level, a, b, g.index)


def balance(game: str, decks: Sequence[str | Path], agents: Sequence[str], games: int, out: Path, seed: int = 0,
            compare: tuple[str | Path, str | Path] | None = None, *, workers: int | None = 1,
            card_paths: Sequence[str | Path] = (), progress: bool = False, plots_enabled: bool = True,
            backend: str = "process", address: str | None = None) -> dict[str, Any]:
    """Run the balance lab and write ``balance.json``, ``report.html`` and plots into ``out``.

    ``agents`` are AI levels or agent names (``random``, ``greedy``, ``easy``, ``hard``,
    ``search-200`` …); each plays itself. ``games`` is the number of games per deck
    pairing and level. The games run on ``workers`` processes or a Ray cluster (``backend``,
    ``address``) through the one parallel runner. Returns the JSON data.

    >>> import tempfile
    >>> data = balance("chant", ["fire", "matter"], ["random"], 2, Path(tempfile.mkdtemp()), seed=1,
    ...                plots_enabled=False)
    >>> data["levels"]["random"]["games"], sorted(data)[:3]
    (6, ['agents', 'compare', 'decks'])
    """
    if games < 1:
        raise GrimoireError(f"the balance lab needs at least 1 game per pairing, got {games}")
    if not agents:
        raise GrimoireError("the balance lab needs at least one agent level")
    check_backend(backend, workers)
    paths = [str(p) for p in card_paths]
    old_tables = read_tables(compare[0]) if compare else None
    new_tables = read_tables(compare[1]) if compare else None
    base = cached_game(game, paths, old_tables)
    deck_list = load_decks(base, decks)
    labels = [label for label, _ in deck_list]
    deck_cards = {label: set(d.all_cards()) for label, d in deck_list}
    blocks = schedule(game, old_tables, paths, agents, deck_list, games, seed)

    def run(these: list[Block]) -> list[GameStats]:
        return [g for part in run_blocks(these, workers, backend, address, progress) for g in part]

    played = run(blocks)
    new_played: list[GameStats] = []
    if compare:
        new_game = cached_game(game, paths, new_tables)
        new_decks = load_decks(new_game, decks)
        new_played = run(schedule(game, new_tables, paths, agents, new_decks, games, seed))
    final = new_played if compare else played
    if compare:
        deck_cards = {label: set(d.all_cards()) for label, d in new_decks}
    levels = {level: summarize(base, [g for g in final if g.level == level], labels, deck_cards)
              for level in agents}
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "seed": seed,
        "games_per_pairing": games,
        "decks": labels,
        "agents": list(agents),
        "levels": levels,
        "flags": analysis.sign_flags(levels),
        "guideline": metrics_for(game).guideline(cached_game(game, paths, new_tables) if compare else base),
        "compare": None,
    }
    if compare:
        data["compare"] = {"old": str(compare[0]), "new": str(compare[1]),
                           "metrics": compare_pools(played, new_played, labels)}
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    images = plots.draw_all(data, out) if plots_enabled else []
    (out / "balance.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    (out / "report.html").write_text(render_html(data, images), encoding="utf-8")
    return data
