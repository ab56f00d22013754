"""Seats in a one-deck field: the deck measured (swapped, forced, optimized) meets itself, both
seats carry one label, and seats alternate by game. Every table reads the measured deck's seat
with one helper (`deck_seat`); here against the truth, the same games played under two labels."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from grimoire.balance import balance
from grimoire.balance.choices import choice_blocks
from grimoire.balance.collect import GameStats, deck_seat, run_blocks
from grimoire.balance.suggest import field_blocks
from grimoire.balance.swaps import Arm, SwapPlan, deck_results, paired_effect, swap_blocks, swapped
from grimoire.core.registry import load_game

GAMES = 40


def relabeled(blocks: list) -> list:  # type: ignore[type-arg]
    """The same games (same seeds, decks and hints) with the opponent's copy under its own label."""
    return [dataclasses.replace(b, labels=(b.labels[0], "mirror")) for b in blocks]


def played(blocks: list) -> list[GameStats]:  # type: ignore[type-arg]
    return [g for part in run_blocks(blocks) for g in part]


def test_a_one_deck_swap_reads_the_swapped_decks_seat_in_every_game(tmp_path: Path) -> None:
    science = load_game("chant").cards.starter_deck("science")
    field = [("science", science)]
    arm = Arm("orbital_cannon", "science", "emergency_booster", science.all_cards().count("orbital_cannon"))
    built = swap_blocks("chant", None, (), "greedy", field, None, "science", GAMES, 1)
    swapped = swap_blocks("chant", None, (), "greedy", field, arm, "science", GAMES, 1)
    mirror = paired_effect(deck_results(played(built), "science"), deck_results(played(swapped), "science"))
    truth = paired_effect(deck_results(played(relabeled(built)), "science"),
                          deck_results(played(relabeled(swapped)), "science"))
    assert mirror["pairs"] == truth["pairs"] == GAMES
    assert (mirror["value"], mirror["ci95"]) == (truth["value"], truth["ci95"])
    # and the report's swap row is that value
    data = balance("chant", ["science"], ["greedy"], GAMES, tmp_path, seed=1, plots_enabled=False,
                   swap=SwapPlan(cards=("orbital_cannon",), with_card="emergency_booster"))
    (row,) = data["swaps"]["rows"]
    assert row["value"] == truth["value"] and row["pairs"] == GAMES


def test_a_one_deck_choice_table_forces_the_answer_on_the_measured_seat_only() -> None:
    game = load_game("destiny")
    deck = game.cards.starter_deck("omnipotent_festival")
    hints = {"omnipotent_festival": (("ability", "chimyaku_no_hako"),)}
    blocks = choice_blocks("destiny", (), "greedy", [("omnipotent_festival", deck)], "omnipotent_festival",
                           "ability", "chimyaku_houki", hints, 10, 1)
    assert {b.hints for b in blocks} == {((("ability", "chimyaku_houki"),), (("ability", "chimyaku_no_hako"),))}
    games = played(blocks)
    truth = played(relabeled(blocks))
    assert [g.winner for g in games] == [g.winner for g in truth]
    assert [deck_seat(g, "omnipotent_festival") for g in games] == [
        deck_seat(g, "omnipotent_festival") for g in truth] == [i % 2 for i in range(10)]


def test_a_one_deck_optimizer_plays_each_trial_list_against_the_deck_as_built() -> None:
    science = load_game("chant").cards.starter_deck("science")
    trial = swapped(science, "orbital_cannon", "emergency_booster")
    make = field_blocks("chant", (), "greedy", 10, 1, (), {}, [("science", science)])
    (block,) = make([("science", trial)], "science")
    assert block.decks == (trial, science)
