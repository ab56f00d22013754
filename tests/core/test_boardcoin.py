"""The board coin asked at the toss: a toss waits for its post time, never falls back to the PRNG,
and the post times reach the log, the record and its replay."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from grimoire.core.boardcoin import POST_KIND, setup_toss, with_post
from grimoire.core.decision import Event
from grimoire.core.errors import GrimoireError, IllegalAnswer
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import setup_of, verify
from grimoire.core.rng import Chance, PostNeeded

CHANT = load_game("chant")
DESTINY = load_game("destiny")


#: random Chant games with the starter decks whose runaway coin is tossed (it needs many ready cards on both sides)
CHANT_SEEDS_WITH_A_TOSS = range(120, 140)


def until_post(game: Game[Any], options: dict[str, Any], seeds: range) -> tuple[Match[Any], random.Random]:
    """A random game with the board coin, played up to its first post question."""
    starters = sorted(game.cards.starter_decks())
    for seed in seeds:
        rnd = random.Random(seed)
        decks = (game.cards.starter_deck(rnd.choice(starters)), game.cards.starter_deck(rnd.choice(starters)))
        match = Match(game, Setup(decks, game.options(options), seed, "post"))
        while match.decision is not None and match.decision.kind != POST_KIND:
            match.answer(rnd.choice(match.decision.ids()))
        if match.decision is not None:
            return match, rnd
    raise AssertionError("no game reached a toss")


def test_a_post_source_never_falls_back_to_the_prng() -> None:
    chance = Chance.posts(["12:00:04"])
    assert chance.coin(1) is True
    with pytest.raises(PostNeeded) as raised:
        chance.coin(1)
    assert (raised.value.seat, raised.value.index) == (1, 1)


def test_rule_6_2_the_turn_player_is_asked_for_the_post_at_the_runaway_toss() -> None:
    match, _ = until_post(CHANT, {"first_player": "0"}, CHANT_SEEDS_WITH_A_TOSS)
    decision = match.decision
    assert decision is not None
    held = match.held
    assert held is not None
    assert decision.player == match.state.active  # 実施者はターン実施中のプレイヤー
    before = CHANT.to_json(match.state)
    answers = list(match.answers)
    with pytest.raises(IllegalAnswer):
        match.answer("post:noon")
    assert CHANT.to_json(match.state) == before and match.answers == answers
    events = match.answer("post:21:03:57")
    assert events[0] == Event("post", decision.player, ("21:03:57", 7, "tails"))
    runaway = next(e for e in events if e.kind == "runaway")
    assert runaway.args[1] == "tails"  # an odd last digit is tails
    assert match.answers == [*answers, held]
    assert CHANT.text.describe(events[0], "ja") == f"P{decision.player + 1}の書き込み 21:03:57：秒の下一桁7 → 裏"


def test_board_coin_records_keep_the_posts_and_replay_them(tmp_path: Path) -> None:
    match, rnd = until_post(CHANT, {"first_player": "0"}, CHANT_SEEDS_WITH_A_TOSS)
    posts = 0
    while match.decision is not None and len(match.answers) < 2000:
        if match.decision.kind == POST_KIND:
            posts += 1
            match.answer(f"post:{rnd.randrange(10)}")
        else:
            match.answer(rnd.choice(match.decision.ids()))
    record = GameRecord.load(match.record().save(tmp_path / "board.json"))
    assert record.chance == "post" and len(record.chance_script) == posts == len(match.posts)
    assert verify(record).ok
    game, setup = setup_of(record)
    again = Match(game, setup)
    for answer in record.answers:
        again.answer(answer)
    shown = [e for e in again.log if e.kind == "post"]
    assert [e.args[0] for e in shown] == record.chance_script


def test_rule_1_6_3_a_first_player_coin_is_tossed_with_a_post_before_the_game() -> None:
    deck = CHANT.cards.starter_deck("fire")
    setup = Setup((deck, deck), CHANT.options(), 3, "post")
    assert setup_toss(CHANT, setup) == 0
    with pytest.raises(GrimoireError, match="needs a post time from seat 0"):
        Match(CHANT, setup)
    match = Match(CHANT, with_post(setup, "23:59:58"))
    assert match.log[0] == Event("post", 0, ("23:59:58", 8, "heads"))
    assert CHANT.first_player(match.state) == 0
    assert Match(CHANT, with_post(setup, "5")).state.first == 1


def test_rule_2_4_destiny_first_player_coin_asks_seat_0_after_the_abilities() -> None:
    match, _ = until_post(DESTINY, {}, range(1))
    decision = match.decision
    assert decision is not None and decision.player == 0 and decision.prompt_args == (1,)
    events = match.answer("post:0")
    assert events[0].kind == "post" and DESTINY.first_player(match.state) == 0
    assert verify(match.record()).ok


def test_agreed_first_player_needs_no_post() -> None:
    deck = DESTINY.cards.starter_deck(sorted(DESTINY.cards.starter_decks())[0])
    match = Match(DESTINY, Setup((deck, deck), DESTINY.options({"first_player": "1"}), 2, "post"))
    rnd = random.Random(2)
    while match.decision is not None and len(match.answers) < 40:
        assert match.decision.kind != POST_KIND
        match.answer(rnd.choice(match.decision.ids()))
    assert match.posts == []


def test_records_of_the_older_board_source_still_replay() -> None:
    deck = CHANT.cards.starter_deck("fire")
    match = Match(CHANT, Setup((deck, deck), CHANT.options(), 4, "board", ("12:00:03",)))
    rnd = random.Random(4)
    while match.decision is not None and len(match.answers) < 3000:
        match.answer(rnd.choice(match.decision.ids()))
    record = match.record()
    assert record.chance == "board" and verify(record).ok
