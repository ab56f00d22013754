"""The conformance checker's test that card instance numbers carry no information.

A seat sees the uid of every card it can see, and sees it again when the card moves.
Numbers handed out in library order (or deck-list order) let an opponent date a card to
the exact draw, or name a hidden card, from its number alone. Resampling the hidden
cards of one state cannot see that — the leak is in how numbers relate to the order of
events — so :class:`IdWatch` watches every seat's views through whole games:

* **no dating**: among the uids a seat first sees after set-up, a larger uid must not
  tend to appear later (per owner: uids under ``players[k]`` of the view), i.e. the
  share of concordant pairs of (uid, step first seen) stays near one half;
* **no naming**: over games with the same decks, a uid must not keep showing the same
  card.

Views are read generically: any object with an integer ``"uid"`` (and a ``"card"``).

>>> watch = IdWatch()
>>> for game in range(3):
...     watch.begin(("deck", "deck"))
...     for step in range(30):
...         watch.see(0, step, {"players": [{"hand": [{"uid": step, "card": "x"}]}]})
>>> watch.problems()[0].startswith("seat 0 sees the cards of seat 0 in the order of their numbers")
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

DATING_BAND = (0.35, 0.65)  # the share of concordant pairs expected of numbers that tell nothing: 1/2
MIN_PAIRS = 300
NAMING_SHARE = 0.9  # share of uids showing one card in every game with the same decks (chance alone: far lower)
MIN_REPEATS = 30


def visible_uids(view: Any) -> dict[int, tuple[int | None, str | None]]:
    """Every uid in a view: its owner (the ``players`` index it is listed under) and its card."""
    out: dict[int, tuple[int | None, str | None]] = {}

    def walk(x: Any, owner: int | None) -> None:
        if isinstance(x, dict):
            uid = x.get("uid")
            if isinstance(uid, int) and not isinstance(uid, bool) and uid >= 0 and uid not in out:
                card = x.get("card")
                out[uid] = (owner, card if isinstance(card, str) else None)
            for key, value in x.items():
                if key == "players" and isinstance(value, list):
                    for i, p in enumerate(value):
                        walk(p, i)
                else:
                    walk(value, owner)
        elif isinstance(x, list):
            for value in x:
                walk(value, owner)

    walk(view, None)
    return out


class IdWatch:
    """Collects, game by game, when each seat first sees each uid and which card it shows."""

    def __init__(self) -> None:
        self.concordant: dict[tuple[int, int], int] = {}
        self.pairs: dict[tuple[int, int], int] = {}
        self.cards: dict[tuple[Hashable, int], set[str]] = {}
        self.games_of: dict[tuple[Hashable, int], int] = {}
        self._first: dict[int, dict[int, tuple[int, int | None]]] = {}
        self._decks: Hashable = None

    def begin(self, decks: Hashable) -> None:
        """A new game with these decks (a hashable key); the previous game's observations are tallied."""
        self._tally()
        self._decks = decks
        self._first = {0: {}, 1: {}}

    def see(self, seat: int, step: int, view: Any) -> None:
        """Seat ``seat``'s view after ``step`` answers."""
        first = self._first.setdefault(seat, {})
        for uid, (owner, card) in visible_uids(view).items():
            if uid not in first:
                first[uid] = (step, owner)
                if card is not None and seat == 0:
                    key = (self._decks, uid)
                    if key not in self.cards:
                        self.cards[key] = set()
                    if card not in self.cards[key]:
                        self.cards[key].add(card)
                    self.games_of[key] = self.games_of.get(key, 0) + 1

    def _tally(self) -> None:
        for seat, first in self._first.items():
            groups: dict[int, list[tuple[int, int]]] = {}
            for uid, (step, owner) in first.items():
                if step > 0 and owner is not None:
                    groups.setdefault(owner, []).append((step, uid))
            for owner, seen in groups.items():
                seen.sort()
                key = (seat, owner)
                for i, (step_a, uid_a) in enumerate(seen):
                    for step_b, uid_b in seen[i + 1:]:
                        if step_b == step_a:
                            continue
                        self.pairs[key] = self.pairs.get(key, 0) + 1
                        if uid_b > uid_a:
                            self.concordant[key] = self.concordant.get(key, 0) + 1
        self._first = {}

    def problems(self) -> list[str]:
        """What the observations show (empty: the numbers told nothing that could be measured)."""
        self._tally()
        out = []
        lo, hi = DATING_BAND
        for (seat, owner), pairs in sorted(self.pairs.items()):
            if pairs >= MIN_PAIRS:
                share = self.concordant.get((seat, owner), 0) / pairs
                if not lo <= share <= hi:
                    out.append(f"seat {seat} sees the cards of seat {owner} in the order of their numbers "
                               f"({share:.2f} of {pairs} pairs agree, chance is 0.5): uids date cards")
        repeated = [key for key, games in self.games_of.items() if games >= 2]
        if len(repeated) >= MIN_REPEATS:
            fixed = sum(1 for key in repeated if len(self.cards[key]) == 1) / len(repeated)
            if fixed > NAMING_SHARE:
                out.append(f"{fixed:.0%} of {len(repeated)} uids showed the same card in every game with the same "
                           "decks: uids name cards")
        return out
