"""``grimoire balance``: the balance lab on the command line (registered by ``grimoire.cli.main``).

>>> import typer
>>> app = typer.Typer()
>>> _ = app.command("balance")(balance_command)
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from grimoire.balance.cache import BlockCache, summary_line
from grimoire.balance.equivalent import FRESH_SEED, measure_equivalent
from grimoire.balance.plan import LabPlan
from grimoire.balance.report import run_lab
from grimoire.balance.sequential import MAX_LOOKS, Budget, Goal, measure, parse_budget, parse_until
from grimoire.balance.suggest import BAND
from grimoire.balance.swaps import SwapPlan
from grimoire.core.errors import GrimoireError
from grimoire.core.options import parse_option_pairs

from .choices import Backend
from .params import AddressOpt, BackendOpt, CardsOpt, GameArg, OptionOpt, SeedOpt, WorkersOpt


class Correction(StrEnum):
    """Multiple-comparison corrections of per-card p-values."""

    holm = "holm"
    bh = "bh"


def parse_band(text: str) -> tuple[float, float]:
    """``--band LOW-HIGH`` in per cent: the win-rate band ``--suggest`` aims at.

    >>> parse_band("47-53")
    (0.47, 0.53)
    """
    low, sep, high = text.partition("-")
    try:
        band = (float(low) / 100, float(high) / 100)
    except ValueError:
        band = (1.0, 0.0)
    if not sep or not 0 <= band[0] < 0.5 < band[1] <= 1:
        raise GrimoireError(f"--band {text!r} is not LOW-HIGH in per cent around 50, e.g. 45-55")
    return band


def parse_variant(text: str) -> dict[str, str]:
    """One ``--variant``: ``name=value`` pairs separated by commas (all changed together).

    >>> parse_variant("runaway_threshold=12,turn_limit=40")
    {'runaway_threshold': '12', 'turn_limit': '40'}
    """
    return parse_option_pairs([p for p in text.split(",") if p.strip()] or [text])


def parse_choices(items: list[str]) -> dict[str, dict[str, str]]:
    """``--choose`` values by deck label (``*``: every deck).

    >>> parse_choices(["ability=chimyaku_kanchi", "fire:ability=x"])
    {'*': {'ability': 'chimyaku_kanchi'}, 'fire': {'ability': 'x'}}
    """
    out: dict[str, dict[str, str]] = {}
    for item in items:
        head, sep, answer = item.partition("=")
        deck, colon, kind = head.rpartition(":")
        if not sep or not kind.strip() or not answer.strip():
            raise GrimoireError(f"--choose {item!r} is not of the form [DECK:]KIND=ANSWER")
        out.setdefault(deck.strip() if colon else "*", {})[kind.strip()] = answer.strip()
    return out


def parse_pilots(items: list[str]) -> dict[str, str]:
    """``--pilot`` values: deck label → AI level.

    >>> parse_pilots(["spirit_festival=greedy"])
    {'spirit_festival': 'greedy'}
    """
    out: dict[str, str] = {}
    for item in items:
        deck, sep, level = (x.strip() for x in item.partition("="))
        if not sep or not deck or not level:
            raise GrimoireError(f"--pilot {item!r} is not of the form DECK=LEVEL")
        if deck in out and out[deck] != level:
            raise GrimoireError(f"--pilot names two levels for {deck}: {out[deck]} and {level}")
        out[deck] = level
    return out


def balance_command(  # noqa: PLR0913 — a Typer command: one parameter per option
    game_name: GameArg,
    deck: Annotated[list[str] | None, typer.Option("--deck", metavar="DECK", help="A deck file or starter name "
                                                   "(repeatable; default: every starter deck).")] = None,
    agent: Annotated[list[str] | None, typer.Option("--agent", metavar="AGENT", help="An AI level or agent: "
                                                    "random, greedy, lookahead, search-200 …, or a play style of the "
                                                    "game "
                                                    "(chant: hoarder, rusher, attacker; destiny: aggressive, "
                                                    "defensive) (repeatable; default: random and greedy).")] = None,
    games: Annotated[int | None, typer.Option("--games", "-n", metavar="N", help=(
        "Games per deck pairing and level (default 50; with --card 32)."))] = None,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Folder for report.html, balance.json and the "
                                      "plots.")] = Path("balance-report"),
    seed: SeedOpt = 0,
    compare: Annotated[tuple[Path, Path] | None, typer.Option("--compare", metavar="OLD NEW", help="Card files: "
                                                              "measure NEW against OLD on the same seeds.")] = None,
    option: OptionOpt = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", metavar="NAME=VALUE[,NAME=VALUE]", help=(
        "A rules variant measured against the default on the same seeds (repeatable)."))] = None,
    swap: Annotated[list[str] | None, typer.Option("--swap", metavar="CARD", help=(
        "Measure a card's value: replace its copies and compare on the same seeds (repeatable)."))] = None,
    swap_all: Annotated[bool, typer.Option("--swap-all", help="Swap every card of the decks in turn.")] = False,
    swap_with: Annotated[str | None, typer.Option("--swap-with", metavar="CARD", help=(
        "The replacing card (default: the game's vanilla card of the same cost)."))] = None,
    swap_power: Annotated[int, typer.Option("--swap-power", metavar="N", help=(
        "Shift the vanilla replacement's power by N."))] = 0,
    swap_everywhere: Annotated[bool, typer.Option("--swap-everywhere", help=(
        "With --swap/--swap-all: replace the card in every deck holding it at once and measure the whole "
        "field (first player, game length, each deck) on the same seeds."))] = False,
    choose: Annotated[list[str] | None, typer.Option("--choose", metavar="[DECK:]KIND=ANSWER", help=(
        "Answer a set-up decision for every deck (or one deck), overriding the deck files' "
        "'# kind: answer' lines, e.g. --choose ability=chimyaku_kanchi (repeatable)."))] = None,
    choice_table: Annotated[str | None, typer.Option("--choice-table", metavar="KIND=A,B,…", help=(
        "Play every deck with each answer of a set-up decision: a deck × answer table."))] = None,
    suggest: Annotated[int, typer.Option("--suggest", metavar="STEPS", help=(
        "Search up to STEPS small card changes (power ±1–2) that bring every deck into 45–55 % (--band), "
        "at the first --agent level; writes suggested-cards.toml."))] = 0,
    suggest_first_player: Annotated[bool, typer.Option("--suggest-first-player", help=(
        "With --suggest: hold the first player's win rate to 45–55 % too, trying the cards the most decks "
        "share, both ways."))] = False,
    suggest_every_level: Annotated[bool, typer.Option("--suggest-every-level", help=(
        "With --suggest: score each candidate at every --agent level (summed), not only the first."))] = False,
    band: Annotated[str, typer.Option("--band", metavar="LOW-HIGH", help=(
        "With --suggest: the win-rate band in per cent to bring the decks into."))] = "45-55",
    optimize_deck: Annotated[str | None, typer.Option("--optimize-deck", metavar="DECK", help=(
        "Hill-climb this deck's list against the rest of the field at the first --agent level."))] = None,
    search_width: Annotated[int, typer.Option("--search-width", metavar="N", help=(
        "Candidates tried per step of --suggest (cards) and --optimize-deck (moves)."))] = 4,
    correction: Annotated[Correction, typer.Option("--correction", help=(
        "Multiple-comparison correction of per-card p-values."))] = Correction.holm,
    min_sample: Annotated[int, typer.Option("--min-sample", metavar="N", help=(
        "Fewest seat-games on each side for a per-card difference."))] = 20,
    pilot: Annotated[list[str] | None, typer.Option("--pilot", metavar="DECK=LEVEL", help=(
        "Have this AI level play one deck at every --agent level, on the same seeds, e.g. "
        "--pilot spirit_festival=greedy: how the deck fares in a weaker (or stronger) player's hands "
        "(repeatable)."))] = None,
    pilot_table: Annotated[str | None, typer.Option("--pilot-table", metavar="LEVEL", help=(
        "Play each deck in turn with this AI level against the field at every --agent level, on the same "
        "seeds: a table of each deck's win rate with and without it, paired."))] = None,
    meta_weights: Annotated[list[str] | None, typer.Option("--meta", metavar="DECK=W[,DECK=W]", help=(
        "Rate every deck against this meta: the decks it would meet, weighted, e.g. --meta fire=2,matter=1 "
        "(repeatable)."))] = None,
    cache: Annotated[Path | None, typer.Option("--cache", metavar="DIR", help=(
        "A folder of played games: every deck pairing whose inputs (code, decks, cards, seeds, options) are "
        "unchanged is read back from it instead of played, and the rest is played and stored."))] = None,
    equivalent_power: Annotated[bool, typer.Option("--equivalent-power", help=(
        "With --swap CARD: sweep the vanilla stand-in's power (--swap-power −3 … +3) and say which power the "
        "card plays like in each deck, judged against the seed's allowed power for its cost."))] = False,
    until: Annotated[str | None, typer.Option("--until", metavar="band|half-width=P", help=(
        "Sequential measurement: start at --games and double the games until every rate and effect is "
        "decided against the band (45–55 %, 0 for an effect) or its interval is at most P points either "
        "side, or --budget is spent (intervals widened for the planned looks)."))] = None,
    budget: Annotated[str | None, typer.Option("--budget", metavar="GAMES|SECONDSs", help=(
        "With --until: the most games per pairing (e.g. 3200) or seconds (e.g. 600s)."))] = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    cards: CardsOpt = None,
    card: Annotated[Path | None, typer.Option("--card", metavar="FILE", help=(
        "Is this card too strong? Swap the file's one new card into each starter deck it fits (for the most "
        "similar card) and play the field on the same seeds with and without it: too strong / within the band "
        "/ too weak, with the interval (--games: games per pairing, default 32, greedy level)."))] = None,
    confirm: Annotated[bool, typer.Option("--confirm", help=(
        "With --card: go on with the search agent (--confirm-level) until --confirm-seconds or Ctrl-C, the "
        "interval narrowing live."))] = False,
    confirm_level: Annotated[str, typer.Option("--confirm-level", metavar="LEVEL", help=(
        "With --card --confirm: the level of the confirmation games."))] = "search-30",
    confirm_seconds: Annotated[float, typer.Option("--confirm-seconds", metavar="S", help=(
        "With --card --confirm: the confirmation's time budget in seconds."))] = 600.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's data (balance.json) on stdout "
                                          "instead of the summary; the files are written all the same.")] = False,
) -> None:
    """Write a balance report: decks against each other at AI levels.

    Every pairing of the decks plays --games games at each --agent level; the report
    (HTML, JSON and plots) goes to --out. --swap/--swap-all measure card values by
    controlled swaps, --variant measures rules options, both on the same seeds.
    """
    if card is not None:
        if compare or variant or swap or swap_all or suggest or optimize_deck or choice_table:
            raise GrimoireError("--card is a verdict of its own: not with --compare, --variant, --swap, --suggest, "
                                "--optimize-deck or --choice-table")
        from .verdict import card_verdict

        card_verdict(game_name.value, card, games, seed, workers, deck, confirm, confirm_level, confirm_seconds,
                     as_json)
        return
    if confirm:
        raise GrimoireError("--confirm needs --card FILE")
    games = 50 if games is None else games
    check_counts(games, search_width, min_sample)
    swaps = swap_plan(swap, swap_all, swap_with, swap_power, swap_everywhere)
    target_band = parse_band(band)
    if target_band != BAND and not suggest:
        raise GrimoireError("--band needs --suggest STEPS")
    variants = [parse_variant(v) for v in variant or []]
    chosen = parse_choices(choose or [])
    pilots = parse_pilots(pilot or [])
    table = parse_choice_table(choice_table)
    if equivalent_power:
        check_equivalent(swaps, swap_all, until)
    goal, limit = sequential_goal(until, budget, games)
    store = BlockCache(cache) if cache is not None else None  # a bad folder stops the run before any game
    plan = LabPlan(game_name.value, lab_decks(game_name.value, deck, cards), list(agent or ["random", "greedy"]),
                   games, out, seed, compare, workers=workers, card_paths=cards or [], progress=not as_json,
                   backend=backend.value, address=address, correction=correction.value, min_sample=min_sample,
                   options=parse_option_pairs(list(option or [])), variants=variants, swap=swaps, choose=chosen,
                   choice_table=table, suggest_steps=suggest, optimize=optimize_deck, search_width=search_width,
                   suggest_first=suggest_first_player, suggest_every_level=suggest_every_level, band=target_band,
                   cache=store, pilots=pilots, pilot_table=pilot_table, meta_weights=list(meta_weights or []))
    if equivalent_power:
        equivalent_command(game_name.value, list(swap or []), cards or [], equivalent_runs(plan), out, as_json)
        return
    show_report(measure_plan(plan, goal, limit), out, as_json)


def check_counts(games: int, search_width: int, min_sample: int) -> None:
    """``--games``, ``--search-width`` and ``--min-sample`` at least 1."""
    for flag, value in (("--games", games), ("--search-width", search_width), ("--min-sample", min_sample)):
        if value < 1:
            raise GrimoireError(f"{flag} must be at least 1, got {value}")


def swap_plan(cards: list[str] | None, every: bool, with_card: str | None, power: int,
              everywhere: bool) -> SwapPlan | None:
    """``--swap``/``--swap-all`` with ``--swap-with``, ``--swap-power`` and ``--swap-everywhere``; None without a swap.

    >>> swap_plan(["c1"], False, None, 1, False)
    SwapPlan(cards=('c1',), with_card=None, power_delta=1, everywhere=False)
    """
    if with_card is not None and not (cards or every):
        raise GrimoireError("--swap-with needs --swap CARD or --swap-all")
    if power and with_card is not None:
        raise GrimoireError("--swap-power shifts the vanilla card; it cannot be used with --swap-with")
    if everywhere and not (cards or every):
        raise GrimoireError("--swap-everywhere needs --swap CARD or --swap-all")
    return SwapPlan(tuple(cards or ()), with_card, power, everywhere) if (cards or every) else None


def parse_choice_table(text: str | None) -> tuple[str, tuple[str, ...]] | None:
    """``--choice-table KIND=A,B,…``.

    >>> parse_choice_table("ability=a, b")
    ('ability', ('a', 'b'))
    """
    if text is None:
        return None
    kind, sep, answers = text.partition("=")
    if not sep or not kind.strip() or not answers.strip():
        raise GrimoireError(f"--choice-table {text!r} is not of the form KIND=A,B,…")
    return kind.strip(), tuple(a.strip() for a in answers.split(",") if a.strip())


def check_equivalent(swaps: SwapPlan | None, every: bool, until: str | None) -> None:
    """``--equivalent-power`` measures the cards of ``--swap CARD`` against the vanilla card, one by one
    (``every``: ``--swap-all`` was given too)."""
    if swaps is None or not swaps.cards or every or swaps.with_card is not None or swaps.power_delta \
            or swaps.everywhere or until is not None:
        raise GrimoireError("--equivalent-power needs --swap CARD, without --swap-all, --swap-with, --swap-power, "
                            "--swap-everywhere or --until")


def sequential_goal(until: str | None, budget: str | None, games: int) -> tuple[Goal | None, Budget]:
    """``--until`` and ``--budget``: what a sequential run stops at, and its most games or seconds."""
    if budget is not None and until is None:
        raise GrimoireError("--budget needs --until band|half-width=P")
    goal = parse_until(until) if until is not None else None
    limit = parse_budget(budget) if budget is not None else Budget(games=games * 2 ** (MAX_LOOKS - 1))
    if limit.games is not None and limit.games < games:
        raise GrimoireError(f"--budget {limit.games} is below --games {games}")
    return goal, limit


def lab_decks(game: str, decks: list[str] | None, cards: list[str] | None) -> list[str]:
    """The ``--deck`` values, or every starter deck of the game."""
    from grimoire.core.registry import load_game

    return list(decks or sorted(load_game(game, card_paths=cards or []).cards.starter_decks()))


def equivalent_runs(plan: LabPlan) -> Callable[[str, bool, int], dict[str, Any]]:
    """``--equivalent-power``: the run of one card swapped for the vanilla card shifted by a power, into its
    own folder (on fresh seeds when asked)."""
    def run_at(card: str, fresh: bool, delta: int) -> dict[str, Any]:
        at = plan.seed + FRESH_SEED if fresh else plan.seed
        where = Path(plan.out) / f"{card}-power{delta:+d}{'-fresh' if fresh else ''}"
        return run_lab(dataclasses.replace(plan, out=where, swap=SwapPlan((card,), None, delta, False), seed=at))

    return run_at


def measure_plan(plan: LabPlan, goal: Goal | None, limit: Budget) -> dict[str, Any]:
    """Run the plan once, or (with ``--until``) at growing numbers of games until the goal or the budget."""
    if goal is None:
        return run_lab(plan)
    data = measure(lambda n: run_lab(dataclasses.replace(plan, games=n)), plan.games, goal, limit)
    (Path(plan.out) / "balance.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return data


def show_report(data: dict[str, Any], out: Path, as_json: bool) -> None:
    """The report's data (``--json``) or its summary and where it is; a note for plots not drawn."""
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
    else:
        for line in summary_lines(data):
            typer.echo(line)
        typer.echo(f"report: {Path(out) / 'report.html'}")
    if data.get("plots_missing"):
        typer.echo(f"grimoire: note: {data['plots_missing']}", err=True)


