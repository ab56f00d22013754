"""A card's equivalent power (issue 35 item 3): the vanilla power that plays like the card, and a verdict
against the seed's allowed power for its cost (Chant rule 8.5)."""

import json
from pathlib import Path

from balance_helpers import invoke_balance

from grimoire.balance.equivalent import confirmed, crossing, equivalent, verdict


def test_the_equivalent_power_is_where_the_swap_value_crosses_zero_with_its_interval() -> None:
    pts = [(3, 0.20, [0.15, 0.25]), (4, 0.10, [0.05, 0.15]), (5, -0.10, [-0.15, -0.05])]
    r = equivalent(pts)
    assert r["power"] == 4.5
    assert r["ci"] == [4.25, 4.75]  # the lower bound crosses 0 first, the upper one later


def test_an_end_the_sweep_never_reaches_is_open() -> None:
    always_better = [(1, 0.3, [0.2, 0.4]), (2, 0.2, [0.1, 0.3])]
    assert equivalent(always_better) == {"power": None, "ci": [None, None]}
    noisy = [(1, 0.05, [-0.05, 0.15]), (2, -0.05, [-0.15, 0.05])]
    assert equivalent(noisy)["ci"] == [None, None] and crossing([(1, 0.05), (2, -0.05)]) == 1.5


def test_rule_8_5_verdict_against_the_band_of_the_cards_chant_value() -> None:
    assert verdict([7.0, 8.5], (3, 6)) == "too strong"
    assert verdict([1.0, 2.5], (3, 6)) == "too weak"
    assert verdict([3.5, 5.0], (3, 6)) == "in band"
    assert verdict([5.0, 7.0], (3, 6)) == "undecided" and verdict([None, 5.0], (3, 6)) == "undecided"
    assert verdict([None, 2.0], (3, 6)) == "too weak" and verdict([7.0, None], (3, 6)) == "too strong"
    assert verdict([4.0, 5.0], None) == "no band"


def test_a_verdict_stands_only_when_fresh_seeds_repeat_it() -> None:
    row = {"card": "c", "deck": "d", "level": "greedy", "power": 7.2, "ci": [6.6, 7.8], "verdict": "too strong"}
    same = {**row, "power": 7.0, "ci": [6.4, 7.6]}
    other = {**row, "power": 6.1, "ci": [5.0, 7.0], "verdict": "undecided"}
    assert confirmed([row], [same])[0]["verdict"] == "too strong"
    kept = confirmed([row], [other])[0]
    assert kept["verdict"] == "undecided" and kept["first_verdict"] == "too strong"
    assert kept["fresh"] == {"power": 6.1, "ci": [5.0, 7.0], "verdict": "undecided"}
    assert confirmed([row], [])[0]["verdict"] == "undecided"


def test_the_command_sweeps_the_vanilla_power_and_says_what_the_card_plays_like(tmp_path: Path) -> None:
    result = invoke_balance(["chant", "--deck", "fire", "--agent", "greedy", "-n", "4", "--out", str(tmp_path),
                             "--swap", "火焔球", "--equivalent-power", "--workers", "1"])
    assert result.exit_code == 0, result.output
    found = json.loads((tmp_path / "equivalent.json").read_text(encoding="utf-8"))
    assert found[0]["card"] == "flame_sphere" and found[0]["chant"] == 4 and found[0]["band"] == [1, 2]
    row = found[0]["rows"][0]
    powers = [p["power"] for p in row["points"]]
    assert powers == sorted(set(powers)) and len(powers) == 6  # −3 … +3 around 2, power 0 swept once
    assert row["verdict"] in ("too strong", "too weak", "in band", "undecided")
    assert row["fresh"] is not None and (row["verdict"] == row["fresh"]["verdict"] or row["verdict"] == "undecided")
    assert (tmp_path / "flame_sphere-power+0-fresh" / "balance.json").exists()  # re-checked on fresh seeds
    assert "equivalent power [greedy] flame_sphere in fire:" in result.output and "seed band 1–2" in result.output
    # the card's cost and power are named by the plugin's card_numbers (Chant: chant value, power)
    assert found[0]["cost_fields"] == ["chant"] and found[0]["power_field"] == "power"
    assert "plays like a chant-4 power-" in result.output or "never match" in result.output


def test_equivalent_power_without_a_single_swap_is_refused(tmp_path: Path) -> None:
    for extra in (["--swap-all"], ["--swap", "火焔球", "--swap-all"], ["--swap", "火焔球", "--swap-power", "1"], []):
        result = invoke_balance(["chant", "--deck", "fire", "--agent", "greedy", "-n", "2", "--out",
                                 str(tmp_path / "x"), "--equivalent-power", *extra])
        assert result.exit_code != 0
        assert "--equivalent-power needs --swap CARD" in str(result.exception or "") + result.output
    assert not (tmp_path / "x").exists()


def test_a_game_without_vanilla_cards_says_so_in_one_line(tmp_path: Path) -> None:
    # the example plugin has no metrics.vanilla hook: the sweep has nothing to measure, and says so
    result = invoke_balance(["toy", "--deck", "steady", "--agent", "greedy", "-n", "2", "--out", str(tmp_path),
                             "--swap", "step3", "--equivalent-power", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "equivalent power step3: the game has no vanilla card for this card" in result.output
    found = json.loads((tmp_path / "equivalent.json").read_text(encoding="utf-8"))
    assert found == [{"card": "step3", "rows": [], "note": "the game has no vanilla card for this card"}]
