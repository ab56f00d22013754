"""The board coin at the web table: a game between two people created with ``"coin": "board"``.

Every toss asks the tossing seat, at that moment, for the time of the post that decides it
(the table shows the ten last digits and a field for the whole time); the other seat and
spectators see the post time and the result in the log. A post time given with the game
(``"first_post"``) decides a coin for the first player. A computer seat never tosses the
board coin (it would have to invent a post): that is refused with a one-line error. A clock
(days per move, for a game by post) charges the seat that completes a move, post included.
The server stores each answer with the post times its tosses read
(:func:`grimoire.core.boardcoin.stored_answer`).

>>> board_posts({"coin": "board", "first_post": "21:03:58"}, ["human", "human"])
('21:03:58',)
>>> board_posts({}, ["human", "ai:easy"]) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.errors import OptionsError
from grimoire.core.rng import check_post

from .errors import ClientError
from .live import HUMAN


def board_posts(body: Mapping[str, Any], seats: Sequence[str]) -> tuple[str, ...] | None:
    """The post times a new game's board coin starts with (None: the seeded coin); ClientError for a
    board coin with a computer seat, or a first post without seconds digits."""
    coin = body.get("coin")
    if coin in (None, "", "prng"):
        return None
    if coin != "board":
        raise ClientError("bad_message", "field", field="coin", what="'prng' / 'board'")
    if any(kind != HUMAN for kind in seats):
        raise ClientError("bad_message", "field", field="coin", what="'prng' with a computer opponent")
    first = body.get("first_post")
    if first is None or first == "":
        return ()
    try:
        if not isinstance(first, str):
            raise OptionsError("not text")
        return (check_post(first),)
    except OptionsError:
        raise ClientError("bad_message", "field", field="first_post", what="a post time such as 21:03:58") from None