def _play(r: dict[str, Any]) -> str:
    if not r["games"]:
        return "play rate unknown (never seen drawn)"
    return f"play rate {r['rate']:.0%} [{r['ci95'][0]:.0%}, {r['ci95'][1]:.0%}] (n={r['games']})"


def _first(e: dict[str, Any] | None) -> str:
    """A swap's effect on the first player's win rate, or nothing when the row has none."""
    if not e or not e["pairs"]:
        return ""
    return f", first player {e['value']:+.1%} [{e['ci95'][0]:+.1%}, {e['ci95'][1]:+.1%}]"


def _association(a: dict[str, Any] | None) -> str:
    """A drawn association beside the swap of its card, with what the swap says of it."""
    if not a:
        return ""
    return f", drawn association {a['value']:+.1%} [{a['ci95'][0]:+.1%}, {a['ci95'][1]:+.1%}]: the swap {a['verdict']}"


def equivalent_command(game_name: str, swaps: list[str], cards: list[str],
                       run_at: Callable[[str, bool, int], dict[str, Any]], out: Path, as_json: bool) -> None:
    """``--equivalent-power``: each swapped card's equivalent power, written to ``equivalent.json``."""
    from grimoire.core.registry import load_game

    game = load_game(game_name, card_paths=cards)
    ids = [c.id if (c := game.pool.find(card)) is not None else card for card in swaps]
    found = [measure_equivalent(game, card, functools.partial(run_at, card, False),
                                recheck=functools.partial(run_at, card, True)) for card in ids]
    Path(out).mkdir(parents=True, exist_ok=True)
    (Path(out) / "equivalent.json").write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(found, ensure_ascii=False))
        return
    for line in equivalent_lines(found):
        typer.echo(line)


