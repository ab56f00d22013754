"""Sequential measurement (issue 35 item 4): the lab keeps playing until each figure answers the question
(a half-width, or a side of the band's edges) or the budget ends, and says which stopped it."""

import json
from pathlib import Path
from typing import Any

import pytest
from balance_helpers import invoke_balance

from grimoire.balance.sequential import Budget, check, measure, parse_budget, parse_until, planned_looks, widened
from grimoire.core.errors import GrimoireError


def test_the_interval_is_widened_for_the_planned_looks_so_repeated_looks_keep_the_error_rate() -> None:
    lo, hi = widened(0.5, [0.46, 0.54], 1)
    assert (lo, hi) == (0.46, 0.54)
    lo4, hi4 = widened(0.5, [0.46, 0.54], 4)
    assert lo4 < 0.455 and hi4 > 0.545  # z(1 − 0.025/4) / z(0.975) ≈ 1.28
    # an interval that clears the 45 % edge at one look does not after the correction for four
    fig = {"rate": 0.5, "ci95": [0.455, 0.545]}
    assert check(fig, "rate", parse_until("band"), looks=1) == "decided"
    assert check(fig, "rate", parse_until("band"), looks=4) is None
    assert widened(0.0, [0.0, 0.9], 8, rate=True)[1] == 1.0


def test_an_effect_is_decided_against_zero_and_a_rate_against_both_band_edges() -> None:
    band = parse_until("band")
    assert check({"diff": 0.05, "ci95": [0.01, 0.09]}, "diff", band, 1) == "decided"
    assert check({"diff": 0.05, "ci95": [-0.01, 0.11]}, "diff", band, 1) is None
    assert check({"rate": 0.60, "ci95": [0.56, 0.64]}, "rate", band, 1) == "decided"  # above the band
    assert check({"rate": 0.54, "ci95": [0.52, 0.56]}, "rate", band, 1) is None  # crosses 55 %
    assert check({"rate": 0.54, "ci95": [0.52, 0.56]}, "rate", parse_until("half-width=2"), 1) == "precise"
    assert check({"rate": 0.54, "ci95": [0.51, 0.57]}, "rate", parse_until("half-width=2"), 1) is None


def test_looks_double_up_to_the_budget() -> None:
    assert planned_looks(20, Budget(games=160)) == [20, 40, 80, 160]
    assert planned_looks(20, Budget(games=20)) == [20]


def test_bad_until_and_budget_are_refused_in_one_line() -> None:
    for bad in ("", "half-width", "half-width=0", "half-width=x", "width=2", "bands"):
        with pytest.raises(GrimoireError, match="--until"):
            parse_until(bad)
    for bad in ("0", "-5", "x", "0s", "s", "1.5"):
        with pytest.raises(GrimoireError, match="--budget"):
            parse_budget(bad)


def _fake(values: dict[int, float]) -> Any:
    """A report whose one effect has a fixed half-width 0.4 / √games around the value given per look."""
    played: list[int] = []

    def run(games: int) -> dict[str, Any]:
        played.append(games)
        half = 0.4 / games ** 0.5
        v = values[games]
        return {"swaps": [{"card": "x", "diff": v, "ci95": [v - half, v + half], "pairs": games}],
                "levels": {"greedy": {"first_player": {"rate": 0.5, "ci95": [0.5 - half, 0.5 + half], "games": games}}}}

    return run, played


def test_each_figure_records_the_look_that_answered_it_and_the_run_stops_when_all_are_answered() -> None:
    run, played = _fake({10: 0.3, 20: 0.3, 40: 0.3, 80: 0.3, 160: 0.3})
    data = measure(run, 10, parse_until("band"), Budget(games=160))
    seq = data["sequential"]
    rows = {r["figure"]: r for r in seq["figures"]}
    # the effect of +0.3 clears 0 early; the 50 % first player is inside the band only once narrow
    assert rows["swaps[x]"]["stop"] == "decided" and rows["swaps[x]"]["games"] == 10
    assert rows["levels.greedy.first_player"]["stop"] == "decided"
    assert rows["levels.greedy.first_player"]["games"] == 160 and played == [10, 20, 40, 80, 160]
    assert seq["correction"] == "bonferroni" and seq["looks"] == [10, 20, 40, 80, 160]


def test_a_figure_still_open_when_the_budget_ends_says_budget() -> None:
    run, played = _fake({10: 0.01, 20: 0.01, 40: 0.01})
    data = measure(run, 10, parse_until("half-width=1"), Budget(games=40))
    stops = {r["figure"]: r["stop"] for r in data["sequential"]["figures"]}
    assert stops == {"swaps[x]": "budget", "levels.greedy.first_player": "budget"}
    assert played == [10, 20, 40] and data["sequential"]["stopped"]["budget"] == 2


def test_a_seconds_budget_stops_after_the_look_that_spends_it() -> None:
    run, played = _fake({10 * 2 ** i: 0.0 for i in range(8)})
    ticks = iter([0.0, 5.0, 11.0])
    data = measure(run, 10, parse_until("half-width=1"), Budget(seconds=10.0), clock=lambda: next(ticks))
    assert played == [10, 20] and data["sequential"]["games"] == 20


def test_the_command_plays_until_the_band_question_is_answered_and_says_why(tmp_path: Path) -> None:
    result = invoke_balance(["toy", "--deck", "steady", "--deck", "bold", "--agent", "greedy", "-n", "10",
                             "--out", str(tmp_path), "--until", "band", "--budget", "40", "--workers", "1"])
    assert result.exit_code == 0, result.output
    seq = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))["sequential"]
    assert seq["looks"] == [10, 20, 40]
    rows = {r["figure"]: r for r in seq["figures"]}
    fp = rows["levels.greedy.first_player"]
    assert fp["stop"] == "decided" and fp["games"] in (10, 20, 40)  # the toy's first player wins ~75 %
    assert {"levels.greedy.deck_win_rates[steady]", "levels.greedy.deck_win_rates[bold]"} <= set(rows)
    assert not any(".drawn" in f for f in rows)  # card associations are not questions of their own
    assert "sequential: " in result.output and "decided against the band" in result.output


def test_budget_without_until_is_refused(tmp_path: Path) -> None:
    result = invoke_balance(["toy", "--deck", "steady", "--agent", "greedy", "-n", "2", "--out",
                             str(tmp_path / "x"), "--budget", "40"])
    assert result.exit_code != 0
    assert "--budget needs --until" in str(result.exception or "") + result.output
    assert not (tmp_path / "x").exists()
