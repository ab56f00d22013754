"""Suggestions, not only diagnoses: small content changes that bring the decks into a win-rate band.

:func:`suggest` hill-climbs over small card changes — a number that strengthens a card or a
cost, as its game's plugin names them (``card_numbers``: Chant's power and chant value) ±1 or
±2, at most ±2 in all per card — in the approach of "Evolving the Hearthstone Meta" (arXiv 1907.01623):
each step takes the deck furthest outside the band (45–55 % against the field by
default), tries changes to its cards in the direction that would move it toward the
band (cards only that deck holds first, then by drawn association, then by copies), and
one-copy trades within that deck, plays the whole schedule once
per candidate on the same seeds, and keeps the change that brings the decks closest to
the band. With ``first_player`` the first player's win rate is held to the same band:
when it lies furthest outside, the step tries the cards the most decks share, both ways
(:func:`first_player_candidates`). It stops when everything is inside the band (point
estimates), when no candidate helps, or after ``steps`` changes; the changes kept are the
smallest set it found. Cards the game marks fixed (Chant: the seed's printed cards) are
never changed.

:func:`optimize_deck` hill-climbs one deck's list: each step tries replacing one copy of
a card by another card of the pool (within the deck rules), takes the best improvement
of the deck's win rate against the rest of the field, on the same seeds, and keeps it
only when it holds on held-out seeds (a paired difference whose interval lies above 0).

>>> objective([{"deck": "a", "rate": 0.60}, {"deck": "b", "rate": 0.50}]), round(distance(0.40), 2)
(0.05, 0.05)
>>> objective([{"deck": "a", "rate": 0.60}], first={"rate": 0.43})
0.07
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimoire.core.decks import Deck, DeckLine, DeckList
from grimoire.core.errors import DeckError, GrimoireError
from grimoire.core.game import Game
from grimoire.core.plugin import HasFixedCards, note_missing
from grimoire.core.registry import plugin
from grimoire.core.rng import Chance
from grimoire.core.tomlwrite import dump_cards
from grimoire.sim.runner import derive_seed

from . import analysis
from .collect import Block, GameStats, deck_seat, metrics_for
from .pairing import Hints, pair_blocks
from .swaps import deck_results, opponents, paired_effect

BAND = (0.45, 0.55)

RunBatches = Callable[[list[list[Block]]], list[list[GameStats]]]


def distance(rate: float, band: tuple[float, float] = BAND) -> float:
    """How far a win rate lies outside the band (0 inside)."""
    return max(0.0, band[0] - rate, rate - band[1])


def objective(rates: Sequence[Mapping[str, Any]], band: tuple[float, float] = BAND,
              first: Mapping[str, Any] | None = None) -> float:
    """The sum over decks of the distance outside the band, plus the first player's when ``first`` (its win
    rate) is given: 0 when everything is inside."""
    total = sum(distance(float(r["rate"]), band) for r in rates)
    if first is not None:
        total += distance(float(first["rate"]), band)
    return round(total, 10)


@dataclass(frozen=True)
class Change:
    """One change: a card's number ``field`` (one its game's plugin tunes, such as ``power``) shifted by
    ``delta``, or (``field`` ``copies``) one copy of ``card`` in ``deck`` traded for one more copy of ``partner``."""

    card: str
    field: str
    delta: int
    deck: str = ""
    partner: str = ""

    def describe(self) -> str:
        if self.field == "copies":
            return f"{self.deck}: -1 {self.card} +1 {self.partner}"
        return f"{self.card} {self.field} {self.delta:+d}"


def changed_decks(decks: list[tuple[str, Deck]], changes: Sequence[Change]) -> list[tuple[str, Deck]]:
    """The decks with the copy trades of ``changes`` applied (same labels: same seeds)."""
    out = []
    for label, deck in decks:
        for c in changes:
            if c.field == "copies" and c.deck == label:
                deck = replace_one(deck, c.card, c.partner)
        out.append((label, deck))
    return out


def fixed_cards(game: Game[Any]) -> frozenset[str]:
    """Cards the game's metrics mark as not to be changed (none without a hook)."""
    metrics = metrics_for(game.name)
    return frozenset(metrics.fixed_cards()) if isinstance(metrics, HasFixedCards) else frozenset()


