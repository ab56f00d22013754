"""Helpers for building full states consistent with what one seat knows (determinization).

Information-set search never sees the true state. A game's search hooks (see
:class:`~grimoire.core.plugin.SearchHooks`) build a complete state from the deciding
seat's view: everything the seat sees copied as it is, and everything hidden drawn at
random from the cards that could be there. Which cards could be there comes from the
deck lists a seat knows (:class:`KnownDecks`) minus the cards it has seen
(:func:`unseen`).

A game that deals the same view many times (a search) declares how (:class:`Dealing`) and
gets a :class:`Dealer`: the view is read once, and when every card's identity is fixed
by it, later determinizations copy that state and deal again only *where* the hidden
cards are (:class:`HiddenCards`: which of them the opponent holds, the order of the
libraries), numbered canonically so that an option names the same card in every one.

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
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .decks import Deck
from .rng import Chance

if TYPE_CHECKING:
    from .game import Game

S = TypeVar("S")


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


class HiddenCards:
    """One seat's hidden card instances, dealt anew in each determinization.

    ``cards`` are their card ids in uid order and ``hand`` how many of them the seat's hand
    holds (-1: the hand is seen, all of them are in the library or deck). :meth:`deal`
    shuffles them and numbers copies of a card lowest uid first: which hidden copy is where
    cannot be seen, and numbering them in order makes an option like ``place:57`` name the
    same card in every determinization (the search tree's statistics stay together).

    >>> hidden = HiddenCards([7, 3, 5], ["a", "b", "b", "b", "x", "a", "y", "b"], 1)
    >>> hidden.cards, hidden.hand
    (['b', 'a', 'b'], 1)
    >>> sorted(hidden.deal(Chance.seeded(4)))
    [3, 5, 7]
    """

    __slots__ = ("by_card", "cards", "hand")

    def __init__(self, uids: Sequence[int], ids: Sequence[str], hand: int) -> None:
        ordered = sorted(uids)
        self.cards: list[str] = [ids[u] for u in ordered]
        self.by_card: dict[str, list[int]] = {}
        for u in ordered:
            self.by_card.setdefault(ids[u], []).append(u)
        self.hand = hand

    def deal(self, chance: Chance) -> list[int]:
        """The hidden uids in a random order, the copies of each card lowest uid first (the hand's
        cards are the first ``hand``, the rest lie in that order)."""
        order = self.cards[:]
        chance.shuffle(order)
        taken: dict[str, int] = {}
        by_card = self.by_card
        out: list[int] = []
        for card in order:
            i = taken.get(card, 0)
            taken[card] = i + 1
            out.append(by_card[card][i])
        return out


def canonical(uids: list[int], ids: Sequence[str], chance: Chance) -> list[int]:
    """``uids`` shuffled, then renumbered so that copies of a card appear lowest uid first
    (:meth:`HiddenCards.deal` for a one-off deal).

    >>> canonical([4, 5, 6], ["x"] * 7, Chance.seeded(1))
    [4, 5, 6]
    """
    return HiddenCards(uids, ids, -1).deal(chance)


class Dealing(Protocol[S]):
    """What a game declares for its :class:`Dealer`: how to read the view once, and where dealt cards go."""

    def build(self, chance: Chance) -> tuple[S, list[HiddenCards], bool]:
        """A determinization read from the view, each seat's hidden cards, and whether every card's identity
        is fixed by the view and the deck lists (then later calls only deal again; otherwise each call builds)."""
        ...

    def copy(self, template: S) -> S:
        """An independent copy of the first determinization."""
        ...

    def place(self, state: S, seat: int, dealt: list[int], hand: int) -> None:
        """Put ``seat``'s dealt hidden uids where they go: the first ``hand`` (if >= 0) in the hand, the rest in
        the library or deck, in the order dealt."""
        ...

    def reseed(self, state: S, chance: Chance) -> None:
        """Give ``state`` a fresh random generator drawn from ``chance`` (and drop what it cached)."""
        ...


class Dealer(Generic[S]):
    """Determinizations of one view: each call ``dealer(chance)`` is a fresh one (a search hook's
    ``determinizer``).

    The first call builds a state from the view (``rules.build``); when every card's identity was fixed
    by it, later calls copy that state and deal only the hidden cards again (:class:`HiddenCards`), seat
    by seat, then give the copy a fresh random generator.

    >>> class Deck1:
    ...     def build(self, chance): return [9, 8, 7], [HiddenCards([8, 7], ["c"] * 10, 1)], True
    ...     def copy(self, template): return list(template)
    ...     def place(self, state, seat, dealt, hand): state[1:] = dealt
    ...     def reseed(self, state, chance): pass
    >>> dealer = Dealer(Deck1())
    >>> dealer(Chance.seeded(1)), dealer(Chance.seeded(1))
    ([9, 8, 7], [9, 7, 8])
    """

    __slots__ = ("hidden", "rules", "template")

    def __init__(self, rules: Dealing[S]) -> None:
        self.rules = rules
        self.template: S | None = None
        self.hidden: list[HiddenCards] = []

    def __call__(self, chance: Chance) -> S:
        rules = self.rules
        template = self.template
        if template is None:
            state, hidden, exact = rules.build(chance)
            if exact:
                self.template = rules.copy(state)
                self.hidden = hidden
            return state
        state = rules.copy(template)
        for seat, cards in enumerate(self.hidden):
            rules.place(state, seat, cards.deal(chance), cards.hand)
        rules.reseed(state, chance)
        return state
