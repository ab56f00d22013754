"""Posts for the forum thread: the public account of a seat, plain text that pastes cleanly."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.core.thread import WIDTH, columns, forum_post, game_posts


def played(name: str, seed: int, steps: int) -> tuple[Any, Setup, Match[Any]]:
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    setup = Setup((game.cards.starter_deck(starters[0]), game.cards.starter_deck(starters[-1])),
                  game.options({"first_player": "0"}), seed)
    match: Match[Any] = Match(game, setup)
    rnd = random.Random(seed)
    while match.decision is not None and len(match.answers) < steps:
        match.answer(rnd.choice(match.decision.ids()))
    return game, setup, match


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_a_post_never_shows_what_the_seat_could_not_see(name: str) -> None:
    game, _, match = played(name, 5, 40)
    seat = match.decision.player if match.decision is not None else 0
    for lang in ("ja", "en"):
        text = forum_post(game, match.state, match.log, 0, seat, lang)
        for k in range(5):  # the hidden cards redrawn as the seat may imagine them: the same post
            other = game.resample_hidden(match.state, seat, Chance.seeded(k))
            assert forum_post(game, other, match.log, 0, seat, lang) == text
        hidden = {e.args[0] for e in match.log if e.private_to >= 0 and e.args and isinstance(e.args[0], str)}
        for card in hidden:  # a drawn card's name appears only if the public saw the card elsewhere
            public = {a for e in match.log if e.private_to < 0 for a in e.args if isinstance(a, str)}
            view = str(game.view(match.state, None))
            if card not in public and card not in view:
                assert game.text.card_name(card, lang) not in text


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_posts_paste_cleanly_in_both_languages(name: str) -> None:
    game, setup, match = played(name, 7, 10_000)
    for lang in ("ja", "en"):
        posts = game_posts(game, setup, match.answers, lang)
        assert len(posts) > 2
        for post in posts:
            for line in post.splitlines():
                assert columns(line) <= WIDTH
                assert not any(0x2500 <= ord(ch) <= 0x257F for ch in line)  # no box drawing
        assert posts[0].startswith("【" if lang == "ja" else "[")
        assert ("対局終了" if lang == "ja" else "Game over") in posts[-1]


def test_each_post_covers_the_moves_since_the_posters_last_one() -> None:
    game, setup, match = played("chant", 3, 10_000)
    posts = game_posts(game, setup, match.answers, "en")
    seats = [int(p.split("P", 1)[1].split(" ", 1)[0]) for p in posts]
    assert all(a != b for a, b in itertools.pairwise(seats))  # the move passes at every post
    every = "".join(p.split("Since the last post:\n", 1)[1].split("\nBoard:", 1)[0] for p in posts)
    assert every.count("--- Turn ") == game.turn_number(match.state)


def test_rule_1_6_a_plugin_game_posts_its_own_board() -> None:
    # docs/protocol.md 1.6: the example plugin's forum_board hook (grimoire_toy_race.boards.BOARD)
    game, setup, match = played("toy", 3, 12)
    post = forum_post(game, match.state, match.log, 0, 0, "en")
    board = post.split("Board:\n", 1)[1].splitlines()
    state = match.state
    assert board[0] == f"P1: Position {state.pos[0]} / Hand {len(state.hand[0])} / Library {len(state.library[0])}"
    assert any(line.startswith("  Played: ") for line in board)
    assert "位置" in forum_post(game, match.state, match.log, 0, 0, "ja")
    assert len(game_posts(game, setup, match.answers, "ja")) >= 2


def test_rule_1_6_a_game_without_a_forum_board_posts_the_generic_one() -> None:
    from dataclasses import replace

    from grimoire.core.registry import plugin, register, unregister

    register(replace(plugin("toy"), name="toy", forum_board=None))
    try:
        game, _, match = played("toy", 3, 12)
        post = forum_post(game, match.state, match.log, 0, 0, "en")
        assert f"P1: Position {match.state.pos[0]} / Cards in hand" in post  # the catalog's ui.field.* words
        assert "  Played: " in post
    finally:
        unregister("toy")