def changed_tables(game: Game[Any], changes: Sequence[Change]) -> dict[str, dict[str, Any]]:
    """The card tables of ``game`` with ``changes`` applied (only the changed cards)."""
    ids = sorted({c.card for c in changes})
    ids = sorted({c.card for c in changes if c.field != "copies"})
    tables = {k: dict(v) for k, v in game.cards.card_tables(ids).items()}
    for c in changes:
        if c.field == "copies":
            continue
        table = tables[c.card]
        table[c.field] = int(table.get(c.field) or 0) + c.delta
    return tables


def candidates(game: Game[Any], decks: list[tuple[str, Deck]], deck: str, direction: int, fixed: frozenset[str],
               limit: int, current: Sequence[Change], association: Mapping[str, float] | None = None
               ) -> list[Change]:
    """Changes to ``deck``'s cards that push its win rate in ``direction`` (+1 up, −1 down): cards
    only this deck holds first, then those whose drawn association points the other way most
    (a deck too strong weakens the cards it wins with), then by copies."""
    own = dict(decks)[deck].all_cards()
    elsewhere = {c for label, d in decks if label != deck for c in d.all_cards()}
    shifted = {(c.card, c.field): c.delta for c in current}
    assoc = association or {}
    ranked = sorted(set(own), key=lambda c: (c in elsewhere, direction * assoc.get(c, 0.0), -own.count(c), c))
    out: list[Change] = []
    for card_id in ranked:
        if card_id in fixed:
            continue
        out += shifts(game, card_id, direction, shifted)
        if len({c.card for c in out}) >= limit:
            break
    out += copy_trades(game, dict(decks)[deck], deck, direction, fixed, assoc, limit)
    return out


def shifts(game: Game[Any], card_id: str, direction: int, shifted: Mapping[tuple[str, str], int]) -> list[Change]:
    """One card's number changes by 1 and 2 that make it stronger (``direction`` +1) or weaker (−1), within
    the numbers' limits and at most ±2 in all (``shifted`` holds the shifts already kept)."""
    # the game's numbers that make a card stronger or weaker (its plugin says which), strengthening ones first
    tunable = sorted((n for n in plugin(game.name).card_numbers if n.stronger), key=lambda n: -n.stronger)
    if not tunable:
        note_missing(game.name, "card_numbers", "--suggest changes no card's numbers, only copies in decks", "1.2")
    card = game.pool[card_id]
    out: list[Change] = []
    for step in (1, 2):
        for number in tunable:
            value = getattr(card, number.field, None)
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            # a number that strengthens the card moves with the direction, a cost against it
            delta = direction * step * number.stronger
            top = number.maximum if number.maximum is not None else value + delta
            if abs(shifted.get((card_id, number.field), 0) + delta) <= 2 and number.minimum <= value + delta <= top:
                out.append(Change(card_id, number.field, delta))
    return out


