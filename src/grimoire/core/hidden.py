"""Helpers for building full states consistent with what one seat knows (determinization).

Information-set search never sees the true state. A game's search hooks (see
:class:`~grimoire.core.plugin.SearchHooks`) build a complete state from the deciding
seat's view: everything the seat sees copied as it is, and everything hidden drawn at
random from the cards that could be there. Which cards could be there comes from the
deck lists a seat knows (:class:`KnownDecks`) minus the cards it has seen
(:func:`unseen`).

>>> unseen(["a", "a", "b", "c"], ["a", "c", "z"])
['a', 'b']
>>> deal(["x", "y", "z"], [1, 2], Chance.seeded(3)) in (
...     [["x"], ["y", "z"]], [["x"], ["z", "y"]], [["y"], ["x", "z"]], [["y"], ["z", "x"]],
...     [["z"], ["x", "y"]], [["z"], ["y", "x"]])
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .decks import Deck
from .rng import Chance

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class KnownDecks:
    """The deck lists a seat knows, by seat (None: not known).

    A seat always knows its own list; in an open-decklist game it knows both.
    """

    lists: tuple[Deck | None, Deck | None] = (None, None)

    def of(self, seat: int) -> Deck | None:
        """The list of ``seat``, if known."""
        return self.lists[seat]

    def cards(self, seat: int, section: str) -> list[str] | None:
        """The card ids of one section of ``seat``'s list (None if the list is unknown)."""
        deck = self.lists[seat]
        if deck is None:
            return None
        return list(deck.sections.get(section, []))

    @classmethod
    def from_view(cls, view: dict[str, Any], given: KnownDecks | None = None) -> KnownDecks:
        """Lists from the view's ``decklists`` (if the game publishes them), else ``given``."""
        raw = view.get("decklists")
        if isinstance(raw, list) and len(raw) == 2:
            lists = tuple(Deck.from_json(d) if isinstance(d, dict) else None for d in raw)
            merged = [lists[s] if lists[s] is not None else (given.of(s) if given else None) for s in (0, 1)]
            return cls((merged[0], merged[1]))
        return given if given is not None else cls()


def unseen(full: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The multiset ``full`` minus the cards in ``seen`` (cards not in ``full`` are ignored), in ``full``'s order."""
    left = Counter(seen)
    out: list[str] = []
    for card in full:
        if left[card] > 0:
            left[card] -= 1
        else:
            out.append(card)
    return out


def deal(cards: Sequence[str], sizes: Sequence[int], chance: Chance) -> list[list[str]]:
    """Shuffle ``cards`` and cut them into piles of ``sizes`` (the last pile takes the rest).

    Missing cards (fewer cards than the sizes ask for) leave the later piles short;
    callers pad them with :func:`pad`.
    """
    pool = list(cards)
    chance.shuffle(pool)
    out: list[list[str]] = []
    at = 0
    for i, size in enumerate(sizes):
        if i == len(sizes) - 1:
            out.append(pool[at:])
        else:
            out.append(pool[at:at + size])
            at += size
    return out


def pad(pile: list[str], size: int, filler: Sequence[str], chance: Chance) -> list[str]:
    """``pile`` cut or padded to ``size`` with random picks from ``filler`` (used when deck lists are unknown)."""
    if len(pile) >= size:
        return pile[:size]
    out = list(pile)
    while len(out) < size and filler:
        out.append(filler[chance.below(len(filler))])
    return out


def view_matches(game: Game[Any], state: Any, seat: int, view: dict[str, Any],
                 ignore: Sequence[str] = ()) -> list[str]:
    """The top-level keys where ``game.view(state, seat)`` differs from ``view`` (empty: consistent)."""
    mine = game.view(state, seat)
    keys = sorted(set(mine) | set(view))
    return [k for k in keys if k not in ignore and mine.get(k) != view.get(k)]


def instance_numbers(seed: int, start: int, count: int) -> list[int]:
    """The uids ``start`` … ``start + count - 1`` in an order drawn from ``seed`` (at set-up).

    Card instance numbers are part of what a seat sees, so they must tell nothing a
    seat could not otherwise know — not when a card was drawn, not where it lay in a
    library or a deck list (docs/protocol.md, 5.5). A game gives the ``i``-th card of a
    zone it has just shuffled (or of a deck list) the ``i``-th of these numbers. They
    come from their own generator, seeded from the set-up's seed, so the game's own
    chance (its shuffles and coins) is drawn exactly as without them.

    >>> sorted(instance_numbers(7, 40, 5)), instance_numbers(7, 40, 5) == instance_numbers(7, 40, 5)
    ([40, 41, 42, 43, 44], True)
    """
    order = list(range(start, start + count))
    Chance.seeded((seed * 0x2545F4914F6CDD1D + start * 0x9E3779B97F4A7C15 + 0x1D5) & ((1 << 64) - 1)).shuffle(order)
    return order