def _power(x: float | None, beyond: str) -> str:
    return beyond if x is None else f"{x:.1f}"


def _fresh(r: dict[str, Any]) -> str:
    f = r.get("fresh")
    if not f:
        return ""
    plays = "never matched" if f["power"] is None else f"{f['power']:.1f}"
    return f"; fresh seeds {plays}, {f['verdict']}"


def equivalent_lines(found: list[dict[str, Any]]) -> list[str]:
    """One line per card, deck and level: the power it plays like and the verdict against the band."""
    lines = []
    for f in found:
        if not f["rows"]:
            lines.append(f"equivalent power {f['card']}: {f.get('note', 'no swap measured')}")
            continue
        band = f["band"]
        where = f"seed band {band[0]}–{band[1]}" if band else "no band for its cost"
        for r in f["rows"]:
            lo, hi = r["ci"]
            costs = "".join(f"{k}-{f.get(k)} " for k in f.get("cost_fields", []))
            plays = (f"plays like a {costs}{f.get('power_field', 'power')}-{r['power']:.1f} card"
                     if r["power"] is not None else "the swept vanilla powers never match it")
            lines.append(f"equivalent power [{r['level']}] {r['card']} in {r['deck']}: {plays} "
                         f"[{_power(lo, 'below')}, {_power(hi, 'above')}] (printed power {f['printed']}; "
                         f"{where}: {r['verdict']}{_fresh(r)})")
    return lines


