"""The attribute wheel and the damage step (rules §6.3–6.5) as pure functions.

The wheel is 気魄 > 術式 > 神秘 > 気魄; 全能 gets +1 attacking and −1 blocking.

例1: 神秘 2 attacks 気魄 3 → 3 vs 3, both leave:

>>> clash(2, "shinpi", 3, "kiryoku")
Clash(a=3, d=3, attacker_leaves=True, blocker_leaves=True, loss=0)

例2-1: 全能 2 attacks 気魄 2 → 3 vs 2, the blocker leaves and its forecaster loses 1:

>>> clash(2, "zenno", 2, "kiryoku")
Clash(a=3, d=2, attacker_leaves=False, blocker_leaves=True, loss=1)

例2-2: 気魄 3 attacks 全能 4 → 3 vs 3, both leave:

>>> clash(3, "kiryoku", 4, "zenno")
Clash(a=3, d=3, attacker_leaves=True, blocker_leaves=True, loss=0)
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ZENNO

#: attribute -> the attribute it is strong against
BEATS = {"kiryoku": "jutsushiki", "jutsushiki": "shinpi", "shinpi": "kiryoku"}


def modifiers(attacker: str, blocker: str, ja: bool = False, wheel: int = 0) -> tuple[int, int]:
    """Attribute modifiers (attacker's, blocker's) of §6.4; ``ja`` removes the blocker's +1;
    ``wheel`` 1 turns the wheel's +1 off, 2 every modifier (rules variants).

    >>> modifiers("kiryoku", "jutsushiki"), modifiers("kiryoku", "shinpi"), modifiers("zenno", "zenno")
    ((1, 0), (0, 1), (1, -1))
    >>> modifiers("kiryoku", "shinpi", ja=True)
    (0, 0)
    >>> modifiers("kiryoku", "jutsushiki", wheel=1), modifiers("zenno", "zenno", wheel=1)
    ((0, 0), (1, -1))
    >>> modifiers("zenno", "zenno", wheel=2)
    (0, 0)
    """
    if wheel == 2:
        return 0, 0
    a = 1 if attacker == ZENNO else 0
    d = -1 if blocker == ZENNO else 0
    if wheel == 1:
        return a, d
    if BEATS.get(attacker) == blocker:
        a += 1
    elif BEATS.get(blocker) == attacker and not ja:
        d += 1
    return a, d


def battle_values(a_power: int, a_attr: str, d_power: int, d_attr: str, ja: bool = False, wheel: int = 0
                  ) -> tuple[int, int]:
    """A and D of §6.3: current power plus attribute modifier, each at least 0.

    >>> battle_values(0, "kiryoku", 0, "zenno")
    (0, 0)
    """
    ma, md = modifiers(a_attr, d_attr, ja, wheel)
    a = a_power + ma
    d = d_power + md
    return (a if a > 0 else 0), (d if d > 0 else 0)


class Clash(NamedTuple):
    """The damage step of a blocked attack: values, who leaves, the blocker's owner's loss."""

    a: int
    d: int
    attacker_leaves: bool
    blocker_leaves: bool
    loss: int


def compare(a: int, d: int, ca: int = 0) -> Clash:
    """§6.5: A > D blocker leaves, loss A − D (+ CA); A = D both leave; A < D attacker leaves.

    >>> compare(2, 1)
    Clash(a=2, d=1, attacker_leaves=False, blocker_leaves=True, loss=1)
    >>> compare(4, 2, ca=2).loss, compare(1, 3, ca=2).loss
    (4, 0)
    """
    if a > d:
        return Clash(a, d, False, True, a - d + ca)
    if a == d:
        return Clash(a, d, True, True, 0)
    return Clash(a, d, True, False, 0)


def clash(a_power: int, a_attr: str, d_power: int, d_attr: str, ja: bool = False, ca: int = 0, wheel: int = 0
          ) -> Clash:
    """The whole damage step of a blocked attack from current powers and attributes."""
    a, d = battle_values(a_power, a_attr, d_power, d_attr, ja, wheel)
    return compare(a, d, ca)


def unblocked_loss(a_power: int, ca: int = 0) -> int:
    """§6.5.4: an unblocked attack costs the defender A (no attribute modifier) plus CA.

    >>> unblocked_loss(3), unblocked_loss(3, ca=1)
    (3, 4)
    """
    return a_power + ca
