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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .content import Localized
from .decision import Event
from .game import Game, Setup
from .registry import plugins

#: The widest line of a post, in terminal columns (a full-width character counts two).
WIDTH = 64

#: Words of a post (Japanese first); a game's own words (its zones, its numbers) are its forum board's.
WORDS: dict[str, tuple[str, str]] = {
    "post": ("{title}】P{n}の書き込み（ターン{turn}）", "{title}] P{n} — post, turn {turn}"),
    "since": ("■前回からの出来事", "Since the last post:"),
    "nothing": ("（なし）", "(nothing)"),
    "board": ("■局面", "Board:"),
    "to_move": ("手番：P{n}", "To move: P{n}"),
    "over": ("対局終了", "Game over"),
    "winner": ("P{n}の勝ち（{reason}）", "P{n} wins ({reason})"),
    "drawn": ("引き分け（{reason}）", "Drawn ({reason})"),
}


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


CardWords = Callable[["Game[Any]", Any, str], str]
"""``card(game, entry, lang)``: how a post shows one entry of a zone of the view."""


def card_name(game: Game[Any], entry: Any, lang: str) -> str:
    """A zone entry (a card id, or a dict naming its ``card``) as its card's name; ``?`` if it names none.

    >>> from grimoire.core.registry import load_game
    >>> card_name(load_game("chant"), {"card": "fireball"}, "en"), card_name(load_game("chant"), 3, "en")
    ('Fireball', '?')
    """
    card = entry.get("card") if isinstance(entry, dict) else entry
    return game.text.card_name(card, lang) if isinstance(card, str) else "?"


@dataclass(frozen=True)
class PostBoard:
    """A forum board (the plugin's ``forum_board`` hook, docs/protocol.md 1.6) from the public view's players:
    for each, one line of its ``numbers`` (view key and word; an integer is shown, a list counted) and a
    line per non-empty zone of ``zones`` listed card by card (each entry by ``card``; default: its name).

    >>> from grimoire.core.registry import load_game
    >>> board = PostBoard(numbers=(("life", Localized("ライフ", "Life")), ("pile", Localized("山", "Pile"))),
    ...                   zones=(("area", Localized("場", "Area")),))
    >>> board(load_game("chant"), {"players": [{"life": 3, "pile": [1, 2], "area": ["fireball"]}]}, "en")
    ['P1: Life 3 / Pile 2', '  Area: Fireball']
    """

    numbers: tuple[tuple[str, Localized], ...]
    zones: tuple[tuple[str, Localized], ...] = ()
    card: CardWords = card_name

    def __call__(self, game: Game[Any], view: dict[str, Any], lang: str) -> list[str]:
        sep = "、" if lang != "en" else ", "
        lines: list[str] = []
        players = view.get("players")
        for seat, player in enumerate(players if isinstance(players, list) else []):
            if not isinstance(player, dict):
                continue
            numbers = []
            for key, name in self.numbers:
                value = player.get(key)
                if isinstance(value, list):
                    numbers.append(f"{name.get(lang)} {len(value)}")
                elif isinstance(value, int) and not isinstance(value, bool):
                    numbers.append(f"{name.get(lang)} {value}")
            lines.extend(wrap(f"P{seat + 1}: " + " / ".join(numbers)))
            for key, name in self.zones:
                cards = player.get(key)
                if isinstance(cards, list) and cards:
                    lines.extend(wrap(f"  {name.get(lang)}: " + sep.join(self.card(game, c, lang) for c in cards),
                                      "    "))
        return lines


def generic_board(game: Game[Any], view: dict[str, Any], lang: str) -> list[str]:
    """The forum board of a game whose plugin names none: each player's whole numbers, then its lists of
    cards, in the view's order, named by the game's ``ui.field.<key>`` words (docs/protocol.md 11).

    >>> from grimoire.core.registry import load_game
    >>> generic_board(load_game("chant"), {"players": [{"life": 3, "seen": True, "area": ["fireball"]}]}, "en")
    ['P1: life 3', '  area: Fireball']
    """
    keys: dict[str, str] = {}
    for player in view.get("players") or []:
        if isinstance(player, dict):
            for key, value in player.items():
                if isinstance(value, int) and not isinstance(value, bool):
                    keys.setdefault(key, "number")
                elif isinstance(value, list) and value and all(isinstance(c, str | dict) for c in value):
                    keys.setdefault(key, "zone")

    def say(key: str, lang: str) -> str:
        found = game.text.ui("field." + key, lang)
        return key if found == "field." + key else found

    def named(kind: str) -> tuple[tuple[str, Localized], ...]:
        return tuple((k, Localized(say(k, "ja"), say(k, "en"))) for k, v in keys.items() if v == kind)

    return PostBoard(named("number"), named("zone"))(game, view, lang)


def board_lines(game: Game[Any], view: dict[str, Any], lang: str) -> list[str]:
    """The public board of ``view`` as plain lines: the game's forum board (its plugin's ``forum_board``), or
    :func:`generic_board`."""
    found = plugins().get(game.name)
    lines = found.forum_board_lines() if found is not None else None
    return (lines or generic_board)(game, view, lang)


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