def sequential_lines(seq: dict[str, Any] | None) -> list[str]:
    """What stopped a sequential measurement: counts, then each figure still open when the budget ended."""
    if not seq:
        return []
    n = seq["stopped"]
    lines = [f"sequential: {seq['games']} games per pairing (looks {', '.join(map(str, seq['looks']))}; "
             f"intervals Bonferroni-widened over {len(seq['looks'])} looks): {n['precise']} precise enough, "
             f"{n['decided']} decided against the band, {n['budget']} budget spent"]
    open_ = [r for r in seq["figures"] if r["stop"] == "budget"]
    for r in open_[:10]:
        lines.append(f"sequential: {r['figure']} {r['value']:+.3f} [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}] "
                         f"undecided at {r['games']} games per pairing (budget spent)")
    if len(open_) > 10:
        lines.append(f"sequential: … and {len(open_) - 10} more undecided (balance.json: sequential.figures)")
    return lines


def summary_lines(data: dict[str, Any]) -> list[str]:
    """The lines the command prints: per level, variants, swaps and guideline counts."""
    lines = [f"pilot: {deck} is played by {level} at every level" for deck, level in data.get("pilots", {}).items()]
    lines += sequential_lines(data.get("sequential"))
    lines += _level_lines(data)
    lines += _card_lines(data)
    lines += _meta_lines(data)
    lines += _first_player_lines(data)
    lines += _pilot_lines(data)
    lines += _variant_lines(data)
    lines += _coverage_lines(data)
    lines += _choice_lines(data)
    lines += _suggest_lines(data)
    lines += _optimize_lines(data)
    lines += _swap_lines(data)
    lines.append(f"{len(data['flags'])} findings change sign with AI strength; "
                 f"{len(data['guideline'])} cards outside the power guideline")
    if data.get("cache"):
        lines.append(summary_line(data["cache"]))
    return lines


