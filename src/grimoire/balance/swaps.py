"""Card value by controlled swaps: replace a card's copies in one deck and measure the change.

For each tested card and each deck holding it, the deck plays every other deck of the
field (itself when it is alone) twice on the same seeds and agent chances (common
random numbers): once as built and once with every copy of the card replaced — by the
game's *vanilla* card of the same cost (:meth:`vanilla` of its metrics reader, e.g. a
Chant library card of the same chant value whose power follows the guideline ratio, or
a Destiny card of the same attribute and power without effects), optionally ±N power,
or by a named card (``with_card``). The card's value is the mean paired difference of
the deck's result (win 1, draw ½, loss 0), *as built − swapped*, with a 95 % Student t
interval (and a paired t test); p-values are adjusted over all tested (card, deck) pairs (Holm or
Benjamini–Hochberg). The play rate (share of the holder's seat-games in which the card
was drawn and then played) comes from the as-built games; cards the agents never or
rarely play are flagged. The same paired games give the swap's effect on the first player's
win rate (does this card decide who benefits from moving first?).

>>> plan = SwapPlan(cards=("step3",), with_card="step1")
>>> plan.describe()
'every copy replaced by step1'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.plugin import HasVanilla, note_missing
from grimoire.core.stats import p_t_two_sided, rate

from . import analysis
from .cardstats import unchanged
from .collect import Block, GameStats, deck_seat, metrics_for
from .pairing import Hints, pair_blocks


@dataclass(frozen=True)
class SwapPlan:
    """Which cards to swap (empty: every card of the decks) and with what."""

    cards: tuple[str, ...] = ()
    with_card: str | None = None
    power_delta: int = 0
    everywhere: bool = False

    def describe(self) -> str:
        """The replacement in words."""
        where = " in every deck holding it at once" if self.everywhere else ""
        if self.with_card:
            return f"every copy replaced by {self.with_card}{where}"
        shift = f" {self.power_delta:+d} power" if self.power_delta else ""
        return f"every copy replaced by the game's vanilla card of the same cost{shift}{where}"


def vanilla_tables(game: Game[Any], cards: Sequence[str], power_delta: int) -> dict[str, str | None]:
    """The replacement id of each card (None: the game has no vanilla card for it)."""
    reader = metrics_for(game.name)
    if not isinstance(reader, HasVanilla):
        note_missing(game.name, "metrics.vanilla", "no card has a vanilla replacement (use --swap-with CARD)")
        return dict.fromkeys(cards)
    out: dict[str, str | None] = {}
    for card in cards:
        table = reader.vanilla(game, card, power_delta)
        out[card] = None if table is None else str(table["id"])
    return out


def vanilla_card_tables(game: Game[Any], cards: Sequence[str], power_delta: int) -> dict[str, dict[str, Any]]:
    """The card tables of every vanilla replacement (added to the pool of both arms)."""
    reader = metrics_for(game.name)
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(reader, HasVanilla):
        return out
    for card in cards:
        table = reader.vanilla(game, card, power_delta)
        if table is not None:
            out[str(table["id"])] = dict(table)
    return out


def swapped(deck: Deck, card: str, replacement: str) -> Deck:
    """``deck`` with every copy of ``card`` replaced by ``replacement`` in place (same positions).

    >>> swapped(Deck("d", {"library": ["a", "b", "a"]}), "a", "z").sections
    {'library': ['z', 'b', 'z']}
    """
    return Deck(deck.name, {k: [replacement if c == card else c for c in v] for k, v in deck.sections.items()})


@dataclass(frozen=True)
class Arm:
    """One (card, deck) swap: the blocks of its swapped games, keyed like the as-built ones."""

    card: str
    deck: str
    replacement: str
    copies: int


def plan_swaps(game: Game[Any], decks: list[tuple[str, Deck]], plan: SwapPlan) -> tuple[list[Arm], list[str]]:
    """The (card, deck) swaps to play, and the cards skipped with the reason."""
    held = sorted({c for _, d in decks for c in d.all_cards()})
    cards = list(plan.cards) or held
    unknown = [c for c in cards if c not in held]
    if unknown:
        raise GrimoireError(f"--swap: no deck holds {', '.join(unknown)}")
    if plan.with_card is not None and plan.with_card not in game.pool:
        raise GrimoireError(f"--swap-with: unknown card {plan.with_card!r}")
    replacements = ({c: plan.with_card for c in cards} if plan.with_card
                    else vanilla_tables(game, cards, plan.power_delta))
    arms, skipped = [], []
    for card in cards:
        rep = replacements[card]
        if rep is None:
            skipped.append(f"{card}: the game has no vanilla card for it (use --swap-with CARD)")
            continue
        if rep == card:
            skipped.append(f"{card}: it is its own replacement")
            continue
        holders = [(label, deck.all_cards().count(card)) for label, deck in decks if card in deck.all_cards()]
        if plan.everywhere:
            arms.append(Arm(card, EVERY_DECK, rep, sum(n for _, n in holders)))
        else:
            arms += [Arm(card, label, rep, n) for label, n in holders]
    return arms, skipped


#: The deck label of an arm that swaps a card in every deck holding it (``SwapPlan.everywhere``).
EVERY_DECK = "*"


def swapped_field(decks: list[tuple[str, Deck]], arm: Arm) -> list[tuple[str, Deck]]:
    """The whole field with ``arm``'s card replaced in every deck holding it.

    >>> field = [("a", Deck("a", {"library": ["x", "y"]})), ("b", Deck("b", {"library": ["y"]}))]
    >>> [d.sections["library"] for _, d in swapped_field(field, Arm("y", EVERY_DECK, "z", 2))]
    [['x', 'z'], ['z']]
    """
    return [(label, swapped(d, arm.card, arm.replacement)) for label, d in decks]


def summarize_field_swaps(plan: SwapPlan, arms: list[Arm], skipped: list[str], decks: list[tuple[str, Deck]],
                          built: Sequence[GameStats], swapped_games: Mapping[int, list[GameStats]],
                          compare: Callable[[list[GameStats], list[GameStats], Sequence[str]], list[dict[str, Any]]]
                          ) -> dict[str, Any]:
    """The report section of ``--swap-everywhere``: per card, the field's paired metrics (first player,
    game length, each deck's win rate), as swapped − built, with their intervals."""
    labels = [label for label, _ in decks]
    rows = []
    for i, arm in enumerate(arms):
        holders = [label for label, d in decks if arm.card in d.all_cards()]
        metrics = compare(list(built), swapped_games[i], labels)
        rows.append({"card": arm.card, "replacement": arm.replacement, "copies": arm.copies, "decks": holders,
                     "metrics": metrics})
    return {"replacement": plan.describe(), "power_delta": plan.power_delta, "with": plan.with_card,
            "rows": rows, "skipped": skipped,
            "note": "each card replaced in every deck holding it at once; the whole field played again on the "
                    "same seeds: diff = swapped − as built (first player's win rate, turns, each deck's win rate), "
                    "95 % interval of the paired mean; not corrected for the number of cards"}


