"""The balance lab's statistics against hand-computed values: difference intervals, p-values,
Holm and Benjamini–Hochberg, the minimum sample, play rates and card flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.balance import balance
from grimoire.balance.analysis import (
    adjust,
    card_flags,
    card_impact,
    deck_rates,
    difference,
    first_player,
    matchups,
    paired,
    results,
    sign_flags,
)
from grimoire.balance.collect import GameStats, deck_seat
from grimoire.balance.swaps import first_player_results, paired_effect
from grimoire.core.decision import Event
from grimoire.core.stats import (
    benjamini_hochberg,
    holm,
    newcombe,
    p_t_two_sided,
    p_two_sided,
    t95,
    t_cdf,
    two_proportion_z,
)
from grimoire.games.destiny.metrics import DestinyMetrics


def test_newcombe_interval_of_30_of_50_minus_20_of_50_matches_the_hand_computation() -> None:
    # Wilson(30, 50) = [0.46181, 0.72391], Wilson(20, 50) = [0.27608, 0.53819];
    # lower = 0.2 − √((0.6 − 0.46181)² + (0.53819 − 0.4)²) = 0.00457,
    # upper = 0.2 + √((0.72391 − 0.6)² + (0.4 − 0.27608)²) = 0.37524.
    lo, hi = newcombe(30, 50, 20, 50)
    assert lo == pytest.approx(0.00457, abs=1e-4) and hi == pytest.approx(0.37524, abs=1e-4)
    assert newcombe(0, 0, 3, 4) == (-1.0, 1.0)


def test_two_proportion_z_and_its_p_value() -> None:
    # pooled 0.5, se = √(0.25 · (1/50 + 1/50)) = 0.1, z = 0.2 / 0.1 = 2
    assert two_proportion_z(30, 50, 20, 50) == pytest.approx(2.0)
    assert p_two_sided(2.0) == pytest.approx(0.0455003, abs=1e-6)
    assert two_proportion_z(5, 5, 5, 5) == 0.0


def test_holm_adjustment_by_hand() -> None:
    # sorted 0.01, 0.02, 0.03, 0.04 → ×4, ×3, ×2, ×1 = 0.04, 0.06, 0.06, 0.04 → running max 0.04, 0.06, 0.06, 0.06
    assert holm([0.03, 0.01, 0.04, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_benjamini_hochberg_adjustment_by_hand() -> None:
    # m = 4: 0.04·4/4 = 0.04, 0.03·4/3 = 0.04, 0.02·4/2 = 0.04, 0.01·4/1 = 0.04
    assert benjamini_hochberg([0.03, 0.01, 0.04, 0.02]) == pytest.approx([0.04, 0.04, 0.04, 0.04])
    # 0.001·3 = 0.003, 0.02·3/2 = 0.03, 0.9
    assert benjamini_hochberg([0.9, 0.001, 0.02]) == pytest.approx([0.9, 0.003, 0.03])
    assert adjust([0.9, 0.001, 0.02], "bh") == benjamini_hochberg([0.9, 0.001, 0.02])
    with pytest.raises(ValueError):
        adjust([0.1], "bonferroni")


def test_a_difference_needs_the_minimum_sample_on_both_sides() -> None:
    small = difference({"wins": 0, "games": 1}, {"wins": 30, "games": 50})
    assert small == {"delta": None, "ci95": None, "p": None, "enough": False}
    big = difference({"wins": 30, "games": 50}, {"wins": 20, "games": 50})
    assert big["delta"] == pytest.approx(0.2) and big["p"] == pytest.approx(0.0455003, abs=1e-6)
    assert difference({"wins": 3, "games": 5}, {"wins": 2, "games": 5}, min_sample=5)["enough"]


def _game(index: int, winner: int, drawn: tuple[list[str], list[str]],
          played: tuple[list[str], list[str]]) -> GameStats:
    return GameStats(index, "greedy", ("a", "b"), winner, "life", 0, 10, 50, [list(drawn[0]), list(drawn[1])],
                     [list(played[0]), list(played[1])])


def test_card_impact_counts_play_rate_and_adjusts_p_values_over_the_cards() -> None:
    games = []
    # deck a holds "ace" and "dud"; 40 games: ace drawn in the first 20 (and a wins those), never in the rest.
    for i in range(40):
        drew = i < 20
        games.append(_game(i, 0 if drew else 1, (["ace", "dud"] if drew else ["dud"], []),
                           (["ace"] if drew and i % 2 == 0 else [], [])))
    cards = {c["card"]: c for c in card_impact(games, {"a": {"ace", "dud"}, "b": set()}, min_sample=20)}
    ace, dud = cards["ace"], cards["dud"]
    assert (ace["drawn"]["wins"], ace["drawn"]["games"], ace["not_drawn"]["wins"], ace["not_drawn"]["games"]) == (
        20, 20, 0, 20)
    assert ace["drawn_delta"] == 1.0
    assert ace["play_rate"]["wins"] == 10 and ace["play_rate"]["games"] == 20
    assert dud["drawn_delta"] is None and dud["drawn_p_adjusted"] is None  # never "not drawn": no comparison
    assert dud["play_rate"]["games"] == 40 and dud["play_rate"]["wins"] == 0
    # one tested card: Holm leaves its p-value as it is
    assert ace["drawn_p_adjusted"] == ace["drawn_p"] < 1e-6
    flags = {(f["card"], f["kind"]) for f in card_flags(list(cards.values()))}
    assert flags == {("ace", "drawn_association"), ("dud", "never_played")}


def test_card_flags_are_corrected_for_the_number_of_cards() -> None:
    def card(name: str, p: float, adjusted: float) -> dict:  # type: ignore[type-arg]
        return {"card": name, "drawn_delta": 0.1, "drawn_delta_ci95": [0.01, 0.2], "drawn_p": p,
                "drawn_p_adjusted": adjusted, "play_rate": {"wins": 10, "games": 10, "rate": 1.0, "ci95": [0.7, 1.0]}}

    ps = [0.02, 0.03, 0.04]
    adjusted = holm(ps)  # 0.06, 0.06, 0.06: none survives
    assert card_flags([card(f"c{i}", p, a) for i, (p, a) in enumerate(zip(ps, adjusted, strict=True))]) == []
    raw = card_flags([card(f"c{i}", p, p) for i, p in enumerate(ps)])
    assert len(raw) == 3  # without the correction all three would be flagged


def test_a_card_sign_change_needs_a_corrected_significant_finding() -> None:
    def level(delta: float, adjusted: float) -> dict:  # type: ignore[type-arg]
        wins = int(100 * (0.5 + delta))
        return {"matchups": [], "first_player": {"rate": 0.5, "games": 200, "wins": 100},
                "cards": [{"card": "x", "drawn_delta": delta, "drawn_p_adjusted": adjusted,
                           "drawn": {"wins": wins, "games": 100}, "not_drawn": {"wins": 50, "games": 100}}]}

    assert [f["subject"] for f in sign_flags({"random": level(0.2, 0.001), "greedy": level(-0.1, 0.3)})] == ["x"]
    assert sign_flags({"random": level(0.2, 0.2), "greedy": level(-0.1, 0.3)}) == []


def test_destiny_cancels_are_counted_from_the_engines_cancel_event() -> None:
    m = DestinyMetrics()
    extra = m.start()
    m.step(None, None, [Event("cancel", 1, ("mirror_ward", 0)), Event("cancel", 1, ("mirror_ward", 0))],  # type: ignore[arg-type]
           extra)
    assert extra["cancels"] == [0, 2]


def test_destiny_greedy_games_report_cancels(tmp_path: Path) -> None:
    data = balance("destiny", ["spirit_festival", "omnipotent_festival"], ["greedy"], 10, tmp_path, seed=3,
                   plots_enabled=False)
    assert data["levels"]["greedy"]["game_metrics"]["cancels_per_game"] > 0


def test_the_report_states_its_caveat_sample_rule_and_length_count(tmp_path: Path) -> None:
    data = balance("chant", ["fire", "matter"], ["random"], 4, tmp_path, seed=5, plots_enabled=False,
                   correction="bh", min_sample=7)
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert data["method"]["correction"] == "bh" and data["method"]["min_sample"] == 7
    assert "Associations, not causes" in html and "相関であり因果ではない" in html
    assert "both players" in data["levels"]["random"]["length"]["counted"] and "both players" in html
    assert "at least 7 seat-games" in html


def test_t_quantiles_match_the_printed_table() -> None:
    # two-sided 95 % quantiles of Student's t as printed in every table (df 1, 2, 5, 10, 19, 29, 120)
    table = {1: 12.706, 2: 4.303, 5: 2.571, 10: 2.228, 19: 2.093, 29: 2.045, 120: 1.980}
    assert {df: round(t95(df), 3) for df in table} == table
    assert abs(t_cdf(2.093024, 19) - 0.975) < 1e-6 and p_t_two_sided(0.0, 7) == 1.0


def test_a_paired_interval_at_small_n_is_a_t_interval() -> None:
    old = [0.0] * 20
    new = [1.0] * 6 + [0.0] * 14  # mean 0.3, sd 0.4702, se 0.1051
    r = paired(old, new)
    half = r["ci95"][1] - r["diff"]
    assert r["pairs"] == 20 and abs(r["diff"] - 0.3) < 1e-12
    assert abs(half - t95(19) * r["se"]) < 1e-12 and round(half, 4) == 0.2200  # the normal 1.96 gave 0.2061
    effect = paired_effect({("l", "b", i): v for i, v in enumerate(new)}, {("l", "b", i): 0.0 for i in range(20)})
    assert round(effect["p"], 4) == round(p_t_two_sided(0.3 / r["se"], 19), 4) == 0.0102  # t_{0.995, 19} = 2.861


def _result(i: int, decks: tuple[str, str], winner: int | None, first: int = 0) -> GameStats:
    return GameStats(i, "greedy", decks, winner, "", first, 9, 40)


def test_a_draw_counts_half_in_every_table() -> None:
    games = [_result(0, ("a", "b"), 0), _result(1, ("b", "a"), None), _result(2, ("a", "b"), 1),
             _result(3, ("b", "a"), None)]
    rates = {r["deck"]: r for r in deck_rates(games, ["a", "b"])}
    assert rates["a"]["rate"] == rates["b"]["rate"] == 0.5 and rates["a"]["draws"] == 2
    (m,) = matchups(games, ["a", "b"])
    assert m["win_rate_a"] == 0.5 and m["draws"] == 2
    assert first_player(games)["rate"] == 0.5  # one win, one loss and two draws for the first player
    assert results(games, lambda g: deck_seat(g, "a"))["rate"] == 0.5  # the choice table's and optimizer's cells
    assert first_player_results(games, "a")[("greedy", "b", 1)] == 0.5  # the swap table's first-player column
    assert card_impact(games, {"a": {"x"}, "b": set()}, min_sample=1)[0]["not_drawn"]["rate"] == 0.5
