"""``grimoire balance GAME --card FILE``: one new card's verdict from paired games (too strong / within the
band / too weak), the card swapped into each starter deck for its most similar card."""

import json
from pathlib import Path

import pytest
from balance_helpers import invoke_balance

from grimoire.balance import verdict
from grimoire.core.errors import GrimoireError
from grimoire.core.registry import load_game


def card_file(folder: Path, card_id: str, chant: int, power: int, attribute: str = "fantasy") -> Path:
    """A card file holding one new Chant library card without effects."""
    path = folder / f"{card_id}.toml"
    path.write_text(f'[[cards]]\nid = "{card_id}"\nkind = "library"\nname.ja = "{card_id}"\nname.en = "{card_id}"\n'
                    f'attribute = "{attribute}"\nchant = {chant}\npower = {power}\n', encoding="utf-8")
    return path


def test_judge_reads_the_interval_against_the_band() -> None:
    assert verdict.judge(0.20, (0.12, 0.28)) == ("too_strong", True)
    assert verdict.judge(0.07, (-0.01, 0.15)) == ("too_strong", False)
    assert verdict.judge(-0.08, (-0.12, -0.06)) == ("too_weak", True)
    assert verdict.judge(0.01, (-0.04, 0.04)) == ("within", True)
    assert verdict.judge(0.01, (-0.09, 0.11)) == ("within", False)


def test_most_similar_card_is_of_the_same_kind_attribute_and_nearest_chant_and_power(tmp_path: Path) -> None:
    game, card_id = verdict.read_card("chant", card_file(tmp_path, "new_bolt", 2, 2))
    fire = game.cards.starter_deck("fire")
    chosen = game.pool[verdict.most_similar(game, fire, card_id) or ""]
    assert (chosen.kind, chosen.attribute, chosen.chant) == ("library", "fantasy", 2)
    nearest = min(verdict.similarity(game.pool[card_id], game.pool[c]) for c in set(fire.all_cards())
                  if game.pool[c].kind == "library")
    assert verdict.similarity(game.pool[card_id], chosen) == nearest


def test_plan_replaces_every_copy_in_each_starter_deck(tmp_path: Path) -> None:
    game, card_id = verdict.read_card("chant", card_file(tmp_path, "new_bolt", 2, 2))
    field = [(n, game.cards.starter_deck(n)) for n in sorted(game.cards.starter_decks())]
    swaps, skipped = verdict.plan(game, field, card_id)
    assert [s.deck for s in swaps] == [n for n, _ in field] and skipped == []
    for s in swaps:
        assert s.copies == dict(field)[s.deck].all_cards().count(s.replaced) > 0


