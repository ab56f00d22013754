"""Determinization: full game states consistent with what one seat knows.

Information-set search (:mod:`grimoire.ai.search`) never sees the true state. Each
iteration it asks the game's :class:`SearchHooks` to *determinize*: build a complete
state from the deciding seat's view — everything the seat sees copied as it is, and
everything hidden (the opponent's hand, the order of both libraries, the state's own
random generator) drawn at random through a :class:`~grimoire.core.rng.Chance` from the
cards that could be there. Which cards could be there comes from the deck lists (a
seat knows its own list; in an open-decklist game it knows the opponent's too) minus
the cards it has seen.

A game plugs in three things (see :class:`SearchHooks`): ``determinize``, a heuristic
``evaluate`` used where playouts are cut short, and a cheap ``playout`` policy.

>>> unseen(["a", "a", "b", "c"], ["a", "c", "z"])
['a', 'b']
>>> deal(["x", "y", "z"], [1, 2], Chance.seeded(3)) in (
...     [["x"], ["y", "z"]], [["x"], ["z", "y"]], [["y"], ["x", "z"]], [["y"], ["z", "x"]],
...     [["z"], ["x", "y"]], [["z"], ["y", "x"]])
True
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.rng import Chance


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


class SearchHooks(Protocol):
    """What information-set search needs from one game."""

    def determinize(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
                    decks: KnownDecks) -> Any:
        """A full state whose view for ``decision.player`` equals ``view`` and whose decision is ``decision``."""
        ...

    def evaluate(self, game: Game[Any], state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat``, in [0, 1] (0.5: even)."""
        ...

    def playout(self, game: Game[Any], state: Any, decision: Decision, chance: Chance) -> str:
        """A quick answer for playouts (must be one of ``decision``'s options)."""
        ...


#: The search hooks of each game, as ``module:attribute`` (tests may add more with :func:`register_hooks`).
HOOKS: dict[str, str] = {
    "chant": "grimoire.ai.determinize_chant:HOOKS",
    "destiny": "grimoire.ai.determinize_destiny:HOOKS",
}

_LOADED: dict[str, SearchHooks] = {}


def register_hooks(game_name: str, hooks: SearchHooks) -> None:
    """Use ``hooks`` for ``game_name`` from now on."""
    _LOADED[game_name] = hooks


def hooks_for(game_name: str) -> SearchHooks:
    """The search hooks of ``game_name``; an unknown game is a GrimoireError naming the known ones."""
    found = _LOADED.get(game_name)
    if found is not None:
        return found
    target = HOOKS.get(game_name)
    if target is None:
        known = ", ".join(sorted({*HOOKS, *_LOADED}))
        raise GrimoireError(f"no search support for game {game_name!r}; games: {known}")
    module_name, _, attr = target.partition(":")
    hooks: SearchHooks = getattr(importlib.import_module(module_name), attr)
    _LOADED[game_name] = hooks
    return hooks


def view_matches(game: Game[Any], state: Any, seat: int, view: dict[str, Any],
                 ignore: Sequence[str] = ()) -> list[str]:
    """The top-level keys where ``game.view(state, seat)`` differs from ``view`` (empty: consistent)."""
    mine = game.view(state, seat)
    keys = sorted(set(mine) | set(view))
    return [k for k in keys if k not in ignore and mine.get(k) != view.get(k)]