def _level_lines(data: dict[str, Any]) -> list[str]:
    """The first player and length per level."""
    lines: list[str] = []
    for level, d in data["levels"].items():
        fp = d["first_player"]
        lines.append(f"{level}: {d['games']} games, first player wins {fp['rate']:.1%} "
                     f"[{fp['ci95'][0]:.1%}, {fp['ci95'][1]:.1%}], {d['length']['mean_turns']:.1f} turns "
                     f"(both players' turns), {len(d.get('card_flags', []))} card flags")
    return lines


def _card_lines(data: dict[str, Any]) -> list[str]:
    """What the cards did, per level, with their flags."""
    lines: list[str] = []
    for level, d in data["levels"].items():
        cs = d.get("card_stats")
        if cs and cs["tracked"]:
            fired = sum(1 for r in cs["rows"] if r["fired"])
            lines.append(f"cards [{level}]: {len(cs['rows'])} cards, {fired} with an effect that fired, "
                         f"{len(cs['flags'])} flags")
            for f in cs["flags"]:
                lines.append(f"card [{level}] {f['card']}: {f['kind'].replace('_', ' ')} — {f['reason']['en']}")
    return lines


def _meta_lines(data: dict[str, Any]) -> list[str]:
    """The matchup cycles and meta ratings per level."""
    lines: list[str] = []
    mg = data.get("metagame") or {"levels": {}}
    for level, d in mg["levels"].items():
        for c in d["cycles"]:
            edges = ", ".join(f"{e['winner']} {e['rate']:.0%}" for e in c["edges"])
            lines.append(f"cycle [{level}]: {c['name']} ({edges}; "
                         f"{'significant' if c['significant'] else 'not significant'})")
        for r in d["ratings"]:
            lines.append(f"meta [{level}] {r['deck']}: {r['rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]"
                         + (f" (never met {', '.join(r['missing'])})" if r["missing"] else ""))
    return lines


