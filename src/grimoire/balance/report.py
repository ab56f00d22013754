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
from grimoire.core.game import Game, Setup
from grimoire.core.setup_choices import check_choices
from grimoire.sim.parallel import cached_game, check_backend

from . import analysis, cardstats, choices, meta, plots, suggest, swaps
from . import cache as block_cache
from .collect import (
    PILOT,
    Block,
    GameStats,
    coverage_spec,
    lab_agent,
    metrics_for,
    pilot_of,
    play_game,
    run_blocks,
    without_pilot,
)
from .html import render_html
from .pairing import Hints, pair_blocks

FORMAT = "grimoire-balance"
CORRECTIONS = ("holm", "bh")


def method(correction: str, min_sample: int) -> dict[str, Any]:
    """How the report's numbers are made: the interval, the correction, the minimum sample and the caveats.

    >>> method("holm", 20)["min_sample"]
    20
    """
    return {"interval": "95 % Wilson (rates; a draw counts ½), Newcombe hybrid score (differences), Student t "
                        "(paired means)",
            "correction": correction, "min_sample": min_sample, "turns_counted": analysis.TURNS_COUNTED,
            "caveat": dict(CAVEAT)}


#: Printed in every report: the drawn / played-against tables are associations, not causes.
CAVEAT = {
    "ja": "カード別の「引いた／引かなかった」「相手が使った／使わなかった」の勝率差は相関であり因果ではありません。"
          "長い試合で多く引かれるカードや強いデッキに入っているカードは、それだけで良く見えます。"
          "カードの価値はカード交換（--swap）の対照実験で測ってください。",
    "en": "The per-card drawn / not-drawn and played-against differences are associations, not causes: "
          "a card drawn more in long games, or held by a strong deck, looks good for that reason alone. "
          "Measure a card's value with controlled swaps (--swap).",
}


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


def load_hints(game: Game[Any], decks: Sequence[tuple[str, Deck]], choose: Mapping[str, Mapping[str, str]],
               pilots: Mapping[str, str] | None = None) -> dict[str, Hints]:
    """Each deck's set-up choices: its own declared ones (the file's ``# kind: answer`` lines),
    overridden by ``choose`` (``"*"``: every deck; else a deck label), and its pilot from ``pilots``
    (deck label → AI level; only there: a deck file or ``choose`` cannot name one). An unknown
    deck, decision or answer in ``choose`` is refused before any game."""
    labels = [label for label, _ in decks]
    unknown = [k for k in choose if k != "*" and k not in labels]
    if unknown:
        raise GrimoireError(f"--choose names no deck of the run: {', '.join(unknown)}")
    if any(PILOT in c for c in choose.values()):
        raise GrimoireError("--choose cannot name a pilot: use --pilot DECK=LEVEL")
    for forced in choose.values():
        check_choices(game, tuple(forced.items()), "--choose")
    unknown = [k for k in pilots or {} if k not in labels]
    if unknown:
        raise GrimoireError(f"--pilot names no deck of the run: {', '.join(unknown)} (decks: {', '.join(labels)})")
    out: dict[str, Hints] = {}
    for label, deck in decks:
        check_choices(game, deck.choices, f"deck {label}", any_kind=True)
        found = dict(deck.choices)
        found.pop(PILOT, None)
        found.update(choose.get("*", {}))
        found.update(choose.get(label, {}))
        if pilots and label in pilots:
            found[PILOT] = pilots[label]
        out[label] = tuple(sorted(found.items()))
    return out


def schedule(game_name: str, tables: Mapping[str, Mapping[str, Any]] | None, card_paths: Sequence[str],
             levels: Sequence[str], decks: list[tuple[str, Deck]], games: int, seed: int,
             options: tuple[tuple[str, Any], ...] = (), hints: Mapping[str, Hints] | None = None) -> list[Block]:
    """Blocks of games: every level × every deck pairing (i ≤ j), ``games`` games each."""
    blocks = []
    for level in levels:
        for i in range(len(decks)):
            for j in range(i, len(decks)):
                blocks += pair_blocks(game_name, tables, card_paths, level, decks[i], decks[j], games, seed, options,
                                      hints)
    return blocks


