"""The board editor's position: what a player set up by hand, written in its game's position notation.

The player analyses one seat (``seat``, the turn player at its main decision: Chant's C phase,
Destiny's summon step) and puts the cards it knows into that seat's zones and the other seat's
public zones, one card a line (``2 火球``, ``火球 @2`` for a Chant chant-area card with progress 2).
The other side's hand is only a number: those cards stay unknown. Each seat's deck list (a starter)
supplies the rest: the cards not placed make up the library (and Chant's forbidden deck), and the
other side's hand is dealt from its library — which cards does not matter, as the analysis sees only
the seat's view and re-deals what is hidden from the deck lists (:mod:`grimoire.ai.analysis`).

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

from grimoire.core.decks import Deck
from grimoire.core.game import Game

#: The zones the editor fills, by game: (the analysed seat's, the other seat's public ones).
ZONES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "chant": (("hand", "area", "blank"), ("area", "blank")),
    "destiny": (("hand", "field", "discard", "crisis"), ("field", "discard", "crisis")),
}
#: What a seat's life is called in each game's position (Chant: life, Destiny: threads).
LIFE = {"chant": "life", "destiny": "threads"}
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
    name, see :data:`ZONES`) and the number of cards in the other seat's hand."""

    seat: int
    turn: int
    life: tuple[int, int]
    hand_count: int
    zones: tuple[Mapping[str, str], Mapping[str, str]] = field(default_factory=lambda: ({}, {}))


@dataclass
class _Card:
    id: str
    progress: int = 0


def zone_cards(game: Game[Any], text: str, where: str) -> list[_Card]:
    """The cards of one zone's text (``[N] NAME [@PROGRESS]`` a line); BoardError naming the line."""
    out: list[_Card] = []
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
        if m.group(3) is not None and where != "area":
            raise BoardError("board_progress", zone=where, line=number)
        count = int(m.group(1) or 1)
        if count < 1:
            raise BoardError("board_count", zone=where, line=number)
        out.extend(_Card(card.id, int(m.group(3) or 0)) for _ in range(count))
    return out


def _check(game: Game[Any], board: Board) -> None:
    if game.name not in ZONES:
        raise BoardError("board_game", game=game.name)
    if board.seat not in (0, 1):
        raise BoardError("board_seat")
    if not 1 <= board.turn <= MAX_TURN:
        raise BoardError("board_turn", n=MAX_TURN)
    for seat, life in enumerate(board.life):
        if not 1 <= life <= 99:
            raise BoardError("board_life", seat=seat + 1)
    if not 0 <= board.hand_count <= 40:
        raise BoardError("board_hand")
    own, other = ZONES[game.name]
    for seat, allowed in ((board.seat, own), (1 - board.seat, other)):
        for name in board.zones[seat]:
            if name not in allowed:
                raise BoardError("board_zone", seat=seat + 1, zone=name, zones=", ".join(allowed))


def _take(pile: list[str], cards: list[_Card]) -> None:
    for card in cards:
        if card.id in pile:
            pile.remove(card.id)


def board_position(game: Game[Any], board: Board, decks: Sequence[Deck | str], seed: int = 0) -> str:
    """The position ``board`` sets up, in ``game``'s notation (``decks``: by seat, a deck or a starter name)."""
    _check(game, board)
    lists = [d if isinstance(d, Deck) else game.cards.starter_deck(d) for d in decks]
    placed = [{name: zone_cards(game, text, name) for name, text in board.zones[seat].items()} for seat in (0, 1)]
    first = board.seat if board.turn % 2 == 1 else 1 - board.seat
    other = 1 - board.seat
    piles: list[dict[str, list[str]]] = []
    for seat in (0, 1):
        rest = {name: list(ids) for name, ids in lists[seat].sections.items()}
        for cards in placed[seat].values():
            for pile in rest.values():
                _take(pile, cards)
        piles.append(rest)
    main = "library" if game.name == "chant" else "main"
    if board.hand_count > len(piles[other][main]):
        raise BoardError("board_library", n=len(piles[other][main]))
    hidden = piles[other][main][:board.hand_count]
    placed[other]["hand"] = [_Card(cid) for cid in hidden]
    piles[other][main] = piles[other][main][board.hand_count:]
    limit = int(game.options()["turn_limit"])
    if game.name == "chant":
        return _chant(board, placed, piles, first, limit, seed)
    return _destiny(board, placed, piles, first, limit, seed)


def code(i: int) -> str:
    """Chant's letter code of legend index ``i`` (its notation's legend: a … z, aa, ab, …).

    >>> [code(0), code(25), code(26)]
    ['a', 'z', 'aa']
    """
    out = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


def _chant(board: Board, placed: list[dict[str, list[_Card]]], piles: list[dict[str, list[str]]], first: int,
           limit: int, seed: int) -> str:
    zones: list[dict[str, list[_Card]]] = []
    for seat in (0, 1):
        z = {name: placed[seat].get(name, []) for name in ("hand", "area", "blank")}
        z["library"] = [_Card(c) for c in piles[seat].get("library", [])]
        z["forbidden"] = [_Card(c) for c in piles[seat].get("forbidden", [])]
        zones.append(z)
    legend = sorted({c.id for z in zones for cards in z.values() for c in cards})
    codes = {cid: code(i) for i, cid in enumerate(legend)}
    uid = 0

    def tokens(cards: list[_Card], area: bool = False) -> str:
        nonlocal uid
        out = []
        for c in cards:
            out.append(f"{codes[c.id]}{uid}" + (f"@{c.progress}" if area else ""))
            uid += 1
        return ",".join(out)

    players = []
    for seat in (0, 1):
        z = zones[seat]
        players.append(f"{board.life[seat]} L:{tokens(z['library'])} H:{tokens(z['hand'])} "
                       f"F:{tokens(z['forbidden'])} Z:{tokens(z['area'], area=True)} B:{tokens(z['blank'])} S:")
    header = f"chant1 T{board.turn} A{board.seat} F{first} PC ---- 0 -{limit} -"
    return " | ".join([header, ",".join(f"{codes[c]}={c}" for c in legend), *players, "U: X:", "-",
                       f"prng,{seed},0,[]"])


def _destiny(board: Board, placed: list[dict[str, list[_Card]]], piles: list[dict[str, list[str]]], first: int,
             limit: int, seed: int) -> str:
    head = f"destiny:1 turn={board.turn} active={board.seat} first={first} phase=summon limit={limit}"
    players = []
    for seat in (0, 1):
        turns = (board.turn + 1) // 2 if seat == first else board.turn // 2
        parts = [f"P{seat}", f"threads={board.life[seat]}", "ability=none", f"turns={turns}"]
        zones = {"deck": [_Card(c) for c in piles[seat].get("main", [])], **placed[seat]}
        for name in ("deck", "hand", "field", "discard", "crisis"):
            cards = zones.get(name, [])
            if cards:  # a user on the field has been there since an earlier turn (veteran)
                parts.append(f"{name}=" + ",".join(c.id + (":v" if name == "field" else "") for c in cards))
        players.append(" ".join(parts))
    return " | ".join([head, *players, f"chance=prng,{seed},0"])
