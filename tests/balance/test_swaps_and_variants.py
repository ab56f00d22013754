"""Card value by controlled swaps and rules-variant A/B on the same seeds (toy game and small Chant runs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from balance_helpers import planted_files

from grimoire.balance import balance
from grimoire.balance.collect import GameStats
from grimoire.balance.swaps import Arm, SwapPlan, first_player_results, paired_effect, summarize_swaps, swapped
from grimoire.cli.balance import summary_lines
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.registry import load_game
from grimoire.games.chant.metrics import vanilla_card


def test_paired_effect_by_hand() -> None:
    # differences 1, 0, 1, 0: mean 0.5, sample variance 1/3, standard error √(1/12) = 0.28868;
    # half-width t_{0.975, 3}·√(1/12) = 3.1824·0.28868 = 0.91869 (the normal 1.96 gave 0.5658)
    base = {("l", "o", i): v for i, v in enumerate([1.0, 1.0, 1.0, 0.0])}
    other = {("l", "o", i): v for i, v in enumerate([0.0, 1.0, 0.0, 0.0])}
    e = paired_effect(base, other)
    assert e["value"] == 0.5 and e["pairs"] == 4
    assert e["ci95"][0] == pytest.approx(0.5 - 0.91869, abs=1e-4)
    assert e["ci95"][1] == pytest.approx(0.5 + 0.91869, abs=1e-4)
    assert e["p"] == pytest.approx(0.1817, abs=1e-3)  # t = 0.5 / √(1/12) = 1.732 on 3 degrees of freedom


def _stats(index: int, decks: tuple[str, str], winner: int | None, first: int | None) -> GameStats:
    return GameStats(index, "greedy", decks, winner, "", first, 10, 50)


def test_first_player_results_count_draws_half_and_skip_unknown_first_players() -> None:
    games = [_stats(0, ("a", "b"), 0, 0), _stats(1, ("b", "a"), None, 1), _stats(2, ("a", "b"), 1, 0),
             _stats(3, ("a", "b"), 1, None)]
    assert first_player_results(games, "a") == {("greedy", "b", 0): 1.0, ("greedy", "b", 1): 0.5,
                                                ("greedy", "b", 2): 0.0}


def test_a_swaps_effect_on_the_first_player_by_hand() -> None:
    # deck a always sits second (seat 0, b's seat 1 moves first)
    # first player as built: lost, lost, lost, won; swapped: won, lost, won, won → differences −1, 0, −1, 0
    built = [_stats(i, ("a", "b"), w, 1) for i, w in enumerate([0, 0, 0, 1])]
    after = [_stats(i, ("a", "b"), w, 1) for i, w in enumerate([1, 0, 1, 1])]
    out = summarize_swaps(SwapPlan(("x",)), [Arm("x", "a", "v", 2)], [], {"a": built}, {0: after}, "holm")
    row = out["rows"][0]
    first = row["first_player"]
    assert first["value"] == -0.5 and first["pairs"] == 4
    assert first["ci95"][0] == pytest.approx(-0.5 - 0.91869, abs=1e-4)
    assert (first["built"], first["swapped"]) == (0.25, 0.75)
    assert row["value"] == 0.5  # deck a's own result moves the other way
    line = next(x for x in summary_lines({"levels": {}, "swaps": out, "flags": [], "guideline": []})
                if x.startswith("swap x"))
    assert "first player -50.0% [-141.9%, +41.9%]" in line


def test_a_swap_replaces_every_copy_in_place() -> None:
    deck = Deck("d", {"library": ["a", "b", "a"], "forbidden": ["a"]})
    assert swapped(deck, "a", "z").sections == {"library": ["z", "b", "z"], "forbidden": ["z"]}
    assert deck.sections["library"] == ["a", "b", "a"]


def test_chant_vanilla_card_follows_the_guideline_ratio() -> None:
    game = load_game("chant")
    assert vanilla_card(game, "orbital_cannon")["power"] == 6  # 60 % of 10
    assert vanilla_card(game, "orbital_cannon", power_delta=1)["power"] == 7
    assert vanilla_card(game, "fireball")["power"] == 1  # 60 % of 2 rounds to 1
    assert vanilla_card(game, "heavenly_conflagration") is None  # a forbidden book: no guideline


def test_toy_swap_finds_the_strong_card_and_is_deterministic(tmp_path: Path) -> None:
    def run(out: Path) -> dict:  # type: ignore[type-arg]
        return balance("toy", ["bold", "steady"], ["greedy"], 30, out, seed=4, plots_enabled=False,
                       swap=SwapPlan(("step3", "step2"), with_card="step1"))

    first, second = run(tmp_path / "a"), run(tmp_path / "b")
    assert first["swaps"] == second["swaps"]
    rows = {(r["card"], r["deck"]): r for r in first["swaps"]["rows"]}
    assert set(rows) == {("step3", "bold"), ("step3", "steady"), ("step2", "bold"), ("step2", "steady")}
    strong = rows[("step3", "bold")]
    assert strong["pairs"] == 30 and strong["ci95"][0] > 0
    assert any(f.startswith("better than its replacement") for f in strong["flags"])
    assert strong["value"] > rows[("step2", "bold")]["value"]
    assert strong["first_player"]["pairs"] == 30  # the same paired games, read for the first player
    assert "first player Δ" in (tmp_path / "a" / "report.html").read_text(encoding="utf-8")


def test_swapping_a_card_for_itself_is_skipped_and_unknown_cards_are_refused(tmp_path: Path) -> None:
    data = balance("toy", ["bold", "steady"], ["random"], 2, tmp_path, seed=1, plots_enabled=False,
                   swap=SwapPlan(("step1",), with_card="step1"))
    assert data["swaps"]["rows"] == [] and data["swaps"]["skipped"] == ["step1: it is its own replacement"]
    with pytest.raises(GrimoireError, match="no deck holds"):
        balance("toy", ["bold"], ["random"], 2, tmp_path / "x", swap=SwapPlan(("step9",), with_card="step1"))
    assert not (tmp_path / "x").exists()


def test_a_planted_overpowered_chant_card_is_detected_by_swaps(tmp_path: Path) -> None:
    cards, deck = planted_files(tmp_path)
    data = balance("chant", [deck, "matter"], ["greedy"], 60, tmp_path / "out", seed=2, plots_enabled=False,
                   card_paths=[cards], swap=SwapPlan(("planted_nuke", "ice_lance")))
    rows = {r["card"]: r for r in data["swaps"]["rows"]}
    nuke = rows["planted_nuke"]
    assert nuke["replacement"] == "vanilla_fantasy_2_1"
    assert nuke["ci95"][0] > 0 and nuke["p_adjusted"] < 0.05
    assert nuke["value"] > rows["ice_lance"]["value"]
    assert nuke["play_rate"]["games"] > 0


def test_a_variant_equal_to_the_default_changes_nothing(tmp_path: Path) -> None:
    data = balance("toy", ["bold", "steady"], ["greedy"], 10, tmp_path, seed=3, plots_enabled=False,
                   variants=[{"goal": "10"}])
    (v,) = data["variants"]
    assert v["variant"] == {"goal": "10"}
    for m in v["metrics"]:
        assert m["diff"] == 0.0 and m["ci95"] == [0.0, 0.0]


def test_a_shorter_goal_variant_shortens_toy_games_on_the_same_seeds(tmp_path: Path) -> None:
    data = balance("toy", ["bold", "steady"], ["greedy"], 20, tmp_path, seed=3, plots_enabled=False,
                   variants=[{"goal": "5"}])
    turns = next(m for m in data["variants"][0]["metrics"] if m["metric"] == "turns")
    assert turns["pairs"] == 60 and turns["ci95"][1] < 0
    assert data["variants"][0]["options"]["goal"] == 5


def test_a_bad_variant_is_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(GrimoireError, match="unknown rules option 'gaol'"):
        balance("toy", ["bold"], ["random"], 2, tmp_path / "x", variants=[{"gaol": "5"}])
    with pytest.raises(GrimoireError, match="cannot be combined"):
        balance("toy", ["bold"], ["random"], 2, tmp_path / "y", variants=[{"goal": "5"}], compare=("a", "b"))
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


def test_a_card_swapped_everywhere_moves_the_deck_that_holds_it_and_is_deterministic(tmp_path: Path) -> None:
    cards, deck = planted_files(tmp_path)

    def run(out: Path) -> dict:  # type: ignore[type-arg]
        return balance("chant", [deck, "matter"], ["greedy"], 60, out, seed=2, plots_enabled=False,
                       card_paths=[cards], swap=SwapPlan(("planted_nuke", "iron_shield"), everywhere=True))

    data, again = run(tmp_path / "a"), run(tmp_path / "b")
    assert data["field_swaps"] == again["field_swaps"] and data["swaps"] is None
    rows = {r["card"]: r for r in data["field_swaps"]["rows"]}
    assert rows["planted_nuke"]["decks"] == ["planted"] and rows["planted_nuke"]["copies"] == 3
    assert rows["iron_shield"]["decks"] == ["planted", "matter"] and rows["iron_shield"]["copies"] == 6
    nuke = {m["subject"]: m for m in rows["planted_nuke"]["metrics"]}
    assert nuke["planted"]["ci95"][1] < 0  # the deck loses its card: it wins less (swapped − built)
    assert nuke["matter"]["ci95"][0] > 0
    assert nuke["first player"]["pairs"] == 180  # the whole field: the mirrors and the pairing, 60 each
    html = (tmp_path / "a" / "report.html").read_text(encoding="utf-8")
    assert "Cards swapped in every deck" in html and "planted_nuke" in html