def _first_player_lines(data: dict[str, Any]) -> list[str]:
    """The first player's advantage per level."""
    lines: list[str] = []
    for e in data.get("first_player_effect", []):
        lo, hi = e["band"]
        lines.append(f"first player [{e['level']}]: wins {e['rate']:.1%} [{e['ci95'][0]:.1%}, {e['ci95'][1]:.1%}] "
                     f"of {e['games']} games ({e['wins']}–{e['second_wins']}, {e['draws']} draws), "
                     f"{e['effect'] * 100:+.1f} points against 50 %, {e['position']} {lo * 100:.0f}–{hi * 100:.0f} %")
    return lines


def _pilot_lines(data: dict[str, Any]) -> list[str]:
    """The pilot table and the pilots' effect."""
    lines: list[str] = []
    if data.get("pilot_table"):
        for r in data["pilot_table"]["rows"]:
            lines.append(f"pilot table [{r['level']}] {r['deck']} played by {r['pilot']}: {r['diff']:+.1%} "
                         f"[{r['ci95'][0]:+.1%}, {r['ci95'][1]:+.1%}] ({r['old']:.1%} → {r['new']:.1%}, "
                         f"{r['pairs']} paired games)")
    if data.get("pilot_effect"):
        for m in data["pilot_effect"]["metrics"]:
            if m["metric"] != "turns":
                lines.append(f"pilot effect [{m['level']}] {m['subject']}: {m['diff']:+.1%} [{m['ci95'][0]:+.1%}, "
                             f"{m['ci95'][1]:+.1%}] ({m['old']:.1%} → {m['new']:.1%}, {m['pairs']} paired games)")
    return lines


