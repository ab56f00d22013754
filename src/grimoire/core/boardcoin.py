"""The board coin asked at the toss (the seed's 掲示板 coin: a post's seconds, even or odd).

A game whose chance source is ``post`` (:meth:`~grimoire.core.rng.Chance.posts`) tosses
its coins from post times given at the moment of the toss. When an answer would toss
and no post time is left, :class:`~grimoire.core.match.Match` holds the answer and asks
the tossing seat a decision of kind :data:`POST_KIND`: its options are the ten last
digits (``post:0`` … ``post:9``), and any ``post:<time>`` with seconds digits is
accepted too (``post:21:03:58``), so the log shows the post time itself. The post time
goes into the chance script (so the record replays it) and the held answer is applied.

>>> d = post_decision(1, 2)
>>> d.player, d.kind, d.ids()[:3], d.prompt_args
(1, 'post', ['post:0', 'post:1', 'post:2'], (2,))
>>> post_answer(" 21:03:58 "), is_post_answer(d, "post:21:03:58"), is_post_answer(d, "post:noon")
('post:21:03:58', True, False)
>>> post_event(0, "21:03:58")
Event(kind='post', player=0, args=('21:03:58', 8, 'heads'), private_to=-1)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .decision import Decision, Event, Option, split_option
from .errors import OptionsError
from .rng import PostNeeded, _seconds, check_post, post_heads

if TYPE_CHECKING:
    from .game import Game, Setup
    from .match import Match

#: The decision kind of a toss waiting on its post time, and the log event showing it.
POST_KIND = "post"
#: The arguments of a ``post`` event: the post time as given, its seconds' last digit, the side.
POST_ARGS = ("time", "digit", "coin")


def post_decision(seat: int, toss: int) -> Decision:
    """The question to ``seat``: the post time of toss number ``toss`` (1-based)."""
    return Decision(seat, POST_KIND, tuple(Option(f"post:{d}", "opt.post", (d,)) for d in range(10)), (toss,))


def post_answer(text: str) -> str:
    """The answer id for a post time as typed; an OptionsError for one without seconds digits."""
    return "post:" + check_post(text)


def is_post_answer(decision: Decision, answer: str) -> bool:
    """Whether ``answer`` answers ``decision``, a post question, with a usable post time."""
    key, arg = split_option(answer)
    if decision.kind != POST_KIND or key != POST_KIND:
        return False
    try:
        check_post(arg)
    except OptionsError:
        return False
    return True


def post_event(seat: int, post: Any) -> Event:
    """The log line of a toss read from ``post``: its time, the seconds' last digit, heads or tails."""
    return Event(POST_KIND, seat, (str(post), _seconds(post) % 10, "heads" if post_heads(post) else "tails"))


def setup_toss(game: Game[Any], setup: Setup) -> int | None:
    """The seat whose post time the set-up's toss still needs (a coin for the first player), or None.

    >>> from grimoire.core.registry import load_game
    >>> from grimoire.core.game import Setup
    >>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
    >>> setup_toss(game, Setup((deck, deck), game.options(), chance="post"))
    0
    >>> setup_toss(game, Setup((deck, deck), game.options(), chance="post", chance_script=("12:00:01",)))
    """
    if setup.chance != "post":
        return None
    try:
        game.new_state(setup, [])
    except PostNeeded as need:
        return need.seat
    return None


def stored_answer(answer: str, events: list[Event]) -> str:
    r"""An answer as a server stores it: with the post times its tosses read (``end\tpost:21:03:58``), so
    that replaying the stored answers asks nothing.

    >>> stored_answer("end", [post_event(0, "21:03:58")]), stored_answer("end", [])
    ('end\tpost:21:03:58', 'end')
    """
    return "\t".join([answer, *(f"post:{e.args[0]}" for e in events if e.kind == POST_KIND)])


def apply_stored(match: Match[Any], stored: str) -> list[Event]:
    """Apply a stored answer (:func:`stored_answer`) to ``match``: the answer, then its post times."""
    events: list[Event] = []
    for part in stored.split("\t"):
        events = match.answer(part)
    return events


def with_post(setup: Setup, post: str) -> Setup:
    """``setup`` with one more post time in its chance script."""
    return replace(setup, chance_script=(*setup.chance_script, check_post(post)))