def summarize(game: Game[Any], games: Sequence[GameStats], labels: Sequence[str],
              deck_cards: dict[str, set[str]], correction: str = "holm",
              min_sample: int = analysis.MIN_SAMPLE) -> dict[str, Any]:
    """All metrics of one AI level's games."""
    cards = analysis.card_impact(games, deck_cards, min_sample, correction)
    spec = cardstats.card_events_of(metrics_for(game.name), game.name)
    did = (cardstats.card_stats(games, deck_cards, cardstats.effect_cards(game, spec), cardstats.book_cards(game),
                                max(min_sample, cardstats.MIN_CHANCES))
           if spec is not None else None)
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
        "cards": cards,
        "card_flags": analysis.card_flags(cards, correction, min_sample=min_sample),
        "card_stats": did,
        "game_metrics": metrics_for(game.name).summarize(games),
        "coverage": analysis.coverage(games, coverage_spec(metrics_for(game.name), game.name)),
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
        return None if g.first is None else analysis.won(g, g.first)

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


def run_batches(batches: list[list[Block]], workers: int | None, backend: str, address: str | None,
                progress: bool, cache: block_cache.BlockCache | None = None) -> list[list[GameStats]]:
    """Play every batch of blocks in one parallel run; the games of each batch, in order. With a
    ``cache``, only the blocks it does not hold are played."""
    flat = [b for batch in batches for b in batch]

    def play(blocks: list[Block]) -> list[list[GameStats]]:
        return run_blocks(blocks, workers, backend, address, progress) if blocks else []

    parts = cache.run(flat, play) if cache is not None else play(flat)
    out, i = [], 0
    for batch in batches:
        out.append([g for part in parts[i:i + len(batch)] for g in part])
        i += len(batch)
    return out


def write_samples(blocks: Sequence[Block], levels: Mapping[str, Mapping[str, Any]], folder: Path,
                  limit: int) -> list[dict[str, Any]]:
    """Play again, with a record kept in ``folder``, the games the levels' card statistics name as
    samples (at most ``limit``); each card row's samples get the record's path (``record``, relative to
    the report's folder, as the page links it)."""
    stats = {lv: d["card_stats"] for lv, d in levels.items() if d.get("card_stats")}
    wanted = cardstats.sample_games(stats, limit)
    out: list[dict[str, Any]] = []
    paths: dict[tuple[str, tuple[str, str], int], str] = {}
    for level, decks, index in wanted:
        for b in blocks:
            if b.level == level and b.start <= index < b.start + b.count and set(b.labels) == set(decks):
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / cardstats.record_name(level, decks, index)
                play_game(cached_game(b.game_name, b.card_paths, b.tables), b, index, record=path)
                paths[(level, decks, index)] = f"{folder.name}/{path.name}"
                out.append({"level": level, "decks": list(decks), "index": index, "record": paths[(level, decks,
                                                                                                   index)]})
                break
    for d in stats.values():
        for row in d["rows"]:
            for sample in row["samples"]:
                sample["record"] = paths.get((sample["level"], (sample["decks"][0], sample["decks"][1]),
                                              sample["index"]))
    return out


def _key(g: GameStats) -> tuple[str, str, str, int]:
    a, b = sorted(g.decks)
    return (g.level, a, b, g.index)