def opponents(decks: list[tuple[str, Deck]], label: str) -> list[tuple[str, Deck]]:
    """The field a deck is measured against: every other deck (itself when alone)."""
    others = [(lbl, d) for lbl, d in decks if lbl != label]
    return others or [(lbl, d) for lbl, d in decks if lbl == label]


def swap_blocks(game_name: str, tables: Mapping[str, Mapping[str, Any]] | None, paths: Sequence[str],  # noqa: PLR0913 — a block's inputs, each part of its cache key
                level: str, decks: list[tuple[str, Deck]], arm: Arm | None, deck_label: str, games: int,
                seed: int, options: tuple[tuple[str, Any], ...] = (), hints: Mapping[str, Hints] | None = None
                ) -> list[Block]:
    """The blocks of one deck against its field, as built (``arm`` None) or swapped."""
    own = dict(decks)[deck_label]
    if arm is not None:
        own = swapped(own, arm.card, arm.replacement)
    blocks: list[Block] = []
    for label, other in opponents(decks, deck_label):
        blocks += pair_blocks(game_name, tables, paths, level, (deck_label, own), (label, other), games, seed,
                              options, hints)
    return blocks


def deck_results(games: Sequence[GameStats], deck: str) -> dict[tuple[str, str, int], float]:
    """Each game's result for the seat playing ``deck`` (keyed by level, opponent, index)."""
    out = {}
    for g in games:
        seat = deck_seat(g, deck)
        out[(g.level, g.decks[1 - seat], g.index)] = analysis.won(g, seat)
    return out