def first_player_candidates(game: Game[Any], decks: list[tuple[str, Deck]], fixed: frozenset[str], limit: int,
                            current: Sequence[Change]) -> list[Change]:
    """Changes that may move the first player's win rate: the ``limit`` cards held by the most decks (then by
    copies), each made stronger and weaker. A card in every deck moves every game; which way it moves the
    first player is not known beforehand (in Chant's starters a cheaper 英雄譚の終章 raises it and a cheaper
    無限書庫の司書 lowers it), so both are tried.

    >>> from grimoire.core.registry import load_game
    >>> game = load_game("chant")
    >>> decks = [(n, game.cards.starter_deck(n)) for n in ("fire", "matter", "science", "spirit")]
    >>> sorted({c.card for c in first_player_candidates(game, decks, frozenset(), 2, [])})
    ['endless_librarian', 'hero_final_chapter']
    """
    holders = Counter(card for _, d in decks for card in set(d.all_cards()))
    copies = Counter(card for _, d in decks for card in d.all_cards())
    shifted = {(c.card, c.field): c.delta for c in current}
    out: list[Change] = []
    cards = 0
    for card_id in sorted(holders, key=lambda c: (-holders[c], -copies[c], c)):
        if card_id in fixed or cards >= limit:
            continue
        found = shifts(game, card_id, +1, shifted) + shifts(game, card_id, -1, shifted)
        cards += 1 if found else 0
        out += found
    return out


def copy_trades(game: Game[Any], deck: Deck, label: str, direction: int, fixed: frozenset[str],
                assoc: Mapping[str, float], limit: int) -> list[Change]:
    """Copy trades within one deck toward ``direction``: one copy of a card its wins go with
    (−1) or against (+1) out, one more copy of the card at the other end in (deck rules kept)."""
    cards = sorted(set(deck.all_cards()) - fixed, key=lambda c: (-direction * assoc.get(c, 0.0), c))
    out: list[Change] = []
    for out_card in cards[:limit]:
        for in_card in reversed(cards):
            if in_card == out_card:
                continue
            try:
                game.cards.build_deck(_as_list(replace_one(deck, out_card, in_card)))
            except (DeckError, GrimoireError):
                continue
            out.append(Change(out_card, "copies", -1, label, in_card))
            break
    return out


def _deck_rates(games: Sequence[GameStats], labels: Sequence[str]) -> list[dict[str, Any]]:
    return analysis.deck_rates(games, labels)


