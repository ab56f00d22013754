"""Toy Race's boards outside the table: the web board editor and a forum post's board
(the plugin's ``board_editor`` and ``forum_board`` hooks, docs/protocol.md 1.6).

>>> from grimoire.core.boardedit import Placed, SetBoard
>>> board = SetBoard(seat=0, turn=1, first=0, life=(4, 2), zones=({"hand": [Placed("step3")]}, {}),
...     piles=({"library": ["step1"]}, {"library": ["step2"]}), options={"goal": 10, "turn_limit": 60}, seed=7)
>>> state = ToyGame().decode_position(position(board))
>>> state.pos, state.hand, state.library
([4, 2], [['step3'], []], [['step1'], ['step2']])
"""

from __future__ import annotations

import json

from grimoire.core.boardedit import BoardEditor, SetBoard
from grimoire.core.content import Localized
from grimoire.core.rng import Chance
from grimoire.core.thread import PostBoard

from .game import ToyGame, ToyState


def position(board: SetBoard) -> str:
    """``board`` in Toy Race's position notation (its state as JSON), ``board.seat`` to move."""
    def ids(seat: int, zone: str) -> list[str]:
        return [c.id for c in board.zones[seat].get(zone, [])]

    state = ToyState.new([list(board.piles[s].get("library", [])) for s in (0, 1)],
                         [ids(s, "hand") for s in (0, 1)], list(board.life), [ids(s, "played") for s in (0, 1)],
                         board.seat, board.first, Chance.seeded(board.seed))
    state.turn = board.turn
    state.goal, state.turn_limit = int(board.options["goal"]), int(board.options["turn_limit"])
    return json.dumps(ToyGame().to_json(state), sort_keys=True)


#: the board editor: the seat's hand and played cards, the other's played cards; "life" is the position
EDITOR = BoardEditor(
    own=("hand", "played"), other=("played",), life="pos", start_life=0, life_range=(0, 9), hidden_from="library",
    words={"pos": Localized("位置", "Position"), "hand": Localized("手札", "Hand"),
           "played": Localized("出したカード", "Played")},
    syntax=Localized("1 行に 1 枚: 「一歩」「2 三歩」（2 枚）。",
                     "One card a line: \"One Step\", \"2 Three Steps\" (two)."),
    position=position)

#: a forum post's board: each player's position and counts, and the cards it played
BOARD = PostBoard(
    numbers=(("pos", Localized("位置", "Position")), ("hand_count", Localized("手札", "Hand")),
             ("library_count", Localized("書庫", "Library"))),
    zones=(("played", Localized("出したカード", "Played")),))