def _variant_lines(data: dict[str, Any]) -> list[str]:
    """The rules variants' paired differences."""
    lines: list[str] = []
    for v in data.get("variants", []):
        name = ",".join(f"{k}={x}" for k, x in v["variant"].items())
        for m in v["metrics"]:
            lines.append(f"variant {name} [{m['level']}] {m['metric']} {m['subject']}: {m['diff']:+.3f} "
                         f"[{m['ci95'][0]:+.3f}, {m['ci95'][1]:+.3f}] ({m['pairs']} paired games)")
    return lines


def _coverage_lines(data: dict[str, Any]) -> list[str]:
    """Mechanics that never happened, per level."""
    lines: list[str] = []
    for level, d in data["levels"].items():
        for c in d.get("coverage", []):
            if c["warning"]:
                lines.append(f"coverage [{level}]: {c['warning']}")
    return lines


def _choice_lines(data: dict[str, Any]) -> list[str]:
    """The set-up choice table."""
    lines: list[str] = []
    if data.get("choice_table"):
        t = data["choice_table"]
        for r in t["rows"]:
            own = " (own)" if r["own"] else ""
            vs = r["vs_own"]
            diff = (f", vs own {vs['value']:+.1%} [{vs['ci95'][0]:+.1%}, {vs['ci95'][1]:+.1%}]" if vs else "")
            lines.append(f"{t['kind']} [{r['level']}] {r['deck']} with {r['answer']}{own}: {r['rate']:.1%} "
                         f"[{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}] n={r['games']}{diff}")
    return lines