def suggest(game: Game[Any], decks: list[tuple[str, Deck]], level: str, games: int, seed: int,  # noqa: PLR0913 — the search's field, its runner and its goal, as the lab passes them
            schedule: Callable[[dict[str, dict[str, Any]] | None, list[tuple[str, Deck]]], list[Block]],
            run: RunBatches,
            steps: int = 3, limit: int = 4, band: tuple[float, float] = BAND,
            compare: Callable[[list[GameStats], list[GameStats]], list[dict[str, Any]]] | None = None,
            allowed: Callable[[dict[str, dict[str, Any]]], bool] | None = None,
            first_player: bool = False, levels: Sequence[str] = ()) -> dict[str, Any]:
    """Hill-climb small card changes until every deck's win rate (and with ``first_player`` the first
    player's) is inside ``band``.

    With ``levels`` (the schedule then plays each of them) a candidate is scored at every level, the
    distances summed, so a change that holds at one agent level only loses to one that holds at all;
    ``level`` stays the one the report's deck rates describe.
    ``schedule(tables, decks)`` gives the blocks of the whole run with these card tables and decks;
    ``run`` plays batches of blocks (all cores or Ray); ``allowed(tables)`` vetoes card changes
    (the report passes the game's design guideline: no change may put a card outside it).
    Returns the report section.
    """
    labels = [label for label, _ in decks]
    deck_cards = {label: set(d.all_cards()) for label, d in decks}
    fixed = fixed_cards(game)
    scored_levels = [level, *(lv for lv in levels if lv != level)]

    def measure(played: list[GameStats]) -> tuple[dict[str, list[dict[str, Any]]], dict[str, dict[str, Any]], float]:
        at = {lv: [g for g in played if g.level == lv] for lv in scored_levels}
        rates = {lv: _deck_rates(at[lv], labels) for lv in scored_levels}
        first = {lv: analysis.first_player(at[lv]) for lv in scored_levels}
        return rates, first, round(sum(objective(rates[lv], band, first[lv] if first_player else None)
                                       for lv in scored_levels), 10)

    def described(rates: dict[str, list[dict[str, Any]]], first: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """A step's rates: the report's level, and every scored level when there are several."""
        out: dict[str, Any] = {"deck_rates": rates[scored_levels[0]], "first_player": first[scored_levels[0]]}
        if len(scored_levels) > 1:
            out["by_level"] = {lv: {"deck_rates": rates[lv], "first_player": first[lv]} for lv in scored_levels}
        return out

    (base_games,) = run([schedule(None, decks)])
    rates, first, score = measure(base_games)
    history: list[dict[str, Any]] = [{"change": None, "objective": score, **described(rates, first)}]
    kept: list[Change] = []
    current_games = base_games
    for _ in range(steps):
        if score == 0:
            break
        # what lies furthest outside the band, at any level; on a tie the too-strong deck (weakening is safer)
        at, worst = max(((lv, r) for lv in scored_levels for r in rates[lv]),
                        key=lambda x: (round(distance(float(x[1]["rate"]), band), 9), x[1]["rate"] > band[1]))
        far_first = max(scored_levels, key=lambda lv: distance(float(first[lv]["rate"]), band))
        if first_player and distance(float(first[far_first]["rate"]), band) > distance(float(worst["rate"]), band):
            target = "first player"
            options = first_player_candidates(game, changed_decks(decks, kept), fixed, limit, kept)
        else:
            target = str(worst["deck"])
            direction = -1 if worst["rate"] > band[1] else 1
            level_games = [g for g in current_games if g.level == at]
            assoc = {c["card"]: float(c["drawn_delta"] or 0.0)
                     for c in analysis.card_impact(level_games, deck_cards, min_sample=1)}
            options = candidates(game, changed_decks(decks, kept), target, direction, fixed, limit, kept, assoc)
        if allowed is not None:
            options = [c for c in options if c.field == "copies" or allowed(changed_tables(game, [*kept, c]))]
        if not options:
            history.append({"change": None, "target": target, "tried": [], "objective": score,
                            "note": f"no card {'the decks share' if target == 'first player' else 'of ' + target} "
                                    "can change (no power or cost, or fixed)"})
            break
        tried = [[*kept, c] for c in options]
        results = run([schedule(changed_tables(game, t) or None, changed_decks(decks, t)) for t in tried])
        scored = [(measure(r)[2], i) for i, r in enumerate(results)]
        best_score, best = min(scored)
        trials = [{"change": options[i].describe(), "objective": s} for s, i in scored]
        if best_score >= score:
            history.append({"change": None, "target": target, "tried": trials, "objective": score,
                            "note": "no candidate brought the decks closer to the band"})
            break
        kept = tried[best]
        current_games = results[best]
        rates, first, score = measure(current_games)
        history.append({"change": options[best].describe(), "target": target, "tried": trials,
                        "objective": best_score, **described(rates, first)})
    tables = changed_tables(game, kept) if kept else {}
    final_decks = changed_decks(decks, kept)
    return {"level": level,
            "decks": {label: {s: {c: cards.count(c) for c in sorted(set(cards))} for s, cards in d.sections.items()}
                      for (label, d), (_, before) in zip(final_decks, decks, strict=True) if d != before},
            "band": list(band), "games_per_pairing": games, "seed": seed, "with_first_player": first_player,
            "levels": scored_levels, "changes": [c.describe() for c in kept], "in_band": score == 0,
            "steps": history, "final": rates[scored_levels[0]], "first_player": first[scored_levels[0]],
            **({"by_level": described(rates, first)["by_level"]} if len(scored_levels) > 1 else {}),
            "tables": tables,
            "paired": compare(base_games, current_games) if compare and kept else [],
            "note": "changes kept by hill-climbing on the same seeds; confirm with --compare on a new seed"}


def write_card_file(tables: Mapping[str, Mapping[str, Any]], path: Path) -> None:
    """The suggested cards as a card file (``--compare`` / ``--cards`` read it)."""
    path.write_text(dump_cards(list(tables.values()), "Suggested by grimoire balance --suggest"), encoding="utf-8")


def deck_text(name: str, listing: Mapping[str, Mapping[str, int]]) -> str:
    """A deck file (``count card-id`` lines by section) that ``--deck`` reads back.

    >>> print(deck_text("fire", {"library": {"a": 2}, "forbidden": {"b": 1}}), end="")
    name: fire
    [library]
    2 a
    [forbidden]
    1 b
    """
    lines = [f"name: {name}"]
    for section, cards in listing.items():
        lines.append(f"[{section}]")
        lines += [f"{n} {card}" for card, n in cards.items()]
    return "\n".join(lines) + "\n"


def write_deck_files(decks: Mapping[str, Mapping[str, Mapping[str, int]]], folder: Path) -> list[str]:
    """Each changed deck as ``folder/<label>.txt`` (its file stem keeps the deck's label)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for label, listing in decks.items():
        path = folder / f"{label}.txt"
        path.write_text(deck_text(label, listing), encoding="utf-8")
        out.append(str(path))
    return out


# ----- deck optimizer ----------------------------------------------------------------
def deck_moves(game: Game[Any], deck: Deck, pool_ids: Sequence[str], chance: Chance, limit: int
               ) -> list[tuple[str, str]]:
    """Up to ``limit`` legal ``(out, in)`` one-copy replacements of ``deck``'s main section."""
    section = next(iter(deck.sections))
    cards = deck.sections[section]
    outs = sorted(set(cards))
    moves: list[tuple[str, str]] = []
    tries = 0
    while len(moves) < limit and tries < limit * 20:
        tries += 1
        out_card = outs[chance.below(len(outs))]
        in_card = pool_ids[chance.below(len(pool_ids))]
        if in_card == out_card or (out_card, in_card) in moves:
            continue
        candidate = replace_one(deck, out_card, in_card)
        try:
            game.cards.build_deck(_as_list(candidate))
        except (DeckError, GrimoireError):
            continue
        moves.append((out_card, in_card))
    return moves


def replace_one(deck: Deck, out_card: str, in_card: str) -> Deck:
    """``deck`` with its last copy of ``out_card`` replaced by ``in_card``.

    >>> replace_one(Deck("d", {"library": ["a", "b", "a"]}), "a", "c").sections
    {'library': ['a', 'b', 'c']}
    """
    out: dict[str, list[str]] = {}
    done = False
    for k, v in deck.sections.items():
        lst = list(v)
        if out_card in lst and not done:
            lst[len(lst) - 1 - lst[::-1].index(out_card)] = in_card
            done = True
        out[k] = lst
    return Deck(deck.name, out)


def _as_list(deck: Deck) -> DeckList:
    """A deck as a deck list, to check it against the deck rules."""
    lines = [DeckLine(count=cards.count(card), name=card, section=section, line=0)
             for section, cards in deck.sections.items() for card in sorted(set(cards))]
    return DeckList("<optimizer>", deck.name, lines)


def held_out_seed(seed: int, step: int) -> int:
    """The seed of the games that check step ``step``'s best move: never the seed the move was chosen on.

    >>> held_out_seed(7, 1) != 7 and held_out_seed(7, 1) != held_out_seed(7, 2)
    True
    """
    return derive_seed(seed, "optimize", "held-out", step)


def optimize_deck(game: Game[Any], decks: list[tuple[str, Deck]], target: str, level: str, games: int, seed: int,
                  run: RunBatches, make_blocks: Callable[..., list[Block]],
                  steps: int = 3, moves_per_step: int = 6) -> dict[str, Any]:
    """Hill-climb deck ``target``'s list against the rest of the field; returns the report section.

    Each step's best move (on the run's seed) is played again, with the list before it, on held-out
    seeds (:func:`held_out_seed`; ``make_blocks(decks, target, seed)``): it is kept only when the paired
    difference there (after − before, win 1, draw ½, loss 0) has its whole 95 % interval above 0
    (``held_out`` in the step); otherwise the climb stops."""
    pool_ids = sorted(c.id for c in game.pool if getattr(c, "kind", "library") in ("library",))
    chance = Chance.seeded(derive_seed(seed, "optimize", target))
    current = dict(decks)[target]

    def field(deck: Deck) -> list[tuple[str, Deck]]:
        return [(label, deck if label == target else d) for label, d in decks]

    def score(games_played: Sequence[GameStats]) -> dict[str, Any]:
        return analysis.results(games_played, lambda g: deck_seat(g, target))

    (base,) = run([make_blocks(field(current), target)])
    best = score(base)
    history: list[dict[str, Any]] = [{"move": None, "win_rate": best}]
    for step in range(1, steps + 1):
        moves = deck_moves(game, current, pool_ids, chance, moves_per_step)
        if not moves:
            break
        trial_decks = [replace_one(current, o, i) for o, i in moves]
        results = run([make_blocks(field(d), target) for d in trial_decks])
        scored = sorted(((score(r)["rate"], i) for i, r in enumerate(results)), reverse=True)
        top_rate, top = scored[0]
        tried = [{"move": f"-{moves[i][0]} +{moves[i][1]}", "win_rate": score(results[i])} for _, i in scored]
        if top_rate <= best["rate"]:
            history.append({"move": None, "tried": tried, "note": "no move improved the win rate"})
            break
        held = held_out_seed(seed, step)
        before, after = run([make_blocks(field(current), target, held), make_blocks(field(trial_decks[top]), target,
                                                                                     held)])
        check = {"seed": held, "move": f"-{moves[top][0]} +{moves[top][1]}",
                 **paired_effect(deck_results(after, target), deck_results(before, target))}
        if not check["ci95"][0] > 0:
            history.append({"move": None, "tried": tried, "held_out": check,
                            "note": "the best move did not hold on held-out seeds (its interval reaches 0)"})
            break
        current = trial_decks[top]
        best = score(results[top])
        history.append({"move": f"-{moves[top][0]} +{moves[top][1]}", "tried": tried, "win_rate": best,
                        "held_out": check})
    listing = {s: {c: cards.count(c) for c in sorted(set(cards))} for s, cards in current.sections.items()}
    return {"deck": target, "level": level, "games_per_pairing": games, "seed": seed, "steps": history,
            "win_rate": best, "list": listing, "improved": current != dict(decks)[target],
            "note": "win rate against the rest of the field on the run's seeds; each move kept only when it also "
                    "won on held-out seeds (the paired difference's 95 % interval above 0)"}


def field_blocks(game_name: str, paths: Sequence[str], level: str, games: int, seed: int,
                 options: tuple[tuple[str, Any], ...], hints: Mapping[str, Hints],
                 built: Sequence[tuple[str, Deck]] = ()) -> Callable[..., list[Block]]:
    """Blocks of one deck against each other deck of a field (for the optimizer), on ``seed`` or the
    seed given to the function returned; a deck alone in the field meets itself as ``built`` (as
    built, not the trial list)."""
    as_built = dict(built)

    def make(decks: list[tuple[str, Deck]], target: str, on_seed: int | None = None) -> list[Block]:
        own = dict(decks)[target]
        out: list[Block] = []
        alone = len(decks) == 1 and target in as_built
        for label, other in [(target, as_built[target])] if alone else opponents(decks, target):
            out += pair_blocks(game_name, None, paths, level, (target, own), (label, other), games,
                               seed if on_seed is None else on_seed, options, hints)
        return out
    return make


__all__ = [
    "BAND",
    "Change",
    "candidates",
    "changed_decks",
    "changed_tables",
    "copy_trades",
    "field_blocks",
    "first_player_candidates",
    "objective",
    "optimize_deck",
    "shifts",
    "suggest",
    "write_card_file",
]
