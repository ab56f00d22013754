"""A game's board editor (``/board``): what the web editor asks of a game's plugin (docs/protocol.md 1.6).

The editor lets a person set up a position by hand for one seat — the cards it knows in its zones,
the other seat's public zones, only the number of the other seat's hand cards — and has it analysed.
What is generic (reading the zone texts, taking the placed cards out of each seat's deck list, dealing
the other seat's unknown hand) is Grimoire's (:mod:`grimoire.web.boardsetup`); what is the game's is a
:class:`BoardEditor`, named by the plugin's ``board_editor`` reference: which zones each side fills,
what a seat's life is called and its range, which deck section the hidden hand is dealt from, the
words the page shows, and :attr:`BoardEditor.position`, which writes a :class:`SetBoard` in the
game's position notation (the one ``grimoire analyze --position`` reads).

>>> editor = BoardEditor(own=("hand",), other=(), life="life", start_life=20, hidden_from="library",
...     words={"hand": Localized("手札", "Hand"), "life": Localized("ライフ", "Life")},
...     syntax=Localized("1 行に 1 枚", "One card a line"), position=lambda board: "")
>>> editor.to_json()["words"]["hand"]
{'ja': '手札', 'en': 'Hand'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .content import Localized


@dataclass(frozen=True)
class Placed:
    """One card put on the board by hand: its id and the number written after ``@`` (0: none)."""

    id: str
    mark: int = 0


@dataclass(frozen=True)
class SetBoard:
    """A hand-set position, resolved for the game's writer.

    ``seat`` is analysed at the first decision of its turn ``turn``; ``first`` went first; ``life``
    by seat; ``zones`` by seat: the cards of each zone the editor fills (the other seat's ``hand``
    dealt from its deck list); ``piles`` by seat: each section of its deck list, the placed cards
    taken out (the rest of its deck); ``options`` the game's default rules options; ``seed`` the
    position's chance.
    """

    seat: int
    turn: int
    first: int
    life: tuple[int, int]
    zones: tuple[Mapping[str, list[Placed]], Mapping[str, list[Placed]]]
    piles: tuple[Mapping[str, list[str]], Mapping[str, list[str]]]
    options: Mapping[str, Any]
    seed: int = 0


#: what a board editor says of ``@N`` written outside its marked zone, when the game names nothing else
NO_MARK = Localized("@ はこのゲームでは書けません", "@ is not used in this game")


@dataclass(frozen=True)
class BoardEditor:
    """What a game's board editor fills and how its position is written (see the module docstring).

    ``own`` and ``other``: the zones of the analysed seat and the other seat's public zones (the
    other seat's ``hand`` is never filled: it is a number); ``life``: the word key of a seat's
    life, between ``life_range`` and starting at ``start_life``; ``hidden_from``: the deck section
    the other seat's hand is dealt from; ``marked``: the zone whose lines may carry ``@N`` (Chant's
    chant progress; empty: none) and ``mark`` what it says of ``@N`` elsewhere; ``words``: each
    zone's and the life's name; ``syntax``: the hint under the zones; ``position``: the writer.
    """

    own: tuple[str, ...]
    other: tuple[str, ...]
    life: str
    start_life: int
    hidden_from: str
    words: Mapping[str, Localized]
    syntax: Localized
    position: Callable[[SetBoard], str]
    life_range: tuple[int, int] = (1, 99)
    marked: str = ""
    mark: Localized = NO_MARK

    def word(self, key: str, lang: str) -> str:
        """The name of a zone (or of the life) in ``lang`` (the key itself if the game names none)."""
        found = self.words.get(key)
        return key if found is None else found.get(lang)

    def to_json(self) -> dict[str, Any]:
        """What the editor page needs (``GET /api/analysis/boards``): the zones, life and words."""
        return {"own": list(self.own), "other": list(self.other), "life": self.life, "start_life": self.start_life,
                "life_range": list(self.life_range), "marked": self.marked,
                "words": {k: {"ja": v.ja, "en": v.en} for k, v in self.words.items()},
                "syntax": {"ja": self.syntax.ja, "en": self.syntax.en}}
