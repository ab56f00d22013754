"""A deck × set-up choice table: each deck with each answer of one set-up decision, on the same seeds.

For a decision kind (Destiny's ``ability``) and its answers, every deck plays every
other deck of the field (each opponent with its own choice) once per answer, with the
same labels and so the same seeds and agent chances: the cells of one deck are paired.
Each cell gives the deck's win rate (a draw counts ½) with its Wilson interval,
and the paired difference (win 1, draw ½, loss 0) against the deck's own choice (its
file's ``# kind:`` line), with a 95 % interval.

>>> [(b.labels, b.hints[0]) for b in choice_blocks("toy", (), "greedy", [("a", D), ("b", D)], "a", "goal", "5",
...                                                 {}, 10, 1)]
[(('a', 'b'), (('goal', '5'),))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from grimoire.core.decks import Deck

from .analysis import results
from .collect import Block, GameStats, deck_seat
from .pairing import Hints, pair_blocks
from .swaps import deck_results, opponents, paired_effect

D = Deck("d", {"library": []})


def choice_blocks(game_name: str, paths: Sequence[str], level: str, decks: list[tuple[str, Deck]], label: str,  # noqa: PLR0913 — a block's inputs, each part of its cache key
                  kind: str, answer: str, hints: Mapping[str, Hints], games: int, seed: int,
                  options: tuple[tuple[str, Any], ...] = ()) -> list[Block]:
    """Deck ``label`` answering ``kind`` with ``answer``, against each other deck with its own hints."""
    forced = dict(hints)
    forced[label] = tuple(sorted({**dict(hints.get(label, ())), kind: answer}.items()))
    own = dict(decks)[label]
    blocks: list[Block] = []
    for other, deck in opponents(decks, label):
        # a deck alone meets itself: that copy keeps its own answer (the hints go by seat, not by label)
        seats = (forced[label], dict(hints).get(other, ()))
        blocks += pair_blocks(game_name, None, paths, level, (label, own), (other, deck), games, seed, options,
                              forced, seat_hints=seats)
    return blocks


def seat_of(deck: str, g: GameStats) -> int:
    """``deck``'s seat in ``g`` (:func:`~grimoire.balance.collect.deck_seat`)."""
    return deck_seat(g, deck)


def summarize_table(kind: str, answers: Sequence[str], cells: Mapping[tuple[str, str, str], list[GameStats]],
                    hints: Mapping[str, Hints]) -> dict[str, Any]:
    """The table: one row per level, deck and answer."""
    rows = []
    for (level, deck, answer), games in sorted(cells.items()):
        own = dict(hints.get(deck, ())).get(kind)
        row: dict[str, Any] = {"level": level, "deck": deck, "answer": answer, "own": answer == own,
                               **results(games, partial(seat_of, deck))}
        if own is not None and (level, deck, own) in cells and own != answer:
            effect = paired_effect(deck_results(games, deck), deck_results(cells[(level, deck, own)], deck))
            row["vs_own"] = {"value": effect["value"], "ci95": effect["ci95"], "pairs": effect["pairs"]}
        else:
            row["vs_own"] = None
        rows.append(row)
    return {"kind": kind, "answers": list(answers), "rows": rows,
            "note": "win rate of the deck against the rest of the field with this answer; vs_own: paired "
                    "difference from the deck's own answer (win 1, draw ½, loss 0)",
            "interval": "95 % Wilson (rates; a draw counts ½), Student t (paired means)"}
