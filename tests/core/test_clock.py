"""Game clocks: time controls, charging the seat that must answer, flag fall, storage across restarts."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core.clock import Clock, TimeControl
from grimoire.core.errors import GrimoireError


@pytest.mark.parametrize(("text", "base", "increment"), [
    ("5+10", 300.0, 10.0), ("3", 180.0, 0.0), (" 1 + 0 ", 60.0, 0.0), ("0.5+2.5", 30.0, 2.5)])
def test_time_controls_are_minutes_plus_seconds(text: str, base: float, increment: float) -> None:
    control = TimeControl.parse(text)
    assert (control.base_s, control.increment_s) == (base, increment)
    assert TimeControl.parse(control.label()) == control


@pytest.mark.parametrize("text", ["", "five", "5+", "-1+2", "0", "0+5", "5+61", "1441", "5+10+2"])
def test_a_bad_time_control_is_a_one_line_error(text: str) -> None:
    with pytest.raises(GrimoireError) as info:
        TimeControl.parse(text)
    assert "\n" not in str(info.value)


# each step: (seconds the seat to answer takes, which seat answers next)
STEPS = st.lists(st.tuples(st.floats(0, 20, allow_nan=False), st.sampled_from([0, 1])), max_size=40)


@given(STEPS)
def test_each_seat_is_charged_exactly_its_own_thinking_time_plus_increments(steps: list[tuple[float, int]]) -> None:
    control = TimeControl(3600, 5)
    clock = Clock.start(control, 0, now=1000.0)
    now, spent, answers = 1000.0, [0.0, 0.0], [0, 0]
    for took, following in steps:
        seat = clock.running
        assert seat is not None
        now += took
        clock.answer(now, following)
        spent[seat] += took
        answers[seat] += 1
    for seat in (0, 1):
        expected = 3600 + 5 * answers[seat] - spent[seat]
        waiting = clock.left(seat, now)
        assert abs(waiting - expected) < 0.001 * (len(steps) + 1)


def test_the_seat_whose_time_runs_out_has_flagged_and_cannot_answer() -> None:
    clock = Clock.start(TimeControl(60, 0), 1, now=0.0)
    assert clock.flagged(59.9) is None and clock.left(0, 59.9) == 60
    assert clock.flagged(60.0) == 1 and clock.left(1, 75.0) == 0
    before = clock.to_json()
    with pytest.raises(GrimoireError, match="seat 1 has no time left"):
        clock.answer(61.0, 0)
    assert clock.to_json() == before


def test_a_stopped_clock_never_flags() -> None:
    clock = Clock.start(TimeControl(60, 0), 0, now=0.0)
    clock.answer(10.0, None)  # the game ended
    assert clock.flagged(10_000.0) is None and clock.left(0, 10_000.0) == 50


def test_a_stored_clock_resumes_after_a_restart_where_it_was() -> None:
    clock = Clock.start(TimeControl(300, 10), 0, now=50.0)
    clock.answer(80.0, 1)
    stored = json.loads(json.dumps(clock.to_json()))
    again = Clock.from_json(stored)
    assert again == clock
    assert again.left(1, 200.0) == clock.left(1, 200.0) == 180  # the clock kept running while the server was down


@pytest.mark.parametrize("data", [
    [], {}, {"base_s": 300, "increment_s": 0, "left_ms": [1], "running": 0, "since": 0},
    {"base_s": 300, "increment_s": 0, "left_ms": [1, 2], "running": 2, "since": 0},
    {"base_s": 300, "increment_s": 0, "left_ms": [1, 2], "running": True, "since": 0},
    {"base_s": 0, "increment_s": 0, "left_ms": [1, 2], "running": 0, "since": 0},
    {"base_s": 300, "increment_s": 0, "left_ms": ["a", 2], "running": 0, "since": 0},
])
def test_a_malformed_stored_clock_is_a_one_line_error(data: object) -> None:
    with pytest.raises(GrimoireError):
        Clock.from_json(data)


@pytest.mark.parametrize(("text", "days"), [("1d", 1), ("2d", 2), (" 3 d ", 3), ("7d", 7)])
def test_play_by_post_gives_days_per_move(text: str, days: int) -> None:
    control = TimeControl.parse(text)
    assert control.per_move and control.base_s == days * 86_400 and control.increment_s == 0
    assert TimeControl.parse(control.label()) == control
    assert Clock.from_json(json.loads(json.dumps(Clock.start(control, 0, 5.0).to_json()))).control == control


@pytest.mark.parametrize("text", ["0d", "4d", "30d", "1.5d", "d"])
def test_days_per_move_are_one_two_three_or_seven(text: str) -> None:
    with pytest.raises(GrimoireError) as info:
        TimeControl.parse(text)
    assert "\n" not in str(info.value)


@given(STEPS)
def test_every_decision_by_post_has_the_whole_allowance_and_nothing_carries_over(
        steps: list[tuple[float, int]]) -> None:
    day = 86_400.0
    clock = Clock.start(TimeControl.parse("1d"), 0, now=0.0)
    now = 0.0
    for took, following in steps:
        now += took * 4000  # up to 80,000 s of a day's 86,400: never flagged
        assert clock.flagged(now) is None
        clock.answer(now, following)
        assert clock.left(following, now) == day and clock.left(1 - following, now) == day
    seat = clock.running
    assert clock.flagged(now + day - 1) is None and clock.flagged(now + day) == seat


def test_a_stored_clock_without_per_move_is_a_live_clock() -> None:
    stored = Clock.start(TimeControl(300, 10), 0, 1.0).to_json()
    assert "per_move" not in stored
    assert not Clock.from_json(stored).control.per_move