def balance(game: str, decks: Sequence[str | Path], agents: Sequence[str], games: int, out: Path, seed: int = 0,
            compare: tuple[str | Path, str | Path] | None = None, *, workers: int | None = 1,
            card_paths: Sequence[str | Path] = (), progress: bool = False, plots_enabled: bool = True,
            backend: str = "process", address: str | None = None, correction: str = "holm",
            min_sample: int = analysis.MIN_SAMPLE, options: Mapping[str, Any] | None = None,
            variants: Sequence[Mapping[str, Any]] = (), swap: swaps.SwapPlan | None = None,
            choose: Mapping[str, Mapping[str, str]] | None = None,
            choice_table: tuple[str, Sequence[str]] | None = None, suggest_steps: int = 0,
            optimize: str | None = None, search_width: int = 4, suggest_first: bool = False,
            suggest_every_level: bool = False, band: tuple[float, float] | None = None,
            cache: block_cache.BlockCache | str | Path | None = None,
            pilots: Mapping[str, str] | None = None, pilot_table: str | None = None,
            sample_records: int = 24, meta_weights: Sequence[str] = ()) -> dict[str, Any]:
    """Run the balance lab and write ``balance.json``, ``report.html`` and plots into ``out``.

    ``agents`` are AI levels or agent names (``random``, ``greedy``, ``easy``, ``hard``,
    ``search-200`` …); each plays itself. ``games`` is the number of games per deck
    pairing and level. The games run on ``workers`` processes or a Ray cluster (``backend``,
    ``address``) through the one parallel runner. Per-card differences are reported only with
    ``min_sample`` seat-games on each side and their p-values adjusted over the cards by
    ``correction`` (``holm`` or ``bh``). ``suggest_steps`` searches small card changes toward the
    45–55 % ``band`` (with ``suggest_first`` the first player's win rate too), scored at the first level
    or, with ``suggest_every_level``, at every level. With ``cache`` (a folder or a
    :class:`~grimoire.balance.cache.BlockCache`) every block whose inputs are unchanged is read
    back instead of played, and ``balance.json`` gets a ``cache`` entry. ``pilots`` (deck label → AI
    level) has that level play the deck at every level of the run, on the same seeds (a stronger or
    weaker player of one deck against the field), and ``pilot_effect`` compares that, paired, with the
    field as the run's levels play it; ``pilot_table`` (an AI level) plays each deck in turn with that
    level and tables each deck's win rate with and without it (``pilot_table``). Each level's
    ``card_stats`` says what each card did (placed, activated, effect fired, damage, turn of play), and
    up to ``sample_records`` games where a card's effect fired are played again with their records
    kept under ``out/records`` (``sample_records`` in the data names them). ``metagame`` names the
    matchup cycles of each level and, with ``meta_weights`` (``DECK=WEIGHT`` items), rates each deck
    against that meta. The optimizer checks each move on held-out seeds and writes the improved list
    to ``out/optimized-decks/<deck>.txt``. Returns the JSON data.

    >>> import tempfile
    >>> data = balance("chant", ["fire", "matter"], ["random"], 2, Path(tempfile.mkdtemp()), seed=1,
    ...                plots_enabled=False)
    >>> data["levels"]["random"]["games"], sorted(data)[:3]
    (6, ['agents', 'choice_table', 'choices'])
    """
    if games < 1:
        raise GrimoireError(f"the balance lab needs at least 1 game per pairing, got {games}")
    if not agents:
        raise GrimoireError("the balance lab needs at least one agent level")
    check_backend(backend, workers)
    if correction not in CORRECTIONS:
        raise GrimoireError(f"unknown correction {correction!r}: use holm or bh")
    if min_sample < 1:
        raise GrimoireError(f"the minimum sample must be at least 1, got {min_sample}")
    if compare and (swap or variants or suggest_steps or optimize):
        raise GrimoireError("--compare cannot be combined with --swap, --variant, --suggest or --optimize-deck")
    if suggest_steps < 0:
        raise GrimoireError(f"--suggest needs a number of steps of at least 1, got {suggest_steps}")
    if suggest_first and not suggest_steps:
        raise GrimoireError("--suggest-first-player needs --suggest STEPS")
    if suggest_every_level and not suggest_steps:
        raise GrimoireError("--suggest-every-level needs --suggest STEPS")
    store = cache if cache is None or isinstance(cache, block_cache.BlockCache) else block_cache.BlockCache(cache)
    paths = [str(p) for p in card_paths]
    old_tables = read_tables(compare[0]) if compare else None
    new_tables = read_tables(compare[1]) if compare else None
    base = cached_game(game, paths, old_tables)
    deck_list = load_decks(base, decks)
    labels = [label for label, _ in deck_list]
    deck_cards = {label: set(d.all_cards()) for label, d in deck_list}
    base_options = tuple(sorted(base.options(dict(options or {})).items()))
    variant_options = [tuple(sorted(base.options({**dict(options or {}), **dict(v)}).items())) for v in variants]
    for opts in (base_options, *variant_options):  # options the games check only at set-up: refuse them now
        base.new_state(Setup((deck_list[0][1], deck_list[-1][1]), dict(opts), seed=0))
    for level in agents:  # unknown agent names: refuse them before any game
        lab_agent(level, game, (deck_list[0][1], deck_list[-1][1]))
    if pilots and pilot_table is not None:
        raise GrimoireError("--pilot-table plays every deck with its level: it cannot be combined with --pilot")
    for level in [*(pilots or {}).values(), *([pilot_table] if pilot_table is not None else [])]:
        lab_agent(level, game, (deck_list[0][1], deck_list[-1][1]))  # an unknown pilot too
    hints = load_hints(base, deck_list, choose or {}, pilots)
    weights = meta.parse_meta(list(meta_weights), labels) if meta_weights else None  # refused before any game
    if optimize is not None and optimize not in labels:
        raise GrimoireError(f"--optimize-deck {optimize!r} is not a deck of the run: {', '.join(labels)}")
    batches: list[list[Block]] = [schedule(game, old_tables, paths, agents, deck_list, games, seed, base_options,
                                           hints)]
    if compare:
        new_game = cached_game(game, paths, new_tables)
        new_decks = load_decks(new_game, decks)
        batches.append(schedule(game, new_tables, paths, agents, new_decks, games, seed, base_options, hints))
    for opts in variant_options:
        batches.append(schedule(game, old_tables, paths, agents, deck_list, games, seed, opts, hints))
    arms: list[swaps.Arm] = []
    skipped: list[str] = []
    swap_tables: dict[str, dict[str, Any]] = {}
    if swap is not None:
        arms, skipped = swaps.plan_swaps(base, deck_list, swap)
        swap_tables = swaps.vanilla_card_tables(base, sorted({a.card for a in arms}), swap.power_delta)
        cached_game(game, paths, swap_tables or None)  # card errors surface here, before any game
        if swap.everywhere:  # the whole field as built (with the vanilla cards in the pool), then per card
            batches.append(schedule(game, swap_tables, paths, agents, deck_list, games, seed, base_options, hints))
            for arm in arms:
                batches.append(schedule(game, swap_tables, paths, agents, swaps.swapped_field(deck_list, arm), games,
                                        seed, base_options, hints))
        else:
            held = sorted({a.deck for a in arms})
            for label in held:
                batches.append([b for level in agents for b in swaps.swap_blocks(
                    game, swap_tables, paths, level, deck_list, None, label, games, seed, base_options, hints)])
            for arm in arms:
                batches.append([b for level in agents for b in swaps.swap_blocks(
                    game, swap_tables, paths, level, deck_list, arm, arm.deck, games, seed, base_options, hints)])
    cells: list[tuple[str, str, str]] = []
    if choice_table is not None:
        kind, answers = choice_table
        if not answers:
            raise GrimoireError("--choice-table needs at least one answer: KIND=A,B,…")
        check_choices(base, tuple((kind, answer) for answer in answers), "--choice-table")
        for level in agents:
            for label in labels:
                for answer in answers:
                    cells.append((level, label, answer))
                    batches.append(choices.choice_blocks(game, paths, level, deck_list, label, kind, answer, hints,
                                                         games, seed, base_options))
    def pairings_of(held: set[str], these: Mapping[str, Hints]) -> list[Block]:
        """The field's blocks of the pairings holding a deck of ``held``, with the hints ``these``."""
        return [b for b in schedule(game, old_tables, paths, agents, deck_list, games, seed, base_options, these)
                if set(b.labels) & held]

    plain_at = None
    if pilots:  # the piloted decks' pairings as the run's levels play them: the pilots' effect, paired
        plain_at = len(batches)
        batches.append(pairings_of(set(pilots), {label: without_pilot(hs) for label, hs in hints.items()}))
    table_at = len(batches)
    if pilot_table is not None:  # each deck in turn with the table's pilot: its own pairings only
        for label in labels:
            batches.append(pairings_of({label}, {**hints, label: tuple(sorted((*hints[label], (PILOT, pilot_table))))}))
    results = run_batches(batches, workers, backend, address, progress, store)
    played = results[0]
    new_played = results[1] if compare else []
    final = new_played if compare else played
    final_game = base
    if compare:
        deck_cards = {label: set(d.all_cards()) for label, d in new_decks}
        final_game = new_game
    levels = {level: summarize(final_game, [g for g in final if g.level == level], labels, deck_cards, correction,
                               min_sample)
              for level in agents}
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "seed": seed,
        "games_per_pairing": games,
        "decks": labels,
        "agents": list(agents),
        "options": dict(base_options),
        "choices": {label: dict(without_pilot(h)) for label, h in hints.items()},
        "pilots": {label: pilot for label, h in hints.items() if (pilot := pilot_of(h)) is not None},
        "method": method(correction, min_sample),
        "levels": levels,
        "first_player_effect": analysis.first_player_effect(levels),
        "flags": analysis.sign_flags(levels),
        "guideline": metrics_for(game).guideline(cached_game(game, paths, new_tables) if compare else base),
        "compare": None,
        "variants": [],
        "swaps": None,
        "choice_table": None,
    }
    if choice_table is not None:
        first_cell = len(results) - len(cells)
        data["choice_table"] = choices.summarize_table(
            choice_table[0], choice_table[1], {c: results[first_cell + i] for i, c in enumerate(cells)}, hints)
    if compare:
        data["compare"] = {"old": str(compare[0]), "new": str(compare[1]),
                           "metrics": compare_pools(played, new_played, labels)}
    first_variant = 1
    for k, (given, opts) in enumerate(zip(variants, variant_options, strict=True)):
        other = results[first_variant + k]
        data["variants"].append({"variant": {str(a): str(b) for a, b in dict(given).items()},
                                 "options": dict(opts),
                                 "metrics": compare_pools(played, other, labels),
                                 "game_metrics": {lv: metrics_for(game).summarize([g for g in other if g.level == lv])
                                                  for lv in agents},
                                 "coverage": {lv: analysis.coverage([g for g in other if g.level == lv],
                                                                    coverage_spec(metrics_for(game)))
                                              for lv in agents}})
    data["pilot_effect"] = None
    if plain_at is not None:
        piloted = set(data["pilots"])
        unpiloted = [g for g in played if not set(g.decks) & piloted] + results[plain_at]
        data["pilot_effect"] = {
            "pilots": data["pilots"],
            "metrics": [m for m in compare_pools(unpiloted, played, labels)
                        if m["metric"] != "deck_win_rate" or m["subject"] in piloted]}
    data["pilot_table"] = None
    if pilot_table is not None:
        data["pilot_table"] = {"pilot": pilot_table, "rows": [
            {"level": m["level"], "deck": label, "pilot": pilot_table,
             **{k: m[k] for k in ("old", "new", "diff", "ci95", "pairs")}}
            for i, label in enumerate(labels)
            for m in compare_pools([g for g in played if label in g.decks], results[table_at + i], labels)
            if m["metric"] == "deck_win_rate" and m["subject"] == label]}
    data["field_swaps"] = None
    if swap is not None and swap.everywhere:
        start = 1 + len(variant_options)
        data["field_swaps"] = swaps.summarize_field_swaps(
            swap, arms, skipped, deck_list, results[start],
            {i: results[start + 1 + i] for i in range(len(arms))}, compare_pools)
    elif swap is not None:
        start = 1 + len(variant_options)
        held = sorted({a.deck for a in arms})
        built = {label: results[start + i] for i, label in enumerate(held)}
        swapped_games = {i: results[start + len(held) + i] for i in range(len(arms))}
        data["swaps"] = swaps.summarize_swaps(swap, arms, skipped, built, swapped_games, correction,
                                              min_sample=min_sample)
    cardstats.gate_associations(levels, data["swaps"]["rows"] if data["swaps"] else [])
    data["metagame"] = meta.metagame(levels, labels, weights)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    data["suggest"] = None
    data["optimize"] = None
    level = agents[0]

    def run_more(more: list[list[Block]]) -> list[list[GameStats]]:
        return run_batches(more, workers, backend, address, progress, store)

    if suggest_steps > 0:
        suggest_levels = list(agents) if suggest_every_level else [level]

        def sched(tables: dict[str, dict[str, Any]] | None, these: list[tuple[str, Deck]]) -> list[Block]:
            return schedule(game, tables, paths, suggest_levels, these, games, seed, base_options, hints)

        flagged = {g["card"] for g in data["guideline"]}

        def within_guideline(tables: dict[str, dict[str, Any]]) -> bool:
            found = metrics_for(game).guideline(cached_game(game, paths, tables))
            return {g["card"] for g in found} <= flagged

        data["suggest"] = suggest.suggest(base, deck_list, level, games, seed, sched, run_more, steps=suggest_steps,
                                          limit=search_width, compare=lambda a, b: compare_pools(a, b, labels),
                                          allowed=within_guideline, first_player=suggest_first,
                                          band=band or suggest.BAND, levels=suggest_levels)
        if data["suggest"]["tables"]:  # both files: --compare out/original-cards.toml out/suggested-cards.toml
            suggest.write_card_file(data["suggest"]["tables"], out / "suggested-cards.toml")
            suggest.write_card_file(base.cards.card_tables(sorted(data["suggest"]["tables"])),
                                    out / "original-cards.toml")
            data["suggest"]["card_file"] = str(out / "suggested-cards.toml")
            data["suggest"]["original_file"] = str(out / "original-cards.toml")
        if data["suggest"]["decks"]:  # --deck out/suggested-decks/<label>.txt keeps each label (same seeds)
            data["suggest"]["deck_files"] = suggest.write_deck_files(data["suggest"]["decks"],
                                                                     out / "suggested-decks")
    if optimize is not None:
        data["optimize"] = suggest.optimize_deck(
            base, deck_list, optimize, level, games, seed, run_more,
            suggest.field_blocks(game, paths, level, games, seed, base_options, hints, deck_list),
            steps=max(1, suggest_steps or 3), moves_per_step=max(2, search_width))
        if data["optimize"]["improved"]:  # --deck out/optimized-decks/<label>.txt keeps the label (same seeds)
            (data["optimize"]["deck_file"],) = suggest.write_deck_files({optimize: data["optimize"]["list"]},
                                                                        out / "optimized-decks")
    if store is not None:
        data["cache"] = store.summary()
    data["sample_records"] = write_samples(batches[1 if compare else 0], levels, out / "records",
                                           sample_records)
    images = plots.draw_all(data, out) if plots_enabled else []
    if plots_enabled and plots.missing():
        data["plots_missing"] = plots.missing()  # said in the page, the JSON and the command's output
    (out / "balance.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    (out / "report.html").write_text(render_html(data, images), encoding="utf-8")
    return data