def first_player_results(games: Sequence[GameStats], deck: str) -> dict[tuple[str, str, int], float]:
    """Each game's result for its first player (win 1, draw ½, loss 0, as in
    :func:`analysis.first_player`), keyed like :func:`deck_results`; games with no first player
    are left out.

    >>> g = GameStats(0, "greedy", ("a", "b"), winner=1, reason="", first=1, turns=9, decisions=40)
    >>> first_player_results([g], "a")
    {('greedy', 'b', 0): 1.0}
    """
    out = {}
    for g in games:
        if g.first is None:
            continue
        seat = deck_seat(g, deck)
        out[(g.level, g.decks[1 - seat], g.index)] = analysis.won(g, g.first)
    return out


def paired_effect(base: Mapping[tuple[str, str, int], float], other: Mapping[tuple[str, str, int], float]
                  ) -> dict[str, Any]:
    """``base − other`` over the games both arms played, with a 95 % t interval and the paired t test's
    two-sided p-value.

    >>> e = paired_effect({("l", "b", 0): 1.0, ("l", "b", 1): 1.0}, {("l", "b", 0): 0.0, ("l", "b", 1): 1.0})
    >>> e["value"], e["pairs"]
    (0.5, 2)
    """
    keys = sorted(set(base) & set(other))
    out = analysis.paired([other[k] for k in keys], [base[k] for k in keys])
    n = out["pairs"]
    se = out["se"] if n > 1 else 0.0
    p = p_t_two_sided(out["diff"] / se, n - 1) if se > 0 else (1.0 if out["diff"] == 0 else 0.0)
    return {"value": out["diff"], "ci95": out["ci95"], "pairs": n, "built": out["new"], "swapped": out["old"],
            "p": p}


def play_rate(games: Sequence[GameStats], deck: str, card: str) -> dict[str, Any]:
    """How often the seat playing ``deck`` played ``card`` in the games where it drew it."""
    drawn = played = 0
    for g in games:
        if deck not in g.decks:
            continue
        seat = deck_seat(g, deck)
        if card in g.drawn[seat]:
            drawn += 1
            played += 1 if card in g.played[seat] else 0
    return rate(played, drawn)


def summarize_swaps(plan: SwapPlan, arms: list[Arm], skipped: list[str], built: Mapping[str, list[GameStats]],
                    swapped_games: Mapping[int, list[GameStats]], correction: str, alpha: float = 0.05,
                    min_sample: int = analysis.MIN_SAMPLE) -> dict[str, Any]:
    """The swap section of the report: one row per level and (card, deck), with flags and their
    reasons; p-values adjusted over all rows."""
    rows = []
    levels = sorted({g.level for games in built.values() for g in games})
    for level in levels:
        for i, arm in enumerate(arms):
            mine = [g for g in built[arm.deck] if g.level == level]
            base = deck_results(mine, arm.deck)
            other = [g for g in swapped_games[i] if g.level == level]
            effect = paired_effect(base, deck_results(other, arm.deck))
            first = paired_effect(first_player_results(mine, arm.deck), first_player_results(other, arm.deck))
            rows.append({"card": arm.card, "deck": arm.deck, "level": level, "copies": arm.copies,
                         "replacement": arm.replacement, **effect, "play_rate": play_rate(mine, arm.deck, arm.card),
                         "first_player": first})
    for row, adj in zip(rows, analysis.adjust([r["p"] for r in rows], correction), strict=True):
        row["p_adjusted"] = adj
        reasons = []
        if adj < alpha:
            side = "better" if row["value"] > 0 else "worse"
            reasons.append(f"{side} than its replacement: {row['value']:+.1%} "
                           f"[{row['ci95'][0]:+.1%}, {row['ci95'][1]:+.1%}] ({correction}-adjusted p {adj:.3g})")
        if unchanged(row, min_sample):
            reasons.append(f"never changed a game: all {row['pairs']} paired games ended the same with it and "
                           "without it")
        pr = row["play_rate"]
        if pr["games"] >= min_sample and pr["rate"] < analysis.RARELY_PLAYED:
            word = "never" if pr["wins"] == 0 else "rarely"
            reasons.append(f"{word} played: {pr['wins']} of {pr['games']} seat-games where it was drawn")
        row["flags"] = reasons
    rows.sort(key=lambda r: (r["level"], -r["value"], r["card"], r["deck"]))
    return {"replacement": plan.describe(), "power_delta": plan.power_delta, "with": plan.with_card,
            "correction": correction, "rows": rows, "skipped": skipped,
            "note": "value = the deck's result as built − with the card swapped out, on the same seeds "
                    "(win 1, draw ½, loss 0), against every other deck of the field; first player = the "
                    "first player's win rate in the same games, as built − swapped (not corrected, no flags)"}
