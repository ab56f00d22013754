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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grimoire.core.content import card_files, read_card_tables
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.setup_choices import check_choices
from grimoire.sim.parallel import cached_game

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
from .plan import LabPlan

FORMAT = "grimoire-balance"


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
            compare: tuple[str | Path, str | Path] | None = None, **settings: Any) -> dict[str, Any]:
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

    ``settings`` are the other fields of :class:`~grimoire.balance.plan.LabPlan` (``workers``,
    ``card_paths``, ``swap``, ``suggest_steps``…), by name; this is ``run_lab(LabPlan(...))``.

    >>> import tempfile
    >>> data = balance("chant", ["fire", "matter"], ["random"], 2, Path(tempfile.mkdtemp()), seed=1,
    ...                plots_enabled=False)
    >>> data["levels"]["random"]["games"], sorted(data)[:3]
    (6, ['agents', 'choice_table', 'choices'])
    """
    return run_lab(LabPlan(game, decks, agents, games, out, seed, compare, **settings))


@dataclass
class _Lab:
    """A plan opened on its game: the field as loaded, and the batches of blocks scheduled so far."""

    plan: LabPlan
    base: Game[Any]
    paths: list[str]
    old_tables: dict[str, dict[str, Any]] | None
    new_tables: dict[str, dict[str, Any]] | None
    deck_list: list[tuple[str, Deck]]
    base_options: tuple[tuple[str, Any], ...]
    variant_options: list[tuple[tuple[str, Any], ...]]
    hints: dict[str, Hints]
    weights: dict[str, float] | None
    store: block_cache.BlockCache | None
    batches: list[list[Block]] = field(default_factory=list)

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.deck_list]

    def add(self, blocks: list[Block]) -> int:
        """Schedule one batch; its index in the results."""
        self.batches.append(blocks)
        return len(self.batches) - 1

    def field_blocks(self, tables: dict[str, dict[str, Any]] | None = None, decks: list[tuple[str, Deck]] | None = None,
              options: tuple[tuple[str, Any], ...] | None = None, hints: Mapping[str, Hints] | None = None,
              levels: Sequence[str] | None = None) -> list[Block]:
        """Every pairing of the field at every level (by default: the plan's cards, decks, options and levels)."""
        p = self.plan
        return schedule(p.game, tables, self.paths, p.agents if levels is None else levels,
                        self.deck_list if decks is None else decks, p.games, p.seed,
                        self.base_options if options is None else options, self.hints if hints is None else hints)

    def run(self, batches: list[list[Block]]) -> list[list[GameStats]]:
        p = self.plan
        return run_batches(batches, p.workers, p.backend, p.address, p.progress, self.store)


def _open(plan: LabPlan) -> _Lab:
    """Load the plan's game, cards and decks, and refuse what the game does not know, before any game."""
    store = plan.store  # a bad folder stops the run before any game
    paths = [str(p) for p in plan.card_paths]
    old_tables = read_tables(plan.compare[0]) if plan.compare else None
    new_tables = read_tables(plan.compare[1]) if plan.compare else None
    base = cached_game(plan.game, paths, old_tables)
    deck_list = load_decks(base, plan.decks)
    labels = [label for label, _ in deck_list]
    given = dict(plan.options or {})
    base_options = tuple(sorted(base.options(given).items()))
    variant_options = [tuple(sorted(base.options({**given, **dict(v)}).items())) for v in plan.variants]
    ends = (deck_list[0][1], deck_list[-1][1])
    for opts in (base_options, *variant_options):  # options the games check only at set-up: refuse them now
        base.new_state(Setup(ends, dict(opts), seed=0))
    pilots = [*(plan.pilots or {}).values(), *([plan.pilot_table] if plan.pilot_table is not None else [])]
    for level in [*plan.agents, *pilots]:  # unknown agent names and pilots: refuse them before any game
        lab_agent(level, plan.game, ends)
    hints = load_hints(base, deck_list, plan.choose or {}, plan.pilots)
    weights = meta.parse_meta(list(plan.meta_weights), labels) if plan.meta_weights else None
    if plan.optimize is not None and plan.optimize not in labels:
        raise GrimoireError(f"--optimize-deck {plan.optimize!r} is not a deck of the run: {', '.join(labels)}")
    return _Lab(plan, base, paths, old_tables, new_tables, deck_list, base_options, variant_options, hints, weights,
                store)


@dataclass
class _Compare:
    """``--compare``: the new card pool's game, decks and batch."""

    game: Game[Any]
    decks: list[tuple[str, Deck]]
    at: int


def _schedule_compare(lab: _Lab) -> _Compare | None:
    if not lab.plan.compare:
        return None
    new_game = cached_game(lab.plan.game, lab.paths, lab.new_tables)
    new_decks = load_decks(new_game, lab.plan.decks)
    return _Compare(new_game, new_decks, lab.add(lab.field_blocks(lab.new_tables, new_decks)))


def _schedule_variants(lab: _Lab) -> list[int]:
    return [lab.add(lab.field_blocks(lab.old_tables, options=opts)) for opts in lab.variant_options]


@dataclass
class _Swaps:
    """``--swap``: the arms, the cards skipped, and where their batches start."""

    arms: list[swaps.Arm]
    skipped: list[str]
    start: int


def _schedule_swaps(lab: _Lab) -> _Swaps | None:
    swap = lab.plan.swap
    if swap is None:
        return None
    p = lab.plan
    arms, skipped = swaps.plan_swaps(lab.base, lab.deck_list, swap)
    tables = swaps.vanilla_card_tables(lab.base, sorted({a.card for a in arms}), swap.power_delta)
    cached_game(p.game, lab.paths, tables or None)  # card errors surface here, before any game
    start = len(lab.batches)
    if swap.everywhere:  # the whole field as built (with the vanilla cards in the pool), then per card
        lab.add(lab.field_blocks(tables))
        for arm in arms:
            lab.add(lab.field_blocks(tables, swaps.swapped_field(lab.deck_list, arm)))
        return _Swaps(arms, skipped, start)

    def blocks(arm: swaps.Arm | None, label: str) -> list[Block]:
        return [b for level in p.agents for b in swaps.swap_blocks(
            p.game, tables, lab.paths, level, lab.deck_list, arm, label, p.games, p.seed, lab.base_options,
            lab.hints)]

    for label in sorted({a.deck for a in arms}):
        lab.add(blocks(None, label))
    for arm in arms:
        lab.add(blocks(arm, arm.deck))
    return _Swaps(arms, skipped, start)


def _schedule_choice_table(lab: _Lab) -> dict[tuple[str, str, str], int]:
    """``--choice-table``: one batch per level, deck and answer, by that cell."""
    p = lab.plan
    if p.choice_table is None:
        return {}
    kind, answers = p.choice_table
    if not answers:
        raise GrimoireError("--choice-table needs at least one answer: KIND=A,B,…")
    check_choices(lab.base, tuple((kind, answer) for answer in answers), "--choice-table")
    return {(level, label, answer): lab.add(choices.choice_blocks(
                p.game, lab.paths, level, lab.deck_list, label, kind, answer, lab.hints, p.games, p.seed,
                lab.base_options))
            for level in p.agents for label in lab.labels for answer in answers}


def _pairings_of(lab: _Lab, held: set[str], these: Mapping[str, Hints]) -> list[Block]:
    """The field's blocks of the pairings holding a deck of ``held``, with the hints ``these``."""
    return [b for b in lab.field_blocks(lab.old_tables, hints=these) if set(b.labels) & held]


def _schedule_pilots(lab: _Lab) -> int | None:
    """``--pilot``: the piloted decks' pairings as the run's levels play them (the pilots' effect, paired)."""
    if not lab.plan.pilots:
        return None
    plain = {label: without_pilot(hs) for label, hs in lab.hints.items()}
    return lab.add(_pairings_of(lab, set(lab.plan.pilots), plain))


def _schedule_pilot_table(lab: _Lab) -> list[int]:
    """``--pilot-table``: each deck in turn with the table's pilot, its own pairings only."""
    pilot = lab.plan.pilot_table
    if pilot is None:
        return []
    return [lab.add(_pairings_of(lab, {label}, {**lab.hints,
                                                label: tuple(sorted((*lab.hints[label], (PILOT, pilot))))}))
            for label in lab.labels]


def _head(lab: _Lab, levels: dict[str, Any], final_game: Game[Any]) -> dict[str, Any]:
    """The report's data common to every run, with an empty section for each feature."""
    p = lab.plan
    return {
        "format": FORMAT,
        "game": p.game,
        "seed": p.seed,
        "games_per_pairing": p.games,
        "decks": lab.labels,
        "agents": list(p.agents),
        "options": dict(lab.base_options),
        "choices": {label: dict(without_pilot(h)) for label, h in lab.hints.items()},
        "pilots": {label: pilot for label, h in lab.hints.items() if (pilot := pilot_of(h)) is not None},
        "method": method(p.correction, p.min_sample),
        "levels": levels,
        "first_player_effect": analysis.first_player_effect(levels),
        "flags": analysis.sign_flags(levels),
        "guideline": metrics_for(p.game).guideline(final_game),
        "compare": None,
        "variants": [],
        "swaps": None,
        "choice_table": None,
    }


def _variant_data(lab: _Lab, given: Mapping[str, Any], opts: tuple[tuple[str, Any], ...],
                  played: list[GameStats], other: list[GameStats]) -> dict[str, Any]:
    game, agents = lab.plan.game, lab.plan.agents
    return {"variant": {str(a): str(b) for a, b in dict(given).items()},
            "options": dict(opts),
            "metrics": compare_pools(played, other, lab.labels),
            "game_metrics": {lv: metrics_for(game).summarize([g for g in other if g.level == lv]) for lv in agents},
            "coverage": {lv: analysis.coverage([g for g in other if g.level == lv], coverage_spec(metrics_for(game)))
                         for lv in agents}}


def _pilot_effect(lab: _Lab, pilots: Mapping[str, str], played: list[GameStats],
                  plain: list[GameStats]) -> dict[str, Any]:
    piloted = set(pilots)
    unpiloted = [g for g in played if not set(g.decks) & piloted] + plain
    return {"pilots": dict(pilots),
            "metrics": [m for m in compare_pools(unpiloted, played, lab.labels)
                        if m["metric"] != "deck_win_rate" or m["subject"] in piloted]}


def _pilot_table(lab: _Lab, pilot: str, played: list[GameStats], results: list[list[GameStats]],
                 at: list[int]) -> dict[str, Any]:
    return {"pilot": pilot, "rows": [
        {"level": m["level"], "deck": label, "pilot": pilot,
         **{k: m[k] for k in ("old", "new", "diff", "ci95", "pairs")}}
        for label, i in zip(lab.labels, at, strict=True)
        for m in compare_pools([g for g in played if label in g.decks], results[i], lab.labels)
        if m["metric"] == "deck_win_rate" and m["subject"] == label]}


def _swap_data(lab: _Lab, swapped: _Swaps, results: list[list[GameStats]], data: dict[str, Any]) -> None:
    swap = lab.plan.swap
    assert swap is not None
    start, arms = swapped.start, swapped.arms
    if swap.everywhere:
        data["field_swaps"] = swaps.summarize_field_swaps(
            swap, arms, swapped.skipped, lab.deck_list, results[start],
            {i: results[start + 1 + i] for i in range(len(arms))}, compare_pools)
        return
    held = sorted({a.deck for a in arms})
    built = {label: results[start + i] for i, label in enumerate(held)}
    swapped_games = {i: results[start + len(held) + i] for i in range(len(arms))}
    data["swaps"] = swaps.summarize_swaps(swap, arms, swapped.skipped, built, swapped_games, lab.plan.correction,
                                          min_sample=lab.plan.min_sample)


def _suggest(lab: _Lab, data: dict[str, Any], out: Path) -> dict[str, Any]:
    """``--suggest``: small card changes toward the band, checked against the game's guideline."""
    p = lab.plan
    levels = list(p.agents) if p.suggest_every_level else [p.agents[0]]

    def sched(tables: dict[str, dict[str, Any]] | None, these: list[tuple[str, Deck]]) -> list[Block]:
        return lab.field_blocks(tables, these, levels=levels)

    flagged = {g["card"] for g in data["guideline"]}

    def within_guideline(tables: dict[str, dict[str, Any]]) -> bool:
        found = metrics_for(p.game).guideline(cached_game(p.game, lab.paths, tables))
        return {g["card"] for g in found} <= flagged

    found = suggest.suggest(lab.base, lab.deck_list, p.agents[0], p.games, p.seed, sched, lab.run,
                            steps=p.suggest_steps, limit=p.search_width,
                            compare=lambda a, b: compare_pools(a, b, lab.labels), allowed=within_guideline,
                            first_player=p.suggest_first, band=p.band or suggest.BAND, levels=levels)
    if found["tables"]:  # both files: --compare out/original-cards.toml out/suggested-cards.toml
        suggest.write_card_file(found["tables"], out / "suggested-cards.toml")
        suggest.write_card_file(lab.base.cards.card_tables(sorted(found["tables"])), out / "original-cards.toml")
        found["card_file"] = str(out / "suggested-cards.toml")
        found["original_file"] = str(out / "original-cards.toml")
    if found["decks"]:  # --deck out/suggested-decks/<label>.txt keeps each label (same seeds)
        found["deck_files"] = suggest.write_deck_files(found["decks"], out / "suggested-decks")
    return found


def _optimize(lab: _Lab, target: str, out: Path) -> dict[str, Any]:
    """``--optimize-deck``: hill-climb one deck's list against the field, checked on held-out seeds."""
    p = lab.plan
    level = p.agents[0]
    found = suggest.optimize_deck(
        lab.base, lab.deck_list, target, level, p.games, p.seed, lab.run,
        suggest.field_blocks(p.game, lab.paths, level, p.games, p.seed, lab.base_options, lab.hints, lab.deck_list),
        steps=max(1, p.suggest_steps or 3), moves_per_step=max(2, p.search_width))
    if found["improved"]:  # --deck out/optimized-decks/<label>.txt keeps the label (same seeds)
        (found["deck_file"],) = suggest.write_deck_files({target: found["list"]}, out / "optimized-decks")
    return found


def _write(data: dict[str, Any], out: Path, plots_enabled: bool) -> None:
    """``balance.json``, ``report.html`` and the plots into ``out``."""
    images = plots.draw_all(data, out) if plots_enabled else []
    if plots_enabled and plots.missing():
        data["plots_missing"] = plots.missing()  # said in the page, the JSON and the command's output
    (out / "balance.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    (out / "report.html").write_text(render_html(data, images), encoding="utf-8")


def run_lab(plan: LabPlan) -> dict[str, Any]:
    """Run the balance lab as ``plan`` says and write ``balance.json``, ``report.html`` and plots into its
    ``out`` folder; returns the JSON data (see :func:`balance` for what each feature adds)."""
    lab = _open(plan)
    lab.add(lab.field_blocks(lab.old_tables))
    compared = _schedule_compare(lab)
    variant_at = _schedule_variants(lab)
    swapped = _schedule_swaps(lab)
    cells = _schedule_choice_table(lab)
    plain_at = _schedule_pilots(lab)
    table_at = _schedule_pilot_table(lab)
    results = lab.run(lab.batches)
    played = results[0]
    final, final_game, deck_list = played, lab.base, lab.deck_list
    if compared is not None:
        final, final_game, deck_list = results[compared.at], compared.game, compared.decks
    deck_cards = {label: set(d.all_cards()) for label, d in deck_list}
    levels = {level: summarize(final_game, [g for g in final if g.level == level], lab.labels, deck_cards,
                               plan.correction, plan.min_sample)
              for level in plan.agents}
    data = _head(lab, levels, cached_game(plan.game, lab.paths, lab.new_tables) if compared else lab.base)
    if plan.choice_table is not None:
        data["choice_table"] = choices.summarize_table(
            plan.choice_table[0], plan.choice_table[1], {c: results[i] for c, i in cells.items()}, lab.hints)
    if plan.compare and compared is not None:
        data["compare"] = {"old": str(plan.compare[0]), "new": str(plan.compare[1]),
                           "metrics": compare_pools(played, results[compared.at], lab.labels)}
    for given, opts, at in zip(plan.variants, lab.variant_options, variant_at, strict=True):
        data["variants"].append(_variant_data(lab, given, opts, played, results[at]))
    data["pilot_effect"] = None if plain_at is None else _pilot_effect(lab, data["pilots"], played, results[plain_at])
    data["pilot_table"] = None if plan.pilot_table is None else _pilot_table(lab, plan.pilot_table, played, results,
                                                                             table_at)
    data["field_swaps"] = None
    if swapped is not None:
        _swap_data(lab, swapped, results, data)
    cardstats.gate_associations(levels, data["swaps"]["rows"] if data["swaps"] else [])
    data["metagame"] = meta.metagame(levels, lab.labels, lab.weights)
    out = Path(plan.out)
    out.mkdir(parents=True, exist_ok=True)
    data["suggest"] = _suggest(lab, data, out) if plan.suggest_steps > 0 else None
    data["optimize"] = None if plan.optimize is None else _optimize(lab, plan.optimize, out)
    if lab.store is not None:
        data["cache"] = lab.store.summary()
    data["sample_records"] = write_samples(lab.batches[compared.at if compared else 0], levels, out / "records",
                                           plan.sample_records)
    _write(data, out, plan.plots_enabled)
    return data