def test_a_card_file_must_hold_exactly_one_new_card(tmp_path: Path) -> None:
    two = tmp_path / "two.toml"
    two.write_text(card_file(tmp_path, "a_card", 2, 1).read_text(encoding="utf-8")
                   + card_file(tmp_path, "b_card", 3, 2).read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(GrimoireError, match="exactly one new card"):
        verdict.read_card("chant", two)


def test_both_arms_meet_the_same_seeds(tmp_path: Path) -> None:
    game, card_id = verdict.read_card("chant", card_file(tmp_path, "new_bolt", 2, 9))
    field = [(n, game.cards.starter_deck(n)) for n in ("fire", "matter")]
    swaps, _ = verdict.plan(game, field, card_id)
    todo = verdict.jobs("chant", [], field, swaps, card_id, "greedy", 4, seed=3)
    assert len(todo) == 2 * 2  # two swapped decks, one opponent each, two jobs of two games
    for job in todo:
        assert (job.built.seed, job.built.start, job.built.count) == (job.swapped.seed, job.swapped.start,
                                                                      job.swapped.count)
        assert job.built.decks[1] == job.swapped.decks[1] and job.built.decks[0] != job.swapped.decks[0]


def test_an_overpowered_card_is_too_strong(tmp_path: Path) -> None:
    """Chant 2, power 9 (the guideline allows about 1–2 at chant 2): the swapped decks win far more."""
    seen: list[int] = []
    data = verdict.run("chant", card_file(tmp_path, "overpowered_bolt", 2, 9), games=8, seed=0, workers=2,
                       on_update=lambda d: seen.append(d["pairs"]))
    assert data["verdict"] == "too_strong" and data["settled"]
    assert data["ci95"][0] > verdict.BAND and data["pairs"] == 4 * 3 * 8
    assert seen == sorted(seen) and seen[-1] == data["pairs"]  # live updates as the games come in


def test_a_feeble_card_is_too_weak(tmp_path: Path) -> None:
    """Chant 9, power 1 in place of the decks' chant-9 finishers: the swapped decks win less."""
    data = verdict.run("chant", card_file(tmp_path, "feeble_spark", 9, 1), games=24, seed=0, workers=2)
    assert data["verdict"] == "too_weak"
    assert data["value"] < -verdict.BAND and data["ci95"][1] < 0


def test_stop_ends_the_verdict_with_the_games_played_so_far(tmp_path: Path) -> None:
    data = verdict.run("chant", card_file(tmp_path, "new_bolt", 2, 2), games=40, workers=2, stop=lambda: True)
    assert data["pairs"] == 0 and data["verdict"] == "pending" and data["planned"] == 4 * 3 * 40


def test_cli_card_verdict_json(tmp_path: Path) -> None:
    path = card_file(tmp_path, "overpowered_bolt", 2, 9)
    result = invoke_balance(["chant", "--card", str(path), "--games", "2", "--deck", "fire", "--deck", "matter",
                             "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["verdict"]["card"] == "overpowered_bolt" and data["verdict"]["pairs"] == 2 * 2
    assert data["confirmation"] is None
    assert [d["deck"] for d in data["verdict"]["decks"]] == ["fire", "matter"]


def test_cli_card_refuses_other_lab_questions(tmp_path: Path) -> None:
    path = card_file(tmp_path, "new_bolt", 2, 2)
    result = invoke_balance(["chant", "--card", str(path), "--swap", "fireball"])
    assert isinstance(result.exception, GrimoireError) and "--card" in str(result.exception)
    result = invoke_balance(["chant", "--confirm"])
    assert isinstance(result.exception, GrimoireError) and "--confirm needs --card" in str(result.exception)


def test_destiny_card_fits_its_attribute(tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    base = load_game("destiny").pool["paper_shikigami"]
    path.write_text(f'[[cards]]\nid = "new_shiki"\nname.ja = "新式"\nname.en = "New Shiki"\n'
                    f'attribute = "{base.attribute}"\npower = 6\n', encoding="utf-8")
    game, card_id = verdict.read_card("destiny", path)
    field = [(n, game.cards.starter_deck(n)) for n in sorted(game.cards.starter_decks())]
    swaps, _ = verdict.plan(game, field, card_id)
    assert swaps and all(game.pool[s.replaced].attribute == base.attribute or
                         base.attribute not in {game.pool[c].attribute for c in dict(field)[s.deck].all_cards()}
                         for s in swaps)


def test_a_few_equal_pairs_never_settle_the_verdict() -> None:
    """Ten pairs all won by the swap have an interval of width 0: the verdict leans, it does not settle."""
    tally = verdict.Tally()
    tally.pairs["fire"] = {("greedy", "matter", i): (0.0, 1.0) for i in range(10)}
    data = verdict.summary("x", "greedy", [verdict.Swap("fire", "fireball", 3)], [], tally, 10)
    assert data["verdict"] == "too_strong" and not data["settled"]
    tally.pairs["fire"] = {("greedy", "matter", i): (0.0, 1.0) for i in range(verdict.MIN_SETTLED)}
    assert verdict.summary("x", "greedy", [verdict.Swap("fire", "fireball", 3)], [], tally, 60)["settled"]
