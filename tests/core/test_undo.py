"""Taking answers back up to, never past, new information (grimoire.core.undo)."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core.decision import Event
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from grimoire.core.undo import TakeBackError, reveals, take_back, takeback_limit


def _match(name: str, seed: int) -> Match[Any]:
    game = load_game(name)
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    return Match(game, Setup((deck, deck), game.options(), seed=seed))


def _play_until(match: Match[Any], want: Any, seed: int = 3, limit: int = 400) -> tuple[Any, str, list[Event]]:
    """Answer at random until ``want(state_before, decision, answer, events)`` holds; returns that step."""
    chance = Chance.seeded(seed)
    game = match.game
    while match.decision is not None and len(match.answers) < limit:
        decision = match.decision
        before = game.clone(match.state)
        answer = decision.options[chance.below(len(decision.options))].id
        events = match.answer(answer)
        if want(before, decision, answer, events):
            return before, answer, events
    raise AssertionError("no such step in the sampled game")


def test_own_answer_without_new_information_is_taken_back_and_the_record_verifies() -> None:
    m = _match("chant", 5)
    game = m.game

    def quiet(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return (m.decision is not None and m.decision.player == decision.player
                and not reveals(game, before, answer, decision.player))

    before, _, _ = _play_until(m, quiet)
    seat = m.deciders[-1]
    answers = list(m.answers)
    assert takeback_limit(m, seat) >= 1
    take_back(m, seat)
    assert m.answers == answers[:-1]
    assert game.to_json(m.state) == game.to_json(before)
    assert m.decision is not None and m.decision.player == seat
    record = GameRecord.from_json(m.record().to_json())
    assert verify(record).ok and len(record.answers) == len(answers) - 1


def test_never_back_past_a_draw() -> None:
    m = _match("chant", 5)

    def own_draw(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return (m.decision is not None and m.decision.player == decision.player
                and any(e.kind == "draw" and e.private_to == decision.player for e in events))

    _play_until(m, own_draw)
    seat = m.deciders[-1]
    answers = list(m.answers)
    assert takeback_limit(m, seat) == 0
    with pytest.raises(TakeBackError) as refused:
        take_back(m, seat)
    assert refused.value.key == "new_info"
    assert m.answers == answers  # nothing changed


def test_never_back_past_the_opponents_answer() -> None:
    m = _match("chant", 5)

    def handed_over(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return m.decision is not None and m.decision.player != decision.player and len(m.answers) > 3

    _play_until(m, handed_over)
    mover = m.deciders[-1]
    waiting = 1 - mover
    assert takeback_limit(m, waiting) == 0
    with pytest.raises(TakeBackError) as refused:
        take_back(m, waiting)
    assert refused.value.key == "not_yours"


def test_a_coin_is_new_information() -> None:
    """Destiny's forecast-ability answers toss the coin for the first player (rule 2.3): it is new."""
    m = _match("destiny", 5)

    def tossed(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        return any(e.kind == "coin" for e in events)

    before, answer, _ = _play_until(m, tossed)
    assert reveals(m.game, before, answer, m.deciders[-1])
    assert takeback_limit(m, m.deciders[-1]) == 0


def test_several_answers_back_one_at_a_time_up_to_the_limit() -> None:
    m = _match("chant", 5)
    game = m.game
    run: list[int] = []

    def two_quiet(before: Any, decision: Any, answer: str, events: list[Event]) -> bool:
        mine = m.decision is not None and m.decision.player == decision.player
        if mine and not reveals(game, before, answer, decision.player):
            run.append(len(m.answers))
        else:
            run.clear()
        return len(run) >= 2

    _play_until(m, two_quiet, limit=2000)
    seat = m.deciders[-1]
    limit = takeback_limit(m, seat)
    assert limit >= 2
    n = len(m.answers)
    with pytest.raises(TakeBackError):
        take_back(m, seat, limit + 1)
    assert len(m.answers) == n
    assert take_back(m, seat) == limit - 1
    assert take_back(m, seat, limit - 1) == 0
    assert len(m.answers) == n - limit


def test_a_finished_game_takes_nothing_back() -> None:
    m = _match("chant", 2)
    m.forfeit(0, "concession")
    with pytest.raises(TakeBackError) as refused:
        take_back(m, 0)
    assert refused.value.key == "over"


#: a Chant game (random answers, seed 96) whose runaway coin is tossed within 200 answers
SEED_WITH_A_RUNAWAY_TOSS = 96


def _counters_agree(game_name: str, chance: str, seed: int) -> tuple[int, int]:
    """Plays a random game (taking answers back now and then), checking TakeBackCounter against
    takeback_limit after every answer; returns (answers taken back, posts given)."""
    from grimoire.core.boardcoin import POST_KIND
    from grimoire.core.undo import TakeBackCounter

    game = load_game(game_name)
    names = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(names[0]), game.cards.starter_deck(names[-1]))
    # Chant's coin for the first player is tossed in the set-up: it reads the host's post
    script = ("12:00:04",) if chance == "post" and game_name == "chant" else ()
    match = Match(game, Setup(decks, game.options(), seed=seed, chance=chance, chance_script=script))
    counters = (TakeBackCounter(0), TakeBackCounter(1))
    chooser = Chance.seeded(seed)
    taken = posts = 0
    for step in range(200):
        decision = match.decision
        if decision is None:
            break
        if decision.kind == POST_KIND:
            posts += 1
            match.answer(f"post:12:00:0{chooser.below(10)}")
        else:
            match.answer(decision.options[chooser.below(len(decision.options))].id)
        if match.held is not None:  # the answer waits on a post time: nothing was applied yet
            continue
        for seat in (0, 1):
            assert counters[seat].limit(match) == takeback_limit(match, seat), (seed, step, seat)
        seat = match.deciders[-1]
        if step % 7 == 3 and takeback_limit(match, seat) > 0:
            take_back(match, seat)
            taken += 1
            for counter in counters:
                counter.reset()
            for s in (0, 1):
                assert counters[s].limit(match) == takeback_limit(match, s)
    return taken, posts


@pytest.mark.parametrize(("game_name", "chance", "seeds"), [
    ("chant", "prng", (1, 2)), ("destiny", "prng", (1, 2)),
    ("chant", "post", (SEED_WITH_A_RUNAWAY_TOSS,)), ("destiny", "post", (1, 2))])
def test_the_step_by_step_counter_always_agrees_with_the_take_back_limit(game_name: str, chance: str,
                                                                         seeds: tuple[int, ...]) -> None:
    """TakeBackCounter (what a server asks after every answer) equals takeback_limit at every step, for
    both seats, also after answers are taken back, and with the board coin asked at the toss (a post time
    reaches the match's chance script only when it is given, after the kept copy was made)."""
    taken = posts = 0
    for seed in seeds:
        t, p = _counters_agree(game_name, chance, seed)
        taken, posts = taken + t, posts + p
    assert taken > 0
    assert (posts > 0) == (chance == "post")
