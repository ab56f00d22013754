"""Chant's board editor (docs/protocol.md 1.6): its zones, words and the position it writes.

The analysed seat fills its hand, chant area (``残り火 @2``: a card with chant progress 2) and
blank pile; the other seat its chant area and blank pile. The cards not placed stay in the library
and the forbidden deck.

>>> from grimoire.core.boardedit import Placed, SetBoard
>>> board = SetBoard(seat=0, turn=3, first=0, life=(20, 17), zones=({"hand": [Placed("fireball")],
...     "area": [Placed("embers", 2)]}, {"hand": [Placed("fireball")]}), piles=({"library": ["fireball"]}, {}),
...     options={"turn_limit": 60}, seed=1)
>>> position(board).split(" | ")[2]
'20 L:b0 H:b1 F: Z:a2@2 B: S:'
"""

from __future__ import annotations

from grimoire.core.boardedit import BoardEditor, Placed, SetBoard
from grimoire.core.content import Localized


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


def position(board: SetBoard) -> str:
    """``board`` in Chant's position notation (:mod:`grimoire.games.chant.notation`)."""
    zones: list[dict[str, list[Placed]]] = []
    for seat in (0, 1):
        z = {name: list(board.zones[seat].get(name, [])) for name in ("hand", "area", "blank")}
        z["library"] = [Placed(c) for c in board.piles[seat].get("library", [])]
        z["forbidden"] = [Placed(c) for c in board.piles[seat].get("forbidden", [])]
        zones.append(z)
    legend = sorted({c.id for z in zones for cards in z.values() for c in cards})
    codes = {cid: code(i) for i, cid in enumerate(legend)}
    uid = 0

    def tokens(cards: list[Placed], area: bool = False) -> str:
        nonlocal uid
        out = []
        for c in cards:
            out.append(f"{codes[c.id]}{uid}" + (f"@{c.mark}" if area else ""))
            uid += 1
        return ",".join(out)

    players = []
    for seat in (0, 1):
        z = zones[seat]
        players.append(f"{board.life[seat]} L:{tokens(z['library'])} H:{tokens(z['hand'])} "
                       f"F:{tokens(z['forbidden'])} Z:{tokens(z['area'], area=True)} B:{tokens(z['blank'])} S:")
    limit = int(board.options["turn_limit"])
    header = f"chant1 T{board.turn} A{board.seat} F{board.first} PC ---- 0 -{limit} -"
    return " | ".join([header, ",".join(f"{codes[c]}={c}" for c in legend), *players, "U: X:", "-",
                       f"prng,{board.seed},0,[]"])


EDITOR = BoardEditor(
    own=("hand", "area", "blank"), other=("area", "blank"), life="life", start_life=20, hidden_from="library",
    marked="area", mark=Localized("@（詠唱の進度）は詠唱エリアのカードだけに書けます",
                                  "@ (chant progress) is for chant-area cards only"),
    words={"life": Localized("ライフ", "Life"), "hand": Localized("手札", "Hand"),
           "area": Localized("詠唱エリア", "Chant area"), "blank": Localized("空書置場", "Blank pile")},
    syntax=Localized("1 行に 1 枚: 「火球」「2 竜の咆哮」（2 枚）。詠唱エリアのカードは進度を @ で: 「残り火 @2」。",
                     "One card a line: \"Fireball\", \"2 Dragon's Roar\" (two). A chant-area card's progress after @: "
                     "\"Embers @2\"."),
    position=position)
