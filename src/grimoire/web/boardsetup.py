"""The board editor's position: what a player set up by hand, written in its game's position notation.

The player analyses one seat (``seat``, the turn player at its main decision: Chant's C phase,
Destiny's summon step) and puts the cards it knows into that seat's zones and the other seat's
public zones, one card a line (``2 火球``, ``火球 @2`` for a card of the game's marked zone, Chant's
chant area with progress 2). The other side's hand is only a number: those cards stay unknown. Each
seat's deck list (a starter) supplies the rest: the cards not placed stay in its deck sections, and
the other side's hand is dealt from one of them — which cards does not matter, as the analysis sees
only the seat's view and re-deals what is hidden from the deck lists (:mod:`grimoire.ai.analysis`).

Which zones there are, what a seat's life is called and how the position is written are the game's:
its plugin's ``board_editor`` hook (:class:`grimoire.core.boardedit.BoardEditor`, docs/protocol.md
1.6). A game without one has no board editor (``board_game``).

The result is the notation ``grimoire analyze --position`` reads; decoding it
(:meth:`~grimoire.core.game.Game.decode_position`) checks it. Every fault is a :class:`BoardError`
naming its message (``board_*`` of :data:`grimoire.web.errors.MESSAGES`, Japanese and English).

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant")
>>> text = board_position(game, Board(seat=0, turn=3, life=(20, 17), hand_count=4,
...     zones=({"hand": "火球\\n2 竜の咆哮", "area": "残り火 @2"}, {"blank": "火球"})), ("fire", "fire"), seed=1)
>>> text.split(" | ")[0]
'chant1 T3 A0 F0 PC ---- 0 -60 -'
>>> state = game.decode_position(text)
>>> [game.cards.pool[state.ids[u]].id for u in state.players[0].hand], state.players[1].life
(['fireball', 'dragon_roar', 'dragon_roar'], 17)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.core.boardedit import BoardEditor, Placed, SetBoard
from grimoire.core.content import Localized
from grimoire.core.decks import Deck
from grimoire.core.game import Game
from grimoire.core.plugin import note_missing
from grimoire.core.registry import plugin

MAX_TURN = 200
MAX_LINES = 60
_LINE = re.compile(r"^(?:(\d{1,2})\s*[x×]?\s+)?(.+?)(?:\s*@\s*(\d{1,2}))?$")


class BoardError(Exception):
    """A fault in a set-up position: the key of its message and the message's parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Board:
    """A hand-set position: the seat analysed, the turn, both lives, each seat's zones as text (by zone
    name, as the game's :class:`~grimoire.core.boardedit.BoardEditor` names them) and the number of
    cards in the other seat's hand."""

    seat: int
    turn: int
    life: tuple[int, int]
    hand_count: int
    zones: tuple[Mapping[str, str], Mapping[str, str]] = field(default_factory=lambda: ({}, {}))


def editor_of(game: Game[Any]) -> BoardEditor:
    """The game's board editor; BoardError ``board_game`` (and a one-line note) if its plugin has none."""
    found = plugin(game.name).board_editor_hook()
    if found is None:
        note_missing(game.name, "board_editor", "the board editor (/board) does not offer it", "1.6")
        raise BoardError("board_game", game=game.name)
    return found


def zone_cards(game: Game[Any], text: str, where: str, editor: BoardEditor | None = None) -> list[Placed]:
    """The cards of one zone's text (``[N] NAME [@MARK]`` a line); BoardError naming the line."""
    out: list[Placed] = []
    lines = [line.split("#", 1)[0].strip().replace("\u3000", " ") for line in text.splitlines()]
    if len([line for line in lines if line]) > MAX_LINES:
        raise BoardError("board_lines", zone=where, n=MAX_LINES)
    for number, line in enumerate(lines, start=1):
        if not line:
            continue
        m = _LINE.match(line)
        card = game.cards.pool.find(m.group(2).strip()) if m else None
        if m is None or card is None:
            shown = (m.group(2).strip() if m else line)[:40]
            raise BoardError("board_unknown", zone=where, line=number, name=shown)
        if m.group(3) is not None and (editor is None or where != editor.marked or not editor.marked):
            raise BoardError("board_progress", zone=where, line=number,
                             mark=editor.mark if editor is not None else Localized("@", "@"))
        count = int(m.group(1) or 1)
        if count < 1:
            raise BoardError("board_count", zone=where, line=number)
        out.extend(Placed(card.id, int(m.group(3) or 0)) for _ in range(count))
    return out


def _check(editor: BoardEditor, board: Board) -> None:
    if board.seat not in (0, 1):
        raise BoardError("board_seat")
    if not 1 <= board.turn <= MAX_TURN:
        raise BoardError("board_turn", n=MAX_TURN)
    low, high = editor.life_range
    word = editor.words.get(editor.life, Localized(editor.life, editor.life))
    for seat, life in enumerate(board.life):
        if not low <= life <= high:
            raise BoardError("board_life", seat=seat + 1, life=Localized(word.ja, word.en.lower()), low=low,
                             high=high)
    if not 0 <= board.hand_count <= 40:
        raise BoardError("board_hand")
    for seat, allowed in ((board.seat, editor.own), (1 - board.seat, editor.other)):
        for name in board.zones[seat]:
            if name not in allowed:
                raise BoardError("board_zone", seat=seat + 1, zone=name, zones=", ".join(allowed))


def _take(pile: list[str], cards: list[Placed]) -> None:
    for card in cards:
        if card.id in pile:
            pile.remove(card.id)


def board_position(game: Game[Any], board: Board, decks: Sequence[Deck | str], seed: int = 0) -> str:
    """The position ``board`` sets up, in ``game``'s notation (``decks``: by seat, a deck or a starter name)."""
    editor = editor_of(game)
    _check(editor, board)
    lists = [d if isinstance(d, Deck) else game.cards.starter_deck(d) for d in decks]
    placed = [{name: zone_cards(game, text, name, editor) for name, text in board.zones[seat].items()}
              for seat in (0, 1)]
    first = board.seat if board.turn % 2 == 1 else 1 - board.seat
    other = 1 - board.seat
    piles: list[dict[str, list[str]]] = []
    for seat in (0, 1):
        rest = {name: list(ids) for name, ids in lists[seat].sections.items()}
        for cards in placed[seat].values():
            for pile in rest.values():
                _take(pile, cards)
        piles.append(rest)
    main = editor.hidden_from
    left = piles[other].get(main, [])
    if board.hand_count > len(left):
        raise BoardError("board_library", n=len(left))
    placed[other]["hand"] = [Placed(cid) for cid in left[:board.hand_count]]
    piles[other][main] = left[board.hand_count:]
    return editor.position(SetBoard(seat=board.seat, turn=board.turn, first=first, life=board.life,
                                    zones=(placed[0], placed[1]), piles=(piles[0], piles[1]),
                                    options=game.options(), seed=seed))