def _suggest_lines(data: dict[str, Any]) -> list[str]:
    """The suggested card changes and where they leave each deck."""
    lines: list[str] = []
    if data.get("suggest"):
        s = data["suggest"]
        which = "every deck and the first player" if s.get("with_first_player") else "every deck"
        scored = ", ".join(s.get("levels") or [s["level"]])
        lines.append(f"suggest [{scored}]: {', '.join(s['changes']) or 'no change found'}; "
                     f"{which} in {s['band'][0]:.0%}–{s['band'][1]:.0%}: {'yes' if s['in_band'] else 'no'}")
        for lv, at in (s.get("by_level") or {s["level"]: {"deck_rates": s["final"],
                                                          "first_player": s["first_player"]}}).items():
            for r in [*at["deck_rates"], {"deck": "first player", **at["first_player"]}]:
                lines.append(f"  [{lv}] {r['deck']}: {r['rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}] "
                             f"n={r['games']}")
        if s.get("card_file"):
            lines.append(f"  cards: {s['card_file']}")
    return lines


def _optimize_lines(data: dict[str, Any]) -> list[str]:
    """The optimized deck and its held-out checks."""
    lines: list[str] = []
    if data.get("optimize"):
        o = data["optimize"]
        w = o["win_rate"]
        moves = [h["move"] for h in o["steps"][1:] if h.get("move")]
        lines.append(f"optimize {o['deck']} [{o['level']}]: {', '.join(moves) or 'no improving move'}; win rate "
                     f"{w['rate']:.1%} [{w['ci95'][0]:.1%}, {w['ci95'][1]:.1%}] n={w['games']}")
        for h in o["steps"][1:]:
            if h.get("held_out"):
                c = h["held_out"]
                verdict = "kept" if h.get("move") else "not kept"
                lines.append(f"  held-out check of {c['move']}: {c['value']:+.1%} [{c['ci95'][0]:+.1%}, "
                             f"{c['ci95'][1]:+.1%}] over {c['pairs']} paired games: {verdict}")
        if o.get("deck_file"):
            lines.append(f"  deck: {o['deck_file']}")
    return lines


def _swap_lines(data: dict[str, Any]) -> list[str]:
    """The swaps, per deck or everywhere."""
    lines: list[str] = []
    if data.get("swaps"):
        for r in data["swaps"]["rows"]:
            lines.append(f"swap {r['card']} in {r['deck']} [{r['level']}] → {r['replacement']}: value "
                         f"{r['value']:+.1%} [{r['ci95'][0]:+.1%}, {r['ci95'][1]:+.1%}], " + _play(r["play_rate"])
                         + _first(r.get("first_player")) + _association(r.get("association"))
                         + (f" — {'; '.join(r['flags'])}" if r["flags"] else ""))
        for why in data["swaps"]["skipped"]:
            lines.append(f"swap skipped: {why}")
    if data.get("field_swaps"):
        for r in data["field_swaps"]["rows"]:
            parts = [f"{'first player' if m['metric'] == 'first_player_win_rate' else m['subject']} "
                     f"{m['diff']:+.1%} [{m['ci95'][0]:+.1%}, {m['ci95'][1]:+.1%}]"
                     for m in r["metrics"] if m["metric"] != "turns"]
            lines.append(f"swap {r['card']} everywhere ({', '.join(r['decks'])}) → {r['replacement']}: "
                         + "; ".join(parts))
        for why in data["field_swaps"]["skipped"]:
            lines.append(f"swap skipped: {why}")
    return lines
