"""The board coin at the terminal: who goes first, and the post time asked at each toss.

With ``grimoire play --coin board`` the game's coin is the forum's: the first player is
chosen by the players (an agreed seat) unless they ask for a coin, and at every toss the
tossing player types the time of the post that decides it (``21:03:58``) or just the
last digit of its seconds (``8``). Nothing falls back to the random source: a toss waits
for its post. The messages are in :data:`BOARD_UI` (Japanese and English).

>>> board_text("first_bad", "en", answer="x")
"'x' is not 1, 2 or coin."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from grimoire.core.boardcoin import post_answer, setup_toss, with_post
from grimoire.core.errors import OptionsError
from grimoire.core.game import Game, Setup

Reader = Callable[[str], "str | None"]
QUIT = ("q", "quit", "exit", "終了")

BOARD_UI: dict[str, dict[str, str]] = {
    "first_ask": {"ja": "先攻はどちら？ 1 か 2（合意した席）、coin でコイントス",
                  "en": "Who goes first? 1 or 2 (the agreed seat), or coin for a coin toss"},
    "first_bad": {"ja": "「{answer}」は 1、2、coin のどれでもありません。", "en": "{answer!r} is not 1, 2 or coin."},
    "post_ask": {"ja": "プレイヤー{n}：コイントス（{toss}回目）を決める書き込みの時刻（例 21:03:58）か秒の下一桁",
                 "en": "Player {n}: the time of the post deciding coin toss {toss} (e.g. 21:03:58) or its "
                       "seconds' last digit"},
    "post_bad": {"ja": "「{answer}」には秒の数字がありません。21:03:58 か 8 のように入力してください。",
                 "en": "{answer!r} has no seconds digits; type a time such as 21:03:58, or a digit such as 8."},
}


def board_text(key: str, lang: str, **args: Any) -> str:
    """A board-coin message in ``lang`` (Japanese unless ``en``)."""
    entry = BOARD_UI[key]
    return (entry["en"] if lang == "en" else entry["ja"]).format(**args)


def ask_first(read: Reader, console: Console, lang: str) -> str | None:
    """The ``first_player`` option the players chose: ``"0"``/``"1"`` (agreed seat) or ``"coin"``; None to quit.

    >>> import io
    >>> answers = iter(["3", "2"])
    >>> ask_first(lambda prompt: next(answers), Console(file=io.StringIO()), "en")
    '1'
    """
    while True:
        line = read(board_text("first_ask", lang) + "> ")
        if line is None or line.strip().lower() in QUIT:
            return None
        answer = line.strip().lower()
        if answer in ("1", "2"):
            return str(int(answer) - 1)
        if answer in ("coin", "c", "コイン"):
            return "coin"
        console.print(Text(board_text("first_bad", lang, answer=line.strip()), style="red"), soft_wrap=True)


def read_post(read: Reader, console: Console, lang: str, seat: int, toss: int,
              confirm_quit: Callable[[], bool] | None = None) -> str | None:
    """Ask ``seat`` for the post time of toss ``toss`` until one has seconds digits; the answer id
    (``post:21:03:58``), or None to quit (``q`` when ``confirm_quit`` agrees, or the end of input).

    >>> import io
    >>> answers = iter(["noon", "21:03:58"])
    >>> read_post(lambda prompt: next(answers), Console(file=io.StringIO()), "en", 0, 1)
    'post:21:03:58'
    """
    while True:
        line = read(board_text("post_ask", lang, n=seat + 1, toss=toss) + "> ")
        if line is None:
            return None
        if line.strip().lower() in QUIT:
            if confirm_quit is None or confirm_quit():
                return None
            continue
        try:
            return post_answer(line)
        except OptionsError:
            console.print(Text(board_text("post_bad", lang, answer=line.strip()), style="red"), soft_wrap=True)


def board_setup(game: Game[Any], setup: Setup, read: Reader, console: Console, lang: str,
                first_given: bool) -> Setup | None:
    """``setup`` for a board-coin game: the players' first-player choice (unless an option gave it)
    and the post time of a set-up toss; None when they quit."""
    if not first_given and any(spec.name == "first_player" for spec in game.option_specs):
        first = ask_first(read, console, lang)
        if first is None:
            return None
        setup = Setup(setup.decks, game.options({**setup.options, "first_player": first}), setup.seed,
                      setup.chance, setup.chance_script)
    while (seat := setup_toss(game, setup)) is not None:
        answer = read_post(read, console, lang, seat, len(setup.chance_script) + 1)
        if answer is None:
            return None
        setup = with_post(setup, answer.partition(":")[2])
    return setup
