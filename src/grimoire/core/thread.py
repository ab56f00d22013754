"""Posts for the forum thread: a seat's public account of the game as plain text.

Both games are played on a forum, each player posting their moves. :func:`forum_post`
writes one such post: what happened since the seat's last post (every event as the
thread may see it — hidden draws stay hidden, coin tosses show their post times) and the
board as the public sees it, in Japanese (the default) or English. The text uses no box
drawing and no line is wider than :data:`WIDTH` columns (a wide character counts two), so
it pastes cleanly into a thread. :func:`game_posts` cuts a whole game into the posts its
players would have made: a post each time the move passes to the other player.

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.game import Setup
>>> from grimoire.core.match import Match
>>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
>>> m = Match(game, Setup((deck, deck), game.options({"first_player": "0"}), seed=2))
>>> text = forum_post(game, m.state, m.log, 0, 0, "en")
>>> text.splitlines()[0]
'[Chant] P1 — post, turn 1'
>>> "Life 20" in text, chr(0x2500) in text  # no box drawing
(True, False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from .decision import Event
from .game import Game, Setup

#: The widest line of a post, in terminal columns (a full-width character counts two).
WIDTH = 64

#: Words of a post (Japanese first).
WORDS: dict[str, tuple[str, str]] = {
    "post": ("{title}】P{n}の書き込み（ターン{turn}）", "{title}] P{n} — post, turn {turn}"),
    "since": ("■前回からの出来事", "Since the last post:"),
    "nothing": ("（なし）", "(nothing)"),
    "board": ("■局面", "Board:"),
    "area": ("詠唱エリア", "Chant area"),
    "hand_count": ("手札", "Hand"),
    "forbidden_count": ("禁書", "Forbidden books"),
    "blank": ("空書置場", "Blank pile"),
    "field": ("場", "Field"),
    "crisis": ("クライシス場", "Crisis zone"),
    "discard": ("捨て札", "Discard"),
    "deck": ("山札", "Deck"),
    "library": ("書庫", "Library"),
    "life": ("ライフ", "Life"),
    "threads": ("運命の糸", "Threads"),
    "depth": ("深度", "Depth"),
    "chanting": ("詠唱中", "Chanting"),
    "ready": ("発動待ち", "ready"),
    "power": ("力", "power"),
    "to_move": ("手番：P{n}", "To move: P{n}"),
    "over": ("対局終了", "Game over"),
    "winner": ("P{n}の勝ち（{reason}）", "P{n} wins ({reason})"),
    "drawn": ("引き分け（{reason}）", "Drawn ({reason})"),
}
#: A player's numbers, in the order a post lists them, and the zones it lists card by card.
NUMBERS = ("life", "threads", "depth", "chanting", "hand_count", "library", "deck", "forbidden_count")
ZONES = ("area", "field", "crisis")
COUNTED = ("blank", "discard")


def word(key: str, lang: str, **args: Any) -> str:
    """A word of a post in ``lang``.

    >>> word("to_move", "ja", n=2)
    '手番：P2'
    """
    pair = WORDS[key]
    return (pair[1] if lang == "en" else pair[0]).format(**args)


def columns(text: str) -> int:
    """Display width: a wide (full-width) character counts two.

    >>> columns("ライフ 20"), columns("Life 20")
    (9, 7)
    """
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(line: str, indent: str = "  ") -> list[str]:
    """``line`` cut into pieces of at most :data:`WIDTH` columns, at a separator (a space, 、 or ，)
    where one is near; follow-on pieces are indented.

    >>> [columns(piece) <= WIDTH for piece in wrap("あ" * 70)]
    [True, True, True]
    >>> wrap("P1: " + " / ".join(["ライフ 20"] * 8))[1]
    '  ライフ 20 / ライフ 20 / ライフ 20'
    """
    tokens: list[str] = []
    current = ""
    for ch in line:
        current += ch
        if ch in " 、，,":
            tokens.append(current)
            current = ""
    if current:
        tokens.append(current)
    pieces: list[str] = []
    current = ""
    for token in tokens:
        if columns(current + token.rstrip()) <= WIDTH:
            current += token
            continue
        if current.strip():
            pieces.append(current.rstrip())
            current = indent
        for ch in token:
            if columns(current + ch) > WIDTH:
                pieces.append(current.rstrip())
                current = indent
            current += ch
    pieces.append(current.rstrip())
    return [p for p in pieces if p.strip()] or [""]


def collapse(lines: list[str]) -> list[str]:
    """Repeated lines in a row as one line with a count.

    >>> collapse(["a", "b", "b", "b", "a"])
    ['a', 'b ×3', 'a']
    """
    out: list[str] = []
    count = 0
    for i, line in enumerate(lines):
        count += 1
        if i + 1 == len(lines) or lines[i + 1] != line:
            out.append(line if count == 1 else f"{line} ×{count}")
            count = 0
    return out


def _card(game: Game[Any], entry: Any, lang: str) -> str:
    if not isinstance(entry, dict):
        return "?"
    name = game.text.card_name(str(entry.get("card", "?")), lang)
    if "progress" in entry and "chant" in entry:
        name += f" {entry['progress']}/{entry['chant']}"
        if entry.get("ready"):
            name += "★"
    elif "power" in entry:
        name += f" {word('power', lang)}{entry['power']}"
    return name


def board_lines(game: Game[Any], view: dict[str, Any], lang: str) -> list[str]:
    """The public board of ``view`` as plain lines: each player's numbers and cards in play."""
    sep = "、" if lang != "en" else ", "
    lines: list[str] = []
    players = view.get("players")
    for seat, player in enumerate(players if isinstance(players, list) else []):
        if not isinstance(player, dict):
            continue
        numbers = [f"{word(key, lang)} {player[key]}" for key in NUMBERS
                   if isinstance(player.get(key), int) and not isinstance(player.get(key), bool)]
        numbers += [f"{word(key, lang)} {len(player[key])}" for key in COUNTED if isinstance(player.get(key), list)]
        lines.extend(wrap(f"P{seat + 1}: " + " / ".join(numbers)))
        for key in ZONES:
            cards = player.get(key)
            if isinstance(cards, list) and cards:
                lines.extend(wrap(f"  {word(key, lang)}: " + sep.join(_card(game, c, lang) for c in cards), "    "))
    return lines


