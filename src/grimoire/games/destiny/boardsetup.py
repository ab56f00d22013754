"""Destiny's board editor (docs/protocol.md 1.6): its zones, words and the position it writes.

The analysed seat fills its hand, field, discard pile and crisis zone; the other seat its field,
discard pile and crisis zone. A user placed on the field has been there since an earlier turn
(a veteran). The cards not placed stay in the deck.

>>> from grimoire.core.boardedit import Placed, SetBoard
>>> board = SetBoard(seat=1, turn=2, first=0, life=(15, 15), zones=({"field": [Placed("a")]}, {}),
...     piles=({"main": ["b"]}, {"main": []}), options={"turn_limit": 40}, seed=4)
>>> position(board).split(" | ")[1]
'P0 threads=15 ability=none turns=1 deck=b field=a:v'
"""

from __future__ import annotations

from grimoire.core.boardedit import BoardEditor, Placed, SetBoard
from grimoire.core.content import Localized


def position(board: SetBoard) -> str:
    """``board`` in Destiny's position notation (:mod:`grimoire.games.destiny.notation`)."""
    limit = int(board.options["turn_limit"])
    head = f"destiny:1 turn={board.turn} active={board.seat} first={board.first} phase=summon limit={limit}"
    players = []
    for seat in (0, 1):
        turns = (board.turn + 1) // 2 if seat == board.first else board.turn // 2
        parts = [f"P{seat}", f"threads={board.life[seat]}", "ability=none", f"turns={turns}"]
        zones = {"deck": [Placed(c) for c in board.piles[seat].get("main", [])], **board.zones[seat]}
        for name in ("deck", "hand", "field", "discard", "crisis"):
            cards = zones.get(name, [])
            if cards:  # a user on the field has been there since an earlier turn (veteran)
                parts.append(f"{name}=" + ",".join(c.id + (":v" if name == "field" else "") for c in cards))
        players.append(" ".join(parts))
    return " | ".join([head, *players, f"chance=prng,{board.seed},0"])


EDITOR = BoardEditor(
    own=("hand", "field", "discard", "crisis"), other=("field", "discard", "crisis"), life="threads", start_life=15,
    hidden_from="main",
    words={"threads": Localized("運命の糸", "Fate threads"), "hand": Localized("手札", "Hand"),
           "field": Localized("場", "Field"), "discard": Localized("捨て札", "Discard pile"),
           "crisis": Localized("クライシス場", "Crisis zone")},
    syntax=Localized("1 行に 1 枚: 「相殺の術式」「2 提灯からくり師」（2 枚）。"
                     "場のカードは前のターンからいる能力者です。",
                     "One card a line: \"Counter Formula\", \"2 Lantern Artificer\" (two). Field cards are users there "
                     "since an earlier turn."),
    position=position)