def forum_post(game: Game[Any], state: Any, log: Sequence[Event], since: int, seat: int, lang: str = "ja",
               turn: int | None = None) -> str:
    """The post of ``seat``: the events of ``log`` from index ``since`` as the public sees them, then the
    public board of ``state`` and who is to move (or how the game ended)."""
    title = game.title.get(lang) if game.title.ja else game.name
    shown_turn = game.turn_number(state) if turn is None else turn
    head = ("【" if lang != "en" else "[") + word("post", lang, title=title, n=seat + 1, turn=shown_turn)
    lines = [head, "", word("since", lang)]
    happened = collapse([game.text.describe(e.redacted_for(None), lang) for e in log[since:]])
    for text in happened or [word("nothing", lang)]:
        lines.extend(wrap("・" + text))
    lines += ["", word("board", lang)]
    lines.extend(board_lines(game, game.view(state, None), lang))
    outcome = game.outcome(state)
    if outcome is None:
        mover = game.current_player(state)
        if mover is not None:
            lines.append(word("to_move", lang, n=mover + 1))
    else:
        reason = game.text.term(outcome.reason, lang)
        lines.append(word("over", lang) + ": " + (word("drawn", lang, reason=reason) if outcome.winner is None
                                                  else word("winner", lang, n=outcome.winner + 1, reason=reason)))
    return "\n".join(lines) + "\n"


def game_posts(game: Game[Any], setup: Setup, answers: Sequence[str], lang: str = "ja",
               branch: Any = None) -> list[str]:
    """A whole game as the posts of its thread: each seat posts when the move passes to the other
    (and at the end), covering what happened since the last post."""
    from .match import Match

    match: Match[Any] = Match(game, setup, branch)
    posts: list[str] = []
    since = 0
    decision = match.decision
    poster = decision.player if decision is not None else 0
    for answer in answers:
        decision = match.decision
        if decision is None:
            break
        if decision.player != poster:
            posts.append(forum_post(game, match.state, match.log, since, poster, lang))
            since, poster = len(match.log), decision.player
        match.answer(answer)
    posts.append(forum_post(game, match.state, match.log, since, poster, lang))
    return posts
